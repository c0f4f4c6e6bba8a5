"""Ottocento through the web: a session of two partnerships started, the seed's 407 scored through the hand form,
the API and the command line, refusals beside their fields in the players' names, an edit, the game's end at
800 with its sides, settling a stake per game or per point, a call-out, export and import, and a group's
leaderboard and a player's figures."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from sqlmodel import Session

from companion import backup
from companion.games import GAMES
from companion.games.base import Played
from companion.games.ottocento import OttocentoHand
from companion.games.ottocento.form import form_data
from companion.settle import settle
from companion.testing import hidden_fields
from tests.cli import run_cli
from tests.conftest import make_app
from tests.web.helpers import csrf_from

NAMES = ["Ann", "Bob", "Cat", "Dan"]
DATA = Path(__file__).resolve().parent / "data"
OTTOCENTO = GAMES["ottocento"]


def worked(stem: str) -> dict:
    return json.loads((DATA / f"{stem}.json").read_text(encoding="utf-8"))


SEED = worked("a_seed_407")["hand"]
GRANDE_TO_5 = ["angel", "world", "sun", "moon", *(f"t{n}" for n in range(16, 4, -1))]
#: The Grande down to the 5 with both wild cards (85), all 87 card points and the last trick: 178.
BIG = {
    "dealer": 0,
    "declarations": [[], [], [], []],
    "captured": [[{"kind": "grande", "cards": [*GRANDE_TO_5, "begato", "matto"]}], []],
    "card_points": [87, 0],
    "last_trick": 0,
}


#: Each side's points in the working: (side, its players, points).
SIDES = re.compile(
    r'data-side="(\d)" data-seats="[\d ]+"><strong>([^<]+)</strong>\s*<span class="amount[^"]*" '
    r'data-points="(\d+)"'
)
#: Settling up: (payer, payee, amount).
PAYS = re.compile(r'<strong>(\w+)</strong> pays <strong>(\w+)</strong> <span class="amount">([^<]+)</span>')


def start(client, stake: str = "1/-", per: str = "game", path: str = "/new/ottocento", **extra) -> str:
    page = client.get(path)
    assert page.status_code == 200
    data = {f"player_{seat}": name for seat, name in enumerate(NAMES)}
    data.update(csrf_token=csrf_from(page.text), first_dealer="0", deals="40", stake=stake, stake_per=per)
    data.update(coins="0/1 0/6 1/- 2/6", max_wilds_in_suit="2", moors_after_grande="no")
    data.update(extra)
    response = client.post(path.replace("/start", "/sessions") if "/g/" in path else path, data=data)
    assert response.status_code == 303, response.text
    return response.headers["Location"]


def fields_of(hand: dict) -> dict:
    """A hand's form fields, as a phone sends them."""
    return form_data(OttocentoHand.from_json(hand))


def post_hand(client, board: str, action: str = "save", url: str = "/hands/new", **fields):
    form = client.get(board + url)
    assert form.status_code == 200
    return client.post(board + url, data={**hidden_fields(form.text), "action": action, **fields})


def save(client, board: str, hand: dict) -> None:
    response = post_hand(client, board, **fields_of(hand))
    assert response.status_code == 303, response.text


def totals(html: str) -> list[int]:
    return [int(t) for t in re.findall(r'data-total="(-?\d+)"', html)]


def error_of(html: str, field: str) -> str:
    found = re.search(rf'<p class="error" id="{field}-error" role="alert">(.*?)</p>', html)
    assert found, f"no error beside {field}"
    return found.group(1).replace("&#39;", "'").replace("&amp;", "&")


def played(captured=((), ()), points=(44, ""), last="0", declarations=None, **more) -> dict:
    """A hand's form fields: captured and declared combinations as {kind: [cards]} per side or player."""
    fields = {"dealer": "0", "card_points_0": str(points[0]), "card_points_1": str(points[1]), "last_trick": last}
    fields.update(more)
    for side, combos in enumerate(captured):
        for kind, cards in dict(combos).items():
            fields[f"c{side}_{kind}"] = cards
    for seat, combos in enumerate(declarations or ({}, {}, {}, {})):
        for kind, cards in combos.items():
            fields[f"d{seat}_{kind}"] = cards
    return fields


# -- the seed's 407: the form, the API, the command line ---------------------------------------------------------


def test_a_session_starts_with_two_partnerships_at_a_stake_per_game(client):
    page = client.get("/new/ottocento").text
    assert page.count('name="player_') == 4
    assert re.search(r'<input checked id="stake_per-0" name="stake_per" type="radio" value="game">', page)
    assert 'value="1/-"' in page  # a shilling a game, as the stake per game's usual figure
    assert "Until someone reaches 800" in page and "Up to two (Barilli)" in page
    board = start(client)
    html = client.get(board).text
    assert "Deal 1 · first to 800" in html
    assert "Ottocento, 4 players, first to 800: each game is worth 1/-." in html
    assert "A suit sequence takes up to two wild cards." in html
    assert '<li data-seats="0 2"><span class="name">Ann &amp; Cat</span>' in html


def test_the_seeds_407_through_the_form_the_api_and_the_command_line(client):
    board = start(client)
    form = client.get(board + "/hands/new").text
    assert '<input type="hidden" name="dealer" value="0">' in form  # the session's dealer for deal 1
    preview = client.post(
        board + "/hands/preview",
        data={**hidden_fields(form), **fields_of(SEED)},
        headers={"HX-Request": "true", "X-CSRFToken": csrf_from(form)},
    ).text
    assert SIDES.findall(preview) == [("0", "Ann &amp; Cat", "407"), ("1", "Bob &amp; Dan", "30")]
    assert "Ann &amp; Cat captured cricche worth 114:" in preview
    assert "Ann &amp; Cat captured sequences worth 230:" in preview
    assert "Ann &amp; Cat score 407 for the hand: 114 in cricche, 230 in sequences, 57 in card points and 6" in preview
    save(client, board, SEED)
    page = client.get(board).text
    assert totals(page) == [407, 30, 407, 30]
    notice = re.search(r'<p class="flash" role="status">(.*?)</p>', page).group(1)
    each = " · ".join(f"{name}\u00a0+{points}" for name, points in zip(NAMES, (407, 30, 407, 30), strict=True))
    assert notice == f"Deal 1 saved: Ann dealt · Ann &amp; Cat 407, Bob &amp; Dan 30 — {each}"
    assert "To reach 800: 393 for Ann &amp; Cat (407), 770 for Bob &amp; Dan (30)." in page

    api = client.post("/api/score", json={"game": "ottocento", **SEED})
    assert api.status_code == 200
    assert api.json["sides"] == [407, 30] and api.json["net"] == [407, 30, 407, 30] and api.json["unit"] == "points"
    assert api.json["working"][-1] == "Seats 2 & 4 score 30 for the hand: 30 in card points."

    done = run_cli("score", "--working", stdin=json.dumps({"game": "ottocento", **SEED}))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["sides"] == [407, 30] and result["working"][3].startswith("Seats 1 & 3 score 407 for the hand")
    refused = run_cli("score", stdin=json.dumps({"game": "ottocento", **SEED, "card_points": [57, 31]}))
    assert refused.returncode == 2 and refused.stderr.startswith("invalid hand: card_points:")


# -- quick entry: a whole combination in a tap (issue #30, 6) ---------------------------------------------------

#: The seed's 407 as the quick choices send it: each cricca as "all but one", each sequence down to its last card
#: (its head is always there), the Moors by how many, and the wild cards ticked beside them.
SEED_QUICK = {
    "dealer": "0",
    "card_points_0": "57",
    "last_trick": "0",
    "c0_tarocchi_quick": "no-matto",
    "c0_queens_quick": "no-QD",
    "c0_knights_quick": "no-ND",
    "c0_pages_quick": "no-PD",
    "c0_grande_quick": "t5",
    "c0_grande": ["begato"],
    "c0_swords_quick": "AS",
    "c0_swords": ["begato"],
    "c0_moors_quick": "2",
    "c0_moors": ["begato"],
}


def stored(app) -> list[dict]:
    """Every hand's record as the database keeps it, in deal order."""
    from sqlmodel import select

    from companion.models import Hand

    with Session(app.extensions["db_engine"]) as db:
        return [json.loads(hand.record) for hand in db.exec(select(Hand).order_by(Hand.deal)).all()]


def test_the_seeds_407_by_its_quick_choices_saves_the_record_its_cards_make(app, client):
    board = start(client)
    assert post_hand(client, board, **SEED_QUICK).status_code == 303
    assert totals(client.get(board).text) == [407, 30, 407, 30]
    save(client, board, {**SEED, "dealer": 1})  # the same hand, each card sent as before
    quick, full = stored(app)
    assert quick == {**full, "dealer": 0}
    assert quick["captured"][0] == OttocentoHand.from_json(SEED).to_json()["captured"][0]


def test_a_quick_choice_and_cards_ticked_beside_it_make_one_combination(client):
    board = start(client)
    # Bob shows the Grande down to the 16 and, card by card, the 14 with the Matto for the 15 (7 cards: 30), and
    # Swords King down to the Knight: 10; Cat all four Pages.
    fields = played(
        points=("50", ""),
        d1_grande_quick="t16",
        d1_grande=["t14", "matto"],
        d1_swords_quick="NS",
        d2_pages_quick="all",
    )
    shown = post_hand(client, board, action="preview", **fields)
    assert shown.status_code == 200
    assert "Bob declared 40: Grande Angel-World-Sun-Moon-16-14 + Matto: 30; Swords King-Queen-Knight: 10." in shown.text
    # Brought back as they were chosen: the quick choices, and only the cards beside them ticked.
    assert '<input checked id="d1_grande_quick-3" name="d1_grande_quick" type="radio" value="t16">' in shown.text
    assert 'id="d1_grande-6" value="t14" checked>' in shown.text
    assert 'value="t16" checked>' not in shown.text  # the 16 is the quick choice's
    assert '<input checked id="d2_pages_quick-1" name="d2_pages_quick" type="radio" value="all">' in shown.text
    saved = post_hand(client, board, **fields)
    assert saved.status_code == 303


def test_a_quick_choice_no_one_offers_is_refused_beside_it(client):
    board = start(client)
    response = post_hand(client, board, **played(points=("50", ""), c0_kings_quick="no-angel"))
    assert response.status_code == 422 or "Not a valid choice" in response.text
    assert "Not a valid choice" in error_of(response.text, "c0_kings_quick")


# -- refusals beside their fields, in the players' names ---------------------------------------------------------


def test_refusals_stand_beside_their_fields_in_the_players_names(client):
    board = start(client)
    two = post_hand(client, board, **played(declarations=({"kings": ["KS", "KB"]}, {}, {}, {})))
    assert error_of(two.text, "d0_kings") == "Ann's cricca of Kings: a cricca is three or four of a kind."
    assert 'id="d0-group" data-group open' in two.text and 'id="d0_kings-box" data-kind="Kings"' in two.text
    # No wild card where a real one must be: the Angel heads the Grande.
    wild_head = post_hand(client, board, **played(declarations=({}, {"grande": ["world", "sun", "begato"]}, {}, {})))
    assert error_of(wild_head.text, "d1_grande") == (
        "Bob's Grande: it needs the real Angel at its head (a wild card cannot stand for it)."
    )
    no_king = post_hand(client, board, **played((({"swords": ["QS", "NS", "begato"]}), {})))
    assert "Ann & Cat's Swords sequence: it needs the real King of Swords" in error_of(no_king.text, "c0_swords")
    twice = post_hand(
        client, board, **played(declarations=({"kings": ["KS", "KB", "KC"]}, {}, {"swords": ["KS", "QS", "NS"]}, {}))
    )
    assert (
        error_of(twice.text, "d2_swords") == "Ann and Cat both declare the King of Swords, which is in one hand only."
    )
    grandes = ({"grande": ["angel", "world", "sun"]}, {"grande": ["angel", "sun", "moon"]})
    both = post_hand(client, board, **played(grandes))
    assert error_of(both.text, "c1_grande") == "Both sides have the Grande: its cards can be in one side's tricks only."
    moors = post_hand(
        client,
        board,
        **played(({"moors": ["moor1", "moor2", "moor3", "begato"]}, {"moors": ["moor1", "moor2", "matto"]})),
    )
    assert error_of(moors.text, "c1_moors") == (
        "The two sides' combinations hold more Moors than the pack's 4: they were taken once."
    )
    short = post_hand(client, board, **played(({"kings": ["KS", "KB", "KC", "KD"]}, {}), points=("12", "")))
    assert error_of(short.text, "card_points_0") == (
        "Ann & Cat's captured combinations alone are worth at least 18 card points, not 12."
    )
    sum_ = post_hand(client, board, **played(points=("44", "44")))
    assert "add up to 87" in error_of(sum_.text, "card_points_1")
    typed = post_hand(client, board, **played(points=("lots", "")))
    assert "from 0 to 87" in error_of(typed.text, "card_points_0")
    nothing = post_hand(client, board, **played(points=("", ""), last=""))
    assert error_of(nothing.text, "card_points_0") == "Type one side's card points: the other side has the rest of 87."
    assert error_of(nothing.text, "last_trick") == "Choose who took the last trick: Ann & Cat or Bob & Dan."
    for page in (two, wild_head, no_king, twice, both, moors, short, sum_, typed, nothing):
        assert page.status_code == 422
        assert not re.search(r"\b[Ss]eats? \d", page.text)
    assert totals(client.get(board).text) == [0, 0, 0, 0]


def test_the_preview_without_javascript_and_what_is_left_to_fill_in(client):
    board = start(client)
    form = client.get(board + "/hands/new").text
    headers = {"HX-Request": "true", "X-CSRFToken": csrf_from(form)}
    empty = client.post(board + "/hands/preview", data=hidden_fields(form), headers=headers).text
    assert "To fill in: Ann &amp; Cat&#39;s card points, Last trick" in empty
    # The other side's card points are the rest of the 87.
    typed = client.post(
        board + "/hands/preview",
        data={**hidden_fields(form), "dealer": "0", "card_points_1": "37", "last_trick": "1"},
        headers=headers,
    ).text
    assert "Ann &amp; Cat took 50 card points." in typed
    assert "Bob &amp; Dan took 37 card points and the last trick" in typed
    # The Preview button (no JavaScript): the same page, the working under the form, nothing saved.
    shown = post_hand(client, board, action="preview", **played(points=("50", "")))
    assert shown.status_code == 200 and "Ann &amp; Cat score 56 for the hand" in shown.text
    assert totals(client.get(board).text) == [0, 0, 0, 0]


# -- an edit, the end at 800, settling up ----------------------------------------------------------------------


def test_edit_play_to_800_and_the_losing_pair_pays_the_stake(client):
    board = start(client, stake="2/6")
    save(client, board, SEED)
    edit = client.get(board + "/hands/1/edit").text
    # The Grande comes back as its quick choice, down to the 5, and its Bégato ticked beside it.
    assert '<input checked id="c0_grande_quick-14" name="c0_grande_quick" type="radio" value="t5">' in edit
    assert 'name="c0_grande" id="c0_grande-16" value="begato" checked>' in edit
    assert 'value="57"' in edit and '<input type="hidden" name="dealer" value="0">' in edit
    # The last trick was Bob & Dan's after all: 401 and 36.
    fields = {**fields_of(SEED), "last_trick": "1"}
    changed = client.post(board + "/hands/1/edit", data={**hidden_fields(edit), "action": "save", **fields})
    assert changed.status_code == 303
    assert totals(client.get(board).text) == [401, 36, 401, 36]
    # A second hand like it takes Ann & Cat to 808: the game is over.
    save(client, board, {**SEED, "dealer": 1})
    page = client.get(board).text
    assert totals(page) == [808, 66, 808, 66]
    assert "Game over" in page and '<p class="winners" id="winners">Ann and Cat won.</p>' in page
    assert 'id="score-hand"' not in page
    # Each of the losing pair pays the stake (2/6), one to each winner.
    assert sorted(PAYS.findall(page)) == [("Bob", "Ann", "2/6"), ("Dan", "Cat", "2/6")]
    assert [(p.payer, p.payee, p.amount.halfpence) for p in settle([60, -60, 60, -60])] == [(1, 0, 60), (3, 2, 60)]


def test_a_stake_per_point_settles_the_difference_between_the_sides(client):
    board = start(client, stake="0/1", per="point")
    save(client, board, SEED)
    save(client, board, {**SEED, "dealer": 1})
    page = client.get(board).text
    assert totals(page) == [814, 60, 814, 60]
    # 754 points between the sides at a penny: each loser owes each winner 754d, 1508d in all (£6 5/8).
    money = OTTOCENTO.money(OTTOCENTO.stakes[1], 2, Played((814, 60, 814, 60), 2, 99))
    assert money == [3016, -3016, 3016, -3016]
    assert PAYS.findall(page) == [(NAMES[p.payer], NAMES[p.payee], "£6 5/8") for p in settle(money)]


def test_the_game_ends_after_the_hand_that_reaches_800(client):
    board = start(client)
    for _ in range(4):  # 178 a hand: 712
        save(client, board, BIG)
    assert "To reach 800: 88 for Ann &amp; Cat (712), 800 for Bob &amp; Dan (0)." in client.get(board).text
    save(client, board, BIG)
    page = client.get(board).text
    assert totals(page)[:2] == [890, 0] and "Ann and Cat won." in page


def test_a_call_out_ends_the_game_and_one_short_of_the_target_does_not(client):
    board = start(client)
    for _ in range(4):
        save(client, board, BIG)  # Ann & Cat 712
    kings = {"kind": "kings", "cards": ["KS", "KB", "KC"]}
    save(client, board, {"dealer": 0, "declarations": [[], [], [kings], []], "called_out": 2})  # 729: short of 800
    page = client.get(board).text
    assert totals(page) == [729, 0, 729, 0]
    assert "Cat&#39;s call-out, in the hand Ann dealt, does not end the game: its side reached only 729 of 800" in page
    assert 'id="score-hand"' in page
    delete = client.get(board + "/hands/5/delete").text
    assert client.post(board + "/hands/5/delete", data={"csrf_token": csrf_from(delete)}).status_code == 303
    # Cat shows three cricche, (17 + 14 + 13) × 2 = 88: 800, and calls her side out before play.
    queens, knights = {"kind": "queens", "cards": ["QS", "QB", "QC"]}, {"kind": "knights", "cards": ["NS", "NB", "NC"]}
    save(client, board, {"dealer": 0, "declarations": [[], [], [kings, queens, knights], []], "called_out": 2})
    page = client.get(board).text
    assert totals(page) == [800, 0, 800, 0] and "Ann and Cat won." in page and "does not end" not in page
    edit = client.get(board + "/hands/5/edit").text
    assert '<input checked id="called_out-3" name="called_out" type="radio" value="2">' in edit
    assert '<input checked id="d2_queens_quick-5" name="d2_queens_quick" type="radio" value="no-QD">' in edit


# -- export and import, groups and statistics ------------------------------------------------------------------


def test_a_session_exports_imports_and_rescores_whole(app, client, tmp_path):
    board = start(client, stake="0/6", moors_after_grande="yes")
    save(client, board, worked("a_barilli_moors_427")["hand"])
    rows = list(csv.reader(io.StringIO(client.get(board + "/export.csv").text)))
    assert rows[0][:3] == ["deal", "dealer", "hand"] and rows[1][2] == "Ann & Cat 427, Bob & Dan 30"
    assert rows[1][3:] == ["427", "30", "427", "30"]
    exported = json.loads(client.get(board + "/export.json").text)
    session = exported["sessions"][0]
    assert session["game"] == "ottocento" and session["stake_per"] == "game"
    assert session["house_rules"] == {
        "max_wilds_in_suit": 2,
        "moors_after_grande": True,
        "target": 800,
        "grande_gaps": 1,
        "numbering": "bolognese",
    }
    fresh = make_app(tmp_path / "fresh.sqlite3")
    with Session(fresh.extensions["db_engine"], expire_on_commit=False) as db:
        imported = backup.import_all(db, exported)
        assert [i.rescored for i in imported] == [[]] and imported[0].sitting.game == "ottocento"
    assert fresh.test_cli_runner().invoke(args=["rescore"]).output.endswith("1 hands checked, 0 no longer match\n")
    session["house_rules"] = {"max_wilds_in_suit": 3}
    with Session(fresh.extensions["db_engine"]) as db, pytest.raises(backup.ImportError_) as refused:
        backup.import_all(db, exported)
    assert "house_rules of Ottocento: A suit sequence may hold 1 or 2 wild cards" in str(refused.value)
    fresh.extensions["db_engine"].dispose()


def test_a_group_counts_its_ottocento_sessions_and_each_players_figures(client):
    from tests.web.test_groups import leaderboard, make_group

    group = make_group(client)
    start_page = client.get(group + "/start?game=ottocento")
    assert start_page.status_code == 200 and "New Ottocento session" in start_page.text
    page = client.get(group + "/start?game=ottocento")
    data = {f"player_{seat}": name for seat, name in enumerate(NAMES)}
    data.update(csrf_token=csrf_from(page.text), first_dealer="0", deals="40", stake="1/-", stake_per="game")
    data.update(coins="0/1 0/6 1/- 2/6", max_wilds_in_suit="2", moors_after_grande="no")
    response = client.post(group + "/sessions?game=ottocento&players=4", data=data)
    assert response.status_code == 303, response.text
    board = response.headers["Location"]
    declared = {**SEED, "declarations": [[], [{"kind": "kings", "cards": ["KS", "KB", "KC"]}], [], []]}
    save(client, board, declared)  # Bob declares Kings: 17, and his side scores 47 to 407
    save(client, board, {**SEED, "dealer": 1})
    assert "Ann and Cat won." in client.get(board).text
    html = client.get(group).text
    assert leaderboard(html) == [("Ann", 24), ("Cat", 24), ("Bob", -24), ("Dan", -24)]
    member = re.search(r'<a href="(/g/[^/]+/players/\d+)">Bob</a>', html).group(1)
    bob = client.get(member).text
    assert '<h2 id="figures-ottocento-h">Ottocento <small>(2 hands)</small></h2>' in bob
    assert re.search(r'id="ottocento-led">0 of 1 <small>\(0%\)</small>', bob)
    assert 'id="ottocento-declared">17<' in bob and 'id="ottocento-combinations">1<' in bob
    cat = client.get(re.search(r'<a href="(/g/[^/]+/players/\d+)">Cat</a>', html).group(1)).text
    assert 'id="ottocento-led">none<' in cat and 'id="ottocento-combinations">0<' in cat


def test_the_facts_each_hand_keeps_for_statistics():
    declared = OttocentoHand.from_json(
        {**SEED, "declarations": [[], [{"kind": "kings", "cards": ["KS", "KB", "KC"]}], [], []]}
    )
    facts = {"bid": "declared", "declarer": 1, "kind": "", "made": False, "partner": 3, "declared": 17}
    assert OTTOCENTO.facts(declared) == {**facts, "bonuses_declarer": 1, "bonuses_defence": 0}
    assert OTTOCENTO.facts(OttocentoHand.from_json(SEED))["declarer"] == -1
    call_out = OttocentoHand.from_json(worked("d_call_out")["hand"])
    assert OTTOCENTO.facts(call_out)["bid"] == "called-out" and OTTOCENTO.facts(call_out)["declarer"] == 1


# -- the sheet and its help beside the form ----------------------------------------------------------------------


def test_the_sheet_renders_and_each_help_beside_the_form_finds_its_section(client):
    sheet = client.get("/reference/games/ottocento")
    assert sheet.status_code == 200
    for needed in ("<td>18</td><td>36</td>", "87 card points", "first side to\n  <strong>800</strong>", "Parlett"):
        assert needed in sheet.text
    for needed in ("Barilli", "<strong>Per game</strong>", "<strong>Per point</strong>", "chiamarsi fuori"):
        assert needed in sheet.text
    assert sheet.text.count('class="interp"') >= 15
    assert "Ottocento" in client.get("/reference/").text
    board = start(client)
    form = client.get(board + "/hands/new").text
    found = re.findall(r'class="help" href="/reference/games/ottocento#([a-z-]+)"[^>]*hx-select="#([a-z-]+)"', form)
    assert found and all(a == b for a, b in found)
    for section in {a for a, _ in found}:
        assert f'<section id="{section}">' in sheet.text
    assert '"/reference/games/ottocento",' in client.get("/sw.js").text


def test_no_hand_goes_in_once_the_game_is_won(client):
    board = start(client)
    for _ in range(4):  # 712 for Ann & Cat
        save(client, board, BIG)
    stale = client.get(board + "/hands/new").text  # a phone opens the form for deal 5 ...
    save(client, board, BIG)  # ... while another saves the hand that wins the game (890)
    opened = client.get(board + "/hands/new")
    assert opened.status_code == 303 and opened.location.endswith(board)
    # The late phone is told so, and nothing more is stored.
    late = client.post(board + "/hands/new", data={**hidden_fields(stale), "action": "save", **fields_of(BIG)})
    assert late.status_code == 303
    page = client.get(board).text
    assert "The game is over: Ann and Cat won." in page and totals(page)[:2] == [890, 0]


def test_a_won_game_is_no_longer_playing_and_its_chart_spans_its_hands(client):
    from companion.web.chart import PAD, WIDTH

    board = start(client)
    for _ in range(3):
        save(client, board, BIG)
    page = client.get("/").text
    assert board in page[page.index('id="running"') : page.index('id="new-session-h"')]
    for _ in range(2):  # 890: Ann & Cat won
        save(client, board, BIG)
    start_page = client.get("/").text
    assert 'id="running"' not in start_page and board in start_page  # listed among the phone's sessions
    # The chart is drawn over the five hands played, not the 99 deals a session to a target may run to.
    points = re.search(r'points="([^"]+)"><title>Ann &amp; Cat</title>', client.get(board).text).group(1).split()
    assert len(points) == 6 and float(points[-1].split(",")[0]) == WIDTH - PAD


# -- issue #30: piles no deal gives, the call-out after a delete, the Grande's reading, the pack's numbering ------


def test_card_points_no_pile_holds_are_refused_beside_them(client):
    board = start(client)
    one = post_hand(client, board, **played(points=("86", "")))  # Ann deals: Bob & Dan left with 1
    assert one.status_code == 422
    assert error_of(one.text, "card_points_1").startswith("Bob & Dan cannot have 1 card point: a side holds no cards")
    two = post_hand(client, board, **played(points=("2", "")))
    assert error_of(two.text, "card_points_0").startswith("Ann & Cat, the dealer's side, cannot have 2 card points")
    # Without JavaScript both sides' figures are sent as typed: the 87 check speaks when they disagree.
    both = post_hand(client, board, **played(points=("50", "40")))
    assert "these add up to 90" in error_of(both.text, "card_points_1")
    assert totals(client.get(board).text) == [0, 0, 0, 0]


def test_a_void_call_out_after_a_delete_is_named_as_the_scoreboard_shows_it(client):
    """Issue #30, 2: after a delete, the message said "hand 5" for what the scoreboard calls deal 6."""
    board = start(client)
    for _ in range(2):
        save(client, board, BIG)
    delete = client.get(board + "/hands/1/delete").text
    assert client.post(board + "/hands/1/delete", data={"csrf_token": csrf_from(delete)}).status_code == 303
    save(client, board, BIG)  # deal 3
    kings = {"kind": "kings", "cards": ["KS", "KB", "KC"]}
    save(client, board, {"dealer": 1, "declarations": [[], [kings], [], []], "called_out": 1})  # deal 4, short
    page = client.get(board).text
    # Named by who called out and who dealt, as the deal's row shows them (the records come without deal numbers).
    named = re.search(
        r"Bob&#39;s call-out, in the hand (\w+) dealt, does not end the game: its side reached only 17", page
    )
    assert named and named.group(1) in NAMES
    assert "hand 3" not in page


def test_the_grande_reading_and_the_packs_numbering_are_chosen_on_the_start_form(client):
    page = client.get("/new/ottocento").text
    assert re.search(r'<input checked id="grande_gaps-0" name="grande_gaps" type="radio" value="1">', page)
    assert re.search(r'<input checked id="numbering-0" name="numbering" type="radio" value="bolognese">', page)
    issue = {"grande": ["angel", "sun", "t16", "t14", "begato", "matto"]}
    seed = start(client)  # the rules text's reading unless the table chooses the other
    refused = post_hand(client, seed, **played((issue, {})))
    assert "the 14 is cut off" in error_of(refused.text, "c0_grande")
    house = start(client, grande_gaps="2", numbering="modern")
    form = client.get(house + "/hands/new").text
    assert "<span>17</span>" in form and "<span>Moor 2</span>" in form and "<span>Angel 21</span>" in form
    assert 'value="t16"><span>17</span>' in form and 'value="t5"><span>6</span>' in form
    save(
        client,
        house,
        {**BIG, "captured": [[{"kind": "grande", "cards": issue["grande"]}], []], "rules": {"grande_gaps": 2}},
    )
    board = client.get(house).text
    assert totals(board) == [25 + 87 + 6, 0, 25 + 87 + 6, 0]
    assert "each wild card in the Grande may fill a gap of its own" in board
    assert "The pack is numbered 1 to 21" in board
