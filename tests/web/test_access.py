"""View links show; only the creator's phone and edit-link holders may change anything."""

from __future__ import annotations

import re

import pytest

from tests.web.helpers import PARTNER_MADE, csrf_from, hand_form_data, start_session


@pytest.fixture
def session_with_hand(app, client):
    location = start_session(client)
    page = client.get(location + "/hands/new").text
    assert client.post(location + "/hands/new", data=hand_form_data(page, **PARTNER_MADE)).status_code == 303
    return location


def edit_link(client, location) -> str:
    share = client.get(location + "/share").text
    return re.search(r'id="share-edit">.*?<a href="([^"]+)" class="share-link"', share, re.S).group(1)


def test_view_and_edit_links_are_unguessable(client, session_with_hand):
    public_id = session_with_hand.rsplit("/", 1)[1]
    key = edit_link(client, session_with_hand).rsplit("/", 1)[1]
    for token in (public_id, key):
        assert len(token) >= 22  # 16 random bytes, base64url: 128 bits
    assert public_id != key


def test_view_link_shows_the_working_but_offers_no_edit(app, session_with_hand):
    viewer = app.test_client()
    page = viewer.get(session_with_hand)
    assert page.status_code == 200
    assert "View only" in page.text and "Game: declarer" in page.text
    assert 'id="score-hand"' not in page.text and "Edit deal" not in page.text and "Delete" not in page.text
    assert 'id="share-edit"' not in viewer.get(session_with_hand + "/share").text


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/hands/new"),
        ("post", "/hands/new"),
        ("post", "/hands/preview"),
        ("get", "/hands/1/edit"),
        ("post", "/hands/1/edit"),
        ("get", "/hands/1/delete"),
        ("post", "/hands/1/delete"),
    ],
)
def test_view_link_refuses_every_write(app, client, session_with_hand, method, path):
    viewer = app.test_client()
    token = csrf_from(viewer.get("/").text)  # a valid CSRF token of the viewer's own
    data = hand_form_data(client.get(session_with_hand + "/hands/1/edit").text, **{**PARTNER_MADE, "points": "20"})
    data["csrf_token"] = token
    response = getattr(viewer, method)(session_with_hand + path, data=data, headers={"HX-Request": "true"})
    assert response.status_code == 403
    assert "Ask the table for the edit link" in response.text
    assert "+0/6" in client.get(session_with_hand).text  # deal 1 unchanged


def test_edit_link_grants_rights_to_another_phone(app, client, session_with_hand):
    other = app.test_client()
    assert other.get(session_with_hand + "/hands/new").status_code == 403
    response = other.get(edit_link(client, session_with_hand))
    assert response.status_code == 303
    assert other.get(session_with_hand + "/hands/new").status_code == 200
    assert 'id="score-hand"' in other.get(session_with_hand).text


def test_a_wrong_edit_key_grants_nothing(app, session_with_hand):
    other = app.test_client()
    assert other.get(session_with_hand + "/join/" + "A" * 22).status_code == 404
    assert other.get(session_with_hand + "/hands/new").status_code == 403


def test_share_page_has_qr_codes(client, session_with_hand):
    share = client.get(session_with_hand + "/share").text
    assert share.count("<svg") == 2 and 'id="share-view"' in share and 'id="share-edit"' in share


def test_scoreboard_depends_on_who_asks(app, client, session_with_hand):
    """Editors get the edit buttons, followers do not; and caches are told the page varies with the cookie."""
    editor_page = client.get(session_with_hand)
    viewer_page = app.test_client().get(session_with_hand)
    assert 'id="score-hand"' in editor_page.text and 'id="score-hand"' not in viewer_page.text
    assert 'id="score-hand"' in client.get(session_with_hand).text  # the editor again, after the viewer
    for response in (editor_page, viewer_page):
        assert "Cookie" in response.headers["Vary"]


# -- private by default ---------------------------------------------------------------------


def test_a_stranger_sees_no_other_tables_names(app, client, session_with_hand):
    stranger = app.test_client()
    page = stranger.get("/")
    assert page.status_code == 200
    for name in ("Ann", "Bob", "Cat", "Dan"):
        assert name not in page.text
    assert session_with_hand.rsplit("/", 1)[1] not in page.text
    assert stranger.get("/?page=2").text.count("/s/") == 0


def test_the_start_page_lists_what_this_phone_started_joined_or_opened(app, client):
    mine = start_session(client, names=["Ann", "Bob", "Cat", "Dan"])
    theirs = start_session(app.test_client(), names=["Eve", "Fay", "Gus", "Hal"])
    joined_phone, opened_phone = app.test_client(), app.test_client()
    start_session(joined_phone, names=["Ivy", "Jon", "Kim", "Lou"])
    page = client.get("/").text
    assert "Ann, Bob, Cat, Dan" in page and "Eve" not in page and "Ivy" not in page
    opened_phone.get(theirs)
    assert "Eve, Fay, Gus, Hal" in opened_phone.get("/").text and "Ann" not in opened_phone.get("/").text
    joined_phone.get(edit_link(client, mine))
    listed = joined_phone.get("/").text
    assert "Ann, Bob, Cat, Dan" in listed and "Ivy, Jon, Kim, Lou" in listed and "Eve" not in listed


def test_rights_have_no_cap(app, client):
    first = start_session(client)
    for n in range(60):
        start_session(client, names=[f"P{n}a", f"P{n}b", f"P{n}c", f"P{n}d"])
    assert client.get(first + "/hands/new").status_code == 200  # the creator, 60 sessions later


def test_a_phone_that_lost_its_cookie_regains_rights_with_the_edit_link(app, client, session_with_hand):
    link = edit_link(client, session_with_hand)
    client.delete_cookie("session")
    assert client.get(session_with_hand + "/hands/new").status_code == 403
    assert client.get(link).status_code == 303
    assert client.get(session_with_hand + "/hands/new").status_code == 200


def test_only_the_owner_deletes_a_session_after_confirming(app, client, session_with_hand):
    editor = app.test_client()
    editor.get(edit_link(client, session_with_hand))
    assert editor.get(session_with_hand + "/delete").status_code == 403
    assert 'id="delete-session"' not in editor.get(session_with_hand).text
    confirm = client.get(session_with_hand + "/delete")
    assert confirm.status_code == 200 and "cannot be brought back" in confirm.text
    token = re.search(r'name="csrf_token" value="([^"]+)"', confirm.text).group(1)
    own = csrf_from(editor.get(session_with_hand + "/hands/new").text)  # the editor's own, valid token
    assert editor.post(session_with_hand + "/delete", data={"csrf_token": own}).status_code == 403
    gone = client.post(session_with_hand + "/delete", data={"csrf_token": token})
    assert gone.status_code == 303 and gone.headers["Location"] == "/"
    assert "is deleted" in client.get("/").text
    after = client.get(session_with_hand)
    assert after.status_code == 410 and "This session was deleted" in after.text and "Ann" not in after.text
    assert "Ann, Bob" not in client.get("/").text


def test_a_new_edit_link_stops_the_old_one(app, client, session_with_hand):
    old = edit_link(client, session_with_hand)
    editor = app.test_client()
    editor.get(old)
    assert editor.get(session_with_hand + "/hands/new").status_code == 200
    share = client.get(session_with_hand + "/share").text
    token = re.search(r'name="csrf_token" value="([^"]+)"', share).group(1)
    own = csrf_from(editor.get(session_with_hand + "/hands/new").text)
    assert editor.post(session_with_hand + "/share/renew", data={"csrf_token": own}).status_code == 403
    assert client.post(session_with_hand + "/share/renew", data={"csrf_token": token}).status_code == 303
    new = edit_link(client, session_with_hand)
    assert new != old
    assert app.test_client().get(old).status_code == 404
    assert editor.get(session_with_hand + "/hands/new").status_code == 403  # joined with the old link
    assert editor.get(new).status_code == 303
    assert editor.get(session_with_hand + "/hands/new").status_code == 200
    assert client.get(session_with_hand + "/hands/new").status_code == 200  # the owner keeps its rights


def test_rights_in_an_older_cookie_move_to_the_server(app, client, session_with_hand):
    public_id = session_with_hand.rsplit("/", 1)[1]
    old_phone = app.test_client()
    with app.test_request_context():
        signer = app.session_interface.get_signing_serializer(app)
        old_phone.set_cookie("session", signer.dumps({"edit": [public_id]}))
    assert old_phone.get(session_with_hand + "/hands/new").status_code == 200
    assert 'id="delete-session"' in old_phone.get(session_with_hand).text


def test_the_edit_link_of_any_session_can_be_printed(app, runner, session_with_hand):
    public_id = session_with_hand.rsplit("/", 1)[1]
    result = runner.invoke(args=["edit-link", "--", public_id])  # "--": an older id may start with "-"
    assert result.exit_code == 0
    assert app.test_client().get(result.output.strip()).status_code == 303
    assert runner.invoke(args=["edit-link", "nothing-here"]).exit_code == 2


def share_links(client, location, **headers) -> list[str]:
    share = client.get(location + "/share", headers=headers).text
    return re.findall(r'<a href="([^"]+)" class="share-link"', share)


def test_share_links_come_from_the_configured_address_not_the_host_header(client, session_with_hand):
    links = share_links(client, session_with_hand) + share_links(client, session_with_hand, Host="evil.example")
    assert len(links) == 3 and all(link.startswith("http://localhost/s/") for link in links)


def test_trusted_hosts_vouch_for_the_request_host(tmp_path):
    from tests.conftest import make_app

    app = make_app(tmp_path / "hosts.sqlite3", BASE_URL=None, TRUSTED_HOSTS=["tarot.example", "localhost"])
    client = app.test_client()
    location = start_session(client)
    share = client.get(location + "/share", base_url="http://tarot.example").text
    assert re.findall(r'<a href="([^"]+)" class="share-link"', share)[0].startswith("http://tarot.example/s/")
    refused = client.get(location + "/share", base_url="http://evil.example")
    assert refused.status_code == 400 and "does not answer to that address" in refused.text
    app.extensions["db_engine"].dispose()


def test_with_no_address_configured_the_share_page_shows_paths_and_no_codes(tmp_path):
    from tests.conftest import make_app

    app = make_app(tmp_path / "nobase.sqlite3", BASE_URL=None)
    client = app.test_client()
    location = start_session(client)
    share = client.get(location + "/share", headers={"Host": "evil.example"}).text
    assert "evil.example" not in share and "<svg" not in share and 'id="no-base-url"' in share
    links = share_links(client, location)
    assert [link.split("/")[1] for link in links] == ["s", "s"]  # paths: /s/<id>, /s/<id>/join/<key>
    assert client.get(links[1]).status_code == 303
    app.extensions["db_engine"].dispose()


def test_a_session_and_this_phones_role_in_it_are_read_in_one_query(app, client, session_with_hand):
    """Every session page starts with the session, its players and this phone's role: one query, not a second for
    the role (a board, a hand form, a preview each asked twice before it had done anything)."""
    from sqlalchemy import event

    sent = []
    event.listen(
        app.extensions["db_engine"], "before_cursor_execute", lambda *args: sent.append(" ".join(args[2].split()))
    )
    board = client.get(session_with_hand)
    assert board.status_code == 200 and 'id="score-hand"' in board.text  # the owner's board: its role was read
    asked_of_access = [q for q in sent if re.search(r"\bFROM access\b|\bJOIN access\b", q)]
    assert len(asked_of_access) == 1 and "FROM sitting" in asked_of_access[0], asked_of_access
    viewer = app.test_client()
    viewer.get(session_with_hand)  # given the viewer's role (its first visit reads it again, once given)
    sent.clear()
    assert 'id="score-hand"' not in viewer.get(session_with_hand).text
    asked_of_access = [q for q in sent if re.search(r"\bFROM access\b|\bJOIN access\b", q)]
    assert len(asked_of_access) == 1 and "FROM sitting" in asked_of_access[0], asked_of_access
