"""The players' languages (Flask-Babel): English, French, German and Italian.

A phone's language is the one it chose with the switch at the foot of every
page (kept in the ``lang`` cookie), else the best its browser asks for
(Accept-Language), else English, the source text. The catalogues are in
``translations/`` (``make translations`` brings them up to date with the
code; ``make install`` compiles them).
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask, request
from flask_babel import Babel, get_locale

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


def register_i18n(app: Flask) -> None:
    Babel(app, locale_selector=select_locale, default_translation_directories=str(TRANSLATIONS))

    @app.context_processor
    def languages() -> dict[str, object]:
        code = language()
        # English here is British English (money in s/d): screen readers and spelling say so.
        return {"language": code, "languages": LANGUAGES, "html_lang": "en-GB" if code == DEFAULT else code}
