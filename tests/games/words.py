"""The engines' words said in another language as the app says them for a request (the compiled catalogue, the
language's decimal sign), and what the games' ``test_words.py`` ask of a line said anew."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, TypeVar

from babel.support import Translations

from companion import i18n
from companion.games.common import words
from companion.i18n import TRANSLATIONS, speech_of

T = TypeVar("T")
#: The languages besides English, the source.
LANGUAGES = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT]


@cache
def speech(code: str) -> words.Speech:
    """How the app speaks ``code`` (``companion.i18n.speech_of``), from its compiled catalogue, read once."""
    return speech_of(Translations.load(str(TRANSLATIONS), [code]), code)


def said(code: str, what: Callable[..., T], *args: Any) -> T:
    """``what(*args)`` said in the language ``code``."""
    with words.speaking(speech(code)):
        return what(*args)


def keeps_its_figures(english: str, other: str) -> bool:
    """Every number of the English line is in the other line (as often, or more)."""
    return not Counter(re.findall(r"\d+", english)) - Counter(re.findall(r"\d+", other))


def has_words(line: str, names: Sequence[str] = ()) -> bool:
    """Whether a line says anything in words besides the players' names ("Ann & Cat 55, Bob & Dan 53" does not)."""
    for name in names:
        line = line.replace(name, "")
    return bool(re.search(r"[^\W\d_]{2,}", line))


def all_said_anew(english: list[str], other: list[str], names: Sequence[str] = ()) -> list[tuple[str, str]]:
    """The lines of ``other`` that are still the English one (one with words besides ``names``), or that lost one
    of its figures."""
    assert len(english) == len(other)
    pairs = zip(english, other, strict=True)
    return [(e, o) for e, o in pairs if (e == o and has_words(e, names)) or not keeps_its_figures(e, o)]
