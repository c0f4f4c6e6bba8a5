"""The two abuse limits, each one total per client address across every route that counts against it.

A phone that starts sessions and groups, or saves hands and changes a group,
draws on one allowance whichever page it does it from (``LIMIT_NEW_SESSIONS``,
``LIMIT_SAVES``); opening a form or previewing a hand counts for nothing.
"""

from __future__ import annotations

from flask import current_app, request

from ..extensions import limiter


def _not_a_post() -> bool:
    return request.method != "POST"


def _not_a_save() -> bool:
    """Only what changes something counts: opening a form or previewing does not."""
    return request.method != "POST" or request.form.get("action") == "preview"


#: Sessions and groups started.
starts = limiter.shared_limit(
    lambda: current_app.config["LIMIT_NEW_SESSIONS"], scope="new-sessions", exempt_when=_not_a_post
)
#: Hands saved, edited, deleted or restored, and a group's players and settings changed.
saves = limiter.shared_limit(lambda: current_app.config["LIMIT_SAVES"], scope="saves", exempt_when=_not_a_save)
