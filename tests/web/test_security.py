"""Headers, cookies, CSRF and the secret key."""

from __future__ import annotations

import re

from companion import create_app
from tests.web.helpers import PARTNER_MADE, hand_form_data, start_session


def test_security_headers_on_every_page(client):
    location = start_session(client)
    for url in ("/", location, location + "/hands/new", "/reference/bids", "/api/score", "/nowhere"):
        response = client.get(url)
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
