"""Sessions of Tapp Tarock and French Tarot through the web: start, score, edit, delete, settle up in money."""

from __future__ import annotations

import re

import pytest

from companion.testing import hidden_fields
from tests.web.helpers import csrf_from


def start(client, game: str, names: list[str], deals: str, stake: str = "0/1", **extra) -> str:
    page = client.get(f"/new/{game}?players={len(names)}")
    assert page.status_code == 200
    data = {f"player_{i}": n for i, n in enumerate(names)}
    data.update(csrf_token=csrf_from(page.text), first_dealer="0", deals=deals, stake=stake, coins="0/1 0/6 1/- 2/6")
    data.update(extra)
    response = client.post(f"/new/{game}?players={len(names)}", data=data)
    assert response.status_code == 303, response.text
    return response.headers["Location"]


def save(client, board: str, **fields):
    form = client.get(board + "/hands/new")
    assert form.status_code == 200
    response = client.post(board + "/hands/new", data={**hidden_fields(form.text), "action": "save", **fields})
    assert response.status_code == 303, response.text
    return response


def totals(html: str) -> list[int]:
    return [int(t) for t in re.findall(r'data-total="(-?\d+)"', html)]


def test_a_tapp_session_scores_settles_and_edits(client):
    board = start(client, "tapp", ["Ann", "Bob", "Cat"], "3", counting="simplified")
    save(client, board, bid="three", declarer="0", points="38")  # Ann +20
    # Bob's two with all 71: 20 from each, and With 50 (silent) 20 from each; Cat's silent Trull: 10 from each.
    save(client, board, bid="two", declarer="1", points="71", bonus_trull="silent-2")
    page = client.get(board).text
    assert totals(page) == [20 - 20 - 20 - 10, -10 + 40 + 40 - 10, -10 - 20 - 20 + 20]
    save(client, board, bid="bridscher", loser="2")  # Cat pays each 10
    page = client.get(board).text
    assert totals(page) == [-20, 70, -50] and "All 3 deals played" in page
    # At a penny a point: Cat pays Bob 50d (4/2), Ann pays Bob 20d (1/8).
    assert re.search(r'Cat</strong> pays <strong>Bob</strong> <span class="amount">4/2</span>', page)
    assert re.search(r'Ann</strong> pays <strong>Bob</strong> <span class="amount">1/8</span>', page)
    edit = client.get(board + "/hands/3/edit")
    assert '<input checked id="loser-2"' in edit.text
    data = {**hidden_fields(edit.text), "action": "save", "bid": "bridscher", "loser": "1"}
    assert client.post(board + "/hands/3/edit", data=data).status_code == 303
    assert totals(client.get(board).text) == [-20, 40, -20]


def test_a_five_player_french_session_with_a_called_partner(client):
    board = start(client, "french", ["Ann", "Bob", "Cat", "Dan", "Eve"], "5", stake="0/0½")
    # Garde, 0 bouts, 66: 35 × 2 = 70 from each defender; Ann two thirds (140), Dan one third (70).
    save(client, board, taker="0", partner="3", contract="garde", bouts="0", points="66")
    assert totals(client.get(board).text) == [140, -70, -70, 70, -70]
    # Taker alone (own King), a petite just made with 3 bouts, and a halfpoint typed with a comma.
    save(client, board, taker="1", partner="1", contract="petite", bouts="3", points="36,0")
    assert totals(client.get(board).text) == [115, 30, -95, 45, -95]
    page = client.get(board).text
    assert "5 players: each point is worth 0/0½" in page


def test_refusals_stand_beside_their_fields(client):
    board = start(client, "french", ["Ann", "Bob", "Cat", "Dan"], "4")
    form = client.get(board + "/hands/new")
    data = {**hidden_fields(form.text), "action": "save", "taker": "0", "contract": "garde", "bouts": "1"}
    refused = client.post(board + "/hands/new", data={**data, "points": "92"})
    assert refused.status_code == 422 and 'id="points-error"' in refused.text
    chelem = client.post(board + "/hands/new", data={**data, "points": "40", "chelem": "made"})
    assert chelem.status_code == 422 and 'id="chelem-error"' in chelem.text
    assert totals(client.get(board).text) == [0, 0, 0, 0]


def test_the_live_preview_of_a_points_game(client):
    board = start(client, "tapp", ["Ann", "Bob", "Cat"], "6")
    form = client.get(board + "/hands/new")
    data = {**hidden_fields(form.text), "bid": "one", "declarer": "2", "points": "30"}
    preview = client.post(
        board + "/hands/preview", data=data, headers={"HX-Request": "true", "X-CSRFToken": csrf_from(form.text)}
    )
    assert preview.status_code == 200
    assert re.findall(r'data-points="(-?\d+)"', preview.text) == ["30", "30", "-60"]
    assert "One: the declarer took 30 of 70 (36 needed) and pays each other player 30." in preview.text


@pytest.mark.parametrize(
    "game, players, data, message",
    [
        ("tapp", 3, {"player_0": "Ann", "player_1": "ann", "player_2": "Cat"}, "Each player needs a different name."),
        ("french", 4, {"player_0": "A", "player_1": "B", "player_2": "C", "player_3": "D", "stake": "lots"}, "Stake:"),
        (
            "french",
            4,
            {"player_0": "A", "player_1": "B", "player_2": "C", "player_3": "D", "stake": "0/-"},
            "A point is worth",
        ),
    ],
)
def test_bad_session_forms_are_refused(client, game, players, data, message):
    page = client.get(f"/new/{game}?players={players}")
    form = {"csrf_token": csrf_from(page.text), "first_dealer": "0", "deals": str(players * 2), "stake": "0/1", **data}
    response = client.post(f"/new/{game}?players={players}", data=form)
    assert response.status_code == 422 and message in response.text


def test_sussex_has_no_second_start_page_and_unknown_games_are_404(client):
    assert client.get("/new/french").text.count('name="player_') == 4  # most tables are four
    assert client.get("/new/french?players=9").text.count('name="player_') == 4
    assert client.get("/new/tapp?players=5").text.count('name="player_') == 3
    assert client.get("/new/sussex").status_code == 404
    assert client.get("/new/skat").status_code == 404
    assert client.get("/reference/games/tapp").status_code == 200
    assert client.get("/reference/games/french").status_code == 200
    assert client.get("/reference/games/sussex").status_code == 404


def test_a_points_session_exports_imports_and_rescores_whole(app, client, runner, tmp_path):
    import csv
    import io
    import json

    from sqlmodel import Session

    from companion import backup
    from tests.conftest import make_app

    board = start(client, "french", ["Ann", "Bob", "Cat", "Dan", "Eve"], "5", stake="0/0½")
    save(client, board, taker="0", partner="3", contract="garde", bouts="0", points="66", petit_au_bout="defence")
    tapp = start(client, "tapp", ["Ann", "Bob", "Cat"], "3", counting="simplified")
    save(client, tapp, bid="solo", declarer="2", points="71")
    rows = list(csv.reader(io.StringIO(client.get(board + "/export.csv").text)))
    assert rows[0] == [
        "deal",
        "dealer",
        "hand",
        "Ann (points)",
        "Bob (points)",
        "Cat (points)",
        "Dan (points)",
        "Eve (points)",
    ]
    # (25 + 10) × 2 - 10 × 2 = 50 from each defender: Ann 100, Dan 50.
    assert rows[1][3:] == ["100", "-50", "-50", "50", "-50"] and rows[-1][0] == "in money at 0/0½ a point"
    assert rows[-1][3:] == ["4/2", "\u22122/1", "\u22122/1", "2/1", "\u22122/1"]
    with Session(app.extensions["db_engine"]) as db:
        data = json.loads(json.dumps(backup.export_all(db)))
    assert [s.get("game") for s in data["sessions"]] == ["french", "tapp"]
    assert data["sessions"][1]["house_rules"] == {"counting": "simplified"}
    fresh = make_app(tmp_path / "fresh.sqlite3")
    with Session(fresh.extensions["db_engine"], expire_on_commit=False) as db:
        imported = backup.import_all(db, data)
        assert [i.rescored for i in imported] == [[], []]
        assert [(i.sitting.game, i.sitting.seats, i.sitting.stake) for i in imported] == [
            ("french", 5, 1),
            ("tapp", 3, 2),
        ]
    assert fresh.test_cli_runner().invoke(args=["rescore"]).output.endswith("2 hands checked, 0 no longer match\n")
    data["sessions"][1]["players"] = ["Ann", "Bob", "Cat", "Dan"]
    data["sessions"][0]["stake"] = 99
    with Session(fresh.extensions["db_engine"]) as db, pytest.raises(backup.ImportError_) as refused:
        backup.import_all(db, data)
    assert "session 1: stake must be 1 to 24" in str(refused.value)
    assert "session 2: players must be a list of 3 names for Tapp Tarock" in str(refused.value)
    fresh.extensions["db_engine"].dispose()
