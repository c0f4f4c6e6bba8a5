"""The words every game shares, in French, German and Italian (issue #32): how far a session has come, its
headings and its end, the seats, the stakes, the 78-card pack's names and the refusals of a seat or a choice are
said in the reader's language, every figure kept; English, the source, is said as before."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games import GAMES
from companion.games.base import STAKES, FixedDeals, Played, Rounds, Stake, Target
from companion.games.common import InvalidHand, InvalidSeat, words
from companion.games.common.cards import Rank, Suit, card
from companion.games.common.parse import pick, seat
from tests.games.words import LANGUAGES, said


def translated(code: str, message: str) -> str:
    """A word marked with ``N_``, as a page says it with ``_``."""
    return said(code, words._, message)


def how_it_stands(ending: Any) -> list[str]:
    """Every line a session's length gives its pages, for one deal and for several."""
    return [
        ending.describe(1), ending.describe(8), ending.deal_label(1), ending.deal_label(8),
        ending.progress(1, 8), ending.progress(3, 8), ending.progress(1, 1),
        ending.heading(3, 8), ending.over(1), ending.over(8),
        ending.totals_after(1, 8), ending.totals_after(3, 8), ending.totals_after(1, 1),
    ]  # fmt: skip


ENDINGS = {"rounds": Rounds(), "fixed deals": FixedDeals((8, 16)), "a target": Target(800)}


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("ending", ENDINGS.values(), ids=ENDINGS.keys())
def test_how_far_a_session_has_come_is_said_in_each_language_with_its_figures(ending, code):
    english = how_it_stands(ending)
    other = said(code, how_it_stands, ending)
    assert [(e, o) for e, o in zip(english, other, strict=True) if e == o or [c for c in e if c.isdigit()] != [
        c for c in o if c.isdigit()]] == []  # fmt: skip


def test_english_counts_one_deal_as_one():
    # Said "1 deals" before the words were marked: a session imported with one deal.
    one = Rounds()
    assert [one.describe(1), one.deal_label(1), one.progress(1, 1)] == ["1 deal", "1 deal", "1 of 1 deal"]
    assert [Rounds().over(1), Rounds().totals_after(1, 1)] == ["1 deal played", "Totals after 1 of 1 deal"]
    assert Target(50).deal_label(1) == "Until someone reaches 50 (at most 1 deal)"


def test_english_is_still_the_source_outside_a_request():
    assert how_it_stands(Rounds()) == [
        "1 deal", "8 deals", "1 deal", "8 deals", "1 of 8 deals", "3 of 8 deals", "1 of 1 deal",
        "Deal 3 of 8", "1 deal played", "All 8 deals played",
        "Totals after 1 of 8 deals", "Totals after 3 of 8 deals", "Totals after 1 of 1 deal",
    ]  # fmt: skip
    assert how_it_stands(Target(800))[4:10] == [
        "1 deal, first to 800", "3 deals, first to 800", "1 deal, first to 800", "Deal 3 · first to 800",
        "Game over", "Game over",
    ]  # fmt: skip
    assert Played((0, 0), 0, 8).name(1) == "seat 2"


@pytest.mark.parametrize(
    ("code", "lines"),
    [
        ("fr", ["Donne 3 sur 8", "3 sur 8 donnes", "Totaux après 3 sur 8 donnes", "Les 8 donnes jouées", "place 2",
                "Donne 3 · le premier à 800", "Partie terminée",
                "Personne n’a atteint 800 en 40 donnes : partie nulle."]),
        ("de", ["Spiel 3 von 8", "3 von 8 Spielen", "Summen nach 3 von 8 Spielen", "Alle 8 Spiele gespielt",
                "Platz 2", "Spiel 3 · Ziel 800", "Partie beendet",
                "Niemand hat in 40 Spielen 800 erreicht: unentschieden."]),
        ("it", ["Smazzata 3 di 8", "3 di 8 smazzate", "Totali dopo 3 di 8 smazzate", "Tutte le 8 smazzate giocate",
                "posto 2", "Smazzata 3 · chi arriva primo a 800", "Partita finita",
                "Nessuno è arrivato a 800 in 40 smazzate: partita patta."]),
    ],
)  # fmt: skip
def test_the_scoreboards_headings_in_each_language(code, lines):
    ottocento = GAMES["ottocento"]

    def headings() -> list[str]:
        rounds, target = Rounds(), Target(800)
        drawn = target.outcome(ottocento, Played((0, 0, 0, 0), 40, 40)).lines
        return [rounds.heading(3, 8), rounds.progress(3, 8), rounds.totals_after(3, 8), rounds.over(8),
                Played((0, 0), 0, 8).name(1), target.heading(3, 40), target.over(40), *drawn]  # fmt: skip

    assert said(code, headings) == lines


STAKE_CHOICES = [
    ("fr", "par point", "par partie"),
    ("de", "pro Punkt", "pro Partie"),
    ("it", "per punto", "per partita"),
]


@pytest.mark.parametrize(("code", "point", "game"), STAKE_CHOICES)
def test_the_stakes_and_the_way_round_are_marked_and_said_in_each_language(code, point, game):
    assert [s.per for s in Stake] == ["", "point", "game"] and STAKES["point"] is Stake.PER_POINT
    assert translated(code, Stake.PER_POINT.words.choice) == point
    assert translated(code, Stake.PER_GAME.words.choice) == game
    for stake in (Stake.PER_POINT, Stake.PER_GAME):
        for english in (stake.words.label, stake.words.bounds, stake.words.session):
            assert translated(code, english) != english
    for game in GAMES.values():
        assert translated(code, game.deal_direction) != game.deal_direction, game.id


FRENCH_TAROT = [("fr", "Tarot"), ("de", "Französisches Tarot"), ("it", "Tarocco francese")]


@pytest.mark.parametrize(("code", "french"), FRENCH_TAROT)
def test_each_game_is_named_in_the_readers_language(code, french):
    assert GAMES["french"].name == "French Tarot" and said(code, lambda: GAMES["french"].name) == french
    assert said(code, lambda: [g.name for g in GAMES.values()]) != [g.name for g in GAMES.values()]


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_session_of_the_wrong_size_is_refused_in_the_readers_language(code):
    def refused(game_id: str, players: int) -> str:
        with pytest.raises(InvalidHand) as refusal:
            GAMES[game_id].parse({}, players)
        return refusal.value.message

    for game_id, players in (("ottocento", 3), ("sussex", 5)):
        english = refused(game_id, players)
        other = said(code, refused, game_id, players)
        assert other != english and str(players) in other, other


@pytest.mark.parametrize(
    ("code", "seat_refused", "choice_refused"),
    [
        ("en", "Choose the dealer: a seat from 0 to 3.", "Choose a colour."),
        ("fr", "Choisissez le donneur : une place de 0 à 3.", "Choisissez a colour."),
        ("de", "Wählt den Geber: einen Platz von 0 bis 3.", "Wählt a colour."),
        ("it", "Scegliete il mazziere: un posto da 0 a 3.", "Scegliete a colour."),
    ],
)
def test_a_seat_or_a_choice_refused_in_the_readers_language(code, seat_refused, choice_refused):
    def refusals() -> tuple[str, str, str]:
        with pytest.raises(InvalidSeat) as wrong_seat:
            seat(4, "dealer", "the dealer", 4)
        with pytest.raises(InvalidHand) as wrong_choice:
            pick({"red": 1}, "blue", "colour", "a colour")  # a choice no catalogue holds is said as it came
        return wrong_seat.value.message, wrong_seat.value.who, wrong_choice.value.message

    message, who, choice = refusals() if code == "en" else said(code, refusals)
    assert (message, choice) == (seat_refused, choice_refused)
    assert who in message  # a form that knows the names says "Choose {who}: Ann, Bob …" in the same words


@pytest.mark.parametrize(
    ("code", "names"),
    [
        ("en", ["the Fool", "the Pagat (I)", "old trump XIV", "Cavalier of Clubs", "King of Hearts", "10 of Spades",
                "Diamonds", "Jack"]),
        ("fr", ["le Fou", "le Petit (I)", "vieil atout XIV", "Cavalier de Trèfle", "Roi de Cœur", "10 de Pique",
                "Carreau", "Valet"]),
        ("de", ["der Narr", "der Pagat (I)", "alter Trumpf XIV", "Kreuz-Reiter", "Herz-König", "Pik-10", "Karo",
                "Bube"]),
        ("it", ["il Matto", "il Bagatto (I)", "trionfo vecchio XIV", "Cavallo di Fiori", "Re di Cuori",
                "10 di Picche", "Quadri", "Fante"]),
    ],
)  # fmt: skip
def test_the_78_card_packs_names_in_each_language(code, names):
    def named() -> list[str]:
        cards = [card(c).name for c in ("F", "I", "XIV", "CC", "KH", "TS")]
        return [*cards, Suit.DIAMONDS.label, Rank.JACK.label]

    assert (named() if code == "en" else said(code, named)) == names
    assert said(code, lambda: (Rank.TEN.label, card("TS").short)) == ("10", "10♠")  # numbers and symbols stay
