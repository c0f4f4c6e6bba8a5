"""Abuse limits per client address (Flask-Limiter): new sessions and saves, with a clear 429 page."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pytest

from companion import ratelimit
from companion.ratelimit import DatabaseStorage
from companion.testing import Phone, gunicorn, hidden, stop
from tests.conftest import make_app
from tests.web.helpers import PARTNER_MADE, csrf_from, hand_form_data


@pytest.fixture
def tight(tmp_path):
    app = make_app(tmp_path / "limits.sqlite3", LIMIT_NEW_SESSIONS="2 per minute", LIMIT_SAVES="2 per minute")
    yield app
    app.extensions["db_engine"].dispose()


def start(client, n: int):
    data = {f"player_{i}": f"P{n}{i}" for i in range(4)}
    data.update(csrf_token=csrf_from(client.get("/").text), first_dealer="0", deals="8")
    return client.post("/sessions", data=data)


def test_new_sessions_are_limited_per_address(tight):
    client = tight.test_client()
    assert [start(client, n).status_code for n in range(3)] == [303, 303, 429]
    refused = start(client, 3)
    assert "Too many at once" in refused.text and "Wait a minute" in refused.text
    elsewhere = tight.test_client()
    assert start_from(elsewhere, "10.0.0.7").status_code == 303  # another address is not held up


def start_from(client, address: str):
    data = {f"player_{i}": f"Q{i}" for i in range(4)}
    page = client.get("/", environ_base={"REMOTE_ADDR": address})
    data.update(csrf_token=csrf_from(page.text), first_dealer="0", deals="8")
    return client.post("/sessions", data=data, environ_base={"REMOTE_ADDR": address})


def test_saves_are_limited_but_forms_and_previews_are_not(tight):
    client = tight.test_client()
    location = start(client, 0).headers["Location"]
    statuses = []
    for _ in range(3):
        page = client.get(location + "/hands/new")
        assert page.status_code == 200
        data = hand_form_data(page.text, **PARTNER_MADE)
        for _ in range(3):
            preview = client.post(location + "/hands/preview", data=data, headers={"HX-Request": "true"})
            assert preview.status_code == 200
        assert client.post(location + "/hands/new", data={**data, "action": "preview"}).status_code == 200
        statuses.append(client.post(location + "/hands/new", data=data).status_code)
    assert statuses == [303, 303, 429]
    assert client.get(location).text.count('class="hand"') == 2


def test_groups_and_their_changes_are_limited(tight):
    client = tight.test_client()
    made = []
    for n in range(3):
        page = client.get("/groups/new")
        made.append(client.post("/groups/new", data={"csrf_token": csrf_from(page.text), "name": f"G{n}"}))
    assert [r.status_code for r in made] == [303, 303, 429]
    group = made[0].headers["Location"]
    token = csrf_from(client.get(group).text)
    added = [client.post(group + "/players", data={"csrf_token": token, "name": f"P{n}"}).status_code for n in range(3)]
    assert added == [303, 303, 429]
    assert client.get(group + "/settings").status_code == 200  # reading the form is not a change


def start_tapp(client):
    page = client.get("/new/tapp")
    data = {f"player_{i}": f"T{i}" for i in range(3)}
    data.update(csrf_token=csrf_from(page.text), first_dealer="0", deals="3", stake="0/1", coins="0/1 1/-")
    return client.post("/new/tapp", data=data)


def test_one_allowance_for_every_way_of_starting_a_session(tight):
    client = tight.test_client()
    assert start(client, 0).status_code == 303
    assert start_tapp(client).status_code == 303
    assert start(client, 1).status_code == 429 and start_tapp(client).status_code == 429
    page = client.get("/groups/new")
    assert client.post("/groups/new", data={"csrf_token": csrf_from(page.text), "name": "G"}).status_code == 429


def test_a_groups_changes_and_hand_saves_draw_on_one_allowance(tight):
    client = tight.test_client()
    group = client.post("/groups/new", data={"csrf_token": csrf_from(client.get("/groups/new").text), "name": "G"})
    location = start(client, 0).headers["Location"]
    page = client.get(location + "/hands/new")
    assert client.post(location + "/hands/new", data=hand_form_data(page.text, **PARTNER_MADE)).status_code == 303
    token = csrf_from(client.get(group.headers["Location"]).text)
    added = client.post(group.headers["Location"] + "/players", data={"csrf_token": token, "name": "P"})
    assert added.status_code == 303
    page = client.get(location + "/hands/new")
    assert client.post(location + "/hands/new", data=hand_form_data(page.text, **PARTNER_MADE)).status_code == 429


def test_the_limit_holds_across_the_apps_processes(tmp_path):
    """gunicorn's four workers, one address hammering: the documented total, not once per worker."""
    app = make_app(tmp_path / "workers.sqlite3")  # the database, made once
    env = {
        "DATABASE_URL": app.config["DATABASE_URL"],
        "SECRET_KEY": "limits",
        "FLASK_LIMIT_NEW_SESSIONS": "5 per minute",
    }
    app.extensions["db_engine"].dispose()
    server, base = gunicorn("wsgi:app", env, workers=4)
    try:
        assert Phone(base, timeout=60).get("/").status == 200  # the app loaded (a page counts against no limit)
        started = []
        for n in range(24):  # a new connection each: the requests spread over the workers
            phone = Phone(base)
            page = phone.get("/")
            form = {f"player_{i}": f"P{n}{i}" for i in range(4)}
            form.update(csrf_token=hidden(page.text, "csrf_token"), first_dealer="0", deals="8")
            started.append(phone.post("/sessions", form).status)
        assert started.count(303) == 5 and started.count(429) == 19, started
    finally:
        stop(server)


def test_a_hit_counts_for_its_window_and_no_longer(tight, monkeypatch):
    now = [time.time()]  # the storage's clock, moved on by the test rather than waited out
    monkeypatch.setattr(ratelimit, "time", SimpleNamespace(time=lambda: now[0]))
    storage = DatabaseStorage("database://", engine=tight.extensions["db_engine"])
    assert [storage.acquire_entry("k", 2, 1) for _ in range(3)] == [True, True, False]
    assert storage.get_moving_window("k", 2, 1)[1] == 2
    now[0] += 0.9
    assert not storage.acquire_entry("k", 2, 1)  # still inside the second
    now[0] += 0.2
    assert storage.acquire_entry("k", 2, 1) and storage.get_moving_window("k", 2, 1)[1] == 1
    assert storage.acquire_entry("other", 1, 60)  # each key its own
