"""Headers, cookies, CSRF and the secret key."""

from __future__ import annotations

import re
import time

import itsdangerous.timed
import pytest

from companion import create_app
from tests.conftest import make_app
from tests.web.helpers import PARTNER_MADE, csrf_from, hand_form_data, start_session


def test_security_headers_on_every_page(client):
    location = start_session(client)
    form = client.get(location + "/hands/new").text
    stylesheet = re.search(r'<link rel="stylesheet" href="([^"]+)"', form).group(1)
    preview = client.post(
        location + "/hands/preview", data={"bid": "4"}, headers={"HX-Request": "true", "X-CSRFToken": csrf_from(form)}
    )
    assert preview.status_code == 200
    pages = [client.get(url) for url in ("/", location, location + "/hands/new", "/reference/bids", "/nowhere")]
    for response in [*pages, client.get("/api/score"), client.get(stylesheet), preview]:
        assert response.headers.getlist("X-Frame-Options") == ["DENY"]  # once, whoever answered
        csp = response.headers["Content-Security-Policy"]
        script_src = re.search(r"script-src ([^;]+)", csp).group(1)
        assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp
        assert script_src == "'self'"
        assert "frame-ancestors 'none'" in csp
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "same-origin"
        assert response.headers["X-Frame-Options"] == "DENY"


def test_no_inline_scripts_or_styles_in_pages(client):
    location = start_session(client)
    for url in ("/", location, location + "/hands/new", location + "/share", "/reference/solo"):
        html = client.get(url).text
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), url
        assert not re.search(r"\sstyle=", html), url
        assert not re.search(r"\son[a-z]+=", html), url


def test_session_cookie_flags(client):
    start_session(client)
    cookie = next(c for c in client._cookies.values() if c.key == "session")
    assert cookie.http_only and cookie.same_site == "Lax" and not cookie.secure


def test_session_cookie_is_secure_over_https(app):
    secure = app.test_client()
    page = secure.get("/", base_url="https://localhost")
    assert "Secure" in page.headers["Set-Cookie"] and "HttpOnly" in page.headers["Set-Cookie"]
    assert "SameSite=Lax" in page.headers["Set-Cookie"]


def test_forged_posts_fail_without_csrf_token(client):
    location = start_session(client)
    page = client.get(location + "/hands/new").text
    forged = hand_form_data(page, **PARTNER_MADE)
    forged.pop("csrf_token")
    for path in ("/hands/new", "/hands/preview"):
        response = client.post(location + path, data=forged, headers={"HX-Request": "true"})
        assert response.status_code == 400 and "Form expired" in response.text
    forged["csrf_token"] = "not-the-token"
    assert client.post(location + "/hands/new", data=forged).status_code == 400
    assert "No hands yet" in client.get(location).text


def test_htmx_sends_the_token_in_a_header(client):
    """The page gives htmx the token for every request (hx-headers)."""
    location = start_session(client)
    page = client.get(location + "/hands/new").text
    token = re.search(r'hx-headers=\'\{"X-CSRFToken": "([^"]+)"\}\'', page).group(1)
    data = hand_form_data(page, **PARTNER_MADE)
    data.pop("csrf_token")
    response = client.post(location + "/hands/preview", data=data, headers={"HX-Request": "true", "X-CSRFToken": token})
    assert response.status_code == 200 and "receives 0/6" in response.text


def _preview(client, location: str, token: str):
    data = hand_form_data(client.get(location + "/hands/new").text, **PARTNER_MADE)
    data["csrf_token"] = token
    return client.post(location + "/hands/preview", data=data, headers={"HX-Request": "true"})


def test_a_token_is_checked_against_each_session(app):
    """A validly signed token from another phone, or a changed one, is refused."""
    ann, eve = app.test_client(), app.test_client()
    location = start_session(ann)
    own = csrf_from(ann.get(location + "/hands/new").text)
    assert _preview(ann, location, own).status_code == 200
    eves = csrf_from(eve.get("/").text)
    assert _preview(ann, location, eves).status_code == 400  # validly signed, but not Ann's
    forged = own[:-2] + ("AA" if not own.endswith("AA") else "BB")
    assert _preview(ann, location, forged).status_code == 400
    assert _preview(ann, location, own).status_code == 200


def test_a_token_expires_when_configured_to(tmp_path, monkeypatch):
    app = make_app(tmp_path / "t.sqlite3", WTF_CSRF_TIME_LIMIT=60)
    client = app.test_client()
    location = start_session(client)
    token = csrf_from(client.get(location + "/hands/new").text)
    assert _preview(client, location, token).status_code == 200
    later = time.time() + 61
    monkeypatch.setattr(itsdangerous.timed.time, "time", lambda: later)
    response = _preview(client, location, token)
    assert response.status_code == 400 and "Form expired" in response.text


def test_a_tampered_session_cookie_is_an_empty_session(app):
    """The creator's edit grant lives in the signed cookie: changing one byte loses it."""
    client = app.test_client()
    location = start_session(client)
    assert client.get(location + "/hands/new").status_code == 200
    cookie = client.get_cookie("session")
    value = cookie.value
    client.set_cookie("session", value[:-2] + ("AA" if not value.endswith("AA") else "BB"))
    assert client.get(location + "/hands/new").status_code == 403
    client.set_cookie("session", value)
    assert client.get(location + "/hands/new").status_code == 200


def test_https_posts_need_a_same_origin_referrer(app):
    secure = app.test_client()
    base = "https://localhost"
    page = secure.get("/", base_url=base)
    data = {"csrf_token": csrf_from(page.text), "player_0": "A", "player_1": "B", "player_2": "C", "player_3": "D"}
    assert secure.post("/sessions", data=data, base_url=base).status_code == 400
    elsewhere = {"Referer": "https://evil.example/"}
    assert secure.post("/sessions", data=data, base_url=base, headers=elsewhere).status_code == 400
    same = {"Referer": "https://localhost/"}
    assert secure.post("/sessions", data=data, base_url=base, headers=same).status_code == 303


def test_secret_key_is_generated_once_into_instance(tmp_path, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    config = {"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'x.sqlite3'}"}
    monkeypatch.setattr("companion.app.ROOT", tmp_path)
    first = create_app(dict(config)).config["SECRET_KEY"]
    second = create_app(dict(config)).config["SECRET_KEY"]
    assert first == second and len(first) >= 32
    assert (tmp_path / "instance" / "secret_key").read_text().strip() == first
    monkeypatch.setenv("SECRET_KEY", "from-the-environment")
    assert create_app(dict(config)).config["SECRET_KEY"] == "from-the-environment"


def test_secret_key_is_not_a_constant_in_the_code():
    import pathlib

    for path in pathlib.Path("companion").rglob("*.py"):
        assert not re.search(r"SECRET_KEY\s*=\s*['\"]", path.read_text()), path


def test_request_body_size_is_limited(client):
    location = start_session(client)
    response = client.post(location + "/hands/new", data={"points": "1" * 100_000})
    assert response.status_code == 413


def test_the_live_preview_varies_with_htmx_and_the_cookie(client):
    location = start_session(client)
    form = client.get(location + "/hands/new").text
    preview = client.post(
        location + "/hands/preview", data={"bid": "4"}, headers={"HX-Request": "true", "X-CSRFToken": csrf_from(form)}
    )
    vary = [v.strip() for v in preview.headers["Vary"].split(",")]
    assert {"HX-Request", "Cookie"} <= set(vary) and len(vary) == len(set(vary))


def test_an_htmx_request_in_flight_does_not_undo_the_saved_notice(client):
    """A poll or preview answered while Save is under way carries the cookie as it was before the Save: were
    it sent back, it would overwrite the one holding the "saved" notice, and the table would never see it."""
    location = start_session(client)
    page = client.get(location + "/hands/new").text
    before = client.get_cookie("session").value
    saved = client.post(location + "/hands/new", data=hand_form_data(page, **PARTNER_MADE))
    assert saved.status_code == 303 and "Set-Cookie" in saved.headers
    # The poll that left with the old cookie comes back after the Save.
    client.set_cookie("session", before)
    poll = client.get(location, headers={"HX-Request": "true"})
    assert poll.status_code == 200 and "Set-Cookie" not in poll.headers
    # A whole page still renews the phone's cookie (kept for 400 days after the last visit).
    assert "Set-Cookie" in client.get(location).headers


@pytest.mark.parametrize("host", ["a..b", ".example", "a" * 64 + ".example"])
@pytest.mark.parametrize("trusted", [None, ["tarot.example"]])
def test_a_host_no_address_can_be_is_a_400_with_the_usual_headers(tmp_path, host, trusted):
    """A Host header werkzeug cannot read once gave a 500 on every path, static files included (an error page
    could not build its links), unless TRUSTED_HOSTS was set."""
    app = make_app(tmp_path / "hosts.sqlite3", TRUSTED_HOSTS=trusted)
    app.config["PROPAGATE_EXCEPTIONS"] = False  # as in production: an error is a page, never a traceback
    client = app.test_client()
    for path in ("/", "/static/style.css", "/api/score", "/reference/", "/nowhere"):
        response = client.get(path, headers={"Host": host})
        assert response.status_code == 400, (path, response.status_code)
        assert "default-src" in response.headers["Content-Security-Policy"]
        assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_pages_holding_an_edit_key_are_kept_by_no_cache(client):
    """The Share page shows the edit link and a backup holds the edit keys: neither may sit in a cache."""
    board = start_session(client)
    for path in ("/share", "/export.json", "/export.csv"):
        response = client.get(board + path)
        assert response.status_code == 200, path
        assert response.headers["Cache-Control"] == "no-store", path
