"""One interface for every game: the API and the command line take a ``game`` field (Sussex Tarot by default)."""

from __future__ import annotations

import json

import pytest

from companion.games import GAMES, score_json
from tests.cli import run_cli
from tests.conftest import EXAMPLES, load_example

TAPP_WON = {"game": "tapp", "bid": "two", "declarer": 1, "points": 36}
FRENCH_GARDE = {"game": "french", "players": 4, "taker": 0, "contract": "garde", "bouts": 2, "points": 45}


def test_a_sussex_hand_scores_the_same_with_or_without_its_game():
    worked = next(load_example(p) for p in EXAMPLES if "expect" in load_example(p))
    assert score_json({"game": "sussex", **worked["hand"]}, True) == score_json(worked["hand"], True)


def test_the_api_scores_each_game(client):
    tapp = client.post("/api/score", json=TAPP_WON)
    assert tapp.status_code == 200 and tapp.json["net"] == [-20, 40, -20] and tapp.json["unit"] == "points"
    assert tapp.json["working"][0].startswith("Two: the declarer took 36 of 70")
    french = client.post("/api/score", json=FRENCH_GARDE)
    assert french.json["net"] == [174, -58, -58, -58]


@pytest.mark.parametrize(
    "body, field",
    [
        ({**TAPP_WON, "game": "skat"}, "game"),
        ({**TAPP_WON, "points": 80}, "points"),
        ({**FRENCH_GARDE, "players": 2}, "players"),
    ],
)
def test_the_api_refuses_a_bad_hand_of_any_game_naming_the_field(client, body, field):
    response = client.post("/api/score", json=body)
    assert response.status_code == 422 and response.json["field"] == field


def test_the_command_line_scores_each_game():
    done = run_cli("score", "--working", stdin=json.dumps(FRENCH_GARDE))
    assert done.returncode == 0 and json.loads(done.stdout)["net"] == [174, -58, -58, -58]
    refused = run_cli("score", stdin=json.dumps({**TAPP_WON, "bid": "four"}))
    assert refused.returncode == 2 and refused.stderr.startswith("invalid hand: bid:")


def test_a_session_of_a_game_has_its_own_number_of_players():
    assert GAMES["french"].parse({k: v for k, v in FRENCH_GARDE.items() if k != "game"}, 4).players == 4
    with pytest.raises(ValueError, match="This session has 5 players"):
        GAMES["french"].parse({k: v for k, v in FRENCH_GARDE.items() if k != "game"}, 5)


#: Hands a form or the API refuses now, as they may have been saved before those checks came.
SAVED_BEFORE_THE_CHECKS = [
    ("french", 4, {"players": 4, "taker": 0, "contract": "garde", "bouts": 2, "points": 40.5}),
    (
        "tapp",
        3,
        {
            "bid": "three",
            "declarer": 0,
            "points": 38,
            "bonuses": [{"bonus": "with-40", "seat": 0, "announced": True, "made": True}],
        },
    ),
    (
        "sussex",
        4,
        {
            "bid": "4",
            "declarer": 1,
            "called_card": "7C",
            "young_trumps": "hearts",
            "holder": 3,
            "points": 100,
            "bonuses": {"valat": "defence"},
        },
    ),
]


@pytest.mark.parametrize(("game", "players", "saved"), SAVED_BEFORE_THE_CHECKS)
def test_a_hand_saved_before_a_check_still_reads_back_as_saved(game, players, saved):
    with pytest.raises(ValueError):
        GAMES[game].parse(saved, players)
    record = GAMES[game].parse(saved, players, stored=True)
    assert len(GAMES[game].score(record).net) == players


def test_a_stored_tapp_with_40_takes_its_points_word(tmp_path):
    missed = GAMES["tapp"].parse(SAVED_BEFORE_THE_CHECKS[1][2], 3, stored=True)
    assert (
        GAMES["tapp"].score(missed).net
        == GAMES["tapp"]
        .score(
            GAMES["tapp"].parse(
                {
                    **SAVED_BEFORE_THE_CHECKS[1][2],
                    "bonuses": [{"bonus": "with-40", "seat": 0, "announced": True, "made": False}],
                },
                3,
            )
        )
        .net
    )
