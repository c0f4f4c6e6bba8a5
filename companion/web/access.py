"""Who may see and change a session: its owner, the phones that opened its edit link, and those that opened it.

A phone's signed cookie holds only a random device id; its role in each
session (``Role``: viewer, editor, owner) is kept on the server, so there is
no cap and a full cookie loses nothing. The view link shows a session but
changes nothing; the edit link (``/s/<id>/join/<key>``) makes a phone an
editor, also one that lost its cookie. The start page lists only this
phone's own sessions.
"""

from __future__ import annotations

import hmac

from flask import abort, g, session

from ..extensions import db
from ..models import Role, Sitting
from ..store import grant, is_session_id, new_secret, role_of

DEVICE = "device"
#: Before migration 0004 a phone's edit rights were a list of session ids in its cookie.
LEGACY_GRANTS = "edit"


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


def role(sitting: Sitting) -> Role | None:
    """This phone's role in the session (looked up once a request)."""
    roles = g.setdefault("roles", {})
    if sitting.id not in roles:
        legacy = session.get(LEGACY_GRANTS)
        if isinstance(legacy, list) and sitting.public_id in legacy:
            # Rights from an older cookie move to the server: the phone that held them keeps them.
            give(sitting, Role.OWNER)
            legacy.remove(sitting.public_id)
            session.modified = True  # the list changed in place
        roles[sitting.id] = role_of(db.session, device(), sitting)
    return roles[sitting.id]


def give(sitting: Sitting, given: Role) -> None:
    """This phone now has ``given`` in the session (or keeps a higher role)."""
    grant(db.session, own_device(), sitting, given)
    g.setdefault("roles", {}).pop(sitting.id, None)


def can_edit(sitting: Sitting) -> bool:
    found = role(sitting)
    return found is not None and found.rank >= Role.EDITOR.rank


def is_owner(sitting: Sitting) -> bool:
    return role(sitting) is Role.OWNER


def require_edit(sitting: Sitting) -> None:
    if not can_edit(sitting):
        abort(403)


def require_owner(sitting: Sitting) -> None:
    if not is_owner(sitting):
        abort(403)


def edit_key_matches(sitting: Sitting, key: str) -> bool:
    return hmac.compare_digest(sitting.edit_key.encode(), key.encode())
