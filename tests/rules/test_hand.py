"""Hands the engine must refuse, each on the field at fault."""

import pytest

from companion.rules import HandRecord, InvalidHand, card, score

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
