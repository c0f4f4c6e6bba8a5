"""Reading and writing sittings and hands, each change in one transaction.

The web layer calls these; templates get the plain values they return
(``Scoreboard``), never a database session.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from functools import cached_property

from sqlalchemy import bindparam, func, insert, or_, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from .models import Hand, Player, Sitting, dealer_seat, first_free_deal, now
from .rules import HandRecord, HouseRules, Money, Result, score
from .settle import DEFAULT_COINS, Payment, coins_text, parse_coins, settle


class DealTaken(Exception):
    """Another phone saved this deal first."""

    def __init__(self, deal: int, next_deal: int | None):
        super().__init__(f"deal {deal} is already recorded")
        self.deal = deal
        self.next_deal = next_deal


class StaleEdit(Exception):
    """The hand changed since the form was loaded."""

    def __init__(self, current: Hand):
        super().__init__("the hand changed since this form was loaded")
        self.current = current


class SittingFull(Exception):
    """Every deal of the session is already recorded."""


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


def find_sitting(db: Session, public_id: str) -> Sitting | None:
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


# Statements built once: saving a hand is the busiest write, and building
# SQLAlchemy statements costs more than running them.
_TOUCH = update(Sitting).where(Sitting.id == bindparam("sid")).values(revision=Sitting.revision + 1)
_SAVED_OR_TAKEN = select(Hand.form_token, Hand.deal).where(
    Hand.sitting_id == bindparam("sid"), or_(Hand.form_token == bindparam("token"), Hand.deal == bindparam("deal"))
)
_INSERT_HAND = insert(Hand)


def _touch(db: Session, sitting_id: int) -> None:
    """Bump the session's revision in the same transaction as the change to its hands."""
    db.connection().execute(_TOUCH, {"sid": sitting_id})


def record_hand(db: Session, sitting: Sitting | SittingFacts, deal: int, record: HandRecord, form_token: str) -> bool:
    """Save a new hand; True if saved now, False if this form was saved before (a second press).

    One look-up answers both "was this form saved already?" and "is this deal
    taken?"; the unique constraints settle any race between two phones.
    """
    if not 1 <= deal <= sitting.deals:
        raise SittingFull()
    connection = db.connection()
    found = connection.execute(_SAVED_OR_TAKEN, {"sid": sitting.id, "token": form_token, "deal": deal}).all()
    if any(token == form_token for token, _ in found):
        return False
    if found:
        raise DealTaken(deal, lowest_free_deal(db, sitting))
    stamp = now()
    try:
        row = {"sitting_id": sitting.id, "deal": deal, "record": json.dumps(record.to_json())}
        row.update(form_token=form_token, version=1, created_at=stamp, updated_at=stamp, **_pays(record))
        connection.execute(_INSERT_HAND, row)
        _touch(db, sitting.id)
        db.commit()
    except IntegrityError:  # a concurrent save won the race
        db.rollback()
        if db.execute(select(Hand.id).where(Hand.form_token == form_token)).first() is not None:
            return False
        raise DealTaken(deal, lowest_free_deal(db, sitting)) from None
    return True


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

    Asked on every scoreboard view, so it goes straight to the driver (the
    pooled connection, one prepared statement) rather than through the ORM.
    """
    marker = "?" if engine.dialect.paramstyle == "qmark" else "%s"
    connection = engine.raw_connection()
    try:
        cursor = connection.cursor()
        cursor.execute(f"SELECT id, revision FROM sitting WHERE public_id = {marker}", (public_id,))
        row = cursor.fetchone()
        cursor.close()
    finally:
        connection.close()
    return (row[0], row[1]) if row else None
