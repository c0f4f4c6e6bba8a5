"""Early French Tarot (seed 004): the research's three worked hands, each check, the end of the game, the money."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.early_french import (
    HONOURS_MOST,
    TARGET,
    EarlyFrenchHand,
    Honour,
    describe,
    finished,
    score,
    settle_per_game,
    settle_per_point,
    winner,
)
from companion.games.sussex import InvalidHand
from tests.games.sheets import render_sheet

DATA = Path(__file__).parent / "data"
WORKED = [json.loads(p.read_text()) for p in sorted(DATA.glob("hand-*.json"))]
BASE = {"tricks": [3, 3, 3, 3]}


def test_the_scoring_cards_come_to_53_when_all_are_dealt():
    assert HONOURS_MOST == 53
    assert [(h.points, h.copies) for h in Honour] == [(1, 4), (2, 4), (3, 4), (4, 4), (4, 1), (4, 1), (5, 1)]


@pytest.mark.parametrize("case", WORKED, ids=[c["name"] for c in WORKED])
def test_the_worked_hands(case):
    hand = EarlyFrenchHand.from_json(case["hand"])
    result = score(hand)
    expect = case["expect"]
    assert list(result.net) == expect["net"]
    assert list(result.count) == expect["count"]
    assert list(result.honours) == expect["honours"]
    assert len(result.working) == 5
    if "totals_before" in expect:
        after = [t + n for t, n in zip(expect["totals_before"], result.net, strict=True)]
        assert after == expect["totals_after"]
        assert finished(after) is expect["finished"] and winner(after) == expect["winner"]


def test_the_working_of_hand_one():
    result = score(EarlyFrenchHand.from_json(WORKED[0]["hand"]))
    assert result.working[0] == (
        "Seat 1: 5 tricks, 20 cards, 8 over 12: +8; Queen 3 + King 4 + the Magician (I) 4 = 11; +19 for the hand."
    )
    assert result.working[2] == "Seat 3: 3 tricks, 12 cards, 0 over 12: +0; 2 Pages 2 + King 4 = 6; +6 for the hand."
    assert result.working[3] == "Seat 4: 1 trick, 4 cards, 8 under 12: -8; the Fool 5; -3 for the hand."
    assert "add 28" in result.working[4]


def test_describe():
    hand = EarlyFrenchHand.from_json(WORKED[0]["hand"])
    assert describe(hand, ["A", "B", "C", "D"]) == "Tricks 5·3·3·1 · best A +19"


def test_fields_left_out_hold_nothing_and_a_trump_may_be_set_aside():
    hand = EarlyFrenchHand.from_json({"tricks": [12, 0, 0, 0], "magician": None})
    assert score(hand).net == (36, -12, -12, -12)
    assert hand.to_json() == {
        "tricks": [12, 0, 0, 0],
        "pages": [0, 0, 0, 0],
        "knights": [0, 0, 0, 0],
        "queens": [0, 0, 0, 0],
        "kings": [0, 0, 0, 0],
        "magician": None,
        "world": None,
        "fool": None,
    }


@pytest.mark.parametrize(
    "hand, field",
    [
        ("5,3,3,1", "hand"),
        ({**BASE, "jacks": [0, 0, 0, 0]}, "jacks"),
        ({}, "tricks"),
        ({"tricks": [3, 3, 3]}, "tricks"),
        ({"tricks": [3, 3, 3, 2]}, "tricks"),  # 11 tricks
        ({"tricks": [6, 3, 3, 1]}, "tricks"),  # 13 tricks
        ({"tricks": [13, -1, 0, 0]}, "tricks"),
        ({"tricks": [3, 3, 3, 3.0]}, "tricks"),
        ({"tricks": [3, 3, 3, True]}, "tricks"),
        ({"tricks": {"A": 12}}, "tricks"),
        ({**BASE, "kings": [2, 2, 1, 0]}, "kings"),  # five Kings
        ({**BASE, "pages": [1, 1, 1]}, "pages"),
        ({**BASE, "knights": [0, -1, 0, 0]}, "knights"),
        ({**BASE, "queens": 2}, "queens"),
        ({**BASE, "queens": [0, 0.5, 0, 0]}, "queens"),
        ({**BASE, "magician": 4}, "magician"),
        ({**BASE, "world": True}, "world"),
        ({**BASE, "fool": "1"}, "fool"),
        ({"tricks": [6, 4, 2, 0], "fool": 3}, "tricks"),  # no trick, no pile: the Fool went to a trick's winner
        ({"tricks": [9, 2, 0, 1], "kings": [0, 0, 0, 4], "queens": [0, 0, 0, 1]}, "tricks"),  # 5 in a 4-card pile
    ],
)
def test_bad_hands_name_their_field(hand, field):
    with pytest.raises(InvalidHand) as refused:
        EarlyFrenchHand.from_json(hand)
    assert refused.value.field == field


def test_the_game_ends_at_50_with_one_player_alone_at_the_top():
    assert TARGET == 50
    assert winner([49, 49, 49, 49]) is None and not finished([49, 49, 49, 49])
    assert winner([50, 12, -3, 0]) == 0 and finished([50, 12, -3, 0])
    assert winner([51, 60, 8, 0]) == 1  # both past 50: the higher wins
    assert winner([51, 51, 8, 0]) is None and not finished([51, 51, 8, 0])  # tied at the top: play on
    assert winner([60, 60, 70, 0]) == 2  # a tie below the top does not matter
    assert winner([-20, -12, -30, -1]) is None


def test_money_per_game_and_per_point():
    assert settle_per_game(2, 10) == (-10, -10, 30, -10)
    # Per point, pair by pair: A 60 receives 9 from B, 52 from C and 60 from D.
    assert settle_per_point([60, 51, 8, 0], 1) == (121, 85, -87, -119)
    for bad in (lambda: settle_per_game(0, -1), lambda: settle_per_point([60, 0, 0, 0], -1)):
        with pytest.raises(ValueError):
            bad()


def counts(copies: int):
    """Who holds each copy of a card (None: set aside), as a count for each seat."""
    holders = st.lists(st.one_of(st.none(), st.integers(0, 3)), min_size=copies, max_size=copies)
    return holders.map(lambda who: [who.count(s) for s in range(4)])


# Who won each of the 12 tricks, as tricks won per seat.
tricks = st.lists(st.integers(0, 3), min_size=12, max_size=12).map(lambda won: [won.count(s) for s in range(4)])
holder = st.one_of(st.none(), st.integers(0, 3))
records = st.fixed_dictionaries(
    {"tricks": tricks, **{h.id: counts(h.copies) for h in Honour if h.is_court}},
    optional={h.id: holder for h in Honour if not h.is_court},
)


def playable(record: dict) -> bool:
    """No player holds more scoring cards than the cards in their pile."""
    held = [sum(record[h.id][s] for h in Honour if h.is_court) for s in range(4)]
    for h in Honour:
        if not h.is_court and record.get(h.id) is not None:
            held[record[h.id]] += 1
    return all(n <= 4 * t for n, t in zip(held, record["tricks"], strict=True))


@given(records.filter(playable))
def test_the_count_makes_nothing_and_the_scoring_cards_at_most_53(record):
    hand = EarlyFrenchHand.from_json(record)
    assert EarlyFrenchHand.from_json(hand.to_json()) == hand
    result = score(hand)
    assert sum(result.count) == 0
    assert 0 <= sum(result.honours) <= HONOURS_MOST
    assert result.net == tuple(c + h for c, h in zip(result.count, result.honours, strict=True))
    assert sum(result.net) == sum(result.honours)  # not zero-sum unless no scoring card was won


@given(st.integers(0, 3), st.sampled_from(list(Honour)))
def test_a_player_without_a_trick_holds_no_scoring_card(empty, honour):
    tricks = [4, 4, 4, 4]
    tricks[empty], tricks[(empty + 1) % 4] = 0, 8
    held = [1 if s == empty else 0 for s in range(4)] if honour.is_court else empty
    with pytest.raises(InvalidHand) as refused:
        EarlyFrenchHand.from_json({"tricks": tricks, honour.id: held})
    assert refused.value.field == "tricks"
    assert not playable({"tricks": tricks, **{h.id: [0] * 4 for h in Honour if h.is_court}, honour.id: held})


@given(st.lists(st.integers(-100, 200), min_size=4, max_size=4), st.integers(0, 100))
def test_money_per_point_is_zero_sum_and_pairwise(totals, stake):
    money = settle_per_point(totals, stake)
    assert sum(money) == 0
    for s in range(4):  # each receives from each other the difference of their totals
        assert money[s] == sum((totals[s] - other) * stake for other in totals)
    if (w := winner(totals)) is not None:
        assert finished(totals) and totals[w] >= TARGET and sum(settle_per_game(w, stake)) == 0
        assert money[w] == max(money)


def test_the_reference_sheet_renders_from_the_engine():
    import companion.games.early_french as early_french

    html = render_sheet(early_french, "games/early-french/reference.html", early_french=early_french)
    assert "reconstruction" in html and "four players, each for themselves" in html
    assert '<th scope="row">The Magician (I)</th><td>1</td><td>4</td>' in html
    assert '<th scope="row">Kings</th><td>4, one in each suit</td><td>4</td>' in html
    assert html.count("<table") == html.count('<div class="scroll" tabindex="0" role="region" aria-label="') == 1
    assert html.count('class="interp"') >= 7
