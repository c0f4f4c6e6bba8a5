"""Every registered game's worked hands said in each language (issue #32): every sentence of the working and the
hand's line on the board is said anew, every figure kept, with the players named (the board) and without (the API
and the command line). Each game's own ``test_words.py`` adds what only it says."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.words import LANGUAGES, all_said_anew, said

from .worked import VALID, Worked


def words_of(worked: Worked, names: list[str] | None) -> list[str]:
    """The working (naming the players, if ``names``) and the hand's line on the board."""
    game, record = worked.game, worked.record()
    lines: list[Any] = [*game.score(record, names).working, game.describe(record, worked.names)]
    return lines


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("worked", VALID)
def test_every_sentence_of_the_working_and_the_hands_line_is_in_the_readers_language(worked, code):
    for names in (worked.names, None):
        english, other = words_of(worked, names), said(code, words_of, worked, names)
        assert all_said_anew(english, other, worked.names) == []
