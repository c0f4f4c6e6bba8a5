"""Early French Tarot's own words in French, German and Italian (issue #32): each player's line of the working, the
hand's line on the board, how far each player is from 50, and the refusals are said in the reader's language, every
figure kept; English, the source, is said as before."""

from __future__ import annotations

import html as markup

import pytest

from companion.games import GAMES
from companion.games.base import Played
from companion.games.common import InvalidHand
from companion.games.early_french import EarlyFrenchHand, score
from companion.games.early_french.rules import PileTooSmall
from tests.games.tarocchi.test_web import NAMES, error_of, post_hand, preview_of, start
from tests.games.words import LANGUAGES, all_said_anew, said

EARLY = GAMES["early-french"]


def refusal(hand: dict[str, object]) -> str:
    with pytest.raises(InvalidHand) as refused:
        EarlyFrenchHand.from_json(hand)
    return refused.value.message


def words_of(record: EarlyFrenchHand, names: list[str] | None) -> list[str]:
    return [*score(record, names).working, EARLY.describe(record, NAMES)]


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_scoring_card_is_said_alone_and_several(code):
    """One and several of each court, each trump, and a player with nothing: each in the reader's words."""
    one = EarlyFrenchHand.from_json(
        {"tricks": [4, 4, 4, 0], "pages": [1, 2, 0, 0], "knights": [1, 2, 0, 0], "queens": [0, 1, 2, 0],
         "kings": [0, 0, 2, 0], "magician": 0, "world": 1, "fool": 2}
    )  # fmt: skip
    assert all_said_anew(words_of(one, NAMES), said(code, words_of, one, NAMES)) == []


def how_the_game_stands() -> list[str]:
    lines = [*EARLY.option_lines({}), EARLY.bid_labels()["top"]]
    for totals in ((51, 51, 8, 0), (51, 51, 51, 0), (51, 51, 51, 51), (45, 38, 12, -5)):
        lines += EARLY.outcome(Played(totals, 3, 40, names=tuple(NAMES))).lines
    return lines


@pytest.mark.parametrize("code", LANGUAGES)
def test_how_far_each_is_from_50_and_a_tie_past_it_are_said_in_each_language(code):
    assert all_said_anew(how_the_game_stands(), said(code, how_the_game_stands)) == []


IMPOSSIBLE = {
    "tricks short of 12": {"tricks": [3, 3, 3, 2]},
    "tricks not counted": {"tricks": [3, 3, 3]},
    "Kings not counted": {"tricks": [3, 3, 3, 3], "kings": [1, 1]},
    "five Kings": {"tricks": [3, 3, 3, 3], "kings": [2, 2, 1, 0]},
    "a King in no trick": {"tricks": [4, 4, 4, 0], "kings": [0, 0, 0, 1]},
    "five cards in one trick": {"tricks": [1, 4, 4, 3], "kings": [2, 0, 0, 0], "queens": [2, 0, 0, 0], "fool": 0},
}


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("hand", IMPOSSIBLE.values(), ids=IMPOSSIBLE.keys())
def test_a_refusal_is_in_the_readers_language_with_its_figures(hand, code):
    english = refusal(hand)
    assert all_said_anew([english], [said(code, refusal, hand)]) == []


def test_english_is_still_the_source_outside_a_request():
    record = EarlyFrenchHand.from_json({"tricks": [6, 4, 2, 0], "kings": [2, 0, 0, 0], "fool": 0})
    first = "Seat 1: 6 tricks, 24 cards, 12 over 12: +12; 2 Kings 8 + the Fool 5 = 13; +25 for the hand."
    assert score(record).working[0] == first


def speaking(client, code: str) -> None:
    """The phone chooses ``code`` with the switch at the foot of every page."""
    assert client.post("/language", data={"lang": code, "next": "/"}).status_code == 303


#: Ann 6 tricks with two Kings and the Fool, Dan none: entered on the hand form.
HAND = {"tricks": [6, 4, 2, 0], "kings": [2, 0, 0, 0], "fool": 0}


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_preview_and_a_refusal_in_the_players_names_speak_the_phones_language(client, code):
    speaking(client, code)
    board = start(client, "early-french", "40", "0/1")
    record = EarlyFrenchHand.from_json(HAND)
    fields = EARLY.form_data(record)
    shown = markup.unescape(preview_of(client, board, **fields))
    working = said(code, score, record, NAMES).working
    assert isinstance(working, tuple) and [line in shown for line in working] == [True] * 5
    assert [line for line in score(record, NAMES).working if line in shown] == []
    # Dan won no trick but is entered holding a King: refused beside the tricks, naming him.
    refused = post_hand(client, board, **{**fields, "kings_3": "1", "kings_0": "1"})
    assert refused.status_code == 422
    beside = markup.unescape(error_of(refused.text, "tricks_0"))
    english = PileTooSmall(3, 0, 1).said("Dan")
    assert beside == said(code, PileTooSmall(3, 0, 1).said, "Dan") != english
