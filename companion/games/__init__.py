"""The games the companion scores, each a package of its own behind one ``Game`` interface (``base``).

Sussex Tarot scores in money (halfpence); the other games score in points,
which a session turns into money at its stake. The sessions, forms, store,
backups, statistics, API and command line reach a game only through ``GAMES``:

>>> GAMES["tapp"].score(GAMES["tapp"].parse({"bid": "three", "declarer": 0, "points": 38}, 3)).net
(20, -10, -10)
>>> score_json({"game": "french", "players": 3, "taker": 1, "contract": "petite", "bouts": 3, "points": 36})["net"]
[-25, 50, -25]

A new game is a package here (its rules, its ``Game``, its form and templates) and one line below.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from . import early_french, french, ottocento, sussex, tapp, tarocchi
from .base import Game, Record, Registry, Result, Scored
from .common import InvalidHand

_registry = Registry()
_registry.register(sussex.GAME)
_registry.register(tapp.GAME)
_registry.register(french.GAME)
_registry.register(tarocchi.GAME)
_registry.register(early_french.GAME)
_registry.register(ottocento.GAME)

#: Every game by id, the usual one (Sussex Tarot) first.
GAMES: dict[str, Game[Any]] = _registry.games
#: The game a hand or a session is when it names none.
DEFAULT: Game[Any] = sussex.GAME


def template_folders() -> list[Path]:
    """Each game's own templates (its package's ``templates/``; names under ``games/<id>/``)."""
    found = (Path(sys.modules[type(g).__module__].__file__ or "").parent / "templates" for g in GAMES.values())
    return [folder for folder in found if folder.is_dir()]


def game_of(data: Any) -> tuple[Game[Any], Any]:
    """The game a JSON hand names (``"game"``; Sussex Tarot when it names none) and the hand without it."""
    if type(data) is not dict or "game" not in data:
        return DEFAULT, data
    rest = {k: v for k, v in data.items() if k != "game"}
    found = GAMES.get(data["game"]) if type(data["game"]) is str else None
    if found is None:
        raise InvalidHand("game", "Choose a game: " + ", ".join(GAMES) + ".")
    return found, rest


def score_json(data: Any, working: bool = False) -> dict[str, Any]:
    """Any game's hand JSON to its result JSON (a Sussex Tarot hand's is the scoring contract's, unchanged)."""
    game, hand = game_of(data)
    return game.result_json(game.parse(hand), working)


__all__ = ["DEFAULT", "GAMES", "Game", "Record", "Result", "Scored", "game_of", "score_json", "template_folders"]
