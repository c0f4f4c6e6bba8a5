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
    assert "French Tarot, 5 players, 5 deals: each point is worth 0/0½." in page


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


def test_each_game_has_its_start_page_and_unknown_games_are_404(client):
    assert client.get("/new/french").text.count('name="player_') == 4  # most tables are four
    assert client.get("/new/french?players=9").text.count('name="player_') == 4
    assert client.get("/new/tapp?players=5").text.count('name="player_') == 3
    assert client.get("/new/sussex").text.count('name="player_') == 4  # every game has its own start page
    assert client.get("/new/skat").status_code == 404
    assert client.get("/reference/games/tapp").status_code == 200
    assert client.get("/reference/games/french").status_code == 200
    assert "Other games" in client.get("/reference/games/sussex").text  # the usual game: the index of its sheets


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


# -- hands no deal can produce: refused beside their fields, in the players' names --------------------------


def post_hand(client, board: str, **fields):
    form = client.get(board + "/hands/new")
    return client.post(board + "/hands/new", data={**hidden_fields(form.text), "action": "save", **fields})


def error_of(html: str, field: str) -> str:
    found = re.search(rf'<p class="error" id="{field}-error" role="alert">(.*?)</p>', html)
    assert found, f"no error beside {field}"
    return found.group(1)


def test_french_refusals_stand_beside_their_fields(client):
    board = start(client, "french", ["Ann", "Bob", "Cat", "Dan"], "4")
    hand = {"taker": "0", "contract": "garde", "bouts": "2"}
    half = post_hand(client, board, **hand, points="40,5")  # four players: whole points only
    assert half.status_code == 422 and "card points are whole" in error_of(half.text, "points")
    bouts = post_hand(client, board, **{**hand, "bouts": "3"}, points="13")  # 3 bouts and the dog: 15 at least
    assert bouts.status_code == 422 and "at least 15 card points, not 13" in error_of(bouts.text, "points")
    handfuls = post_hand(client, board, **hand, points="45", poignee_taker="triple", poignee_defence="double")
    assert handfuls.status_code == 422
    assert "15 + 13 = 28 trumps, but there are only 22" in error_of(handfuls.text, "poignee_taker")
    petit = post_hand(client, board, **{**hand, "bouts": "0"}, points="45", petit_au_bout="taker")
    assert petit.status_code == 422 and "no bouts" in error_of(petit.text, "petit_au_bout")
    assert totals(client.get(board).text) == [0, 0, 0, 0]
    # A prise is a petite: 45 of 41, made by 4: 29 from each defender.
    assert post_hand(client, board, **{**hand, "contract": "prise"}, points="45").status_code == 303
    assert totals(client.get(board).text) == [87, -29, -29, -29]
    assert "whole numbers with 4 players" in client.get(board + "/hands/new").text


def test_a_french_form_names_players_not_seats(client):
    board = start(client, "french", ["Ann", "Bob", "Cat", "Dan", "Eve"], "5")
    refused = post_hand(client, board, taker="0", contract="garde", bouts="1", points="50")  # no partner chosen
    assert refused.status_code == 422
    assert error_of(refused.text, "partner") == (
        "Choose who held the called King (the taker, if alone): Ann, Bob, Cat, Dan or Eve."
    )
    assert not re.search(r"\bseats? (from )?\d", refused.text)


def test_tapp_refusals_and_a_bridschers_tie(client):
    board = start(client, "tapp", ["Ann", "Bob", "Cat"], "3")
    split = post_hand(client, board, bid="three", declarer="0", points="40", bonus_pagat_ultimo="silent-1",
                      bonus_trull="silent-2")  # fmt: skip
    assert split.status_code == 422 and "different players" in error_of(split.text, "bonus_trull")
    nobody = post_hand(client, board, bid="bridscher")
    assert nobody.status_code == 422
    assert error_of(nobody.text, "loser") == "Choose who took the most card points (and pays): Ann, Bob or Cat."
    # Ann and Cat tied for the most: each pays each other player 10, so Bob takes 20.
    assert post_hand(client, board, bid="bridscher", loser=["0", "2"]).status_code == 303
    assert totals(client.get(board).text) == [-10, 20, -10]
    edit = client.get(board + "/hands/1/edit").text
    assert '<input checked id="loser-0"' in edit and '<input checked id="loser-2"' in edit
    assert 'id="loser-1" name="loser" type="checkbox"' in edit


@pytest.mark.parametrize(
    "hand, field",
    [
        # Sussex Tarot: a valat for declarer's side leaves the defence its two trugs, 20 at most.
        (
            {
                "bid": "4",
                "declarer": 0,
                "called_card": "7C",
                "young_trumps": "hearts",
                "holder": 1,
                "points": 90,
                "bonuses": {"valat": "declarer"},
            },
            "bonuses",
        ),  # fmt: skip
        # Tapp Tarock: 38 misses the announced With 40, whatever made says.
        (
            {
                "game": "tapp",
                "bid": "three",
                "declarer": 0,
                "points": 38,
                "bonuses": [{"bonus": "with-40", "seat": 0, "announced": True, "made": True}],
            },
            "bonuses",
        ),  # fmt: skip
        # French Tarot: 3 bouts are 13½ on their own.
        (
            {"game": "french", "players": 3, "taker": 0, "contract": "garde-contre", "bouts": 3, "points": 13},
            "points",
        ),  # fmt: skip
    ],
)
def test_the_api_refuses_what_no_deal_can_produce(client, hand, field):
    response = client.post("/api/score", json=hand)
    assert response.status_code == 422 and response.json["field"] == field and response.json["error"]


def test_a_hand_saved_before_its_check_still_shows_and_is_refused_only_when_saved_again(app, client):
    """A four-player French hand of 40½, stored before halves were refused with four: read as saved."""
    from sqlmodel import Session

    from companion.games import GAMES
    from companion.store import find_sitting, record_hand

    board = start(client, "french", ["Ann", "Bob", "Cat", "Dan"], "4")
    saved = {"players": 4, "taker": 0, "contract": "garde", "bouts": 2, "points": 40.5}
    with Session(app.extensions["db_engine"], expire_on_commit=False) as db:
        sitting = find_sitting(db, board.rsplit("/", 1)[1])
        record_hand(db, sitting, 1, GAMES["french"].parse(saved, 4, stored=True), "saved-before")
    page = client.get(board)
    assert page.status_code == 200 and totals(page.text) == [-156, 52, 52, 52]  # failed by ½, rounded up: 1
    edit = client.get(board + "/hands/1/edit")
    assert edit.status_code == 200 and 'value="40.5"' in edit.text
    fields = {"taker": "0", "contract": "garde", "bouts": "2", "points": "40.5"}
    again = client.post(board + "/hands/1/edit", data={**hidden_fields(edit.text), "action": "save", **fields})
    assert again.status_code == 422 and "whole" in again.text


def preview_of(client, board: str, **fields) -> str:
    form = client.get(board + "/hands/new").text
    headers = {"HX-Request": "true", "X-CSRFToken": csrf_from(form)}
    return client.post(board + "/hands/preview", data={**hidden_fields(form), **fields}, headers=headers).text


@pytest.mark.parametrize(
    "game, names, sections",
    [
        ("tapp", ["Ann", "Bob", "Cat"], ["bids", "points", "bridscher", "bonuses"]),
        ("french", ["Ann", "Bob", "Cat", "Dan", "Eve"], ["partner", "contracts", "targets", "cards", "petit-au-bout",
                                                         "poignee", "chelem"]),
    ],
)  # fmt: skip
def test_each_rule_a_points_game_needs_has_its_help_beside_the_field(client, game, names, sections):
    board = start(client, game, names, str(len(names)))
    form = client.get(board + "/hands/new").text
    found = re.findall(rf'class="help" href="/reference/games/{game}#([a-z-]+)"[^>]*hx-select="#([a-z-]+)"', form)
    assert [a for a, b in found if a == b] == sections
    assert '<dialog id="help"' in form
    sheet = client.get(f"/reference/games/{game}").text
    for section in sections:
        assert f'<section id="{section}">' in sheet


def test_a_points_games_bar_says_what_is_still_to_fill_in_in_the_forms_order(client):
    french = start(client, "french", ["Ann", "Bob", "Cat", "Dan", "Eve"], "5")
    assert "To fill in: Called King held by (the taker: alone), Taker&#39;s card points" in preview_of(
        client, french, taker="0", contract="garde", bouts="1"
    )
    tapp = start(client, "tapp", ["Ann", "Bob", "Cat"], "3")
    assert "To fill in: Declarer (won the bid), Declarer&#39;s card points" in preview_of(client, tapp, bid="two")
    assert "To fill in: Bridscher: most card points (pays)" in preview_of(client, tapp, bid="bridscher")


def test_tapp_tarocks_preview_names_the_players_never_seats(client):
    board = start(client, "tapp", ["Ann", "Bob", "Cat"], "3")
    tie = preview_of(client, board, bid="bridscher", loser=["0", "2"])
    assert "Bridscher: Ann and Cat tied for the most card points" in tie
    missed = preview_of(client, board, bid="two", declarer="1", points="45", bonus_trull="missed-2")
    assert "Trull, announced by Cat and missed: Cat pays each other player" in missed
    assert not re.search(r"\bseats? (from )?\d", tie + missed)


def test_a_points_games_notice_after_save_gives_each_players_points(client):
    board = start(client, "tapp", ["Ann", "Bob", "Cat"], "3")
    save(client, board, bid="three", declarer="0", points="38")
    notice = re.search(r'<p class="flash" role="status">(.*?)</p>', client.get(board).text).group(1)
    assert notice == "Deal 1 saved: Ann bid Three · 38 · won — Ann\u00a0+20 · Bob\u00a0−10 · Cat\u00a0−10"


def test_every_games_sheet_is_kept_for_offline(client):
    worker = client.get("/sw.js").text
    for game in ("tapp", "french"):
        assert f'"/reference/games/{game}",' in worker
