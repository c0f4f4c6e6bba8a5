"""Early French Tarot through the web: a session to 50 started, scored through the hand form (the research's worked
hands, the tie at the top that plays on), edited, finished and settled at a stake a point or a game; the API, the
command line, refusals beside their fields, exports and imports, and a group's leaderboard and player page."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest

from companion.games import GAMES
from companion.games.early_french import settle_per_point
from companion.settle import settle
from tests.cli import run_cli
from tests.games.tarocchi.test_web import (
    NAMES,
    error_of,
    notice,
    payments,
    post_hand,
    preview_of,
    save,
    start,
    totals,
)
from tests.web.test_groups import leaderboard, make_group

DATA = Path(__file__).parent / "data"
WORKED = [json.loads(p.read_text()) for p in sorted(DATA.glob("hand-*.json"))]
GAME = GAMES["early-french"]

#: After the worked hands 1 and 2 (40, 19, 3, −15), this hand leaves the totals the worked hand 3 starts from.
TO_45 = {
    "tricks": [3, 4, 3, 2],
    "kings": [1, 1, 1, 1],
    "queens": [0, 1, 0, 2],
    "knights": [0, 0, 0, 2],
    "pages": [1, 0, 0, 0],
    "magician": 1,
    "world": 1,
    "fool": 2,
}
#: Ann alone at the top after the tie: 4 tricks, nothing else scored.
TIE_BROKEN = {"tricks": [4, 2, 3, 3]}


def fields(hand: dict) -> dict[str, str]:
    """A record as the hand form's fields."""
    return GAME.form_data(GAME.parse(hand, 4))


def play_to_the_tie(client, board: str) -> None:
    for hand in (WORKED[0]["hand"], WORKED[1]["hand"], TO_45):
        save(client, board, **fields(hand))
    assert totals(client.get(board).text) == WORKED[2]["expect"]["totals_before"]
    save(client, board, **fields(WORKED[2]["hand"]))


def test_a_session_plays_on_through_a_tie_at_the_top_and_ends_with_one_player_past_50(client):
    start_page = client.get("/").text
    assert 'id="new-early-french" href="/new/early-french"' in start_page
    form = client.get("/new/early-french").text
    assert "Until someone reaches 50 (at most 40 deals)" in form
    assert re.search(r'<input checked id="stake_per-0" name="stake_per" type="radio" value="point">', form)
    board = start(client, "early-french", "40", "0/1")
    save(client, board, **fields(WORKED[0]["hand"]))
    page = client.get(board).text
    assert totals(page) == [19, 6, 6, -3] and "To reach 50: Ann 31 · Bob 44 · Cat 44 · Dan 53 to go." in page
    assert "Deal 2 · first to 50" in page
    assert (
        notice(page)
        == "Deal 1 saved: Tricks 5·3·3·1 · best Ann +19 — Ann\u00a0+19 · Bob\u00a0+6 · Cat\u00a0+6 · Dan\u00a0−3"
    )
    save(client, board, **fields(WORKED[1]["hand"]))
    save(client, board, **fields(TO_45))
    save(client, board, **fields(WORKED[2]["hand"]))
    page = client.get(board).text
    # 51 each at the top: two players past 50 and level, so another hand decides.
    assert totals(page) == [51, 51, 8, 0] and "Two players share the top on 51, past 50: another hand decides." in page
    assert 'id="score-hand"' in page and 'id="settle-h"' not in page
    save(client, board, **fields(TIE_BROKEN))
    page = client.get(board).text
    final = [55, 47, 8, 0]
    assert totals(page) == final and "Game over" in page and '<p class="winners" id="winners">Ann won.</p>' in page
    assert 'id="score-hand"' not in page
    # A penny a point, pair by pair: (4 × own total − everyone's) × 2 halfpence.
    expected = settle(list(settle_per_point(final, 2)))
    assert [(NAMES[p.payer], NAMES[p.payee]) for p in expected] == [(a, b) for a, b, _ in payments(page)]
    assert payments(page)[0] == ("Dan", "Ann", "9/2")  # Dan owes 55 + 47 + 8 = 110d: all of it to Ann


def test_a_stake_a_game_is_paid_to_the_winner_by_each_other_player(client):
    board = start(client, "early-french", "40", "1/-", stake_per="game")
    play_to_the_tie(client, board)
    assert not payments(client.get(board).text)  # nobody has won yet: nothing at stake changes hands
    save(client, board, **fields(TIE_BROKEN))
    page = client.get(board).text
    assert sorted(payments(page)) == [("Bob", "Ann", "1/-"), ("Cat", "Ann", "1/-"), ("Dan", "Ann", "1/-")]
    assert "Early French Tarot, 4 players, first to 50: each game is worth 1/-." in page


def test_several_past_50_in_one_hand_the_highest_wins(client):
    board = start(client, "early-french", "40", "0/1")
    for hand in (WORKED[0]["hand"], WORKED[1]["hand"], TO_45):
        save(client, board, **fields(hand))
    # From 45 and 38: Ann +6 (a King and a Knight) to 51, Bob +17 (4 tricks, a King, the Fool and the World) to 55.
    save(client, board, **fields({**WORKED[2]["hand"], "world": 1, "pages": [0, 0, 0, 0]}))
    page = client.get(board).text
    assert totals(page) == [51, 55, 8, -5] and '<p class="winners" id="winners">Bob won.</p>' in page


def test_the_worked_hands_through_the_form_the_api_and_the_command_line(client):
    board = start(client, "early-french", "40", "0/1")
    for case in WORKED:
        expect = case["expect"]
        answer = client.post("/api/score", json={"game": "early-french", **case["hand"]})
        assert answer.status_code == 200 and answer.json["net"] == expect["net"]
        assert answer.json["count"] == expect["count"] and answer.json["honours"] == expect["honours"]
        done = run_cli("score", stdin=json.dumps({"game": "early-french", **case["hand"]}))
        assert done.returncode == 0 and json.loads(done.stdout)["net"] == expect["net"]
        shown = preview_of(client, board, **fields(case["hand"]))
        assert [int(p) for p in re.findall(r'data-points="(-?\d+)"', shown)] == expect["net"]
    refused = client.post("/api/score", json={"game": "early-french", "tricks": [6, 4, 2, 0], "fool": 3})
    assert refused.status_code == 422 and refused.json["field"] == "tricks"
    assert refused.json["error"] == "Seat 4 won 0 tricks (0 cards) but is entered holding 1 scoring card."


def test_the_preview_names_the_players_and_shows_each_ones_two_parts(client):
    board = start(client, "early-french", "40", "0/1")
    shown = preview_of(client, board, **fields(WORKED[0]["hand"]))
    assert (
        "Ann: 5 tricks, 20 cards, 8 over 12: +8; Queen 3 + King 4 + the Magician (I) 4 = 11; +19 for the hand." in shown
    )
    assert "Dan: 1 trick, 4 cards, 8 under 12: -8; the Fool 5; -3 for the hand." in shown
    assert "cards +8 · scoring cards 11" in shown
    assert not re.search(r"\b[Ss]eats? \d", shown)
    empty = preview_of(client, board)
    assert "To fill in: Tricks won by Ann, Tricks won by Bob, Tricks won by Cat<" in empty
    assert "is held by" not in empty  # a trump left blank is the last player's: nothing to fill in


def test_a_trump_set_aside_scores_for_nobody(client):
    board = start(client, "early-french", "40", "0/1")
    save(
        client,
        board,
        tricks_0="3",
        tricks_1="3",
        tricks_2="3",
        tricks_3="3",
        magician="none",
        world="none",
        fool="none",
    )
    assert totals(client.get(board).text) == [0, 0, 0, 0]
    edit = client.get(board + "/hands/1/edit").text
    assert [checked(edit, trump) for trump in ("magician", "world", "fool")] == ["none"] * 3  # each "Set aside" kept


HAND = {**fields(WORKED[0]["hand"])}
PILE = "Dan won 0 tricks (0 cards) but is entered holding 1 scoring card."
NOT_DEALT = "at the end (none if it was not dealt)"


@pytest.mark.parametrize(
    "changed, field, message",
    [
        ({"tricks_0": "4"}, "tricks_0", "The tricks won add up to 11: a hand has 12."),
        ({"tricks_0": "five"}, "tricks_0", "The tricks each player won: 4 whole numbers adding up to 12."),
        ({"tricks_3": "0", "tricks_0": "6"}, "tricks_0", PILE),
        ({"kings_1": "3"}, "kings_0", "There are only 4 Kings: 5 entered."),
        ({"fool": "", "tricks_3": "0", "tricks_0": "6"}, "tricks_0", PILE),  # the Fool left blank: Dan's
        ({"magician": "7"}, "magician", f"Choose who holds the Magician (I) {NOT_DEALT}: Ann, Bob, Cat or Dan."),
    ],
)  # fmt: skip
def test_refusals_stand_beside_their_fields_in_the_players_names(client, changed, field, message):
    board = start(client, "early-french", "40", "0/1")
    refused = post_hand(client, board, **{**HAND, **changed})
    assert refused.status_code == 422 and error_of(refused.text, field) == message
    assert totals(client.get(board).text) == [0, 0, 0, 0]


def test_a_hand_is_edited(client):
    board = start(client, "early-french", "40", "0/1")
    save(client, board, **fields(WORKED[0]["hand"]))
    edit = client.get(board + "/hands/1/edit").text
    assert checked(edit, "tricks_0") == "5" and checked(edit, "tricks_3") == "1"  # Dan's tricks as saved
    assert checked(edit, "pages_2") == "2"  # Cat's two Pages
    save(client, board, 1, **fields(WORKED[1]["hand"]))
    page = client.get(board).text
    assert totals(page) == WORKED[1]["expect"]["net"] and "Deal 1 changed" in notice(page)


def test_a_session_exports_and_imports_whole(app, client, tmp_path):
    from sqlmodel import Session

    from companion import backup
    from tests.conftest import make_app

    board = start(client, "early-french", "40", "0/1")
    play_to_the_tie(client, board)
    save(client, board, **fields(TIE_BROKEN))
    rows = list(csv.reader(io.StringIO(client.get(board + "/export.csv").text)))
    assert rows[1] == ["1", "Ann", "Tricks 5·3·3·1 · best Ann +19", "19", "6", "6", "-3"]
    assert rows[-2] == ["total", "", "", "55", "47", "8", "0"]
    data = json.loads(client.get(board + "/export.json").text)
    session = data["sessions"][0]
    assert session["game"] == "early-french" and session["stake_per"] == "point" and len(session["hands"]) == 5
    assert session["hands"][0]["hand"] == WORKED[0]["hand"]
    fresh = make_app(tmp_path / "fresh.sqlite3")
    with Session(fresh.extensions["db_engine"], expire_on_commit=False) as db:
        imported = backup.import_all(db, data)
        assert [(i.sitting.game, i.hands, i.rescored) for i in imported] == [("early-french", 5, [])]
    session["hands"][0]["hand"]["kings"] = [4, 1, 0, 0]
    with Session(fresh.extensions["db_engine"]) as db, pytest.raises(backup.ImportError_) as refused:
        backup.import_all(db, data)
    assert "session 1, hand 1 (deal 1): kings: There are only 4 Kings: 5 entered." in str(refused.value)
    fresh.extensions["db_engine"].dispose()


def test_a_group_session_counts_on_the_leaderboard_and_the_players_page(client):
    from tests.web.test_groups_of_every_game import start_game_session

    url = make_group(client)
    board = start_game_session(client, url, "early-french", NAMES, "40", "0/1")
    play_to_the_tie(client, board)
    save(client, board, **fields(TIE_BROKEN))
    final = [55, 47, 8, 0]
    money = dict(zip(NAMES, settle_per_point(final, 2), strict=True))
    page = client.get(url).text
    assert dict(leaderboard(page)) == money
    ann = re.search(r'href="(/g/[^"]+/players/\d+)">Ann<', page).group(1)
    mine = client.get(ann).text
    assert 'id="figures-early-french-h">Early French Tarot <small>(5 hands)</small>' in mine
    # Ann topped hands 1, 2 and 5 alone (the other two were Bob's), with scoring cards of 11 + 9 + 0 and
    # cards over par 8 + 12 + 4.
    assert 'id="early-french-topped">3 of 5<' in mine
    assert 'id="early-french-honours">20<' in mine and 'id="early-french-over">+24<' in mine
    assert 'id="wins">1 of 1 finished sessions' in mine


def test_the_sheet_has_a_section_for_each_help_on_the_form(client):
    board = start(client, "early-french", "40", "0/1")
    form = client.get(board + "/hands/new").text
    found = re.findall(r'class="help" href="/reference/games/early-french#([a-z-]+)"[^>]*hx-select="#([a-z-]+)"', form)
    assert [a for a, b in found if a == b] == ["cards", "scoring"]
    sheet = client.get("/reference/games/early-french").text
    for section in ("deal", "scoring", "cards", "entering", "end", "money", "figures", "interpretations"):
        assert f'<section id="{section}">' in sheet
    assert sheet.count('class="interp"') >= 14
    assert '"/reference/games/early-french",' in client.get("/sw.js").text


@pytest.mark.parametrize("case", WORKED, ids=[c["name"] for c in WORKED])
def test_form_data_round_trips_through_the_form(app, case):
    record = GAME.parse(case["hand"], 4)
    with app.test_request_context(method="POST", data=GAME.form_data(record)):
        form = GAME.hand_form(NAMES, {}, meta={"csrf": False})
        assert form.validate() and form.to_record() == record


# -- quick entry: chips, and the last player's tricks as what remains of 12 (issue #30, item 6) ---------------------


def checked(html: str, name: str) -> str | None:
    """The value of the chip ticked in the radio group ``name``, None when none is."""
    found = re.search(rf'<input [^>]*\bchecked [^>]*name="{name}"[^>]* type="radio" value="([^"]*)"', html)
    return found.group(1) if found else None


def test_every_answer_is_a_chip_with_its_label_and_no_select(client):
    board = start(client, "early-french", "40", "0/1")
    form = client.get(board + "/hands/new").text
    assert "<select" not in form and 'type="text"' not in form.split('id="hand-form"')[1]
    chip = r'<label class="option( rest)?" data-value="[^"]*"[^>]*><input ([^>]*)><span>([^<]+)</span>'
    chips = re.findall(chip, form)
    radios = re.findall(r'<input [^>]*type="radio"', form)
    assert len(chips) == len(radios) == 4 * 13 + 4 * 4 * 5 + 3 * 5  # tricks 0-12, courts 0-4, trumps' holders
    assert all('type="radio"' in attrs and text.strip() for _, attrs, text in chips)
    # Dan's chips for the three trumps stand as his while they are left blank: what remains.
    assert [attrs for rest, attrs, _ in chips if rest] == [
        f'aria-label="Dan holds the {trump}" id="{name}-3" name="{name}" type="radio" value="3"'
        for trump, name in (("Magician", "magician"), ("World", "world"), ("Fool", "fool"))
    ]
    # Each trump's holder is one radio group: set aside at the top, or a chip in one player's block, named for them.
    assert re.findall(r'aria-label="([^"]+)"[^>]*name="fool"', form) == [
        "The Fool set aside", "Ann holds the Fool", "Bob holds the Fool", "Cat holds the Fool", "Dan holds the Fool"
    ]  # fmt: skip
    assert checked(form, "kings_0") == "0" and checked(form, "tricks_0") is None  # no trick taken for granted


def test_the_last_players_tricks_left_blank_are_what_remains_of_12_without_javascript(client):
    board = start(client, "early-french", "40", "0/1")
    hand = {k: v for k, v in fields(WORKED[0]["hand"]).items() if k != "tricks_3"}  # Dan's 1 trick not entered
    preview = post_hand(client, board, **hand, action="preview")  # the Preview button, no script
    assert preview.status_code == 200
    assert "(blank: what remains of 12, 1)" in preview.text and checked(preview.text, "tricks_3") is None
    assert "Dan: 1 trick, 4 cards, 8 under 12: -8; the Fool 5; -3 for the hand." in preview.text
    save(client, board, **hand)
    assert totals(client.get(board).text) == WORKED[0]["expect"]["net"]
    assert checked(client.get(board + "/hands/1/edit").text, "tricks_3") == "1"  # stored as any other entry


def test_a_trump_left_blank_is_the_last_players_without_javascript(client):
    board = start(client, "early-french", "40", "0/1")
    hand = {k: v for k, v in fields(WORKED[0]["hand"]).items() if k not in ("tricks_3", "fool")}  # Dan's Fool too
    preview = post_hand(client, board, **hand, action="preview")
    assert preview.status_code == 200 and checked(preview.text, "fool") is None
    assert "Dan: 1 trick, 4 cards, 8 under 12: -8; the Fool 5; -3 for the hand." in preview.text
    said = "Dan holds the Fool: left blank, neither set aside nor held by another player."
    assert said in preview_of(client, board, **hand)  # the live preview's working says why
    # The chips the form filled stand marked in Dan's block: his one trick, and the Fool.
    rest = re.findall(r'<label class="option rest" data-value="(\d)"[^>]*><input [^>]*name="(\w+)"', preview.text)
    assert rest == [("3", "fool"), ("1", "tricks_3")]
    save(client, board, **hand)
    assert totals(client.get(board).text) == WORKED[0]["expect"]["net"]
    assert checked(client.get(board + "/hands/1/edit").text, "fool") == "3"  # kept as Dan's own
    # Set aside instead, it scores for nobody: Dan's 5 for the Fool go.
    shown = preview_of(client, board, **{**hand, "fool": "none"})
    assert "Dan: 1 trick, 4 cards, 8 under 12: -8; no scoring cards; -8 for the hand." in shown


def test_the_live_preview_works_out_the_last_players_tricks(client):
    board = start(client, "early-french", "40", "0/1")
    hand = {k: v for k, v in fields(WORKED[1]["hand"]).items() if k != "tricks_3"}
    shown = preview_of(client, board, **hand)
    assert "Dan: 0 tricks, 0 cards, 12 under 12: -12" in shown and "Dan's tricks are what remains of 12." in shown
    # Dan's own tap stands: what remains is no longer worked out, and a sum other than 12 is refused.
    shown = preview_of(client, board, **hand, tricks_3="1")
    assert "what remains" not in shown and "The tricks won add up to 13: a hand has 12." in shown


def test_more_than_12_tricks_before_the_last_players_blank_is_refused_beside_the_tricks(client):
    board = start(client, "early-french", "40", "0/1")
    hand = {k: v for k, v in fields(WORKED[1]["hand"]).items() if k != "tricks_3"}
    refused = post_hand(client, board, **{**hand, "tricks_2": "3"})  # 6 + 4 + 3
    assert refused.status_code == 422
    assert error_of(refused.text, "tricks_0") == "Ann, Bob and Cat won 13 tricks between them: a hand has 12."
    assert re.search(r'<input autofocus [^>]*name="tricks_0"', refused.text)  # the focus on the first tricks
    assert totals(client.get(board).text) == [0, 0, 0, 0]
    # Three players' tricks still missing is asked for, not worked out.
    missing = post_hand(client, board, **{k: v for k, v in hand.items() if k != "tricks_2"})
    assert error_of(missing.text, "tricks_0") == "Tap the tricks Cat won: the last player alone may be left blank."
