"""Every game scored in the phone with no signal: a worked hand of each saved in the phone's own app
(``companion.phone``) from its hand form as a player fills it, then its outbox sent to the server as ``phone.js``
sends it: the server's scoreboard is then the phone's, figure for figure and word for word."""

from __future__ import annotations

from typing import Any

import pytest

from companion.phone import create_phone_app, journal_of
from companion.web.phone.bundle import served
from tests.test_phone_pages import ask, post_line, same

from .worked import GAME_IDS, filled, read_form, session_options, start_session, valid_of


def first_hand(game_id: str) -> Any:
    hands = [w for w in valid_of(game_id) if w.on_the_form and session_options(w, exact=False) is not None]
    return hands[0] if hands else None


@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if first_hand(g) is not None])
def test_a_hand_saved_in_the_phone_gives_the_server_the_same_board(web_app, game_id):
    worked = first_hand(game_id)
    client = web_app.test_client()
    board = start_session(client, worked.game, worked.players, session_options(worked, exact=False) or {})
    with web_app.app_context():
        phone = create_phone_app(served(web_app))
    kept = client.get(board + "/phone.json").get_json()
    journal_of(phone).keep(client.get(board + "/phone.json").text)

    status, _, page = ask(phone, board + "/hands/new")
    assert status == 200
    _, untouched = read_form(page, "hand-form")
    fields = {k: v for k, v in worked.game.form_data(worked.record()).items() if k not in ("deal", "dealer")}
    data = filled(untouched, fields, action="save")
    saved = ask(phone, board + "/hands/new", [(k, v) for k, values in data.items() for v in values])
    assert saved[0] == 303, saved[2][:300]
    assert len(journal_of(phone).outbox(board.rsplit("/", 1)[1])) == 1

    for line in journal_of(phone).outbox(board.rsplit("/", 1)[1]):  # as phone.js sends them
        assert post_line(client, line, kept["csrf"]).status_code == 303
    ask(phone, board)  # each side's notice read
    client.get(board)
    assert same(ask(phone, board)[2]) == same(client.get(board).text)
