"""Tapp Tarock's own words in French, German and Italian (issue #32): the working of a hand, its line on the board,
the counting's line and the refusals are said in the reader's language, every figure kept; English, the source, is
said as before."""

from __future__ import annotations

import html as markup

import pytest

from companion.games import GAMES
from companion.games.common import InvalidHand
from companion.games.tapp import Counting, TappHand, score
from tests.games.conformance.worked import alerts, post_hand, start_session
from tests.games.tapp.test_web import error_of
from tests.games.words import LANGUAGES, all_said_anew, said, speech

TAPP = GAMES["tapp"]
NAMES = ["Ann", "Bob", "Cat"]


def words_of(record: TappHand, names: list[str] | None) -> list[str]:
    """The working (naming the players, if ``names``) and the hand's line on the board."""
    return [*score(record, names).working, TAPP.describe(record, NAMES)]


def on_the_board(record: TappHand) -> list[str]:
    """The hand's line on the board, and the session's line for its counting."""
    return [TAPP.describe(record, NAMES), *TAPP.option_lines({"counting": "traditional"})]


def refusal(hand: dict[str, object]) -> str:
    with pytest.raises(InvalidHand) as refused:
        TappHand.from_json(hand)
    return refused.value.message


def test_every_kind_of_payment_is_said_in_each_language():
    """Beyond the worked hands: each bid, Kontra on the game and on each announced bonus, made and missed, silent
    bonuses and the points bonuses, a bridscher with one, two and three losers, with and without names."""
    bonuses = [
        {"bonus": "pagat-ultimo", "seat": 1, "announced": True, "made": False, "kontra": "rekontra"},
        {"bonus": "four-kings", "seat": 2, "announced": False},
        {"bonus": "with-40", "seat": 0, "announced": True, "kontra": "kontra"},
    ]
    hands = [
        {"bid": "solo", "declarer": 0, "points": 45, "kontra": "kontra", "bonuses": bonuses},
        {"bid": "one", "declarer": 0, "points": 30, "bonuses": [{**bonuses[2], "kontra": "rekontra"}]},
        {"bid": "two", "declarer": 1, "points": 52, "bonuses": [{"bonus": "trull", "seat": 1, "announced": True}]},
        *({"bid": "bridscher", "loser": loser} for loser in (2, [0, 2], [0, 1, 2])),
    ]
    for hand in hands:
        record = TappHand.from_json(hand)
        for names in (NAMES, None):
            for code in LANGUAGES:
                assert all_said_anew(words_of(record, names), said(code, words_of, record, names)) == [], (code, hand)


#: Hands no table can have, one for each kind of refusal the engine words itself.
THREE = {"bid": "three", "declarer": 0, "points": 40}
IMPOSSIBLE = {
    "Kontra on a bridscher": {"bid": "bridscher", "loser": 1, "kontra": "kontra"},
    "a bridscher's points": {"bid": "bridscher", "loser": 1, "points": 20},
    "a loser beside a declarer": {**THREE, "loser": 1},
    "points past the pack": {**THREE, "points": 71},
    "a bonus twice": {**THREE, "bonuses": [{"bonus": "trull", "seat": 1}, {"bonus": "trull", "seat": 1}]},
    "a silent bonus missed": {**THREE, "bonuses": [{"bonus": "trull", "seat": 1, "made": False}]},
    "Kontra on a silent bonus": {**THREE, "bonuses": [{"bonus": "trull", "seat": 1, "kontra": "kontra"}]},
    "With 40 made by 38": {"bid": "three", "declarer": 0, "points": 38, "bonuses": [
        {"bonus": "with-40", "seat": 0, "announced": True, "made": True}]},
    "With 40 silent": {**THREE, "bonuses": [{"bonus": "with-40", "seat": 0}]},
    "With 50 in a bridscher": {"bid": "bridscher", "loser": 1, "bonuses": [
        {"bonus": "with-50", "seat": 0, "announced": True}]},
    "Pagat Ultimo and the Trull apart": {**THREE, "bonuses": [
        {"bonus": "pagat-ultimo", "seat": 1}, {"bonus": "trull", "seat": 2}]},
    "a tie named twice": {"bid": "bridscher", "loser": [1, 1]},
}  # fmt: skip


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("hand", IMPOSSIBLE.values(), ids=IMPOSSIBLE.keys())
def test_a_refusal_is_in_the_readers_language_with_its_figures(hand, code):
    english = refusal(hand)
    assert all_said_anew([english], [said(code, refusal, hand)]) == []


def test_english_is_still_the_source_outside_a_request():
    record = TappHand.from_json({"bid": "two", "declarer": 0, "points": 38, "kontra": "kontra"})
    assert score(record).working == ("Two, Kontra ×2: the declarer took 38 of 70 (36 needed) and is paid 40 by "
                                     "each other player.",)  # fmt: skip


def speaking(client, code: str) -> None:
    """The phone chooses ``code`` with the switch at the foot of every page."""
    assert client.post("/language", data={"lang": code, "next": "/"}).status_code == 303


#: A Two with Kontra on the game and Rekontra on Pagat Ultimo, announced by Bob and made.
KONTRA = {"bid": "two", "declarer": "0", "points": "38", "kontra": "kontra", "bonus_pagat_ultimo": "made-1"}
RECORD = {"bid": "two", "declarer": 0, "points": 38, "kontra": "kontra", "bonuses": [
    {"bonus": "pagat-ultimo", "seat": 1, "announced": True, "made": True, "kontra": "rekontra"}]}  # fmt: skip


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_preview_the_board_and_a_refusal_speak_the_phones_language(client, code):
    speaking(client, code)
    board = start_session(client, TAPP, 3, {"counting": "traditional"})
    record = TappHand.from_json(RECORD)
    working = said(code, score, record, NAMES).working
    fields = {**KONTRA, "kontra_pagat_ultimo": "rekontra"}
    preview = markup.unescape(post_hand(client, board, fields, action="preview").text)
    assert isinstance(working, tuple) and [line in preview for line in working] == [True, True]
    assert [line for line in score(record, NAMES).working if line in preview] == []
    # Kontra on a Trull nobody announced: refused beside that Kontra, in the phone's language.
    refused = post_hand(client, board, {**fields, "bonus_trull": "silent-2", "kontra_trull": "kontra"})
    assert refused.status_code == 422
    silent = {**THREE, "bonuses": [{"bonus": "trull", "seat": 2, "kontra": "kontra"}]}
    assert error_of(refused.text, "kontra_trull") == said(code, refusal, silent) != refusal(silent)
    saved = post_hand(client, board, fields)
    assert saved.status_code == 303, alerts(saved.text)
    scoreboard = markup.unescape(client.get(board).text)
    assert [line in scoreboard for line in said(code, on_the_board, record)] == [True, True]
    assert "Ann bid Two Kontra ×2" not in scoreboard and "Card points counted in threes" not in scoreboard


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_start_forms_counting_is_in_the_readers_language(client, code):
    page = markup.unescape(client.get("/new/tapp", headers={"Accept-Language": code}).text)
    said = speech(code).gettext
    for english in ("Counting card points", *(c.description for c in Counting)):
        assert said(english) in page and english not in page, english
