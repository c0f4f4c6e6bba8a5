"""Reading and writing sittings and hands, each change in one transaction.

The web layer calls these; templates get the plain values they return
(``Scoreboard``), never a database session.
"""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass, field
from functools import cache, cached_property

from sqlalchemy import func, update
from sqlmodel import Session, select

from .models import Hand, Player, Sitting, dealer_seat, first_free_deal, now
from .rules import HandRecord, HouseRules, Money, Result, score
from .settle import DEFAULT_COINS, Payment, coins_text, parse_coins, settle


class DealRefused(Exception):
    """A new hand cannot go in as this deal; ``next_deal`` is the lowest free one (None when all are in)."""

    def __init__(self, deal: int, next_deal: int | None):
        super().__init__(f"deal {deal} is refused")
        self.deal = deal
        self.next_deal = next_deal


class DealTaken(DealRefused):
    """Another phone saved this deal first."""


class NoSuchDeal(DealRefused):
    """The session has no deal of that number (only a doctored form sends one)."""


class StaleEdit(Exception):
    """The hand changed since the form was loaded."""

    def __init__(self, current: Hand):
        super().__init__("the hand changed since this form was loaded")
        self.current = current


def new_secret() -> str:
    """128 random bits, URL-safe: for view ids and edit keys."""
    return secrets.token_urlsafe(16)


def create_sitting(
    db: Session,
    names: list[str],
    deals: int,
    first_dealer: int,
    house_rules: HouseRules,
    coins: str | None = None,
    commit: bool = True,
) -> Sitting:
    sitting = Sitting(
        public_id=new_secret(),
        edit_key=new_secret(),
        deals=deals,
        first_dealer=first_dealer,
        house_rules=json.dumps(house_rules.to_json()),
        coins=coins or coins_text(DEFAULT_COINS),
    )
    db.add(sitting)
    db.flush()
    for seat, name in enumerate(names):
        db.add(Player(sitting_id=sitting.id, seat=seat, name=name))
    if commit:
        db.commit()
    else:
        db.flush()
    return sitting


@dataclass(frozen=True)
class SittingSummary:
    sitting: Sitting
    names: list[str]
    hands: int


def recent_sittings(db: Session, page: int = 1, per_page: int = 20) -> tuple[list[SittingSummary], bool]:
    """Sittings newest first, one page of them, and whether more follow."""
    rows = db.exec(
        select(Sitting)
        .order_by(Sitting.created_at.desc(), Sitting.id.desc())
        .offset((page - 1) * per_page)
        .limit(per_page + 1)
    ).all()
    more = len(rows) > per_page
    rows = rows[:per_page]
    ids = [s.id for s in rows]
    names: dict[int, list[str]] = {i: [""] * 4 for i in ids}
    counts: dict[int, int] = {}
    if ids:
        for p in db.exec(select(Player).where(Player.sitting_id.in_(ids))):
            names[p.sitting_id][p.seat] = p.name
        counted = select(Hand.sitting_id, func.count()).where(Hand.sitting_id.in_(ids)).group_by(Hand.sitting_id)
        counts = {sitting_id: n for sitting_id, n in db.exec(counted)}
    return [SittingSummary(s, names[s.id], counts.get(s.id, 0)) for s in rows], more


#: What ``new_secret`` makes: base64url text. Anything else names no session
#: and is not sent to the database (PostgreSQL refuses text holding NUL).
_SESSION_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")
_FORM_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")


def is_session_id(text: object) -> bool:
    """Whether ``text`` could be a session's public id.

    >>> is_session_id("AkJVpIB1z3LvPsKUxKqOsw"), is_session_id("\\x00"), is_session_id(7)
    (True, False, False)
    """
    return isinstance(text, str) and _SESSION_ID.fullmatch(text) is not None


def find_sitting(db: Session, public_id: str) -> Sitting | None:
    if not is_session_id(public_id):
        return None
    return db.exec(select(Sitting).where(Sitting.public_id == public_id)).first()


@dataclass(frozen=True)
class SittingFacts:
    """What never changes once a session has started: safe to keep in memory."""

    id: int
    public_id: str
    names: tuple[str, ...]
    deals: int
    first_dealer: int
    house_rules: HouseRules

    def dealer_of(self, deal: int) -> int:
        return dealer_seat(self.first_dealer, deal)


def sitting_facts(db: Session, public_id: str) -> SittingFacts | None:
    sitting = find_sitting(db, public_id)
    if sitting is None:
        return None
    names = db.exec(select(Player.name).where(Player.sitting_id == sitting.id).order_by(Player.seat)).all()
    return SittingFacts(
        sitting.id,
        sitting.public_id,
        tuple(names),
        sitting.deals,
        sitting.first_dealer,
        sitting.rules,
    )


@dataclass
class HandView:
    """One recorded hand, re-read for display."""

    deal: int
    dealer: int
    version: int
    record: HandRecord
    payments: tuple[int, int, int, int]

    @classmethod
    def of(cls, hand: Hand, dealer: int) -> HandView:
        return cls(hand.deal, dealer, hand.version, hand.hand_record, hand.payments)

    @cached_property
    def result(self) -> Result:
        return score(self.record)


@dataclass
class Scoreboard:
    sitting: Sitting
    names: list[str]
    hands: list[HandView] = field(default_factory=list)

    @property
    def public_id(self) -> str:
        return self.sitting.public_id

    @property
    def house_rules(self) -> HouseRules:
        return self.sitting.rules

    @property
    def coins(self) -> tuple[Money, ...]:
        return parse_coins(self.sitting.coins)

    def dealer_of(self, deal: int) -> int:
        return dealer_seat(self.sitting.first_dealer, deal)

    @property
    def next_deal(self) -> int | None:
        return first_free_deal({h.deal for h in self.hands}, self.sitting.deals)

    @property
    def totals(self) -> list[int]:
        return [sum(h.payments[s] for h in self.hands) for s in range(4)]

    @property
    def running(self) -> list[list[int]]:
        """Each seat's total after each recorded hand, starting from 0."""
        series = [[0] for _ in range(4)]
        for h in self.hands:
            for s in range(4):
                series[s].append(series[s][-1] + h.payments[s])
        return series

    @property
    def standings(self) -> list[tuple[int, str, int]]:
        """(seat, name, total), leader first."""
        totals = self.totals
        return sorted(((s, self.names[s], totals[s]) for s in range(4)), key=lambda r: (-r[2], r[0]))

    @property
    def settlement(self) -> list[Payment]:
        return settle(self.totals)


def load_scoreboard(db: Session, sitting: Sitting) -> Scoreboard:
    players = db.exec(select(Player).where(Player.sitting_id == sitting.id).order_by(Player.seat)).all()
    board = Scoreboard(sitting, [p.name for p in players])
    for h in db.exec(select(Hand).where(Hand.sitting_id == sitting.id).order_by(Hand.deal)):
        board.hands.append(HandView.of(h, board.dealer_of(h.deal)))
    return board


def _hand(db: Session, sitting: Sitting, deal: int) -> Hand | None:
    return db.exec(select(Hand).where(Hand.sitting_id == sitting.id, Hand.deal == deal)).first()


def hand_view(db: Session, sitting: SittingFacts, deal: int) -> HandView | None:
    """One recorded hand of a session, for the edit and delete pages."""
    h = _hand(db, sitting, deal)
    if h is None:
        return None
    return HandView.of(h, sitting.dealer_of(h.deal))


def lowest_free_deal(db: Session, sitting: Sitting | SittingFacts) -> int | None:
    """The next deal to score: the lowest number not recorded yet (None when all are in)."""
    return first_free_deal(set(db.exec(select(Hand.deal).where(Hand.sitting_id == sitting.id))), sitting.deals)


class DriverSQL:
    """SQL for the busiest statements, run on the database driver's own cursor.

    Saving a hand and asking whether a cached scoreboard is fresh are the
    busiest statements, and SQLAlchemy's bookkeeping for one small statement
    costs several times what the database takes to run it. Written once with
    ``:name`` parameters; the driver's own style is made once per dialect.
    """

    def __init__(self, sql: str):
        self.sql = sql
        self._by_style: dict[str, str] = {}

    def text(self, dialect) -> str:
        found = self._by_style.get(dialect.paramstyle)
        if found is None:  # sqlite3 takes :name itself; psycopg wants %(name)s
            found = self.sql if dialect.paramstyle in ("named", "qmark") else re.sub(r":(\w+)", r"%(\1)s", self.sql)
            self._by_style[dialect.paramstyle] = found
        return found

    def run(self, cursor, dialect, **params):
        cursor.execute(self.text(dialect), params)
        return cursor


_INSERT_HAND = DriverSQL(
    "INSERT INTO hand (sitting_id, deal, record, pay_0, pay_1, pay_2, pay_3, version, form_token, created_at,"
    " updated_at) VALUES (:sitting_id, :deal, :record, :pay_0, :pay_1, :pay_2, :pay_3, 1, :form_token, :stamp,"
    " :stamp)"
    " ON CONFLICT DO NOTHING"  # this form saved already, or the deal taken: told apart below
)
_SAVED_OR_TAKEN = DriverSQL(
    "SELECT form_token FROM hand WHERE form_token = :token OR (sitting_id = :sid AND deal = :deal)"
)
_TOUCH = DriverSQL("UPDATE sitting SET revision = revision + 1 WHERE id = :sid")
_REVISION = DriverSQL("SELECT id, revision FROM sitting WHERE public_id = :public_id")


@cache
def _time_to_driver(dialect):
    """How this dialect's column type hands a time to the driver (SQLite keeps text), or None."""
    return Hand.__table__.c.created_at.type.bind_processor(dialect)


def _stamp(dialect):
    """``now()`` as the driver takes it."""
    to_driver = _time_to_driver(dialect)
    return to_driver(now()) if to_driver else now()


def _touch(db: Session, sitting_id: int) -> None:
    """Bump the session's revision in the same transaction as the change to its hands."""
    connection = db.connection()
    _TOUCH.run(connection.connection.cursor(), connection.dialect, sid=sitting_id).close()


def record_hand(db: Session, sitting: Sitting | SittingFacts, deal: int, record: HandRecord, form_token: str) -> bool:
    """Save a new hand; True if saved now, False if this form was saved before (a second press).

    The unique constraints decide: the insert does nothing when this form's
    token or this deal is already there, and only then is the hand looked
    up to tell which. That also settles a race between two phones.
    """
    if not 1 <= deal <= sitting.deals:
        raise NoSuchDeal(deal, lowest_free_deal(db, sitting))
    if not _FORM_TOKEN.fullmatch(form_token):  # a doctored form: saved, without the second-press guard
        form_token = new_secret()
    connection = db.connection()
    dialect, cursor = connection.dialect, connection.connection.cursor()
    try:
        row = {"sitting_id": sitting.id, "deal": deal, "record": json.dumps(record.to_json()), "form_token": form_token}
        if _INSERT_HAND.run(cursor, dialect, stamp=_stamp(dialect), **row, **_pays(record)).rowcount == 1:
            _TOUCH.run(cursor, dialect, sid=sitting.id)
            db.commit()
            return True
        found = _SAVED_OR_TAKEN.run(cursor, dialect, sid=sitting.id, token=form_token, deal=deal).fetchall()
    finally:
        cursor.close()
    db.rollback()
    if any(token == form_token for (token,) in found):
        return False
    raise DealTaken(deal, lowest_free_deal(db, sitting))


def _pays(record: HandRecord) -> dict[str, int]:
    return {f"pay_{s}": n for s, n in enumerate(score(record).net_halfpence)}


def edit_hand(db: Session, sitting: Sitting, deal: int, record: HandRecord, version: int) -> Hand:
    hand = _hand(db, sitting, deal)
    if hand is None:
        raise LookupError(deal)
    if hand.version != version:
        raise StaleEdit(hand)
    # Compare-and-set on the version, so two phones cannot both win.
    changed = db.execute(
        update(Hand)
        .where(Hand.id == hand.id, Hand.version == version)
        .values(record=json.dumps(record.to_json()), version=version + 1, updated_at=now(), **_pays(record))
    ).rowcount
    if changed:
        _touch(db, sitting.id)
    db.commit()
    db.refresh(hand)
    if not changed:
        raise StaleEdit(hand)
    return hand


def delete_hand(db: Session, sitting: Sitting, deal: int) -> bool:
    hand = _hand(db, sitting, deal)
    if hand is None:
        return False
    db.delete(hand)
    _touch(db, sitting.id)
    db.commit()
    return True


def sitting_revision(engine, public_id: str) -> tuple[int, int] | None:
    """(id, revision) of a session: whether a cached page is fresh.

    Asked on every scoreboard view, so it goes straight to the driver on the
    pooled connection rather than through the ORM.
    """
    if not is_session_id(public_id):
        return None
    connection = engine.raw_connection()
    try:
        cursor = _REVISION.run(connection.cursor(), engine.dialect, public_id=public_id)
        row = cursor.fetchone()
        cursor.close()
    finally:
        connection.close()
    return (row[0], row[1]) if row else None
