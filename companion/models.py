"""Tables: a Sitting (what players call a session), its Players and Hands, and who may see it (Access);
a Group (a regular table or club) with its Members, whose sessions it holds (GroupAccess).

"Sitting" avoids a clash with the database session and Flask's session.
A hand keeps its input record as JSON, so it can always be re-scored, and
beside it what follows from the record: the payments per seat, so totals
are a sum, and the facts statistics count (declarer, bid, kind, made …),
so statistics are a GROUP BY. Both are written only by ``store.hand_values``.
"""

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Index, UniqueConstraint
from sqlmodel import Field, Relationship, SQLModel

from .games import DEFAULT, Game
from .names import MAX_GROUP_NAME
from .stores import Role as Role  # where the tables are, as ever: plain Python, the phone has it too
from .views import dealer_seat


def now() -> datetime:
    return datetime.now(UTC)


def saved_id(row: "Group | Member | Sitting | Hand") -> int:
    """The id of a row the database holds (loaded, or added and flushed): only a row not yet sent has none."""
    assert row.id is not None, f"{type(row).__name__} not saved yet"
    return row.id


def name_key(name: str) -> str:
    """What makes two names the same player: case and surrounding spaces do not count.

    >>> name_key(" Ann ") == name_key("ANN")
    True
    """
    return name.strip().casefold()


@dataclass(frozen=True)
class GameOptions:
    """A group's house rules for its sessions, game by game: each game's options as a session of it keeps them
    (``Game.options_json``), by game id. ``Group.house_rules`` keeps them as ``{game id: options}``; a flat
    object, as a group kept them when it had the usual game's alone, is the usual game's.

    >>> GameOptions.from_json({"martlet_values": "total"}).by_game
    {'sussex': {'martlet_values': 'total'}}
    >>> tapp = GameOptions.from_json({"sussex": {}, "tapp": {"counting": "simple"}})
    >>> tapp.by_game["tapp"], tapp.to_json() == {"sussex": {}, "tapp": {"counting": "simple"}}
    ({'counting': 'simple'}, True)
    """

    by_game: dict[str, dict[str, Any]]

    @classmethod
    def from_json(cls, stored: Any) -> "GameOptions":
        if not isinstance(stored, dict) or not stored:
            return cls({})
        if all(isinstance(options, dict) for options in stored.values()):  # no option of the usual game is one
            return cls(dict(stored))
        return cls({DEFAULT.id: stored})

    def keeps(self, game: Game[Any]) -> bool:
        """Whether the group has chosen house rules for ``game``."""
        return game.id in self.by_game

    def of(self, game: Game[Any]) -> Any:
        """The options a session of ``game`` starts with: the group's, else the game's usual ones."""
        return game.options(self.by_game.get(game.id, {}))

    def choosing(self, game: Game[Any], options: Any) -> "GameOptions":
        """The same with ``game``'s options chosen anew."""
        return GameOptions({**self.by_game, game.id: game.options_json(options)})

    def to_json(self) -> dict[str, Any]:
        """What ``Group.house_rules`` keeps: flat while the usual game's are the only ones chosen (as a group's
        backup has them), else by game id."""
        if set(self.by_game) <= {DEFAULT.id}:
            return dict(self.by_game.get(DEFAULT.id, {}))
        return dict(self.by_game)


class Group(SQLModel, table=True):
    """A regular table or club: its players (``Member``) and its sessions, under one private link."""

    __tablename__ = "player_group"  # GROUP is an SQL keyword
    id: int | None = Field(default=None, primary_key=True)
    public_id: str = Field(max_length=40, unique=True, index=True)
    edit_key: str = Field(max_length=40)
    name: str = Field(max_length=MAX_GROUP_NAME)
    created_at: datetime = Field(default_factory=now)
    #: What a session started from the group begins with: each game's house rules (``GameOptions``), the coins.
    house_rules: str = "{}"
    coins: str = ""

    members: list["Member"] = Relationship(  # noqa: UP037
        sa_relationship_kwargs={"order_by": "Member.name_key", "lazy": "selectin", "viewonly": True}
    )

    @property
    def defaults(self) -> GameOptions:
        """The house rules its sessions start with, game by game."""
        return GameOptions.from_json(json.loads(self.house_rules))

    def options_for(self, game: Game[Any]) -> Any:
        """The options (house rules) a session of ``game`` started from the group begins with."""
        return self.defaults.of(game)


class Member(SQLModel, table=True):
    """One player of a group. Sessions' seats point here, so a rename keeps the player's history."""

    __table_args__ = (UniqueConstraint("group_id", "name_key"),)
    id: int | None = Field(default=None, primary_key=True)
    group_id: int = Field(foreign_key="player_group.id", index=True, ondelete="CASCADE")
    name: str = Field(max_length=40)
    #: ``name_key(name)``: names are unique within a group whatever their case.
    name_key: str = Field(max_length=40)
    created_at: datetime = Field(default_factory=now)


class Sitting(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    #: The group whose evening this is, if any.
    group_id: int | None = Field(default=None, foreign_key="player_group.id", index=True)
    #: Which game (``companion.games.GAMES``), and how many play it.
    game: str = Field(default="sussex", max_length=16)
    seats: int = 4
    #: For a game scored in points: halfpence a point (or a game, as ``stake_per`` says) is worth.
    stake: int = 2
    #: What the stake is per (``games.base.Stake``: "point" or "game"); empty for the game's usual way.
    stake_per: str = Field(default="", max_length=8)
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
    #: SQLite: the session's place in the order of changes, set with ``revision``: one more than the highest yet
    #: (``store.LAST_TOUCHED``). One writer at a time, so it goes up in the order the changes commit: the looks for
    #: the phones following (``companion.live``) ask for the sessions changed since the last. (PostgreSQL NOTIFYs.)
    touched: int = Field(default=0, index=True)
    # How the session stands after its hands, as its game says (``Game.outcome``): written with every change
    # to its hands (``store.restand``), so that lists and statistics read a line, not every hand.
    #: How many hands are in.
    played: int = 0
    #: Whether it is over.
    finished: bool = False
    #: Who won it: seats, separated by spaces (none while it goes on, or for a drawn game).
    winners: str = Field(default="", max_length=16)

    # Quoted: Player is defined below, and SQLModel reads this annotation at class creation.
    players: list["Player"] = Relationship(  # noqa: UP037
        sa_relationship_kwargs={"order_by": "Player.seat", "lazy": "selectin", "viewonly": True}
    )
    group: Group | None = Relationship(sa_relationship_kwargs={"lazy": "select", "viewonly": True})

    @property
    def names(self) -> list[str]:
        """The players' names in seat order."""
        return [p.name for p in self.players]

    @property
    def options(self) -> Any:
        """The session's options, as its game reads them (Sussex Tarot's house rules, Tapp Tarock's counting)."""
        from .games import GAMES

        return GAMES[self.game].options(json.loads(self.house_rules))

    def dealer_of(self, deal: int) -> int:
        return dealer_seat(self.first_dealer, deal, self.seats)

    @property
    def winner_seats(self) -> tuple[int, ...]:
        return tuple(int(seat) for seat in self.winners.split())


class Player(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("sitting_id", "seat"),)
    id: int | None = Field(default=None, primary_key=True)
    sitting_id: int = Field(foreign_key="sitting.id", index=True, ondelete="CASCADE")
    seat: int
    name: str = Field(max_length=40)
    #: The group's player in this seat (sessions of a group only).
    member_id: int | None = Field(default=None, foreign_key="member.id", index=True)


class Hand(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("sitting_id", "deal"),)
    id: int | None = Field(default=None, primary_key=True)
    sitting_id: int = Field(foreign_key="sitting.id", index=True, ondelete="CASCADE")
    deal: int
    #: The hand record as JSON (its game's record's ``to_json``).
    record: str
    pay_0: int
    pay_1: int
    pay_2: int
    pay_3: int
    #: The fifth seat, in a five-player game.
    pay_4: int = 0
    # What follows from the record, for statistics (``Game.facts``: seats; None where there is no such player).
    bid: str = Field(default="", max_length=16)
    declarer: int = 0
    kind: str = Field(default="", max_length=16)
    made: bool = False
    partner: int | None = None
    stinger: int | None = None
    stinger_made: bool | None = None
    #: How many declarations declarer made.
    declared: int = 0
    #: Bonuses made by each side (Hundred included), counted.
    bonuses_declarer: int = 0
    bonuses_defence: int = 0
    #: Goes up by one on every edit, so a stale edit can be noticed.
    version: int = 1
    #: One per filled-in form: a second save of the same form is not a second hand.
    form_token: str = Field(max_length=64, unique=True)
    created_at: datetime = Field(default_factory=now)
    updated_at: datetime = Field(default_factory=now)

    def scores(self, seats: int) -> tuple[int, ...]:
        """Each seat's score, for a session of ``seats`` players."""
        return (self.pay_0, self.pay_1, self.pay_2, self.pay_3, self.pay_4)[:seats]


class DeletedSitting(SQLModel, table=True):
    """What is left of a deleted session: its id, so that a phone still on it is told it was deleted."""

    __tablename__ = "deleted_sitting"
    id: int | None = Field(default=None, primary_key=True)
    public_id: str = Field(max_length=40, unique=True, index=True)
    deleted_at: datetime = Field(default_factory=now)
    #: SQLite: the session's place in the order of changes when it was deleted (``Sitting.touched``): the looks
    #: tell its phones, and the order never goes back when its row goes.
    touched: int = Field(default=0, index=True)


class RateLimitHit(SQLModel, table=True):
    """One request that counted against a rate limit (``companion.ratelimit``), for its window's length."""

    __tablename__ = "rate_limit_hit"
    __table_args__ = (Index("ix_rate_limit_hit_key_at", "key", "at"),)
    id: int | None = Field(default=None, primary_key=True)
    #: Flask-Limiter's key: the limit, its scope and the client's address.
    key: str = Field(max_length=255)
    #: When, in seconds since the epoch.
    at: float = Field(index=True)


class Grant(SQLModel):
    """One phone's role in one session or group, kept on the server: a phone's cookie holds only its device id."""

    id: int | None = Field(default=None, primary_key=True)
    #: A random id in the phone's signed cookie.
    device: str = Field(max_length=40, index=True)
    role: str = Field(max_length=8)
    created_at: datetime = Field(default_factory=now)


class Access(Grant, table=True):
    """A phone's role in a session."""

    __table_args__ = (UniqueConstraint("device", "sitting_id"),)
    sitting_id: int = Field(foreign_key="sitting.id", index=True, ondelete="CASCADE")


class GroupAccess(Grant, table=True):
    """A phone's role in a group; an editor of the group also scores the group's sessions."""

    __table_args__ = (UniqueConstraint("device", "group_id"),)
    group_id: int = Field(foreign_key="player_group.id", index=True, ondelete="CASCADE")
