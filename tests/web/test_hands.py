import re

import pytest
from sqlalchemy import text

from companion.games.sussex import HandRecord
from companion.testing import form_fields
from tests.conftest import EXAMPLES, load_example
from tests.web.helpers import PARTNER_MADE, csrf_from, hand_form_data, start_session


def new_hand(client, location, **fields):
    page = client.get(location + "/hands/new")
    assert page.status_code == 200
    return client.post(location + "/hands/new", data=hand_form_data(page.text, **fields))


def totals(client, location) -> dict[int, int]:
    html = client.get(location).text
    return {int(s): int(t) for s, t in re.findall(r'data-seat="(\d)" data-total="(-?\d+)"', html)}


def test_form_has_labels_in_the_games_words(client):
    location = start_session(client)
    page = client.get(location + "/hands/new").text
    for label in (
        "Bid",
        "Declarer",
        "Declarations",
        "Called card",
        "Young trumps",
        "Held by",
        "Card points",
        "Counted for",
        "Bonuses and announcements",
        "Stinger",
    ):
        assert label in page
    assert 'hx-post="' in page and "/hands/preview" in page


def test_saving_a_hand_updates_totals(client):
    location = start_session(client)
    response = new_hand(client, location, **PARTNER_MADE)
    assert response.status_code == 303
    assert totals(client, location) == {0: -12, 1: 12, 2: -12, 3: 12}
    page = client.get(location).text
    assert "Deal 2 of 8" in page and "partner game" in page


def test_pressing_save_twice_records_one_hand(client):
    location = start_session(client)
    page = client.get(location + "/hands/new")
    data = hand_form_data(page.text, **PARTNER_MADE)
    assert client.post(location + "/hands/new", data=data).status_code == 303
    assert client.post(location + "/hands/new", data=data).status_code == 303
    assert client.get(location).text.count('class="hand"') == 1
    assert totals(client, location)[1] == 12


def test_another_phone_saving_the_same_deal_is_told(client):
    location = start_session(client)
    first = client.get(location + "/hands/new").text
    second = client.get(location + "/hands/new").text
    assert client.post(location + "/hands/new", data=hand_form_data(first, **PARTNER_MADE)).status_code == 303
    response = client.post(location + "/hands/new", data=hand_form_data(second, **PARTNER_MADE))
    assert response.status_code == 200
    assert "saved from another phone" in response.text and "as deal 2" in response.text
    assert client.get(location).text.count('class="hand"') == 1


def test_invalid_hand_is_explained_beside_the_field_and_not_saved(client):
    location = start_session(client)
    response = new_hand(client, location, **{**PARTNER_MADE, "points": "140"})
    assert response.status_code == 422
    assert 'id="points-error"' in response.text and "0 to 130" in response.text
    response = new_hand(client, location, **{**PARTNER_MADE, "called_rank": "K"})
    assert response.status_code == 422
    assert 'id="called_suit-error"' in response.text and "banned" in response.text
    response = new_hand(client, location, **{**PARTNER_MADE, "held_by": "trug-3"})
    assert response.status_code == 422 and 'id="stinger_points-error"' in response.text
    response = new_hand(client, location, bid="4")
    assert response.status_code == 422
    for field in ("declarer", "called_suit", "young_trumps", "held_by", "points"):
        assert f'id="{field}-error"' in response.text
    assert "No hands yet" in client.get(location).text


@pytest.mark.parametrize(
    "tampered",
    [
        {"declarer": "9"},
        {"held_by": "hand-x"},
        {"bid": "7"},
        {"called_suit": "Z"},
        {"vibrant_courts": "x"},
        {"points": "lots"},
    ],
)
def test_tampered_values_are_refused_not_crashed(client, tampered):
    location = start_session(client)
    assert new_hand(client, location, **{**PARTNER_MADE, **tampered}).status_code == 422


def test_preview_without_javascript_then_save(client):
    location = start_session(client)
    page = client.get(location + "/hands/new").text
    data = hand_form_data(page, **PARTNER_MADE, action="preview")
    preview = client.post(location + "/hands/new", data=data)
    assert preview.status_code == 200
    assert "receives 0/6" in preview.text and "Bob pays" not in preview.text and "Ann pays Bob" in preview.text
    assert "No hands yet" in client.get(location).text
    saved = client.post(location + "/hands/new", data={**data, "action": "save"})
    assert saved.status_code == 303


def test_htmx_preview_is_a_fragment_with_category(client):
    location = start_session(client)
    page = client.get(location + "/hands/new").text
    fragment = client.post(
        location + "/hands/preview", data=hand_form_data(page, **PARTNER_MADE), headers={"HX-Request": "true"}
    )
    assert fragment.status_code == 200
    assert "<html" not in fragment.text and "gubber" in fragment.text and "penalty factor 1" in fragment.text
    assert "HX-Request" in fragment.headers["Vary"]
    partial = client.post(
        location + "/hands/preview",
        data=hand_form_data(page, called_suit="S", called_rank="Q", young_trumps="hearts"),
        headers={"HX-Request": "true"},
    )
    assert "banned" in partial.text and "Still to fill in" in partial.text


def test_htmx_preview_says_why_a_hand_is_refused(client):
    location = start_session(client)
    page = client.get(location + "/hands/new").text
    refused = client.post(
        location + "/hands/preview",
        data=hand_form_data(page, **{**PARTNER_MADE, "points": "140"}),
        headers={"HX-Request": "true"},
    )
    assert refused.status_code == 200
    # The same words as beside the field after Save (WTForms' check, not a second wording from the engine).
    message = r'<p class="error" role="alert">Card points[^<]*: Card points run from 0 to 130.'
    assert re.search(message, refused.text)


def test_htmx_preview_needs_the_csrf_token(client):
    location = start_session(client)
    page = client.get(location + "/hands/new").text
    data = hand_form_data(page, **PARTNER_MADE)
    del data["csrf_token"]
    assert client.post(location + "/hands/preview", data=data, headers={"HX-Request": "true"}).status_code == 400


def test_edit_and_delete_recompute_totals(client):
    location = start_session(client)
    new_hand(client, location, **PARTNER_MADE)
    new_hand(client, location, **{**PARTNER_MADE, "declarer": "0", "held_by": "hand-0", "points": "80"})
    assert totals(client, location) == {0: 36 - 12, 1: 12 - 12, 2: -12 - 12, 3: 12 - 12}
    edit_page = client.get(location + "/hands/1/edit")
    assert edit_page.status_code == 200 and 'value="71"' in edit_page.text
    response = client.post(
        location + "/hands/1/edit", data=hand_form_data(edit_page.text, **{**PARTNER_MADE, "points": "60"})
    )
    assert response.status_code == 303
    # deal 1 now fails: game reversed and a gubber penalty of 6d split between the defenders
    assert totals(client, location) == {0: 36 + 12 + 6, 1: -12 - 12 - 12, 2: -12 + 12 + 6, 3: -12 - 12}
    confirm = client.get(location + "/hands/2/delete")
    assert confirm.status_code == 200 and "Delete deal 2" in confirm.text
    assert (
        client.post(
            location + "/hands/2/delete",
            data={"csrf_token": re.search(r'name="csrf_token" value="([^"]+)"', confirm.text).group(1)},
        ).status_code
        == 303
    )
    assert totals(client, location) == {0: 18, 1: -24, 2: 18, 3: -12}
    assert "Deal 2 of 8" in client.get(location).text


def test_a_hand_edited_while_its_delete_is_on_the_way_is_kept(app, client, monkeypatch):
    """Another phone's edit lands, through a connection of its own, between the delete's look at the hand and the
    delete itself: the version is compared with the session locked, as the hand is read then, so the edited hand
    stays and the phone is told why."""
    from dataclasses import replace

    from sqlmodel import Session, select

    from companion.models import Sitting
    from companion.store import edit_hand, hand_view
    from companion.web.hands import routes

    location = start_session(client)
    new_hand(client, location, **PARTNER_MADE)
    confirm = client.get(location + "/hands/1/delete").text
    deleting = routes.SqlStore.delete

    def edited_first(store, *asked):
        with Session(app.extensions["db_engine"]) as other:
            sitting = other.exec(select(Sitting).where(Sitting.public_id == location.rsplit("/", 1)[1])).one()
            hand = hand_view(other, sitting, 1)
            edit_hand(other, sitting, 1, replace(hand.record, points=60), version=hand.version)
        return deleting(store, *asked)

    monkeypatch.setattr(routes.SqlStore, "delete", edited_first)
    data = {"csrf_token": csrf_from(confirm), "version": re.search(r'name="version" value="(\d+)"', confirm).group(1)}
    answer = client.post(location + "/hands/1/delete", data=data, follow_redirects=True)
    assert "Deal 1 was changed on another phone meanwhile: nothing was deleted." in answer.text
    kept = client.get(location + "/hands/1/edit")  # the edit stands
    assert kept.status_code == 200 and 'value="60"' in kept.text


def test_stale_edit_is_refused_with_the_current_version(client):
    location = start_session(client)
    new_hand(client, location, **PARTNER_MADE)
    phone_a = client.get(location + "/hands/1/edit").text
    phone_b = client.get(location + "/hands/1/edit").text
    assert (
        client.post(
            location + "/hands/1/edit", data=hand_form_data(phone_a, **{**PARTNER_MADE, "points": "90"})
        ).status_code
        == 303
    )
    response = client.post(location + "/hands/1/edit", data=hand_form_data(phone_b, **{**PARTNER_MADE, "points": "20"}))
    assert response.status_code == 200 and "changed on another phone" in response.text
    assert "took 90" in response.text
    assert totals(client, location)[1] == 12


def test_full_session_settles_up(client):
    location = start_session(client)
    for _ in range(8):
        assert new_hand(client, location, **{**PARTNER_MADE, "bid": "2", "points": "100"}).status_code == 303
    page = client.get(location).text
    assert "All 8 deals played" in page and "Settle up" in page
    # Each deal: Bob and Dan get 2/- game + 0/9 hundred from each of Ann and Cat.
    assert "Ann</strong> pays <strong>" in page and "£1 2/-" in page
    assert client.get(location + "/hands/new").status_code == 303


def test_hand_row_shows_the_working(client):
    location = start_session(client)
    new_hand(client, location, **PARTNER_MADE, declarations=["trull"], bonus_pagat_ultimo="declarer")
    page = client.get(location).text
    assert "Declarations (Trull): each warden pays declarer 0/1." in page
    assert "Pagat ultimo" in page and "Settle this hand" in page


def test_names_in_the_working_are_escaped(client):
    """Names are typed at the table: in the preview and the hand row they are text, never markup."""
    location = start_session(client, names=["<b>Ann</b>", "Bob & Co", "Cat", "<i>Dan"])
    page = client.get(location + "/hands/new").text
    preview = client.post(
        location + "/hands/preview", data=hand_form_data(page, **PARTNER_MADE), headers={"HX-Request": "true"}
    ).text
    new_hand(client, location, **PARTNER_MADE)
    for html in (preview, client.get(location).text):
        assert "<b>Ann</b>" not in html and "<i>Dan" not in html and "Bob & Co" not in html
        assert "&lt;b&gt;Ann&lt;/b&gt; pays Bob &amp; Co" in html  # a settling payment
        assert "Partner game with &lt;i&gt;Dan." in html  # the summary
        assert "<strong>Bob &amp; Co</strong> <small>(declarer)</small>" in html  # a player's row


@pytest.mark.parametrize(
    "path",
    [p for p in EXAMPLES if "expect" in load_example(p) and "called_card" in load_example(p)["hand"]],
    ids=lambda p: p.stem,
)
def test_worked_hands_entered_through_the_form(client, path):
    """The form builds the same hand record as the examples, so the same payments."""
    example = load_example(path)
    hand = HandRecord.from_json(example["hand"])
    location = start_session(
        client,
        stinger_settles_with=hand.house_rules.stinger_settles_with.value,
        martlet_values=hand.house_rules.martlet_values.value,
    )
    assert new_hand(client, location, **form_fields(example["hand"])).status_code == 303
    assert [totals(client, location)[s] for s in range(4)] == example["expect"]["net_halfpence"]


@pytest.mark.parametrize("junk", [":", "²", "-1", "1e3", "99999999999999999999", ""])
def test_tampered_hidden_numbers_never_crash(client, junk):
    """Found by fuzzing: a hidden deal or version that is not a number was a 500. A deal is refused, not guessed."""
    location = start_session(client)
    assert new_hand(client, location, **PARTNER_MADE).status_code == 303
    page = client.get(location + "/hands/new").text
    response = client.post(location + "/hands/new", data=hand_form_data(page, **PARTNER_MADE, deal=junk))
    assert response.status_code == 422 and "This hand can go in as deal 2" in response.text
    assert client.get(location).text.count('class="hand"') == 1
    edit = client.get(location + "/hands/1/edit").text
    response = client.post(location + "/hands/1/edit", data=hand_form_data(edit, **PARTNER_MADE, version=junk))
    assert response.status_code == 200 and "changed on another phone" in response.text


@pytest.mark.parametrize("courts", ["1000000000", "5", "x", "-1"])
def test_impossible_court_counts_are_refused_beside_declarations(client, courts):
    location = start_session(client)
    response = new_hand(client, location, **PARTNER_MADE, vibrant_courts=courts)
    assert response.status_code == 422
    assert 'id="declarations-error"' in response.text or 'id="vibrant_courts-error"' in response.text
    assert "No hands yet" in client.get(location).text


def test_edit_form_comes_back_with_every_choice_ticked(client):
    location = start_session(client)
    fields = {**PARTNER_MADE, "declarations": ["trull"], "bonus_pagat_ultimo": "declarer", "martlets_defence": "2"}
    assert new_hand(client, location, **fields).status_code == 303
    html = client.get(location + "/hands/1/edit").text
    for name, value in (
        ("bid", "4"),
        ("declarer", "1"),
        ("called_suit", "C"),
        ("called_rank", "7"),
        ("young_trumps", "hearts"),
        ("held_by", "hand-3"),
        ("declarations", "trull"),
    ):
        tag = re.search(rf'<input[^>]*name="{name}"[^>]*value="{re.escape(value)}"[^>]*>', html).group(0)
        assert re.search(r"\bchecked\b", tag), name
    assert len(re.findall(r"<input[^>]*\bchecked\b", html)) == 8  # and the points counted for declarer's side
    assert re.search(r'<input checked id="points_of-0" name="points_of" type="radio" value="declarer">', html)
    assert re.search(r'<option selected value="declarer">', html)
    assert re.search(r'id="martlets_defence".*?<option selected value="2">', html, re.S)
    assert 'name="points" type="number" value="71"' in html or 'value="71"' in html


def test_a_deal_the_session_does_not_have_is_refused_with_the_next_free_one(client):
    location = start_session(client, deals="8")
    page = client.get(location + "/hands/new")
    response = client.post(location + "/hands/new", data=hand_form_data(page.text, **{**PARTNER_MADE, "deal": "9"}))
    assert response.status_code == 422
    assert "there is no deal 9" in response.text and "can go in as deal 1" in response.text
    assert 'name="deal" type="hidden" value="1"' in response.text
    assert 'class="hand"' not in client.get(location).text


def preview_body(client, location, page, **fields) -> str:
    response = client.post(
        location + "/hands/preview", data=hand_form_data(page, **fields), headers={"HX-Request": "true"}
    )
    assert response.status_code == 200 and response.headers["Content-Type"] == "text/html; charset=utf-8"
    body = response.text
    assert body.startswith('<div class="preview-body" aria-live="polite">') and body.endswith("</div>")
    return body.split('<div id="summary"')[0]  # the preview, without the summary beside Save


def test_the_preview_says_each_thing_in_turn(client):
    location = start_session(client)
    page = client.get(location + "/hands/new").text
    nothing = preview_body(client, location, page)
    assert "called-facts" not in nothing
    assert "Still to fill in: Bid, Declarer, Called card, Young trumps, Held by, Card points." in nothing
    no_young = preview_body(client, location, page, called_suit="C", called_rank="7")
    assert "Choose the young-trump suit to see the called card's category." in no_young
    banned = preview_body(client, location, page, called_suit="S", called_rank="Q", young_trumps="hearts")
    assert re.search(r"Called card <strong>[^<]+</strong>: <strong>banned</strong>, penalty factor", banned)
    assert "— banned: calling it announces a solo, so declarer must hold it." in banned
    scored = preview_body(client, location, page, **PARTNER_MADE)
    assert "<strong>gubber</strong>, penalty factor 1." in scored and "banned: calling" not in scored
    assert '<div class="working">' in scored and "Still to fill in" not in scored and 'class="error"' not in scored


def test_the_back_button_gets_the_whole_page_not_a_fragment(client):
    """htmx asks for the whole page when it restores history it no longer holds."""
    url = "/reference/solo?asked=1&held=T21"
    fragment = client.get(url, headers={"HX-Request": "true"})
    assert not fragment.text.lstrip().startswith("<!doctype html>")
    restored = client.get(url, headers={"HX-Request": "true", "HX-History-Restore-Request": "true"})
    assert restored.text.startswith("<!doctype html>") and "HX-Request" in restored.headers["Vary"]


def test_saves_reach_the_session_after_its_database_rows_are_replaced(app, client):
    """Nothing about a session is remembered between requests: restored under a running app, the same
    address still saves into the session it names (a per-process id once sent saves elsewhere)."""
    from sqlmodel import Session

    from companion import backup

    location = start_session(client)
    assert new_hand(client, location, **PARTNER_MADE).status_code == 303
    engine = app.extensions["db_engine"]
    with Session(engine, expire_on_commit=False) as db:
        exported = backup.export_all(db)
        db.exec(text("DELETE FROM hand"))
        db.exec(text("DELETE FROM player"))
        db.exec(text("DELETE FROM sitting"))
        db.commit()
        imported = backup.import_all(db, exported)  # new row ids, the same address (and a new edit key)
    assert client.get(f"{location}/join/{imported[0].sitting.edit_key}").status_code == 303
    assert new_hand(client, location, **PARTNER_MADE).status_code == 303
    assert client.get(location).text.count('class="hand"') == 2


@pytest.mark.parametrize("deal", ["2147483648", "99999999999999999999", "0", "9"])
def test_a_deal_the_session_cannot_have_is_not_found(client, deal):
    """Found by probing: a deal of 2**31 or more in the address was a 500 on PostgreSQL."""
    location = start_session(client, deals="8")
    for path in (f"/hands/{deal}/edit", f"/hands/{deal}/delete"):
        assert client.get(location + path).status_code == 404


def test_the_other_sides_points_may_be_entered_instead(client):
    location = start_session(client)
    assert new_hand(client, location, **{**PARTNER_MADE, "points": "59", "points_of": "defence"}).status_code == 303
    html = client.get(location + "/hands/1/edit").text
    assert re.search(r'<input[^>]*name="points"[^>]*value="71"', html)  # 130 − 59, always shown as declarer's


def test_a_refused_save_focuses_the_first_problem_and_says_each_once(client):
    location = start_session(client)
    response = new_hand(client, location, **{**PARTNER_MADE, "declarer": "", "points": "140"})
    assert response.status_code == 422
    html = response.text
    assert len(re.findall(r"\bautofocus\b", html)) == 1
    assert re.search(r'<input autofocus id="declarer-0" name="declarer"', html)  # the first problem
    for message in ("Choose who won the auction.", "Card points run from 0 to 130."):
        assert html.count(message) == 1, message
    assert 'aria-describedby="points-error"' in html and 'aria-invalid="true"' in html


def test_the_hand_form_is_never_kept_for_the_back_button(client):
    location = start_session(client)
    assert client.get(location + "/hands/new").headers["Cache-Control"] == "no-store"
    assert new_hand(client, location, **{**PARTNER_MADE, "points": "999"}).headers["Cache-Control"] == "no-store"


def test_the_live_preview_sends_the_summary_beside_save_out_of_band(client):
    location = start_session(client)
    page = client.get(location + "/hands/new").text
    assert '<div id="summary" class="summary"' in page and "To fill in: Bid, Declarer" in page
    response = client.post(
        location + "/hands/preview", data=hand_form_data(page, **PARTNER_MADE), headers={"HX-Request": "true"}
    )
    summary = response.text.split('<div id="summary"')[1]
    assert 'hx-swap-oob="true"' in summary
    assert re.findall(r'<li data-seat="(\d)"><small>(\w+)</small> <span[^>]*>([^<]+)</span>', summary) == [
        ("0", "Ann", "−0/6"),
        ("1", "Bob", "+0/6"),
        ("2", "Cat", "−0/6"),
        ("3", "Dan", "+0/6"),
    ]


def restore_form(html: str) -> dict:
    form = re.search(r'<div class="flash restore".*?<form method="post" action="([^"]+)".*?</form>', html, re.S)
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', form.group(0)))
    return {"action": form.group(1), **fields}


def test_a_deleted_hand_can_be_restored_from_the_notice(client):
    location = start_session(client)
    assert new_hand(client, location, **{**PARTNER_MADE, "points": "80"}).status_code == 303
    before = totals(client, location)
    page = client.get(location + "/hands/1/delete").text
    deleted = client.post(location + "/hands/1/delete", data={"csrf_token": csrf_from(page)})
    assert deleted.status_code == 303
    board = client.get(location).text
    assert "Deal 1 deleted." in board and 'id="restore"' in board and 'id="deal-1"' not in board
    form = restore_form(board)
    restored = client.post(form.pop("action"), data=form)
    assert restored.status_code == 303
    board = client.get(location).text
    assert "Deal 1 restored." in board and 'id="deal-1"' in board and totals(client, location) == before
    again = client.post(location + "/hands/restore", data=form)  # a second press: the deal is taken now
    assert again.status_code == 303 and "scored again meanwhile" in client.get(location).text
    assert client.get(location).text.count('class="hand"') == 1


def test_a_restore_token_is_signed_and_for_its_own_session_only(app, client):
    location = start_session(client)
    other = start_session(client, names=["W", "X", "Y", "Z"])
    assert new_hand(client, location, **PARTNER_MADE).status_code == 303
    page = client.get(location + "/hands/1/delete").text
    client.post(location + "/hands/1/delete", data={"csrf_token": csrf_from(page)})
    form = restore_form(client.get(location).text)
    form.pop("action")
    assert client.post(other + "/hands/restore", data=form).status_code == 400
    assert (
        client.post(location + "/hands/restore", data={**form, "token": form["token"][:-2] + "xx"}).status_code == 400
    )
    viewer = app.test_client()
    viewer.get(location)
    assert (
        viewer.post(
            location + "/hands/restore", data={**form, "csrf_token": csrf_from(viewer.get("/").text)}
        ).status_code
        == 403
    )
    assert 'id="deal-1"' not in client.get(location).text


def test_a_restore_after_ten_minutes_is_too_late(app, client, monkeypatch):
    import time

    location = start_session(client)
    assert new_hand(client, location, **PARTNER_MADE).status_code == 303
    page = client.get(location + "/hands/1/delete").text
    client.post(location + "/hands/1/delete", data={"csrf_token": csrf_from(page)})
    form = restore_form(client.get(location).text)
    later = time.time() + 601
    monkeypatch.setattr(time, "time", lambda: later)
    assert client.post(form.pop("action"), data=form).status_code == 303
    assert "Too late to restore" in client.get(location).text and 'id="deal-1"' not in client.get(location).text


# -- what the table sees after Save, after Back, and when two phones score one deal ----------------------------


def notices(html: str) -> list[str]:
    return re.findall(r'<p class="flash" role="status">(.*?)</p>', html, re.S)


def test_the_notice_after_save_names_the_hand_and_each_payment(client):
    location = start_session(client)
    assert new_hand(client, location, **PARTNER_MADE).status_code == 303
    assert notices(client.get(location).text) == [
        "Deal 1 saved: Bob&#39;s four made — Ann\u00a0−0/6 · Bob\u00a0+0/6 · Cat\u00a0−0/6 · Dan\u00a0+0/6"
    ]
    stung = {**PARTNER_MADE, "held_by": "trug-2", "points": "50", "stinger_points": "40"}
    edit = client.get(location + "/hands/1/edit").text
    assert client.post(location + "/hands/1/edit", data=hand_form_data(edit, **stung)).status_code == 303
    assert notices(client.get(location).text)[0].startswith("Deal 1 changed: Bob&#39;s four (stung) failed — ")


def test_a_second_press_of_save_repeats_the_first_notice_never_a_second_one(client):
    location = start_session(client)
    page = client.get(location + "/hands/new")
    data = hand_form_data(page.text, **PARTNER_MADE)
    assert client.post(location + "/hands/new", data=data).status_code == 303
    assert client.post(location + "/hands/new", data=data).status_code == 303  # before the scoreboard showed
    shown = notices(client.get(location).text)
    assert len(shown) == 1 and shown[0].startswith("Deal 1 saved: Bob&#39;s four made")
    assert client.post(location + "/hands/new", data=data).status_code == 303  # later: the same words again
    assert notices(client.get(location).text) == shown


def test_a_deal_another_phone_saved_first_shows_its_hand_and_offers_discarding_first(client):
    location = start_session(client)
    first = client.get(location + "/hands/new").text
    second = client.get(location + "/hands/new").text
    assert client.post(location + "/hands/new", data=hand_form_data(first, **PARTNER_MADE)).status_code == 303
    mine = {**PARTNER_MADE, "points": "40"}
    response = client.post(location + "/hands/new", data=hand_form_data(second, **mine))
    assert response.status_code == 200
    html = response.text
    assert "Deal 1 was saved from another phone meanwhile" in html
    assert 'id="theirs"' in html and "Bob bid four · partner game · made" in html
    assert html.index('id="discard"') < html.index('id="save-next"')  # discarding comes first
    assert ">Discard mine</a>" in html and ">Save mine as deal 2</button>" in html
    assert 'id="save"' not in html  # no plain Save that puts it in as the next deal
    assert "<h1>Score deal <span data-deal>1</span>" in html and 'name="deal" type="hidden" value="2"' in html
    assert client.get(location).text.count('class="hand"') == 1
    again = client.post(location + "/hands/new", data=hand_form_data(html, **mine))  # Save mine as deal 2
    assert again.status_code == 303
    assert notices(client.get(location).text)[0].startswith("Deal 2 saved: Bob&#39;s four failed")


def test_when_every_deal_is_in_a_late_phone_can_only_discard(client):
    location = start_session(client, deals="8")
    forms = []
    for _ in range(8):
        forms.append(client.get(location + "/hands/new").text)
        assert client.post(location + "/hands/new", data=hand_form_data(forms[-1], **PARTNER_MADE)).status_code == 303
    late = hand_form_data(forms[0], **{**PARTNER_MADE, "form_token": "x" * 22})
    html = client.post(location + "/hands/new", data=late).text
    assert "every deal of this session is recorded" in html and 'id="discard"' in html and "save-next" not in html


def test_the_hand_form_keeps_no_choices_of_the_browsers_and_marks_its_steps(client):
    location = start_session(client)
    html = client.get(location + "/hands/new").text
    assert re.search(r'<form id="hand-form"[^>]*autocomplete="off"', html)
    assert 'id="declarer-box" data-step data-eldest="1"' in html  # deal 1: Ann deals, Bob is eldest
    steps = re.findall(r'id="([a-z_]+)-box"[^>]*data-step|class="options (\w+)"[^>]*data-step', html)
    assert [a or b for a, b in steps] == [
        "bid", "declarer", "suits", "ranks", "trumps", "young_trumps", "held_by", "points", "stinger_points",
    ]  # fmt: skip


def test_a_doctored_seat_is_refused_with_the_players_names_not_seat_numbers(client):
    location = start_session(client)
    for doctored, field in (({"declarer": "9"}, "declarer"), ({"held_by": "trug-7"}, "held_by")):
        html = new_hand(client, location, **{**PARTNER_MADE, **doctored}).text
        assert re.search(rf'id="{field}-error" role="alert">Choose [^<]*: Ann, Bob, Cat or Dan\.<', html)
        assert not re.search(r"\bseats? (from )?\d", html)


def test_a_restore_token_brings_a_hand_back_once(client):
    """Restored, then deleted again: the first notice's token no longer restores it (it did for ten minutes)."""
    location = start_session(client)
    assert new_hand(client, location, **PARTNER_MADE).status_code == 303
    page = client.get(location + "/hands/1/delete").text
    client.post(location + "/hands/1/delete", data={"csrf_token": csrf_from(page)})
    first = restore_form(client.get(location).text)
    action = first.pop("action")
    assert client.post(action, data=first).status_code == 303
    page = client.get(location + "/hands/1/delete").text
    client.post(location + "/hands/1/delete", data={"csrf_token": csrf_from(page)})
    assert client.post(action, data=first).status_code == 303
    board = client.get(location).text
    assert "The session changed since deal 1 was deleted" in board and 'id="deal-1"' not in board
