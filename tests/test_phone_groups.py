"""A group with no signal (``companion.phone`` over ``companion.journal``): a phone that may start the group's
sessions keeps the group as the server hands it over (``GET /g/<id>/phone.json``); the group's page, drawn in the
phone, starts "Same as last time" there, and the server starts that very session, in the group, when the signal
returns (once, however often it is sent). A phone that only follows the group keeps nothing of it."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest
from werkzeug.datastructures import MultiDict

from companion.games import GAMES
from companion.journal import Journal
from companion.phone import create_phone_app, journal_of
from companion.web.phone.bundle import served
from companion.web.sittings.forms import again_data, sitting_form
from tests.games.conformance.worked import as_lists, option_choices, start_form
from tests.test_phone_pages import ask, post_line
from tests.web.helpers import csrf_from
from tests.web.test_groups import make_group, start_group_session

NAMES = ["Ann", "Bob", "Cat", "Dan"]
#: What differs between two starts of the same session: when, under which id, and its changes since.
MOVING = {"public_id": "", "created": "", "revision": 0}


@pytest.fixture
def club(app):
    """A group whose last session Cat dealt first, to 16 deals; the phone that made it, and its own app keeping
    the group."""
    owner = app.test_client()
    url = make_group(owner)
    start_group_session(owner, url, names=NAMES, deals="16", first_dealer="2")
    with app.app_context():
        phone = create_phone_app(served(app))
    kept = owner.get(url + "/phone.json")
    assert kept.status_code == 200 and kept.headers["Cache-Control"] == "no-store"
    journal_of(phone).keep(kept.text)
    return {"owner": owner, "url": url, "phone": phone}


def document(client: Any, board: str) -> dict[str, Any]:
    """A session as the server keeps it, less what moves from one start to the next."""
    answer = client.get(board + "/phone.json")
    assert answer.status_code == 200
    return answer.get_json()["session"] | MOVING


def token(client: Any) -> str:
    answer = client.get("/phone/token")
    assert answer.status_code == 200
    return str(answer.get_json()["csrf"])


def test_a_groups_page_with_no_signal_offers_same_as_last_time(app, club):
    phone, url, owner = club["phone"], club["url"], club["owner"]
    assert f'<meta name="phone-keep" content="{url}/phone.json"' in owner.get(url).text  # the server's page
    status, _, page = ask(phone, url)
    assert status == 200 and "No signal: this page is the phone's own" in page
    assert "Same as last time: Ann, Bob, Cat, Dan" in page
    assert "need the server" in page  # the leaderboard and the rest
    status, _, start = ask(phone, "/")  # the phone's own start page lists the group
    assert status == 200 and f'href="{url}"' in start and "Tuesday club" in start


def test_same_as_last_time_with_no_signal_reaches_the_server_as_that_session(club):
    phone, url, owner = club["phone"], club["url"], club["owner"]
    status, headers, _ = ask(phone, url + "/again", [])
    assert status == 303
    board = headers["Location"]
    public_id = board.rsplit("/", 1)[1]
    status, _, page = ask(phone, board)
    assert status == 200 and "Deal 1 of 16" in page and "Dealer <strong>Cat</strong>" in page  # last time's
    lines = journal_of(phone).outbox(public_id)
    assert [line["path"] for line in lines] == [f"{url}/sessions?game=sussex&players=4"]
    assert board not in owner.get(url).text  # not yet among the group's sessions
    csrf = token(owner)
    assert post_line(owner, lines[0], csrf).status_code == 303  # the signal returns
    assert post_line(owner, lines[0], csrf).headers["Location"].endswith(board)  # sent again: the same one
    assert owner.get(board).status_code == 200  # at the address the phone gave it
    assert board in owner.get(url).text  # among the group's sessions
    online = owner.post(url + "/again", data={"csrf_token": csrf}).headers["Location"]
    assert document(owner, board) == document(owner, online)  # as the server's own "Same as last time"
    assert document(owner, board)["group_id"] is not None


def test_a_phone_that_follows_the_group_keeps_nothing_of_it(app, club):
    follower = app.test_client()
    assert follower.get(club["url"] + "/phone.json").status_code == 403
    assert 'name="phone-keep"' not in follower.get(club["url"]).text


def test_a_group_with_no_session_yet_starts_its_first_with_the_server(app, tmp_path):
    owner = app.test_client()
    url = make_group(owner, name="New club")
    with app.app_context():
        phone = create_phone_app(served(app), folder=tmp_path)
    kept = owner.get(url + "/phone.json")
    assert kept.get_json()["again"] is None
    journal_of(phone).keep(kept.text)
    status, _, page = ask(phone, url)
    assert status == 200 and "same-as-last-time" not in page
    status, headers, _ = ask(phone, url + "/again", [])
    assert status == 303 and headers["Location"].endswith(url + "/start")  # choosing players needs the server
    assert Journal(tmp_path).groups[url.rsplit("/", 1)[1]].name == "New club"  # kept on the phone's storage


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_start_made_from_data_is_posted_as_a_browser_posts_it(app, client, game_id):
    """Each option of each game, as "Same as last time" starts it in the phone (the start form filled from last
    time's session, ``again_data``) and posts it to the server (``SittingForm.posted``): the server's form reads
    the same session from it."""
    game = GAMES[game_id]
    players = max(game.players)
    page = client.get(f"/new/{game.id}?players={players}").text
    choices = [(name, value) for name, values in option_choices(game).items() for value in values] or [("", "")]
    for name, value in choices:
        sent = start_form(game, players, {name: value} if name else {}, page, first_dealer=1)
        with app.test_request_context(method="POST", data=MultiDict(as_lists(sent))):
            last = sitting_form(game, players, meta={"csrf": False})
            assert last.validate(), last.errors
            kept = last.document("x" * 22, datetime.now(UTC))
            again = sitting_form(game, players, formdata=None, data=again_data(kept))
            posted = again.posted()
        with app.test_request_context(method="POST", data=MultiDict([tuple(pair) for pair in posted])):
            read = sitting_form(game, players, meta={"csrf": False})
            assert read.validate(), (name, value, read.errors)
            assert read.starts(kept), (name, value)


def test_a_session_started_in_a_group_refused_meanwhile_goes_in_once_the_group_is_handed_over(app, club, tmp_path):
    """The group's edit link is renewed while this phone, with no signal, starts last time's session: its start is
    refused (403) and waits; the phone opens the group's new link, keeps the group again, and the start goes in."""
    owner, url = club["owner"], club["url"]
    with app.app_context():
        facts = served(app)
    phone = create_phone_app(facts, folder=tmp_path)
    journal = journal_of(phone)
    editor = app.test_client()
    share = owner.get(url + "/share").text
    link = re.search(r'href="http://localhost(/g/[^"]+/join/[^"]+)"', share).group(1)
    assert editor.get(link).status_code == 303
    journal.keep(editor.get(url + "/phone.json").text)
    board = ask(phone, url + "/again", [])[1]["Location"]
    public_id = board.rsplit("/", 1)[1]
    assert owner.post(url + "/share/renew", data={"csrf_token": csrf_from(share)}).status_code == 303
    [line] = journal.outbox(public_id)
    assert post_line(editor, line, token(editor)).status_code == 403
    journal.refuse(public_id)  # as phone.js does on a 403
    assert journal.waiting() == []
    share = owner.get(url + "/share").text
    assert editor.get(re.search(r'href="http://localhost(/g/[^"]+/join/[^"]+)"', share).group(1)).status_code == 303
    journal.keep(editor.get(url + "/phone.json").text)  # the group's page, opened with its new link
    assert journal_of(create_phone_app(facts, folder=tmp_path)).waiting() == [public_id]
    assert post_line(editor, line, token(editor)).status_code == 303
    assert owner.get(board).status_code == 200
