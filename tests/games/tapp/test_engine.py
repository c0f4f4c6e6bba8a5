"""Tapp Tarock: the document's pay-out examples, then each bid and bonus worked out here."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.sussex import InvalidHand, InvalidSeat
from companion.games.tapp import TappHand, score


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
).filter(lambda claims: len({c["seat"] for c in claims if c["bonus"] in PAGAT and c["made"]}) <= 1)
PAGAT = ("pagat-ultimo", "trull")  # made by one player, if both made


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


def refused(**hand) -> InvalidHand:
    with pytest.raises(InvalidHand) as caught:
        TappHand.from_json(hand)
    return caught.value


# -- With 40 and With 50: a `made` given must agree with the declarer's points -----------------------------------


@pytest.mark.parametrize(
    "bonus, points, made",
    [
        ("with-40", 45, True),
        ("with-40", 55, True),  # With 40 announced is made with 40 or more
        ("with-40", 38, False),  # the game won, With 40 missed
        ("with-40", 30, False),  # the game lost
        ("with-50", 49, False),
        ("with-50", 50, True),
    ],
)
def test_made_on_with_40_or_50_must_agree_with_the_points(bonus, points, made):
    claim = {"bonus": bonus, "seat": 0, "announced": True}
    hand = {"bid": "three", "declarer": 0, "points": points}
    left_out = TappHand.from_json({**hand, "bonuses": [claim]})
    assert left_out.bonuses[0].made is made and left_out.to_json()["bonuses"][0]["made"] is made
    assert TappHand.from_json({**hand, "bonuses": [{**claim, "made": made}]}) == left_out
    problem = refused(**hand, bonuses=[{**claim, "made": not made}])
    assert problem.field == "bonuses" and problem.item == bonus
    assert f"so it was {'made' if made else 'missed'}" in problem.message


def test_a_missed_with_40_said_made_is_refused_with_the_reason():
    problem = refused(
        bid="three", declarer=0, points=38, bonuses=[{"bonus": "with-40", "seat": 0, "announced": True, "made": True}]
    )
    assert problem.message == (
        "With 40 is made or missed by the declarer's points: the declarer won the game with 38, so it was missed. "
        "Leave out made, or make it false."
    )


# -- Pagat Ultimo and the Trull: one player's, when both are made ------------------------------------------------


@pytest.mark.parametrize(
    "pagat, trull, ok",
    [
        ({"seat": 1}, {"seat": 1}, True),
        ({"seat": 1}, {"seat": 2}, False),
        ({"seat": 1, "announced": True}, {"seat": 2, "announced": True}, False),
        ({"seat": 1}, {"seat": 2, "announced": True, "made": False}, True),  # the Trull was missed
        ({"seat": 0, "announced": True, "made": False}, {"seat": 2}, True),  # Pagat Ultimo was missed
    ],
)
def test_pagat_ultimo_and_the_trull_made_by_one_player(pagat, trull, ok):
    bonuses = [{"bonus": "pagat-ultimo", **pagat}, {"bonus": "trull", **trull}]
    for hand in (
        {"bid": "two", "declarer": 0, "points": 40, "bonuses": bonuses},
        {"bid": "bridscher", "loser": 0, "bonuses": bonuses},
    ):
        if ok:
            assert len(TappHand.from_json(hand).bonuses) == 2
        else:
            problem = refused(**hand)
            assert (problem.field, problem.item) == ("bonuses", "trull") and "different players" in problem.message


# -- a bridscher's tie ---------------------------------------------------------------------------------------


def test_tied_players_in_a_bridscher_each_pay_each_other_player():
    # Seats 0 and 2 tied for the most: each pays each other 10; between them it cancels, so seat 1 gets 20.
    assert net(bid="bridscher", loser=[0, 2]) == (-10, 20, -10)
    assert net(bid="bridscher", loser=[2, 0]) == (-10, 20, -10)
    # All three tied: nobody pays.
    assert net(bid="bridscher", loser=[0, 1, 2]) == (0, 0, 0)
    # A bonus still goes to whoever made it.
    assert net(bid="bridscher", loser=[0, 1], bonuses=[{"bonus": "four-kings", "seat": 0}]) == (10, -20, 10)


def test_a_tie_round_trips_and_old_records_read_as_before():
    tie = TappHand.from_json({"bid": "bridscher", "loser": [2, 0]})
    assert tie.losers == (0, 2) and tie.to_json()["loser"] == [0, 2]
    assert TappHand.from_json(tie.to_json()) == tie
    old = {"bid": "bridscher", "counting": "traditional", "loser": 1, "bonuses": []}
    assert TappHand.from_json(old).to_json() == old
    assert TappHand.from_json({"bid": "bridscher", "loser": [1]}).to_json()["loser"] == 1


@pytest.mark.parametrize("loser", [[], [1, 1], [0, 3], "0, 1", [0, True], None])
def test_a_bad_tie_is_refused(loser):
    assert refused(bid="bridscher", loser=loser).field == "loser"


# -- the working names no seat by number ---------------------------------------------------------------------


def test_the_working_names_players_or_roles_never_seat_numbers():
    hand = TappHand.from_json(
        {
            "bid": "three",
            "declarer": 0,
            "points": 20,
            "bonuses": [
                {"bonus": "trull", "seat": 2, "announced": True, "made": False},
                {"bonus": "four-kings", "seat": 1},
            ],
        }
    )
    plain = score(hand).working
    assert not any("seat" in sentence for sentence in plain)
    assert "Trull, announced and missed: the announcer pays each other player 20." in plain
    named = score(hand, ["Ann", "Bob", "Cat"]).working
    assert "Trull, announced by Cat and missed: Cat pays each other player 20." in named
    assert "Four Kings (silent) by Bob: paid 10 by each other player." in named
    tie = TappHand.from_json({"bid": "bridscher", "loser": [0, 2]})
    assert score(tie, ["Ann", "Bob", "Cat"]).working[0].startswith("Bridscher: Ann and Cat tied for the most")
    assert score(TappHand.from_json({"bid": "bridscher", "loser": 1}), ["Ann", "Bob", "Cat"]).working == (
        "Bridscher: Bob took the most card points and pays each other player 10.",
    )


def test_a_bad_seat_names_who_to_choose():
    problem = refused(bid="three", declarer=3, points=40)
    assert isinstance(problem, InvalidSeat) and problem.who == "the declarer" and problem.seats == 3


def test_records_stored_before_the_check_can_be_brought_up_to_date():
    from companion.games.tapp import upgrade_record

    # What to_json wrote for a missed announced With 40 until `made` was checked: now refused, then mended.
    stored = {
        "bid": "three",
        "counting": "traditional",
        "declarer": 0,
        "points": 38,
        "bonuses": [
            {"bonus": "with-40", "seat": 0, "announced": True, "made": True},
            {"bonus": "trull", "seat": 1, "announced": True, "made": False},
        ],
    }
    assert refused(**stored).field == "bonuses"
    mended = upgrade_record(stored)
    assert mended["bonuses"][0]["made"] is False and mended["bonuses"][1] == stored["bonuses"][1]
    # Scored as it was then: the three won (+10 from each), With 40 missed (20 to each), the Trull missed.
    assert score(TappHand.from_json(mended)).net == (0, -30, 30)
    assert upgrade_record({"bid": "bridscher", "loser": 1}) == {"bid": "bridscher", "loser": 1}
    assert upgrade_record([1]) == [1]


# -- Kontra: a house rule, off unless a hand says so (issue #30, item 8) ---------------------------------------
#
# Not in the rules document. Tapp tables play it: "Pagat Ultimo or the Game may be Doubled and Redoubled as well"
# (Tower Grove Tarock, "Tapp Tarock", three-player rules). An opponent's Kontra doubles the payment, the
# declarer's (or announcer's) Rekontra doubles it again; each payment is doubled on its own.


@pytest.mark.parametrize(
    "kontra, points, expected",
    [
        ("kontra", 38, (40, -20, -20)),  # the won Three: 10 × 2 from each
        ("rekontra", 38, (80, -40, -40)),  # 10 × 4 from each
        ("kontra", 30, (-40, 20, 20)),  # the lost Three: 10 × 2 to each
        ("rekontra", 30, (-80, 40, 40)),
    ],
)
def test_kontra_doubles_the_game_and_rekontra_doubles_it_again(kontra, points, expected):
    assert net(bid="three", declarer=0, points=points, kontra=kontra) == expected


def test_kontra_on_the_game_leaves_the_bonuses_as_they_were():
    # The document's row 4 (a Three won, Pagat Ultimo to player 2: 10, 10, -20), with Kontra on the game: the
    # Three pays 20 from each, the silent Pagat Ultimo still 10.
    row_4 = {"bonus": "pagat-ultimo", "seat": 1}
    assert net(bid="three", declarer=0, points=37, kontra="kontra", bonuses=[row_4]) == (30, 0, -30)
    # With 40 (silent) follows the points, undoubled: 20 for the game and 10 for With 40, from each.
    assert net(bid="three", declarer=0, points=45, kontra="kontra") == (60, -30, -30)


def test_kontra_on_a_single_bonus_doubles_that_bonus_alone():
    pagat = {"bonus": "pagat-ultimo", "seat": 1, "announced": True, "kontra": "kontra"}
    # The Three: 10 from each to seat 0. Pagat Ultimo announced and made, Kontra: 20 × 2 = 40 from each to seat 1.
    assert net(bid="three", declarer=0, points=37, bonuses=[pagat]) == (-20, 70, -50)
    # Missed, Rekontra: seat 1 pays each 20 × 4 = 80 (and the Three's 10 to seat 0).
    missed = {**pagat, "made": False, "kontra": "rekontra"}
    assert net(bid="three", declarer=0, points=37, bonuses=[missed]) == (100, -170, 70)
    # An announced With 40, Kontra: the game 10 and With 40 20 × 2 = 40, from each.
    with_40 = {"bonus": "with-40", "seat": 0, "announced": True, "kontra": "kontra"}
    assert net(bid="three", declarer=0, points=45, bonuses=[with_40]) == (100, -50, -50)
    # ... missed (38 wins the game, not With 40): +10 for the game, 40 to each.
    assert net(bid="three", declarer=0, points=38, bonuses=[with_40]) == (-60, 30, 30)


def test_the_working_says_which_payment_was_doubled():
    hand = TappHand.from_json(
        {
            "bid": "two",
            "declarer": 0,
            "points": 38,
            "kontra": "kontra",
            "bonuses": [{"bonus": "pagat-ultimo", "seat": 1, "announced": True, "kontra": "rekontra"}],
        }
    )
    named = score(hand, ["Ann", "Bob", "Cat"]).working
    assert named == (
        "Two, Kontra ×2: the declarer took 38 of 70 (36 needed) and is paid 40 by each other player.",
        "Pagat Ultimo, announced by Bob and made, Rekontra ×4: paid 80 by each other player.",
    )
    assert score(hand).net == (0, 120, -120)


@pytest.mark.parametrize(
    "hand, field, words",
    [
        ({"bid": "bridscher", "loser": 1, "kontra": "kontra"}, "kontra", "no game to Kontra"),
        ({"bid": "three", "declarer": 0, "points": 40, "kontra": "double"}, "kontra", "kontra (×2) or rekontra"),
        ({"bid": "three", "declarer": 0, "points": 40, "kontra": 2}, "kontra", "kontra (×2) or rekontra"),
        (
            {
                "bid": "three",
                "declarer": 0,
                "points": 40,
                "bonuses": [{"bonus": "trull", "seat": 1, "kontra": "kontra"}],
            },
            "bonuses",
            "a silent Trull was never announced",
        ),
    ],
)
def test_kontra_where_none_can_be_said_is_refused(hand, field, words):
    problem = refused(**hand)
    assert problem.field == field and words in problem.message


def test_old_records_without_kontra_score_and_read_exactly_as_before():
    stored = {
        "bid": "one",
        "counting": "traditional",
        "declarer": 2,
        "points": 41,
        "bonuses": [{"bonus": "four-kings", "seat": 0, "announced": True, "made": False}],
    }
    hand = TappHand.from_json(stored, stored=True)
    assert hand.to_json() == stored  # no "kontra" written where none was said
    # One won: 30 from each; With 40 (silent): 10 from each; Four Kings missed: seat 0 pays 20 to each.
    assert score(hand).net == (-80, -20, 100)
    doubled = TappHand.from_json({**stored, "kontra": "kontra"})
    assert doubled.to_json()["kontra"] == "kontra" and TappHand.from_json(doubled.to_json()) == doubled


@given(
    bid=st.sampled_from(["three", "two", "one", "solo"]),
    declarer=st.integers(0, 2),
    points=st.integers(0, 70),
    bonuses=bonus_claims,
    kontra=st.sampled_from(["", "kontra", "rekontra"]),
    on_bonus=st.lists(st.sampled_from(["", "kontra", "rekontra"]), min_size=3, max_size=3),
)
def test_every_hand_with_kontra_is_zero_sum_and_round_trips(bid, declarer, points, bonuses, kontra, on_bonus):
    claims = [{**c, "kontra": k} for c, k in zip(bonuses, on_bonus, strict=False)]
    hand = TappHand.from_json({"bid": bid, "declarer": declarer, "points": points, "kontra": kontra, "bonuses": claims})
    assert TappHand.from_json(hand.to_json()) == hand
    assert sum(score(hand).net) == 0
    # Kontra on the game changes the game's payment alone: (factor - 1) more of the bid's value, either way.
    plain = TappHand.from_json({"bid": bid, "declarer": declarer, "points": points})
    doubled = TappHand.from_json({**plain.to_json(), "kontra": kontra})
    more = ({"": 1, "kontra": 2, "rekontra": 4}[kontra] - 1) * plain.bid.pays * (1 if plain.made else -1)
    change = [a - b for a, b in zip(score(doubled).net, score(plain).net, strict=True)]
    assert change == [2 * more if seat == declarer else -more for seat in range(3)]
