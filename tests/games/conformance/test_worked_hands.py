"""Every registered game's worked hands, each through the engine, the API, the command line and the hand form;
every invalid one refused by each of them, naming its field."""

from __future__ import annotations

import json

import pytest
from sqlmodel import Session

from companion.games import GAMES
from companion.games.common import InvalidHand
from companion.store import find_sitting, load_scoreboard
from tests.cli import run_cli
from tests.conftest import ROOT

from .worked import (
    GAME_IDS,
    INVALID,
    INVALID_ON_THE_FORM,
    ON_THE_FORM,
    VALID,
    WORKED,
    Worked,
    alerts,
    data_folder,
    fits,
    form_for_invalid,
    form_refusal,
    hidden_fields,
    net_of,
    post_hand,
    session_options,
    start_session,
    totals_shown,
)


def result_of(worked: Worked) -> dict:
    """The game's own result for the hand, as JSON carries it."""
    return json.loads(json.dumps(worked.game.result_json(worked.record(), True)))


def check_result(worked: Worked, got: dict) -> None:
    assert net_of(got, worked.game) == worked.net
    for key, value in worked.more.items():  # whatever else expect says, where the result has it
        if key in got:
            assert got[key] == value, key


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_worked_hands(game_id):
    game = GAMES[game_id]
    folder = data_folder(game)
    assert folder.is_dir(), (
        f"{game.name} ({game_id!r}) is registered but has no worked hands: add {folder.relative_to(ROOT)}/"
        ' with one JSON file a hand: {"name", "source", "hand", "expect": {"net": [...]}}'
    )
    hands = WORKED[game_id]
    assert any(w.valid for w in hands), f"{folder} holds no worked hand to score (a file with hand and expect)"
    for worked in hands:
        assert worked.players in game.players, f"{worked.path}: {worked.players} players; {game.name}: {game.players}"
        if worked.valid:
            assert len(worked.net) == worked.players, f"{worked.path}: expect a score for each of the players"


# -- the engine ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("worked", VALID)
def test_the_engine_scores_it(worked):
    game, record = worked.game, worked.record()
    scored = game.score(record)
    assert list(scored.net) == worked.net
    assert scored.working and all(isinstance(line, str) and line for line in scored.working)
    named = game.score(record, worked.names)
    assert named.net == scored.net
    assert game.describe(record, worked.names) and game.notice(record, worked.names)
    for other in worked.also:  # the same hand, entered another way
        assert list(game.score(game.parse(other, worked.players)).net) == worked.net, other


@pytest.mark.parametrize("worked", INVALID)
def test_the_engine_refuses_it(worked):
    with pytest.raises(InvalidHand) as refused:
        worked.game.parse(worked.hand, worked.players)
    if worked.refused:
        assert refused.value.field == worked.refused, refused.value.message
    assert refused.value.message


# -- the API and the command line ------------------------------------------------------------------------------


@pytest.mark.parametrize("worked", VALID)
def test_the_api_scores_it(worked, web_app):
    response = web_app.test_client().post("/api/score", json=worked.api_body)
    assert response.status_code == 200, response.json
    check_result(worked, response.json)
    assert response.json == result_of(worked)


@pytest.mark.parametrize("worked", INVALID)
def test_the_api_refuses_it(worked, web_app):
    response = web_app.test_client().post("/api/score", json=worked.api_body)
    assert response.status_code == 422, response.json
    assert set(response.json) == {"error", "field"} and response.json["error"]
    if worked.refused:
        assert response.json["field"] == worked.refused, response.json


@pytest.mark.parametrize("worked", VALID)
def test_the_command_line_scores_it(worked):
    done = run_cli("score", "--working", stdin=json.dumps(worked.api_body))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    got = json.loads(done.stdout)
    check_result(worked, got)
    assert got == result_of(worked)


@pytest.mark.parametrize("worked", INVALID)
def test_the_command_line_refuses_it(worked):
    done = run_cli("score", stdin=json.dumps(worked.api_body))
    assert done.returncode == 2, done.stdout
    assert done.stdout == "" and "Traceback" not in done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith(f"invalid hand: {worked.refused or ''}"), line


# -- the hand form, in a session of the game started from its start form ----------------------------------------


@pytest.mark.parametrize("worked", ON_THE_FORM)
def test_the_hand_form_scores_it(worked, web_app):
    game, record = worked.game, worked.record()
    options = session_options(worked, exact=False)
    assert options is not None, "no session options under which the hand form scores this record's form_data"
    client = web_app.test_client()
    for first_dealer in range(worked.players):  # a hand that says who dealt it goes in as a deal they dealt
        board = start_session(client, game, worked.players, options, first_dealer=first_dealer)
        if fits(worked, hidden_fields(client.get(board + "/hands/new").text, "hand-form")):
            break
    else:
        pytest.fail("whoever deals first, the form for deal 1 does not fit this hand (its hidden fields)")
    saved = post_hand(client, board, game.form_data(record))
    assert saved.status_code == 303, alerts(saved.text)
    assert totals_shown(client.get(board).text) == worked.net
    with Session(web_app.extensions["db_engine"]) as db:
        [hand] = load_scoreboard(db, find_sitting(db, board.rsplit("/", 1)[1])).hands
    assert list(hand.payments) == worked.net
    assert game.score(hand.record).net == game.score(record).net  # stored and read back


@pytest.mark.parametrize("worked", INVALID_ON_THE_FORM)
def test_the_hand_form_refuses_it(worked, web_app):
    fields = form_for_invalid(worked)
    assert fields is not None
    game = worked.game
    client = web_app.test_client()
    board = start_session(client, game, worked.players, {})
    refused = post_hand(client, board, fields)
    assert refused.status_code == 422, alerts(refused.text)
    engine, shown = form_refusal(game, worked.names, fields)
    if engine is not None and worked.refused:  # the form's own checks may refuse it first, beside their fields
        assert engine == worked.refused, "the form refuses it for another reason than the API"
    for name in shown:
        assert f'id="{name}-error"' in refused.text, (name, alerts(refused.text))
    assert alerts(refused.text)
    assert "Traceback" not in refused.text
    assert totals_shown(client.get(board).text) == [0] * worked.players
