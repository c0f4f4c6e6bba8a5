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
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, update
from sqlmodel import Session, select

from .db import private_file
from .models import MAX_NAME, Hand, Sitting, one_line
from .rules import HandRecord, HouseRules, InvalidHand, Money, score
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


def _check_session(data: Any, n: int) -> tuple[list[str], int, int, HouseRules, str, list[tuple[int, HandRecord]]]:
    where = f"session {n + 1}"
    try:
        names = data["players"]
        deals, first_dealer = data["deals"], data["first_dealer"]
        if not (
            isinstance(names, list)
            and len(names) == 4
            and all(isinstance(x, str) and 0 < len(x.strip()) <= MAX_NAME and one_line(x) for x in names)
        ):
            raise ImportError_(f"{where}: players must be four names of 1 to {MAX_NAME} characters on one line")
        if deals not in (8, 16) or first_dealer not in range(4):
            raise ImportError_(f"{where}: deals must be 8 or 16 and first_dealer a seat 0-3")
        house_rules = HouseRules.from_json(data.get("house_rules") or {})
        coins = data.get("coins") or ""
        if coins:
            parse_coins(coins)
        hands = []
        for item in data["hands"]:
            deal = item["deal"]
            if not isinstance(deal, int) or not 1 <= deal <= deals or deal in {d for d, _ in hands}:
                raise ImportError_(f"{where}: deal {deal!r} is not a free deal number")
            hands.append((deal, HandRecord.from_json(item["hand"])))
    except InvalidHand as exc:
        raise ImportError_(f"{where}: a hand is invalid: {exc}") from None
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, ImportError_):
            raise
        raise ImportError_(f"{where}: {exc.__class__.__name__} {exc}") from None
    return [x.strip() for x in names], deals, first_dealer, house_rules, coins, hands


def import_all(db: Session, data: Any) -> list[Imported]:
    """Import every session of an export, all or nothing."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportError_(f"not a {FORMAT} export")
    if data.get("version") != VERSION:
        raise ImportError_(f"export version {data.get('version')!r} is not {VERSION}")
    sessions = data.get("sessions")
    if not isinstance(sessions, list):
        raise ImportError_("sessions must be a list")
    checked = [_check_session(s, n) for n, s in enumerate(sessions)]  # everything checked before anything saved
    done = []
    try:
        for raw, (names, deals, first_dealer, house_rules, coins, hands) in zip(sessions, checked, strict=True):
            sitting = create_sitting(db, names, deals, first_dealer, house_rules, coins or None, commit=False)
            if is_session_id(raw.get("id")) and find_sitting(db, raw["id"]) is None:
                sitting.public_id = raw["id"]
            if raw.get("created_at"):
                sitting.created_at = datetime.fromisoformat(raw["created_at"])
            rescored = []
            for (deal, record), item in zip(hands, raw["hands"], strict=True):
                hand = Hand(sitting_id=sitting.id, deal=deal, form_token=new_secret(), **hand_values(record))
                if item.get("net_halfpence") not in (None, list(hand.payments)):
                    rescored.append(deal)
                db.add(hand)
            done.append(Imported(sitting, len(hands), rescored))
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
    return str(Money(halfpence)).replace("-", "\u2212", 1)


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
