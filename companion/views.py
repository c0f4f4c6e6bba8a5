"""The view objects every page, export and figure reads: a session with its hands (``Scoreboard``) and one hand
(``HandView``), each asking its game for every figure.

Plain Python, no database: a store builds them from what it keeps of a session (``SessionRow``) and of each hand,
the server's SQL store from its rows, the phone's from the document it keeps (README, "The phone with no signal").
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cached_property, lru_cache
from typing import Any, Protocol

from .games import GAMES, Game, Result, Scored
from .games.base import STAKES, Ending, Ledger, Outcome, Played, Stake, Unit
from .games.common import Money
from .settle import Payment, settle, table_coins


class SessionRow(Protocol):
    """What the view objects read of a stored session."""

    #: The unguessable id in its links.
    @property
    def public_id(self) -> str: ...
    @property
    def game(self) -> str: ...
    @property
    def seats(self) -> int: ...
    @property
    def deals(self) -> int: ...
    #: Halfpence a point (or a game) is worth; ``stake_per`` says which.
    @property
    def stake(self) -> int: ...
    @property
    def stake_per(self) -> str: ...
    @property
    def coins(self) -> str: ...
    @property
    def names(self) -> list[str]: ...
    @property
    def options(self) -> Any: ...
    def dealer_of(self, deal: int) -> int: ...


class HandRow(Protocol):
    """What the view objects read of a stored hand."""

    @property
    def deal(self) -> int: ...
    @property
    def version(self) -> int: ...
    #: The hand's record, as JSON text.
    @property
    def record(self) -> str: ...
    def scores(self, seats: int) -> tuple[int, ...]: ...


def dealer_seat(first_dealer: int, deal: int, seats: int = 4) -> int:
    """The deal passes to the next seat: the seat that deals deal 1, 2, …

    >>> [dealer_seat(2, deal) for deal in (1, 2, 3)]
    [2, 3, 0]
    """
    return (first_dealer + deal - 1) % seats


@dataclass(frozen=True)
class SessionDocument:
    """A session as a phone keeps it: what scoring its hands needs, as plain data (a ``SessionRow``).

    >>> doc = SessionDocument("abc", "french", ("Ann", "Bob", "Cat"), 12, 2, "", "", "{}", 1)
    >>> doc.seats, doc.dealer_of(3), SessionDocument.from_dict(doc.as_dict()) == doc
    (3, 0, True)
    """

    public_id: str
    game: str
    players: tuple[str, ...]
    deals: int
    stake: int
    stake_per: str
    coins: str
    #: The options as stored (``house_rules``: JSON text).
    house_rules: str
    first_dealer: int
    #: When it started (ISO 8601), its group's row id (None for a session of no group), and its revision.
    created: str = ""
    group_id: int | None = None
    revision: int = 0

    @classmethod
    def of(cls, sitting: Any) -> SessionDocument:
        """A stored session's document (``sitting``: the server's row)."""
        return cls(
            sitting.public_id,
            sitting.game,
            tuple(sitting.names),
            sitting.deals,
            sitting.stake,
            sitting.stake_per,
            sitting.coins,
            sitting.house_rules,
            sitting.first_dealer,
            sitting.created_at.isoformat(),
            sitting.group_id,
            sitting.revision,
        )

    def as_dict(self) -> dict[str, Any]:
        """As JSON holds it (``/s/<id>/phone.json``, the phone's kept file)."""
        return {**self.__dict__, "players": list(self.players)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SessionDocument:
        return cls(**{**data, "players": tuple(data["players"])})

    @property
    def names(self) -> list[str]:
        return list(self.players)

    @property
    def created_at(self) -> datetime:
        return datetime.fromisoformat(self.created) if self.created else datetime.now(UTC)

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def options(self) -> Any:
        return GAMES[self.game].options(json.loads(self.house_rules))

    def dealer_of(self, deal: int) -> int:
        return dealer_seat(self.first_dealer, deal, self.seats)


def first_free_deal(played: set[int], deals: int) -> int | None:
    """The next deal to score: the lowest number not recorded yet (None when all are in)."""
    return next((d for d in range(1, deals + 1) if d not in played), None)


@dataclass
class HandView:
    """One recorded hand, re-read for display."""

    deal: int
    dealer: int
    version: int
    #: The game's record.
    record: Any
    #: Each seat's score in the game's unit (halfpence for Sussex Tarot, points for the others).
    payments: tuple[int, ...]
    game: Game[Any]
    #: The session's players, who the working names.
    names: list[str]

    @classmethod
    def of(cls, hand: HandRow, sitting: SessionRow) -> HandView:
        game = GAMES[sitting.game]
        record = stored_record(game.id, sitting.seats, hand.record)
        dealer = sitting.dealer_of(hand.deal)
        return cls(hand.deal, dealer, hand.version, record, hand.scores(sitting.seats), game, sitting.names)

    @cached_property
    def result(self) -> Result:
        """The hand scored, once, naming the players: what the game's working template shows for it."""
        return self.game.result(self.record, self.names)

    @property
    def scored(self) -> Scored:
        """Each seat's score and the working, from ``result`` (not scored again)."""
        return self.game.scored(self.result)

    @cached_property
    def description(self) -> str:
        """The hand in a line (its row on the board, and the printed sheet's): worked out once."""
        return self.game.describe(self.record, self.names)


@lru_cache(maxsize=4096)
def stored_record(game_id: str, seats: int, text: str) -> Any:
    """A stored hand's record, parsed (``stored=True``) once in a while for every reading of it: the phones of a
    table all read the whole board again after each change, and a record's text always parses to the same
    record (records are frozen). Kept for the last few thousand hands read, a few kilobytes each."""
    return GAMES[game_id].parse(json.loads(text), seats, stored=True)


@dataclass(frozen=True)
class Standing:
    """A row of a session's standings: a player, or a side of a partnership game with its players named."""

    seats: tuple[int, ...]
    #: The player's name, or the side's players: "Ann & Cat".
    name: str
    #: The total in the game's unit (partners have the same).
    total: int
    #: Each of its players' money (halfpence).
    money: int
    #: 1 for the leader.
    place: int
    #: Another row has the same place.
    equal: bool


@dataclass
class Scoreboard:
    """A session with its recorded hands: totals, how it stands, money and settlement for the scoreboard.

    Built whole by ``load_scoreboard``; the figures are worked out once, on first use. Totals are in the
    game's unit; ``money`` is each seat's in halfpence, as the game settles at the session's stake.
    """

    sitting: SessionRow
    hands: list[HandView] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        return self.sitting.names

    @property
    def game(self) -> Game[Any]:
        return GAMES[self.sitting.game]

    @property
    def seats(self) -> range:
        return range(self.sitting.seats)

    @property
    def coins(self) -> tuple[Money, ...]:
        return table_coins(self.sitting.coins)

    @cached_property
    def played(self) -> Played:
        return played_of(self.sitting, [h.record for h in self.hands], self.totals)

    @cached_property
    def ending(self) -> Ending:
        """How this session ends, with its options (a target the table chose): it words every length."""
        return ending_of(self.sitting)

    @cached_property
    def outcome(self) -> Outcome:
        """Over or not, who won, and how far from the end each is (a game played to a target)."""
        return self.game.outcome(self.played)

    @property
    def won_early(self) -> bool:
        """A game played to a target was won before its deals ran out: no more hands go in."""
        return self.outcome.finished and len(self.hands) < self.sitting.deals

    @property
    def heading(self) -> str:
        """The scoreboard's heading: the deal to score next, or that the session is over."""
        deal = self.next_deal
        return self.ending.over(self.sitting.deals) if deal is None else self.ending.heading(deal, self.sitting.deals)

    @property
    def totals_after(self) -> str:
        return self.ending.totals_after(len(self.hands), self.sitting.deals)

    @property
    def length(self) -> str:
        """The session's length as its settings say it: "16 deals", "first to 800"."""
        return self.ending.describe(self.sitting.deals)

    @property
    def progress(self) -> str:
        return self.ending.progress(len(self.hands), self.sitting.deals)

    @property
    def next_deal(self) -> int | None:
        if self.outcome.finished:
            return None
        return first_free_deal({h.deal for h in self.hands}, self.sitting.deals)

    @cached_property
    def totals(self) -> list[int]:
        return [sum(h.payments[s] for h in self.hands) for s in self.seats]

    @property
    def stake(self) -> Stake:
        return stake_of(self.sitting)

    @cached_property
    def money(self) -> list[int]:
        """Each seat's money (halfpence) for the session so far, zero-sum, as the game settles at the stake."""
        return self.game.money(self.stake, self.sitting.stake, self.played, self.outcome)

    @property
    def shows_points(self) -> bool:
        """Whether the totals are points (money beside them or at the end), not money itself."""
        return self.game.unit is Unit.POINTS

    @property
    def winner_names(self) -> str:
        return " and ".join(self.names[s] for s in self.outcome.winners)

    @property
    def money_beside(self) -> bool:
        """Whether totals show money beside the points: each point is worth the stake."""
        return self.stake is Stake.PER_POINT

    @cached_property
    def partners(self) -> tuple[tuple[int, ...], ...]:
        """A partnership game's sides (seats), in the game's order; () when each plays alone."""
        return self.game.partnerships(self.sitting.seats) or ()

    @property
    def parties(self) -> tuple[tuple[int, ...], ...]:
        """Who plays together: the sides of a partnership game, else each player alone."""
        return self.partners or tuple((seat,) for seat in self.seats)

    @cached_property
    def ranking(self) -> list[Standing]:
        """Who stands where, leader first: the sides of a partnership game (its players named within), else each
        player. Each row's place is counted among the rows, so partners never share one "equal" between them."""
        rows = [(seats, self.places[seats[0]]) for seats in self.parties]
        found = [
            Standing(
                seats,
                " & ".join(self.names[s] for s in seats),
                self.totals[seats[0]],
                self.money[seats[0]],
                place,
                [p for _, p in rows].count(place) > 1,
            )
            for seats, place in rows
        ]
        return sorted(found, key=lambda row: (-row.total, row.seats[0]))

    @property
    def sides(self) -> list[Standing]:
        """A partnership game's sides, leader first; [] when each plays for themselves."""
        return self.ranking if self.partners else []

    @cached_property
    def shared_place(self) -> list[bool]:
        """Each seat's place is shared with another player or side (its partner does not count)."""
        shared = [False] * len(self.seats)
        for row in self.ranking:
            for seat in row.seats:
                shared[seat] = row.equal
        return shared

    @cached_property
    def running_by_party(self) -> list[tuple[str, list[int]]]:
        """(name, running total) of each side, or each player, in seat order: one line each on the chart, which
        keeps its colour whoever leads."""
        return [(" & ".join(self.names[s] for s in seats), self.running[seats[0]]) for seats in self.parties]

    @cached_property
    def running(self) -> list[list[int]]:
        """Each seat's total after each recorded hand, starting from 0."""
        series = [[0] for _ in self.seats]
        for h in self.hands:
            for s in self.seats:
                series[s].append(series[s][-1] + h.payments[s])
        return series

    @cached_property
    def standings(self) -> list[tuple[int, str, int]]:
        """(seat, name, total), leader first."""
        totals = self.totals
        return sorted(((s, self.names[s], totals[s]) for s in self.seats), key=lambda r: (-r[2], r[0]))

    @cached_property
    def places(self) -> list[int]:
        """Each seat's place, 1 for the leader; equal totals share a place, partners their side's.

        The totals stay in seat order on the board (tiles never move); places say who leads.
        """
        return list(self.game.places(self.totals))

    @cached_property
    def ledger(self) -> Ledger:
        """The session's money hand by hand, and what its end settles besides (``Game.ledger``)."""
        scores = [h.payments for h in self.hands]
        return self.game.ledger(self.stake, self.sitting.stake, scores, self.played, self.outcome)

    @cached_property
    def settlement(self) -> list[Payment]:
        """Who pays whom, in money."""
        return settle(self.money)


def ending_of(sitting: SessionRow) -> Ending:
    """How a session ends, as its game reads its options."""
    return GAMES[sitting.game].ending_for(sitting.options)


def played_of(sitting: SessionRow, records: list[Any], totals: list[int]) -> Played:
    """A session as its game sees it: totals, hands in deal order, length, names and options."""
    return Played(
        tuple(totals), len(records), sitting.deals, tuple(records), tuple(sitting.names), options=sitting.options
    )


def stake_of(sitting: SessionRow) -> Stake:
    """How a session settles: as it was started, or its game's usual way (sessions from before the choice)."""
    return stake_per(GAMES[sitting.game], sitting.stake_per)


def stake_per(game: Game[Any], stored: str) -> Stake:
    found = STAKES.get(stored)
    return found if found in game.stakes else game.stakes[0]
