"""Sussex Tarot's words in the reader's language: the working, a hand's line, the refusals and the solo helper say
themselves in French, German and Italian from the compiled catalogues, keep every figure, and keep the game's own
English terms (trug, martlets, gubber …) inside translated sentences; English stays word for word what it was."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from companion.games.sussex import GAME, HandRecord, InvalidHand, score, solo_call
from tests.conftest import EXAMPLES, load_example
from tests.games.words import LANGUAGES, said
from tests.web.helpers import csrf_from, hand_form_data, start_session

#: A figure as the working writes it: card points, counts, money in s/d ("0/6", "1/-", "0/4½"), a factor "1½".
FIGURE = re.compile(r"\d+/(?:\d+½?|½|-)|\d+½?")
NAMES = ["Ann", "Bob", "Cat", "Dan"]

#: Hands beside the worked examples, so that every kind of sentence is said: bonuses and martlets announced and
#: not made in a solo, an announced solo's bonuses, a stung hand's bonuses whether the stinger succeeds or not.
MORE_HANDS = [
    {"bid": "3", "declarer": 2, "called_card": "8S", "young_trumps": "hearts", "holder": 2, "points": 80,
     "announced": ["double-martlets", "young-martlets"], "martlets": {"declarer": 2, "defence": 0},
     "bonuses": {"four-kings": "defence"}},
    {"bid": "2-high", "declarer": 0, "called_card": "XXI", "holder": 0, "points": 50,
     "bonuses": {"trull": "defence"}, "martlets": {"declarer": 1, "defence": 2}},
    {"bid": "2", "declarer": 0, "called_card": "XX", "holder": 0, "points": 100, "bonuses": {"trull": "declarer"}},
    {"bid": "3-high", "declarer": 3, "called_card": "JH", "young_trumps": "clubs", "holder": 1, "in_trug": True,
     "points": 40, "stinger_points": 60, "bonuses": {"trull": "declarer", "pagat-ultimo": "defence"}},
    {"bid": "4", "declarer": 3, "called_card": "JH", "young_trumps": "clubs", "holder": 1, "in_trug": True,
     "points": 70, "stinger_points": 20, "bonuses": {"trull": "declarer", "pagat-ultimo": "defence"},
     "house_rules": {"stinger_settles_with": "table"}},
]  # fmt: skip
HANDS = [load_example(p)["hand"] for p in EXAMPLES if "expect" in load_example(p)] + MORE_HANDS


def working(hand: dict) -> tuple[str, ...]:
    return score(HandRecord.from_json(hand), working=True).working


def refusal(hand: dict) -> str:
    with pytest.raises(InvalidHand) as refused:
        HandRecord.from_json(hand)
    return refused.value.message


def test_the_hands_say_every_part_of_the_working():
    parts = Counter(s.split(":")[0].split(" (")[0] for hand in HANDS for s in working(hand))
    assert set(parts) == {"Declarations", "Game", "Stinger", "Calling penalty", "Bonuses"}


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_working_sentence_is_translated_and_keeps_its_figures(code):
    for hand in HANDS:
        english, translated = working(hand), said(code, working, hand)
        assert len(translated) == len(english)
        for theirs, ours in zip(translated, english, strict=True):
            assert theirs != ours, (code, ours)
            assert Counter(FIGURE.findall(theirs)) >= Counter(FIGURE.findall(ours)), (code, theirs, ours)


def test_the_games_own_terms_stay_english_in_a_translated_sentence():
    hand = {"bid": "4", "declarer": 1, "called_card": "7C", "young_trumps": "hearts", "holder": 3, "points": 40,
            "martlets": {"declarer": 0, "defence": 1}}  # fmt: skip
    penalty, bonuses = said("fr", lambda: working(hand))[1:]
    assert penalty.startswith("Pénalité d'appel : la carte appelée est gubber (facteur 1), ")
    assert bonuses.startswith("Primes (1 × Martlets 1/- à la défense) : ")
    stung = said("de", lambda: working(MORE_HANDS[3]))
    assert stung[1] == "Stecher: Der Stecher machte 60, mehr als die 40 des Spielers, bekommt also 1/6 vom Spieler."


def test_english_is_said_as_before():
    """The sentences built from marked parts read word for word as the English they replaced."""
    stung = working(MORE_HANDS[4])
    assert stung == (
        "Game: declarer needed 66 and took 70, so made game (a four is worth 0/6): each other player pays declarer "
        "0/6.",
        "Stinger: the stinger took 20, not more than declarer's 70, so pays 0/6 to each other player.",
        "Bonuses (Trull 0/3 to declarer's side; Pagat ultimo 0/9 to the defence): the stinger failed, so each other "
        "player pays declarer 0/3 and declarer pays the stinger 0/9.",
    )
    solo = working(MORE_HANDS[0])
    assert solo[-1] == (
        "Bonuses (Four Kings 0/3 to the defence; 2 × Martlets (Double Martlets announced, made) 5/- to declarer's "
        "side; Young Martlets (announced, not made) 1/- to the defence): each other player pays declarer the "
        "difference, 3/9."
    )
    assert GAME.notice(HandRecord.from_json(MORE_HANDS[1]), NAMES) == "Ann's two high (announced solo) failed"


@pytest.mark.parametrize(
    ("code", "line", "notice"),
    [
        ("fr", "Bob a dit quatre · jeu à partenaire · réussi", "le quatre de Bob est réussi"),
        ("de", "Bob hat vier geboten · Partnerspiel · gewonnen", "Gebot vier von Bob gewonnen"),
        ("it", "Bob ha offerto quattro · gioco col compagno · riuscito", "il quattro di Bob è riuscito"),
    ],
)
def test_a_hands_line_and_notice_are_in_the_readers_language(code, line, notice):
    record = HandRecord.from_json(
        {"bid": "4", "declarer": 1, "called_card": "7C", "young_trumps": "hearts", "holder": 3, "points": 71}
    )
    assert said(code, lambda: GAME.describe(record, NAMES)) == line
    assert said(code, lambda: GAME.notice(record, NAMES)) == notice
    assert GAME.describe(record, NAMES) == "Bob bid four · partner game · made"


BASE = {"bid": "4", "declarer": 1, "called_card": "7C", "young_trumps": "hearts", "holder": 3, "points": 71}
REFUSED = [
    {**BASE, "points": 131},
    {**BASE, "bid": "5"},
    {**BASE, "declarer": 4},
    {**BASE, "called_category": "ale"},
    {**BASE, "declarations": ["trull", "trull"]},
    {**BASE, "declarations": ["three-kings", "four-kings"]},
    {**BASE, "bonuses": {"trull": "nobody"}},
    {**BASE, "in_trug": True},
    {**BASE, "in_trug": True, "stinger_points": 70},
    {**BASE, "points": 100, "bonuses": {"valat": "declarer"}},
    {**BASE, "holder": 1, "points": 5, "bonuses": {"valat": "defence"}},
    {**BASE, "martlets": {"declarer": 4}},
]


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_refusal_is_in_the_readers_language(code):
    for hand in REFUSED:
        english = refusal(hand)
        theirs = said(code, refusal, hand)
        assert theirs != english and theirs.endswith("."), (code, theirs)
        assert Counter(FIGURE.findall(theirs)) >= Counter(FIGURE.findall(english)), (code, theirs)


def test_the_solo_helper_says_why_in_the_readers_language():
    call = said("it", lambda: solo_call({"F", "XXI", "XX", "XIX", "XVIII", "XVII", "XVI", "XV", "QS"}))
    assert [c.code for c in call.cards] == ["QS"]
    assert call.reason == "La sequenza arriva al XV, senza Pagat: chiamate una Regina che avete (a scelta)."
    assert said("de", lambda: solo_call({"XXI"})).reason == "Ohne den Narren lässt sich kein Solo ansagen."


def test_a_house_rule_is_said_where_it_is_shown_and_stays_english_in_the_rules_object():
    rules = GAME.options({"stinger_settles_with": "table"})
    assert said("fr", lambda: GAME.option_lines(rules))[0] == (
        "Le piqueur règle une valeur du jeu avec chacun des trois autres joueurs."
    )
    # A form made once (and cached) holds the English; it is said in the reader's language when shown.
    assert said("fr", lambda: rules.stinger_settles_with.description).startswith("The stinger settles")


STUNG = dict(bid="3-high", declarer="3", called_suit="H", called_rank="J", young_trumps="clubs", held_by="trug-1")


def test_a_refusal_beside_a_field_is_in_the_readers_language(client):
    url = start_session(client)
    page = client.get(url + "/hands/new").text
    data = hand_form_data(page, **STUNG, points="100", stinger_points="40")
    refused = client.post(url + "/hands/new", data=data, headers={"Accept-Language": "fr"})
    assert refused.status_code == 422
    assert "Les points du déclarant et du piqueur ensemble ne peuvent pas dépasser 130." in refused.text
    assert "cannot pass" not in refused.text


def test_the_board_and_the_preview_show_the_working_in_the_readers_language(client):
    url = start_session(client)
    page = client.get(url + "/hands/new").text
    data = hand_form_data(page, **STUNG, points="40", stinger_points="60")
    preview = client.post(
        url + "/hands/preview",
        data=data,
        headers={"HX-Request": "true", "X-CSRFToken": csrf_from(page), "Accept-Language": "it"},
    )
    assert "Chi punge: chi punge ha fatto 60, più dei 40 del dichiarante, quindi riceve 1/6 dal dichiarante." in (
        preview.text
    )
    assert client.post(url + "/hands/new", data=data).status_code == 303
    board = client.get(url, headers={"Accept-Language": "de"}).text
    assert "Gestochen: Bob hat den Spieler gestochen (mit Erfolg)." in board
    assert "Abrechnung dieses Spiels:" in board and "Settle this hand:" not in board
    assert "Dan hat drei hoch geboten" in board and "Spiel +1/6; Stecher +1/6" in board
