"""The games the companion scores, each a rules package of its own behind one small interface.

Sussex Tarot (``companion.rules``) scores in money (halfpence); Tapp Tarock
(``tapp``) and French Tarot (``french``) score in points, which a session
turns into money at its stake. The sessions, forms, API and command line
reach a game only through its ``Game``:

>>> GAMES["tapp"].score(GAMES["tapp"].parse({"bid": "three", "declarer": 0, "points": 38}, 3)).net
(20, -10, -10)
>>> score_json({"game": "french", "players": 3, "taker": 1, "contract": "petite", "bouts": 3, "points": 36})["net"]
[-25, 50, -25]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..rules import HandRecord, InvalidHand
from ..rules import score as sussex_score
from ..rules import score_json as sussex_json
from . import french, tapp


@dataclass(frozen=True)
class Scored:
    """What any game's hand comes to: each seat's score in the game's unit, and why."""

    net: tuple[int, ...]
    working: tuple[str, ...]


@dataclass(frozen=True)
class Game:
    """One game: its seats, its unit, and how a hand record is parsed, written back and scored."""

    id: str
    name: str
    #: How many players a session of it may have.
    players: tuple[int, ...]
    #: "halfpence" (scores are money) or "points" (money at the session's stake).
    unit: str
    _parse: Callable[[Any, bool], Any]
    _score: Callable[[Any], Scored]
    #: The seat of the hand's taker or declarer (None when there is none, as in a bridscher).
    lead: Callable[[Any], int | None]
    #: One line for the list of hands, with the players' names.
    describe: Callable[[Any, list[str]], str]

    def parse(self, data: Any, players: int | None = None, stored: bool = False) -> Any:
        """A checked record of this game (for a session of ``players``); ``InvalidHand`` names the field at fault.

        ``stored``: a hand read back as it was saved (the database, a backup, a restore), which checks added
        since it was saved do not refuse; what a player enters is always checked in full.
        """
        record = self._parse(data, stored)
        if players is not None and getattr(record, "players", players) != players:
            raise InvalidHand("players", f"This session has {players} players.")
        return record

    def score(self, record: Any) -> Scored:
        return self._score(record)

    @property
    def in_points(self) -> bool:
        return self.unit == "points"


def _sussex_describe(r: HandRecord, names: list[str]) -> str:
    return f"{names[r.declarer]} bid {r.bid.said} · {r.kind.label} · {'made' if r.made else 'failed'}"


def _tapp_describe(r: tapp.TappHand, names: list[str]) -> str:
    if r.declarer is None:
        assert r.loser is not None
        return f"Bridscher · {names[r.loser]} took the most"
    return f"{names[r.declarer]} bid {r.bid.said} · {r.points} · {'won' if r.made else 'lost'}"


def _french_describe(r: french.FrenchHand, names: list[str]) -> str:
    partner = f" with {names[r.partner]}" if r.with_partner and r.partner is not None else ""
    return f"{names[r.taker]}{partner} · {r.contract.label} · {'made' if r.made else 'failed'}"


def _sussex_scored(r: HandRecord) -> Scored:
    result = sussex_score(r, working=True)
    return Scored(result.net_halfpence, result.working)


def _tapp_scored(r: tapp.TappHand) -> Scored:
    result = tapp.score(r)
    return Scored(result.net, result.working)


def _french_scored(r: french.FrenchHand) -> Scored:
    result = french.score(r)
    return Scored(result.net, result.working)


SUSSEX = Game(
    "sussex", "Sussex Tarot", (4,), "halfpence", HandRecord.from_json, _sussex_scored,
    lambda r: r.declarer, _sussex_describe,
)  # fmt: skip
TAPP = Game(
    "tapp", "Tapp Tarock", (3,), "points", tapp.TappHand.from_json, _tapp_scored,
    lambda r: r.declarer, _tapp_describe,
)  # fmt: skip
FRENCH = Game(
    "french", "French Tarot", (3, 4, 5), "points", french.FrenchHand.from_json, _french_scored,
    lambda r: r.taker, _french_describe,
)  # fmt: skip
GAMES = {g.id: g for g in (SUSSEX, TAPP, FRENCH)}


def game_of_record(record: Any) -> Game:
    """The game a parsed record belongs to."""
    if isinstance(record, tapp.TappHand):
        return TAPP
    if isinstance(record, french.FrenchHand):
        return FRENCH
    return SUSSEX


def game_of(data: Any) -> tuple[Game, Any]:
    """The game a JSON hand names (``"game"``; Sussex Tarot when it names none) and the hand without it."""
    if type(data) is not dict or "game" not in data:
        return SUSSEX, data
    rest = {k: v for k, v in data.items() if k != "game"}
    found = GAMES.get(data["game"]) if type(data["game"]) is str else None
    if found is None:
        raise InvalidHand("game", "Choose a game: " + ", ".join(GAMES) + ".")
    return found, rest


def score_json(data: Any, working: bool = False) -> dict[str, Any]:
    """Any game's hand JSON to its result JSON; a Sussex Tarot hand gives contract §14's result unchanged."""
    game, hand = game_of(data)
    if game is SUSSEX:
        return sussex_json(hand, working)
    scored = game.score(game.parse(hand))
    out: dict[str, Any] = {"game": game.id, "unit": game.unit, "net": list(scored.net)}
    if working:
        out["working"] = list(scored.working)
    return out
