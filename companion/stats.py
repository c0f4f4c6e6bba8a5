"""How each player of a group is doing, across its sessions of every game: worked out from the stored hands, each
session once for each change to it.

Nothing here is stored in the database. The database does the counting: one
query sums each session's scores seat by seat, another groups every hand by how
each player sat in it (declarer or taker, partner, stinger or defender) with the
hand's facts (``Game.facts``: bid, kind, made). Python turns each session's
totals into money and places as its game settles them (``Game.money``,
``Game.outcome``: a few rows a session, whatever the number of players) and
files the counts under names, game by game.

Each app process keeps what it worked out from a session (``_Kept``) for as
long as the session's row says it is as it was (its revision goes up with every
change to its hands): a visit reads a line per session of the group, and asks
the database about the hands of the sessions changed since, if any. What a
group's pages add up from them is kept the same way, for as long as none of its
sessions changes.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Collection, Hashable, Iterable, Sequence
from contextlib import suppress
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
from .store import pause
from .views import stake_per

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

    game: Game[Any]
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

    def figures(self, game: Game[Any]) -> Figures:
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
    session is not over). Worked out once for each change of the session (``_evenings``); its number in the group
    is not part of it (deleting an earlier session changes it)."""

    sitting_id: int
    public_id: str
    started: datetime
    hands: int
    #: How far it came, in its game's words ("12 of 16 deals").
    progress: str
    game: Game[Any]
    members: tuple[int | None, ...]
    #: None while the session is not over: nobody has won or lost its money yet.
    money: tuple[int, ...] | None
    places: tuple[int, ...] | None
    #: The seats that won it (none for a drawn game, or while it goes on).
    winners: tuple[int, ...]
    #: The state of the session it was worked out from (``_stamps``).
    stamp: tuple[Any, ...] = field(default=(), compare=False, repr=False)
    #: Each seat's ``result`` once asked for, by (seat, number): a player's page asks again on every visit.
    _results: dict[tuple[int, int], SessionResult] = field(default_factory=dict, compare=False, repr=False)

    def result(self, seat: int, number: int = 0) -> SessionResult:
        """How the player in ``seat`` did, in the session numbered ``number`` in the group."""
        found = self._results.get((seat, number))
        if found is None:
            found = self._results[seat, number] = SessionResult(
                self.public_id,
                self.started,
                self.hands,
                self.money[seat] if self.money is not None else None,
                self.places[seat] if self.places is not None else None,
                self.progress,
                number,
                seat in self.winners,
                self.game.name,
            )
        return found


class _Kept:
    """What was worked out from a session, for as long as the session stays as it was (the last ``size`` kept).

    Each value goes with the stamp of the session it came from: its database, its id, and its row's revision
    and standing. Every change to a session's hands bumps its revision in the same transaction (and deleting it
    takes it off its group's list), so a value whose stamp still matches what the session's row says now is
    what working it out again would give. Per process: each worker keeps its own, and after a restart works
    each session out again on its group's first visit.
    """

    def __init__(self, size: int):
        self.size = size
        self._values: OrderedDict[Hashable, tuple[tuple[Any, ...], Any]] = OrderedDict()

    def get(self, key: Hashable, stamp: tuple[Any, ...]) -> Any:
        found = self._values.get(key)
        if found is None or found[0] != stamp:
            return None
        try:  # noqa: SIM105 - a group's visit asks for thousands: a try costs less than ``suppress``
            self._values.move_to_end(key)
        except KeyError:  # let go of meanwhile, by another thread (``flask run``): it is still right
            pass
        return found[1]

    def put(self, key: Hashable, stamp: tuple[Any, ...], value: Any) -> None:
        self._values[key] = (stamp, value)
        self._values.move_to_end(key)
        while len(self._values) > self.size:
            with suppress(KeyError):  # another thread let go of the last one first
                self._values.popitem(last=False)

    def clear(self) -> None:
        self._values.clear()


#: Each session as its group's figures need it (a few hundred bytes each), and each seat's hands counted by how
#: its player sat in them (a player's page): a group's pages read a line a session and add up what is kept,
#: instead of every hand of every session on every visit.
_evenings, _seat_counts = _Kept(20000), _Kept(20000)
#: Each player's seats' counts added up (``_Sums``), by (database, member id).
_player_counts = _Kept(500)
#: What a group's pages add up (its leaderboard, its chart, a player's page), for as long as none of its sessions
#: changes (their stamps, in order, are each value's stamp).
_added_ups = _Kept(100)
#: Sessions worked out in one step, between two pauses for the worker's other requests (``store.pause``).
STEP = 500


def _stamps(db: Session, group: Group) -> list[tuple[int, tuple[Any, ...]]]:
    """The group's sessions with hands, oldest first: each with its number in the group (every session counts,
    with hands or not) and its stamp (``_Kept``). One line a session, none of its hands."""
    database = str(db.get_bind().engine.url)
    standing = (col(Sitting.revision), col(Sitting.played), col(Sitting.finished), col(Sitting.winners))
    query = (
        sa.select(col(Sitting.id), col(Sitting.public_id), *standing)
        .where(col(Sitting.group_id) == group.id)
        .order_by(col(Sitting.created_at), col(Sitting.id))
    )
    return [(number, (database, *row)) for number, row in enumerate(_rows(db, query), 1) if row[3]]


def evenings(db: Session, group: Group, member: int | None = None) -> list[tuple[int, Evening]]:
    """The group's sessions with hands (only ``member``'s, if given), oldest first, each with its number."""
    return _numbered(db, _stamps(db, group), member)


def _numbered(db: Session, stamps: list[tuple[int, tuple[Any, ...]]], member: int | None) -> list[tuple[int, Evening]]:
    """The sessions of these stamps (``_stamps``), each with its number (only ``member``'s, if given).

    What a session's hands give is worked out only for the sessions changed since this process last did
    (``_evenings``), in steps of ``STEP`` sessions: three queries each (their scores summed seat by seat in the
    database, their own columns, their seats' players), then Python settles each session as its game does, a few
    numbers a session.
    """
    found = {stamp[1]: night for _, stamp in stamps if (night := _evenings.get(stamp[1], stamp)) is not None}
    stale = [stamp for _, stamp in stamps if stamp[1] not in found]
    for start in range(0, len(stale), STEP):
        if start:
            pause()
        found.update(_work_out(db, stale[start : start + STEP]))
    nights = ((number, found.get(stamp[1])) for number, stamp in stamps)
    return [(n, night) for n, night in nights if night is not None and (member is None or member in night.members)]


PAYS = (col(Hand.pay_0), col(Hand.pay_1), col(Hand.pay_2), col(Hand.pay_3), col(Hand.pay_4))


def _work_out(db: Session, stamps: list[tuple[Any, ...]]) -> dict[int, Evening]:
    """These sessions (stamps, as ``_stamps`` gives them) as their games settle them, kept for next time."""
    ids = [stamp[1] for stamp in stamps]
    totals = select(Hand.sitting_id, func.count(), *(func.sum(p) for p in PAYS)).where(col(Hand.sitting_id).in_(ids))
    columns = (col(Sitting.id), col(Sitting.created_at), col(Sitting.game), col(Sitting.stake))
    rules = (col(Sitting.stake_per), col(Sitting.deals), col(Sitting.seats), col(Sitting.house_rules))
    # SQLAlchemy's own select: SQLModel's is typed for at most four columns.
    sittings = sa.select(*columns, *rules).where(col(Sitting.id).in_(ids))
    seated = select(Player.sitting_id, Player.seat, Player.member_id).where(col(Player.sitting_id).in_(ids))
    summed = {row[0]: row[1:] for row in _rows(db, totals.group_by(col(Hand.sitting_id)))}
    seats: dict[int, dict[int, int | None]] = {}
    for sitting_id, seat, member_id in _rows(db, seated):
        seats.setdefault(sitting_id, {})[seat] = member_id
    details = {row[0]: row for row in _rows(db, sittings)}
    done = {}
    for stamp in stamps:
        row, sums = details.get(stamp[1]), summed.get(stamp[1])
        if row is not None and sums is not None:  # deleted, or its last hand, since its line was read
            done[stamp[1]] = night = _evening(stamp, row, sums, seats.get(stamp[1], {}))
            _evenings.put(stamp[1], stamp, night)
    return done


def _evening(
    stamp: tuple[Any, ...], row: Sequence[Any], summed: Sequence[Any], seats: dict[int, int | None]
) -> Evening:
    """A session as its game settles it: its money and places are the scoreboard's (``Game.money`` and
    ``Game.places``, with how it stands as its game wrote it on its row), once it is over; until then none."""
    sitting_id, started, game_id, worth, per, deals, players, rules = row
    finished, winners = stamp[-2:]
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
    public_id = stamp[2]
    return Evening(sitting_id, public_id, started, hands, progress, game, members, money, places, won.winners, stamp)


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
    stake, over every game the group plays. Each change to a session takes off what it added and puts on what it
    adds now (``_Sums``)."""
    stamps = {stamp[1]: stamp for _, stamp in _stamps(db, group)}
    key = ("tally", next(iter(stamps.values()))[0] if stamps else "", group.id)
    kept = _added_ups.get(key, ()) or _Sums()
    stale = kept.stale(stamps)
    tally = kept
    if not kept.holds(stamps, stale):
        fresh = _numbered(db, [(0, stamps[sitting_id]) for sitting_id in stale], None)
        tally = kept.updated(stamps, {night.sitting_id: _adds(night) for _, night in fresh})
        _added_ups.put(key, (), tally)
    names = db.exec(select(Member.id, Member.name, Member.name_key).where(Member.group_id == group.id)).all()
    sums = tally.sums
    ranked = sorted((-sums[i][2], key, i, name) for i, name, key in names if i is not None and i in sums)
    standings = [Standing(i, name, *sums[i]) for _, _, i, name in ranked]
    charted_ids = [s.member_id for s in standings[:charted]]
    nights = [adds for _, adds in tally.parts.values()]  # the group's order
    running = [list(accumulate((adds.get(m, _NONE)[2] for adds in nights), initial=0)) for m in charted_ids]
    return Leaderboard(standings, len(nights), running)


#: What a part (a session, a seat) adds to a sum, line by line: for a group's leaderboard, a member's sessions,
#: hands, net, wins and finished sessions; for a player's figures, a kind of hand's count, declarations, bonuses.
Adds = dict[Any, tuple[int, ...]]
_NONE = (0, 0, 0, 0, 0)


@dataclass(frozen=True)
class _Sums:
    """What some parts add up to (a group's sessions, a player's seats), each part kept with the stamp of the
    session it came from and what it adds. A change to a session takes off what its parts added and puts on what
    they add now: a visit after it works out those parts alone, not thousands."""

    parts: dict[Any, tuple[tuple[Any, ...], Adds]] = field(default_factory=dict)
    sums: Adds = field(default_factory=dict)

    def stale(self, stamps: dict[Any, tuple[Any, ...]]) -> list[Any]:
        """The parts of ``stamps`` (each part's session's stamp) not kept as they are now."""
        return [key for key, stamp in stamps.items() if (was := self.parts.get(key)) is None or was[0] != stamp]

    def holds(self, stamps: dict[Any, tuple[Any, ...]], stale: Collection[Any]) -> bool:
        """Whether the kept parts are those of ``stamps`` as they are (none ``stale``, none gone)."""
        return not stale and len(self.parts) == len(stamps)

    def updated(self, stamps: dict[Any, tuple[Any, ...]], fresh: dict[Any, Adds]) -> _Sums:
        """The sums of the parts of ``stamps``, in their order: those kept as they are, and the ``fresh`` ones
        (those ``stale`` gave, worked out now; one missing adds nothing). A new value: the kept one may be in use by
        another request."""
        parts: dict[Any, tuple[tuple[Any, ...], Adds]] = {}
        sums = dict(self.sums)
        for key, (stamp, adds) in self.parts.items():
            if stamps.get(key) != stamp:
                _add_up(sums, adds, -1)
        for key, stamp in stamps.items():
            if key in fresh:
                parts[key] = (stamp, fresh[key])
                _add_up(sums, fresh[key], 1)
            elif (was := self.parts.get(key)) is not None and was[0] == stamp:
                parts[key] = was
        return _Sums(parts, sums)


def _adds(night: Evening) -> Adds:
    """What a session adds to its players' lines on the leaderboard."""
    adds: Adds = {}
    for seat, member_id in enumerate(night.members):
        if member_id is not None:
            money = night.money[seat] if night.money is not None else 0
            adds[member_id] = (1, night.hands, money, int(seat in night.winners), int(night.money is not None))
    return adds


def _add_up(sums: Adds, adds: Adds, sign: int) -> None:
    """A part's ``adds`` put on the ``sums`` (sign 1) or taken off them (-1); a line none are left of (its first
    figure 0) goes."""
    for line, figures in adds.items():
        total = tuple(a + sign * b for a, b in zip(sums.get(line) or (0,) * len(figures), figures, strict=True))
        if total[0]:
            sums[line] = total
        else:
            sums.pop(line, None)


def group_stats(db: Session, group: Group, only: Iterable[int] | None = None) -> GroupStats:
    """Every player's statistics in the group (or only those of the ``only`` member ids). One player's are added
    up once for each change of any of the group's sessions."""
    members = db.exec(select(Member).where(Member.group_id == group.id).order_by(Member.name_key)).all()
    wanted = set(only) if only is not None else None
    players = {m.id or 0: PlayerStats(m) for m in members if wanted is None or m.id in wanted}
    one = next(iter(wanted)) if wanted is not None and len(wanted) == 1 else None
    stamps = _stamps(db, group)
    key, signature = ("player", group.id, one), tuple(stamps)
    found = _added_ups.get(key, signature) if one in players else None
    if found is None:
        found = _player_figures(db, stamps, players, one)
        if one in players:
            _added_ups.put(key, signature, found)
    by_player, sessions = found
    for member_id, (results, games) in by_player.items():  # each visit's own lists: the names are read afresh
        players[member_id].sessions, players[member_id].games = list(results), dict(games)
    return GroupStats(group, list(players.values()), list(sessions))


def _player_figures(
    db: Session, stamps: list[tuple[int, tuple[Any, ...]]], players: dict[int, PlayerStats], one: int | None
) -> tuple[dict[int, tuple[list[SessionResult], dict[str, Figures]]], list[tuple[str, datetime]]]:
    """Each of ``players``' sessions and figures, and the sessions counted (only ``one``'s, if given)."""
    nights = _numbered(db, stamps, one)
    for number, night in nights:
        for seat, member_id in enumerate(night.members):
            if member_id in players:
                players[member_id].sessions.append(night.result(seat, number))
    _file_play(db, players, [night for _, night in nights])
    sessions = [(night.public_id, night.started) for _, night in nights]  # one player's: theirs alone
    return {m: (p.sessions, p.games) for m, p in players.items()}, sessions


def _file_play(db: Session, players: dict[int, PlayerStats], nights: list[Evening]) -> None:
    """Every hand once per player, counted by how they sat in it, filed under the player and the game.

    Each seat's hands are counted in the database once for each change of its session (``_seat_counts``), and
    each player's seats added up as they change (``_Sums``)."""
    seats: dict[int, list[tuple[Evening, int]]] = {}
    for night in nights:
        for seat, member_id in enumerate(night.members):
            if member_id in players:
                seats.setdefault(member_id, []).append((night, seat))
    stamps = {m: {(n.sitting_id, seat): n.stamp for n, seat in theirs} for m, theirs in seats.items()}
    keys = {m: (theirs[0][0].stamp[0], m) for m, theirs in seats.items()}  # (database, member)
    kept = {m: _player_counts.get(keys[m], ()) or _Sums() for m in seats}
    stale = {m: set(kept[m].stale(stamps[m])) for m in seats}
    fresh = [(n, seat) for m, theirs in seats.items() for n, seat in theirs if (n.sitting_id, seat) in stale[m]]
    counted = _seats_counted(db, fresh)
    for m, theirs in seats.items():
        counts = kept[m]
        if not counts.holds(stamps[m], stale[m]):
            plays = {
                (n.sitting_id, seat): _plays(n, seat, counted) for n, seat in theirs if (n.sitting_id, seat) in stale[m]
            }
            counts = counts.updated(stamps[m], plays)
            _player_counts.put(keys[m], (), counts)
        _file_plays(players[m], counts.sums)
    for p in players.values():  # the registry's order of games, each game's order of bids
        p.games = {g: p.games[g] for g in GAMES if g in p.games}
        for f in p.games.values():
            order = list(f.game.bid_labels())
            f.bids = dict(sorted(f.bids.items(), key=lambda item: order.index(item[0]) if item[0] in order else 99))


def _file_plays(player: PlayerStats, plays: Adds) -> None:
    """A player's hands of each kind (hands, declarations, bonuses), filed under the game."""
    for (game_id, how, bid, kind, made, stinger_made), (count, declared, bonuses) in plays.items():
        f = player.figures(GAMES[game_id])
        f.hands += count
        f.bonuses += bonuses
        _file_hands(f, how, bid, kind, Tried(count, count if (stinger_made if how == STINGER else made) else 0))
        f.declarations += declared if how == DECLARER else 0


def _seats_counted(db: Session, seats: list[tuple[Evening, int]]) -> dict[tuple[int, int], list[Any]]:
    """Each of these seats' hands counted (``_count_seats``): kept from last time, or counted now."""
    found = {(n.sitting_id, s): c for n, s in seats if (c := _seat_counts.get((n.sitting_id, s), n.stamp)) is not None}
    stale = list({n.sitting_id: n for n, s in seats if (n.sitting_id, s) not in found}.values())
    members = {n.members[s] or 0 for n, s in seats}
    for start in range(0, len(stale), STEP):
        if start:
            pause()
        found.update(_count_seats(db, stale[start : start + STEP], members))
    return found


def _plays(night: Evening, seat: int, counted: dict[tuple[int, int], list[Any]]) -> Adds:
    """What a seat adds to its player's figures (``_count_seats``' rows): each kind of hand (game, how they sat,
    bid, kind, made, stinger made) with its count, declarations and bonuses."""
    plays: Adds = {}
    for how, bid, kind, made, stinger_made, count, declared, bonuses in counted.get((night.sitting_id, seat), ()):
        _add_up(plays, {(night.game.id, how, bid, kind, made, stinger_made): (count, declared or 0, bonuses or 0)}, 1)
    return plays


def _count_seats(db: Session, nights: list[Evening], members: set[int]) -> dict[tuple[int, int], list[Any]]:
    """The hands of these sessions' seats where one of ``members`` sat, each seat's counted by how its player sat
    in them and the hand's facts (``Game.facts``), kept for next time."""
    seat = col(Player.seat)
    sat = case(
        (seat == Hand.declarer, literal(DECLARER)),
        (seat == Hand.partner, literal(PARTNER)),
        (seat == Hand.stinger, literal(STINGER)),
        else_=literal(DEFENDER),
    )
    on_declarer_side = or_(seat == Hand.declarer, seat == Hand.partner)
    own_bonuses = case((on_declarer_side, Hand.bonuses_declarer), else_=Hand.bonuses_defence)
    how = (col(Player.sitting_id), seat, sat, col(Hand.bid), col(Hand.kind), col(Hand.made), col(Hand.stinger_made))
    # SQLAlchemy's own select: SQLModel's is typed for at most four columns.
    query = (
        sa.select(*how, func.count(), func.sum(Hand.declared), func.sum(own_bonuses))
        .join(Player, col(Player.sitting_id) == Hand.sitting_id)
        .where(col(Hand.sitting_id).in_([n.sitting_id for n in nights]), col(Player.member_id).in_(members))
        .group_by(*how)
    )
    counted: dict[tuple[int, int], list[Any]] = {}
    for sitting_id, seat_no, *counts in _rows(db, query):
        counted.setdefault((sitting_id, seat_no), []).append(tuple(counts))
    stamps = {n.sitting_id: n.stamp for n in nights}
    for n in nights:  # every seat asked for, hands or none (a seat of none is no hands, not unknown)
        for s, member_id in enumerate(n.members):
            if member_id in members:
                _seat_counts.put((n.sitting_id, s), stamps[n.sitting_id], counted.setdefault((n.sitting_id, s), []))
    return counted


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
