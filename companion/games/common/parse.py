"""What the games' parsers share: choosing from a table, and a seat."""

from __future__ import annotations

from typing import Any, TypeVar

from .errors import InvalidHand, InvalidSeat
from .words import _

T = TypeVar("T")


def pick(table: dict[str, T], value: Any, name: str, choices: str) -> T:
    """``table[value]`` for a text value, else ``InvalidHand`` offering ``choices`` (said in the reader's
    language: a game marks them with ``N_``, or says them already)."""
    found = table.get(value) if type(value) is str else None
    if found is None:
        raise InvalidHand(name, _("Choose %(choices)s.", choices=_(choices)))
    return found


def seat(value: Any, name: str, who: str, players: int) -> int:
    """A seat 0 … players - 1 (a JSON whole number: never true, 1.0 or "1"); else ``InvalidSeat``, which
    says "a seat from 0 to …" for the API and lets a form name the players instead."""
    if type(value) is not int or not 0 <= value < players:
        raise InvalidSeat(name, who, players)
    return value
