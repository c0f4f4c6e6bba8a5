"""Tapp Tarock: the document's pay-out examples, then each bid and bonus worked out here."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.tapp import TappHand, score
from companion.rules import InvalidHand


def net(**hand) -> tuple[int, ...]:
    return score(TappHand.from_json(hand)).net


# The document's table "Pay Out Examples", row by row (players 1-3 are seats 0-2).
DOCUMENT_EXAMPLES = [
    ("Player 1 is paid for a won three", {"bid": "three", "declarer": 0, "points": 38}, (20, -10, -10)),
    ("Player 2 is paid for a won two", {"bid": "two", "declarer": 1, "points": 36}, (-20, 40, -20)),
    ("Player 1 pays others for a lost three", {"bid": "three", "declarer": 0, "points": 30}, (-20, 10, 10)),
    (
        "Player 1 is paid for a three, player 2 for a pagat ultimo",
        {"bid": "three", "declarer": 0, "points": 37, "bonuses": [{"bonus": "pagat-ultimo", "seat": 1}]},
        (10, 10, -20),
    ),
]


@pytest.mark.parametrize("_what, hand, expected", DOCUMENT_EXAMPLES, ids=[e[0] for e in DOCUMENT_EXAMPLES])
def test_the_documents_pay_out_examples(_what, hand, expected):
    assert net(**hand) == expected


@pytest.mark.parametrize("bid, value", [("three", 10), ("two", 20), ("one", 30), ("solo", 50)])
def test_each_bid_pays_its_value_to_or_from_each(bid, value):
    assert net(bid=bid, declarer=2, points=36) == (-value, -value, 2 * value)  # 36 is enough
    assert net(bid=bid, declarer=2, points=35) == (value, value, -2 * value)


def test_a_bridscher_costs_the_player_with_most_points_10_to_each():
    assert net(bid="bridscher", loser=1) == (10, -20, 10)


def test_with_40_and_with_50_follow_from_the_declarers_points():
    assert net(bid="three", declarer=0, points=40) == (40, -20, -20)  # 10 + With 40's 10, from each
    assert net(bid="three", declarer=0, points=49) == (40, -20, -20)
    assert net(bid="three", declarer=0, points=50) == (60, -30, -30)  # 10 + With 50's 20
    # Announced: doubled when made, paid to each when missed.
    announced_40 = [{"bonus": "with-40", "seat": 0, "announced": True}]
    assert net(bid="three", declarer=0, points=45, bonuses=announced_40) == (60, -30, -30)  # 10 + 20
    # 38 wins the game (+10 from each) but misses the announced With 40 (20 to each).
    assert net(bid="three", declarer=0, points=38, bonuses=announced_40) == (-20, 10, 10)
    announced_50 = [{"bonus": "with-50", "seat": 0, "announced": True}]
    assert net(bid="one", declarer=0, points=45, bonuses=announced_50) == (-20, 10, 10)  # +30, -40 missed


def test_announced_bonuses_double_and_a_missed_one_is_paid_to_each():
    trull = {"bonus": "trull", "seat": 2, "announced": True}
    assert net(bid="three", declarer=0, points=20, bonuses=[{**trull, "made": True}]) == (-40, -10, 50)
    # The lost three: seat 1 pays 10 to each; the missed Trull: seat 3 pays 20 to each.
    assert net(bid="three", declarer=0, points=20, bonuses=[{**trull, "made": False}]) == (0, 30, -30)
    kings = {"bonus": "four-kings", "seat": 1}
    assert net(bid="bridscher", loser=0, bonuses=[kings]) == (-30, 30, 0)


def test_the_simplified_count_is_out_of_71():
    assert net(bid="three", declarer=0, points=71, counting="simplified") == (60, -30, -30)
    with pytest.raises(InvalidHand) as refused:
        TappHand.from_json({"bid": "three", "declarer": 0, "points": 71})
    assert refused.value.field == "points" and "0 to 70" in refused.value.message


@pytest.mark.parametrize(
    "hand, field",
    [
        ({"bid": "four", "declarer": 0, "points": 40}, "bid"),
        ({"bid": "three", "declarer": 3, "points": 40}, "declarer"),
        ({"bid": "three", "declarer": 0, "points": 40.0}, "points"),
        ({"bid": "three", "declarer": 0, "points": 40, "loser": 1}, "loser"),
        ({"bid": "bridscher", "declarer": 0, "loser": 1}, "declarer"),
        ({"bid": "bridscher"}, "loser"),
        ({"bid": "three", "declarer": 0, "points": 40, "bonuses": [{"bonus": "with-40", "seat": 0}]}, "bonuses"),
        (
            {"bid": "three", "declarer": 0, "points": 40, "bonuses": [{"bonus": "trull", "seat": 0, "made": False}]},
            "bonuses",
        ),
        ({"bid": "three", "declarer": 0, "points": 40, "bonuses": [{"bonus": "trull", "seat": 0}] * 2}, "bonuses"),
        ({"bid": "three", "declarer": 0, "points": 40, "colour": "red"}, "colour"),
        ({"bid": "three", "declarer": 0, "points": 40, "counting": "sixes"}, "counting"),
    ],
)
def test_bad_hands_name_their_field(hand, field):
    with pytest.raises(InvalidHand) as refused:
        TappHand.from_json(hand)
    assert refused.value.field == field


bonus_claims = st.lists(
    st.fixed_dictionaries(
        {
            "bonus": st.sampled_from(["pagat-ultimo", "trull", "four-kings"]),
            "seat": st.integers(0, 2),
            "announced": st.just(True),
            "made": st.booleans(),
        }
    ),
    max_size=3,
    unique_by=lambda c: c["bonus"],
)


@given(
    bid=st.sampled_from(["three", "two", "one", "solo"]),
    declarer=st.integers(0, 2),
    points=st.integers(0, 70),
    bonuses=bonus_claims,
)
def test_every_hand_is_zero_sum_and_round_trips(bid, declarer, points, bonuses):
    hand = TappHand.from_json({"bid": bid, "declarer": declarer, "points": points, "bonuses": bonuses})
    assert TappHand.from_json(hand.to_json()) == hand
    result = score(hand)
    assert sum(result.net) == 0 and len(result.working) >= 1
