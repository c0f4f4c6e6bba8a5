"""Piedmontese Tarocchi: the research's four worked hands and their game, each check, the end of a game, the money."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.sussex import InvalidHand
from companion.games.tarocchi import (
    CARDS_IN_PACK,
    FACE_TOTAL,
    TOTAL,
    CardValue,
    Side,
    TarocchiHand,
    card_points,
    describe,
    face_range,
    game_length,
    game_over,
    outcome,
    possible_cards,
    possible_points,
    score,
    settle,
    side_totals,
)
from tests.games.sheets import render_sheet

DATA = Path(__file__).parent / "data"
WORKED = [json.loads(p.read_text()) for p in sorted(DATA.glob("hand-*.json"))]
GAME = json.loads((DATA / "game.json").read_text())


def test_the_pack_comes_to_78_card_points():
    assert sum(v.count for v in CardValue) == CARDS_IN_PACK
    assert FACE_TOTAL == 130
    assert card_points(FACE_TOTAL, CARDS_IN_PACK) == TOTAL  # 26 threes, two off each


@pytest.mark.parametrize("case", WORKED, ids=[c["name"] for c in WORKED])
def test_the_worked_hands(case):
    expect = case["expect"]
    for record in [case["hand"], *case["also"]]:  # the same hand entered each way gives the same result
        result = score(TarocchiHand.from_json(record))
        assert list(result.sides) == expect["sides"]
        assert list(result.net) == expect["net"]
        assert (result.winner.id if result.winner else None) == expect["winner"]
        assert result.working


def test_the_worked_game():
    hands = [TarocchiHand.from_json(h) for h in GAME["hands"]]
    expect = GAME["expect"]
    assert [game_over(n) for n in range(1, 5)] == [False, False, False, True]
    assert len(hands) == expect["game_over_after"]
    totals = side_totals(hands)
    assert list(totals) == expect["side_totals"]
    winner = outcome(totals)
    assert winner is not None and winner.id == expect["winner"]
    assert list(settle(winner, GAME["stake"])) == expect["money"]


def test_39_each_is_a_drawn_hand_and_40_wins():
    drawn = score(TarocchiHand.from_json({"dealer": 0, "side": "east-west", "points": 39}))
    assert drawn.drawn and drawn.winner is None and drawn.sides == (39, 39)
    assert any("drawn" in line for line in drawn.working)
    won = score(TarocchiHand.from_json({"dealer": 0, "side": "east-west", "points": 40}))
    assert won.winner is Side.EAST_WEST and won.sides == (38, 40) and won.net == (38, 40, 38, 40)
    lost = score(TarocchiHand.from_json({"dealer": 0, "side": "east-west", "points": 38}))
    assert lost.winner is Side.NORTH_SOUTH


def test_the_working_shows_the_count_in_threes():
    result = score(TarocchiHand.from_json({"dealer": 1, "side": "east-west", "face": 68, "cards": 38}))
    assert "68 − 2 × 12 − 1" in result.working[1] and result.working[1].endswith("= 43.")
    assert "78 − 43 = 35" in result.working[2]
    assert result.working[0] == "Seat 2 dealt: the two discards count for East–West."


def test_describe_names_the_partners():
    hand = TarocchiHand.from_json({"dealer": 0, "side": "north-south", "points": 39})
    assert describe(hand, ["Ann", "Bob", "Cy", "Di"]) == "Ann & Cy 39 · Bob & Di 39 · drawn"


@pytest.mark.parametrize(
    "hand, field",
    [
        ([1, 2], "hand"),
        ({"dealer": 0, "side": "north-south", "points": 40, "tricks": 10}, "tricks"),
        ({"side": "north-south", "points": 40}, "dealer"),
        ({"dealer": 4, "side": "north-south", "points": 40}, "dealer"),
        ({"dealer": True, "side": "north-south", "points": 40}, "dealer"),
        ({"dealer": "0", "side": "north-south", "points": 40}, "dealer"),
        ({"dealer": 0, "points": 40}, "side"),
        ({"dealer": 0, "side": "north", "points": 40}, "side"),
        ({"dealer": 0, "side": "north-south"}, "points"),
        ({"dealer": 0, "side": "north-south", "points": 79}, "points"),
        ({"dealer": 0, "side": "north-south", "points": -1}, "points"),
        ({"dealer": 0, "side": "north-south", "points": 39.5}, "points"),
        ({"dealer": 0, "side": "north-south", "points": 40.0}, "points"),
        ({"dealer": 0, "side": "north-south", "points": True}, "points"),
        ({"dealer": 0, "side": "north-south", "points": "40"}, "points"),
        ({"dealer": 0, "side": "north-south", "points": 48, "face": 76, "cards": 42}, "points"),
        ({"dealer": 0, "side": "north-south", "face": 76}, "cards"),
        ({"dealer": 0, "side": "north-south", "face": 76, "cards": 40}, "cards"),  # the dealer's side: 4k + 2
        ({"dealer": 1, "side": "north-south", "face": 76, "cards": 42}, "cards"),  # the other side: 4k
        ({"dealer": 1, "side": "north-south", "face": 76, "cards": 80}, "cards"),
        ({"dealer": 1, "side": "north-south", "face": 76, "cards": 40.0}, "cards"),
        ({"dealer": 0, "side": "north-south", "cards": 42}, "face"),
        ({"dealer": 0, "side": "north-south", "face": 41, "cards": 42}, "face"),  # each card counts at least 1
        ({"dealer": 0, "side": "north-south", "face": 95, "cards": 42}, "face"),  # more than every counting card
        ({"dealer": 2, "side": "north-south", "face": 76, "cards": 78}, "face"),  # the whole pack is 130
        ({"dealer": 1, "side": "east-west", "face": 10.5, "cards": 6}, "face"),
    ],
)
def test_bad_hands_name_their_field(hand, field):
    with pytest.raises(InvalidHand) as refused:
        TarocchiHand.from_json(hand)
    assert refused.value.field == field


def test_the_card_counts_a_side_can_hold():
    assert list(possible_cards(True)) == [2 + 4 * k for k in range(20)]  # 0 to 19 tricks, and the discards
    assert list(possible_cards(False)) == [4 * k for k in range(20)]
    # The other side holding 76 cards leaves the dealer's side its 2 discards: never an Honour or a King, so two
    # Queens (3 extra each) at most.
    assert face_range(76, False) == (76 + 52 - 6, 76 + 52)
    # Null values count as left out, as a form sends them.
    hand = TarocchiHand.from_json({"dealer": 0, "side": "north-south", "points": None, "face": 76, "cards": 42})
    assert hand.points == 48


def test_the_length_of_a_game():
    assert game_length(4) == 4 and game_length(12) == 12
    for bad in (0, -4, 6, 4.0, True, "4", None):
        with pytest.raises(InvalidHand) as refused:
            game_length(bad)
        assert refused.value.field == "hands_in_game"
    assert not game_over(7, 8) and game_over(8, 8) and game_over(9, 8)
    with pytest.raises(ValueError):
        game_over(4, 6)


def test_the_game_is_won_on_total_points_and_a_tie_is_drawn():
    assert outcome((156, 156)) is None
    assert outcome((150, 162)) is Side.EAST_WEST
    assert outcome((157, 155)) is Side.NORTH_SOUTH
    assert settle(None, 20) == (0, 0, 0, 0)
    assert settle(Side.EAST_WEST, 20) == (-20, 20, -20, 20)
    with pytest.raises(ValueError):
        settle(Side.EAST_WEST, -1)


records = st.builds(
    lambda dealer, side, points: {"dealer": dealer, "side": side, "points": points},
    st.integers(0, 3),
    st.sampled_from(["north-south", "east-west"]),
    st.integers(0, TOTAL),
).filter(lambda r: r["points"] in possible_points(Side.of(r["dealer"]).id == r["side"]))


@given(records)
def test_the_sides_always_make_78_and_records_round_trip(record):
    hand = TarocchiHand.from_json(record)
    assert TarocchiHand.from_json(hand.to_json()) == hand
    result = score(hand)
    assert sum(result.sides) == TOTAL
    assert result.net == (result.sides[0], result.sides[1], result.sides[0], result.sides[1])
    assert (result.winner is None) == (result.sides == (39, 39))


PACK_FACES = [v.face for v in CardValue for _ in range(v.count)]


@given(st.integers(0, 3), st.integers(0, 19), st.randoms(use_true_random=False), st.booleans())
def test_any_real_deal_is_accepted_and_its_count_in_threes_makes_78(dealer, tricks, rng: random.Random, enter_dealers):
    """Deal the pack at random: the dealer's side holds 4 a trick and the 2 discards (no Honour or King), the
    other side the rest."""
    faces = PACK_FACES[:]
    rng.shuffle(faces)
    discards = [faces.pop(faces.index(next(f for f in faces if f < 5))) for _ in range(2)]  # no Honour or King
    held = 4 * tricks
    piles = {Side.of(dealer): discards + faces[:held], Side.of(dealer).other: faces[held:]}
    counted = Side.of(dealer) if enter_dealers else Side.of(dealer).other
    pile = piles[counted]
    hand = TarocchiHand.from_json({"dealer": dealer, "side": counted.id, "face": sum(pile), "cards": len(pile)})
    # Count it as the table does: in threes, two off each; one off an odd card or two.
    threes = [pile[i : i + 3] for i in range(0, len(pile), 3)]
    by_hand = sum(sum(group) - (2 if len(group) == 3 else 1) for group in threes)
    assert hand.points == by_hand
    assert TarocchiHand.from_json(hand.to_json()) == hand
    other = piles[counted.other]
    assert sum(score(hand).sides) == TOTAL and TOTAL - hand.points == card_points(sum(other), len(other))


@given(st.sampled_from([Side.NORTH_SOUTH, Side.EAST_WEST, None]), st.integers(0, 1000))
def test_the_stake_is_zero_sum(winner, stake):
    money = settle(winner, stake)
    assert sum(money) == 0 and len(money) == 4


def test_the_reference_sheet_renders_from_the_engine():
    import companion.games.tarocchi as tarocchi

    html = render_sheet(tarocchi, "games/tarocchi/reference.html", tarocchi=tarocchi)
    assert "Piedmontese Tarocchi" in html and "Angel, the Bagatto and the Fool" in html
    assert html.count("<table") == html.count('<div class="scroll" tabindex="0" role="region" aria-label="') == 1
    assert html.count('class="interp"') >= 8


# -- what a deal can give (issue #30, item 4) ------------------------------------------------------------------

#: The pack by what a card adds to a count above an empty card's 1 (seed 002, "Counting the points": Honours and
#: Kings 5, Queens 4, Cavaliers 3, Valets 2, all others 1), and how many of each: 3 Honours and 4 Kings, 4 Queens,
#: 4 Cavaliers, 4 Valets, 59 empty cards.
HONOURS_AND_KINGS = 7
OTHERS = {3: 4, 2: 4, 1: 4, 0: 59}


def holdings(dealers_side: bool) -> set[tuple[int, int]]:
    """Every (cards, face value) a side can end a hand with, worked out card by card from the deal: 19 each, the
    dealer's 2 discards (no Honour or King, seed 002 "The Deal") counting for the dealer's side, 4 cards a trick.
    A side with no trick keeps no Fool (it goes to the trick's winner), so the dealer's side with no trick holds
    its discards alone."""
    found = set()
    for tricks in range(20):
        cards = 4 * tricks + (2 if dealers_side else 0)
        for high in range(HONOURS_AND_KINGS + 1):
            for queens in range(5):
                for cavaliers in range(5):
                    for valets in range(5):
                        empty = cards - high - queens - cavaliers - valets
                        if not 0 <= empty <= OTHERS[0]:
                            continue
                        # The discards are two of the dealer's side's cards that are no Honour or King.
                        dealers_others = cards - high if dealers_side else (78 - cards) - (HONOURS_AND_KINGS - high)
                        if dealers_others < 2:
                            continue
                        face = cards + 4 * high + 3 * queens + 2 * cavaliers + valets
                        found.add((cards, face))
    return found


def accepted(hand: dict) -> bool:
    try:
        TarocchiHand.from_json(hand)
    except InvalidHand:
        return False
    return True


@pytest.mark.parametrize("dealers_side", [True, False], ids=["the dealer's side", "the other side"])
def test_the_cards_a_side_can_hold_are_those_a_deal_gives(dealers_side):
    """Ann deals (North–South hold the discards); every count and face value a deal can give is accepted, and
    no other."""
    side = "north-south" if dealers_side else "east-west"
    real = holdings(dealers_side)
    tried = {(cards, face) for cards in range(79) for face in range(cards, 131)}
    taken = {(c, f) for c, f in tried if accepted({"dealer": 0, "side": side, "face": f, "cards": c})}
    assert taken == real
    # Face values the discards rule out: they are never an Honour or a King.
    if dealers_side:
        assert (2, 8) in taken and (2, 9) not in taken and (6, 28) in taken and (6, 29) not in taken
    else:
        assert (76, 122) in taken and (76, 121) not in taken and (72, 102) in taken and (72, 101) not in taken


@pytest.mark.parametrize("dealers_side", [True, False], ids=["the dealer's side", "the other side"])
def test_the_card_points_a_side_can_have_are_those_a_deal_gives(dealers_side):
    """The dealer's side always holds the discards, worth at least 1 (two empty cards), even when the other
    side took every trick: the seed counts them for the dealer's side with no exception. So it has 1 to 78, the
    other side 0 to 77."""
    side = "north-south" if dealers_side else "east-west"
    real = {card_points(face, cards) for cards, face in holdings(dealers_side)}
    taken = {p for p in range(-1, 80) if accepted({"dealer": 0, "side": side, "points": p})}
    assert taken == real == (set(range(1, 79)) if dealers_side else set(range(0, 78)))
    with pytest.raises(InvalidHand) as refused:
        TarocchiHand.from_json({"dealer": 0, "side": side, "points": 0 if dealers_side else 78})
    assert refused.value.field == "points" and "discards" in str(refused.value)


def test_a_hand_stored_before_the_discards_were_checked_still_reads():
    for hand in (
        {"dealer": 0, "side": "north-south", "points": 0},
        {"dealer": 0, "side": "east-west", "points": 78},
        {"dealer": 0, "side": "north-south", "face": 10, "cards": 2},
        {"dealer": 0, "side": "east-west", "face": 120, "cards": 76},
    ):
        assert not accepted(hand)
        assert TarocchiHand.from_json(hand, stored=True).to_json() == hand
    # What was never accepted is still refused.
    with pytest.raises(InvalidHand):
        TarocchiHand.from_json({"dealer": 0, "side": "north-south", "face": 11, "cards": 2}, stored=True)


def test_a_finished_game_says_in_words_which_side_won_it():
    """The game's outcome (what the scoreboard shows of a finished game) names the winning side, or the draw."""
    from companion.games import GAMES
    from companion.games.base import Played

    game, names = GAMES["tarocchi"], ("Ann", "Bob", "Cat", "Dan")
    ns, ew = GAME["expect"]["side_totals"]
    done = game.outcome(Played((ns, ew, ns, ew), 4, 4, names=names))
    assert done.finished and done.winners == (0, 2)
    assert done.lines == (f"Ann & Cat win the game, {ns} to {ew}.",)
    other_way = game.outcome(Played((ew, ns, ew, ns), 8, 8, names=names))
    assert other_way.winners == (1, 3) and other_way.lines == (f"Bob & Dan win the game, {ns} to {ew}.",)
    drawn = game.outcome(Played((156, 156, 156, 156), 4, 4, names=names))
    assert drawn.finished and drawn.winners == () and drawn.lines == ("A drawn game: 156 each.",)
    # Without the names (a group's statistics), the sides by their compass names; nothing while the game goes on.
    assert game.outcome(Played((ns, ew, ns, ew), 4, 4)).lines == (f"North–South win the game, {ns} to {ew}.",)
    assert game.outcome(Played((ns, ew, ns, ew), 3, 4, names=names)).lines == ()
