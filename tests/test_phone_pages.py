"""A session's pages in the phone's own app (``companion.phone``, over ``companion.journal``): the scoreboard and
the hand pages are the server's, figure for figure and word for word; what is saved with no signal waits in the
phone's outbox, and reaches the server, when sent, as the same forms a phone posts (once, however often sent;
a deal another phone took first comes back as the usual choice). Only a phone that may score a session keeps it."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlencode

import pytest

from companion.games import GAMES
from companion.phone import answer, create_phone_app, journal_of
from companion.web.phone.bundle import served
from tests.games.conformance.worked import filled, post_hand, read_form, start_session
from tests.web.helpers import csrf_from

FRENCH = GAMES["french"]
GARDE = {"players": 4, "taker": 0, "contract": "garde", "bouts": 2, "points": 50}
PETITE = {"players": 4, "taker": 1, "contract": "petite", "bouts": 1, "points": 40}
TOKENS = re.compile(
    r'(name="(?:csrf_token|form_token|public_id)"[^>]*value=")[^"]*"|(value=")[^"]*("[^>]*name="(?:csrf_token|form_token|public_id)")'
)


@pytest.fixture
def table(app):
    """A French Tarot session with deal 1 saved, followed by a second phone through its edit link, which keeps
    the session as the server hands it over; and that phone's own app."""
    owner = app.test_client()
    board = start_session(owner, FRENCH, 4, {})
    assert post_hand(owner, board, FRENCH.form_data(FRENCH.parse(GARDE, 4))).status_code == 303
    link = re.search(r'href="http://localhost(/s/[^"]+/join/[^"]+)"', owner.get(board + "/share").text)
    editor = app.test_client()
    assert editor.get(link.group(1)).status_code == 303
    editor.get(board)  # the notice that it may score is read
    with app.app_context():
        phone = create_phone_app(served(app))
    kept = editor.get(board + "/phone.json")
    assert kept.status_code == 200 and kept.headers["Cache-Control"] == "no-store"
    journal_of(phone).keep(kept.text)
    return {"owner": owner, "editor": editor, "board": board, "phone": phone, "csrf": kept.get_json()["csrf"]}


def ask(phone: Any, url: str, form: list[tuple[str, str]] | None = None) -> tuple[int, dict[str, str], str]:
    """A page of the phone's app: GET, or a POST of ``form`` (its query apart, as the worker hands it over)."""
    path, _, query = url.partition("?")
    if form is None:
        status, headers, body = answer(phone, "GET", path, query, {}, b"")
    else:
        kind = {"Content-Type": "application/x-www-form-urlencoded"}
        status, headers, body = answer(phone, "POST", path, query, kind, urlencode(form).encode())
    return status, dict(headers), body.decode()


CSRF_HEADER = re.compile(r'"X-CSRFToken": "[^"]*"')


CSRF_FIELD = re.compile(r'<input id="csrf_token" name="csrf_token" type="hidden" value="[^"]*">')


ON_PHONE = re.compile(r'<p class="flash" role="status" id="on-phone">[^<]*</p>')


def same(page: str) -> str:
    """A page without its one-off tokens (a form the phone answers itself carries no CSRF token), nor the line
    that says a page is the phone's own."""
    page = ON_PHONE.sub("", CSRF_FIELD.sub("", CSRF_HEADER.sub('"X-CSRFToken": "…"', page)))
    return TOKENS.sub(lambda m: (m.group(1) or m.group(2)) + "…" + (m.group(3) or '"'), page)


def save_on_the_phone(phone: Any, board: str, hand: dict[str, Any]) -> tuple[int, dict[str, str], str]:
    status, _, page = ask(phone, board + "/hands/new")
    assert status == 200
    _, untouched = read_form(page, "hand-form")
    fields = FRENCH.form_data(FRENCH.parse(hand, 4))
    data = filled(untouched, {k: v for k, v in fields.items() if k != "deal"}, action="save")
    return ask(phone, board + "/hands/new", [(k, v) for k, values in data.items() for v in values])


def post_line(client: Any, line: dict[str, Any], csrf: str) -> Any:
    """One line of the phone's outbox sent as ``static/phone.js`` sends it: its form, with the session's token."""
    form = urlencode([*map(tuple, line["form"]), ("csrf_token", csrf)])
    return client.post(line["path"], data=form, content_type="application/x-www-form-urlencoded")


def send(table: dict[str, Any]) -> list[int]:
    """The phone's whole outbox sent to the server, in order: each status."""
    public_id = table["board"].rsplit("/", 1)[1]
    lines = journal_of(table["phone"]).outbox(public_id)
    return [post_line(table["editor"], line, table["csrf"]).status_code for line in lines]


def test_the_phones_scoreboard_and_hand_form_are_the_servers(table):
    board, phone, editor = table["board"], table["phone"], table["editor"]
    status, _, page = ask(phone, board)
    assert status == 200 and same(page) == same(editor.get(board).text)
    assert "No signal: this page is the phone's own" in page
    assert "+204" in page
    status, _, form = ask(phone, board + "/hands/new")
    assert status == 200 and same(form) == same(editor.get(board + "/hands/new").text)


def test_a_hand_saved_in_the_phone_waits_then_reaches_the_server_once(table):
    board, phone, editor = table["board"], table["phone"], table["editor"]
    status, headers, _ = save_on_the_phone(phone, board, PETITE)
    assert status == 303 and headers["Location"].endswith(board)
    _, _, page = ask(phone, board)
    assert "Deal 2 saved" in page and "Deal 2 of" not in page
    assert [line["path"] for line in journal_of(phone).outbox(board.rsplit("/", 1)[1])] == [board + "/hands/new"]
    assert send(table) == [303]
    assert send(table) == [303]  # sent again (its answer lost on the way): the same form counts once
    editor.get(board)  # the notice
    assert same(ask(phone, board)[2]) == same(editor.get(board).text)  # every figure, as the server has it


def test_a_deal_another_phone_took_meanwhile_comes_back_as_the_usual_choice(table):
    board, phone, owner = table["board"], table["phone"], table["owner"]
    assert save_on_the_phone(phone, board, PETITE)[0] == 303
    assert post_hand(owner, board, FRENCH.form_data(FRENCH.parse(GARDE, 4))).status_code == 303  # deal 2, first
    line = journal_of(phone).outbox(board.rsplit("/", 1)[1])[0]
    page = post_line(table["editor"], line, table["csrf"])
    assert page.status_code == 200 and "saved from another phone meanwhile" in page.text
    assert 'id="discard"' in page.text


def test_an_edit_and_a_delete_in_the_phone_reach_the_server(table):
    board, phone, editor = table["board"], table["phone"], table["editor"]
    status, _, page = ask(phone, board + "/hands/1/edit")
    assert status == 200
    _, untouched = read_form(page, "hand-form")
    changed = filled(untouched, {"points": "60"}, action="save")
    assert ask(phone, board + "/hands/1/edit", [(k, v) for k, values in changed.items() for v in values])[0] == 303
    assert save_on_the_phone(phone, board, PETITE)[0] == 303
    assert ask(phone, board + "/hands/1/delete", [])[0] == 303  # the server's deal 1, edited above
    assert send(table) == [303, 303, 303]
    editor.get(board)
    ask(phone, board)  # each side's notice read
    assert same(ask(phone, board)[2]) == same(editor.get(board).text)


def test_only_a_phone_that_may_score_a_session_is_handed_it(app, table):
    viewer = app.test_client()
    assert viewer.get(table["board"]).status_code == 200  # the view link
    assert viewer.get(table["board"] + "/phone.json").status_code == 403
    assert 'name="phone-keep"' not in viewer.get(table["board"]).text
    assert 'name="phone-keep"' in table["editor"].get(table["board"]).text
    roles = [who.get(table["board"] + "/phone.json").get_json()["role"] for who in (table["editor"], table["owner"])]
    assert roles == ["editor", "owner"]  # the phone's pages offer what it may do (the owner deletes the session)


def test_a_page_the_phone_cannot_make_says_it_needs_a_signal(table):
    status, _, page = ask(table["phone"], table["board"] + "/share")
    assert status == 503 and "needs the server" in page


def test_an_editors_scoreboard_sets_the_form_token_before_the_phones_own_requests_race(app):
    """The scoreboard starts the phone's own requests (phone.js) as the player taps on: each answer writes the
    cookie back, so the session's form token must be in it already, or a hand form's token would be refused."""
    owner = app.test_client()
    board = start_session(owner, FRENCH, 4, {})
    with owner.session_transaction() as before:
        before.pop("csrf_token", None)
    owner.get(board)
    with owner.session_transaction() as after:
        assert "csrf_token" in after


def test_a_hand_deleted_in_the_phone_is_restored_from_the_next_page_too(app, table, tmp_path):
    """Each page of the phone starts its own worker over the same kept sessions: the notice after a delete is
    shown by one, its Restore answered by another; the phone's key is kept with the sessions."""
    board, editor = table["board"], table["editor"]
    kept = editor.get(board + "/phone.json").text
    with app.app_context():
        facts = served(app)
    first = create_phone_app(facts, folder=tmp_path)
    journal_of(first).keep(kept)
    assert ask(first, board + "/hands/1/delete", [])[0] == 303
    _, _, page = ask(first, board)
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)
    second = create_phone_app(facts, folder=tmp_path)  # the next page's worker, started afresh
    status, _, _ = ask(second, board + "/hands/restore", [("token", token)])
    assert status == 303
    assert "Deal 1 restored." in ask(second, board)[2]


def test_a_hand_changed_before_it_was_sent_reaches_the_server_once_as_it_now_is(table):
    """An edit of a hand whose save still waits changes that save; a delete of it drops it: the server never
    hears of a hand it does not have (nor changes another phone's hand of that deal)."""
    board, phone = table["board"], table["phone"]
    public_id = board.rsplit("/", 1)[1]
    assert save_on_the_phone(phone, board, PETITE)[0] == 303  # deal 2
    status, _, page = ask(phone, board + "/hands/2/edit")
    _, untouched = read_form(page, "hand-form")
    changed = filled(untouched, {"points": "45"}, action="save")
    assert ask(phone, board + "/hands/2/edit", [(k, v) for k, values in changed.items() for v in values])[0] == 303
    [line] = journal_of(phone).outbox(public_id)
    assert line["path"] == board + "/hands/new" and ["points", "45"] in line["form"]
    assert ask(phone, board + "/hands/2/delete", [])[0] == 303
    assert journal_of(phone).outbox(public_id) == []


def test_a_kept_file_that_cannot_be_read_is_set_aside(app, table, tmp_path):
    with app.app_context():
        facts = served(app)
    phone = create_phone_app(facts, folder=tmp_path)
    journal_of(phone).keep(table["editor"].get(table["board"] + "/phone.json").text)
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    again = create_phone_app(facts, folder=tmp_path)
    assert list(journal_of(again).kept) == [table["board"].rsplit("/", 1)[1]]
    assert (tmp_path / "broken.unreadable").exists()


def test_what_the_phone_cannot_answer_is_the_servers_page_with_the_servers_headers(table):
    status, headers, page = ask(table["phone"], "/s/not-kept-here")
    assert status == 503 and "needs the server" in page  # a session this phone does not keep
    assert headers["X-Frame-Options"] == "DENY" and "default-src 'self'" in headers["Content-Security-Policy"]
    status, _, page = ask(table["phone"], table["board"] + "/hands/restore", [("token", "forged")])
    assert status == 400 and "Bad request" in page  # the server's own error page, not a bare one


def test_an_edit_sent_twice_counts_once(table):
    """Its first answer lost on the way, an edit is sent again: the server finds its hand already as sent, one
    version on, and says it was changed, not that another phone changed it."""
    board, phone, editor = table["board"], table["phone"], table["editor"]
    _, _, page = ask(phone, board + "/hands/1/edit")
    _, untouched = read_form(page, "hand-form")
    changed = filled(untouched, {"points": "60"}, action="save")
    assert ask(phone, board + "/hands/1/edit", [(k, v) for k, values in changed.items() for v in values])[0] == 303
    assert send(table) == [303]
    assert send(table) == [303]  # the same line again
    assert "Deal 1 changed" in editor.get(board).text
    hands = editor.get(board + "/phone.json").get_json()["hands"]
    assert [(h["deal"], h["version"], h["record"]["points"]) for h in hands] == [(1, 2, 60)]


def test_a_delete_made_with_no_signal_leaves_a_hand_another_phone_changed_meanwhile(table):
    board, phone, owner, editor = table["board"], table["phone"], table["owner"], table["editor"]
    assert ask(phone, board + "/hands/1/delete", [("version", "1")])[0] == 303  # deal 1, as the phone keeps it
    page = owner.get(board + "/hands/1/edit").text  # meanwhile the owner, with a signal, corrects deal 1
    _, untouched = read_form(page, "hand-form")
    assert (
        owner.post(board + "/hands/1/edit", data=filled(untouched, {"points": "60"}, action="save")).status_code == 303
    )
    assert send(table) == [303]
    assert "Deal 1 was changed on another phone meanwhile: nothing was deleted." in editor.get(board).text
    hands = editor.get(board + "/phone.json").get_json()["hands"]
    assert [(h["deal"], h["version"], h["record"]["points"]) for h in hands] == [(1, 2, 60)]


def test_what_a_phone_saved_before_its_edit_rights_were_taken_back_waits_for_the_new_link(app, table, tmp_path):
    """The owner makes a new edit link: the phone that joined with the old one may only view now. What it saved
    with no signal is refused (403); the phone keeps it, unsent, instead of sending it again and again, until the
    phone opens the new link: then it goes in."""
    board, owner, editor = table["board"], table["owner"], table["editor"]
    with app.app_context():
        facts = served(app)
    phone = create_phone_app(facts, folder=tmp_path)
    journal = journal_of(phone)
    journal.keep(editor.get(board + "/phone.json").text)
    assert save_on_the_phone(phone, board, PETITE)[0] == 303
    csrf = csrf_from(owner.get(board + "/share").text)
    assert owner.post(board + "/share/renew", data={"csrf_token": csrf}).status_code == 303
    public_id = board.rsplit("/", 1)[1]
    [line] = journal.outbox(public_id)
    assert post_line(editor, line, table["csrf"]).status_code == 403
    assert editor.get(board + "/phone.json").status_code == 403
    journal.refuse(public_id)  # as phone.js does on a 403
    again = journal_of(create_phone_app(facts, folder=tmp_path))  # kept so on the phone's storage
    assert again.waiting() == [] and again.outbox(public_id) == [line]
    assert "+36" in ask(phone, board)[2]  # its copy, with the deal it saved
    share = owner.get(board + "/share").text
    link = re.search(r'href="http://localhost(/s/[^"]+/join/[^"]+)"', share).group(1)
    assert editor.get(link).status_code == 303  # the new link, opened on this phone
    journal.keep(editor.get(board + "/phone.json").text)  # handed over again: what waited goes in
    assert journal.waiting() == [public_id]
    assert post_line(editor, line, editor.get("/phone/token").get_json()["csrf"]).status_code == 303
    editor.get(board)  # the notice
    assert "Deal 2 of" not in editor.get(board).text and "+36" in editor.get(board).text


def test_a_session_with_nothing_waiting_is_forgotten_once_refused(table):
    phone, board = table["phone"], table["board"]
    public_id = board.rsplit("/", 1)[1]
    journal_of(phone).refuse(public_id)
    assert ask(phone, board)[0] == 503  # no longer kept: the server's to answer
