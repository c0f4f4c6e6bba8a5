"""A chunked body (no Content-Length) over the limit is refused with 413, never cut short and saved.

Through a real server (gunicorn decodes the chunks), as a hostile client would send it.
"""

from __future__ import annotations

import http.client
import json
from urllib.parse import urlencode, urlsplit

import pytest

from companion.testing import Phone, gunicorn, stop
from tests.conftest import make_app
from tests.web.helpers import PARTNER_MADE


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("chunked") / "chunked.sqlite3")
    url = app.config["DATABASE_URL"]
    app.extensions["db_engine"].dispose()
    process, base = gunicorn("wsgi:app", {"DATABASE_URL": url, "SECRET_KEY": "chunked-test"}, workers=1)
    yield base
    stop(process)


def send_chunked(base: str, path: str, body: bytes, content_type: str, cookies: str = "") -> tuple[int, str]:
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    chunks = (body[i : i + 4096] for i in range(0, len(body), 4096))
    headers = {"Content-Type": content_type, "Cookie": cookies}
    connection.request("POST", path, body=chunks, headers=headers, encode_chunked=True)
    response = connection.getresponse()
    text = response.read().decode()
    connection.close()
    return response.status, text


def test_a_small_chunked_hand_record_is_scored(server):
    status, text = send_chunked(server, "/api/score", json.dumps({"bid": "4"}).encode(), "application/json")
    assert status == 422 and json.loads(text)["field"] == "declarer"  # read whole: the first thing missing


def test_a_chunked_hand_record_over_the_limit_is_413_in_json(server):
    body = b'{"bid": "4"' + b" " * 100_000 + b"}"
    status, text = send_chunked(server, "/api/score", body, "application/json")
    assert status == 413
    assert json.loads(text)["field"] == "hand" and "larger than 64 KB" in json.loads(text)["error"]


def test_a_chunked_save_over_the_limit_is_refused_and_nothing_is_saved(server):
    phone = Phone(server)
    public_id = phone.start_session(["Ann", "Bob", "Cat", "Dan"])
    _, hidden = phone.open_form(f"/s/{public_id}/hands/new")
    # Points of 70,000 digits: cut at 64 KB they would read as a plausible number.
    form = {**hidden, **PARTNER_MADE, "action": "save", "points": "1" + "0" * 70_000}
    cookies = "; ".join(f"{k}={v}" for k, v in phone.cookies.items())
    status, text = send_chunked(
        server, f"/s/{public_id}/hands/new", urlencode(form).encode(), "application/x-www-form-urlencoded", cookies
    )
    assert status == 413 and "Too much" in text
    assert "No hands yet." in phone.get(f"/s/{public_id}").text
