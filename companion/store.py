"""Reading and writing sittings and hands, each change in one transaction.

The web layer calls these; templates get the plain values they return
(``Scoreboard``, ``HandView``), never a database session. Every write goes
through the ORM, and each change to a session's hands bumps the session's
revision first, so concurrent changes lock the session row, then the hand.
"""

from __future__ import annotations

import hmac
import json
import re
import secrets
import time
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from sqlalchemy import func
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, lazyload
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.sql import Subquery
from sqlmodel import Session, col, delete, select, update
from sqlmodel.sql.expression import SelectOfScalar

from .games import DEFAULT, GAMES, Game, Result, Scored
from .games.base import STAKES, Ending, Ledger, Outcome, Played, Stake, Unit
from .games.common import Money
from .models import (
    Access,
    DeletedSitting,
    Group,
    GroupAccess,
    Hand,
    Member,
    Player,
    Role,
    Sitting,
    first_free_deal,
    name_key,
    now,
    saved_id,
)
from .settle import DEFAULT_COINS, Payment, coins_text, settle, table_coins


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


class SessionDeleted(Exception):
    """The session was deleted (perhaps by another phone a moment ago): nothing was saved."""


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
    options: Any = None,
    coins: str | None = None,
    commit: bool = True,
    group: Group | None = None,
    game: Game[Any] = DEFAULT,
    stake: int = 2,
    stake_per: Stake | None = None,
    owner: str | None = None,
) -> Sitting:
    """A new session of ``game`` (as many players as names) with its ``options`` (Sussex Tarot's house rules,
    Tapp Tarock's counting); in a ``group``, each name is one of its players (added to the group when new).
    ``stake``: halfpence a point or a game is worth, as ``stake_per`` says (the game's usual way if None).
    ``owner``: the phone that starts it, its owner in the same transaction (never a session that nobody owns)."""
    # The group's row first (``members_named`` locks it), as a renewal of its edit link does.
    members = members_named(db, group, names) if group is not None else [None] * len(names)
    if group is not None and owner is not None:
        _still_editor(db, owner, group)
    sitting = Sitting(
        public_id=new_secret(),
        edit_key=new_secret(),
        deals=deals,
        first_dealer=first_dealer,
        house_rules=json.dumps(game.options_json(options)),
        coins=coins or coins_text(DEFAULT_COINS),
        group_id=group.id if group is not None else None,
        game=game.id,
        seats=len(names),
        stake=stake,
        stake_per=(stake_per or game.stakes[0]).id,
    )
    db.add(sitting)
    db.flush()
    for seat, (name, member) in enumerate(zip(names, members, strict=True)):
        if member is not None:
            name = member.name  # as the group spells it
        db.add(Player(sitting_id=saved_id(sitting), seat=seat, name=name, member_id=member.id if member else None))
    if owner is not None:
        db.add(_new_grant(Sitting, saved_id(sitting), owner, Role.OWNER))
    _done(db, commit)
    db.refresh(sitting)  # its players, as stored
    return sitting


class RightsTakenBack(Exception):
    """The phone may no longer start the group's sessions: a new edit link of the group took its rights back
    after this request checked them. Nothing was saved."""


def _still_editor(db: Session, device: str, group: Group) -> None:
    """``RightsTakenBack`` unless the phone may still start the group's sessions, read under the group's lock: a
    renewal of the group's edit link comes wholly before (and is seen here) or after (and takes back the rights
    in the session started now)."""
    found = role_of(db, device, group)
    if found is None or found.rank < Role.EDITOR.rank:
        public_id = group.public_id
        db.rollback()
        raise RightsTakenBack(public_id)


def _done(db: Session, commit: bool) -> None:
    """Commit, or (part of a larger change) send what is pending and leave the commit to the caller."""
    if commit:
        db.commit()
    else:
        db.flush()


# -- groups --------------------------------------------------------------------


class NameTaken(ValueError):
    """Another player of the group has this name."""


#: The most players a group may have: its leaderboard and statistics are worked out on every visit.
MAX_PLAYERS = 200


class TooManyPlayers(ValueError):
    """The group has ``MAX_PLAYERS`` players already; ``names`` are the new ones that did not fit."""

    def __init__(self, names: list[str]):
        super().__init__(f"a group has at most {MAX_PLAYERS} players")
        self.names = names


def create_group(
    db: Session, name: str, house_rules: Any, coins: str | None = None, commit: bool = True, owner: str | None = None
) -> Group:
    """A new group; ``owner``: the phone that makes it, its owner in the same transaction."""
    group = Group(
        public_id=new_secret(),
        edit_key=new_secret(),
        name=name,
        house_rules=json.dumps(house_rules.to_json()),
        coins=coins or coins_text(DEFAULT_COINS),
    )
    db.add(group)
    if owner is not None:
        db.flush()
        db.add(_new_grant(Group, saved_id(group), owner, Role.OWNER))
    _done(db, commit)
    db.refresh(group)
    return group


def update_group(db: Session, group: Group, name: str, house_rules: Any, coins: str) -> None:
    """A group's new name, and the house rules and coins of the sessions it starts from now on."""
    group.name, group.house_rules, group.coins = name, json.dumps(house_rules.to_json()), coins
    db.add(group)
    db.commit()


def find_group(db: Session, public_id: str) -> Group | None:
    if not is_session_id(public_id):
        return None
    return db.exec(select(Group).where(Group.public_id == public_id)).first()


def find_member(db: Session, group: Group, member_id: int) -> Member | None:
    return db.exec(select(Member).where(Member.group_id == group.id, Member.id == member_id)).first()


def members_named(db: Session, group: Group, names: list[str]) -> list[Member]:
    """The group's players of these names (any case), the new ones added to the group (not committed);
    ``TooManyPlayers`` (nothing added) when the new ones would take the group past ``MAX_PLAYERS``.

    The group's row is locked first: phones adding players to one group count and add them one at a time, so
    the cap holds and two phones never add the same name."""
    group_id = saved_id(group)
    _locked(db, Group, group_id)
    known = {m.name_key: m for m in db.exec(_members(group_id))}
    new = list({name_key(n): n.strip() for n in names if name_key(n) not in known}.values())
    if new and len(known) + len(new) > MAX_PLAYERS:
        raise TooManyPlayers(new)
    found = []
    for name in names:
        member = known.get(name_key(name))
        if member is None:
            member = known[name_key(name)] = _new_member(db, group_id, name)
        found.append(member)
    return found


def _new_member(db: Session, group_id: int, name: str) -> Member:
    """A new player of the group, in a savepoint: the one of that name if another phone gave a player that name
    meanwhile (a rename takes no lock of the group)."""
    member = Member(group_id=group_id, name=name.strip(), name_key=name_key(name))
    try:
        with db.begin_nested():
            db.add(member)
    except IntegrityError:
        found = db.exec(_members(group_id).where(Member.name_key == name_key(name))).first()
        if found is None:
            raise
        return found
    return member


def _members(group_id: int) -> SelectOfScalar[Member]:
    """The group's players as the database has them now, also those this request loaded before (with the group's
    page): another phone may have renamed one since."""
    return select(Member).where(Member.group_id == group_id).execution_options(populate_existing=True)


def add_member(db: Session, group: Group, name: str) -> Member:
    """A new player of the group; ``NameTaken`` when the group has one of that name, ``TooManyPlayers`` when it
    has ``MAX_PLAYERS``. The group's row is locked first, as ``members_named`` does."""
    group_id = saved_id(group)
    _locked(db, Group, group_id)
    keys = db.exec(select(Member.name_key).where(Member.group_id == group_id)).all()
    if name_key(name) in keys or len(keys) >= MAX_PLAYERS:
        db.rollback()
        raise NameTaken(name) if name_key(name) in keys else TooManyPlayers([name.strip()])
    member = Member(group_id=group_id, name=name.strip(), name_key=name_key(name))
    db.add(member)
    try:
        db.commit()
    except IntegrityError:  # a player renamed to this name meanwhile
        db.rollback()
        raise NameTaken(name) from None
    db.refresh(member)
    return member


def rename_member(db: Session, member: Member, name: str) -> None:
    """A new name for a group's player, also on the scoreboards of the sessions they sat in.

    Their history follows them: statistics go by the player, never by the name.
    """
    try:
        member.name, member.name_key = name.strip(), name_key(name)
        db.add(member)
        db.exec(update(Player).where(col(Player.member_id) == member.id).values(name=member.name))
        db.commit()
    except IntegrityError:
        db.rollback()
        raise NameTaken(name) from None


def group_sittings(
    db: Session, group: Group, page: int = 1, per_page: int | None = None
) -> tuple[list[SittingSummary], bool]:
    """The group's sessions, newest first, with their hand counts and numbers: one page (or all, without
    ``per_page``), and whether more follow."""
    numbered = group_numbers(group)
    query = (
        select(Sitting, numbered.c.number)
        .join(numbered, numbered.c.id == Sitting.id)
        .order_by(col(Sitting.created_at).desc(), col(Sitting.id).desc())
    )
    if per_page is not None:
        query = query.offset((page - 1) * per_page).limit(per_page + 1)
    rows = list(db.exec(query))
    more = per_page is not None and len(rows) > per_page
    rows = rows[:per_page]
    return [SittingSummary(s, None, number) for s, number in rows], more


def pause() -> None:
    """Let the worker's other requests run: between the steps of a long piece of work (an export, a big group's
    figures worked out afresh), so that it shares the worker with the phones. Under gevent (gunicorn's workers)
    a request runs until it waits, and SQLite and psycopg never make it wait; ``time.sleep``, patched by gevent,
    lets the others have their turn. Elsewhere it gives up nothing but the rest of a time slice."""
    time.sleep(0)


def group_numbers(group: Group) -> Subquery:
    """Each of the group's sessions with its number in the group, 1 for the first: two sessions of one
    evening read apart by it."""
    number = func.row_number().over(order_by=(col(Sitting.created_at), col(Sitting.id))).label("number")
    return select(Sitting.id, number).where(Sitting.group_id == group.id).subquery()


@dataclass(frozen=True)
class GroupSummary:
    """A group on a phone's list: its row, this phone's role in it and how many players it has."""

    group: Group
    role: Role
    players: int


def groups_of(db: Session, device: str | None, page: int = 1, per_page: int = 20) -> tuple[list[GroupSummary], bool]:
    """The groups this phone made, joined or opened, by name: one page, and whether more follow. The page's
    groups' players are counted in the database (the page's alone), none of them loaded."""
    if device is None:
        return [], False
    rows = db.exec(
        select(Group, GroupAccess.role)
        .join(GroupAccess, col(GroupAccess.group_id) == Group.id)
        .where(GroupAccess.device == device)
        .order_by(col(Group.name), col(Group.id))
        .offset((page - 1) * per_page)
        .limit(per_page + 1)
        .options(lazyload("*"))  # its players: counted below, never loaded (up to 200 a group)
    ).all()
    shown = [saved_id(g) for g, _ in rows[:per_page]]
    counted = (
        select(Member.group_id, func.count()).where(col(Member.group_id).in_(shown)).group_by(col(Member.group_id))
    )
    players = dict(db.exec(counted).all()) if shown else {}
    return [GroupSummary(g, Role(r), players.get(saved_id(g), 0)) for g, r in rows[:per_page]], len(rows) > per_page


@dataclass(frozen=True)
class SittingSummary:
    """A session on a list: its own row, which says how it stands, and how this phone or its group knows it."""

    sitting: Sitting
    #: This phone's role in it (None where the list is not one phone's).
    role: Role | None
    #: Its number in its group (None outside a group's list).
    number: int | None = None

    @property
    def game(self) -> Game[Any]:
        return GAMES[self.sitting.game]

    @property
    def hands(self) -> int:
        return self.sitting.played

    @property
    def finished(self) -> bool:
        return self.sitting.finished

    @property
    def progress(self) -> str:
        """How far it has come, in its game's words: "3 of 8 deals", "5 deals, first to 800"."""
        return ending_of(self.sitting).progress(self.sitting.played, self.sitting.deals)


def sittings_of(
    db: Session, device: str | None, page: int = 1, per_page: int = 20
) -> tuple[list[SittingSummary], bool]:
    """The sessions this phone started, joined or opened, newest first: one page, and whether more follow."""
    if device is None:
        return [], False
    rows = db.exec(
        select(Sitting, Access.role)
        .join(Access, col(Access.sitting_id) == Sitting.id)
        .where(Access.device == device)
        .order_by(col(Sitting.created_at).desc(), col(Sitting.id).desc())
        .offset((page - 1) * per_page)
        .limit(per_page + 1)
    ).all()
    more = len(rows) > per_page
    rows = rows[:per_page]
    return [SittingSummary(s, Role(role)) for s, role in rows], more


def _grants(kind: type[Sitting] | type[Group]) -> tuple[type[Access] | type[GroupAccess], Mapped[int]]:
    """The table of phones' roles in a session or in a group, and its column naming the session or group."""
    if kind is Group:
        return GroupAccess, col(GroupAccess.group_id)
    return Access, col(Access.sitting_id)


def role_of(db: Session, device: str | None, thing: Sitting | Group) -> Role | None:
    """This phone's own role in a session or a group."""
    if device is None:
        return None
    table, column = _grants(type(thing))
    found = db.exec(select(table.role).where(table.device == device, column == thing.id)).first()
    return Role(found) if found else None


@dataclass(frozen=True)
class _Target:
    """The session or group a grant or a renewal is for, read once: a rollback expires the row it came from, and
    reading that again fails if another phone deleted it meanwhile."""

    kind: type[Sitting] | type[Group]
    id: int
    public_id: str

    @classmethod
    def of(cls, thing: Sitting | Group) -> _Target:
        return cls(type(thing), saved_id(thing), thing.public_id)

    def gone(self) -> None:
        """Raise ``SessionDeleted`` for a session (groups are never deleted)."""
        if self.kind is Sitting:
            raise SessionDeleted(self.public_id)


def _locked(db: Session, kind: type[Sitting] | type[Group], row_id: int) -> str | None:
    """Take the row's lock until the transaction ends, as a change to the row does, and read its edit key as it is
    now; None when the row is gone.

    A statement that writes (it changes nothing), so that SQLite too takes its lock here: a first write waits for
    the writer before it and reads what that one committed. On PostgreSQL it locks the one row, which a new edit
    link locks too: whichever comes second waits for the first to commit, then reads what it wrote.
    """
    statement = update(kind).where(col(kind.id) == row_id).values(edit_key=kind.edit_key)
    key: str | None = db.exec(statement.returning(col(kind.edit_key))).scalar()
    return key


def grant(db: Session, device: str, thing: Sitting | Group, role: Role, key: str | None = None) -> bool:
    """Give this phone ``role`` in the session or group, unless it already has a higher one; ``SessionDeleted``
    when the session is gone (another phone deleted it since this request found it).

    With ``key``, an edit link opened: only if that is the edit key now (False if not), checked and granted under
    the row's lock (``_locked``), which a new edit link takes too. So a phone joins before the renewal, which then
    takes its rights back, or is refused after it: none keeps rights that came through the old key.
    """
    target = _Target.of(thing)
    for _ in range(2):  # two tabs of one phone may race to insert the same row: the second then updates
        if key is not None and not _key_holds(db, target, key):
            return False
        _give_role(db, target, device, role)
        try:
            db.commit()
            return True
        except IntegrityError:
            db.rollback()
            if db.exec(select(target.kind.id).where(target.kind.id == target.id)).first() is None:
                target.gone()
    return False


def _key_holds(db: Session, target: _Target, key: str) -> bool:
    """Whether ``key`` is the edit key of the session or group now; its row stays locked when it is."""
    current = _locked(db, target.kind, target.id)
    if current is not None and hmac.compare_digest(current.encode(), key.encode()):
        return True
    db.rollback()  # the lock, released
    if current is None:
        target.gone()
    return False


def _give_role(db: Session, target: _Target, device: str, role: Role) -> None:
    """The phone's grant of ``role`` in the session or group, made or raised (not committed)."""
    table, column = _grants(target.kind)
    row = db.exec(select(table).where(table.device == device, column == target.id)).first()
    if row is None:
        db.add(_new_grant(target.kind, target.id, device, role))
    elif Role(row.role).rank < role.rank:
        row.role = role.value
        db.add(row)


def _new_grant(kind: type[Sitting] | type[Group], thing_id: int, device: str, role: Role) -> Access | GroupAccess:
    """The row that gives this phone ``role`` in the session or group."""
    if kind is Group:
        return GroupAccess(device=device, role=role.value, group_id=thing_id)
    return Access(device=device, role=role.value, sitting_id=thing_id)


def renew_edit_key(db: Session, thing: Sitting | Group) -> str:
    """A new edit link: the old one stops working, and phones that joined with it may only view again.

    A group's new edit link revokes everything its old one led to: each of its sessions gets a new
    edit link too (one collected from a session's Share page stops working), and every phone's own
    rights in them fall back to viewing. The group's owner keeps them through the group; the rest
    get them back by opening the group's new edit link.

    One transaction, which changes the key first: that locks the row, as opening an edit link does (``grant``),
    so a phone that opened the old link before is an editor by now and loses it here.
    """
    target, key = _Target.of(thing), new_secret()
    # Statements, not the ORM's flush: a session deleted meanwhile is then told, never a stale-data error.
    if not db.exec(update(target.kind).where(col(target.kind.id) == target.id).values(edit_key=key)).rowcount:
        db.rollback()
        target.gone()
    table, column = _grants(target.kind)
    if target.kind is Group:
        _renew_group_sessions(db, target.id)
    db.exec(
        update(table).where(column == target.id, col(table.role) == Role.EDITOR.value).values(role=Role.VIEWER.value)
    )
    db.commit()
    set_committed_value(thing, "edit_key", key)
    return key


def _renew_group_sessions(db: Session, group_id: int) -> None:
    """Each of the group's sessions a new edit key, then every phone's rights in them back to viewing: the keys
    first, each locking its session, so that a phone that opened a session's old edit link before loses it too."""
    in_group = select(Sitting.id).where(Sitting.group_id == group_id)
    for sitting_id in db.exec(in_group.order_by(col(Sitting.id))).all():
        db.exec(update(Sitting).where(col(Sitting.id) == sitting_id).values(edit_key=new_secret()))
    db.exec(
        update(Access)
        .where(col(Access.sitting_id).in_(in_group), col(Access.role) != Role.VIEWER.value)
        .values(role=Role.VIEWER.value)
    )


def delete_sitting(db: Session, sitting: Sitting) -> None:
    """The session with its players, hands and every phone's access to it; its id stays, so that a
    phone still on it is told it was deleted.

    The session's row is locked first, as every change to its hands does, so a delete and a save
    queue in one order (never a deadlock); a save that comes second finds it gone.
    """
    _bump_revision(db, sitting)
    db.add(DeletedSitting(public_id=sitting.public_id))
    db.exec(delete(Access).where(col(Access.sitting_id) == sitting.id))
    db.exec(delete(Hand).where(col(Hand.sitting_id) == sitting.id))
    db.exec(delete(Player).where(col(Player.sitting_id) == sitting.id))
    db.exec(delete(Sitting).where(col(Sitting.id) == sitting.id))
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


def was_deleted(db: Session, public_id: str) -> bool:
    """Whether a session of this id was deleted."""
    if not is_session_id(public_id):
        return False
    return db.exec(select(DeletedSitting.id).where(DeletedSitting.public_id == public_id)).first() is not None


@dataclass
class HandView:
    """One recorded hand, re-read for display."""

    deal: int
    dealer: int
    version: int
    #: The game's record.
    record: Any
    #: Each seat's score in the game's unit (halfpence for Sussex Tarot, points for the others).
    payments: tuple[int, ...]
    game: Game[Any]
    #: The session's players, who the working names.
    names: list[str]

    @classmethod
    def of(cls, hand: Hand, sitting: Sitting) -> HandView:
        game = GAMES[sitting.game]
        record = stored_record(game.id, sitting.seats, hand.record)
        dealer = sitting.dealer_of(hand.deal)
        return cls(hand.deal, dealer, hand.version, record, hand.scores(sitting.seats), game, sitting.names)

    @cached_property
    def result(self) -> Result:
        """The hand scored, once, naming the players: what the game's working template shows for it."""
        return self.game.result(self.record, self.names)

    @property
    def scored(self) -> Scored:
        """Each seat's score and the working, from ``result`` (not scored again)."""
        return self.game.scored(self.result)

    @cached_property
    def description(self) -> str:
        """The hand in a line (its row on the board, and the printed sheet's): worked out once."""
        return self.game.describe(self.record, self.names)


@lru_cache(maxsize=4096)
def stored_record(game_id: str, seats: int, text: str) -> Any:
    """A stored hand's record, parsed (``stored=True``) once in a while for every reading of it: the phones of a
    table all read the whole board again after each change, and a record's text always parses to the same
    record (records are frozen). Kept for the last few thousand hands read, a few kilobytes each."""
    return GAMES[game_id].parse(json.loads(text), seats, stored=True)


@dataclass(frozen=True)
class Standing:
    """A row of a session's standings: a player, or a side of a partnership game with its players named."""

    seats: tuple[int, ...]
    #: The player's name, or the side's players: "Ann & Cat".
    name: str
    #: The total in the game's unit (partners have the same).
    total: int
    #: Each of its players' money (halfpence).
    money: int
    #: 1 for the leader.
    place: int
    #: Another row has the same place.
    equal: bool


@dataclass
class Scoreboard:
    """A session with its recorded hands: totals, how it stands, money and settlement for the scoreboard.

    Built whole by ``load_scoreboard``; the figures are worked out once, on first use. Totals are in the
    game's unit; ``money`` is each seat's in halfpence, as the game settles at the session's stake.
    """

    sitting: Sitting
    hands: list[HandView] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        return self.sitting.names

    @property
    def game(self) -> Game[Any]:
        return GAMES[self.sitting.game]

    @property
    def seats(self) -> range:
        return range(self.sitting.seats)

    @property
    def coins(self) -> tuple[Money, ...]:
        return table_coins(self.sitting.coins)

    @cached_property
    def played(self) -> Played:
        return played_of(self.sitting, [h.record for h in self.hands], self.totals)

    @cached_property
    def ending(self) -> Ending:
        """How this session ends, with its options (a target the table chose): it words every length."""
        return ending_of(self.sitting)

    @cached_property
    def outcome(self) -> Outcome:
        """Over or not, who won, and how far from the end each is (a game played to a target)."""
        return self.game.outcome(self.played)

    @property
    def won_early(self) -> bool:
        """A game played to a target was won before its deals ran out: no more hands go in."""
        return self.outcome.finished and len(self.hands) < self.sitting.deals

    @property
    def heading(self) -> str:
        """The scoreboard's heading: the deal to score next, or that the session is over."""
        deal = self.next_deal
        return self.ending.over(self.sitting.deals) if deal is None else self.ending.heading(deal, self.sitting.deals)

    @property
    def totals_after(self) -> str:
        return self.ending.totals_after(len(self.hands), self.sitting.deals)

    @property
    def length(self) -> str:
        """The session's length as its settings say it: "16 deals", "first to 800"."""
        return self.ending.describe(self.sitting.deals)

    @property
    def progress(self) -> str:
        return self.ending.progress(len(self.hands), self.sitting.deals)

    @property
    def next_deal(self) -> int | None:
        if self.outcome.finished:
            return None
        return first_free_deal({h.deal for h in self.hands}, self.sitting.deals)

    @cached_property
    def totals(self) -> list[int]:
        return [sum(h.payments[s] for h in self.hands) for s in self.seats]

    @property
    def stake(self) -> Stake:
        return stake_of(self.sitting)

    @cached_property
    def money(self) -> list[int]:
        """Each seat's money (halfpence) for the session so far, zero-sum, as the game settles at the stake."""
        return self.game.money(self.stake, self.sitting.stake, self.played, self.outcome)

    @property
    def shows_points(self) -> bool:
        """Whether the totals are points (money beside them or at the end), not money itself."""
        return self.game.unit is Unit.POINTS

    @property
    def winner_names(self) -> str:
        return " and ".join(self.names[s] for s in self.outcome.winners)

    @property
    def money_beside(self) -> bool:
        """Whether totals show money beside the points: each point is worth the stake."""
        return self.stake is Stake.PER_POINT

    @cached_property
    def partners(self) -> tuple[tuple[int, ...], ...]:
        """A partnership game's sides (seats), in the game's order; () when each plays alone."""
        return self.game.partnerships(self.sitting.seats) or ()

    @property
    def parties(self) -> tuple[tuple[int, ...], ...]:
        """Who plays together: the sides of a partnership game, else each player alone."""
        return self.partners or tuple((seat,) for seat in self.seats)

    @cached_property
    def ranking(self) -> list[Standing]:
        """Who stands where, leader first: the sides of a partnership game (its players named within), else each
        player. Each row's place is counted among the rows, so partners never share one "equal" between them."""
        rows = [(seats, self.places[seats[0]]) for seats in self.parties]
        found = [
            Standing(
                seats,
                " & ".join(self.names[s] for s in seats),
                self.totals[seats[0]],
                self.money[seats[0]],
                place,
                [p for _, p in rows].count(place) > 1,
            )
            for seats, place in rows
        ]
        return sorted(found, key=lambda row: (-row.total, row.seats[0]))

    @property
    def sides(self) -> list[Standing]:
        """A partnership game's sides, leader first; [] when each plays for themselves."""
        return self.ranking if self.partners else []

    @cached_property
    def shared_place(self) -> list[bool]:
        """Each seat's place is shared with another player or side (its partner does not count)."""
        shared = [False] * len(self.seats)
        for row in self.ranking:
            for seat in row.seats:
                shared[seat] = row.equal
        return shared

    @cached_property
    def running_by_party(self) -> list[tuple[str, list[int]]]:
        """(name, running total) of each side, or each player, in seat order: one line each on the chart, which
        keeps its colour whoever leads."""
        return [(" & ".join(self.names[s] for s in seats), self.running[seats[0]]) for seats in self.parties]

    @cached_property
    def running(self) -> list[list[int]]:
        """Each seat's total after each recorded hand, starting from 0."""
        series = [[0] for _ in self.seats]
        for h in self.hands:
            for s in self.seats:
                series[s].append(series[s][-1] + h.payments[s])
        return series

    @cached_property
    def standings(self) -> list[tuple[int, str, int]]:
        """(seat, name, total), leader first."""
        totals = self.totals
        return sorted(((s, self.names[s], totals[s]) for s in self.seats), key=lambda r: (-r[2], r[0]))

    @cached_property
    def places(self) -> list[int]:
        """Each seat's place, 1 for the leader; equal totals share a place, partners their side's.

        The totals stay in seat order on the board (tiles never move); places say who leads.
        """
        return list(self.game.places(self.totals))

    @cached_property
    def ledger(self) -> Ledger:
        """The session's money hand by hand, and what its end settles besides (``Game.ledger``)."""
        scores = [h.payments for h in self.hands]
        return self.game.ledger(self.stake, self.sitting.stake, scores, self.played, self.outcome)

    @cached_property
    def settlement(self) -> list[Payment]:
        """Who pays whom, in money."""
        return settle(self.money)


def ending_of(sitting: Sitting) -> Ending:
    """How a session ends, as its game reads its options."""
    return GAMES[sitting.game].ending_for(sitting.options)


def played_of(sitting: Sitting, records: list[Any], totals: list[int]) -> Played:
    """A session as its game sees it: totals, hands in deal order, length, names and options."""
    return Played(
        tuple(totals), len(records), sitting.deals, tuple(records), tuple(sitting.names), options=sitting.options
    )


def restand(db: Session, sitting: Sitting) -> None:
    """Write on the session's row how it stands after its hands (``Sitting.played``, ``finished``, ``winners``),
    as its game says; part of every change to its hands, in the same transaction."""
    db.flush()
    game = GAMES[sitting.game]
    rows = db.exec(select(Hand).where(Hand.sitting_id == sitting.id).order_by(col(Hand.deal))).all()
    records = [game.parse(json.loads(h.record), sitting.seats, stored=True) for h in rows]
    totals = [sum(h.scores(sitting.seats)[seat] for h in rows) for seat in range(sitting.seats)]
    outcome = game.outcome(played_of(sitting, records, totals))
    db.exec(
        update(Sitting)
        .where(col(Sitting.id) == sitting.id)
        .values(played=len(rows), finished=outcome.finished, winners=" ".join(map(str, outcome.winners)))
    )


def stake_of(sitting: Sitting) -> Stake:
    """How a session settles: as it was started, or its game's usual way (sessions from before the choice)."""
    return stake_per(GAMES[sitting.game], sitting.stake_per)


def stake_per(game: Game[Any], stored: str) -> Stake:
    found = STAKES.get(stored)
    return found if found in game.stakes else game.stakes[0]


def load_scoreboard(db: Session, sitting: Sitting) -> Scoreboard:
    board = Scoreboard(sitting)
    for h in db.exec(select(Hand).where(Hand.sitting_id == sitting.id).order_by(col(Hand.deal))):
        board.hands.append(HandView.of(h, sitting))
    return board


def _hand(db: Session, sitting: Sitting, deal: int) -> Hand | None:
    return db.exec(select(Hand).where(Hand.sitting_id == sitting.id, Hand.deal == deal)).first()


def hand_view(db: Session, sitting: Sitting, deal: int) -> HandView | None:
    """One recorded hand of a session, for the edit and delete pages."""
    h = _hand(db, sitting, deal)
    if h is None:
        return None
    return HandView.of(h, sitting)


def hand_count(db: Session, sitting: Sitting) -> int:
    return db.exec(select(func.count()).select_from(Hand).where(Hand.sitting_id == sitting.id)).one()


def lowest_free_deal(db: Session, sitting: Sitting) -> int | None:
    """The next deal to score: the lowest number not recorded yet (None when all are in)."""
    return first_free_deal(set(db.exec(select(Hand.deal).where(Hand.sitting_id == sitting.id))), sitting.deals)


def hand_values(game: Game[Any], record: Any) -> dict[str, Any]:
    """What a hand row stores for a record of ``game``: the record as JSON, each seat's score in the game's
    unit, and the hand's facts for statistics (``Game.facts``).

    The one place a hand's stored values are made (save, edit, import, re-score).
    """
    values: dict[str, Any] = {"record": json.dumps(record.to_json())}
    net = game.score(record).net
    values.update({f"pay_{s}": n for s, n in enumerate((*net, 0, 0, 0, 0, 0)[:5])})
    values.update(game.facts(record))
    return values


def _bump_revision(db: Session, sitting: Sitting) -> None:
    """First in every change to a session's hands: takes the session's row lock, so changes queue in one order.

    ``SessionDeleted`` when the session is gone (another phone deleted it after this request found it).
    On PostgreSQL the same statement NOTIFYs the phones waiting for the session on every process
    (``companion.live``): delivered when the change commits, never when it is rolled back.
    """
    public_id = sitting.public_id
    bump = update(Sitting).where(col(Sitting.id) == sitting.id).values(revision=Sitting.revision + 1)
    if db.get_bind().dialect.name == "postgresql":
        from .live import CHANNEL  # here: companion.live reads the store

        bumped = bump.returning(col(Sitting.public_id), col(Sitting.revision)).cte("bumped")
        note = func.concat(bumped.c.public_id, " ", bumped.c.revision)
        found = len(db.exec(select(func.pg_notify(CHANNEL, note))).all())
    else:
        found = db.exec(bump).rowcount
    if not found:
        db.rollback()
        raise SessionDeleted(public_id)


def record_hand(db: Session, sitting: Sitting, deal: int, record: Any, form_token: str) -> bool:
    """Save a new hand; True if saved now, False if this form was saved before (a second press).

    The unique constraints decide: a second press of the same form repeats
    its token, and a deal another phone saved first repeats the deal.
    """
    if not 1 <= deal <= sitting.deals:
        raise NoSuchDeal(deal, lowest_free_deal(db, sitting))
    if not _FORM_TOKEN.fullmatch(form_token):  # a doctored form: saved, without the second-press guard
        form_token = new_secret()
    ids = sitting.id, sitting.public_id
    try:
        _bump_revision(db, sitting)
        stamp = now()
        db.add(
            Hand(
                sitting_id=saved_id(sitting),
                deal=deal,
                form_token=form_token,
                created_at=stamp,
                updated_at=stamp,
                **hand_values(GAMES[sitting.game], record),
            )
        )
        restand(db, sitting)
        db.commit()
        return True
    except IntegrityError:
        _rolled_back(db, *ids)
    if db.exec(select(Hand.id).where(Hand.form_token == form_token)).first() is not None:
        return False
    raise DealTaken(deal, lowest_free_deal(db, sitting))


def _rolled_back(db: Session, sitting_id: int | None, public_id: str) -> None:
    """Undo a change that did not go in; ``SessionDeleted`` if that was because the session is gone.

    A rollback expires what the request has loaded: reading the session again must not find it missing.
    """
    db.rollback()
    if db.exec(select(Sitting.id).where(Sitting.id == sitting_id)).first() is None:
        raise SessionDeleted(public_id)


def edit_hand(db: Session, sitting: Sitting, deal: int, record: Any, version: int) -> None:
    """Replace a hand's record; ``StaleEdit`` when it changed since ``version`` was read (or is gone)."""
    ids = sitting.id, sitting.public_id
    _bump_revision(db, sitting)
    # Compare-and-set on the version, so two phones cannot both win.
    changed = db.exec(
        update(Hand)
        .where(col(Hand.sitting_id) == sitting.id, col(Hand.deal) == deal, col(Hand.version) == version)
        .values(version=version + 1, updated_at=now(), **hand_values(GAMES[sitting.game], record))
    ).rowcount
    if not changed:
        _rolled_back(db, *ids)
        raise StaleEdit(deal)
    restand(db, sitting)
    db.commit()


def delete_hand(db: Session, sitting: Sitting, deal: int) -> bool:
    ids = sitting.id, sitting.public_id
    _bump_revision(db, sitting)
    hand = _hand(db, sitting, deal)
    if hand is None:
        _rolled_back(db, *ids)
        return False
    db.delete(hand)
    restand(db, sitting)
    db.commit()
    return True
