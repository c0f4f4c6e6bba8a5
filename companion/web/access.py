"""Who may see and change a session or a group: its owner, the phones with its edit link, and those that opened it.

A phone's signed cookie holds only a random device id; its role in each
session (``Role``: viewer, editor, owner) is kept on the server, so there is
no cap and a full cookie loses nothing. The view link shows a session but
changes nothing; the edit link (``/s/<id>/join/<key>``) makes a phone an
editor, also one that lost its cookie. The start page lists only this
phone's own sessions and groups. A group works the same way (``/g/<id>``),
and a phone's role in a group carries to the group's sessions: whoever keeps
the club's scores scores its every evening, and the group's owner manages
them all. A session's own links never lead to its group (``visible_group``).
"""

from __future__ import annotations

import hmac
from typing import NoReturn

from flask import abort, g, session

from ..extensions import db
from ..models import Group, Role, Sitting
from ..store import find_sitting_as, grant, is_session_id, role_of, was_deleted
from ..stores import SessionDeleted, new_secret

DEVICE = "device"
#: Before migration 0004 a phone's edit rights were a list of session ids in its cookie.
LEGACY_GRANTS = "edit"


def sitting_at(public_id: str) -> Sitting:
    """The session of this id: 404 when there never was one, ``SessionDeleted`` (410) when it was deleted. This
    phone's own role in it comes with it (``role`` reads it then)."""
    sitting, own = find_sitting_as(db.session, public_id, device())
    if sitting is None:
        if was_deleted(db.session, public_id):
            raise SessionDeleted(public_id)
        abort(404)
    g.setdefault("own_roles", {})[("Sitting", sitting.id)] = own
    return sitting


def device() -> str | None:
    """This phone's device id from its cookie, if it has one."""
    found = session.get(DEVICE)
    return found if isinstance(found, str) and is_session_id(found) else None


def own_device() -> str:
    """This phone's device id, given to it now if it has none."""
    found = device()
    if found is None:
        found = session[DEVICE] = new_secret()
        session.permanent = True  # kept for PERMANENT_SESSION_LIFETIME after the phone's last visit
    return found


def role(thing: Sitting | Group) -> Role | None:
    """This phone's role in the session or group (looked up once a request)."""
    roles = g.setdefault("roles", {})
    key = (type(thing).__name__, thing.id)
    if key not in roles:
        if isinstance(thing, Sitting):
            _move_legacy_grant(thing)
        own = g.setdefault("own_roles", {})
        found = own.pop(key) if key in own else role_of(db.session, device(), thing)
        if isinstance(thing, Sitting) and thing.group_id is not None:
            found = _higher(found, _carried(thing))
        roles[key] = found
    known: Role | None = roles[key]
    return known


def _move_legacy_grant(sitting: Sitting) -> None:
    legacy = session.get(LEGACY_GRANTS)
    if isinstance(legacy, list) and sitting.public_id in legacy:
        # Rights from an older cookie move to the server: the phone that held them keeps them.
        grant(db.session, own_device(), sitting, Role.OWNER)
        _granted()
        legacy.remove(sitting.public_id)
        session.modified = True  # the list changed in place


def _carried(sitting: Sitting) -> Role | None:
    """What the phone's role in the session's group gives it in the session: the same role.

    The group's owner may delete and re-link every session of the group; its editors score them.
    """
    group = db.session.get(Group, sitting.group_id)
    return role(group) if group is not None else None


def visible_group(sitting: Sitting) -> Group | None:
    """The session's group, for a phone that has a role in it; None for one that only has the session's links.

    A session's view or edit link shows that session alone: its group's page, players and other
    sessions stay with the phones the group's own links were given to.
    """
    if sitting.group_id is None:
        return None
    group = db.session.get(Group, sitting.group_id)
    return group if group is not None and role(group) is not None else None


def _higher(a: Role | None, b: Role | None) -> Role | None:
    return max((r for r in (a, b) if r is not None), key=lambda r: r.rank, default=None)


def give(thing: Sitting | Group, given: Role) -> None:
    """This phone now has ``given`` in the session or group (or keeps a higher role)."""
    grant(db.session, own_device(), thing, given)
    _granted()


def join(thing: Sitting | Group, key: str) -> bool:
    """This phone an editor of the session or group, if ``key`` is its edit key: checked again as the right is
    written, under the lock a new edit link takes (``store.grant``), so none joins with a key renewed meanwhile."""
    if not edit_key_matches(thing, key):  # a wrong key gives the phone no cookie
        return False
    joined = grant(db.session, own_device(), thing, Role.EDITOR, key=key)
    _granted()
    return joined


def _granted() -> None:
    """A role was given: what this request read of the phone's roles is read again (a group's role carries to its
    sessions)."""
    for read in ("roles", "own_roles"):  # in place: ``role`` may hold the dict it reads from
        g.setdefault(read, {}).clear()


def can_edit(thing: Sitting | Group) -> bool:
    found = role(thing)
    return found is not None and found.rank >= Role.EDITOR.rank


def is_owner(thing: Sitting | Group) -> bool:
    return role(thing) is Role.OWNER


def require_edit(thing: Sitting | Group) -> None:
    if not can_edit(thing):
        _refuse(thing)


def require_owner(thing: Sitting | Group) -> None:
    if not is_owner(thing):
        _refuse(thing)


def _refuse(thing: Sitting | Group) -> NoReturn:
    """403, unless the phone's rights went with the session, deleted since this request found it."""
    if isinstance(thing, Sitting):
        unless_deleted(thing)
    abort(403)


def unless_deleted(sitting: Sitting) -> None:
    """``SessionDeleted`` if the session was deleted since this request found it (its hands and rights went too)."""
    if was_deleted(db.session, sitting.public_id):
        raise SessionDeleted(sitting.public_id)


def edit_key_matches(thing: Sitting | Group, key: str) -> bool:
    return hmac.compare_digest(thing.edit_key.encode(), key.encode())
