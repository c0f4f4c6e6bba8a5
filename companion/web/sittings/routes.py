"""The start page, starting a session, and its scoreboard."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, flash, request, url_for
from flask_babel import gettext as _
from flask_wtf.csrf import generate_csrf
from werkzeug.wrappers import Response

from ...backup import export_text, hands_csv
from ...extensions import db
from ...games import DEFAULT, GAMES, Game
from ...games.common.fields import whole_number
from ...models import Group, Role, Sitting, saved_id
from ...store import (
    IdTaken,
    RightsTakenBack,
    create_sitting,
    delete_sitting,
    find_sitting,
    groups_of,
    hand_count,
    load_scoreboard,
    revision_of,
    role_of,
    sittings_of,
    was_deleted,
)
from ...stores import SessionDeleted
from ...views import SessionDocument, ending_of
from .. import is_htmx, render, see_other
from ..access import (
    can_edit,
    device,
    give,
    is_owner,
    own_device,
    require_edit,
    require_owner,
    role,
    sitting_at,
    visible_group,
)
from ..limits import starts
from ..links import attachment, join_with_key, kept_json, renew_link, share_page
from . import starting
from .board import board_page
from .forms import SittingForm, sitting_form

bp = Blueprint("sittings", __name__)
#: Sessions, and groups, a page of the start page lists: the rest are a tap away.
PER_PAGE = GROUPS_PER_PAGE = 20


@bp.app_template_filter("game_of")
def game_of_session(sitting: Sitting) -> Game[Any]:
    """A session's game, for a page that has the session alone (its Share page): the game heads it."""
    return GAMES[sitting.game]


def _start_page(form: SittingForm, status: int = 200) -> Response:
    """The start page: a page of this phone's sessions (``?page=``) and of its groups (``?groups=``), a line each,
    however many it has."""
    page = whole_number(request.args.get("page", "1"), most=100000) or 1
    shelf = whole_number(request.args.get("groups", "1"), most=100000) or 1
    sittings, more = sittings_of(db.session, device(), page, PER_PAGE)
    groups, more_groups = groups_of(db.session, device(), shelf, GROUPS_PER_PAGE)
    return starting.start_page(form, sittings, status, page, more, groups, shelf, more_groups)


def _last(game: Game[Any]) -> Sitting | None:
    """The session ``?again=<id>`` names, if this phone may see it and it is of ``game``."""
    last = find_sitting(db.session, request.args.get("again", ""))
    return last if last is not None and last.game == game.id and role(last) is not None else None


@bp.get("/")
def start() -> Response:
    """The start page: the usual game's form; ``?again=<id>`` fills it with that session's players and settings."""
    return _start_page(starting.usual_form(_last(DEFAULT)))


def create_from(form: SittingForm, group: Group | None = None, public_id: str | None = None) -> Response:
    """The session the filled form describes (in ``group``, if any); the starting phone owns it. ``public_id``: the
    id the form came with (``SittingForm.public_id``): chosen as the form was shown, by the server or by a phone
    with no signal, so that the same start sent again (a second tap, an answer lost) is made once."""
    if public_id is not None:
        again, public_id = _start_under(public_id, form)
        if again is not None:
            return again
    try:
        sitting = create_sitting(
            db.session,
            form.names,
            int(form.deals.data),
            int(form.first_dealer.data),
            form.options,
            form.coins.data,
            group=group,
            game=form.game,
            stake=form.stake_halfpence,
            stake_per=form.chosen_stake,
            owner=own_device(),  # the phone that starts a session scores it, and may delete it
            public_id=public_id,
        )
    except RightsTakenBack:  # a new edit link of the group, since this request checked the phone's rights
        abort(403)
    except IdTaken as taken:  # the same start sent twice at once: the other one went in
        again, _ = _start_under(taken.public_id, form)
        # Not this very start (the same form filled otherwise, sent at the same instant): one of its own.
        return again if again is not None else create_from(form, group)
    return see_other(url_for("sittings.show", public_id=sitting.public_id))


def _start_under(public_id: str, form: SittingForm) -> tuple[Response | None, str | None]:
    """A start sent again (a second tap, its first answer lost) is answered as it was: the session's page, if
    this phone started it as the form says (else the id to start it under: the form's, or None for a new one when
    this phone's session of that id has other players or settings, from the same page filled again). 403 if
    another phone's, 410 if deleted."""
    sitting = find_sitting(db.session, public_id)
    if sitting is None:
        if was_deleted(db.session, public_id):
            raise SessionDeleted(public_id)
        return None, public_id
    # Its own grant, as ``create_sitting`` wrote it: never one a group's role gives.
    if role_of(db.session, device(), sitting) is not Role.OWNER:
        abort(403)
    if not form.starts(SessionDocument.of(sitting)):
        return None, None
    return see_other(url_for("sittings.show", public_id=public_id)), public_id


def _create(form: SittingForm) -> Response:
    """The session a filled start form describes, under the id it came with."""
    return create_from(form, public_id=form.session_id)


@bp.post("/sessions")
@starts
def create() -> Response:
    """A session of the usual game, from the start page."""
    form = sitting_form(DEFAULT, DEFAULT.players[0])
    if not form.validate_on_submit():
        return _start_page(form, status=422)
    return _create(form)


@bp.route("/new/<game_id>", methods=["GET", "POST"])
@starts
def start_game(game_id: str) -> Response:
    """A session of any game (``?players=`` for a game of three to five)."""
    return starting.start_game(game_id, _last, _create)


@bp.get("/s/<public_id>")
def show(public_id: str) -> Response:
    """The scoreboard; also what its phones ask for changes (htmx, ``?since=<revision>``): 204 while nothing
    changed. Under the production server the question first waits for a change in front of the app
    (``companion.live``)."""
    since = request.args.get("since")
    if since is not None and is_htmx() and since == str(revision_of(db.session, public_id)):
        # One single-column query: a table's phones ask every few seconds when nothing waits in front.
        unchanged = current_app.response_class(status=204)
        unchanged.vary.add("HX-Request")
        return unchanged
    sitting = sitting_at(public_id)
    if role(sitting) is None:
        give(sitting, Role.VIEWER)  # opened here: on this phone's list of sessions from now on
    board = load_scoreboard(db.session, sitting)
    group = visible_group(sitting)
    group_editor = group is not None and can_edit(group)
    editor = can_edit(sitting)
    if editor:
        # The session's form token now, before the phone's own requests (phone.js) and the next page's race
        # to set it: each would write its own into the cookie, and one page's forms would then be refused.
        generate_csrf()
    return board_page(sitting, board, editor, is_owner(sitting), group, group_editor)


@bp.get("/s/<public_id>/phone.json")
def phone_json(public_id: str) -> Response:
    """The session as a phone that may score it keeps it, to score with no signal (``companion.journal``): its
    document, revision and hands, this phone's role, and the token its changes are sent back with when the signal
    returns."""
    sitting = sitting_at(public_id)
    require_edit(sitting)
    board = load_scoreboard(db.session, sitting)
    hands = [{"deal": h.deal, "version": h.version, "record": h.record.to_json()} for h in board.hands]
    held = "owner" if is_owner(sitting) else "editor"
    document = SessionDocument.of(sitting).as_dict()
    return kept_json(session=document, hands=hands, role=held, csrf=generate_csrf())


@bp.get("/s/<public_id>/join/<key>")
def join(public_id: str, key: str) -> Response:
    """The edit link: this phone may now score and change hands."""
    told = _("This phone can now score and change hands in this session.")
    return join_with_key(sitting_at(public_id), key, told, url_for("sittings.show", public_id=public_id))


@bp.get("/s/<public_id>/share")
def share(public_id: str) -> Response:
    return share_page(
        sitting_at(public_id),
        back=(_("Scoreboard"), url_for("sittings.show", public_id=public_id)),
        view=(_("Follow the scores (view only)"), "sittings.show"),
        edit=(_("Score hands too (edit link: share only at this table)"), "sittings.join"),
        renew_endpoint="sittings.renew",
    )


@bp.post("/s/<public_id>/share/renew")
def renew(public_id: str) -> Response:
    """A new edit link: the old one stops working (the owner's phone only)."""
    return renew_link(sitting_at(public_id), "sittings.share")


@bp.route("/s/<public_id>/delete", methods=["GET", "POST"])
def delete(public_id: str) -> Response:
    """Delete the whole session, after a confirmation (the owner's phone only)."""
    sitting = sitting_at(public_id)
    require_owner(sitting)
    if request.method == "POST":
        names = ", ".join(sitting.names)
        delete_sitting(db.session, sitting)
        flash(_("The session of %(names)s is deleted.", names=names))
        return see_other(url_for("sittings.start"))
    progress = ending_of(sitting).progress(hand_count(db.session, sitting), sitting.deals)
    return render("sittings/delete.html", sitting=sitting, progress=progress, game=GAMES[sitting.game])


@bp.get("/s/<public_id>/export.json")
def export_json(public_id: str) -> Response:
    sitting = sitting_at(public_id)
    require_edit(sitting)  # a backup holds everything: for the phones that may change the session
    group = visible_group(sitting)
    ids, groups = [saved_id(sitting)], [group] if group is not None else []
    return attachment(lambda session: export_text(session, ids, groups), "application/json", f"tarot-{public_id}.json")


@bp.get("/s/<public_id>/export.csv")
def export_csv(public_id: str) -> Response:
    sitting = sitting_at(public_id)
    require_edit(sitting)
    return attachment(hands_csv(db.session, sitting), "text/csv", f"tarot-{public_id}.csv")
