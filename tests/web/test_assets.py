"""Static files: fingerprinted copies cached for a year, htmx from the npm install, everything compressed."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from pathlib import Path

from tests.web.helpers import start_session

ROOT = Path(__file__).resolve().parent.parent.parent
MANIFEST = ROOT / "static" / "cache_manifest.json"  # made by `flask digest compile` in `make install`


def test_pages_link_fingerprinted_files_cached_for_a_year(client):
    html = client.get("/").text
    urls = re.findall(r'(?:href|src)="(/static/[^"]+)"', html)
    assert {re.sub(r"-[0-9a-f]{32}", "", u.rsplit("/", 1)[1]) for u in urls} == {"app.js", "icon.svg", "style.css"}
    for url in urls:
        name = url.rsplit("/", 1)[1]
        original = re.sub(r"-([0-9a-f]{32})\.", ".", name)
        digest = re.search(r"-([0-9a-f]{32})\.", name).group(1)
        assert digest == hashlib.md5((ROOT / "static" / original).read_bytes()).hexdigest()
        response = client.get(url)
        assert response.status_code == 200
        assert "max-age=31536000" in response.headers["Cache-Control"]
    assert json.loads(MANIFEST.read_text())["style.css"] in html


def test_unfingerprinted_files_are_not_cached_for_long(client):
    response = client.get("/static/style.css")
    assert response.status_code == 200 and "max-age=31536000" not in response.headers.get("Cache-Control", "")


def test_htmx_comes_from_the_npm_install_under_its_version(client):
    url = re.search(r'src="(/vendor/htmx\.org@[0-9.]+/htmx\.min\.js)"', client.get("/").text).group(1)
    installed = json.loads((ROOT / "node_modules" / "htmx.org" / "package.json").read_text())["version"]
    assert f"@{installed}/" in url and installed == "2.0.11"
    response = client.get(url)
    assert response.data == (ROOT / "node_modules" / "htmx.org" / "dist" / "htmx.min.js").read_bytes()
    assert "max-age=31536000" in response.headers["Cache-Control"]
    assert client.get("/vendor/htmx.org@1.0.0/htmx.min.js").status_code == 404


def without_tokens(html: bytes) -> bytes:
    """The hand form holds a new form token each time it is served (a start form a new session id), and a signed
    CSRF token that carries the time (so it changes from one second to the next)."""
    html = re.sub(rb'name="(form_token|csrf_token|public_id)" type="hidden" value="[^"]*"', b"", html)
    return re.sub(rb'"X-CSRFToken": "[^"]*"', b"", html)


def test_pages_and_files_are_gzipped_when_the_phone_accepts_it(client):
    location = start_session(client)
    for url in ("/", location, location + "/hands/new", "/reference/bids"):
        plain = client.get(url)
        zipped = client.get(url, headers={"Accept-Encoding": "gzip"})
        assert zipped.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in zipped.headers["Vary"]
        assert without_tokens(gzip.decompress(zipped.data)) == without_tokens(plain.data)
        assert len(zipped.data) < len(plain.data) / 2
    css = re.search(r'href="(/static/[^"]+\.css)"', client.get("/").text).group(1)
    # Files are sent as a stream, which Flask-Compress compresses with what a phone's browser offers besides gzip.
    packed = client.get(css, headers={"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert packed.headers["Content-Encoding"] in ("zstd", "br", "deflate")
    assert len(packed.get_data()) < len(client.get(css).get_data()) / 2


def test_only_reference_pages_register_the_service_worker(client):
    location = start_session(client)
    assert "offline-" not in client.get(location + "/hands/new").text
    assert re.search(r"/static/offline-[0-9a-f]{32}\.js", client.get("/reference/bids").text)
    sw = client.get("/sw.js").text
    for pattern in (
        r"/static/style-[0-9a-f]{32}\.css",
        r"/vendor/htmx\.org@[0-9.]+/htmx\.min\.js",
        r"/static/app-",
        r"/static/offline-",
    ):
        assert re.search(pattern, sw)
