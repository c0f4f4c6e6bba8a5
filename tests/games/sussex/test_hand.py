"""Hands the engine must refuse, each on the field at fault."""

import pytest

from companion.games.sussex import Bonus, HandRecord, InvalidHand, InvalidSeat, card, score

BASE = {"bid": "4", "declarer": 0, "called_card": "7C", "young_trumps": "hearts", "holder": 1, "points": 70}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"bid": 4}, "bid"),
        ({"declarer": 4}, "declarer"),
        ({"declarer": True}, "declarer"),
        ({"holder": -1}, "holder"),
        ({"called_card": "ZZ"}, "called_card"),
        # Codes exactly as the contract writes them (§4): no lower case, no padding, no "10" for T.
        ({"called_card": "7c"}, "called_card"),
        ({"called_card": " 7C"}, "called_card"),
        ({"called_card": "xxi", "holder": 0}, "called_card"),
        ({"called_card": "10C"}, "called_card"),
        # Objects must be objects (§14): an empty list, text, zero or false is not "no bonuses".
        ({"bonuses": []}, "bonuses"),
        ({"bonuses": ""}, "bonuses"),
        ({"bonuses": 0}, "bonuses"),
        ({"bonuses": False}, "bonuses"),
        ({"house_rules": []}, "house_rules"),
        ({"house_rules": ""}, "house_rules"),
        ({"house_rules": 0}, "house_rules"),
        ({"house_rules": False}, "house_rules"),
        # A banned category given instead of a card, held by another seat: the field given is named.
        ({"called_card": None, "called_category": "banned", "young_trumps": None}, "called_category"),
        ({"called_card": None}, "called_card"),
        ({"young_trumps": None}, "young_trumps"),
        ({"young_trumps": "trumps"}, "young_trumps"),
        ({"called_category": "ale"}, "called_category"),
        ({"points": -1}, "points"),
        ({"points": 70.5}, "points"),
        ({"in_trug": "yes"}, "in_trug"),
        ({"in_trug": True}, "stinger_points"),
        ({"stinger_points": 10}, "stinger_points"),
        ({"holder": 0, "in_trug": True, "stinger_points": 5}, "in_trug"),
        ({"called_card": "QH", "holder": 0, "in_trug": True, "stinger_points": 5}, "called_card"),
        ({"declarations": ["three-kings", "four-kings"]}, "declarations"),
        ({"declarations": ["trull", "trull"]}, "declarations"),
        ({"declarations": ["full-court"] * 3 + ["vibrant-court"] * 2}, "declarations"),
        ({"declarations": "trull"}, "declarations"),
        ({"bonuses": {"valat": "both"}}, "bonuses"),
        ({"bonuses": {"martlets": "declarer"}}, "bonuses"),
        ({"bonuses": ["valat"]}, "bonuses"),
        ({"holder": 2, "in_trug": True, "stinger_points": 5, "bonuses": {"anointed-ultimo": "declarer"}}, "bonuses"),
        ({"called_card": "F", "holder": 0, "bonuses": {"anointed-ultimo": "defence"}}, "bonuses"),
        ({"called_card": "F", "holder": 0, "announced": ["anointed-ultimo"]}, "announced"),
        ({"announced": ["valat", "valat"]}, "announced"),
        ({"announced": ["martlets", "double-martlets"]}, "announced"),
        ({"announced": ["quadruple-martlets"]}, "announced"),
        ({"martlets": {"declarer": 4}}, "martlets"),
        ({"young_martlets": {"declarer": 3}}, "young_martlets"),
        ({"young_martlets": {"ours": 1}}, "young_martlets"),
        ({"house_rules": {"martlet_values": "sometimes"}}, "house_rules"),
        ({"house_rules": {"dealer_buys_drinks": True}}, "house_rules"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_refused_on_the_right_field(change, field):
    with pytest.raises(InvalidHand) as caught:
        HandRecord.from_json({**BASE, **change})
    assert caught.value.field == field
    assert caught.value.message and caught.value.message[0].isupper()


def test_not_an_object():
    with pytest.raises(InvalidHand) as caught:
        HandRecord.from_json([BASE])
    assert caught.value.field == "hand"


def test_courts_may_repeat_up_to_four():
    hand = HandRecord.from_json(
        {**BASE, "declarations": ["full-court", "full-court", "vibrant-court", "vibrant-court"]}
    )
    # 2 + 2 + 1½ + 1½ = 7d from each warden
    assert score(hand).lines["declarations"] == (42, -14, -14, -14)


def test_card_codes_in_a_hand_are_exact_but_card_lookup_forgives():
    """A hand record is data (§14): its codes are §4's. Typed look-ups (the reference sheets) forgive."""
    assert HandRecord.from_json({**BASE, "called_card": "TH"}).called_card.code == "TH"
    with pytest.raises(InvalidHand):
        HandRecord.from_json({**BASE, "called_card": "10h"})
    assert card("10h").code == "TH"


def test_category_with_a_matching_card_is_accepted():
    assert HandRecord.from_json({**BASE, "called_category": "gubber"}).category.id == "gubber"


def test_derived_facts():
    stung = HandRecord.from_json({**BASE, "holder": 2, "in_trug": True, "stinger_points": 71, "points": 59})
    assert (stung.kind.id, stung.stinger, stung.partner, stung.stinger_made) == ("stung", 2, None, True)
    solo = HandRecord.from_json({**BASE, "holder": 0, "points": 20})
    assert solo.kind.id == "silent-solo" and solo.hundred.value == "defence"


# -- valats the card points contradict -----------------------------------------------------
# Only the wardens' trugs (2 cards each, at most 10 card points) lie outside the tricks: a side that won
# every trick leaves the other side its trugs alone. Partner game: the partner's trug is declarer's side's,
# the defence has two. Solo or stung: declarer has no trug, the defence all three.
PARTNER = BASE  # declarer 0, partner 1
SOLO = {**BASE, "holder": 0}
STUNG = {**BASE, "holder": 2, "in_trug": True, "stinger_points": 0}


@pytest.mark.parametrize(
    ("hand", "side", "points", "accepted"),
    [
        (PARTNER, "declarer", 109, False),  # the defence's two trugs hold 20 at most: 110 at least
        (PARTNER, "declarer", 110, True),
        (PARTNER, "declarer", 90, False),
        (SOLO, "declarer", 99, False),  # all three trugs are the defence's: 30 at most, so 100 at least
        (SOLO, "declarer", 100, True),
        (STUNG, "declarer", 100, True),
        (PARTNER, "defence", 10, True),  # declarer's side keeps the partner's trug: 10 at most
        (PARTNER, "defence", 11, False),
        (PARTNER, "defence", 100, False),
        (SOLO, "defence", 0, True),  # declarer alone has no trug: nothing at all
        (SOLO, "defence", 1, False),
        (STUNG, "defence", 0, True),
        (STUNG, "defence", 1, False),
    ],
)
def test_a_valat_bounds_the_other_sides_points(hand, side, points, accepted):
    record = {**hand, "points": points, "bonuses": {"valat": side}}
    if accepted:
        assert HandRecord.from_json(record).bonus_sides()[Bonus.VALAT].value == side
        return
    with pytest.raises(InvalidHand) as caught:
        HandRecord.from_json(record)
    assert caught.value.field == "bonuses" and caught.value.item == "valat"
    assert "valat" in caught.value.message.lower() and str(points) in caught.value.message


def test_the_valat_message_says_what_the_other_side_keeps():
    with pytest.raises(InvalidHand) as caught:
        HandRecord.from_json({**PARTNER, "points": 90, "bonuses": {"valat": "declarer"}})
    assert caught.value.message == (
        "A valat for declarer's side means declarer's side won every trick: the defence then has only its "
        "2 trugs, at most 20 card points, so declarer's side took at least 110, not 90."
    )
    with pytest.raises(InvalidHand) as caught:
        HandRecord.from_json({**SOLO, "points": 100, "bonuses": {"valat": "defence"}})
    assert caught.value.message == (
        "A valat for the defence means the defence won every trick: declarer then has no trug, "
        "so cannot have taken 100 card points."
    )


def test_a_stung_declarers_valat_leaves_the_stinger_only_a_trug():
    hand = {**STUNG, "points": 110, "bonuses": {"valat": "declarer"}}
    assert HandRecord.from_json({**hand, "stinger_points": 10}).stinger_made is False
    with pytest.raises(InvalidHand) as caught:
        HandRecord.from_json({**hand, "stinger_points": 11})
    assert caught.value.field == "bonuses" and "at most 10 card points, not 11" in caught.value.message


def test_an_announced_valat_needs_no_particular_points():
    """Announcing says nothing of the tricks: only the side credited with a valat ties the points."""
    assert HandRecord.from_json({**PARTNER, "points": 50, "announced": ["valat"]}).announced == (Bonus.VALAT,)


def test_a_bad_seat_says_who_to_choose():
    with pytest.raises(InvalidSeat) as caught:
        HandRecord.from_json({**BASE, "holder": 7})
    assert (caught.value.field, caught.value.who, caught.value.seats) == ("holder", "who held the called card", 4)
    assert caught.value.message == "Choose who held the called card: a seat from 0 to 3."
