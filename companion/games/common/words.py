"""The words the engines write (working sentences, descriptions, progress, refusals), in the reader's language.

The engines are plain Python: they import no Flask and no Babel (the phone runs them with neither). They mark
each sentence with ``_`` (``ngettext`` where a count chooses the form) from here, English being the source text,
and ``pybabel extract`` finds them as it finds the pages'. Which language a sentence is said in is the caller's
choice: the web app says it for each request (``speaking``, from ``companion.i18n``); anywhere else, as in the
doctests and the command line, the engines speak English.

>>> _("Chelem %(how)s", how="announced")
'Chelem announced'
>>> ngettext("%(num)d trick", "%(num)d tricks", 3)
'3 tricks'
>>> with speaking(Speech(gettext={"Chelem %(how)s": "Chelem %(how)s (fr)"}.get, decimal=",")):
...     _("Chelem %(how)s", how="made"), number(86.5), _("untranslated")
('Chelem made (fr)', '86,5', 'untranslated')
>>> number(86.5), number(3), number(-4.0)
('86.5', '3', '-4')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any


def _english(message: str) -> str | None:
    return None


def _english_plural(singular: str, plural: str, n: int) -> str | None:
    return None


@dataclass(frozen=True)
class Speech:
    """How a language says the engines' words: a message's translation (None: keep the English), a counted
    message's, and the decimal separator."""

    gettext: Callable[[str], str | None] = _english
    ngettext: Callable[[str, str, int], str | None] = _english_plural
    decimal: str = "."


ENGLISH = Speech()
_speech: ContextVar[Speech] = ContextVar("speech", default=ENGLISH)


@contextmanager
def speaking(speech: Speech) -> Iterator[None]:
    """The engines' words said as ``speech`` says them, within the block."""
    undo = use(speech)
    try:
        yield
    finally:
        undo()


def use(speech: Speech) -> Callable[[], None]:
    """Say the engines' words as ``speech`` says them from now on (a request); the result undoes it."""
    token = _speech.set(speech)
    return lambda: _speech.reset(token)


def _(message: str, **variables: Any) -> str:
    """``message`` in the reader's language, with its ``%(name)s`` filled in ("" stays "": to a catalogue, the
    empty message is its header)."""
    if not message:
        return message
    said = _speech.get().gettext(message) or message
    return said % variables if variables else said


def N_(message: str) -> str:
    """``message`` marked for the catalogue but kept in English: a word made at import (an enum's label), said
    in the reader's language where it is shown, with ``_(label)``."""
    return message


class Said:
    """A class's word, English in the code, said in the reader's language wherever it is read: a game's name.

    >>> class Game:
    ...     name = Said(N_("French Tarot"))
    >>> Game.name, Game().name
    ('French Tarot', 'French Tarot')
    """

    def __init__(self, english: str) -> None:
        self.english = english

    def __get__(self, instance: object, owner: type | None = None) -> str:
        return _(self.english)


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """The form of ``singular``/``plural`` that ``num`` takes in the reader's language; ``%(num)d`` is ``num``."""
    return counted(singular, plural, num) % {"num": num, **variables}


def counted(singular: str, plural: str, num: int) -> str:
    """The form of ``singular``/``plural`` that ``num`` takes in the reader's language, not yet filled in (what
    Jinja's ``ngettext`` asks for: it fills in ``num`` itself).

    >>> counted("%(num)d trick", "%(num)d tricks", 1)
    '%(num)d trick'
    """
    return _speech.get().ngettext(singular, plural, num) or (singular if num == 1 else plural)


def number(value: float) -> str:
    """A number as the reader writes it: 86.5 in English, 86,5 in French, German and Italian; whole ones bare."""
    text = str(int(value)) if value == int(value) else str(value)
    return text.replace(".", _speech.get().decimal)
