"""The scoreboard page of a session, wherever it is kept: the server's ``sittings.show`` renders it from its
database, the phone's app (``companion.phone``) from the session it keeps, with no signal."""

from __future__ import annotations

from typing import Any

from flask import url_for
from werkzeug.wrappers import Response

from ...views import Scoreboard, SessionRow
from .. import render
from ..chart import running_totals_chart


def board_page(
    sitting: SessionRow,
    board: Scoreboard,
    editor: bool,
    owner: bool = False,
    group: Any = None,
    group_editor: bool = False,
) -> Response:
    """The scoreboard (or, to an htmx request, its partial). A phone that may score the session keeps it, to
    score it with no signal (``static/phone.js``)."""
    return render(
        "sittings/show.html",
        "sittings/_board.html",
        sitting=sitting,
        board=board,
        chart=running_totals_chart(board),
        editor=editor,
        owner=owner,
        group=group,
        group_editor=group_editor,
        phone_keep=phone_keep(sitting.public_id) if editor else None,
    )


def phone_worker() -> str | None:
    """A start page's ``phone_keep``: on a page the phone draws itself (with no signal), its own Python starts,
    keeping no session; the server's start pages start none (seconds of a phone's processor, on every visit, for
    a phone that may keep nothing: a session's page makes it ready)."""
    from flask import current_app

    return "" if current_app.config.get("ON_PHONE") else None


def phone_keep(public_id: str, endpoint: str = "sittings.phone_json") -> str | None:
    """Where a phone that may score the session ``public_id`` (or start a group's sessions: ``groups.phone_json``)
    fetches it to keep (None where phones keep nothing)."""
    from flask import current_app

    if not current_app.config.get("PHONE_WORKER"):
        return None
    return url_for(endpoint, public_id=public_id)
