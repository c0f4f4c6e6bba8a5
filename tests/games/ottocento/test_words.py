"""Ottocento's own words in French, German and Italian (issue #32): the working of a hand, its line in the lists of
hands, how a game stands and ends, the house rules, the cards' names and the refusals are said in the reader's
language, every figure kept; English, the source, is said as before."""

from __future__ import annotations

import html as markup
import re
from collections.abc import Callable
from typing import Any

import pytest

from companion.games import GAMES
from companion.games.base import Played
from companion.games.common import InvalidHand
from companion.games.ottocento import CARDS, Combination, Numbering, OttocentoHand, OttocentoRules, score, summary
from companion.games.ottocento.cards import label, short, the
from companion.games.ottocento.ending import game_over, tally
from companion.games.ottocento.hand import side_name, with_names
from tests.games.ottocento.test_web import BIG, NAMES, SEED, error_of, fields_of, played, post_hand, start, worked
from tests.games.words import LANGUAGES, all_said_anew, said

OTTOCENTO = GAMES["ottocento"]


def lines(hand: OttocentoHand, names: list[str] | None) -> list[str]:
    """Everything a hand is said in: its working, and its line in the lists of hands."""
    return [*score(hand, names).working, summary(hand, NAMES)]


#: Hands beyond the worked ones, so that every kind of sentence is said: doubled sequences declared, both readings
#: of the Grande's wild cards, a long Grande and the Aces, the Moors, a pack numbered 1 to 21, a call-out.
KINDS = {
    "three sequences declared": {
        "dealer": 2,
        "declarations": [[], [
            {"kind": "swords", "cards": ["KS", "QS", "NS"]}, {"kind": "cups", "cards": ["KC", "QC", "PC"]},
            {"kind": "aces", "cards": ["AS", "AC", "AD"]}], [], []],
        "card_points": [40, 47], "last_trick": 1},
    "the Grande, each wild card a gap": {
        **BIG, "rules": {"grande_gaps": 2}, "captured": [[{"kind": "grande", "cards": [
            "angel", "world", "moon", "t16", "t14", "t13", "begato", "matto"]}], [
            {"kind": "moors", "cards": ["moor1", "moor2", "moor3"]}]], "card_points": [80, 7]},
    "a numbered pack": {**BIG, "rules": {"numbering": "modern"}},
    "a call-out": worked("d_call_out")["hand"],
}  # fmt: skip


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("hand", KINDS.values(), ids=KINDS.keys())
def test_every_kind_of_sentence_is_said_in_each_language(hand, code):
    record = OttocentoHand.from_json(hand)
    english = lines(record, None)
    assert all_said_anew(english, said(code, lines, record, None)) == []


def test_the_working_says_the_cards_and_the_doubling_in_the_readers_language():
    record = OttocentoHand.from_json(KINDS["three sequences declared"])
    assert score(record).working[0] == (
        "Seat 2 declared 60: Swords King-Queen-Knight: 10; Cups King-Queen-Page: 10; Aces Swords-Cups-Coins: 10; "
        "three sequences, so doubled."
    )
    assert said("it", lambda: score(record).working[0]) == (
        "Posto 2 ha dichiarato 60: Spade Re-Regina-Cavallo: 10; Coppe Re-Regina-Fante: 10; Assi Spade-Coppe-Denari: "
        "10; tre sequenze, quindi raddoppiate."
    )
    assert said("fr", lambda: score(record).working[0]).startswith("Place 2 a annoncé 60 : Épées Roi-Dame-Cavalier")
    long = OttocentoHand.from_json(BIG)
    assert "Grande Angel-World-Sun-…-5 + Bégato + Matto (18 cards): 85" in score(long).working[0]
    assert "Grande Angelo-Mondo-Sole-…-5 + Bégato + Matto (18 Karten): 85" in said("de", lambda: score(long).working[0])


@pytest.mark.parametrize("code", LANGUAGES)
def test_how_a_game_stands_and_ends_is_said_in_each_language(code):
    hand = OttocentoHand.from_json(SEED)
    hands = Played((814, 60, 814, 60), 2, 40, (hand, hand), NAMES)
    level = Played((820, 820, 820, 820), 3, 40, names=NAMES)
    under_way = Played((407, 30, 407, 30), 1, 40, (hand,), NAMES)
    # A call-out saved before its side reached the target: how the scoreboard says it does not count.
    early = OttocentoHand.from_json({**worked("d_call_out")["hand"]})
    void = Played((17, 40, 17, 40), 1, 40, (early,), NAMES)
    said_now: list[Callable[[], Any]] = [
        lambda: OTTOCENTO.to_go(under_way, 800),
        lambda: OTTOCENTO.to_go(level, 800),
        lambda: OTTOCENTO.to_go(Played((400, 400, 400, 400), 2, 40, names=NAMES), 800),
        lambda: OTTOCENTO.to_go(void, 800),
        lambda: (game_over((830, 805)).describe(NAMES), game_over((717, 800), called_out=1).describe()),
        lambda: OTTOCENTO.option_lines(OttocentoRules()),
        lambda: OTTOCENTO.option_lines(OttocentoRules(max_wilds_in_suit=1, moors_after_grande=True, grande_gaps=2,
                                                       numbering=Numbering.MODERN)),
        lambda: list(OTTOCENTO.bid_labels().values()),
        lambda: OTTOCENTO.ending_for(OttocentoRules()).outcome(OTTOCENTO, Played((0,) * 4, 40, 40)).lines,
    ]  # fmt: skip
    assert OTTOCENTO.outcome(hands).finished
    for what in said_now:
        english = list(what())
        assert english and all_said_anew(english, list(said(code, what))) == [], english


def refusal(hand: Any, rules: Any = None) -> str:
    with pytest.raises(InvalidHand) as refused:
        if rules is not None:
            OttocentoRules.from_json(rules)
        elif isinstance(hand, list):
            tally(OttocentoHand.from_json(h) for h in hand)
        else:
            OttocentoHand.from_json(hand)
    return refused.value.message


PLAYED = {"dealer": 0, "card_points": [50, 37], "last_trick": 0}
NOBODY = [[], [], [], []]


def declared(seat: int, *combos: dict[str, Any]) -> list[list[dict[str, Any]]]:
    return [list(combos) if s == seat else [] for s in range(4)]


def combo(kind: str, *cards: str) -> dict[str, Any]:
    return {"kind": kind, "cards": list(cards)}


KINGS = combo("kings", "KS", "KC", "KD")
#: Hands no table can have, one for each kind of refusal the engine words itself.
IMPOSSIBLE = {
    "not an object": [1],
    "a field unknown": {**PLAYED, "trumps": 1},
    "no dealer": {**PLAYED, "dealer": 7},
    "the last trick nowhere": {**PLAYED, "last_trick": 2},
    "card points past the pack": {**PLAYED, "card_points": [90, 0]},
    "card points not 87": {**PLAYED, "card_points": [50, 36]},
    "declarations not four lists": {**PLAYED, "declarations": [[]]},
    "captured not two lists": {**PLAYED, "captured": [[]]},
    "a combination's shape": {**PLAYED, "declarations": declared(1, {"kind": "kings"})},
    "a kind unknown": {**PLAYED, "declarations": declared(1, combo("jacks", "KS"))},
    "cards not a list": {**PLAYED, "declarations": declared(1, {"kind": "kings", "cards": "KS"})},
    "a card unknown": {**PLAYED, "declarations": declared(1, combo("kings", "KS", "KX", "KC"))},
    "a card twice": {**PLAYED, "declarations": declared(1, combo("kings", "KS", "KS", "KC"))},
    "a wild card in a cricca": {**PLAYED, "declarations": declared(1, combo("kings", "KS", "KC", "begato"))},
    "a stray in a cricca": {**PLAYED, "declarations": declared(1, combo("queens", "QS", "QC", "KD"))},
    "a cricca of two": {**PLAYED, "declarations": declared(1, combo("kings", "KS", "KC"))},
    "a stray among the Moors": {**PLAYED, "declarations": declared(1, combo("moors", "moor1", "moor2", "AS"))},
    "one real Ace": {**PLAYED, "declarations": declared(1, combo("aces", "AS", "begato", "matto"))},
    "two Aces": {**PLAYED, "declarations": declared(1, combo("aces", "AS", "AC"))},
    "a stray in a suit": {**PLAYED, "declarations": declared(1, combo("swords", "KS", "QS", "QC"))},
    "a suit without its King": {**PLAYED, "declarations": declared(1, combo("cups", "QC", "NC", "begato"))},
    "a King alone": {**PLAYED, "declarations": declared(1, combo("cups", "KC", "AC", "begato"))},
    "a King and a Queen": {**PLAYED, "declarations": declared(1, combo("cups", "KC", "QC", "AC"))},
    "two wild cards at Parlett's table": {**PLAYED, "rules": {"max_wilds_in_suit": 1},
                                          "declarations": declared(1, combo("cups", "KC", "QC", "begato", "matto"))},
    "a Moor in the Grande": {**PLAYED, "declarations": declared(1, combo(
        "grande", "angel", "world", "sun", "t16", "moor1"))},
    "a King in the Grande": {**PLAYED, "declarations": declared(1, combo("grande", "angel", "world", "sun", "KS"))},
    "no Angel": {**PLAYED, "declarations": declared(1, combo("grande", "world", "sun", "moon", "begato"))},
    "no opening": {**PLAYED, "declarations": declared(1, combo("grande", "angel", "t16", "begato", "matto"))},
    "one of the opening": {**PLAYED, "declarations": declared(1, combo("grande", "angel", "world", "t16"))},
    "the Grande cut": {**PLAYED, "declarations": declared(1, combo(
        "grande", "angel", "world", "sun", "moon", "t16", "t13", "begato"))},
    "the Grande cut at a gap each": {**PLAYED, "rules": {"grande_gaps": 2}, "declarations": declared(1, combo(
        "grande", "angel", "world", "sun", "moon", "t16", "t12"))},
    "a kind twice": {**PLAYED, "declarations": declared(1, KINGS, KINGS)},
    "a call-out with play": {"dealer": 0, "declarations": declared(1, KINGS), "called_out": 1, "last_trick": 0},
    "a call-out with nothing declared": {"dealer": 0, "declarations": NOBODY, "called_out": 1},
    "a declaration after the call-out": {"dealer": 0, "declarations": [[KINGS], [combo(
        "queens", "QS", "QC", "QD")], [], []], "called_out": 0},
    "no one calling out": {"dealer": 0, "declarations": NOBODY, "called_out": 5},
    "sixteen cards declared": {**PLAYED, "declarations": declared(1, combo("grande", *(
        ["angel", "world", "sun", "moon"] + [f"t{n}" for n in range(16, 4, -1)])), combo("kings", "KS", "KC", "KD"))},
    "one card declared twice": {**PLAYED, "declarations": [[KINGS], [combo("swords", "KS", "QS", "NS")], [], []]},
    "five Moors declared": {**PLAYED, "declarations": [[combo("moors", "moor1", "moor2", "moor3")], [combo(
        "moors", "moor1", "moor2", "begato")], [], []]},
    "a cricca captured twice": {**PLAYED, "captured": [[KINGS], [KINGS]]},
    "a card captured twice": {**PLAYED, "captured": [[KINGS], [combo("swords", "KS", "QS", "NS")]]},
    "five Moors captured": {**PLAYED, "captured": [[combo("moors", "moor1", "moor2", "moor3")], [combo(
        "moors", "moor1", "moor2", "begato")]]},
    "a trick's worth short": {**PLAYED, "card_points": [86, 1], "last_trick": 0},
    "the dealer's side short": {**PLAYED, "card_points": [2, 85], "last_trick": 1},
    "captured worth more": {**PLAYED, "captured": [[KINGS], []], "card_points": [5, 82]},
    "no cards, the last trick": {**PLAYED, "card_points": [0, 87], "last_trick": 0},
    "a call-out short of the target": [{"dealer": 0, "declarations": declared(1, KINGS), "called_out": 1}],
    "the other side's call-out": [
        {**PLAYED, "card_points": [87, 0], "captured": [[combo("grande", "angel", "world", "sun", "moon", *(
            f"t{n}" for n in range(16, 4, -1)), "begato", "matto")], []], "rules": {"target": 100}},
        {"dealer": 1, "declarations": [[], [KINGS], [], []], "called_out": 1, "rules": {"target": 100}}],
    "a hand after the end": [{**PLAYED, "card_points": [87, 0], "rules": {"target": 150}}] * 3,  # 186 after two
}  # fmt: skip
RULES = {
    "not an object": [],
    "a rule unknown": {"trumps": 1},
    "three wild cards": {"max_wilds_in_suit": 3},
    "Moors yes": {"moors_after_grande": "yes"},
    "a target too low": {"target": 5},
    "three gaps": {"grande_gaps": 3},
    "a pack unknown": {"numbering": "roman"},
}


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("hand", IMPOSSIBLE.values(), ids=IMPOSSIBLE.keys())
def test_a_refusal_is_in_the_readers_language_with_its_figures(hand, code):
    english = refusal(hand)
    assert all_said_anew([english], [said(code, refusal, hand)]) == []


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("rules", RULES.values(), ids=RULES.keys())
def test_a_house_rule_refused_is_in_the_readers_language(rules, code):
    english = refusal(None, rules)
    assert all_said_anew([english], [said(code, refusal, None, rules)]) == []


def test_a_combination_is_refused_as_its_owner_s_in_every_language():
    bad = combo("kings", "KS", "KC", "begato")
    kinds = {
        "en": "Ann's cricca of Kings: the Bégato is not one of the Kings (a cricca takes no wild cards).",
        "fr": "La cricca des Rois de Ann : le Bégato ne fait pas partie des Rois (une cricca n’admet aucun joker).",
        "de": "Die Cricca der Könige von Ann: der Bégato ist nicht Teil der Könige (eine Cricca nimmt keine Joker).",
        "it": "La cricca di Re di Ann: il Bégato non è fra le carte della cricca di Re (una cricca non accetta "
        "contatori).",
    }
    for code, expected in kinds.items():
        for how in ({"owner": "Ann"}, {"whose": "Ann's"}):  # the form's old way of naming the owner still works
            with pytest.raises(InvalidHand) as refused:
                said(code, lambda how=how: Combination.from_json(bad, field="c0_kings", **how))
            assert refused.value.message == expected
    with pytest.raises(InvalidHand) as refused:
        said("de", lambda: Combination.from_json(bad))
    assert refused.value.message.startswith("Diese Cricca der Könige: ")


@pytest.mark.parametrize(
    ("code", "names"),
    [
        ("en", ["the Angel", "the World", "the 8", "the 11", "the first Moor", "the Queen of Swords", "the Ace of Cups",
                "the 8 of Coins", "the 10 of Batons", "the Angel (21)", "the 12", "the first Moor (2)"]),
        ("fr", ["l’Angelo", "le Mondo", "le 8", "le 11", "le premier Moro", "la Dame d’Épées", "l’As de Coupes",
                "le 8 de Deniers", "le 10 de Bâtons", "l’Angelo (21)", "le 12", "le premier Moro (2)"]),
        ("de", ["der Angelo", "der Mondo", "die 8", "die 11", "der erste Moro", "die Dame von Spade",
                "das Ass von Coppe", "die 8 von Denari", "die 10 von Bastoni", "der Angelo (21)", "die 12",
                "der erste Moro (2)"]),
        ("it", ["l’Angelo", "il Mondo", "l’8", "l’11", "il primo Moro", "la Regina di Spade", "l’Asso di Coppe",
                "l’8 di Denari", "il 10 di Bastoni", "l’Angelo (21)", "il 12", "il primo Moro (2)"]),
    ],
)  # fmt: skip
def test_a_card_in_a_sentence_takes_the_article_its_language_gives_it(code, names):
    bolognese = ("angel", "world", "t8", "t11", "moor1", "QS", "AC", "8D", "10B")
    modern = ("angel", "t11", "moor1")  # the Angel is 21, the 11 is the 12, the first Moor the 2
    cards = [the(CARDS[c], Numbering.BOLOGNESE) for c in bolognese] + [the(CARDS[c], Numbering.MODERN) for c in modern]
    assert (cards if code == "en" else said(code, lambda: [the(CARDS[c], Numbering.BOLOGNESE) for c in bolognese]
                                         + [the(CARDS[c], Numbering.MODERN) for c in modern])) == names  # fmt: skip


def test_a_cards_name_and_its_short_name_are_said_in_the_readers_language():
    def names() -> list[str]:
        return [label(CARDS["NS"], Numbering.BOLOGNESE), label(CARDS["angel"], Numbering.MODERN),
                label(CARDS["t16"], Numbering.MODERN), short(CARDS["PD"], Numbering.BOLOGNESE),
                short(CARDS["moor2"], Numbering.BOLOGNESE), CARDS["KB"].the]  # fmt: skip

    assert names() == ["Knight of Swords", "Angel (21)", "17", "Page", "Moor", "the King of Batons"]
    assert said("fr", names) == ["Cavalier d’Épées", "Angelo (21)", "17", "Valet", "Moro", "le Roi de Bâtons"]
    assert said("de", names) == ["Reiter von Spade", "Angelo (21)", "17", "Bube", "Moro", "der König von Bastoni"]
    assert said("it", names) == ["Cavallo di Spade", "Angelo (21)", "17", "Fante", "Moro", "il Re di Bastoni"]


@pytest.mark.parametrize("code", ["en", *LANGUAGES])
def test_the_players_names_replace_the_seats_in_each_language(code):
    hand = {**PLAYED, "declarations": [[KINGS], [], [combo("swords", "KS", "QS", "NS")], []]}
    message = refusal(hand) if code == "en" else said(code, refusal, hand)
    named = with_names(message, NAMES) if code == "en" else said(code, with_names, message, NAMES)
    assert "Ann" in named and "Cat" in named and not re.search(r"\b(Seat|Place|Platz|Posto)\b", named), named
    no_cards = {**PLAYED, "card_points": [0, 87]}  # a side's refusal: "Seats 1 & 3 took no cards …"
    sides = refusal(no_cards) if code == "en" else said(code, refusal, no_cards)
    assert said(code, with_names, sides, NAMES).startswith("Ann & Cat ")


def test_english_is_still_the_source_outside_a_request():
    record = OttocentoHand.from_json(SEED)
    assert score(record).working[-1] == "Seats 2 & 4 score 30 for the hand: 30 in card points."
    assert refusal({**PLAYED, "card_points": [0, 87]}) == (
        "Seats 1 & 3 took no cards (0 card points), so not the last trick."
    )
    assert OTTOCENTO.ending_for(OttocentoRules()).progress(1, 40) == "1 deal, first to 800"


# -- through the web: the phone's language ----------------------------------------------------------------------


def speaking(client, code: str) -> None:
    """The phone chooses ``code`` with the switch at the foot of every page."""
    assert client.post("/language", data={"lang": code, "next": "/"}).status_code == 303


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_preview_the_board_and_a_refusal_speak_the_phones_language(client, code):
    speaking(client, code)
    board = start(client)
    record = OttocentoHand.from_json(SEED)
    working = said(code, lambda: score(record, NAMES).working)
    preview = markup.unescape(post_hand(client, board, action="preview", **fields_of(SEED)).text)
    assert [line in preview for line in working] == [True] * len(working)
    assert [line for line in score(record, NAMES).working if line in preview] == []
    assert post_hand(client, board, **fields_of(SEED)).status_code == 303
    page = markup.unescape(client.get(board).text)
    to_go = said(code, lambda: OTTOCENTO.to_go(Played((407, 30, 407, 30), 1, 40, (record,), NAMES), 800))
    assert to_go[0] in page and said(code, lambda: summary(record, NAMES)) in page
    # Side 0 took no card but the last trick: refused beside the last trick, in the phone's language.
    refused = post_hand(client, board, **played(points=(0, 87), last="0"))
    assert refused.status_code == 422
    beside = markup.unescape(error_of(refused.text, "last_trick"))
    # What follows the side, whichever way the form names it (by its seats or by its players).
    said_of_it = said(code, refusal, {**PLAYED, "card_points": [0, 87]}).removeprefix(said(code, side_name, 0))
    assert "took no cards" not in beside and beside.endswith(said_of_it), beside
