"""French Tarot for 3, 4 and 5 players: hands worked out by hand here, from the rules as the product states them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.french import CONTRACTS, GAME, FrenchHand, Scale, halves_bounds, score
from companion.games.french.house import DEFAULT_RULES, FrenchRules
from companion.games.sussex import InvalidHand, InvalidSeat


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
    # "In games with an odd number of cards, the half point is rounded up if the taker wins, and down if they
    # lose": three (or five) players; with four every side's points are whole.
    assert net(players=3, taker=0, contract="petite", bouts=3, points=40.5) == (60, -30, -30)  # 41: 5 over
    assert net(players=3, taker=0, contract="petite", bouts=3, points=35.5) == (-52, 26, 26)  # 35: 1 short


def test_four_players_a_garde_made():
    # 2 bouts: 41 needed; 45 is 4 over. (25 + 4) × 2 = 58 from each of three defenders.
    assert net(players=4, taker=0, contract="garde", bouts=2, points=45) == (174, -58, -58, -58)


def test_half_points_round_in_favour_of_the_side_that_scores():
    # 40½ against 41 (three players): failed by ½, rounded up to 1. (25 + 1) × 1 = 26 to each defender.
    assert net(players=3, taker=1, contract="petite", bouts=2, points=40.5) == (26, -52, 26)
    # 41½: made by 1.
    assert net(players=3, taker=1, contract="petite", bouts=2, points=41.5) == (-26, 52, -26)
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
    # The defence took every trick; the taker keeps only the discard, 6 cards of ½: 3 of 56, failed by 53,
    # (25 + 53) × 1 + 200 = 278 to each defender.
    assert net(**{**hand, "bouts": 0, "points": 3}, chelem="defence") == (-556, 278, 278)
    # In a garde contre the dog is the defence's too: the taker can end with nothing. (25 + 56) × 6 + 200.
    assert net(**{**hand, "contract": "garde-contre", "bouts": 0, "points": 0}, chelem="defence") == (-1372, 686, 686)


@pytest.mark.parametrize(
    "hand, field",
    [
        ({"players": 6, "taker": 0, "contract": "garde", "bouts": 1, "points": 50}, "players"),
        ({"players": 4, "taker": 4, "contract": "garde", "bouts": 1, "points": 50}, "taker"),
        ({"players": 4, "taker": 0, "contract": "pousse", "bouts": 1, "points": 50}, "contract"),
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
    pab=st.sampled_from([None, "taker", "defence"]),
)
def test_every_hand_is_zero_sum_and_round_trips(players, data, contract, bouts, pab):
    taker = data.draw(st.integers(0, players - 1))
    least, most = halves_bounds(players, CONTRACTS[contract], bouts)
    half_points = data.draw(st.integers(least, most).filter(lambda h: players != 4 or h % 2 == 0))
    hand = {"players": players, "taker": taker, "contract": contract, "bouts": bouts, "points": half_points / 2}
    if players == 5:
        hand["partner"] = data.draw(st.integers(0, 4))
    if pab and (bouts if pab == "taker" else 3 - bouts):  # the side credited holds the Petit
        hand["petit_au_bout"] = pab
    record = FrenchHand.from_json(hand)
    assert FrenchHand.from_json(record.to_json()) == record
    result = score(record)
    assert sum(result.net) == 0
    assert all(v == result.per_defender or seat in (taker, hand.get("partner")) for seat, v in enumerate(result.net))


# -- hands no deal can produce -----------------------------------------------------------------------------------


def refused(**hand) -> InvalidHand:
    with pytest.raises(InvalidHand) as caught:
        FrenchHand.from_json(hand)
    return caught.value


FOUR = {"players": 4, "taker": 0, "contract": "garde", "bouts": 1, "points": 50}
SIMPLE, DOUBLE, TRIPLE = ({"size": size} for size in ("simple", "double", "triple"))


@pytest.mark.parametrize(
    "hand, ok",
    [
        # One player shows one poignée at most: the taker alone, one; with a called partner, two.
        ({**FOUR, "poignees": [{**SIMPLE, "side": "taker"}]}, True),
        ({**FOUR, "poignees": [{**SIMPLE, "side": "taker"}] * 2}, False),
        (
            {
                "players": 5,
                "taker": 0,
                "partner": 1,
                "contract": "garde",
                "bouts": 1,
                "points": 50,
                "poignees": [{**SIMPLE, "side": "taker"}] * 2,
            },
            True,
        ),  # fmt: skip
        (
            {
                "players": 5,
                "taker": 0,
                "partner": 0,
                "contract": "garde",
                "bouts": 1,
                "points": 50,
                "poignees": [{**SIMPLE, "side": "taker"}] * 2,
            },
            False,
        ),  # fmt: skip
        # Three players: a defence of two shows two at most (before the trumps are counted).
        ({**FOUR, "players": 3, "poignees": [{**SIMPLE, "side": "defence"}] * 3}, False),
    ],
)
def test_a_side_shows_no_more_poignees_than_it_has_players(hand, ok):
    if ok:
        assert FrenchHand.from_json(hand).poignees
    else:
        problem = refused(**hand)
        assert problem.field == "poignees" and problem.message.startswith("Each player shows one poignée at most")


@pytest.mark.parametrize(
    "players, sizes, ok",
    [
        (4, [SIMPLE, SIMPLE], True),  # 10 + 10 = 20
        (4, [SIMPLE, DOUBLE], False),  # 10 + 13 = 23 > 22
        (4, [TRIPLE, DOUBLE], False),  # 15 + 13
        (3, [SIMPLE, SIMPLE], False),  # 13 + 13: with three players only one poignée can be shown
        (5, [SIMPLE, SIMPLE], True),  # 8 + 8
        (5, [TRIPLE, SIMPLE], True),  # 13 + 8 = 21
        (5, [TRIPLE, DOUBLE], False),  # 13 + 10 = 23
        (5, [SIMPLE, SIMPLE, SIMPLE], False),  # 24
    ],
)
def test_all_the_poignees_together_show_22_trumps_at_most(players, sizes, ok):
    sides = ["taker", "defence", "defence"]
    hand = {
        **FOUR,
        "players": players,
        "poignees": [{**s, "side": side} for s, side in zip(sizes, sides[: len(sizes)], strict=True)],
    }
    if players == 5:
        hand["partner"] = 0
    if ok:
        assert len(FrenchHand.from_json(hand).poignees) == len(sizes)
    else:
        problem = refused(**hand)
        assert problem.field == "poignees" and "only 22 (21 trumps and the Excuse)" in problem.message


@pytest.mark.parametrize(
    "players, contract, bouts, least, most",
    [
        # Each bout is 4½; in a garde contre the dog's cards are the defence's (½ at least each).
        (3, "garde-contre", 3, 13.5, 88),  # 91 - 6 × ½
        (3, "garde-contre", 0, 0, 76),  # 91 - 3 × 4½ - 3 × ½ (the dog's 6 cards: the 3 bouts may lie in it)
        (5, "garde-contre", 3, 13.5, 89.5),  # a dog of 3
        # In a petite, garde or garde sans the dog's cards are the taker's (a bout may be among them).
        (3, "petite", 3, 15, 91),  # 13½ + 3 × ½
        (3, "garde-sans", 0, 3, 77.5),
        (5, "garde", 3, 13.5, 91),  # the three bouts may be the dog
        (5, "garde", 1, 5.5, 82),
        # Four players: whole points, so the bounds round inwards.
        (4, "garde-contre", 3, 14, 88),
        (4, "garde", 2, 11, 86),  # 9 + 4 × ½; 91 - 4½
        (4, "garde", 0, 3, 77),
    ],
)
def test_card_points_must_hold_the_bouts_and_the_dog(players, contract, bouts, least, most):
    hand = {"players": players, "taker": 0, "contract": contract, "bouts": bouts}
    if players == 5:
        hand["partner"] = 1
    step = 1 if players == 4 else 0.5
    assert FrenchHand.from_json({**hand, "points": least}).points == least
    assert FrenchHand.from_json({**hand, "points": most}).points == most
    if least > 0:
        low = refused(**hand, points=least - step)
        assert low.field == "points" and f"at least {_text(least)} card points" in low.message
    if most < 91:
        high = refused(**hand, points=most + step)
        assert high.field == "points" and f"at most {_text(most)} card points" in high.message


def _text(points: float) -> str:
    return f"{int(points)}½" if points % 1 else str(int(points))


def test_the_bounds_messages_say_what_each_side_holds():
    assert refused(players=3, taker=0, contract="garde-contre", bouts=3, points=13).message == (
        "The taker's side holds 3 bouts (4½ each): at least 13½ card points, not 13."
    )
    assert refused(players=4, taker=0, contract="garde", bouts=2, points=10).message == (
        "The taker's side holds 2 bouts (4½ each) and the dog's 6 cards, at least 4 of them not bouts "
        "(½ or more each): at least 11 card points, not 10."
    )
    assert refused(players=4, taker=0, contract="petite", bouts=0, points=78).message == (
        "The defence holds all 3 bouts (4½ each): the taker's side has at most 77 card points, not 78."
    )


def test_four_players_never_have_a_half_point():
    problem = refused(**{**FOUR, "points": 50.5})
    assert problem.field == "points" and problem.message.startswith("With 4 players card points are whole")
    assert FrenchHand.from_json({**FOUR, "players": 3, "points": 50.5}).half_points == 101
    assert FrenchHand.from_json({**FOUR, "players": 5, "partner": 2, "points": 50.5}).half_points == 101


@pytest.mark.parametrize(
    "bouts, side, ok",
    [
        (0, "taker", False),  # no bouts: the taker's side cannot hold the Petit
        (1, "taker", True),  # its one bout is the Petit
        (3, "taker", True),
        (0, "defence", True),
        (2, "defence", True),  # the defence's one bout is the Petit
        (3, "defence", False),  # all three bouts are the taker's
    ],
)
def test_petit_au_bout_belongs_to_a_side_holding_a_bout(bouts, side, ok):
    hand = {**FOUR, "contract": "garde-contre", "bouts": bouts, "points": 40, "petit_au_bout": side}
    if ok:
        assert FrenchHand.from_json(hand).petit_au_bout.value == side
    else:
        assert refused(**hand).field == "petit_au_bout"


def test_after_a_chelem_petit_au_bout_is_the_sweepers_only():
    hand = {**FOUR, "bouts": 2, "points": 87, "chelem": "made"}  # the defence's Excuse counts 4 in a chelem
    assert FrenchHand.from_json({**hand, "petit_au_bout": "taker"}).chelem.id == "made"
    assert FrenchHand.from_json({**hand, "points": 86, "chelem": "announced-failed", "petit_au_bout": "defence"})
    problem = refused(**hand, petit_au_bout="defence")
    assert problem.field == "petit_au_bout" and "took every trick" in problem.message


def test_a_chelem_leaves_the_defence_its_excuse_alone():
    """The FFT's example 5 (p. 9): 87 with 2 bouts in a chelem; no chelem gives 50, or 86 with 2 bouts."""
    chelem = {**FOUR, "contract": "garde", "chelem": "announced-made"}
    assert FrenchHand.from_json({**chelem, "bouts": 2, "points": 87}).half_points == 174
    assert FrenchHand.from_json({**chelem, "bouts": 3, "points": 91}).half_points == 182
    for bouts, points in ((2, 50), (2, 86), (3, 87)):
        assert refused(**{**chelem, "bouts": bouts, "points": points}).field == "points"
    assert refused(**{**chelem, "bouts": 1, "points": 87}).field == "chelem"
    assert refused(**{**FOUR, "contract": "garde", "bouts": 2, "points": 87}).field == "points"  # no chelem: 86


def test_prise_is_another_name_for_petite():
    record = FrenchHand.from_json({**FOUR, "contract": "prise"})
    assert record.contract.id == "petite" and record.to_json()["contract"] == "petite"
    assert score(record).net == score(FrenchHand.from_json({**FOUR, "contract": "petite"})).net
    assert "petite (or prise)" in refused(**{**FOUR, "contract": "pousse"}).message


def test_a_bad_seat_names_who_to_choose():
    problem = refused(players=5, taker=0, contract="garde", bouts=1, points=50)
    assert isinstance(problem, InvalidSeat) and problem.who.startswith("who held the called King")


# -- House rules (issue #30, item 8): the older scale and misères, each off unless the session plays it ---------


def test_the_older_scale_multiplies_garde_sans_by_3_and_garde_contre_by_4():
    # here-three-garde-sans (made by 9): (25 + 9) × 4 = 136 a defender; on the older scale × 3 = 102.
    sans = {"players": 3, "taker": 2, "contract": "garde-sans", "bouts": 1, "points": 60}
    assert net(**sans) == (-136, -136, 272)
    assert net(**sans, scale="older") == (-102, -102, 204)
    # A garde contre made by 4 with Petit au bout: (25 + 4) × 6 + 10 × 6 = 234; older: 29 × 4 + 10 × 4 = 156.
    contre = {"players": 4, "taker": 0, "contract": "garde-contre", "bouts": 2, "points": 45, "petit_au_bout": "taker"}
    assert net(**contre) == (702, -234, -234, -234)
    assert net(**contre, scale="older") == (468, -156, -156, -156)
    # Petite and garde are the same on both scales (the FFT's p. 9 example 5 is a garde).
    for contract, each in (("petite", 34), ("garde", 68)):  # made by 9: (25 + 9) × 1 or × 2
        hand = {"players": 4, "taker": 1, "contract": contract, "bouts": 1, "points": 60}
        assert net(**hand, scale="older") == net(**hand) == (-each, 3 * each, -each, -each)


def test_the_working_says_when_the_older_scale_applies():
    hand = FrenchHand.from_json(
        {"players": 3, "taker": 2, "contract": "garde-sans", "bouts": 1, "points": 60, "scale": "older"}
    )
    assert score(hand).working[1] == "Garde sans, on the older scale: (25 + 9) × 3 = 102, won from each defender."
    garde = FrenchHand.from_json(
        {"players": 4, "taker": 0, "contract": "garde", "bouts": 2, "points": 45, "scale": "older"}
    )
    assert not any("older" in line for line in score(garde).working)  # a garde is ×2 on either scale


def test_a_misere_is_paid_10_by_each_other_player_whoever_wins():
    # Seed 001, "Playable Apps": a misère house rule "in which a player can declare that they have no Trump or
    # Court cards, scoring 30 points (-10 to all other players)": four players.
    garde = {"players": 4, "taker": 0, "contract": "garde", "bouts": 2, "points": 45}
    assert net(**garde) == (174, -58, -58, -58)
    misere = [{"seat": 1, "kind": "trumps"}]
    assert net(**garde, miseres=misere) == (164, -28, -68, -68)  # Bob +30, each other player -10
    # The taker's own misère, and a player declaring both kinds (20 from each other player).
    both = [{"seat": 0, "kind": "trumps"}, {"seat": 0, "kind": "heads"}]
    assert net(**garde, miseres=both) == (234, -78, -78, -78)
    # Five players: a misère is the player's, not the side's; a called partner's misère is not shared.
    five = {"players": 5, "taker": 0, "partner": 2, "contract": "petite", "bouts": 2, "points": 41}
    assert net(**five) == (50, -25, 25, -25, -25)
    assert net(**five, miseres=[{"seat": 2, "kind": "heads"}]) == (40, -35, 65, -35, -35)


def test_the_working_names_who_declared_a_misere():
    hand = FrenchHand.from_json(
        {
            "players": 4,
            "taker": 0,
            "contract": "garde",
            "bouts": 2,
            "points": 45,
            "miseres": [{"seat": 1, "kind": "heads"}],
        }
    )
    assert score(hand, ["Ann", "Bob", "Cat", "Dan"]).working[-1] == (
        "Misère de têtes (no King, Queen, Knight or Jack) declared by Bob: 10 from each other player, 30 in all, "
        "whoever won the hand."
    )
    assert "declared:" in score(hand).working[-1]  # no seat numbers without names


GARDE = {"players": 4, "taker": 0, "contract": "garde", "bouts": 2, "points": 45}


@pytest.mark.parametrize(
    "hand, item",
    [
        ({**GARDE, "miseres": [{"seat": s, "kind": "trumps"} for s in range(4)]}, "trumps"),  # the dog holds 6
        ({**GARDE, "players": 3, "miseres": [{"seat": s, "kind": "heads"} for s in range(3)]}, "heads"),
        ({**GARDE, "miseres": [{"seat": 1, "kind": "heads"}] * 2}, "heads"),
        (
            {**GARDE, "poignees": [{"size": "simple", "side": "taker"}], "miseres": [{"seat": 0, "kind": "trumps"}]},
            "trumps",
        ),
        ({**GARDE, "miseres": [{"seat": 4, "kind": "heads"}]}, None),
        ({**GARDE, "miseres": [{"seat": 1, "kind": "kings"}]}, None),
        ({**GARDE, "miseres": {"seat": 1}}, None),
        ({**GARDE, "scale": "newest"}, None),
    ],
)
def test_misere_and_scale_no_deal_can_give_are_refused(hand, item):
    with pytest.raises(InvalidHand) as refused:
        FrenchHand.from_json(hand)
    assert refused.value.field == ("scale" if "scale" in hand else "miseres")
    assert refused.value.item == item


def test_a_defender_may_declare_a_misere_beside_the_takers_poignee_and_a_partnered_taker_may_too():
    shown = [{"size": "simple", "side": "taker"}]
    # The garde 58 and the poignée 20 from each defender; Bob's misère 10 from each other player.
    assert net(**GARDE, poignees=shown, miseres=[{"seat": 1, "kind": "trumps"}]) == (224, -48, -88, -88)
    five = {"players": 5, "taker": 0, "partner": 2, "contract": "petite", "bouts": 2, "points": 41}
    FrenchHand.from_json({**five, "poignees": shown, "miseres": [{"seat": 0, "kind": "trumps"}]})  # the partner's


def test_records_without_house_rules_read_and_score_as_before():
    stored = {"players": 4, "taker": 0, "contract": "garde-sans", "bouts": 2, "points": 45, "poignees": []}
    hand = FrenchHand.from_json(stored, stored=True)
    assert hand.scale is Scale.FFT and hand.miseres == () and hand.to_json() == stored
    assert score(hand).net == (348, -116, -116, -116)  # (25 + 4) × 4
    older = FrenchHand.from_json({**stored, "scale": "older", "miseres": [{"seat": 3, "kind": "trumps"}]})
    assert FrenchHand.from_json(older.to_json()) == older


def test_a_sessions_house_rules_are_off_unless_chosen():
    assert GAME.options({}) == DEFAULT_RULES == FrenchRules(Scale.FFT, False)  # a session stored before them
    assert GAME.options({"scale": "older", "misere": True}) == FrenchRules(Scale.OLDER, True)
    assert GAME.options({"scale": "x"}) == DEFAULT_RULES  # unreadable: the usual ones
    assert GAME.options_json(GAME.options({})) == {"scale": "fft", "misere": False}
    assert GAME.check_options({}) is None and GAME.check_options({"scale": "older", "misere": True}) is None
    assert "French Tarot has no house rule 'pousse'" in (GAME.check_options({"pousse": True}) or "")
    assert "Misère is true or false" in (GAME.check_options({"misere": "yes"}) or "")
    assert GAME.option_lines(DEFAULT_RULES) == []
    assert GAME.option_lines(FrenchRules(Scale.OLDER, True)) == [
        "Contracts on the older scale: garde sans ×3, garde contre ×4.",
        "Misères played: 10 from each other player, whoever wins the hand.",
    ]


@given(
    players=st.sampled_from([3, 4, 5]),
    data=st.data(),
    contract=st.sampled_from(["petite", "garde", "garde-sans", "garde-contre"]),
    scale=st.sampled_from(["fft", "older"]),
)
def test_every_hand_with_house_rules_is_zero_sum_and_round_trips(players, data, contract, scale):
    least, most = halves_bounds(players, CONTRACTS[contract], 1)
    points = data.draw(st.integers(least, most).filter(lambda h: players != 4 or h % 2 == 0)) / 2
    miseres = data.draw(
        st.lists(
            st.fixed_dictionaries({"seat": st.integers(0, players - 1), "kind": st.sampled_from(["trumps", "heads"])}),
            max_size=players - 1,
            unique_by=lambda m: (m["seat"], m["kind"]),
        )
    )
    hand = {"players": players, "taker": 0, "contract": contract, "bouts": 1, "points": points, "scale": scale}
    if players == 5:
        hand["partner"] = 1
    parsed = FrenchHand.from_json({**hand, "miseres": miseres})
    assert FrenchHand.from_json(parsed.to_json()) == parsed
    result = score(parsed)
    assert sum(result.net) == 0
    without = score(FrenchHand.from_json(hand)).net
    paid = [10 * sum((players - 1) if m["seat"] == s else -1 for m in miseres) for s in range(players)]
    assert list(result.net) == [a + b for a, b in zip(without, paid, strict=True)]
