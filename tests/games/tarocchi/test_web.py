"""Piedmontese Tarocchi through the web: a game of four hands started, scored through the hand form (the research's
worked game), edited, finished and settled at a stake a game or a point; the API, the command line, refusals beside
their fields, exports and imports, and a group's leaderboard and player page."""

from __future__ import annotations

import csv
import html
import io
import json
import re
from pathlib import Path

import pytest

from companion.games import GAMES
from companion.testing import hidden, hidden_fields
from tests.cli import run_cli
from tests.web.helpers import csrf_from
from tests.web.test_groups import leaderboard, make_group

DATA = Path(__file__).parent / "data"
WORKED = [json.loads(p.read_text()) for p in sorted(DATA.glob("hand-*.json"))]
WORKED_GAME = json.loads((DATA / "game.json").read_text())
NAMES = ["Ann", "Bob", "Cat", "Dan"]
GAME = GAMES["tarocchi"]


# -- helpers, shared with test_early_french -------------------------------------------------------------------


def start(client, game: str, deals: str, stake: str, stake_per: str | None = None, first_dealer: str = "0") -> str:
    """A session of ``game`` started from its own start page, as a phone does; its scoreboard's address."""
    page = client.get(f"/new/{game}")
    assert page.status_code == 200
    data = {f"player_{i}": n for i, n in enumerate(NAMES)}
    data.update(csrf_token=csrf_from(page.text), first_dealer=first_dealer, deals=deals, stake=stake)
    data.update(coins="0/1 0/3 0/6 1/- 2/6", **({"stake_per": stake_per} if stake_per else {}))
    response = client.post(f"/new/{game}", data=data)
    assert response.status_code == 303, response.text
    return response.headers["Location"]


def form_fields(html: str) -> dict[str, str]:
    """The hidden fields a loaded hand form sends back, the game's own (the dealer) included."""
    return {**hidden_fields(html), "dealer": hidden(html, "dealer")}


def post_hand(client, board: str, deal: int | None = None, **fields):
    """A hand posted from its form (a new one, or deal ``deal`` edited), as the browser sends it."""
    url = f"{board}/hands/{deal}/edit" if deal else f"{board}/hands/new"
    form = client.get(url)
    assert form.status_code == 200, form.text
    return client.post(url, data={**form_fields(form.text), "action": "save", **fields})


def save(client, board: str, deal: int | None = None, **fields) -> None:
    response = post_hand(client, board, deal, **fields)
    assert response.status_code == 303, response.text


def preview_of(client, board: str, **fields) -> str:
    form = client.get(board + "/hands/new").text
    headers = {"HX-Request": "true", "X-CSRFToken": csrf_from(form)}
    response = client.post(board + "/hands/preview", data={**form_fields(form), **fields}, headers=headers)
    assert response.status_code == 200
    return response.text


def totals(html: str) -> list[int]:
    return [int(t) for t in re.findall(r'data-total="(-?\d+)"', html)]


def payments(html: str) -> list[tuple[str, str, str]]:
    """Settle up: (payer, payee, amount) as the scoreboard lists them."""
    found = re.findall(r"<li><strong>(\w+)</strong> pays <strong>(\w+)</strong> <span class=\"amount\">([^<]+)<", html)
    return [tuple(p) for p in found]


def error_of(html: str, field: str) -> str:
    found = re.search(rf'<p class="error" id="{field}-error" role="alert">(.*?)</p>', html)
    assert found, f"no error beside {field}"
    return found.group(1)


def notice(html: str) -> str:
    return re.search(r'<p class="flash" role="status">(.*?)</p>', html).group(1)


# -- the game --------------------------------------------------------------------------------------------------


def as_form(hand: dict) -> dict[str, str]:
    """A worked hand's record as its form's fields (the dealer comes from the form page itself)."""
    fields = GAME.form_data(GAME.parse(hand, 4))
    del fields["dealer"]
    return fields


def test_a_game_of_four_hands_is_started_scored_and_settled_at_a_stake_a_game(client):
    start_page = client.get("/").text
    assert 'id="new-tarocchi" href="/new/tarocchi"' in start_page and "Piedmontese Tarocchi (4 players)" in start_page
    form = client.get("/new/tarocchi").text
    assert re.findall(r'data-value="(\d+)"><input[^>]*name="deals"[^>]*><span>([^<]+)<', form) == [
        ("4", "4 hands (a game)"),
        ("8", "8 hands (a longer game: each deals twice)"),
        ("12", "12 hands (a longer game: each deals three times)"),
    ]
    assert re.search(r'<input checked id="stake_per-0" name="stake_per" type="radio" value="game">', form)
    board = start(client, "tarocchi", "4", "1/-")
    for deal, hand in enumerate(WORKED_GAME["hands"], start=1):
        page = client.get(board + "/hands/new").text
        assert hidden(page, "dealer") == str(hand["dealer"])  # the deal passes round: the session knows the dealer
        assert f"{NAMES[hand['dealer']]} dealt: the two discards count for" in page
        save(client, board, **as_form(hand))
        if deal < 4:
            assert (
                f'id="score-hand" href="{board.removeprefix("http://localhost")}/hands/new">Score deal {deal + 1}<'
                in (client.get(board).text)
            )
    page = client.get(board).text
    ns, ew = WORKED_GAME["expect"]["side_totals"]
    assert totals(page) == [ns, ew, ns, ew] and "All 4 deals played" in page and 'id="score-hand"' not in page
    # North–South win the game: each of East–West pays one of them the stake (1/-, as the game's file says 10 to 10).
    assert payments(page) == [("Bob", "Ann", "1/-"), ("Dan", "Cat", "1/-")]
    assert re.search(r'data-seats="0 2"><span class="name">Ann &amp; Cat</span> <span class="amount plus">\+163<', page)
    assert "Piedmontese Tarocchi, 4 players, a game of 4 hands: each game is worth 1/-." in page
    assert notice(page) == (
        "Deal 4 saved: Ann &amp; Cat 41 · Bob &amp; Dan 37 · Ann &amp; Cat won — "
        "Ann\u00a0+41 · Bob\u00a0+37 · Cat\u00a0+41 · Dan\u00a0+37"
    )
    every = client.get(board + "/hands/new", follow_redirects=True).text
    assert "Every deal of this session is recorded" in every


def test_a_drawn_game_pays_nobody(client):
    board = start(client, "tarocchi", "4", "1/-")
    for side in ("north-south", "east-west", "north-south", "east-west"):
        save(client, board, side=side, points="40")  # each side wins two hands, 40 to 38: 156 each
    page = client.get(board).text
    assert totals(page) == [156] * 4 and "Everyone is square: nobody pays." in page


def test_a_stake_a_point_settles_the_difference_each_loser_to_one_winner(client):
    board = start(client, "tarocchi", "4", "0/1", stake_per="point")
    for hand in WORKED_GAME["hands"]:
        save(client, board, **as_form(hand))
    page = client.get(board).text
    # 163 − 149 = 14 points at a penny: each of East–West pays one of North–South 1/2.
    assert payments(page) == [("Bob", "Ann", "1/2"), ("Dan", "Cat", "1/2")]
    assert "each point is worth 0/1" in page


def test_a_longer_game_goes_on_after_four_hands(client):
    board = start(client, "tarocchi", "8", "1/-", first_dealer="2")
    for _ in range(4):
        save(client, board, side="east-west", points="50")
    page = client.get(board).text
    assert "Deal 5 of 8" in page and "Dealer <strong>Cat</strong>" in page and not payments(page)
    assert hidden(client.get(board + "/hands/new").text, "dealer") == "2"  # round again: Cat deals the fifth


def test_the_worked_hands_through_the_form_the_api_and_the_command_line(client):
    for case in WORKED:
        expect = case["expect"]
        for record in [case["hand"], *case["also"]]:
            answer = client.post("/api/score", json={"game": "tarocchi", **record})
            assert answer.status_code == 200
            assert answer.json["net"] == expect["net"] and answer.json["sides"] == expect["sides"]
            assert answer.json["winner"] == expect["winner"] and answer.json["unit"] == "points"
        done = run_cli("score", "--working", stdin=json.dumps({"game": "tarocchi", **case["hand"]}))
        assert done.returncode == 0 and json.loads(done.stdout)["net"] == expect["net"]
        # Through the form, dealt by the worked hand's dealer: the preview gives each player their side's points.
        board = start(client, "tarocchi", "4", "1/-", first_dealer=str(case["hand"]["dealer"]))
        shown = preview_of(client, board, **as_form(case["hand"]))
        assert [int(p) for p in re.findall(r'data-points="(-?\d+)"', shown)] == expect["net"]
    refused = run_cli("score", stdin=json.dumps({"game": "tarocchi", "dealer": 0, "side": "north-south", "points": 79}))
    assert refused.returncode == 2 and refused.stderr.startswith("invalid hand: points:")


def test_the_preview_works_out_the_other_side_and_names_the_players(client):
    board = start(client, "tarocchi", "4", "1/-", first_dealer="1")
    shown = preview_of(client, board, side="east-west", face="68", cards="38")
    assert re.findall(r'data-points="(-?\d+)"', shown) == ["35", "43", "35", "43"]
    assert "Bob dealt: the two discards count for Bob &amp; Dan." in shown
    assert "Bob &amp; Dan took 38 cards, face value 68: 12 threes, so 68 − 2 × 12 − 1" in shown
    assert "Ann &amp; Cat have the rest: 78 − 43 = 35." in shown
    assert "<strong>Bob &amp; Dan win the hand</strong>" in shown
    assert not re.search(r"\b[Ss]eats? \d|North–South|East–West", shown)
    drawn = preview_of(client, board, side="north-south", points="39")
    assert "<strong>A drawn hand</strong>: 39 each." in drawn
    assert "To fill in: Card points counted for, Their card points" in preview_of(client, board)
    assert "To fill in: Face value of their cards" in preview_of(client, board, side="east-west", cards="38")


@pytest.mark.parametrize(
    "fields, field, message",
    [
        ({"side": "north-south", "points": "79"}, "points", "whole number from 0 to 78"),
        ({"side": "north-south", "points": "lots"}, "points", "whole number from 0 to 78"),
        ({"side": "north-south", "points": "48", "face": "76", "cards": "42"}, "points", "not both"),
        ({"side": "north-south", "face": "76", "cards": "40"}, "cards", "2, 6, 10 … 78 cards"),  # Ann dealt
        ({"side": "east-west", "face": "76", "cards": "42"}, "cards", "0, 4, 8 … 76 cards"),
        ({"side": "north-south", "face": "41", "cards": "42"}, "face", "42 cards have a face value from 42 to 94"),
        ({"side": "north-south", "cards": "42"}, "face", "42 cards have a face value"),
        ({"points": "40"}, "side", "Choose whose card points you counted."),
        # Ann deals: North–South hold the two discards, worth 1 at least, and never an Honour or a King.
        ({"side": "north-south", "points": "0"}, "points", "the dealer's side has 1 to 78"),
        ({"side": "east-west", "points": "78"}, "points", "the other side has 0 to 77"),
        ({"side": "north-south", "face": "9", "cards": "2"}, "face", "2 cards have a face value from 2 to 8"),
        ({"side": "east-west", "face": "121", "cards": "76"}, "face", "76 cards have a face value from 122 to 128"),
    ],
)
def test_refusals_stand_beside_their_fields(client, fields, field, message):
    board = start(client, "tarocchi", "4", "1/-")
    refused = post_hand(client, board, **fields)
    assert refused.status_code == 422 and message in html.unescape(error_of(refused.text, field))
    assert totals(client.get(board).text) == [0, 0, 0, 0]


@pytest.mark.parametrize("doctored", ["7", "1"])
def test_the_session_says_who_dealt_never_the_page(client, doctored):
    board = start(client, "tarocchi", "4", "1/-")
    # Ann deals deal 1, so North-South's 40 cards are impossible whatever dealer the page sends.
    refused = post_hand(client, board, side="north-south", face="76", cards="40", dealer=doctored)
    assert refused.status_code == 422 and "2, 6, 10 … 78 cards" in error_of(refused.text, "cards")
    assert totals(client.get(board).text) == [0, 0, 0, 0]


def test_a_hand_is_edited_with_its_cards_as_entered(client):
    board = start(client, "tarocchi", "4", "1/-")
    save(client, board, **as_form(WORKED_GAME["hands"][0]))
    edit = client.get(board + "/hands/1/edit").text
    assert 'value="76"' in edit and 'value="42"' in edit and '<details class="section" open>' in edit
    assert '<input checked id="side-0" name="side" required type="radio" value="north-south">' in edit
    save(client, board, 1, side="east-west", points="40", face="", cards="")
    page = client.get(board).text
    assert totals(page) == [38, 40, 38, 40] and "Deal 1 changed" in notice(page)


def test_a_session_exports_and_imports_whole(app, client, tmp_path):
    from sqlmodel import Session

    from companion import backup
    from tests.conftest import make_app

    board = start(client, "tarocchi", "4", "0/1", stake_per="point")
    for hand in WORKED_GAME["hands"]:
        save(client, board, **as_form(hand))
    rows = list(csv.reader(io.StringIO(client.get(board + "/export.csv").text)))
    assert rows[0] == ["deal", "dealer", "hand", "Ann (points)", "Bob (points)", "Cat (points)", "Dan (points)"]
    assert rows[1] == ["1", "Ann", "Ann & Cat 48 · Bob & Dan 30 · Ann & Cat won", "48", "30", "48", "30"]
    assert rows[-1] == ["in money at 0/1 a point", "", "", "1/2", "\u22121/2", "1/2", "\u22121/2"]
    data = json.loads(client.get(board + "/export.json").text)
    session = data["sessions"][0]
    assert session["game"] == "tarocchi" and session["stake_per"] == "point" and session["deals"] == 4
    assert session["hands"][1]["hand"] == {"dealer": 1, "side": "north-south", "face": 62, "cards": 40}
    fresh = make_app(tmp_path / "fresh.sqlite3")
    with Session(fresh.extensions["db_engine"], expire_on_commit=False) as db:
        imported = backup.import_all(db, data)
        assert [(i.sitting.game, i.hands, i.rescored) for i in imported] == [("tarocchi", 4, [])]
    assert fresh.test_cli_runner().invoke(args=["rescore"]).output.endswith("4 hands checked, 0 no longer match\n")
    session["deals"] = 6  # a game is a multiple of four hands
    session["hands"][0]["hand"]["cards"] = 40  # the dealer's side holds 4 a trick and the 2 discards
    with Session(fresh.extensions["db_engine"]) as db, pytest.raises(backup.ImportError_) as refused:
        backup.import_all(db, data)
    assert "deals must be 4 or 8 or 12, not 6" in str(refused.value)
    fresh.extensions["db_engine"].dispose()


def test_a_group_game_counts_on_the_leaderboard_and_the_players_page(client):
    from tests.web.test_groups_of_every_game import start_game_session

    url = make_group(client)
    board = start_game_session(client, url, "tarocchi", NAMES, "4", "1/-")
    for hand in WORKED_GAME["hands"]:
        save(client, board, **as_form(hand))
    page = client.get(url).text
    assert dict(leaderboard(page)) == {"Ann": 24, "Cat": 24, "Bob": -24, "Dan": -24}  # 1/- a game, in halfpence
    ann = re.search(r'href="(/g/[^"]+/players/\d+)">Ann<', page).group(1)
    mine = client.get(ann).text
    assert 'id="figures-tarocchi-h">Piedmontese Tarocchi <small>(4 hands)</small>' in mine
    assert 'id="tarocchi-won">2 of 4<' in mine  # hands 1 and 4; hand 3 drawn
    assert re.search(r'id="tarocchi-dealt">1 of 1 <small>\(100%\)', mine)  # Ann dealt hand 1, and her side won it
    assert 'id="wins">1 of 1 finished sessions' in mine  # first place shared with her partner


def test_the_sheet_has_a_section_for_each_help_on_the_form(client):
    board = start(client, "tarocchi", "4", "1/-")
    form = client.get(board + "/hands/new").text
    found = re.findall(r'class="help" href="/reference/games/tarocchi#([a-z-]+)"[^>]*hx-select="#([a-z-]+)"', form)
    assert [a for a, b in found if a == b] == ["counting", "target", "cards"]
    sheet = client.get("/reference/games/tarocchi").text
    for section in ("deal", "cards", "counting", "target", "game", "figures", "interpretations"):
        assert f'<section id="{section}">' in sheet
    assert sheet.count('class="interp"') >= 17 and "Piedmontese Tarocchi" in client.get("/reference/").text
    assert '"/reference/games/tarocchi",' in client.get("/sw.js").text


@pytest.mark.parametrize("case", WORKED, ids=[c["name"] for c in WORKED])
def test_form_data_round_trips_through_the_form(app, case):
    for hand in [case["hand"], *case["also"]]:
        record = GAME.parse(hand, 4)
        with app.test_request_context(method="POST", data=GAME.form_data(record)):
            form = GAME.hand_form(NAMES, {}, meta={"csrf": False})
            assert form.validate() and form.to_record() == record
