"""Jinja filters that show money the way the table says it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from functools import partial
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from babel.dates import format_skeleton
from flask import Flask, current_app
from wtforms import Field

from ..games import GAMES, Game
from ..games.base import Unit
from ..games.common import Money, true_minus
from ..games.common.words import _
from ..i18n import DEFAULT as ENGLISH
from ..i18n import language
from ..settle import coin_counts, coin_name, settle, table_coins


def pounds(halfpence: int) -> str:
    """A total: s/d, with pounds once past £1.

    >>> pounds(-104), pounds(600)
    ('−4/4', '£1 5/-')
    """
    return true_minus(Money(halfpence).pounds_text())


def signed(halfpence: int) -> str:
    """A payment with its sign: +1/6, −0/9, 0/-."""
    if halfpence > 0:
        return "+" + str(Money(halfpence))
    return true_minus(str(Money(halfpence))) if halfpence else "0/-"


def points(n: int) -> str:
    """A score in points with its sign, a true minus: +20, −10, 0.

    >>> points(20), points(-10), points(0)
    ('+20', '−10', '0')
    """
    return f"+{n}" if n > 0 else true_minus(str(n))


def players_text(counts: tuple[int, ...]) -> str:
    """How many play a game, for a button: "3 players", "3 to 5".

    >>> players_text((3,)), players_text((4, 3, 5))
    ('3 players', '3 to 5')
    """
    low, high = min(counts), max(counts)
    return _("%(count)s players", count=low) if low == high else _("%(low)s to %(high)s", low=low, high=high)


def amount(score: int, game: Game[Any]) -> str:
    """A score in its game's unit: a payment in s/d (Sussex Tarot) or points.

    >>> amount(-18, GAMES["sussex"]), amount(-18, GAMES["tapp"])
    ('−0/9', '−18')
    """
    return signed(score) if game.unit is Unit.MONEY else points(score)


def pays(halfpence: int) -> str:
    if halfpence > 0:
        return _("receives %(money)s", money=Money(halfpence))
    if halfpence < 0:
        return _("pays %(money)s", money=Money(-halfpence))
    return _("square")


def coin_list(counts: Iterable[tuple[Money, int]]) -> str:
    """``[(2/-, 2), (0/6, 1)]`` (``coin_counts``, largest first) as '2 × 2/- (florin), 1 × 0/6 (sixpence)'.

    Counted, never listed one by one: with halfpennies alone a payment is thousands of coins.
    """
    return ", ".join(f"{n} × {coin} ({coin_name(coin)})" for coin, n in counts)


def coin_set(coins: Iterable[Money]) -> str:
    """The coins on the table: '20/- (pound note), 10/- (ten-shilling note), …'."""
    return ", ".join(f"{coin} ({coin_name(coin)})" for coin in sorted(coins, key=lambda c: -c.halfpence))


def sentence(text: str) -> str:
    """The first letter upper-case and nothing else changed (Jinja's ``capitalize`` lower-cases XXI to xxi).

    >>> sentence("a side captures F, XXI and I")
    'A side captures F, XXI and I'
    """
    return text[:1].upper() + text[1:]


def place(n: int) -> str:
    """1st, 2nd, 3rd, 4th (each language its own way: 1er, 1., 1º).

    >>> [place(n) for n in (1, 2, 3, 4)]
    ['1st', '2nd', '3rd', '4th']
    """
    if n == 1:
        return _("%(n)sst", n=n)
    if n == 2:
        return _("%(n)snd", n=n)
    if n == 3:
        return _("%(n)srd", n=n)
    return _("%(n)sth", n=n)


#: Where the tables are: sessions' times are shown in this zone's clock (``TIMEZONE`` in the config).
DEFAULT_TIMEZONE = "Europe/London"


def _on_the_tables_clock(started: datetime, zone: str) -> datetime:
    if started.tzinfo is None:  # SQLite hands back naive times: they were stored in UTC
        started = started.replace(tzinfo=UTC)
    try:
        return started.astimezone(ZoneInfo(zone))
    except (ZoneInfoNotFoundError, ValueError):
        return started


def session_time(started: datetime, zone: str = DEFAULT_TIMEZONE, lang: str = ENGLISH) -> str:
    """When a session started, to the minute and on the table's clock: two on one evening read apart. The day and
    month are named in ``lang``.

    >>> session_time(datetime(2026, 11, 24, 19, 30, tzinfo=UTC)), session_time(datetime(2026, 7, 1, 19, 30))
    ('Tue 24 Nov 2026, 19:30', 'Wed 1 Jul 2026, 20:30')
    >>> session_time(datetime(2026, 11, 24, 19, 30, tzinfo=UTC), lang="de")
    'Di., 24. Nov. 2026, 19:30'
    """
    local = _on_the_tables_clock(started, zone)
    if lang != ENGLISH:  # each language's own order and names (CLDR's); English keeps its own ("Sept" is CLDR's)
        return f"{format_skeleton('yMMMEd', local, locale=lang)}, {format_skeleton('Hm', local, locale=lang)}"
    return f"{local:%a} {local.day} {local:%b %Y, %H:%M}"


def session_day(started: datetime, zone: str = DEFAULT_TIMEZONE, lang: str = ENGLISH) -> str:
    """The day a session started, on the table's clock, in ``lang`` (the printed sheet's).

    >>> session_day(datetime(2026, 11, 24, 23, 30, tzinfo=UTC), lang="fr"), session_day(datetime(2026, 7, 1, 23, 30))
    ('24 nov. 2026', '2 Jul 2026')
    """
    local = _on_the_tables_clock(started, zone)
    if lang != ENGLISH:
        return format_skeleton("yMMMd", local, locale=lang)
    return f"{local.day} {local:%b %Y}"


def control_attrs(field: Field, first_error: str | None = None) -> dict[str, object]:
    """A form control's attributes: its error described, and the focus when it holds the form's first problem."""
    attrs: dict[str, object] = {}
    if field.errors:
        attrs.update({"aria-describedby": f"{field.id}-error", "aria-invalid": "true"})
    if first_error == field.name:
        attrs["autofocus"] = True
    return attrs


def _on_this_table(said: Callable[[datetime, str, str], str], started: datetime) -> str:
    return said(started, current_app.config.get("TIMEZONE", DEFAULT_TIMEZONE), language())


def register(app: Flask) -> None:
    app.add_template_global(control_attrs)
    app.add_template_filter(place)
    for said in (session_time, session_day):  # on the table's clock, in the reader's language
        app.add_template_filter(partial(_on_this_table, said), said.__name__)
    app.add_template_filter(sentence)
    app.add_template_filter(coin_set)
    app.add_template_filter(pounds)
    app.add_template_filter(signed)
    app.add_template_filter(pays)
    app.add_template_filter(points)
    app.add_template_filter(amount)
    app.add_template_filter(players_text)
    app.add_template_filter(coin_list)
    app.add_template_filter(table_coins)
    app.add_template_filter(coin_counts, "coins")
    app.add_template_filter(settle)
    app.jinja_env.globals.update(games=GAMES)
