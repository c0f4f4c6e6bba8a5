"""French Tarot for 3, 4 and 5 players: hands worked out by hand here, from the rules as the product states them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.french import FrenchHand, score
from companion.rules import InvalidHand


def net(**hand) -> tuple[int, ...]:
    return score(FrenchHand.from_json(hand)).net


# The document's own examples.
def test_the_documents_examples():
    # "I took 39 card points with 2 bouts, which puts me short by 2 points. Assuming a Petite bid, that is
    # 27 points I owe each of the other players" (three of them at the table).
    assert net(players=3, taker=0, contract="petite", bouts=2, points=39) == (-54, 27, 27)
    # "31 card points taken with 2 bouts: the difference is 10 (a base score of 35)".
    assert (
        score(
            FrenchHand.from_json({"players": 4, "taker": 0, "contract": "petite", "bouts": 2, "points": 31})
        ).per_defender
        == 35
    )
    # "51 card points taken with 3 bouts: the difference is 15 (base score 40)".
    hand = {"players": 4, "taker": 0, "contract": "garde", "bouts": 3, "points": 51}
    # "if the taker wins with a calculated score of 80 points in a 4-player game, the recorded score is 240
    # ... each other player would have -80": a garde doubles the 40.
    assert net(**hand) == (240, -80, -80, -80)
    # "Conversely, if the taker lost, but the score was calculated at 80 ... -240, and the others ... 80."
    assert net(**{**hand, "points": 21}) == (-240, 80, 80, 80)
    # "the half point is rounded up if the taker wins, and down if they lose".
    assert net(players=4, taker=0, contract="petite", bouts=3, points=40.5) == (90, -30, -30, -30)  # 41: 5 over
    assert net(players=4, taker=0, contract="petite", bouts=3, points=35.5) == (-78, 26, 26, 26)  # 35: 1 short


def test_four_players_a_garde_made():
    # 2 bouts: 41 needed; 45 is 4 over. (25 + 4) × 2 = 58 from each of three defenders.
    assert net(players=4, taker=0, contract="garde", bouts=2, points=45) == (174, -58, -58, -58)


def test_half_points_round_in_favour_of_the_side_that_scores():
    # 40½ against 41: failed by ½, rounded up to 1. (25 + 1) × 1 = 26 to each defender.
    assert net(players=4, taker=1, contract="petite", bouts=2, points=40.5) == (26, -78, 26, 26)
    # 41½: made by 1.
    assert net(players=4, taker=1, contract="petite", bouts=2, points=41.5) == (-26, 78, -26, -26)
    # Exactly the target: made, by 0 ("juste fait").
    assert net(players=4, taker=1, contract="petite", bouts=2, points=41) == (-25, 75, -25, -25)


def test_three_players():
    # 1 bout: 51 needed; 60 is 9 over. Garde sans: (25 + 9) × 4 = 136 from each of two defenders.
    assert net(players=3, taker=2, contract="garde-sans", bouts=1, points=60) == (-136, -136, 272)


def test_five_players_the_partner_takes_a_third():
    # 0 bouts: 56 needed; 66 is 10 over. Garde: (25 + 10) × 2 = 70 from each of three defenders (210):
    # the taker receives two thirds (140), the partner one third (70).
    assert net(players=5, taker=0, partner=3, contract="garde", bouts=0, points=66) == (140, -70, -70, 70, -70)
    # Failed by 6 (50 of 56): 31 × 2 = 62 to each defender; the taker pays 124, the partner 62.
    assert net(players=5, taker=0, partner=3, contract="garde", bouts=0, points=50) == (-124, 62, 62, -62, 62)


def test_five_players_the_taker_alone_with_their_own_king():
    # 3 bouts: 36 needed, 36 taken: (25 + 0) × 1 = 25 from each of four defenders.
    assert net(players=5, taker=4, partner=4, contract="petite", bouts=3, points=36) == (-25, -25, -25, -25, 100)


def test_petit_au_bout_goes_to_the_side_that_took_it_whoever_won():
    # Garde made by 5 (46 of 41): 30 × 2 = 60; the defence's Petit au bout: 10 × 2 = 20 back: 40 from each.
    assert net(players=4, taker=0, contract="garde", bouts=2, points=46, petit_au_bout="defence") == (
        120,
        -40,
        -40,
        -40,
    )
    # The taker's Petit au bout in a failed petite (failed by 11: 36 to each, less 10): 26 to each defender.
    assert net(players=4, taker=0, contract="petite", bouts=1, points=40, petit_au_bout="taker") == (-78, 26, 26, 26)


def test_a_poignee_goes_to_the_side_that_won_the_hand():
    # The defence shows a simple poignée but the taker makes a petite by 0: 25 + 20 from each defender.
    hand = {"players": 4, "taker": 0, "contract": "petite", "bouts": 3, "points": 36}
    assert net(**hand, poignees=[{"size": "simple", "side": "defence"}]) == (135, -45, -45, -45)
    # A double poignée shown by the taker, who falls (35 of 36, by 1): 26 + 30 to each defender; not multiplied.
    garde = {**hand, "contract": "garde", "points": 35}
    assert net(**garde, poignees=[{"size": "double", "side": "taker"}]) == (-246, 82, 82, 82)  # 26 × 2 + 30


def test_chelem():
    # Announced and made: every trick, 91 points, 3 bouts: 55 over. Petite (25 + 55) + 400 = 480 from each.
    hand = {"players": 3, "taker": 0, "contract": "petite", "bouts": 3, "points": 91}
    assert net(**hand, chelem="announced-made") == (960, -480, -480)
    assert net(**hand, chelem="made") == (560, -280, -280)
    # Announced and failed, though the contract made by 4 (40 of 36): 29 - 200 = 171 to each defender.
    assert net(**{**hand, "points": 40}, chelem="announced-failed") == (-342, 171, 171)
    # The defence took every trick: failed by 56, (25 + 56) × 1 + 200 = 281 to each defender.
    assert net(**{**hand, "bouts": 0, "points": 0}, chelem="defence") == (-562, 281, 281)


@pytest.mark.parametrize(
    "hand, field",
    [
        ({"players": 6, "taker": 0, "contract": "garde", "bouts": 1, "points": 50}, "players"),
        ({"players": 4, "taker": 4, "contract": "garde", "bouts": 1, "points": 50}, "taker"),
        ({"players": 4, "taker": 0, "contract": "prise", "bouts": 1, "points": 50}, "contract"),
        ({"players": 4, "taker": 0, "contract": "garde", "bouts": 4, "points": 50}, "bouts"),
        ({"players": 4, "taker": 0, "contract": "garde", "bouts": 1, "points": 50.25}, "points"),
        ({"players": 4, "taker": 0, "contract": "garde", "bouts": 1, "points": 92}, "points"),
        ({"players": 4, "taker": 0, "contract": "garde", "bouts": 1, "points": 50, "partner": 2}, "partner"),
        ({"players": 5, "taker": 0, "contract": "garde", "bouts": 1, "points": 50}, "partner"),
        ({"players": 4, "taker": 0, "contract": "garde", "bouts": 1, "points": 40, "chelem": "made"}, "chelem"),
        (
            {"players": 4, "taker": 0, "contract": "garde", "bouts": 1, "points": 50, "petit_au_bout": "me"},
            "petit_au_bout",
        ),
        (
            {
                "players": 4,
                "taker": 0,
                "contract": "garde",
                "bouts": 1,
                "points": 50,
                "poignees": [{"size": "huge", "side": "taker"}],
            },
            "poignees",
        ),
    ],
)
def test_bad_hands_name_their_field(hand, field):
    with pytest.raises(InvalidHand) as refused:
        FrenchHand.from_json(hand)
    assert refused.value.field == field


@given(
    players=st.sampled_from([3, 4, 5]),
    data=st.data(),
    contract=st.sampled_from(["petite", "garde", "garde-sans", "garde-contre"]),
    bouts=st.integers(0, 3),
    half_points=st.integers(0, 182),
    pab=st.sampled_from([None, "taker", "defence"]),
)
def test_every_hand_is_zero_sum_and_round_trips(players, data, contract, bouts, half_points, pab):
    taker = data.draw(st.integers(0, players - 1))
    hand = {"players": players, "taker": taker, "contract": contract, "bouts": bouts, "points": half_points / 2}
    if players == 5:
        hand["partner"] = data.draw(st.integers(0, 4))
    if pab:
        hand["petit_au_bout"] = pab
    record = FrenchHand.from_json(hand)
    assert FrenchHand.from_json(record.to_json()) == record
    result = score(record)
    assert sum(result.net) == 0
    assert all(v == result.per_defender or seat in (taker, hand.get("partner")) for seat, v in enumerate(result.net))
