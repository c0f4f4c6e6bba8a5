"""The players' languages (Flask-Babel): English, French, German and Italian.

A phone's language is the one it chose with the switch at the foot of every
page (kept in the ``lang`` cookie), else the best its browser asks for
(Accept-Language), else English, the source text. The catalogues are in
``translations/`` (``make translations`` brings them up to date with the
code; ``make install`` compiles them).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.numbers import get_decimal_symbol
from flask import Flask, g, request
from flask_babel import Babel, get_locale, get_translations

from .games.common import words

TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"
#: Each language the companion speaks, by its code, named in itself (as the switch offers it).
LANGUAGES = {"en": "English", "fr": "Français", "de": "Deutsch", "it": "Italiano"}
DEFAULT = "en"
#: The cookie that keeps a phone's choice.
COOKIE = "lang"


def chosen(asked: str | None) -> str | None:
    """``asked`` if it is a language the companion speaks.

    >>> chosen("fr"), chosen("FR"), chosen("xx"), chosen(None)
    ('fr', None, None, None)
    """
    return asked if asked in LANGUAGES else None


def select_locale() -> str:
    """The phone's choice, else the browser's best match, else English."""
    return chosen(request.cookies.get(COOKIE)) or request.accept_languages.best_match(LANGUAGES) or DEFAULT


def language() -> str:
    """The language this request is answered in (its code)."""
    return str(get_locale() or DEFAULT)


def written_in(template: str, code: str) -> str:
    """Where a template written in ``code`` is: a rules sheet ``games/french/reference.html`` is
    ``games/french/fr/reference.html`` in French (written, not translated line by line).

    >>> written_in("games/french/reference.html", "fr"), written_in("sheet.html", "de")
    ('games/french/fr/reference.html', 'de/sheet.html')
    """
    folder, _, name = template.rpartition("/")
    return f"{folder}/{code}/{name}".lstrip("/")


def localized(template: str) -> list[str]:
    """The template written in this request's language, where there is one, before the English."""
    code = language()
    return [template] if code == DEFAULT else [written_in(template, code), template]


def speech_of(translations: Any, locale: Locale | str) -> words.Speech:
    """How the engines say their words with a catalogue (Babel's ``Translations``), in ``locale``'s numbers."""
    return words.Speech(translations.gettext, translations.ngettext, _decimal(str(locale)))


@cache
def _decimal(code: str) -> str:
    """A language's decimal sign (Babel's, worked out once a language)."""
    return str(get_decimal_symbol(code))


def speech() -> words.Speech:
    """How the engines say their words in this request's language (its catalogue, with its decimal sign)."""
    locale = get_locale()
    if locale is None or language() == DEFAULT:
        return words.ENGLISH
    return speech_of(get_translations(), locale)


def register_i18n(app: Flask) -> None:
    Babel(app, locale_selector=select_locale, default_translation_directories=str(TRANSLATIONS))
    # The pages say their words as the engines do, from the request's catalogue chosen once (Flask-Babel's own
    # callables find it again for each word: a quarter of a scoreboard's time went there).
    jinja: Any = app.jinja_env  # install_gettext_callables: added by Jinja's i18n extension, which Babel loads
    jinja.install_gettext_callables(words._, words.counted, newstyle=True)

    def engines_speak() -> None:
        g.engines_speak_undo = words.use(speech())

    # First of all: a page refused by an earlier check (CSRF, a limit) is said in the phone's language too.
    app.before_request_funcs.setdefault(None, []).insert(0, engines_speak)

    @app.teardown_request
    def engines_speak_english(_error: BaseException | None) -> None:
        undo = g.pop("engines_speak_undo", None)
        if undo is not None:
            undo()

    @app.context_processor
    def languages() -> dict[str, object]:
        code = language()
        # English here is British English (money in s/d): screen readers and spelling say so.
        return {"language": code, "languages": LANGUAGES, "html_lang": "en-GB" if code == DEFAULT else code}
