"""Reading and writing sittings and hands, each change in one transaction.

The web layer calls these; templates get the plain values they return
(``Scoreboard``, ``HandView``), never a database session. Every write goes
through the ORM, and each change to a session's hands bumps the session's
revision first, so concurrent changes lock the session row, then the hand.
"""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from sqlalchemy import func
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, delete, select, update

from .models import Access, Hand, Player, Role, Sitting, first_free_deal, now
from .rules import HandRecord, HouseRules, Money, MoneyError, Result, score
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


def new_secret() -> str:
    """128 random bits, URL-safe: for view ids, edit keys and form tokens.

    Never starting with "-", which a command line would read as an option (``flask edit-link <id>``).
    """
    while (secret := secrets.token_urlsafe(16)).startswith("-"):
        pass
    return secret


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
    db.refresh(sitting)  # its players, as stored
    return sitting


@dataclass(frozen=True)
class SittingSummary:
    sitting: Sitting
    hands: int
    role: Role


def sittings_of(
    db: Session, device: str | None, page: int = 1, per_page: int = 20
) -> tuple[list[SittingSummary], bool]:
    """The sessions this phone started, joined or opened, newest first: one page, and whether more follow."""
    if device is None:
        return [], False
    rows = db.exec(
        select(Sitting, Access.role)
        .join(Access, Access.sitting_id == Sitting.id)
        .where(Access.device == device)
        .order_by(Sitting.created_at.desc(), Sitting.id.desc())
        .offset((page - 1) * per_page)
        .limit(per_page + 1)
    ).all()
    more = len(rows) > per_page
    rows = rows[:per_page]
    counts: dict[int, int] = {}
    if rows:
        ids = [s.id for s, _ in rows]
        counted = select(Hand.sitting_id, func.count()).where(Hand.sitting_id.in_(ids)).group_by(Hand.sitting_id)
        counts = {sitting_id: n for sitting_id, n in db.exec(counted)}
    return [SittingSummary(s, counts.get(s.id or 0, 0), Role(role)) for s, role in rows], more


def role_of(db: Session, device: str | None, sitting: Sitting) -> Role | None:
    if device is None:
        return None
    found = db.exec(select(Access.role).where(Access.device == device, Access.sitting_id == sitting.id)).first()
    return Role(found) if found else None


def grant(db: Session, device: str, sitting: Sitting, role: Role) -> None:
    """Give this phone ``role`` in the session, unless it already has a higher one."""
    for _ in range(2):  # two tabs of one phone may race to insert the same row: the second then updates
        row = db.exec(select(Access).where(Access.device == device, Access.sitting_id == sitting.id)).first()
        if row is None:
            db.add(Access(device=device, sitting_id=sitting.id, role=role.value))
        elif Role(row.role).rank < role.rank:
            row.role = role.value
        else:
            return
        try:
            db.commit()
            return
        except IntegrityError:
            db.rollback()


def renew_edit_key(db: Session, sitting: Sitting) -> str:
    """A new edit link: the old one stops working, and phones that joined with it may only view again."""
    sitting.edit_key = new_secret()
    db.add(sitting)
    db.exec(
        update(Access)
        .where(Access.sitting_id == sitting.id, Access.role == Role.EDITOR.value)
        .values(role=Role.VIEWER.value)
    )
    db.commit()
    return sitting.edit_key


def delete_sitting(db: Session, sitting: Sitting) -> None:
    """The session with its players, hands and every phone's access to it."""
    db.exec(delete(Access).where(Access.sitting_id == sitting.id))
    db.exec(delete(Hand).where(Hand.sitting_id == sitting.id))
    db.exec(delete(Player).where(Player.sitting_id == sitting.id))
    db.exec(delete(Sitting).where(Sitting.id == sitting.id))
    db.commit()


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


def revision_of(db: Session, public_id: str) -> int | None:
    """A session's revision alone (one column, none of its players): what a polling scoreboard asks."""
    if not is_session_id(public_id):
        return None
    return db.exec(select(Sitting.revision).where(Sitting.public_id == public_id)).first()


def find_sitting(db: Session, public_id: str) -> Sitting | None:
    if not is_session_id(public_id):
        return None
    return db.exec(select(Sitting).where(Sitting.public_id == public_id)).first()


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
        return score(self.record, working=True)


@dataclass
class Scoreboard:
    """A session with its recorded hands: totals, standings and settlement for the scoreboard.

    Built whole by ``load_scoreboard``; the figures are worked out once, on first use.
    """

    sitting: Sitting
    hands: list[HandView] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        return self.sitting.names

    @property
    def coins(self) -> tuple[Money, ...]:
        try:
            return parse_coins(self.sitting.coins)
        except MoneyError:  # stored before coin sets were capped: the usual coins instead
            return DEFAULT_COINS

    @property
    def next_deal(self) -> int | None:
        return first_free_deal({h.deal for h in self.hands}, self.sitting.deals)

    @cached_property
    def totals(self) -> list[int]:
        return [sum(h.payments[s] for h in self.hands) for s in range(4)]

    @cached_property
    def running(self) -> list[list[int]]:
        """Each seat's total after each recorded hand, starting from 0."""
        series = [[0] for _ in range(4)]
        for h in self.hands:
            for s in range(4):
                series[s].append(series[s][-1] + h.payments[s])
        return series

    @cached_property
    def standings(self) -> list[tuple[int, str, int]]:
        """(seat, name, total), leader first."""
        totals = self.totals
        return sorted(((s, self.names[s], totals[s]) for s in range(4)), key=lambda r: (-r[2], r[0]))

    @cached_property
    def places(self) -> list[int]:
        """Each seat's place, 1 for the leader; equal totals share a place.

        The totals stay in seat order on the board (tiles never move); places say who leads.
        """
        totals = self.totals
        return [1 + sum(other > total for other in totals) for total in totals]

    @cached_property
    def settlement(self) -> list[Payment]:
        return settle(self.totals)


def load_scoreboard(db: Session, sitting: Sitting) -> Scoreboard:
    board = Scoreboard(sitting)
    for h in db.exec(select(Hand).where(Hand.sitting_id == sitting.id).order_by(Hand.deal)):
        board.hands.append(HandView.of(h, sitting.dealer_of(h.deal)))
    return board


def _hand(db: Session, sitting: Sitting, deal: int) -> Hand | None:
    return db.exec(select(Hand).where(Hand.sitting_id == sitting.id, Hand.deal == deal)).first()


def hand_view(db: Session, sitting: Sitting, deal: int) -> HandView | None:
    """One recorded hand of a session, for the edit and delete pages."""
    h = _hand(db, sitting, deal)
    if h is None:
        return None
    return HandView.of(h, sitting.dealer_of(h.deal))


def hand_count(db: Session, sitting: Sitting) -> int:
    return db.exec(select(func.count()).select_from(Hand).where(Hand.sitting_id == sitting.id)).one()


def lowest_free_deal(db: Session, sitting: Sitting) -> int | None:
    """The next deal to score: the lowest number not recorded yet (None when all are in)."""
    return first_free_deal(set(db.exec(select(Hand.deal).where(Hand.sitting_id == sitting.id))), sitting.deals)


def hand_values(record: HandRecord) -> dict[str, Any]:
    """What a hand row stores for a record: the record as JSON and each seat's payment.

    The one place a hand's stored values are made (save, edit, import, re-score).
    """
    values: dict[str, Any] = {"record": json.dumps(record.to_json())}
    values.update({f"pay_{s}": n for s, n in enumerate(score(record).net_halfpence)})
    return values


def _bump_revision(db: Session, sitting: Sitting) -> None:
    """First in every change to a session's hands: takes the session's row lock, so changes queue in one order."""
    db.exec(update(Sitting).where(Sitting.id == sitting.id).values(revision=Sitting.revision + 1))


def record_hand(db: Session, sitting: Sitting, deal: int, record: HandRecord, form_token: str) -> bool:
    """Save a new hand; True if saved now, False if this form was saved before (a second press).

    The unique constraints decide: a second press of the same form repeats
    its token, and a deal another phone saved first repeats the deal.
    """
    if not 1 <= deal <= sitting.deals:
        raise NoSuchDeal(deal, lowest_free_deal(db, sitting))
    if not _FORM_TOKEN.fullmatch(form_token):  # a doctored form: saved, without the second-press guard
        form_token = new_secret()
    try:
        _bump_revision(db, sitting)
        stamp = now()
        db.add(
            Hand(
                sitting_id=sitting.id,
                deal=deal,
                form_token=form_token,
                created_at=stamp,
                updated_at=stamp,
                **hand_values(record),
            )
        )
        db.commit()
        return True
    except IntegrityError:
        db.rollback()
    if db.exec(select(Hand.id).where(Hand.form_token == form_token)).first() is not None:
        return False
    raise DealTaken(deal, lowest_free_deal(db, sitting))


def edit_hand(db: Session, sitting: Sitting, deal: int, record: HandRecord, version: int) -> None:
    """Replace a hand's record; ``StaleEdit`` when it changed since ``version`` was read (or is gone)."""
    _bump_revision(db, sitting)
    # Compare-and-set on the version, so two phones cannot both win.
    changed = db.exec(
        update(Hand)
        .where(Hand.sitting_id == sitting.id, Hand.deal == deal, Hand.version == version)
        .values(version=version + 1, updated_at=now(), **hand_values(record))
    ).rowcount
    if not changed:
        db.rollback()
        raise StaleEdit(deal)
    db.commit()


def delete_hand(db: Session, sitting: Sitting, deal: int) -> bool:
    _bump_revision(db, sitting)
    hand = _hand(db, sitting, deal)
    if hand is None:
        db.rollback()
        return False
    db.delete(hand)
    db.commit()
    return True
