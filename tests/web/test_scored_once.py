"""A hand is scored once per request: the live preview and a stored hand's view ask their game for the hand's
result once, and take each seat's score and the working from it."""

from __future__ import annotations

import pytest
from sqlmodel import Session

from companion.games import GAMES, Game
from companion.store import find_sitting, load_scoreboard
from tests.games.conformance.worked import (
    Worked,
    alerts,
    filled,
    fits,
    hidden_fields,
    post_hand,
    read_form,
    session_options,
    start_session,
    valid_of,
)


def counted(monkeypatch, game: Game) -> list[str]:
    """The calls made from now on to the game's ``result`` and ``score``, by name, in order."""
    calls: list[str] = []
    for name in ("result", "score"):
        original = getattr(type(game), name)

        def counting(self, *args, _original=original, _name=name, **kwargs):
            calls.append(_name)
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(type(game), name, counting)
    return calls


def a_session_for(client, game_id: str) -> tuple[Worked, str]:
    """A worked hand of the game the hand form can enter, and a session whose deal 1 it fits."""
    for worked in valid_of(game_id):
        options = session_options(worked, exact=False) if worked.on_the_form else None
        if options is None:
            continue
        for first_dealer in range(worked.players):
            board = start_session(client, worked.game, worked.players, options, first_dealer=first_dealer)
            if fits(worked, hidden_fields(client.get(board + "/hands/new").text, "hand-form")):
                return worked, board
    raise AssertionError(f"no worked hand of {game_id} fits a new session's first deal")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_preview_scores_the_hand_once(client, monkeypatch, game_id):
    worked, board = a_session_for(client, game_id)
    page = client.get(board + "/hands/new").text
    _, untouched = read_form(page, "hand-form")
    hidden = hidden_fields(page, "hand-form")
    entered = {k: v for k, v in worked.game.form_data(worked.record()).items() if k not in hidden}
    calls = counted(monkeypatch, worked.game)
    preview = client.post(board + "/hands/preview", data=filled(untouched, entered), headers={"HX-Request": "true"})
    assert preview.status_code == 200, alerts(preview.text)
    assert calls == ["result"]
    assert [f'data-seat="{seat}"' in preview.text for seat in range(worked.players)] == [True] * worked.players


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_stored_hands_result_and_scores_come_from_one_scoring(app, client, monkeypatch, game_id):
    worked, board = a_session_for(client, game_id)
    assert post_hand(client, board, worked.game.form_data(worked.record())).status_code == 303
    with Session(app.extensions["db_engine"]) as db:
        [hand] = load_scoreboard(db, find_sitting(db, board.rsplit("/", 1)[1])).hands
    calls = counted(monkeypatch, hand.game)
    result, scored = hand.result, hand.scored
    assert (hand.result, hand.scored) == (result, scored)
    assert calls == ["result"]
    assert scored.net == result.net and list(scored.net) == worked.net
    assert scored.working == result.working and scored == worked.game.score(hand.record, hand.names)
