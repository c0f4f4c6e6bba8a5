"""Starting a session in the phone's own app, with no signal: the start pages are the server's, word for word; a
session started there is kept, scored there, and reaches the server (when its outbox is sent) as the very session
the phone shows, at the same address, once however often it is sent."""

from __future__ import annotations

import re
from typing import Any

import pytest
from sqlmodel import func, select

from companion.extensions import db
from companion.games import GAMES
from companion.models import Sitting
from companion.phone import create_phone_app, journal_of
from companion.views import SessionDocument
from companion.web.phone.bundle import served
from tests.games.conformance.worked import alerts, start_form, totals_shown
from tests.test_phone_pages import FRENCH, GARDE, ask, post_line, same, save_on_the_phone
from tests.web.test_started_on_phone import token

#: Each game's start form at each number of players it is played by.
START_PAGES = [f"/new/{game.id}?players={n}" for game in GAMES.values() for n in game.players]


@pytest.fixture
def phone_app(app):
    with app.app_context():
        return create_phone_app(served(app))


def start_on_the_phone(phone_app: Any, game: Any, players: int, options: dict[str, str] | None = None) -> str:
    """A session started on the phone from its own start form: the scoreboard's path."""
    url = f"/new/{game.id}?players={players}"
    status, _, page = ask(phone_app, url)
    assert status == 200
    data = start_form(game, players, options or {}, page)
    status, headers, page = ask(phone_app, url, [(k, v) for k, values in data.items() for v in values])
    assert status == 303, alerts(page)
    return headers["Location"]


def send_all(phone_app: Any, client: Any, public_id: str) -> list[int]:
    """The phone's outbox for the session, sent in order as ``static/phone.js`` sends it: each status."""
    csrf = token(client)
    return [post_line(client, line, csrf).status_code for line in journal_of(phone_app).outbox(public_id)]


#: The phone's own start page starts its worker (keeping no session); the server's starts none.
WORKER_HERE = re.compile(r'<meta name="phone-keep" content="" data-script="[^"]*">')


@pytest.mark.parametrize("path", ["/", *START_PAGES])
def test_the_phones_start_pages_are_the_servers(app, phone_app, path):
    status, _, page = ask(phone_app, path)
    server = app.test_client().get(path)
    assert status == server.status_code == 200
    assert WORKER_HERE.search(page) and 'name="phone-keep"' not in server.text
    assert same(WORKER_HERE.sub("", page)) == same(server.text)


def test_a_start_form_the_phone_refuses_says_why_as_the_server_does(app, phone_app):
    url = "/new/french?players=4"
    status, _, page = ask(phone_app, url, [("player_0", "Ann"), ("player_1", "Ann")])
    server = app.test_client()
    server.get(url)
    refused = server.post(url, data={"player_0": "Ann", "player_1": "Ann", "csrf_token": token(server)})
    assert status == refused.status_code == 422
    assert alerts(page) == alerts(refused.text) and alerts(page)
    assert journal_of(phone_app).kept == {}  # nothing kept half-way


def test_a_session_started_on_the_phone_is_scored_there_and_reaches_the_server_as_it_is(app, phone_app):
    board = start_on_the_phone(phone_app, FRENCH, 4)
    public_id = board.rsplit("/", 1)[1]
    status, _, page = ask(phone_app, board)
    assert status == 200 and "Deal 1" in page
    assert save_on_the_phone(phone_app, board, GARDE)[0] == 303
    kept = journal_of(phone_app).kept[public_id]
    assert [line["path"] for line in kept.outbox] == ["/new/french?players=4", board + "/hands/new"]
    assert kept.role == "owner"

    client = app.test_client()
    assert client.get(board).status_code == 404  # the server has not heard of it yet
    assert send_all(phone_app, client, public_id) == [303, 303]
    assert send_all(phone_app, client, public_id) == [303, 303]  # sent again (an answer lost): counted once
    on_server = client.get(board + "/phone.json").get_json()
    assert on_server["role"] == "owner"
    mine, theirs = kept.document.as_dict(), SessionDocument.from_dict(on_server["session"]).as_dict()
    for moving in ("created", "revision", "group_id"):
        mine.pop(moving), theirs.pop(moving)
    assert mine == theirs  # the same session: players, length, stake, coins, options, first dealer
    assert [h["deal"] for h in on_server["hands"]] == [1]
    assert totals_shown(client.get(board).text) == totals_shown(ask(phone_app, board)[2]) == [204, -68, -68, -68]


def test_the_start_page_lists_the_sessions_the_phone_keeps_and_starts_one_again(phone_app):
    board = start_on_the_phone(phone_app, FRENCH, 4, {})
    public_id = board.rsplit("/", 1)[1]
    _, _, page = ask(phone_app, "/")
    assert f'href="{board}"' in page and "Playing now" in page
    _, _, again = ask(phone_app, f"/new/french?again={public_id}")
    assert all(f'value="{name}"' in again for name in journal_of(phone_app).kept[public_id].document.players)


def test_a_start_form_sent_twice_from_the_phone_starts_one_session(app, phone_app):
    board = start_on_the_phone(phone_app, GAMES["sussex"], 4)
    public_id = board.rsplit("/", 1)[1]
    client = app.test_client()
    line = journal_of(phone_app).outbox(public_id)[0]
    csrf = token(client)
    first, second = post_line(client, line, csrf), post_line(client, line, csrf)
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"] == board
    with app.app_context():
        assert db.session.exec(select(func.count()).select_from(Sitting)).one() == 1


def test_a_start_the_server_refuses_keeps_the_phones_id_so_its_hands_follow(app, phone_app):
    """The server refuses the start form the phone sends (its checks may be newer than the phone's copy): its page
    says why and keeps the id, so the session started as corrected is the one the phone's waiting hands are of."""
    board = start_on_the_phone(phone_app, FRENCH, 4)
    public_id = board.rsplit("/", 1)[1]
    assert save_on_the_phone(phone_app, board, GARDE)[0] == 303
    start, hand = journal_of(phone_app).outbox(public_id)
    client = app.test_client()
    csrf = token(client)
    refused = post_line(client, {**start, "form": [p for p in start["form"] if p[0] != "player_1"]}, csrf)
    assert refused.status_code == 422 and f'name="public_id" type="hidden" value="{public_id}"' in refused.text
    assert post_line(client, hand, csrf).status_code == 404  # waits for its session
    corrected = client.post(start["path"], data=start_form(FRENCH, 4, {}, refused.text))
    assert corrected.status_code == 303 and corrected.headers["Location"] == board
    assert post_line(client, hand, csrf).status_code == 303


def test_start_tapped_twice_on_the_phone_keeps_one_session_and_the_page_filled_again_another(phone_app):
    url = "/new/french?players=4"
    _, _, page = ask(phone_app, url)
    data = [(k, v) for k, values in start_form(FRENCH, 4, {}, page).items() for v in values]
    first, second = ask(phone_app, url, data), ask(phone_app, url, data)
    assert first[0] == second[0] == 303 and first[1]["Location"] == second[1]["Location"]
    assert len(journal_of(phone_app).kept) == 1
    other = ask(phone_app, url, [(k, "Zoë" if k == "player_0" else v) for k, v in data])
    assert other[0] == 303 and other[1]["Location"] != first[1]["Location"]
    assert sorted(k.document.players[0] for k in journal_of(phone_app).kept.values()) == ["Ann", "Zoë"]
