"""How each player of a group is doing, across its sessions: worked out from the stored hands on every visit.

Nothing here is stored. Two queries do the counting in the database: one
sums each player's payments per session, the other groups every hand by how
each player sat in it (declarer, partner, stinger or defender) with the
hand's facts (bid, kind, made). Python only files the counts under names.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property

from sqlalchemy import and_, case, func, literal, or_
from sqlmodel import Session, select

from .models import Group, Hand, Member, Player, Sitting
from .rules import Bid, GameKind

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
    """One player's evening: net won (halfpence) and place among the four (1 leads; ties share)."""

    public_id: str
    started: datetime
    hands: int
    net: int
    place: int


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
    def wins(self) -> int:
        """Sessions finished in first place (a shared first counts)."""
        return sum(s.place == 1 for s in self.sessions)

    @property
    def up(self) -> Tried:
        """Sessions played, and those they finished up (won money)."""
        return Tried(len(self.sessions), sum(s.net > 0 for s in self.sessions))

    @property
    def longest_run_up(self) -> int:
        """The most sessions in a row they finished up."""
        best = run = 0
        for s in self.sessions:
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


def _seat_pay():
    """The payment of the player in the joined seat: pay_0 … pay_3 by ``Player.seat``."""
    return case(
        (Player.seat == 0, Hand.pay_0),
        (Player.seat == 1, Hand.pay_1),
        (Player.seat == 2, Hand.pay_2),
        else_=Hand.pay_3,
    )


def _places(totals: dict[int, int]) -> dict[int, int]:
    """Each player's place from their totals; equal totals share a place.

    >>> _places({1: 10, 2: -4, 3: 10, 4: -16})
    {1: 1, 2: 3, 3: 1, 4: 4}
    """
    return {who: 1 + sum(other > total for other in totals.values()) for who, total in totals.items()}


def group_stats(db: Session, group: Group, only: Iterable[int] | None = None) -> GroupStats:
    """Every player's statistics in the group (or only those of the ``only`` member ids)."""
    members = db.exec(select(Member).where(Member.group_id == group.id).order_by(Member.name_key)).all()
    wanted = set(only) if only is not None else None
    players = {m.id: PlayerStats(m) for m in members if wanted is None or m.id in wanted}
    # A group's statistics are of its Sussex Tarot evenings: bids, solos and stings are that game's.
    in_group = and_(Sitting.id == Hand.sitting_id, Sitting.group_id == group.id, Sitting.game == "sussex")
    seated = Player.sitting_id == Hand.sitting_id

    # Money: each player's hands and net per session, and so their place in it.
    money = db.exec(
        select(Player.member_id, Sitting.public_id, Sitting.created_at, func.count(), func.sum(_seat_pay()))
        .join(Sitting, in_group)
        .join(Player, seated)
        .group_by(Player.member_id, Sitting.id, Sitting.public_id, Sitting.created_at)
        .order_by(Sitting.created_at, Sitting.id)
    ).all()
    by_session: dict[str, dict[int, int]] = defaultdict(dict)
    for member_id, public_id, _started, _hands, net in money:
        by_session[public_id][member_id] = net
    places = {public_id: _places(totals) for public_id, totals in by_session.items()}
    sessions: dict[str, datetime] = {}
    for member_id, public_id, started, hands, net in money:
        sessions.setdefault(public_id, started)
        if member_id in players:
            players[member_id].sessions.append(
                SessionResult(public_id, started, hands, net, places[public_id][member_id])
            )

    # Play: every hand once per player, by how they sat in it.
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
        .join(Player, seated)
        .group_by(Player.member_id, sat, Hand.bid, Hand.kind, Hand.made, Hand.stinger_made)
    )
    if wanted is not None:
        query = query.where(Player.member_id.in_(wanted))
    bid_order = [b.id for b in Bid]
    for member_id, how, bid, kind, made, stinger_made, count, declared, bonuses in db.exec(query):
        p = players.get(member_id)
        if p is None:
            continue
        p.bonuses += bonuses
        if how == DECLARER:
            tried = Tried(count, count if made else 0)
            p.bids[bid] = p.bids.get(bid, Tried()) + tried
            p.declarations += declared
            if kind == GameKind.SILENT_SOLO.id:
                p.silent_solos += tried
            elif kind == GameKind.ANNOUNCED_SOLO.id:
                p.announced_solos += tried
            elif kind == GameKind.STUNG.id:
                p.stung += tried
        elif how == PARTNER:
            p.partnered += Tried(count, count if made else 0)
        elif how == STINGER:
            p.stings += Tried(count, count if stinger_made else 0)
    for p in players.values():
        p.bids = {b: p.bids[b] for b in bid_order if b in p.bids}
    return GroupStats(group, list(players.values()), list(sessions.items()))
