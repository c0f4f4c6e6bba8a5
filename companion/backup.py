"""Getting sessions out and back in: JSON that holds every input, and CSV.

An export holds each hand's record (the inputs), so an import re-scores every
hand and rebuilds the same scoreboard to the halfpenny. Secrets (edit keys)
are not exported: an imported session gets a new one.
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeGuard

from sqlalchemy import Engine
from sqlmodel import Session, col, select

from .db import private_file
from .games import DEFAULT, GAMES, Game
from .games.base import STAKES, Stake, Target
from .games.common import InvalidHand, Money, MoneyError, true_minus
from .games.common.words import _
from .models import GameOptions, Group, Hand, Sitting, name_key, saved_id
from .names import MAX_GROUP_NAME, MAX_NAME, one_line
from .settle import parse_coins
from .store import (
    MAX_PLAYERS,
    bumped,
    create_group,
    create_sitting,
    find_group,
    find_sitting,
    hand_values,
    is_session_id,
    load_scoreboard,
    members_named,
    pause,
    restand,
)
from .stores import new_secret
from .views import HandView, Scoreboard, stake_of

FORMAT = "sussex-tarot-sessions"
VERSION = 1


class ImportError_(ValueError):
    """An export file that cannot be imported; nothing was saved."""


def export_group(group: Group) -> dict[str, Any]:
    return {
        "id": group.public_id,
        "name": group.name,
        "created_at": group.created_at.isoformat(),
        "house_rules": json.loads(group.house_rules),
        "coins": group.coins,
        "players": [m.name for m in group.members],
    }


def export_sitting(db: Session, sitting: Sitting, group: Group | None = None) -> dict[str, Any]:
    hands = db.exec(select(Hand).where(Hand.sitting_id == sitting.id).order_by(col(Hand.deal))).all()
    return _sitting_json(sitting, hands, group)


def _sitting_json(sitting: Sitting, hands: Sequence[Hand], group: Group | None) -> dict[str, Any]:
    """A session in an export, with these hands (its own, in deal order)."""
    out: dict[str, Any] = {"group": group.public_id} if group is not None else {}
    game = GAMES[sitting.game]
    if game is not DEFAULT:  # a Sussex Tarot session's export stays as it always was
        out["game"] = sitting.game
    stake = stake_of(sitting)
    if stake is not Stake.NONE:
        out.update(stake=sitting.stake, stake_per=stake.id)
    net = game.unit.net_key
    return out | {
        "id": sitting.public_id,
        "created_at": sitting.created_at.isoformat(),
        "players": sitting.names,
        "deals": sitting.deals,
        "first_dealer": sitting.first_dealer,
        "house_rules": json.loads(sitting.house_rules),
        "coins": sitting.coins,
        "hands": [
            {
                "deal": h.deal,
                "hand": json.loads(h.record),
                net: list(h.scores(sitting.seats)),
                "created_at": h.created_at.isoformat(),
                "updated_at": h.updated_at.isoformat(),
            }
            for h in hands
        ],
    }


def export_all(db: Session, only: list[Sitting] | None = None, with_groups: bool = True) -> dict[str, Any]:
    """Every session (or ``only`` these), with the groups they belong to and those groups' players
    (without them for a phone that may not see the group: its id is its view link)."""
    sittings = (
        only if only is not None else db.exec(select(Sitting).order_by(col(Sitting.created_at), col(Sitting.id))).all()
    )
    wanted = {s.group_id for s in sittings if s.group_id is not None} if with_groups else set()
    everything = only is None  # a whole backup keeps groups that have no session yet
    groups = {
        g.id: g
        for g in db.exec(select(Group).order_by(col(Group.created_at), col(Group.id)))
        if everything or g.id in wanted
    }
    return {
        "format": FORMAT,
        "version": VERSION,
        "groups": [export_group(g) for g in groups.values()],
        "sessions": [export_sitting(db, s, groups.get(s.group_id)) for s in sittings],
    }


#: Sessions a streamed export reads at a time (their players and hands in a query each): a step between two
#: pauses for the worker's other requests stays a few milliseconds, and a whole group is never in memory.
BATCH = 5


def sittings_read(db: Session, ids: Sequence[int]) -> Iterator[tuple[Sitting, list[Hand]]]:
    """These sessions (ids, in this order) each with its hands in deal order, read ``BATCH`` sessions at a time
    and let go of once used, with a pause for the worker's other requests after each read and after each session
    (a session deleted meanwhile is left out)."""
    for start in range(0, len(ids), BATCH):
        chunk = ids[start : start + BATCH]
        found = {s.id: s for s in db.exec(select(Sitting).where(col(Sitting.id).in_(chunk)))}
        hands: dict[int, list[Hand]] = {i: [] for i in chunk}
        for h in db.exec(select(Hand).where(col(Hand.sitting_id).in_(chunk)).order_by(col(Hand.deal))):
            hands[h.sitting_id].append(h)
        pause()
        for sitting_id in chunk:
            if sitting_id in found:
                yield found[sitting_id], hands[sitting_id]
                pause()
        for sitting in found.values():  # read once: the request's session need not keep them
            for thing in (sitting, *sitting.players, *hands[saved_id(sitting)]):
                db.expunge(thing)


def export_text(db: Session, ids: Sequence[int], groups: Sequence[Group] = ()) -> Iterator[str]:
    """``export_all`` of these sessions (ids, oldest first) and ``groups`` (those of the sessions a phone may see)
    as JSON text, a session at a time: a group of thousands of sessions streams in steps of a few milliseconds,
    never whole in memory. Laid out as ``json.dumps(..., indent=1)`` lays it out, but for each hand, on a line of
    its own (``_hand_line``)."""
    head = {"format": FORMAT, "version": VERSION, "groups": [export_group(g) for g in groups], "sessions": []}
    opening = json.dumps(head, ensure_ascii=False, indent=1).removesuffix("[]\n}")
    by_id = {g.id: g for g in groups}
    before = opening + "[\n  "
    for sitting, hands in sittings_read(db, ids):
        text = _session_text(sitting, hands, by_id.get(sitting.group_id))
        yield before + text.replace("\n", "\n  ")  # two levels in: JSON text holds no newline but these
        before = ",\n  "
    yield (opening + "[]" if before != ",\n  " else "\n ]") + "\n}"


def _session_text(sitting: Sitting, hands: Sequence[Hand], group: Group | None) -> str:
    """A session in an export, as JSON text: its hands one a line, the rest indented."""
    text = json.dumps(_sitting_json(sitting, [], group), ensure_ascii=False, indent=1)
    if not hands:
        return text
    net = GAMES[sitting.game].unit.net_key
    lines = ",\n  ".join(_hand_line(h, net, sitting.seats) for h in hands)
    return text.removesuffix("[]\n}") + "[\n  " + lines + "\n ]\n}"  # "hands" comes last


def _hand_line(h: Hand, net: str, seats: int) -> str:
    """A hand in an export, as ``_sitting_json`` has it, on one line: its record as stored (JSON already, written
    by ``json.dumps``), the rest by Python's own fast encoder (``indent`` makes it use a slow one)."""
    stamps = {"created_at": h.created_at.isoformat(), "updated_at": h.updated_at.isoformat()}
    line = json.dumps({"deal": h.deal, "hand": None, net: list(h.scores(seats)), **stamps}, ensure_ascii=False)
    return line.replace('"hand": null', '"hand": ' + h.record, 1)


def group_ids(db: Session, group: Group) -> list[int]:
    """The group's sessions, oldest first (ids)."""
    query = select(Sitting.id).where(Sitting.group_id == group.id).order_by(col(Sitting.created_at), col(Sitting.id))
    return [i for i in db.exec(query) if i is not None]


@dataclass(frozen=True)
class Imported:
    sitting: Sitting
    hands: int
    #: Deals whose payments in the file differ from what the rules give now.
    rescored: list[int]
    group: Group | None = None


@dataclass(frozen=True)
class _HandIn:
    deal: int
    record: Any
    net: Any
    created_at: datetime | None
    updated_at: datetime | None


@dataclass(frozen=True)
class _GroupIn:
    public_id: Any
    name: str
    players: list[str]
    house_rules: Any
    coins: str
    created_at: datetime | None


@dataclass(frozen=True)
class _SessionIn:
    group: Any
    public_id: Any
    game: Game[Any]
    stake: int
    stake_per: Stake
    options: Any
    names: list[str]
    deals: int
    first_dealer: int
    coins: str
    created_at: datetime | None
    hands: list[_HandIn]


def _whole(value: object, allowed: range | tuple[int, ...]) -> TypeGuard[int]:
    """A JSON whole number among ``allowed``: never true, 8.0 or "8" (Python counts True as 1)."""
    return type(value) is int and value in allowed


#: The earliest and latest moments an import takes: a day inside the calendar's ends, so that a database
#: in any time zone reads them back (PostgreSQL hands a stamp over in its own zone, which may not exist then).
EARLIEST, LATEST = datetime(1, 1, 2, tzinfo=UTC), datetime(9999, 12, 30, tzinfo=UTC)


def _stamp(item: dict[str, Any], key: str, where: str, problems: list[str]) -> datetime | None:
    value = item.get(key)
    if value is None:
        return None
    try:
        stamp = datetime.fromisoformat(value)
        # No zone given: UTC, as stored. Far offsets from the calendar's ends overflow it in UTC.
        stamp = stamp.astimezone(UTC) if stamp.tzinfo is not None else stamp.replace(tzinfo=UTC)
        if EARLIEST <= stamp <= LATEST:
            return stamp
    except (TypeError, ValueError, OverflowError):
        pass
    problems.append(
        f"{where}: {key} must be a date and time such as 2026-11-23T20:15:00, from {EARLIEST:%Y-%m-%d} "
        f"to {LATEST:%Y-%m-%d}, not {value!r:.40}"
    )
    return None


def _check_names(names: Any, where: str, problems: list[str], game: Game[Any] = DEFAULT) -> list[str]:
    counts = " or ".join(map(str, game.players))
    if not isinstance(names, list) or len(names) not in game.players or not all(isinstance(x, str) for x in names):
        problems.append(f"{where}: players must be a list of {counts} names for {game.name}")
        return []
    stripped = [x.strip() for x in names]
    for seat, name in enumerate(stripped):
        if not 0 < len(name) <= MAX_NAME or not one_line(name):
            problems.append(f"{where}: player {seat + 1} must be a name of 1 to {MAX_NAME} characters on one line")
    if len({x.casefold() for x in stripped}) < len(stripped):
        problems.append(f"{where}: each player needs a different name")
    return stripped


def _check_rules(data: dict[str, Any], where: str, problems: list[str], game: Game[Any] = DEFAULT) -> tuple[Any, str]:
    """A session's options (its ``house_rules``; a group's are its usual game's) and coins."""
    raw = data.get("house_rules", {})
    problem = game.check_options(raw)
    if problem is not None:
        problems.append(f"{where}: {problem}")
    return game.options(raw if problem is None else {}), _check_coins(data, where, problems)


def _check_group_rules(data: dict[str, Any], where: str, problems: list[str]) -> tuple[GameOptions, str]:
    """A group's house rules, game by game (an old file's flat object is its usual game's), and coins."""
    raw = data.get("house_rules", {})
    if not isinstance(raw, dict):
        problems.append(f"{where}: house_rules must be an object of each game's house rules")
        raw = {}
    chosen = GameOptions.from_json(raw)
    kept: dict[str, Any] = {}
    for game_id, options in chosen.by_game.items():
        game = GAMES.get(game_id)
        problem = f"house_rules: no game is called {game_id!r:.20}" if game is None else game.check_options(options)
        if game is None or problem is not None:
            problems.append(f"{where}: {problem}")
            continue
        kept[game_id] = game.options_json(game.options(options))
    return GameOptions(kept), _check_coins(data, where, problems)


def _check_coins(data: dict[str, Any], where: str, problems: list[str]) -> str:
    coins = data.get("coins", "")
    if not isinstance(coins, str):
        problems.append(f"{where}: coins must be text such as '0/6 1/- 2/6'")
        coins = ""
    elif coins:
        try:
            parse_coins(coins)
        except MoneyError as exc:
            problems.append(f"{where}: coins: {exc}")
    return coins


def _check_group(data: Any, n: int, problems: list[str]) -> _GroupIn | None:
    where = f"group {n + 1}"
    if not isinstance(data, dict):
        problems.append(f"{where}: must be an object")
        return None
    before = len(problems)
    if not is_session_id(data.get("id")):
        problems.append(f"{where}: id must be the group's id from its link, not {data.get('id')!r:.40}")
    name = data.get("name")
    if not isinstance(name, str) or not 0 < len(name.strip()) <= MAX_GROUP_NAME or not one_line(name):
        problems.append(f"{where}: name must be 1 to {MAX_GROUP_NAME} characters on one line")
        name = ""
    players = data.get("players", [])
    if not isinstance(players, list) or not all(isinstance(x, str) for x in players):
        problems.append(f"{where}: players must be a list of names")
        players = []
    players = [x.strip() for x in players]
    if any(not 0 < len(x) <= MAX_NAME or not one_line(x) for x in players):
        problems.append(f"{where}: each player must be a name of 1 to {MAX_NAME} characters on one line")
    if len({name_key(x) for x in players}) < len(players):
        problems.append(f"{where}: each player needs a different name")
    house_rules, coins = _check_group_rules(data, where, problems)
    created_at = _stamp(data, "created_at", where, problems)
    if len(problems) > before:
        return None
    return _GroupIn(data.get("id"), name.strip(), players, house_rules, coins, created_at)


def _check_hands(items: Any, game: Game[Any], seats: int, deals: int, where: str, problems: list[str]) -> list[_HandIn]:
    """A session's hands, each on a free deal and scored by ``game``'s rules."""
    if not isinstance(items, list):
        problems.append(f"{where}: hands must be a list")
        return []
    hands: list[_HandIn] = []
    for i, item in enumerate(items):
        here = f"{where}, hand {i + 1}"
        if not isinstance(item, dict):
            problems.append(f"{here}: must be an object")
            continue
        deal = item.get("deal")
        if not _whole(deal, range(1, deals + 1)) or deal in {h.deal for h in hands}:
            problems.append(f"{here}: deal must be a free deal number 1 to {deals}, not {deal!r:.40}")
            continue
        try:
            record = game.parse(item.get("hand"), seats, stored=True)  # a backup: its hands as they were saved
        except InvalidHand as exc:
            problems.append(f"{here} (deal {deal}): {exc.field}: {exc.message}")
            continue
        stamps = [_stamp(item, key, here, problems) for key in ("created_at", "updated_at")]
        net = item.get(game.unit.net_key)
        hands.append(_HandIn(deal, record, net, *stamps))
    return hands


def _lengths_text(lengths: range | tuple[int, ...]) -> str:
    """The lengths a session may have, in words.

    >>> _lengths_text((16, 8)), _lengths_text(range(1, 61))
    ('8 or 16', '1 to 60')
    """
    if isinstance(lengths, range):
        return f"{lengths.start} to {lengths.stop - 1}"
    return " or ".join(map(str, sorted(lengths)))


def _check_stake(data: dict[str, Any], game: Game[Any], where: str, problems: list[str]) -> tuple[int, Stake]:
    """What a session's stake is worth (halfpence) and per what; a session whose scores are money has none."""
    if game.stakes == (Stake.NONE,):
        return 2, Stake.NONE
    per = data.get("stake_per", game.stakes[0].id)  # exports made before the choice: the game's usual way
    stake_per = STAKES.get(per) if isinstance(per, str) else None
    if stake_per not in game.stakes:
        problems.append(f"{where}: stake_per must be one of {', '.join(s.id for s in game.stakes)}")
        stake_per = game.stakes[0]
    most = Money.from_sd(stake_per.most).halfpence
    stake = data.get("stake")
    if not _whole(stake, range(1, most + 1)):
        problems.append(f"{where}: stake must be 1 to {most} halfpence a {stake_per.per}, not {stake!r:.40}")
    return stake if isinstance(stake, int) else 2, stake_per


#: The most deals a session of a game played to a target took before ``Target.most``: exports of then say so.
EARLIER_MOST = 99


def _check_deals(data: dict[str, Any], game: Game[Any], seats: int, where: str, problems: list[str]) -> int:
    """A session's length. A game played to a target exported when it could take ``EARLIER_MOST`` deals comes
    back with ``Target.most``, if its hands are no more (a session of more is refused, in one line)."""
    deals, hands = data.get("deals"), data.get("hands")
    ending = game.ending
    if isinstance(ending, Target) and _whole(deals, range(ending.most + 1, EARLIER_MOST + 1)):
        count = len(hands) if isinstance(hands, list) else 0
        if count <= ending.most:
            return ending.most
        problems.append(f"{where}: a game played to a target takes at most {ending.most} hands, not {count}")
        return deals  # its hands' deal numbers are not refused one by one as well
    lengths = ending.importable(seats)
    if not _whole(deals, lengths):
        problems.append(f"{where}: deals must be {_lengths_text(lengths)}, not {deals!r:.40}")
        return max(lengths)
    return deals


def _check_session(data: Any, n: int, problems: list[str]) -> _SessionIn | None:
    """One session of an export, or None with a line per problem added to ``problems``."""
    where = f"session {n + 1}"
    if not isinstance(data, dict):
        problems.append(f"{where}: must be an object")
        return None
    before = len(problems)
    game = GAMES.get(data.get("game", DEFAULT.id)) if type(data.get("game", DEFAULT.id)) is str else None
    if game is None:
        problems.append(f"{where}: game must be one of {', '.join(GAMES)}")
        return None
    names = _check_names(data.get("players"), where, problems, game)
    seats = len(names) or game.players[0]
    deals, first_dealer = _check_deals(data, game, seats, where, problems), data.get("first_dealer")
    if not _whole(first_dealer, range(seats)):
        problems.append(f"{where}: first_dealer must be a seat 0 to {seats - 1}, not {first_dealer!r:.40}")
        first_dealer = 0
    options, coins = _check_rules(data, where, problems, game)
    stake, stake_per = _check_stake(data, game, where, problems)
    created_at = _stamp(data, "created_at", where, problems)
    hands = _check_hands(data.get("hands"), game, seats, deals, where, problems)
    if len(problems) > before:
        return None
    return _SessionIn(
        data.get("group"),
        data.get("id"),
        game,
        stake,
        stake_per,
        options,
        names,
        deals,
        first_dealer,
        coins,
        created_at,
        hands,
    )


def _check_group_sizes(groups: list[_GroupIn | None], sessions: list[_SessionIn | None], problems: list[str]) -> None:
    """No group past ``MAX_PLAYERS``: its players, and the new names its sessions seat, which join it."""
    for n, g in enumerate(groups):
        if g is None:
            continue
        names = {name_key(x) for x in g.players}
        names.update(name_key(x) for s in sessions if s is not None and s.group == g.public_id for x in s.names)
        if len(names) > MAX_PLAYERS:
            problems.append(
                f"group {n + 1}: a group has at most {MAX_PLAYERS} players, not {len(names)} "
                "(its own and its sessions')"
            )


def check_export(data: Any) -> tuple[list[_GroupIn], list[_SessionIn]]:
    """Every group and session of an export, checked whole; ``ImportError_`` with one line per problem."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportError_(f"not a {FORMAT} export")
    if not _whole(data.get("version"), (VERSION,)):
        raise ImportError_(f"export version {data.get('version')!r:.40} is not {VERSION}")
    sessions = data.get("sessions")
    if not isinstance(sessions, list):
        raise ImportError_("sessions must be a list")
    raw_groups = data.get("groups", [])  # exports made before groups have none
    if not isinstance(raw_groups, list):
        raise ImportError_("groups must be a list")
    problems: list[str] = []
    groups = [_check_group(g, n, problems) for n, g in enumerate(raw_groups)]
    ids = [g.public_id for g in groups if g is not None]
    if len(set(ids)) < len(ids):
        problems.append("groups: each group needs a different id")
    checked = [_check_session(s, n, problems) for n, s in enumerate(sessions)]
    for n, s in enumerate(checked):
        if s is not None and s.group is not None and (not isinstance(s.group, str) or s.group not in ids):
            problems.append(f"session {n + 1}: group {s.group!r:.40} is none of the file's groups")
    _check_group_sizes(groups, checked, problems)
    if problems:
        raise ImportError_("\n".join(problems))
    return [g for g in groups if g is not None], [s for s in checked if s is not None]


def import_all(db: Session, data: Any) -> list[Imported]:
    """Import every session of an export, all or nothing: everything is checked before anything is saved."""
    try:
        groups_in, sessions_in = check_export(data)
        groups = {g.public_id: _import_group(db, g) for g in groups_in}
        done = [_import_session(db, s, groups) for s in sessions_in]
        db.commit()
    except Exception:
        db.rollback()
        raise
    return done


def _import_group(db: Session, g: _GroupIn) -> Group:
    """A group of the file with its players, under the file's id unless this database has that group already."""
    group = create_group(db, g.name, g.house_rules, g.coins or None, commit=False)
    if find_group(db, g.public_id) is None:  # else a copy, under a new id
        group.public_id = g.public_id
    if g.created_at is not None:
        group.created_at = g.created_at
    members_named(db, group, g.players)
    return group


def _import_session(db: Session, s: _SessionIn, groups: dict[Any, Group]) -> Imported:
    """A session of the file in its group (if any), each hand re-scored under the rules as they are now."""
    sitting = create_sitting(
        db,
        s.names,
        s.deals,
        s.first_dealer,
        s.options,
        s.coins or None,
        commit=False,
        group=groups.get(s.group) if s.group is not None else None,
        game=s.game,
        stake=s.stake,
        stake_per=s.stake_per,
    )
    if is_session_id(s.public_id) and find_sitting(db, s.public_id) is None:
        sitting.public_id = s.public_id
    if s.created_at is not None:
        sitting.created_at = s.created_at
    rescored = []
    for h in s.hands:
        hand = _import_hand(sitting, s.game, h)
        if h.net not in (None, list(hand.scores(sitting.seats))):
            rescored.append(h.deal)
        db.add(hand)
    restand(db, sitting)
    return Imported(sitting, len(s.hands), rescored, groups.get(s.group) if s.group else None)


def _import_hand(sitting: Sitting, game: Game[Any], h: _HandIn) -> Hand:
    """A hand of the file as this session's, with its stored values worked out again and the file's times."""
    hand = Hand(sitting_id=saved_id(sitting), deal=h.deal, form_token=new_secret(), **hand_values(game, h.record))
    if h.created_at is not None:
        hand.created_at = h.created_at
    hand.updated_at = h.updated_at or hand.created_at
    return hand


#: A spreadsheet reads a cell starting with one of these as a formula.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> object:
    """A text cell a spreadsheet shows as text: a leading formula character is quoted (numbers stay numbers).

    >>> _cell("=HYPERLINK(1)"), _cell("Ann"), _cell(-12)
    ("'=HYPERLINK(1)", 'Ann', -12)
    """
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def _sd(halfpence: int) -> str:
    """An amount in s/d with a true minus sign, which no spreadsheet takes for a formula."""
    return true_minus(str(Money(halfpence)))


class _SafeWriter:
    def __init__(self, out: io.StringIO):
        self._writer = csv.writer(out)

    def writerow(self, row: Sequence[object]) -> None:
        self._writer.writerow([_cell(v) for v in row])


def hands_csv(db: Session, sitting: Sitting) -> str:
    """One row per hand with its inputs (the game's ``csv_columns``) and every player's score, then the totals
    (formula characters neutralised). Sussex Tarot's payments are money, in s/d and halfpence; another game's
    scores are points, with a last row of each player's money at the stake."""
    board = load_scoreboard(db, sitting)
    out = io.StringIO()
    writer = _SafeWriter(out)
    names, game = board.names, board.game
    columns = [_("deal"), _("dealer"), *game.csv_columns()]
    blank = [""] * (len(columns) - 1)
    if board.shows_points:
        writer.writerow(columns + [_("%(name)s (points)", name=n) for n in names])
    else:
        money = [_("%(name)s (s/d)", name=n) for n in names]
        writer.writerow(columns + money + [_("%(name)s (halfpence)", name=n) for n in names])
    for h in board.hands:
        cells = [h.deal, names[h.dealer], *game.csv_cells(h.record, names)]
        writer.writerow(
            cells + (list(h.payments) if board.shows_points else [_sd(p) for p in h.payments] + list(h.payments))
        )
    if board.shows_points:
        writer.writerow([_("total"), *blank, *board.totals])
        at = _(board.stake.words.money_row, stake=_sd(board.sitting.stake))
        writer.writerow([at, *blank, *map(_sd, board.money)])
    else:
        writer.writerow([_("total"), *blank, *map(_sd, board.totals), *board.totals])
    return out.getvalue()


def group_csv(db: Session, group: Group) -> Iterator[str]:
    """Every hand of the group's sessions, oldest first, in money: a column per player of the group, empty where
    they sat out. Made a session at a time (``sittings_read``), to be streamed.

    The money is each session's own (``Scoreboard.ledger``, the game's ``money`` spread over its hands): each
    row adds up to nothing, a finished session's rows add up to its settle-up (a last "settled" row carries what
    only its end pays, a stake a game), and the total row is the leaderboard's. An unfinished session's hands
    are listed without money: nobody has won or lost it yet.
    """
    members = sorted(group.members, key=lambda m: m.name_key)
    out = io.StringIO()
    writer = _SafeWriter(out)
    heads = [_("session"), _("started"), _("deal"), _("dealer"), _("game"), _("hand")]
    writer.writerow(heads + [_("%(name)s (s/d)", name=m.name) for m in members])
    column = {m.id: i for i, m in enumerate(members)}
    totals = [0] * len(members)
    for sitting, hands in sittings_read(db, group_ids(db, group)):
        seats = [column[p.member_id] for p in sitting.players if p.member_id in column]
        if len(seats) != sitting.seats:  # not seated from the group's players: nothing to file under them
            continue
        board = Scoreboard(sitting, list(_read(hands, sitting)))
        head = [sitting.public_id, sitting.created_at.strftime("%Y-%m-%d %H:%M")]
        for deal, dealer, hand, money in _ledger_rows(board):
            cells: list[object] = [""] * len(members)
            for seat, i in enumerate(seats):
                cells[i] = _sd(money[seat]) if money is not None else ""
                totals[i] += money[seat] if money is not None else 0
            writer.writerow([*head, deal, dealer, board.game.name, hand, *cells])
        yield _taken(out)
    writer.writerow([_("total"), "", "", "", "", ""] + [_sd(t) for t in totals])
    yield _taken(out)


#: Hands read (parsed: a millisecond each for the richest) between two pauses for the worker's other requests.
HANDS_A_STEP = 8


def _read(hands: Sequence[Hand], sitting: Sitting) -> Iterator[HandView]:
    """A session's hands re-read, with a pause every ``HANDS_A_STEP``: a session at a game's most hands is not
    one long step of the export."""
    for n, hand in enumerate(hands, 1):
        yield HandView.of(hand, sitting)
        if n % HANDS_A_STEP == 0:
            pause()


def _taken(out: io.StringIO) -> str:
    """What was written to ``out`` since last time, leaving it empty."""
    text = out.getvalue()
    out.seek(0)
    out.truncate()
    return text


def _ledger_rows(board: Scoreboard) -> Iterator[tuple[object, str, str, Sequence[int] | None]]:
    """A session's rows in the group's CSV: (deal, dealer, hand, each seat's money or None)."""
    counted = board.outcome.finished
    ledger = board.ledger
    for h, money in zip(board.hands, ledger.hands, strict=True):
        yield h.deal, board.names[h.dealer], h.description, money if counted else None
    if counted and any(ledger.settled):
        yield "", "", "settled", ledger.settled
    elif board.hands and not counted:
        yield "", "", f"unfinished ({board.progress}): no money counted", None


@dataclass(frozen=True)
class Mismatch:
    public_id: str
    deal: int
    #: Each seat's score, stored and as the rules give it now.
    stored: tuple[int, ...]
    now: tuple[int, ...]
    #: The hand's facts for statistics (``store.hand_facts``) that differ from what its record gives now.
    facts: tuple[str, ...] = ()
    #: Why a player entering this hand now would be refused (saved before that check came), if so.
    refused: str | None = None

    @property
    def differs(self) -> bool:
        """Its payments or facts are not what the rules give now (a hand only refused now is kept as saved)."""
        return self.stored != self.now or bool(self.facts)


def rescore_all(db: Session, fix: bool = False) -> tuple[int, list[Mismatch]]:
    """Re-score every stored hand; report (and with ``fix``, correct) those whose payments or facts changed."""
    checked, mismatches = 0, []
    rows = db.exec(
        select(Hand, Sitting.public_id, Sitting.game, Sitting.seats).join(Sitting, col(Hand.sitting_id) == Sitting.id)
    ).all()
    for hand, public_id, game, seats in rows:
        checked += 1
        record = GAMES[game].parse(json.loads(hand.record), seats, stored=True)
        try:
            GAMES[game].parse(json.loads(hand.record), seats)
            refused = None
        except InvalidHand as exc:
            refused = f"{exc.field}: {exc.message}"
        now = GAMES[game].score(record).net
        facts = tuple(k for k, v in GAMES[game].facts(record).items() if getattr(hand, k) != v)
        if tuple(now) != hand.scores(seats) or facts or refused:
            mismatches.append(Mismatch(public_id, hand.deal, hand.scores(seats), tuple(now), facts, refused))
            if fix and mismatches[-1].differs:
                hand.sqlmodel_update(hand_values(GAMES[game], record))
                db.add(hand)
                db.execute(bumped(db, col(Sitting.id) == hand.sitting_id))
    if fix:  # and how each session stands, as its game now says
        for sitting in db.exec(select(Sitting).where(col(Sitting.id).in_(select(Hand.sitting_id)))).all():
            restand(db, sitting)
        db.commit()
    return checked, mismatches


def backup_sqlite(engine: Engine, destination: Path) -> int:
    """Copy a live SQLite database with SQLite's online backup; returns pages copied."""
    if engine.url.get_backend_name() != "sqlite":
        raise ValueError("online backup is for SQLite; for PostgreSQL use pg_dump")
    if engine.url.database is None:
        raise ValueError("online backup is for a database in a file")
    destination = Path(destination)
    if destination.exists():
        raise ValueError(f"{destination} exists already: choose a new file")
    if not destination.parent.is_dir():
        raise ValueError(f"there is no folder {destination.parent}: make it first, or choose another")
    source = sqlite3.connect(engine.url.database)
    target = sqlite3.connect(private_file(destination))
    pages = 0

    def progress(_status: int, _remaining: int, total: int) -> None:
        nonlocal pages
        pages = total

    try:
        with target:
            source.backup(target, pages=256, progress=progress)
    finally:
        target.close()
        source.close()
    return pages
