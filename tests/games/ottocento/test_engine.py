"""Ottocento: the worked hands of the research and the seed, then each rule, check and house rule on its own."""

from __future__ import annotations

import json
import re
from itertools import takewhile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import companion.games.ottocento as ottocento
from companion.games.ottocento import (
    BARILLI,
    CARDS,
    DEFAULT_RULES,
    EACH_WILD_A_GAP,
    MODERN_PACK,
    OPENING,
    PACK,
    PARLETT,
    Card,
    Cricca,
    OttocentoHand,
    OttocentoRules,
    Outcome,
    Sequence,
    card_points,
    check_call_out,
    combo,
    game_over,
    score,
    summary,
    tally,
)
from companion.games.sussex import InvalidHand
from tests.games import sheets

WORKED = sorted((Path(__file__).resolve().parent / "data").glob("*.json"))
GRANDE_TO_5 = ["angel", "world", "sun", "moon", *(f"t{n}" for n in range(16, 4, -1))]


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def worked(stem: str) -> dict:
    """A worked hand's record, by its file name."""
    return load(next(p for p in WORKED if p.stem == stem))["hand"]


def C(kind: str, *cards: str) -> dict:
    return {"kind": kind, "cards": list(cards)}


def played(captured=((), ()), points=(44, 43), last=0, declarations=None, **more) -> dict:
    """A played hand's JSON: dealer 0, nothing declared unless given."""
    return {
        "dealer": 0,
        "declarations": declarations or [[], [], [], []],
        "captured": [list(captured[0]), list(captured[1])],
        "card_points": list(points),
        "last_trick": last,
        **more,
    }


def sides(data: dict) -> tuple[int, int]:
    return score(OttocentoHand.from_json(data)).sides


def refused(data: object) -> InvalidHand:
    with pytest.raises(InvalidHand) as caught:
        OttocentoHand.from_json(data)
    return caught.value


# --- The worked hands -----------------------------------------------------------------------------------------


def test_every_worked_hand_is_there():
    names = {p.stem[0] for p in WORKED}
    assert names == {"a", "b", "c", "d", "e"} and len(WORKED) == 10


@pytest.mark.parametrize("path", WORKED, ids=[p.stem for p in WORKED])
def test_worked_hands(path):
    worked = load(path)
    assert set(worked) - {"form"} == {"name", "source", "hand", "expect"}  # "form": what a player enters
    expect = worked["expect"]
    if "refused" in expect:
        assert refused(worked["hand"]).field == expect["refused"]
        return
    hand = OttocentoHand.from_json(worked["hand"])
    assert hand.to_json() == worked["hand"]  # stored in canonical form: a round trip changes nothing
    result = score(hand)
    assert list(result.sides) == expect["sides"]
    assert list(result.net) == expect["net"]
    assert list(result.declared) == expect["declared"]
    if "game" in expect:
        game = expect["game"]
        before = tuple(game["before"])
        check_call_out(before, hand)
        after = (before[0] + result.sides[0], before[1] + result.sides[1])
        assert list(after) == game["after"]
        outcome = game_over(after, hand.rules, hand.called_out_side)
        assert outcome == Outcome(game["winner"], after, game["called_out"])


def test_the_seeds_407_part_by_part():
    """Cricche (18 + 14 + 13 + 12) × 2 = 114; sequences (25 + 10 + 80) × 2 = 230; last trick 6; card points 57."""
    hand = OttocentoHand.from_json(worked("a_seed_407"))
    working = score(hand).working
    assert working[0].startswith("Seats 1 & 3 captured cricche worth 114: Tarocchi (3): 18; Queens (3): 14;")
    assert working[0].endswith("four cricche, so doubled.")
    # Each side's combinations are kept in one order, the Grande first among the sequences.
    assert working[1] == (
        "Seats 1 & 3 captured sequences worth 230: Grande Angel-World-Sun-…-5 + Bégato (17 cards): 80; "
        "Swords King-Queen-Knight-Page-Ace + Bégato: 25; Moors (2 + Bégato): 10; three sequences, so doubled."
    )
    assert working[2] == "Seats 1 & 3 took 57 card points and the last trick (6)."
    assert working[3] == (
        "Seats 1 & 3 score 407 for the hand: "
        "114 in cricche, 230 in sequences, 57 in card points and 6 for the last trick."
    )
    # The Bégato serves in the tarocchi cricca and three sequences at once.
    assert sum(CARDS["begato"] in c.cards for c in hand.captured[0]) == 4


def test_the_seeds_407_would_be_427_with_barillis_moors_in_the_grande():
    seed, barilli = worked("a_seed_407"), worked("a_barilli_moors_427")
    assert sides(barilli) == (427, 30)
    # Without the house rule, the same Grande with Moors is refused.
    barilli["rules"] = DEFAULT_RULES.to_json()
    assert "does not add Moors after the 5" in refused(barilli).message
    assert sides(seed) == (407, 30)


# --- Cards and values -----------------------------------------------------------------------------------------


def test_the_bolognese_pack():
    assert len(PACK) == 62 and len(CARDS) == 62
    trumps = [c for c in PACK if c.suit is None]
    assert len(trumps) == 22  # 21 trumps and the Matto
    assert [c.code for c in trumps[:5]] == ["angel", "world", "sun", "moon", "t16"]
    assert [c.short for c in trumps[15:]] == ["5", "Moor", "Moor", "Moor", "Moor", "Bégato", "Matto"]
    ranks = ["King", "Queen", "Knight", "Page", "10", "9", "8", "7", "6", "Ace"]
    for suit in ottocento.Suit:
        assert [c.short for c in PACK if c.suit is suit] == ranks
    # Face values 118; counted in pairs, 87; with the last trick, 93.
    assert sum(c.points for c in PACK) == 118
    assert card_points(PACK) == ottocento.PACK_POINTS == 87
    assert sorted(c.code for c in PACK if c.points == 5) == sorted(
        ["angel", "world", "begato", "matto", "KS", "KB", "KC", "KD"]
    )
    with pytest.raises(ValueError):
        card_points([CARDS["KS"]])


def test_card_points_count_in_pairs():
    assert card_points([CARDS["begato"], CARDS["NS"]]) == 7  # Barilli: 5 + 3 - 1
    assert card_points([CARDS["KS"], CARDS["t7"]]) == 5  # a counting card with a plain one: its value
    assert card_points([CARDS["t7"], CARDS["t8"]]) == 1  # two plain cards


def test_cricca_values_and_the_mezzo_criccone():
    assert [(c.three, c.four) for c in Cricca] == [(18, 36), (17, 34), (14, 28), (13, 26), (12, 24)]
    assert sum(c.four for c in Cricca) == 148  # Barilli's "Mezzo Criccone": confirms Kings 34, not 24
    assert combo("kings", "KS", "KB", "KC", "KD").value == 34
    assert combo("tarocchi", "angel", "world", "begato", "matto").value == 36


def test_sequence_values_match_parletts_table():
    assert [ottocento.sequence_value(n) for n in (3, 4, 5, 6, 8)] == [10, 15, 20, 25, 35]
    assert combo("grande", "angel", "world", "sun", "moon").value == 15
    assert combo("grande", *GRANDE_TO_5[:8]).value == 35


# --- Doubling -------------------------------------------------------------------------------------------------

KINGS, QUEENS, KNIGHTS = C("kings", "KS", "KB", "KC"), C("queens", "QS", "QB", "QC"), C("knights", "NS", "NB", "NC")
MOORS, ACES, GRANDE = C("moors", "moor1", "moor2", "moor3"), C("aces", "AS", "AB", "AC"), C("grande", *GRANDE_TO_5[:5])


def test_two_cricche_are_not_doubled_three_are():
    assert sides(played(([KINGS, QUEENS], []), last=1)) == (17 + 14 + 44, 49)
    assert sides(played(([KINGS, QUEENS, KNIGHTS], []), last=1)) == (2 * (17 + 14 + 13) + 44, 49)


def test_two_sequences_are_not_doubled_three_are_and_moors_and_aces_count():
    assert sides(played(([MOORS, ACES], []), last=1)) == (20 + 44, 49)
    assert sides(played(([MOORS, ACES, GRANDE], []), last=1)) == (2 * 40 + 44, 49)


def test_cricche_and_sequences_are_doubled_independently():
    # Three cricche and two sequences: only the cricche double (the old text reprinted by Barilli).
    assert sides(played(([KINGS, QUEENS, KNIGHTS, MOORS, ACES], []), last=1)) == (88 + 20 + 44, 49)


def test_declared_cricche_double_only_when_one_player_shows_three():
    split = [[KINGS, QUEENS], [], [KNIGHTS], []]  # partners: seats 0 and 2
    one = [[KINGS, QUEENS, KNIGHTS], [], [], []]
    assert score(OttocentoHand.from_json(played(declarations=split))).declared == (44, 0)
    assert score(OttocentoHand.from_json(played(declarations=one))).declared == (88, 0)


def test_declared_sequences_double_only_when_one_player_shows_three():
    split = [[MOORS, ACES], [], [GRANDE], []]
    one = [[MOORS, ACES, GRANDE], [], [], []]
    assert score(OttocentoHand.from_json(played(declarations=split))).declared == (40, 0)
    assert score(OttocentoHand.from_json(played(declarations=one))).declared == (80, 0)


def test_declarations_score_again_when_captured_and_the_scores_are_not_zero_sum():
    hand = played(([KINGS], []), declarations=[[KINGS], [], [], []], points=(50, 37), last=1)
    result = score(OttocentoHand.from_json(hand))
    assert result.sides == (17 + 17 + 50, 37 + 6) and result.net == (84, 43, 84, 43)
    assert result.working[0] == "Seat 1 declared 17: Kings (3): 17."


# --- Wild cards and what makes a sequence ---------------------------------------------------------------------


def value(kind: str, *cards: str, rules: OttocentoRules = DEFAULT_RULES) -> int:
    return combo(kind, *cards, rules=rules).value


def problem(kind: str, *cards: str, rules: OttocentoRules = DEFAULT_RULES) -> str:
    with pytest.raises(InvalidHand) as caught:
        combo(kind, *cards, rules=rules)
    return caught.value.message


def test_the_grande_needs_the_real_angel_and_one_real_of_world_sun_moon():
    assert "real Angel" in problem("grande", "world", "sun", "moon", "begato")
    assert "one of the World, Sun and Moon for real" in problem("grande", "angel", "begato", "matto")
    assert "two of the World, Sun and Moon" in problem("grande", "angel", "world")
    assert value("grande", "angel", "world", "begato") == 10  # the wild card for the Sun (or added)
    assert value("grande", "angel", "sun", "moon") == 10  # the World skipped


def test_the_grande_runs_from_the_16_and_wild_cards_fill_single_gaps():
    assert value("grande", "angel", "world", "moon", "t16", "t15") == 20  # one of the opening skipped
    assert "the 15 is cut off" in problem("grande", "angel", "world", "sun", "moon", "t15")  # the 16 may not be
    assert value("grande", "angel", "world", "sun", "moon", "t15", "begato") == 25  # the Bégato for the 16
    # Two gaps filled, one wild card each: only under the house rule (the rules text lets one wild card fill a gap).
    gaps = ("angel", "world", "sun", "moon", "t16", "t14", "t12", "begato", "matto")
    assert value("grande", *gaps, rules=EACH_WILD_A_GAP) == 40
    assert "the 12 is cut off" in problem("grande", *gaps)
    # Two wild cards in a row end the Grande: not for the 15 and 14 with the 13 below them ...
    assert "the 13 is cut off" in problem("grande", "angel", "world", "sun", "moon", "t16", "t13", "begato", "matto")
    # ... but both may be added at its end (Barilli's "1 or 2 contatori").
    assert value("grande", "angel", "world", "sun", "moon", "t16", "begato", "matto") == 30
    # Parlett's example: the Matto for the (unnumbered) Moon and the Bégato after it.
    assert value("grande", "angel", "world", "sun", "matto", "begato") == 20
    # Two wild cards in a row at the top, with a real card after them: no.
    assert "cut off" in problem("grande", "angel", "moon", "t16", "begato", "matto", "t13")
    assert "has no place" in problem("grande", "angel", "world", "sun", "KS")


def test_moors_join_the_grande_only_under_barillis_rule_and_only_after_the_5():
    full = [*GRANDE_TO_5, "moor1", "moor2"]
    assert "does not add Moors after the 5" in problem("grande", *full)
    assert value("grande", *full, rules=BARILLI) == 10 + 5 * 15
    assert "the first Moor is cut off" in problem("grande", *GRANDE_TO_5[:-1], "moor1", rules=BARILLI)


def test_suit_sequences():
    assert value("cups", "KC", "QC", "PC") == 10  # any two of Queen, Knight and Page
    assert value("cups", "KC", "NC", "PC", "AC") == 15
    assert "real King of Cups" in problem("cups", "QC", "NC", "PC", "begato")
    assert "the Ace only joins a sequence already made" in problem("cups", "KC", "QC", "AC")
    assert value("cups", "KC", "QC", "begato", "AC") == 15
    assert "for real beside the King" in problem("cups", "KC", "begato", "matto")
    assert "the 7 of Cups has no place" in problem("cups", "KC", "QC", "NC", "7C")
    assert "the Queen of Swords has no place" in problem("cups", "KC", "QC", "QS")
    # A wild card beyond a complete sequence still adds 5 (the seed's Swords: 25).
    assert value("swords", "KS", "QS", "NS", "PS", "AS", "begato") == 25
    assert value("swords", "KS", "QS", "NS", "PS", "AS", "begato", "matto") == 30


def test_hand_e_two_wild_cards_in_a_suit_sequence_by_default_one_under_parlett():
    assert value("batons", "KB", "QB", "begato", "matto", "AB") == 20
    assert "only one wild card" in problem("batons", "KB", "QB", "begato", "matto", "AB", rules=PARLETT)
    assert value("batons", "KB", "QB", "begato", "AB", rules=PARLETT) == 15


def test_moors_and_aces():
    assert value("moors", "moor1", "moor2", "begato") == 10
    assert value("moors", "moor1", "moor2", "moor3", "moor4", "matto") == 20  # Barilli p. 125, ex. 3
    assert value("aces", "AS", "AB", "begato", "matto") == 15
    assert "two real Moors" in problem("moors", "moor1", "begato", "matto")
    assert "at least three cards" in problem("aces", "AS", "AB")
    assert "has no place" in problem("aces", "AS", "AB", "KS")


def test_cricche_take_no_wild_cards():
    assert "takes no wild cards" in problem("kings", "KS", "KB", "begato")
    assert "three or four" in problem("queens", "QS", "QB")
    assert "the Queen of Swords is not one of the Kings" in problem("kings", "KS", "KB", "QS")
    assert value("tarocchi", "angel", "begato", "matto") == 18  # here they count as themselves


# --- Checks, each naming its field ----------------------------------------------------------------------------

CALL_OUT = {"dealer": 0, "declarations": [[], [C("grande", *GRANDE_TO_5[:7])], [], []], "called_out": 1}


@pytest.mark.parametrize(
    "data, field",
    [
        ([], "hand"),
        ({**played(), "score": 3}, "score"),
        ({**played(), "dealer": 4}, "dealer"),
        ({**played(), "dealer": True}, "dealer"),
        ({**played(), "dealer": "1"}, "dealer"),
        ({**played(), "declarations": [[], [], []]}, "declarations"),
        ({**played(), "declarations": [[{"kind": "trull", "cards": ["KS"]}], [], [], []]}, "declarations"),
        ({**played(), "declarations": [[{"kind": "kings"}], [], [], []]}, "declarations"),
        (played(([C("kings", "KS", "KB", "KX")], [])), "captured"),
        (played(([C("kings", "KS", "KB", "KS")], [])), "captured"),
        (played(([C("kings", "KS", "KB", 3)], [])), "captured"),
        ({**played(), "captured": [[]]}, "captured"),
        (played(declarations=[[KINGS, C("kings", "KS", "KB", "KC", "KD")], [], [], []]), "declarations"),
        (played(([MOORS, C("moors", "moor4", "moor1", "begato")], [])), "captured"),
        (played(declarations=[[KINGS], [], [C("swords", "KS", "QS", "NS")], []]), "declarations"),
        (played(declarations=[[C("grande", *GRANDE_TO_5), KINGS], [], [], []]), "declarations"),  # 19 cards
        (played(([KINGS], [C("kings", "KD", "KS", "KB")])), "captured"),
        (played(([GRANDE], [C("grande", *GRANDE_TO_5[:6])])), "captured"),
        (played(([MOORS], [C("moors", "moor3", "moor4", "begato")])), "captured"),  # the third Moor twice
        (played(([C("moors", "moor1", "moor2", "begato")], [C("aces", "AS", "AB", "begato")])), "captured"),
        (played(([C("kings", "KS", "KB", "KC")], [C("swords", "KS", "QS", "NS")])), "captured"),
        (played(points=(44, 42)), "card_points"),
        (played(points=(88, -1)), "card_points"),
        (played(points=(43.5, 43.5)), "card_points"),
        (played(points=(87,)), "card_points"),
        ({k: v for k, v in played().items() if k != "card_points"}, "card_points"),
        (played(([C("grande", *GRANDE_TO_5)], []), points=(10, 77)), "card_points"),  # 16 trumps are worth 13 at least
        (played(last=2), "last_trick"),
        (played(last=True), "last_trick"),
        (played(last=None), "last_trick"),
        (played(points=(0, 87), last=0), "last_trick"),
        ({**played(), "rules": {"target": 50}}, "rules"),
        ({**played(), "rules": {"max_wilds_in_suit": 3}}, "rules"),
        ({**played(), "rules": {"moors_after_grande": 1}}, "rules"),
        ({**played(), "rules": {"stake": 5}}, "rules"),
        ({**played(), "rules": []}, "rules"),
        ({**CALL_OUT, "card_points": [44, 43]}, "card_points"),
        ({**CALL_OUT, "captured": [[], []]}, "captured"),
        ({**CALL_OUT, "last_trick": 0}, "last_trick"),
        ({**CALL_OUT, "called_out": 3}, "called_out"),  # seat 4 declared nothing
        ({**CALL_OUT, "called_out": 7}, "called_out"),
        ({**CALL_OUT, "declarations": [[], CALL_OUT["declarations"][1], [KINGS], []]}, "declarations"),  # after
    ],
)
def test_bad_hands_name_their_field(data, field):
    assert refused(data).field == field


def test_messages_name_the_cards_in_words():
    both = refused(played(([C("moors", "moor1", "moor2", "begato")], [C("aces", "AS", "AB", "begato")])))
    assert both.message == "The Bégato is in both sides' combinations: it was taken once."
    twice = refused(played(declarations=[[KINGS], [], [C("swords", "KS", "QS", "NS")], []]))
    assert twice.message == "Seat 1 and seat 3 both declare the King of Swords, which is in one hand only."
    grande = refused(played(([GRANDE], [C("grande", *GRANDE_TO_5[:6])])))
    assert grande.message == "Both sides have the Grande: its cards can be in one side's tricks only."
    bad = refused(played(([C("swords", "KS", "QS", "AS")], [])))
    assert bad.message.startswith("Seats 1 & 3's Swords sequence: it needs two of the Queen, Knight and Page")


def test_moors_and_aces_may_score_on_both_sides_with_different_cards():
    hand = played(
        ([C("moors", "moor1", "moor2", "begato"), C("aces", "AS", "AB", "begato")],
         [C("moors", "moor3", "moor4", "matto"), C("aces", "AC", "AD", "matto")]),
    )  # fmt: skip
    assert sides(hand) == (20 + 44 + 6, 20 + 43)


def test_a_side_that_took_no_trick_scores_nothing_from_play():
    assert sides(played(points=(0, 87), last=1)) == (0, 93)
    assert sides(played(points=(87, 0), last=0)) == (93, 0)


def test_rules_round_trip_and_default():
    for rules in (DEFAULT_RULES, PARLETT, BARILLI, OttocentoRules(1, True, 1000)):
        assert OttocentoRules.from_json(rules.to_json()) == rules
    assert OttocentoHand.from_json(played()).rules == DEFAULT_RULES
    assert OttocentoHand.from_json(played()).to_json()["rules"] == DEFAULT_RULES.to_json()


# --- The call-out and the end of the game ---------------------------------------------------------------------


def test_the_game_ends_at_the_target():
    assert game_over((799, 0)) is None
    assert game_over((800, 0)) == Outcome(0, (800, 0))
    assert game_over((790, 805)) == Outcome(1, (790, 805))
    assert game_over((830, 805)) == Outcome(0, (830, 805))  # hand D: both over, the higher wins
    assert game_over((805, 805)) is None  # level at the top: another hand
    assert game_over((500, 200), OttocentoRules(target=500)) == Outcome(0, (500, 200))
    assert game_over((700, 800), called_out=1) == Outcome(1, (700, 800), True)
    assert Outcome(0, (830, 805)).describe(["Ann", "Bo", "Cy", "Di"]) == "Ann & Cy win with 830 to 805."


def test_a_call_out_needs_the_target_and_the_first_turn():
    hand = OttocentoHand.from_json(CALL_OUT)  # seat 2 declares a 7-card Grande: 30
    check_call_out((700, 770), hand)
    with pytest.raises(InvalidHand) as short:
        check_call_out((700, 769), hand)
    assert short.value.field == "called_out" and "799" in short.value.message
    with pytest.raises(InvalidHand) as first:
        check_call_out((800, 770), hand)  # seats 1 & 3 were there before seat 2's turn
    assert first.value.field == "called_out"
    check_call_out((0, 0), OttocentoHand.from_json(played()))  # no call-out: nothing to check


def test_the_call_out_order_starts_with_the_dealer():
    # Dealer seat 2: seat 2, then 3, 0, 1 declare in turn. Seat 3 calls out; seat 0 must not have declared.
    declarations = [[KINGS], [], [], [C("grande", *GRANDE_TO_5[:7])]]
    data = {"dealer": 2, "declarations": declarations, "called_out": 3}
    assert refused(data).field == "declarations"
    data["dealer"] = 0  # now seat 0 declared before seat 3
    hand = OttocentoHand.from_json(data)
    assert score(hand).sides == (17, 30)
    assert score(hand).working[-2:] == (
        "Seats 1 & 3 score 17 for the hand: 17 declared.",
        "Seats 2 & 4 score 30 for the hand: 30 declared.",
    )


def test_tally_plays_a_game_through_and_refuses_a_hand_after_the_end():
    big = played(([C("grande", *GRANDE_TO_5, "begato", "matto")], []), points=(87, 0), last=0)
    hand = OttocentoHand.from_json(big)  # 85 for the Grande, 87 card points and 6: 178 a hand
    assert score(hand).sides == (178, 0)
    standing = tally([hand] * 4)
    assert standing.totals == (712, 0) and standing.outcome is None
    standing = tally([hand] * 5)
    assert standing.outcome == Outcome(0, (890, 0))
    with pytest.raises(InvalidHand) as after:
        tally([hand] * 6)
    assert after.value.field == "hand"
    to_100 = {"rules": {"target": 100, "max_wilds_in_suit": 2, "moors_after_grande": False}}
    first = OttocentoHand.from_json(played(points=(10, 77), last=1, **to_100))
    called = OttocentoHand.from_json({**CALL_OUT, **to_100})  # seat 2 declares 30
    assert tally([first]).outcome is None
    assert tally([first, called]).outcome == Outcome(1, (10, 113), True)
    with pytest.raises(InvalidHand) as short:
        tally([called])  # 30 is short of 100: no call-out
    assert short.value.field == "called_out"


# --- Working and summary --------------------------------------------------------------------------------------


def test_the_working_names_the_players():
    hand = OttocentoHand.from_json(worked("c_declarations_and_criccone"))
    names = ["Ann", "Bo", "Cy", "Di"]
    working = score(hand, names).working
    assert working[0] == "Ann declared 27: Kings (3): 17; Swords King-Queen-Knight: 10."
    assert "Ann & Cy took 54 card points and the last trick (6)." in working
    moors_and_aces = "Moors (2 + Bégato + Matto): 15; Aces Swords-Batons + Bégato + Matto: 15"
    assert f"Bo & Di captured sequences worth 30: {moors_and_aces}." in working
    assert working[-1] == "Bo & Di score 75 for the hand: 12 in cricche, 30 in sequences and 33 in card points."
    assert summary(hand, names) == "Bo dealt · Ann & Cy 205, Bo & Di 75"
    assert summary(OttocentoHand.from_json(CALL_OUT), names) == "Bo called out · Ann & Cy 0, Bo & Di 30"


# --- The reference sheet --------------------------------------------------------------------------------------


SCROLLING_TABLE = re.compile(r'<div class="scroll" tabindex="0" role="region" aria-label="[^"]+">\s*<table')


def render_sheet(**values) -> str:
    return sheets.render_sheet(ottocento, "games/ottocento/reference.html", ottocento=ottocento, **values)


def test_the_reference_sheet_renders_from_the_engine():
    html = render_sheet()
    assert html.startswith("Ottocento|")
    for needed in ("<td>18</td><td>36</td>", "<td>17</td><td>34</td>", "87 card points", "800", "Parlett", "Barilli"):
        assert needed in html
    assert html.count('class="interp"') >= 12
    # Every table scrolls in a labelled, focusable region.
    assert html.count("<table") == len(SCROLLING_TABLE.findall(html)) == 6
    assert "at most 1 wild card\n" in render_sheet(rules=PARLETT)
    # Issue #30, 3: the Grande's reading and the pack's numbering, on the sheet.
    assert '<th scope="col">16</th>' in html and "<td>17</td>" in html and "<td>Angel (21)</td>" in html
    assert "Angel, Sun, 16 and both wild cards is 20" in html and "Gaps in the Grande filled by wild cards" in html
    assert "each wild card may fill a gap of the Grande" in render_sheet(rules=EACH_WILD_A_GAP)
    assert "goes on after the 5 with the Moors" in render_sheet(rules=BARILLI)


# --- Properties -----------------------------------------------------------------------------------------------


def found(pile: set[Card], rules: OttocentoRules) -> list[dict]:
    """The combinations an honest scorer would enter for a pile (wild cards added where they surely fit)."""
    wilds = [c.code for c in ottocento.WILDS if c in pile]
    out = [C(k.id, *(c.code for c in k.members if c in pile)) for k in Cricca if sum(c in pile for c in k.members) >= 3]
    opening = [c for c in OPENING if c in pile]
    if CARDS["angel"] in pile and len(opening) >= 2:
        run = list(takewhile(lambda c: c in pile, ottocento.NUMBERED))
        out.append(C("grande", "angel", *(c.code for c in opening + run), *wilds))
    for kind in (Sequence.SWORDS, Sequence.BATONS, Sequence.CUPS, Sequence.COINS):
        mine = [c for c in PACK if c.suit is kind.suit and c in pile]
        courts = [c.code for c in mine if c.short in ("Queen", "Knight", "Page")]
        extra = wilds[: rules.max_wilds_in_suit]
        if any(c.short == "King" for c in mine) and courts and len(courts) + len(extra) >= 2:
            ace = [c.code for c in mine if c.short == "Ace"]
            out.append(C(kind.id, mine[0].code, *courts, *ace, *extra))
    for kind, members in ((Sequence.MOORS, ottocento.MOORS), (Sequence.ACES, ottocento.ACES)):
        real = [c.code for c in members if c in pile]
        if len(real) >= 2 and len(real) + len(wilds) >= 3:
            out.append(C(kind.id, *real, *wilds))
    return out


@settings(max_examples=150, deadline=None)
@given(
    order=st.permutations(PACK),
    tricks=st.integers(0, 15),
    last=st.integers(0, 1),
    rules=st.sampled_from([DEFAULT_RULES, PARLETT]),
)
def test_every_honest_hand_is_accepted_and_its_card_points_total_87(order, tricks, last, rules):
    dealer_cards = 0 if tricks == 0 else min(4 * tricks + 2, 62)  # the two discards go with the first trick
    piles = (set(order[:dealer_cards]), set(order[dealer_cards:]))
    points = (card_points(piles[0]), card_points(piles[1]))
    assert sum(points) == 87
    last = 1 if tricks == 0 else 0 if tricks == 15 else last
    data = played((found(piles[0], rules), found(piles[1], rules)), points=points, last=last, rules=rules.to_json())
    hand = OttocentoHand.from_json(data)
    assert OttocentoHand.from_json(hand.to_json()) == hand
    result = score(hand)
    assert result.sides[0] >= points[0] and result.sides[1] >= points[1]
    assert sum(result.sides) >= 93 and result.net == result.sides * 2
    assert all("cut off" not in line for line in result.working)


# --- The Game: one record however it was entered, the session's end, options ---------------------------------


def test_combinations_are_one_record_whatever_order_they_came_in():
    kings, swords = C("kings", "KS", "KB", "KC"), C("swords", "KS", "QS", "NS")
    one = OttocentoHand.from_json(played(([swords, GRANDE, kings], []), declarations=[[swords, kings], [], [], []]))
    other = OttocentoHand.from_json(played(([kings, GRANDE, swords], []), declarations=[[kings, swords], [], [], []]))
    assert one == other and [c.kind.id for c in one.captured[0]] == ["kings", "grande", "swords"]


def test_a_refusal_of_one_part_against_another_names_the_part():
    twice = refused(played(declarations=[[KINGS], [], [C("swords", "KS", "QS", "NS")], []]))
    assert twice.item == "2:KS"
    assert refused(played(([GRANDE], [C("grande", *GRANDE_TO_5[:6])]))).item == "1:grande"
    assert refused(played(([MOORS], [C("moors", "moor3", "moor4", "begato")]))).item == "1:moor3"
    assert refused(played(([C("grande", *GRANDE_TO_5)], []), points=(10, 77))).item == "0"
    assert refused(played(points=(0, 87), last=0)).item == "0"


def test_the_cards_each_kind_offers_to_tap():
    from companion.games.ottocento.combinations import cards_for

    assert [c.code for c in cards_for(Cricca.TAROCCHI)] == ["angel", "world", "begato", "matto"]
    assert [c.code for c in cards_for(Sequence.ACES)] == ["AS", "AB", "AC", "AD", "begato", "matto"]
    assert [c.code for c in cards_for(Sequence.MOORS)][-2:] == ["begato", "matto"]
    assert "moor1" in [c.code for c in cards_for(Sequence.GRANDE, BARILLI)]
    assert "moor1" not in [c.code for c in cards_for(Sequence.GRANDE)]


def test_the_game_plays_to_the_sessions_target_and_honours_only_a_true_call_out():
    from companion.games.base import Played, Stake
    from companion.games.ottocento import GAME

    big = OttocentoHand.from_json(played(([C("grande", *GRANDE_TO_5, "begato", "matto")], []), points=(87, 0)))
    hands = (big,) * 4  # 712
    assert GAME.outcome(Played((712, 0, 712, 0), 4, 99, hands)).lines == (
        "To reach 800: 88 for seat 1 & seat 3 (712), 800 for seat 2 & seat 4 (0).",
    )
    short = OttocentoHand.from_json({"dealer": 0, "declarations": [[], [], [KINGS], []], "called_out": 2})
    outcome = GAME.outcome(Played((729, 0, 729, 0), 5, 99, (*hands, short)))
    assert not outcome.finished and outcome.lines[1].startswith(
        "Seat 3's call-out, in the hand seat 1 dealt, does not end the game"
    )
    three = [[], [], [KINGS, QUEENS, KNIGHTS], []]
    called = OttocentoHand.from_json({"dealer": 0, "declarations": three, "called_out": 2})
    assert GAME.outcome(Played((800, 0, 800, 0), 5, 99, (*hands, called))).winners == (0, 2)
    # A session to 1000 (its hands carry the target): 890 is not the end.
    to_1000 = OttocentoHand.from_json({**big.to_json(), "rules": {**big.to_json()["rules"], "target": 1000}})
    assert GAME.winners(Played((890, 0, 890, 0), 5, 99, (to_1000,) * 5)) == ()
    assert GAME.outcome(Played((890, 0, 890, 0), 5, 99, (to_1000,) * 5)).lines[0].startswith("To reach 1000: 110")
    # Level past the target: another hand. Statistics (no records) go by the totals at 800.
    assert GAME.outcome(Played((810, 810, 810, 810), 5, 99)).winners == ()
    assert GAME.outcome(Played((810, 400, 810, 400), 5, 99)).winners == (0, 2)
    # The losing pair pays the stake per game, one to each winner; per point, the difference between the sides.
    over = GAME.outcome(Played((810, 400, 810, 400), 5, 99))
    assert GAME.money(Stake.PER_GAME, 24, Played((810, 400, 810, 400), 5, 99), over) == [24, -24, 24, -24]
    assert GAME.money(Stake.PER_POINT, 2, Played((810, 400, 810, 400), 5, 99), over) == [1640, -1640, 1640, -1640]


def test_the_games_options_and_what_the_scoreboard_says_of_them():
    from companion.games.ottocento import GAME

    # A session saved before the Grande's choice existed reads as it was scored: each wild card a gap.
    assert GAME.options({"max_wilds_in_suit": 1, "grande_gaps": 1}) == PARLETT
    assert GAME.options("nonsense") == GAME.options({}) == EACH_WILD_A_GAP
    assert GAME.options_json(GAME.options(DEFAULT_RULES.to_json())) == DEFAULT_RULES.to_json()
    assert GAME.check_options({}) is None and GAME.check_options({"target": 1000}) is None
    assert "1 or 2 wild cards" in GAME.check_options({"max_wilds_in_suit": 5})
    assert GAME.option_lines(PARLETT)[0] == "A suit sequence takes one wild card at most (Parlett)."
    assert GAME.partnerships(4) == ((0, 2), (1, 3)) and not GAME.zero_sum
    assert [s.id for s in GAME.stakes] == ["game", "point"]


# --- Issue #30: piles no deal gives, the Grande's wild cards, alike Moors, the pack's numbering ------------------


def test_card_points_no_pile_can_hold_are_refused():
    """A side holds no cards or at least a trick (four cards of 1: 4 - 2 = 2); the dealer's side its two discards
    besides (two more cards, 1 more: 3), unless it took no trick at all (seed 001: the discards then go over)."""
    for points, side in (((86, 1), 1), ((2, 85), 0), ((1, 86), 0)):  # seat 1 deals: seats 1 & 3 hold the discards
        found = refused(played(points=points))
        assert (found.field, found.item) == ("card_points", str(side))
    assert refused(played(points=(86, 1))).message == (
        "Seats 2 & 4 cannot have 1 card point: a side holds no cards (0) or at least a trick, worth 2 or more "
        "(each card is 1 or more, less 1 a pair)."
    )
    assert "the dealer's side, cannot have 2 card points" in refused(played(points=(2, 85))).message
    for points in ((85, 2), (84, 3), (3, 84), (87, 0), (0, 87)):
        assert OttocentoHand.from_json(played(points=points, last=0 if points[0] else 1)).card_points == points
    # A hand saved before the check reads as it was scored.
    assert OttocentoHand.from_json(played(points=(86, 1)), stored=True).card_points == (86, 1)


def test_one_wild_card_fills_a_gap_of_the_grande_by_the_rules_text():
    """Seed 001: wild cards "may only be used once in a trump sequence to fill gaps"; the house rule lets each fill
    one. Angel, Sun, 16, 14 and both wild cards: 25 under the house rule, the 14 cut off by the rules text."""
    issue = ("angel", "sun", "t16", "t14", "begato", "matto")
    assert "the 14 is cut off" in problem("grande", *issue)
    assert value("grande", "angel", "sun", "t16", "begato", "matto") == 20  # the Moon filled, one wild card added
    assert value("grande", *issue, rules=EACH_WILD_A_GAP) == 25
    # The working says which reading scored a Grande holding both wild cards.
    seed = OttocentoHand.from_json(played(([C("grande", "angel", "sun", "t16", "begato", "matto")], [])))
    assert score(seed).working[-1] == (
        "Our reading of the rules text: one wild card in the Grande fills a gap, the other only lengthens it."
    )
    house = OttocentoHand.from_json(played(([C("grande", *issue)], []), rules={"grande_gaps": 2}))
    assert score(house).sides == (25 + 44 + 6, 43)
    assert score(house).working[-1].startswith("Our reading, by this table's house rule: each wild card")
    one = OttocentoHand.from_json(played(([C("grande", "angel", "world", "sun", "begato")], [])))
    assert not any("Our reading" in line for line in score(one).working)  # one wild card: the readings agree
    # A hand saved before the choice existed reads as it was scored then: each wild card a gap of its own.
    old = played(([C("grande", *issue)], []), rules={"max_wilds_in_suit": 2, "moors_after_grande": False})
    assert score(OttocentoHand.from_json(old, stored=True)).sides == (75, 43)
    assert refused(old).field == "captured"  # entered now, the session's rules say which reading


def test_two_sides_or_players_may_tap_the_same_alike_moors():
    """The Moors are alike: Moor 1 and Moor 2 tapped on both sides are four Moors, not one card twice."""
    both = played(([C("moors", "moor1", "moor2", "begato")], [C("moors", "moor1", "moor2", "matto")]))
    assert sides(both) == (10 + 44 + 6, 10 + 43)
    declared = [[C("moors", "moor1", "moor2", "begato")], [C("moors", "moor1", "moor2", "matto")], [], []]
    assert len(OttocentoHand.from_json(played(declarations=declared)).declarations[1]) == 1
    five = (C("moors", "moor1", "moor2", "moor3", "begato"), C("moors", "moor1", "moor2", "matto"))
    found = refused(played(([five[0]], [five[1]])))
    assert (found.field, found.item) == ("captured", "1:moor1") and "more Moors than the pack's 4" in found.message
    found = refused(played(declarations=[[five[0]], [five[1]], [], []]))
    assert (found.field, found.item) == ("declarations", "1:moor1")


def test_a_pack_numbered_1_to_21_shows_each_trump_one_higher_and_scores_the_same():
    grande = [C("grande", *GRANDE_TO_5)]
    modern = OttocentoHand.from_json(played((grande, []), rules={"numbering": "modern"}))
    assert score(modern).sides == sides(played((grande, [])))
    assert "Grande Angel-World-Sun-…-6 (16 cards): 75" in score(modern).working[0]
    cut = ("angel", "world", "sun", "moon", "t16", "t13")
    assert "the 14 is cut off (below the Moon the trumps run down from the 17" in problem(
        "grande", *cut, rules=MODERN_PACK
    )
    assert "the 13 is cut off (below the Moon the trumps run down from the 16" in problem("grande", *cut)
