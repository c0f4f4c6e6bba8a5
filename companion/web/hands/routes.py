"""Entering, previewing, editing and deleting hands of a session: the server's blueprint, over its database.

The pages themselves are ``entry``'s, which the phone's app runs too over the sessions it keeps.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint
from sqlalchemy.orm.exc import ObjectDeletedError
from werkzeug.wrappers import Response

from ...extensions import db
from ...models import Sitting
from ...store import delete_hand, edit_hand, hand_view, load_scoreboard, record_hand, revision_of
from ...stores import SessionDeleted
from ...views import HandView, Scoreboard
from ..access import require_edit, sitting_at, unless_deleted
from ..limits import saves
from . import entry

bp = Blueprint("hands", __name__, url_prefix="/s/<public_id>/hands")


class SqlStore:
    """The server's ``Store``: the session's rows, changed each in one transaction (``companion.store``)."""

    def editable(self, public_id: str) -> Sitting:
        """A session this phone may change: 404 when unknown, 403 when it only has the view link."""
        sitting = sitting_at(public_id)
        require_edit(sitting)
        return sitting

    def board(self, sitting: Any) -> Scoreboard:
        return load_scoreboard(db.session, sitting)

    def hand(self, sitting: Any, deal: int) -> HandView | None:
        try:
            return hand_view(db.session, sitting, deal)
        except ObjectDeletedError:  # the whole session was deleted on another phone a moment ago
            raise SessionDeleted(sitting.public_id) from None

    def record(self, sitting: Any, deal: int, record: Any, form_token: str) -> bool:
        return record_hand(db.session, sitting, deal, record, form_token)

    def edit(self, sitting: Any, deal: int, record: Any, version: int) -> None:
        edit_hand(db.session, sitting, deal, record, version)

    def delete(self, sitting: Any, deal: int, version: int | None = None) -> bool:
        return delete_hand(db.session, sitting, deal, version)

    def revision(self, public_id: str) -> int | None:
        return revision_of(db.session, public_id)

    def unless_deleted(self, sitting: Any) -> None:
        unless_deleted(sitting)


STORE = SqlStore()


@bp.route("/new", methods=["GET", "POST"])
@saves
def new(public_id: str) -> Response:
    return entry.new(STORE, public_id)


@bp.route("/<int:deal>/edit", methods=["GET", "POST"])
@saves
def edit(public_id: str, deal: int) -> Response:
    return entry.edit(STORE, public_id, deal)


@bp.post("/preview")
def preview(public_id: str) -> Response:
    """The live preview (htmx): payments and working for the form as it stands."""
    return entry.preview(STORE, public_id)


@bp.route("/<int:deal>/delete", methods=["GET", "POST"])
@saves
def delete(public_id: str, deal: int) -> Response:
    return entry.delete(STORE, public_id, deal)


@bp.post("/restore")
@saves
def restore(public_id: str) -> Response:
    return entry.restore(STORE, public_id)
