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
