"""Tables: a Sitting (what players call a session), its Players and Hands, and who may see it (Access).

"Sitting" avoids a clash with the database session and Flask's session.
A hand keeps its input record as JSON, so it can always be re-scored, and
its computed payments per seat, so totals are a sum.
"""

import json
import unicodedata
from datetime import UTC, datetime
from enum import StrEnum

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, Relationship, SQLModel

from .rules import HandRecord, HouseRules


def dealer_seat(first_dealer: int, deal: int) -> int:
    """The deal passes to the left: the seat that deals deal 1, 2, …"""
    return (first_dealer + deal - 1) % 4


def first_free_deal(played: set[int], deals: int) -> int | None:
    """The next deal to score: the lowest number not recorded yet (None when all are in)."""
    return next((d for d in range(1, deals + 1) if d not in played), None)


#: The longest player name: the scoreboard's columns are narrow on a phone.
MAX_NAME = 30


def one_line(text: str) -> bool:
    """No control characters (NUL, tabs, line breaks): a name is one line, and PostgreSQL refuses NUL.

    >>> one_line("Ann-Marie 🂡"), one_line("Ann\\tBob"), one_line("\\x00")
    (True, False, False)
    """
    return not any(unicodedata.category(c) == "Cc" for c in text)


def now() -> datetime:
    return datetime.now(UTC)


class Sitting(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    #: The unguessable id in the session's view link.
    public_id: str = Field(max_length=40, unique=True, index=True)
    #: The secret in the edit link; whoever opens that link may change hands.
    edit_key: str = Field(max_length=40)
    created_at: datetime = Field(default_factory=now, index=True)
    deals: int = 16
    first_dealer: int = 0
    #: House rules as JSON (``HouseRules.to_json``), fixed when the session starts.
    house_rules: str = "{}"
    #: The coins and notes on the table, as s/d text separated by spaces.
    coins: str = ""
    #: Goes up with every change to the session's hands. Bumped first in each
    #: change, so every change to a session takes its row lock in one order.
    revision: int = 0

    # Quoted: Player is defined below, and SQLModel reads this annotation at class creation.
    players: list["Player"] = Relationship(  # noqa: UP037
        sa_relationship_kwargs={"order_by": "Player.seat", "lazy": "selectin", "viewonly": True}
    )

    @property
    def names(self) -> list[str]:
        """The players' names in seat order."""
        return [p.name for p in self.players]

    @property
    def rules(self) -> HouseRules:
        return HouseRules.from_json(json.loads(self.house_rules))

    def dealer_of(self, deal: int) -> int:
        return dealer_seat(self.first_dealer, deal)


class Player(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("sitting_id", "seat"),)
    id: int | None = Field(default=None, primary_key=True)
    sitting_id: int = Field(foreign_key="sitting.id", index=True, ondelete="CASCADE")
    seat: int
    name: str = Field(max_length=40)


class Hand(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("sitting_id", "deal"),)
    id: int | None = Field(default=None, primary_key=True)
    sitting_id: int = Field(foreign_key="sitting.id", index=True, ondelete="CASCADE")
    deal: int
    #: The hand record as JSON (``HandRecord.to_json``).
    record: str
    pay_0: int
    pay_1: int
    pay_2: int
    pay_3: int
    #: Goes up by one on every edit, so a stale edit can be noticed.
    version: int = 1
    #: One per filled-in form: a second save of the same form is not a second hand.
    form_token: str = Field(max_length=64, unique=True)
    created_at: datetime = Field(default_factory=now)
    updated_at: datetime = Field(default_factory=now)

    @property
    def hand_record(self) -> HandRecord:
        return HandRecord.from_json(json.loads(self.record))

    @property
    def payments(self) -> tuple[int, int, int, int]:
        return (self.pay_0, self.pay_1, self.pay_2, self.pay_3)


class Role(StrEnum):
    """What one phone may do with one session, each role including the ones before it."""

    VIEWER = "viewer"  #: opened its view link: it is on this phone's list of sessions
    EDITOR = "editor"  #: opened its edit link: scores and changes hands
    OWNER = "owner"  #: started it: also deletes it and renews its edit link

    @property
    def rank(self) -> int:
        return list(Role).index(self)


class Access(SQLModel, table=True):
    """One phone's role in one session, kept on the server: a phone's cookie holds only its device id."""

    __table_args__ = (UniqueConstraint("device", "sitting_id"),)
    id: int | None = Field(default=None, primary_key=True)
    #: A random id in the phone's signed cookie.
    device: str = Field(max_length=40, index=True)
    sitting_id: int = Field(foreign_key="sitting.id", index=True, ondelete="CASCADE")
    role: str = Field(max_length=8)
    created_at: datetime = Field(default_factory=now)
