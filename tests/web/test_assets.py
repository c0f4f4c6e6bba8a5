"""Fingerprinted static files cached for a year; pages and files compressed."""

from __future__ import annotations

import gzip
import hashlib
import re
from pathlib import Path

from tests.web.helpers import start_session

ROOT = Path(__file__).resolve().parent.parent.parent


def test_pages_link_fingerprinted_assets_cached_for_a_year(client):
    html = client.get("/").text
    urls = re.findall(r'(?:href|src)="(/assets/[0-9a-f]{12}/[^"]+)"', html)
    assert {u.rsplit("/", 1)[1] for u in urls} == {"icon.svg", "style.css", "htmx.min.js"}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    css = next(u for u in urls if u.endswith("style.css"))
    digest = css.split("/")[2]
    assert digest == hashlib.sha256((ROOT / "static" / "style.css").read_bytes()).hexdigest()[:12]
    assert client.get(css.replace(digest, "0" * 12)).status_code == 404


def test_htmx_comes_from_the_npm_install(client):
    url = re.search(r'src="(/assets/[0-9a-f]{12}/htmx\.min\.js)"', client.get("/").text).group(1)
    assert client.get(url).data == (ROOT / "node_modules" / "htmx.org" / "dist" / "htmx.min.js").read_bytes()


def without_tokens(html: bytes) -> bytes:
    """The hand form holds a new form token each time it is served, and a signed
    CSRF token that carries the time (so it changes from one second to the next)."""
    html = re.sub(rb'name="(form_token|csrf_token)" type="hidden" value="[^"]*"', b"", html)
    return re.sub(rb'"X-CSRFToken": "[^"]*"', b"", html)


def test_assets_and_pages_are_gzipped_when_the_phone_accepts_it(client):
    location = start_session(client)
    for url in ("/", location, location + "/hands/new", "/reference/bids"):
        plain = client.get(url)
        zipped = client.get(url, headers={"Accept-Encoding": "gzip, br"})
        assert zipped.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in zipped.headers["Vary"]
        unzipped = gzip.decompress(zipped.data)
        assert without_tokens(unzipped) == without_tokens(plain.data)
        assert len(zipped.data) < len(plain.data) / 2
    css = re.search(r'href="(/assets/[^"]+style\.css)"', client.get("/").text).group(1)
    assert gzip.decompress(client.get(css, headers={"Accept-Encoding": "gzip"}).data) == client.get(css).data


def test_only_reference_pages_register_the_service_worker(client):
    location = start_session(client)
    assert "app.js" not in client.get(location + "/hands/new").text
    assert "app.js" in client.get("/reference/bids").text
    sw = client.get("/sw.js").text
    for name in ("style.css", "htmx.min.js", "app.js"):
        assert re.search(rf'"/assets/[0-9a-f]{{12}}/{re.escape(name)}"', sw)
