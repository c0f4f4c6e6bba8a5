"""How each player of a group is doing, across its sessions: worked out from the stored hands on every visit.

Nothing here is stored. The database does the counting: one query sums each
session's payments seat by seat and places each seat in its session, another
groups every hand by how each player sat in it (declarer, partner, stinger or
defender) with the hand's facts (bid, kind, made). Python adds the first up per
player (a few rows a session, whatever the number of players) and files the
counts under names; a player's page reads only the sessions they sat in.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from itertools import accumulate
from typing import Any

from sqlalchemy import Subquery, and_, case, exists, func, literal, or_
from sqlmodel import Session, select

from .models import Group, Hand, Member, Player, Sitting
from .rules import Bid, GameKind
from .store import group_numbers

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
    """One player's evening: net won (halfpence) and, once every deal is played, their place (1 leads; ties
    share). A session left before its last deal has no places: nobody finished first in it."""

    public_id: str
    started: datetime
    hands: int
    net: int
    #: None while the session is unfinished.
    place: int | None
    deals: int = 0
    #: Its number in the group, 1 for the first.
    number: int = 0

    @property
    def finished(self) -> bool:
        return self.place is not None


@dataclass(frozen=True)
class Standing:
    """A player's line on the group's leaderboard: sessions played, hands, net won (halfpence), wins (first
    places in finished sessions) and finished sessions."""

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
    def per_session(self) -> int:
        """Average net per session, to the halfpenny (rounded towards zero)."""
        return int(self.net / self.sessions)


@dataclass
class PlayerStats:
    """One of the group's players, across every session they sat in."""

    member: Member
    #: Oldest first.
    sessions: list[SessionResult] = field(default_factory=list)
    #: As declarer, by bid id (in bid order).
    bids: dict[str, Tried] = field(default_factory=dict)
    silent_solos: Tried = Tried()
    announced_solos: Tried = Tried()
    #: Declarer's games where the called card lay in a warden's trug, and how often declarer still made game.
    stung: Tried = Tried()
    #: As the stinger: stings tried, and won (more card points than declarer).
    stings: Tried = Tried()
    #: Called as partner: games played, and made.
    partnered: Tried = Tried()
    #: Declarations made as declarer.
    declarations: int = 0
    #: Bonuses made by this player's side (Hundred included).
    bonuses: int = 0

    @property
    def name(self) -> str:
        return self.member.name

    @property
    def hands(self) -> int:
        return sum(s.hands for s in self.sessions)

    @property
    def net(self) -> int:
        return sum(s.net for s in self.sessions)

    @property
    def per_session(self) -> int | None:
        """Average net per session, to the halfpenny (rounded towards zero)."""
        if not self.sessions:
            return None
        return int(self.net / len(self.sessions))

    @property
    def best(self) -> SessionResult | None:
        return max(self.sessions, key=lambda s: s.net, default=None)

    @property
    def worst(self) -> SessionResult | None:
        return min(self.sessions, key=lambda s: s.net, default=None)

    @property
    def finished(self) -> list[SessionResult]:
        """The sessions they played to the last deal: only these have places."""
        return [s for s in self.sessions if s.finished]

    @property
    def wins(self) -> int:
        """Finished sessions in first place (a shared first counts)."""
        return sum(s.place == 1 for s in self.sessions)

    @property
    def up(self) -> Tried:
        """Finished sessions, and those they finished up (won money)."""
        return Tried(len(self.finished), sum(s.net > 0 for s in self.finished))

    @property
    def longest_run_up(self) -> int:
        """The most finished sessions in a row they finished up."""
        best = run = 0
        for s in self.finished:
            run = run + 1 if s.net > 0 else 0
            best = max(best, run)
        return best

    @property
    def declared(self) -> Tried:
        """Every game bid, all bids together."""
        return sum(self.bids.values(), Tried())

    @property
    def running(self) -> list[int]:
        """Net won after each of their sessions, from 0."""
        totals = [0]
        for s in self.sessions:
            totals.append(totals[-1] + s.net)
        return totals


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
        theirs = {s.public_id: s.net for s in player.sessions}
        totals = [0]
        for public_id, _started in self.sessions:
            totals.append(totals[-1] + theirs.get(public_id, 0))
        return totals


def _seats(group: Group, sittings: Any = None) -> Subquery:
    """One row per seat of each of the group's Sussex Tarot sessions that has hands (or of ``sittings``, a query
    of session ids): its player, hands, net, its place in that session, 1 for the lead (equal nets share a
    place: nets of 10, -4, 10 and -16 are 1st, 3rd, 1st and 4th; no place while deals remain), and its deals.

    Each session's hands are summed once, seat by seat, before its players are joined: never a row per hand
    and player.
    """
    in_group = and_(Sitting.id == Hand.sitting_id, Sitting.group_id == group.id, Sitting.game == "sussex")
    pays = (Hand.pay_0, Hand.pay_1, Hand.pay_2, Hand.pay_3)
    totals = select(Hand.sitting_id, func.count().label("hands"), *(func.sum(p).label(p.key) for p in pays))
    totals = totals.join(Sitting, in_group).group_by(Hand.sitting_id)
    if sittings is not None:
        totals = totals.where(Hand.sitting_id.in_(sittings))
    totals = totals.add_columns(Sitting.deals).group_by(Sitting.deals)
    by_seat = totals.subquery()
    seat_pays = [by_seat.c[p.key] for p in pays]
    net = case(*((Player.seat == seat, pay) for seat, pay in enumerate(seat_pays[:-1])), else_=seat_pays[-1])
    # Places only once every deal is in: an evening left early has no winner.
    finished = by_seat.c.hands >= by_seat.c.deals
    place = case((finished, 1 + sum(case((pay > net, 1), else_=0) for pay in seat_pays)), else_=None)
    return (
        select(
            Player.member_id,
            Player.sitting_id,
            by_seat.c.hands,
            net.label("net"),
            place.label("place"),
            by_seat.c.deals,
        )
        .join(by_seat, by_seat.c.sitting_id == Player.sitting_id)
        .subquery()
    )


def _sessions_played(group: Group) -> Any:
    """The group's Sussex Tarot sessions with at least one hand, oldest first."""
    has_hands = exists().where(Hand.sitting_id == Sitting.id)
    return (
        select(Sitting.id, Sitting.public_id, Sitting.created_at)
        .where(Sitting.group_id == group.id, Sitting.game == "sussex", has_hands)
        .order_by(Sitting.created_at, Sitting.id)
    )


def _rows(db: Session, query: Any) -> Sequence[Any]:
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
    """The leaderboard, and the running totals of its first ``charted`` players.

    One query reads a row per seat of each session (the database sums the hands); Python adds them up per
    player, a few rows a session whatever the number of players.
    """
    seats = _seats(group)
    rows = _rows(
        db,
        select(seats.c.member_id, seats.c.sitting_id, seats.c.hands, seats.c.net, seats.c.place)
        .join(Sitting, Sitting.id == seats.c.sitting_id)
        .order_by(Sitting.created_at, Sitting.id),
    )
    tally: dict[int | None, list[int]] = {}  # sessions, hands, net, wins, finished
    for member_id, _, hands, net, place in rows:
        t = tally.get(member_id)
        if t is None:
            t = tally[member_id] = [0, 0, 0, 0, 0]
        t[0], t[1], t[2] = t[0] + 1, t[1] + hands, t[2] + net
        t[3], t[4] = t[3] + (place == 1), t[4] + (place is not None)
    names = db.exec(select(Member.id, Member.name, Member.name_key).where(Member.group_id == group.id)).all()
    ranked = sorted((-tally[i][2], key, i, name) for i, name, key in names if i in tally)
    standings = [Standing(i, name, *tally[i]) for _, _, i, name in ranked]
    nights = {sitting_id: n for n, sitting_id in enumerate(dict.fromkeys(row[1] for row in rows))}
    return Leaderboard(standings, len(nights), _running(rows, nights, [s.member_id for s in standings[:charted]]))


def _running(rows: Sequence[Any], nights: dict[int, int], members: list[int]) -> list[list[int]]:
    """These players' net after each session (``nights`` orders them), from 0, from the seats' rows."""
    each = {member_id: [0] * len(nights) for member_id in members}
    for member_id, sitting_id, _, net, _ in rows:
        if member_id in each:
            each[member_id][nights[sitting_id]] = net
    return [list(accumulate(each[m], initial=0)) for m in members]


def group_stats(db: Session, group: Group, only: Iterable[int] | None = None) -> GroupStats:
    """Every player's statistics in the group (or only those of the ``only`` member ids)."""
    members = db.exec(select(Member).where(Member.group_id == group.id).order_by(Member.name_key)).all()
    wanted = set(only) if only is not None else None
    players = {m.id: PlayerStats(m) for m in members if wanted is None or m.id in wanted}
    _file_money(db, group, players, wanted)
    _file_play(db, group, players, wanted)
    sessions = [(public_id, started) for _, public_id, started in _rows(db, _sessions_played(group))]
    return GroupStats(group, list(players.values()), sessions)


def _file_money(db: Session, group: Group, players: dict[int | None, PlayerStats], wanted: set[int] | None) -> None:
    """Each player's hands, net and place per session, oldest session first (only those sessions of the wanted)."""
    seats = _seats(group, None if wanted is None else select(Player.sitting_id).where(Player.member_id.in_(wanted)))
    numbered = group_numbers(group)
    money = (
        select(
            seats.c.member_id,
            Sitting.public_id,
            Sitting.created_at,
            seats.c.hands,
            seats.c.net,
            seats.c.place,
            seats.c.deals,
            numbered.c.number,
        )
        .join(Sitting, Sitting.id == seats.c.sitting_id)
        .join(numbered, numbered.c.id == seats.c.sitting_id)
        .order_by(Sitting.created_at, Sitting.id)
    )
    if wanted is not None:
        money = money.where(seats.c.member_id.in_(wanted))
    for member_id, public_id, started, hands, net, place, deals, number in _rows(db, money):
        if member_id in players:
            players[member_id].sessions.append(SessionResult(public_id, started, hands, net, place, deals, number))


def _file_play(db: Session, group: Group, players: dict[int | None, PlayerStats], wanted: set[int] | None) -> None:
    """Every hand once per player, counted by how they sat in it, filed under the player."""
    in_group = and_(Sitting.id == Hand.sitting_id, Sitting.group_id == group.id, Sitting.game == "sussex")
    sat = case(
        (Player.seat == Hand.declarer, literal(DECLARER)),
        (Player.seat == Hand.partner, literal(PARTNER)),
        (Player.seat == Hand.stinger, literal(STINGER)),
        else_=literal(DEFENDER),
    )
    on_declarer_side = or_(Player.seat == Hand.declarer, Player.seat == Hand.partner)
    own_bonuses = case((on_declarer_side, Hand.bonuses_declarer), else_=Hand.bonuses_defence)
    query = (
        select(
            Player.member_id,
            sat,
            Hand.bid,
            Hand.kind,
            Hand.made,
            Hand.stinger_made,
            func.count(),
            func.sum(Hand.declared),
            func.sum(own_bonuses),
        )
        .join(Sitting, in_group)
        .join(Player, Player.sitting_id == Hand.sitting_id)
        .group_by(Player.member_id, sat, Hand.bid, Hand.kind, Hand.made, Hand.stinger_made)
    )
    if wanted is not None:
        query = query.where(Player.member_id.in_(wanted))
    for member_id, how, bid, kind, made, stinger_made, count, declared, bonuses in _rows(db, query):
        p = players.get(member_id)
        if p is not None:
            p.bonuses += bonuses
            _file_hands(p, how, bid, kind, Tried(count, count if (stinger_made if how == STINGER else made) else 0))
            p.declarations += declared if how == DECLARER else 0
    bid_order = [b.id for b in Bid]
    for p in players.values():
        p.bids = {b: p.bids[b] for b in bid_order if b in p.bids}


def _file_hands(p: PlayerStats, how: str, bid: str, kind: str, tried: Tried) -> None:
    """Hands of one kind, as declarer (by bid and kind), partner or stinger."""
    if how == DECLARER:
        p.bids[bid] = p.bids.get(bid, Tried()) + tried
        if kind == GameKind.SILENT_SOLO.id:
            p.silent_solos += tried
        elif kind == GameKind.ANNOUNCED_SOLO.id:
            p.announced_solos += tried
        elif kind == GameKind.STUNG.id:
            p.stung += tried
    elif how == PARTNER:
        p.partnered += tried
    elif how == STINGER:
        p.stings += tried
