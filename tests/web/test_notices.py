"""One-time messages after a change: said once on the scoreboard, never rewriting the session cookie."""

from __future__ import annotations

import re

from companion.web.notices import COOKIE
from tests.web.helpers import PARTNER_MADE, hand_form_data, start_session


def notices(html: str) -> list[str]:
    return re.findall(r'<p class="flash" role="status">([^<]*)</p>', html)


def save(client, location, **fields):
    page = client.get(location + "/hands/new").text
    data = hand_form_data(page, **{**PARTNER_MADE, **fields})
    return client.post(location + "/hands/new", data=data), data


def test_a_save_is_said_once_on_the_scoreboard(client):
    location = start_session(client)
    response, _ = save(client, location)
    assert response.status_code == 302 and response.headers["Location"].endswith(location + "#deal-1")
    shown = client.get(location)
    assert notices(shown.text) == ["Deal 1 saved."]
    assert any(h.startswith(f"{COOKIE}=;") for h in shown.headers.getlist("Set-Cookie"))  # forgotten once shown
    assert notices(client.get(location).text) == []


def test_a_save_leaves_the_session_cookie_alone(client):
    location = start_session(client)
    response, _ = save(client, location)
    cookies = response.headers.getlist("Set-Cookie")
    assert len(cookies) == 1 and cookies[0].startswith(f"{COOKIE}=saved.1;")
    assert f"Path={location}" in cookies[0] and "HttpOnly" in cookies[0] and "SameSite=Lax" in cookies[0]


def test_pressing_save_twice_says_it_was_saved_before(client):
    location = start_session(client)
    _, data = save(client, location)
    client.get(location)
    assert client.post(location + "/hands/new", data=data).status_code == 302
    assert notices(client.get(location).text) == ["Deal 1 was already saved."]


def test_changes_deletions_and_a_full_session_are_said(client):
    location = start_session(client, deals="8")
    save(client, location)
    client.get(location)
    page = client.get(location + "/hands/1/edit").text
    client.post(location + "/hands/1/edit", data=hand_form_data(page, **{**PARTNER_MADE, "points": "60"}))
    assert notices(client.get(location).text) == ["Deal 1 changed."]
    page = client.get(location + "/hands/1/delete").text
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    client.post(location + "/hands/1/delete", data={"csrf_token": token})
    assert notices(client.get(location).text) == ["Deal 1 deleted."]
    for deal in range(1, 9):
        save(client, location, deal=str(deal))
    assert client.get(location + "/hands/new").status_code == 302
    assert notices(client.get(location).text) == ["Every deal of this session is recorded: edit a hand to change it."]


def test_the_edit_link_says_what_it_gave(app, client):
    location = start_session(client)
    share = client.get(location + "/share").text
    link = re.search(r'id="share-edit">.*?<a href="([^"]+)" class="share-link"', share, re.S).group(1)
    other = app.test_client()
    other.get(link)
    assert notices(other.get(location).text) == ["This phone can now score and change hands in this session."]


def test_a_made_up_notice_says_nothing(client):
    location = start_session(client)
    path = location.split("localhost", 1)[-1]
    for value in ("hacked.1", "saved.", "saved.x", "saved.²", "saved.12345", "<b>.1", ""):
        client.set_cookie(COOKIE, value, path=path)
        page = client.get(location)
        assert page.status_code == 200 and notices(page.text) == [], value


def test_a_notice_belongs_to_its_own_session(client):
    first = start_session(client)
    second = start_session(client)
    save(client, first)
    assert notices(client.get(second).text) == []
    assert notices(client.get(first).text) == ["Deal 1 saved."]


def test_over_https_the_notice_cookie_is_secure_as_the_session_cookie(client):
    location = start_session(client)
    path = location.split("localhost", 1)[-1]
    data = hand_form_data(client.get(path + "/hands/new").text, **PARTNER_MADE)
    https = {"base_url": "https://localhost", "headers": {"Referer": f"https://localhost{path}/hands/new"}}
    response = client.post(path + "/hands/new", data=data, **https)
    assert response.status_code == 302
    [cookie] = [c for c in response.headers.getlist("Set-Cookie") if c.startswith(f"{COOKIE}=")]
    assert "; Secure" in cookie
    plain, _ = save(client, location, deal="2")
    assert "; Secure" not in plain.headers["Set-Cookie"]
