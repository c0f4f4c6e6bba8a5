"""Invariants of the scoring that must hold for every valid hand (contract §12)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.sussex import HandRecord, InvalidHand, score, score_json
from tests.strategies import json_values, nonsense_hands, valid_hands

settings.register_profile("default", max_examples=300, deadline=None)
settings.load_profile("default")


@given(valid_hands())
def test_every_hand_and_every_line_is_zero_sum_in_whole_halfpence(hand):
    result = score(HandRecord.from_json(hand))
    assert sum(result.net_halfpence) == 0
    for name, line in result.lines.items():
        assert len(line) == 4
        assert all(type(v) is int for v in line), name
        assert sum(line) == 0, name


@given(valid_hands(), st.data())
def test_the_kind_of_game_follows_from_who_held_the_card(hand, data):
    record = HandRecord.from_json(hand)
    expected = (
        "announced-solo"
        if record.category.id == "banned"
        else "stung"
        if hand["in_trug"]
        else "silent-solo"
        if hand["holder"] == hand["declarer"]
        else "partner"
    )
    assert record.kind.id == expected


@pytest.mark.parametrize("kind", ["partner", "silent-solo", "announced-solo"])
@given(data=st.data())
def test_failing_instead_of_making_negates_the_game_line(kind, data):
    hand = data.draw(valid_hands(kind=kind))
    # The points are drawn again below, so no valat: it would tie them to its bound (HandRecord's valat check).
    hand["bonuses"] = {b: side for b, side in hand["bonuses"].items() if b != "valat"}
    target = HandRecord.from_json(hand).bid.target
    made = {**hand, "points": data.draw(st.integers(target, 130))}
    failed = {**hand, "points": data.draw(st.integers(0, target - 1))}
    made_game = score(HandRecord.from_json(made)).lines["game"]
    failed_game = score(HandRecord.from_json(failed)).lines["game"]
    assert failed_game == tuple(-v for v in made_game)
    assert any(made_game)


@given(valid_hands(kind="stung"))
def test_stung_declarer_never_pays_a_calling_penalty(hand):
    result = score(HandRecord.from_json(hand))
    assert result.lines["calling_penalty"] == (0, 0, 0, 0)
    assert result.stinger_made is (hand["stinger_points"] > hand["points"])


@given(valid_hands())
def test_records_round_trip_through_json(hand):
    record = HandRecord.from_json(hand)
    assert HandRecord.from_json(record.to_json()) == record


@given(nonsense_hands())
def test_nonsense_raises_only_the_engines_error(hand):
    try:
        result = score_json(hand)
    except InvalidHand as exc:
        assert exc.field and exc.message
    else:
        assert sum(result["net_halfpence"]) == 0


@given(json_values)
def test_any_json_value_raises_only_the_engines_error(value):
    try:
        score_json(value)
    except InvalidHand as exc:
        assert exc.field and exc.message


@given(valid_hands())
def test_working_out_the_working_at_once_changes_nothing(hand):
    record = HandRecord.from_json(hand)
    lazy, eager = score(record), score(record, working=True)
    assert eager.lines == lazy.lines and eager.net_halfpence == lazy.net_halfpence
    assert eager.working == lazy.working and eager.working
