"""How each player of a group is doing, across its sessions of every game: worked out from the stored hands on
every visit.

Nothing here is stored. The database does the counting: one query sums each
session's scores seat by seat, another groups every hand by how each player sat
in it (declarer or taker, partner, stinger or defender) with the hand's facts
(``Game.facts``: bid, kind, made). Python turns each session's totals into money
and places as its game settles them (``Game.money``, ``Game.outcome``: a few
rows a session, whatever the number of players) and files the counts under
names, game by game; a player's page reads only the sessions they sat in.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from itertools import accumulate
from typing import Any

import sqlalchemy as sa
from sqlalchemy import Executable, case, func, literal, or_
from sqlmodel import Session, col, select

from .games import GAMES, Game
from .games.base import Outcome, Played
from .models import Group, Hand, Member, Player, Sitting
from .store import group_numbers, stake_per

#: How a player sat in a hand.
DECLARER, PARTNER, STINGER, DEFENDER = "declarer", "partner", "stinger", "defender"


@dataclass(frozen=True)
class Tried:
    """How often something was tried, and how often it came off."""

    played: int = 0
    made: int = 0

    def __add__(self, other: Tried) -> Tried:
        return Tried(self.played + other.played, self.made + other.made)

    @property
    def rate(self) -> int | None:
        """Made, in whole per cent of played (None when never tried).

        >>> Tried(3, 2).rate, Tried().rate
        (67, None)
        """
        return round(100 * self.made / self.played) if self.played else None


@dataclass(frozen=True)
class SessionResult:
    """One player's evening: once the session is over, money won (halfpence) and their place (1 leads; ties
    share). A session left before its end has neither: nobody has won or lost it."""

    public_id: str
    started: datetime
    hands: int
    #: Money won (halfpence); None while the session is unfinished.
    net: int | None
    #: None while the session is unfinished.
    place: int | None
    #: How far it came, in its game's words ("12 of 16 deals").
    progress: str = ""
    #: Its number in the group, 1 for the first.
    number: int = 0
    #: Among its winners (a drawn game has none).
    won: bool = False
    #: Its game's name.
    game: str = ""

    @property
    def finished(self) -> bool:
        return self.net is not None

    @property
    def money(self) -> int:
        """Money won, nothing while it is unfinished."""
        return self.net or 0


@dataclass(frozen=True)
class Standing:
    """A player's line on the group's leaderboard: sessions played, hands, net won over the finished sessions
    (halfpence), wins and finished sessions."""

    member_id: int
    name: str
    sessions: int
    hands: int
    net: int
    wins: int
    finished: int = 0

    @property
    def unfinished(self) -> int:
        return self.sessions - self.finished

    @property
    def per_session(self) -> int | None:
        """Average net per finished session, to the halfpenny (rounded towards zero)."""
        return int(self.net / self.finished) if self.finished else None


@dataclass
class Figures:
    """One player's hands of one game, by how they sat in them. What each count means is the game's (its
    ``facts``): its figures template names them (bids or contracts, solos or chelems …)."""

    game: Game
    hands: int = 0
    #: As declarer (or taker), by bid or contract id, in the order first met.
    bids: dict[str, Tried] = field(default_factory=dict)
    #: As declarer, by the kind of hand (Sussex: silent-solo, stung …; French: a chelem).
    kinds: dict[str, Tried] = field(default_factory=dict)
    #: Called as partner: hands played, and made.
    partnered: Tried = Tried()
    #: As the stinger (Sussex Tarot): stings tried, and won.
    stings: Tried = Tried()
    #: Declarations made as declarer (French: poignées shown by the taker's side).
    declarations: int = 0
    #: Bonuses made by this player's side.
    bonuses: int = 0

    @property
    def declared(self) -> Tried:
        """Every hand led, all bids together."""
        return sum(self.bids.values(), Tried())

    def kind(self, kind_id: str) -> Tried:
        return self.kinds.get(kind_id, Tried())


@dataclass
class PlayerStats:
    """One of the group's players, across every session they sat in."""

    member: Member
    #: Oldest first.
    sessions: list[SessionResult] = field(default_factory=list)
    #: Their hands, game by game (in the registry's order).
    games: dict[str, Figures] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.member.name

    @property
    def hands(self) -> int:
        return sum(s.hands for s in self.sessions)

    @property
    def net(self) -> int:
        """Money won over their finished sessions."""
        return sum(s.money for s in self.sessions)

    @property
    def per_session(self) -> int | None:
        """Average net per finished session, to the halfpenny (rounded towards zero)."""
        finished = len(self.finished)
        return int(self.net / finished) if finished else None

    @property
    def best(self) -> SessionResult | None:
        return max(self.finished, key=lambda s: s.money, default=None)

    @property
    def worst(self) -> SessionResult | None:
        return min(self.finished, key=lambda s: s.money, default=None)

    @property
    def finished(self) -> list[SessionResult]:
        """The sessions they played to the end: only these have places."""
        return [s for s in self.sessions if s.finished]

    @property
    def wins(self) -> int:
        """Sessions they won (a win shared with a partner, or by a tie at the top, counts; a draw does not)."""
        return sum(s.won for s in self.sessions)

    @property
    def up(self) -> Tried:
        """Finished sessions, and those they finished up (won money)."""
        return Tried(len(self.finished), sum(s.money > 0 for s in self.finished))

    @property
    def longest_run_up(self) -> int:
        """The most finished sessions in a row they finished up."""
        best = run = 0
        for s in self.finished:
            run = run + 1 if s.money > 0 else 0
            best = max(best, run)
        return best

    @property
    def running(self) -> list[int]:
        """Net won after each of their sessions, from 0 (flat through unfinished ones)."""
        return list(accumulate((s.money for s in self.sessions), initial=0))

    def figures(self, game: Game) -> Figures:
        if game.id not in self.games:
            self.games[game.id] = Figures(game)
        return self.games[game.id]


@dataclass
class GroupStats:
    group: Group
    players: list[PlayerStats]
    #: The group's sessions with at least one hand, oldest first: (public id, started).
    sessions: list[tuple[str, datetime]]

    @cached_property
    def leaderboard(self) -> list[PlayerStats]:
        """Players who have played, most won first; then the rest by name."""
        played = sorted((p for p in self.players if p.sessions), key=lambda p: (-p.net, p.name.casefold()))
        return played + [p for p in self.players if not p.sessions]

    def of(self, member_id: int) -> PlayerStats | None:
        return next((p for p in self.players if p.member.id == member_id), None)

    def running(self, player: PlayerStats) -> list[int]:
        """The player's net after each of the group's sessions, from 0 (flat through nights they missed)."""
        theirs = {s.public_id: s.money for s in player.sessions}
        return list(accumulate((theirs.get(public_id, 0) for public_id, _ in self.sessions), initial=0))


@dataclass(frozen=True)
class Evening:
    """One of the group's sessions with hands, as its players' figures need it: each seat's player (a member
    of the group, or None), money (halfpence, as its game settles at its stake) and place (None while the
    session is not over)."""

    sitting_id: int
    public_id: str
    started: datetime
    number: int
    hands: int
    #: How far it came, in its game's words ("12 of 16 deals").
    progress: str
    game: Game
    members: tuple[int | None, ...]
    #: None while the session is not over: nobody has won or lost its money yet.
    money: tuple[int, ...] | None
    places: tuple[int, ...] | None
    #: The seats that won it (none for a drawn game, or while it goes on).
    winners: tuple[int, ...]

    def result(self, seat: int) -> SessionResult:
        """How the player in ``seat`` did."""
        return SessionResult(
            self.public_id,
            self.started,
            self.hands,
            self.money[seat] if self.money is not None else None,
            self.places[seat] if self.places is not None else None,
            self.progress,
            self.number,
            seat in self.winners,
            self.game.name,
        )


PAYS = (col(Hand.pay_0), col(Hand.pay_1), col(Hand.pay_2), col(Hand.pay_3), col(Hand.pay_4))


def evenings(db: Session, group: Group, member: int | None = None) -> list[Evening]:
    """The group's sessions with hands (only ``member``'s, if given), oldest first.

    Three queries, whatever was stored: each session's scores summed seat by seat in the database, the
    sessions' own columns (numbered in the group), and their seats' players. Python then settles each
    session as its game does, a few numbers a session.
    """
    totals = select(Hand.sitting_id, func.count(), *(func.sum(p) for p in PAYS)).group_by(col(Hand.sitting_id))
    numbered = group_numbers(group)
    columns = (
        col(Sitting.id),
        col(Sitting.public_id),
        col(Sitting.created_at),
        numbered.c.number,
        col(Sitting.game),
        col(Sitting.stake),
    )
    standing = (col(Sitting.deals), col(Sitting.seats), col(Sitting.house_rules), col(Sitting.finished))
    # SQLAlchemy's own select: SQLModel's is typed for at most four columns.
    sittings = (
        sa.select(*columns, col(Sitting.stake_per), *standing, col(Sitting.winners))
        .join(numbered, numbered.c.id == Sitting.id)
        .order_by(col(Sitting.created_at), col(Sitting.id))
    )
    seated = select(Player.sitting_id, Player.seat, Player.member_id).join(Sitting).where(Sitting.group_id == group.id)
    if member is not None:
        theirs = select(Player.sitting_id).where(Player.member_id == member)
        totals = totals.where(col(Hand.sitting_id).in_(theirs))
        sittings = sittings.where(col(Sitting.id).in_(theirs))
        seated = seated.where(col(Player.sitting_id).in_(theirs))
    else:
        totals = totals.where(col(Hand.sitting_id).in_(select(Sitting.id).where(Sitting.group_id == group.id)))
    summed = {row[0]: row[1:] for row in _rows(db, totals)}
    seats: dict[int, dict[int, int | None]] = {}
    for sitting_id, seat, member_id in _rows(db, seated):
        seats.setdefault(sitting_id, {})[seat] = member_id
    return [_evening(row, summed[row[0]], seats.get(row[0], {})) for row in _rows(db, sittings) if row[0] in summed]


def _evening(row: Sequence[Any], summed: Sequence[Any], seats: dict[int, int | None]) -> Evening:
    """A session as its game settles it: its money and places are the scoreboard's (``Game.money`` and
    ``Game.places``, with how it stands as its game wrote it on its row), once it is over; until then none."""
    sitting_id, public_id, started, number, game_id, worth, per, deals, players, rules, finished, winners = row
    game = GAMES[game_id]
    hands, totals = summed[0], tuple(int(t or 0) for t in summed[1 : 1 + players])
    won = Outcome(bool(finished), tuple(int(seat) for seat in winners.split()))
    members = tuple(seats.get(seat) for seat in range(players))
    options = game.options(json.loads(rules or "{}"))
    progress = game.ending_for(options).progress(hands, deals)
    money, places = None, None
    if won.finished:
        money = tuple(game.money(stake_per(game, per), worth, Played(totals, hands, deals, options=options), won))
        places = game.places(totals)
    return Evening(sitting_id, public_id, started, number, hands, progress, game, members, money, places, won.winners)


def _rows(db: Session, query: Executable) -> Sequence[Sequence[Any]]:
    """A query's rows as plain tuples through the session's connection: a thousand rows a session's ORM results
    would take a third longer to hand over."""
    return db.connection().execute(query).all()


@dataclass(frozen=True)
class Leaderboard:
    """The group's players who have played, most won first (then by name), and how many sessions have hands;
    with the running totals of the leading few, for the chart."""

    standings: list[Standing]
    sessions: int
    #: The first ``charted`` players' net after each session, from 0 (flat through nights they missed).
    running: list[list[int]]


def leaderboard(db: Session, group: Group, charted: int = 0) -> Leaderboard:
    """The leaderboard, and the running totals of its first ``charted`` players: money, at each session's
    stake, over every game the group plays."""
    nights = evenings(db, group)
    tally: dict[int, list[int]] = {}  # sessions, hands, net, wins, finished
    for night in nights:
        for seat, member_id in enumerate(night.members):
            if member_id is None:
                continue
            t, result = tally.setdefault(member_id, [0, 0, 0, 0, 0]), night.result(seat)
            t[0], t[1], t[2] = t[0] + 1, t[1] + night.hands, t[2] + result.money
            t[3], t[4] = t[3] + result.won, t[4] + result.finished
    names = db.exec(select(Member.id, Member.name, Member.name_key).where(Member.group_id == group.id)).all()
    ranked = sorted((-tally[i][2], key, i, name) for i, name, key in names if i is not None and i in tally)
    standings = [Standing(i, name, *tally[i]) for _, _, i, name in ranked]
    return Leaderboard(standings, len(nights), _running(nights, [s.member_id for s in standings[:charted]]))


def _running(nights: list[Evening], members: list[int]) -> list[list[int]]:
    """These players' net after each session, from 0 (flat through nights they missed)."""
    each = {member_id: [0] * len(nights) for member_id in members}
    for n, night in enumerate(nights):
        for seat, member_id in enumerate(night.members):
            if member_id in each:
                each[member_id][n] = night.result(seat).money
    return [list(accumulate(each[m], initial=0)) for m in members]


def group_stats(db: Session, group: Group, only: Iterable[int] | None = None) -> GroupStats:
    """Every player's statistics in the group (or only those of the ``only`` member ids)."""
    members = db.exec(select(Member).where(Member.group_id == group.id).order_by(Member.name_key)).all()
    wanted = set(only) if only is not None else None
    players = {m.id or 0: PlayerStats(m) for m in members if wanted is None or m.id in wanted}
    one = next(iter(wanted)) if wanted is not None and len(wanted) == 1 else None
    nights = evenings(db, group, one)
    for night in nights:
        for seat, member_id in enumerate(night.members):
            if member_id in players:
                players[member_id].sessions.append(night.result(seat))
    _file_play(db, group, players, wanted)
    sessions = [(night.public_id, night.started) for night in nights]  # one player's: theirs alone
    return GroupStats(group, list(players.values()), sessions)


#: How a player sat in a hand.
DECLARER, PARTNER, STINGER, DEFENDER = "declarer", "partner", "stinger", "defender"


def _file_play(db: Session, group: Group, players: dict[int, PlayerStats], wanted: set[int] | None) -> None:
    """Every hand once per player, counted by how they sat in it, filed under the player and the game."""
    seat = col(Player.seat)
    sat = case(
        (seat == Hand.declarer, literal(DECLARER)),
        (seat == Hand.partner, literal(PARTNER)),
        (seat == Hand.stinger, literal(STINGER)),
        else_=literal(DEFENDER),
    )
    on_declarer_side = or_(seat == Hand.declarer, seat == Hand.partner)
    own_bonuses = case((on_declarer_side, Hand.bonuses_declarer), else_=Hand.bonuses_defence)
    how = (
        col(Player.member_id),
        col(Sitting.game),
        sat,
        col(Hand.bid),
        col(Hand.kind),
        col(Hand.made),
        col(Hand.stinger_made),
    )
    # SQLAlchemy's own select: SQLModel's is typed for at most four columns.
    query = (
        sa.select(*how, func.count(), func.sum(Hand.declared), func.sum(own_bonuses))
        .join(Sitting, col(Sitting.id) == Hand.sitting_id)
        .join(Player, col(Player.sitting_id) == Hand.sitting_id)
        .where(col(Sitting.group_id) == group.id)
        .group_by(*how)
    )
    if wanted is not None:
        query = query.where(col(Player.member_id).in_(wanted))
    for member_id, game_id, seat_how, bid, kind, made, stinger_made, count, declared, bonuses in _rows(db, query):
        p = players.get(member_id)
        if p is None or game_id not in GAMES:
            continue
        f = p.figures(GAMES[game_id])
        f.hands += count
        f.bonuses += bonuses or 0
        _file_hands(
            f, seat_how, bid, kind, Tried(count, count if (stinger_made if seat_how == STINGER else made) else 0)
        )
        f.declarations += (declared or 0) if seat_how == DECLARER else 0
    for p in players.values():  # the registry's order of games, each game's order of bids
        p.games = {g: p.games[g] for g in GAMES if g in p.games}
        for f in p.games.values():
            order = list(f.game.bid_labels())
            f.bids = dict(sorted(f.bids.items(), key=lambda item: order.index(item[0]) if item[0] in order else 99))


def _file_hands(f: Figures, how: str, bid: str, kind: str, tried: Tried) -> None:
    """Hands of one kind, as declarer (by bid and kind), partner or stinger."""
    if how == DECLARER:
        f.bids[bid] = f.bids.get(bid, Tried()) + tried
        if kind:
            f.kinds[kind] = f.kinds.get(kind, Tried()) + tried
    elif how == PARTNER:
        f.partnered += tried
    elif how == STINGER:
        f.stings += tried
