"""Piedmontese Tarocchi's own words in French, German and Italian (issue #32): the working of a hand and its verdict,
its line on the board, how a game stands and ends, the lengths offered, a player's figures and the refusals are
said in the reader's language, every figure kept; English, the source, is said as before."""

from __future__ import annotations

import html as markup
import re

import pytest

from companion.games import GAMES
from companion.games.base import Played
from companion.games.common import InvalidHand
from companion.games.tarocchi import TarocchiHand, score
from companion.games.tarocchi.rules import game_length
from tests.games.tarocchi.test_web import NAMES, WORKED_GAME, as_form, error_of, post_hand, preview_of, save, start
from tests.games.words import LANGUAGES, all_said_anew, said, speech
from tests.web.test_groups import make_group

TAROCCHI = GAMES["tarocchi"]


def refusal(hand: dict[str, object]) -> str:
    with pytest.raises(InvalidHand) as refused:
        TarocchiHand.from_json(hand)
    return refused.value.message


def words_of(record: TarocchiHand, names: list[str] | None) -> list[str]:
    return [*score(record, names).working, TAROCCHI.describe(record, NAMES)]


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_way_of_counting_is_said_in_each_language(code):
    """Face value and cards with no odd card, one and two (the worked hands have the last two), and points."""
    for hand in ({"face": 60, "cards": 36}, {"face": 62, "cards": 40}, {"face": 70, "cards": 44}, {"points": 39}):
        record = TarocchiHand.from_json({"dealer": 1, "side": "north-south", **hand})
        for names in (NAMES, None):
            assert all_said_anew(words_of(record, names), said(code, words_of, record, names)) == []


def how_the_game_stands() -> list[str]:
    drawn, won = Played((150, 150, 150, 150), 4, 4), Played((163, 149, 163, 149), 4, 4, names=tuple(NAMES))
    lines = [*TAROCCHI.outcome(drawn).lines, *TAROCCHI.outcome(won).lines, *TAROCCHI.option_lines({})]
    return [*lines, *(TAROCCHI.ending.deal_label(n) for n in (4, 8, 12, 16)), TAROCCHI.ending.describe(8)]


@pytest.mark.parametrize("code", LANGUAGES)
def test_how_a_game_stands_and_ends_is_said_in_each_language(code):
    assert all_said_anew(how_the_game_stands(), said(code, how_the_game_stands)) == []


IMPOSSIBLE = {
    "points and cards both": {"dealer": 0, "side": "north-south", "points": 48, "face": 76, "cards": 42},
    "points past the pack": {"dealer": 0, "side": "north-south", "points": 79},
    "the dealer's side with nothing": {"dealer": 0, "side": "north-south", "points": 0},
    "the other side with everything": {"dealer": 0, "side": "east-west", "points": 78},
    "the dealer's side without its discards": {"dealer": 0, "side": "north-south", "face": 76, "cards": 40},
    "the other side with the discards": {"dealer": 0, "side": "east-west", "face": 76, "cards": 42},
    "a face value past its cards": {"dealer": 0, "side": "north-south", "face": 9, "cards": 2},
    "a face value short of its cards": {"dealer": 0, "side": "north-south", "face": 41, "cards": 42},
}


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("hand", IMPOSSIBLE.values(), ids=IMPOSSIBLE.keys())
def test_a_refusal_is_in_the_readers_language_with_its_figures(hand, code):
    english = refusal(hand)
    assert all_said_anew([english], [said(code, refusal, hand)]) == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_games_length_is_refused_in_the_readers_language(code):
    def refused() -> str:
        with pytest.raises(InvalidHand) as found:
            game_length(6)
        return found.value.message

    assert all_said_anew([refused()], [said(code, refused)]) == []


def test_english_is_still_the_source_outside_a_request():
    record = TarocchiHand.from_json({"dealer": 1, "side": "east-west", "face": 68, "cards": 38})
    assert score(record).working[1] == (
        "East–West took 38 cards, face value 68: 12 threes, so 68 − 2 × 12 − 1 (one off the two odd cards) = 43."
    )


def speaking(client, code: str) -> None:
    """The phone chooses ``code`` with the switch at the foot of every page."""
    assert client.post("/language", data={"lang": code, "next": "/"}).status_code == 303


#: The page's verdict on a hand won (the working's template words it).
VERDICT = "<strong>%(first)s &amp; %(second)s win the hand</strong>, %(won)s to %(lost)s."


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_preview_and_a_refusal_speak_the_phones_language(client, code):
    speaking(client, code)
    board = start(client, "tarocchi", "4", "1/-", first_dealer="1")
    shown = markup.unescape(preview_of(client, board, side="east-west", face="68", cards="38"))
    record = TarocchiHand.from_json({"dealer": 1, "side": "east-west", "face": 68, "cards": 38})
    working = said(code, score, record, NAMES).working
    assert isinstance(working, tuple) and [line in shown for line in working] == [True] * 5
    assert [line for line in score(record, NAMES).working if line in shown] == []
    verdict = speech(code).gettext(VERDICT)
    won = markup.unescape(verdict % {"first": "Bob", "second": "Dan", "won": 43, "lost": 35})
    assert verdict != VERDICT and won in shown
    assert "win the hand" not in shown and "won the hand" not in shown
    refused = post_hand(client, board, side="east-west", points="0")  # Bob deals: his side holds the discards
    assert refused.status_code == 422
    discards = {"dealer": 1, "side": "east-west", "points": 0}
    assert markup.unescape(error_of(refused.text, "points")) == said(code, refusal, discards) != refusal(discards)


def test_a_players_figures_in_italian(client):
    from tests.web.test_groups_of_every_game import start_game_session

    url = make_group(client)
    board = start_game_session(client, url, "tarocchi", NAMES, "4", "1/-")
    for hand in WORKED_GAME["hands"]:
        save(client, board, **as_form(hand))
    ann = re.search(r'href="(/g/[^"]+/players/\d+)">Ann<', client.get(url).text).group(1)
    assert 'id="tarocchi-won">2 of 4<' in client.get(ann).text  # English, the page's source
    speaking(client, "it")
    mine = client.get(ann).text
    assert 'id="tarocchi-won">2 su 4<' in mine and "Mani vinte dalla propria coppia" in mine
    assert "Hands their side won" not in mine
