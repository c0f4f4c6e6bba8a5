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
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, update
from sqlmodel import Session, select

from .db import private_file
from .models import MAX_NAME, Hand, Sitting, one_line
from .rules import HandRecord, HouseRules, InvalidHand, Money, MoneyError, score, true_minus
from .settle import parse_coins
from .store import create_sitting, find_sitting, hand_values, is_session_id, load_scoreboard, new_secret

FORMAT = "sussex-tarot-sessions"
VERSION = 1


class ImportError_(ValueError):
    """An export file that cannot be imported; nothing was saved."""


def export_sitting(db: Session, sitting: Sitting) -> dict[str, Any]:
    hands = db.exec(select(Hand).where(Hand.sitting_id == sitting.id).order_by(Hand.deal)).all()
    return {
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
                "net_halfpence": list(h.payments),
                "created_at": h.created_at.isoformat(),
                "updated_at": h.updated_at.isoformat(),
            }
            for h in hands
        ],
    }


def export_all(db: Session, only: list[Sitting] | None = None) -> dict[str, Any]:
    sittings = only if only is not None else db.exec(select(Sitting).order_by(Sitting.created_at, Sitting.id)).all()
    return {"format": FORMAT, "version": VERSION, "sessions": [export_sitting(db, s) for s in sittings]}


@dataclass(frozen=True)
class Imported:
    sitting: Sitting
    hands: int
    #: Deals whose payments in the file differ from what the rules give now.
    rescored: list[int]


@dataclass(frozen=True)
class _HandIn:
    deal: int
    record: HandRecord
    net_halfpence: Any
    created_at: datetime | None
    updated_at: datetime | None


@dataclass(frozen=True)
class _SessionIn:
    public_id: Any
    names: list[str]
    deals: int
    first_dealer: int
    house_rules: HouseRules
    coins: str
    created_at: datetime | None
    hands: list[_HandIn]


def _whole(value: Any, allowed: range | tuple[int, ...]) -> bool:
    """A JSON whole number among ``allowed``: never true, 8.0 or "8" (Python counts True as 1)."""
    return type(value) is int and value in allowed


def _stamp(item: dict, key: str, where: str, problems: list[str]) -> datetime | None:
    value = item.get(key)
    if value is None:
        return None
    try:
        stamp = datetime.fromisoformat(value)
        return stamp if stamp.tzinfo is not None else stamp.replace(tzinfo=UTC)  # no zone given: UTC, as stored
    except (TypeError, ValueError):
        problems.append(f"{where}: {key} must be a date and time such as 2026-11-23T20:15:00, not {value!r:.40}")
        return None


def _check_names(names: Any, where: str, problems: list[str]) -> list[str]:
    if not isinstance(names, list) or len(names) != 4 or not all(isinstance(x, str) for x in names):
        problems.append(f"{where}: players must be a list of four names")
        return []
    stripped = [x.strip() for x in names]
    for seat, name in enumerate(stripped):
        if not 0 < len(name) <= MAX_NAME or not one_line(name):
            problems.append(f"{where}: player {seat + 1} must be a name of 1 to {MAX_NAME} characters on one line")
    if len({x.casefold() for x in stripped}) < 4:
        problems.append(f"{where}: each player needs a different name")
    return stripped


def _check_session(data: Any, n: int, problems: list[str]) -> _SessionIn | None:
    """One session of an export, or None with a line per problem added to ``problems``."""
    where = f"session {n + 1}"
    if not isinstance(data, dict):
        problems.append(f"{where}: must be an object")
        return None
    before = len(problems)
    names = _check_names(data.get("players"), where, problems)
    deals, first_dealer = data.get("deals"), data.get("first_dealer")
    if not _whole(deals, (8, 16)):
        problems.append(f"{where}: deals must be 8 or 16, not {deals!r:.40}")
        deals = 16
    if not _whole(first_dealer, range(4)):
        problems.append(f"{where}: first_dealer must be a seat 0 to 3, not {first_dealer!r:.40}")
    house_rules = HouseRules()
    try:
        house_rules = HouseRules.from_json(data.get("house_rules", {}))
    except (KeyError, ValueError):
        known = ", ".join(HouseRules().to_json())
        problems.append(f"{where}: house_rules must be an object of known rules ({known}) with known values")
    coins = data.get("coins", "")
    if not isinstance(coins, str):
        problems.append(f"{where}: coins must be text such as '0/6 1/- 2/6'")
    elif coins:
        try:
            parse_coins(coins)
        except MoneyError as exc:
            problems.append(f"{where}: coins: {exc}")
    created_at = _stamp(data, "created_at", where, problems)
    items = data.get("hands")
    if not isinstance(items, list):
        problems.append(f"{where}: hands must be a list")
        items = []
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
            record = HandRecord.from_json(item.get("hand"))
        except InvalidHand as exc:
            problems.append(f"{here} (deal {deal}): {exc.field}: {exc.message}")
            continue
        stamps = [_stamp(item, key, here, problems) for key in ("created_at", "updated_at")]
        hands.append(_HandIn(deal, record, item.get("net_halfpence"), *stamps))
    if len(problems) > before:
        return None
    return _SessionIn(data.get("id"), names, deals, first_dealer, house_rules, coins, created_at, hands)


def check_export(data: Any) -> list[_SessionIn]:
    """Every session of an export, checked whole; ``ImportError_`` with one line per problem."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportError_(f"not a {FORMAT} export")
    if not _whole(data.get("version"), (VERSION,)):
        raise ImportError_(f"export version {data.get('version')!r:.40} is not {VERSION}")
    sessions = data.get("sessions")
    if not isinstance(sessions, list):
        raise ImportError_("sessions must be a list")
    problems: list[str] = []
    checked = [_check_session(s, n, problems) for n, s in enumerate(sessions)]
    if problems:
        raise ImportError_("\n".join(problems))
    return [s for s in checked if s is not None]


def import_all(db: Session, data: Any) -> list[Imported]:
    """Import every session of an export, all or nothing: everything is checked before anything is saved."""
    done = []
    try:
        for s in check_export(data):
            sitting = create_sitting(db, s.names, s.deals, s.first_dealer, s.house_rules, s.coins or None, commit=False)
            if is_session_id(s.public_id) and find_sitting(db, s.public_id) is None:
                sitting.public_id = s.public_id
            if s.created_at is not None:
                sitting.created_at = s.created_at
            rescored = []
            for h in s.hands:
                hand = Hand(sitting_id=sitting.id, deal=h.deal, form_token=new_secret(), **hand_values(h.record))
                if h.created_at is not None:
                    hand.created_at = h.created_at
                hand.updated_at = h.updated_at or hand.created_at
                if h.net_halfpence not in (None, list(hand.payments)):
                    rescored.append(h.deal)
                db.add(hand)
            done.append(Imported(sitting, len(s.hands), rescored))
        db.commit()
    except Exception:
        db.rollback()
        raise
    return done


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

    def writerow(self, row: list[object]) -> None:
        self._writer.writerow([_cell(v) for v in row])


def hands_csv(db: Session, sitting: Sitting) -> str:
    """One row per hand with its inputs and every player's payment (formula characters neutralised)."""
    board = load_scoreboard(db, sitting)
    out = io.StringIO()
    writer = _SafeWriter(out)
    names = board.names
    writer.writerow(
        [
            "deal",
            "dealer",
            "declarer",
            "bid",
            "called card",
            "category",
            "young trumps",
            "kind",
            "made",
            "card points",
            "stinger points",
        ]
        + [f"{n} (s/d)" for n in names]
        + [f"{n} (halfpence)" for n in names]
    )
    for h in board.hands:
        r = h.record
        writer.writerow(
            [
                h.deal,
                names[h.dealer],
                names[r.declarer],
                r.bid.id,
                r.called_card.code if r.called_card else "",
                r.category.id,
                r.young_trumps.value if r.young_trumps else "",
                r.kind.id,
                "yes" if r.made else "no",
                r.points,
                "" if r.stinger_points is None else r.stinger_points,
            ]
            + [_sd(p) for p in h.payments]
            + list(h.payments)
        )
    totals = board.totals
    writer.writerow(["total"] + [""] * 10 + [_sd(t) for t in totals] + totals)
    return out.getvalue()


@dataclass(frozen=True)
class Mismatch:
    public_id: str
    deal: int
    stored: tuple[int, int, int, int]
    now: tuple[int, int, int, int]


def rescore_all(db: Session, fix: bool = False) -> tuple[int, list[Mismatch]]:
    """Re-score every stored hand; report (and with ``fix``, correct) those that changed."""
    checked, mismatches = 0, []
    rows = db.exec(select(Hand, Sitting.public_id).join(Sitting, Hand.sitting_id == Sitting.id)).all()
    for hand, public_id in rows:
        checked += 1
        now = score(hand.hand_record).net_halfpence
        if tuple(now) != hand.payments:
            mismatches.append(Mismatch(public_id, hand.deal, hand.payments, tuple(now)))
            if fix:
                hand.sqlmodel_update(hand_values(hand.hand_record))
                db.add(hand)
                db.execute(update(Sitting).where(Sitting.id == hand.sitting_id).values(revision=Sitting.revision + 1))
    if fix:
        db.commit()
    return checked, mismatches


def backup_sqlite(engine: Engine, destination: Path) -> int:
    """Copy a live SQLite database with SQLite's online backup; returns pages copied."""
    if engine.url.get_backend_name() != "sqlite":
        raise ValueError("online backup is for SQLite; for PostgreSQL use pg_dump")
    destination = Path(destination)
    if destination.exists():
        raise ValueError(f"{destination} exists already: choose a new file")
    if not destination.parent.is_dir():
        raise ValueError(f"there is no folder {destination.parent}: make it first, or choose another")
    source = sqlite3.connect(engine.url.database)
    target = sqlite3.connect(private_file(destination))
    pages = 0

    def progress(_status, _remaining, total):
        nonlocal pages
        pages = total

    try:
        with target:
            source.backup(target, pages=256, progress=progress)
    finally:
        target.close()
        source.close()
    return pages
