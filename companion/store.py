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
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from sqlalchemy import Update, and_, func
from sqlalchemy import select as sa_select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, QueryableAttribute, joinedload, lazyload
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.sql import Subquery
from sqlmodel import Session, col, delete, select, update
from sqlmodel.sql.expression import SelectOfScalar

from .games import DEFAULT, GAMES, Game
from .games.base import Stake
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
    name_key,
    now,
    saved_id,
)
from .settle import DEFAULT_COINS, coins_text
from .stores import DealTaken, NoSuchDeal, SessionDeleted, StaleEdit, new_secret
from .views import HandView, Scoreboard, ending_of, first_free_deal, played_of


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
    public_id: str | None = None,
) -> Sitting:
    """A new session of ``game`` (as many players as names) with its ``options`` (Sussex Tarot's house rules,
    Tapp Tarock's counting); in a ``group``, each name is one of its players (added to the group when new).
    ``stake``: halfpence a point or a game is worth, as ``stake_per`` says (the game's usual way if None).
    ``owner``: the phone that starts it, its owner in the same transaction (never a session that nobody owns).
    ``public_id``: the id a phone gave the session it started with no signal (a new one if None); ``IdTaken``
    (nothing saved) when a session has it already."""
    # The group's row first (``members_named`` locks it), as a renewal of its edit link does.
    members = members_named(db, group, names) if group is not None else [None] * len(names)
    if group is not None and owner is not None:
        _still_editor(db, owner, group)
    sitting = Sitting(
        public_id=public_id or new_secret(),
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
    try:
        db.flush()
    except IntegrityError:
        if not public_id:
            raise
        # The unique id decides between two sends of one start at once (SQLite's and PostgreSQL's alike).
        db.rollback()
        raise IdTaken(public_id) from None
    for seat, (name, member) in enumerate(zip(names, members, strict=True)):
        if member is not None:
            name = member.name  # as the group spells it
        db.add(Player(sitting_id=saved_id(sitting), seat=seat, name=name, member_id=member.id if member else None))
    if owner is not None:
        db.add(_new_grant(Sitting, saved_id(sitting), owner, Role.OWNER))
    _done(db, commit)
    db.refresh(sitting)  # its players, as stored
    return sitting


class IdTaken(Exception):
    """A session has the id a new one asked for (the same start, sent twice at once, went in first). Nothing was
    saved."""

    def __init__(self, public_id: str):
        super().__init__(public_id)
        self.public_id = public_id


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


@cache
def _turns() -> tuple[threading.Lock, threading.local]:
    """The process's one turn at long work, and how deep each request is in it: made on first use, in the worker
    (gevent has patched ``threading`` by then: the lock and the depth are then a greenlet's, not a thread's)."""
    return threading.Lock(), threading.local()


@contextmanager
def long_work() -> Iterator[None]:
    """A long piece of work (a group's pages and figures, an export's next part): one at a time in the process,
    each giving up its turn at every ``pause``. However many a crowd asks for at once, a phone's request (never
    long work) then waits for one step of one of them at most, not for a step of each: each long work first gives
    way (``_give_way``), so that the phones' requests already on their sockets are read before it starts. (Under
    gevent, a turn handed on runs in the hub's callbacks, ahead of its look at the sockets: without giving way, a
    crowd's long work kept a phone's request unread for a second.)"""
    lock, depth = _turns()
    level = getattr(depth, "level", 0)
    if level == 0:
        _give_way()
        lock.acquire()
    depth.level = level + 1
    try:
        yield
    finally:
        depth.level = level
        if level == 0:
            lock.release()


def pause() -> None:
    """Let the worker's other requests run: between the steps of a long piece of work (an export, a big group's
    figures worked out afresh), so that it shares the worker with the phones. Under gevent (gunicorn's workers)
    a request runs until it waits, and SQLite and psycopg never make it wait: here it waits until the others have
    had their turn (``_give_way``), long work giving its turn up meanwhile (``long_work``)."""
    lock, depth = _turns()
    held = getattr(depth, "level", 0) > 0
    if held:
        lock.release()
    _give_way()
    if held:
        lock.acquire()


def _give_way() -> None:
    """Under gevent, wait until the worker has nothing else to do (``gevent.idle``): the phones' requests waiting
    on their sockets are read first (``sleep(0)`` would hand the turn to the next long work without looking at
    them). Elsewhere, the rest of a time slice."""
    gevent = sys.modules.get("gevent.monkey")
    if gevent is not None and gevent.is_module_patched("time"):
        sys.modules["gevent"].idle()
    else:
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
    touched = select(Sitting.touched).where(Sitting.id == sitting.id).scalar_subquery()  # as just bumped
    db.add(DeletedSitting(public_id=sitting.public_id, touched=cast(Any, touched)))
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
    """The session of this id, with its players (one query: most requests start here)."""
    return find_sitting_as(db, public_id, None)[0]


def find_sitting_as(db: Session, public_id: str, device: str | None) -> tuple[Sitting | None, Role | None]:
    """The session of this id with its players, and this phone's own role in it (``role_of``): one query, where
    most requests start."""
    if not is_session_id(public_id):
        return None, None
    players = cast("QueryableAttribute[list[Player]]", Sitting.players)  # SQLModel types it as a list
    theirs = and_(col(Access.sitting_id) == Sitting.id, col(Access.device) == device)  # no device: no row joins
    query = select(Sitting, col(Access.role)).options(joinedload(players)).where(Sitting.public_id == public_id)
    found = db.exec(query.outerjoin(Access, theirs)).first()
    if found is None:
        return None, None
    sitting, role = found
    return sitting, Role(role) if role else None


def was_deleted(db: Session, public_id: str) -> bool:
    """Whether a session of this id was deleted."""
    if not is_session_id(public_id):
        return False
    return db.exec(select(DeletedSitting.id).where(DeletedSitting.public_id == public_id)).first() is not None


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


def load_scoreboard(db: Session, sitting: Sitting) -> Scoreboard:
    board = Scoreboard(sitting)
    for h in db.exec(select(Hand).where(Hand.sitting_id == sitting.id).order_by(col(Hand.deal))):
        board.hands.append(HandView.of(h, sitting))
    return board


def _hand(db: Session, sitting: Sitting, deal: int, fresh: bool = False) -> Hand | None:
    """A session's hand; ``fresh``: as the database has it now, even if this request read it before."""
    found = select(Hand).where(Hand.sitting_id == sitting.id, Hand.deal == deal)
    return db.exec(found.execution_options(populate_existing=True) if fresh else found).first()


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


def _highest(table: Any) -> Any:
    """The highest ``touched`` of a table (its index's last), 0 for none."""
    return func.coalesce(sa_select(func.max(table.c.touched)).scalar_subquery(), 0)


#: SQLite: the last place in the order of changes (``Sitting.touched``), a deleted session's kept with its id so that
#: it never goes down (each from its column's index); SQLite's ``max`` of two values.
LAST_TOUCHED = func.max(
    _highest(cast(Any, Sitting).__table__.alias("latest")), _highest(cast(Any, DeletedSitting).__table__)
)


def bumped(db: Session, *where: Any) -> Update:
    """The statement a change to a session's hands starts with: its revision moves on, and on SQLite its place in
    the order of changes (PostgreSQL NOTIFYs instead: ``_bump_revision``)."""
    bump = update(Sitting).where(*where).values(revision=col(Sitting.revision) + 1)
    return bump.values(touched=LAST_TOUCHED + 1) if db.get_bind().dialect.name == "sqlite" else bump


def _bump_revision(db: Session, sitting: Sitting) -> None:
    """First in every change to a session's hands: takes the session's row lock, so changes queue in one order.

    ``SessionDeleted`` when the session is gone (another phone deleted it after this request found it).
    On PostgreSQL the same statement NOTIFYs the phones waiting for the session on every process
    (``companion.live``): delivered when the change commits, never when it is rolled back.
    """
    public_id = sitting.public_id
    bump = bumped(db, col(Sitting.id) == sitting.id)
    if db.get_bind().dialect.name == "postgresql":
        from .live import CHANNEL  # here: companion.live reads the store

        changed = bump.returning(col(Sitting.public_id), col(Sitting.revision)).cte("bumped")
        note = func.concat(changed.c.public_id, " ", changed.c.revision)
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

    A rollback expires what the request has loaded: the session's row is read again at once, into the request's
    own (so that what the request goes on to read of it never finds it missing, were another phone to delete it
    next).
    """
    db.rollback()
    if db.exec(select(Sitting).where(Sitting.id == sitting_id)).first() is None:
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


def delete_hand(db: Session, sitting: Sitting, deal: int, version: int | None = None) -> bool:
    """Delete a hand: False when it was gone already; ``StaleEdit`` when ``version`` is given and the hand has
    changed since (checked with the session locked, so an edit between the phone's look and this cannot slip by)."""
    ids = sitting.id, sitting.public_id
    _bump_revision(db, sitting)
    hand = _hand(db, sitting, deal, fresh=True)  # read with the session locked: its version now
    if hand is None:
        _rolled_back(db, *ids)
        return False
    if version is not None and hand.version != version:
        _rolled_back(db, *ids)
        raise StaleEdit(deal)
    db.delete(hand)
    restand(db, sitting)
    db.commit()
    return True
