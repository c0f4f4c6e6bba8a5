"""Who may change a session: holders of its edit link, and its creator.

The view link (``/s/<public_id>``) shows everything but changes nothing. Edit
rights live in the signed session cookie, granted when a phone starts the
session or opens its edit link, so they cannot be forged from the view link.
"""

from __future__ import annotations

import hmac

from flask import abort, session

from ..models import Sitting

GRANTS = "edit"
MAX_GRANTS = 50  # keeps the cookie small: the newest sessions win


def can_edit(sitting: Sitting) -> bool:
    """``sitting`` is anything with the session's ``public_id``."""
    return sitting.public_id in session.get(GRANTS, ())


def grant_edit(sitting: Sitting) -> None:
    grants = [g for g in session.get(GRANTS, []) if g != sitting.public_id]
    session[GRANTS] = [*grants, sitting.public_id][-MAX_GRANTS:]
    session.permanent = True


def require_edit(sitting: Sitting) -> None:
    if not can_edit(sitting):
        abort(403)


def edit_key_matches(sitting: Sitting, key: str) -> bool:
    return hmac.compare_digest(sitting.edit_key.encode(), key.encode())
