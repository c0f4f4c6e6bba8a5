"""The start page, starting a session, and its scoreboard."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from flask import Blueprint, abort, current_app, flash, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...backup import export_text, hands_csv
from ...extensions import db
from ...games import DEFAULT, GAMES, Game
from ...games.common.fields import whole_number
from ...models import Group, Role, Sitting, saved_id
from ...store import (
    RightsTakenBack,
    SittingSummary,
    create_sitting,
    delete_sitting,
    ending_of,
    find_sitting,
    groups_of,
    hand_count,
    load_scoreboard,
    revision_of,
    sittings_of,
)
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
from ..chart import running_totals_chart
from ..limits import starts
from ..links import attachment, join_with_key, renew_link, share_page
from .forms import MOST_PLAYERS, SittingForm, again_data, players_of, sitting_form

bp = Blueprint("sittings", __name__)
#: Sessions, and groups, a page of the start page lists: the rest are a tap away.
PER_PAGE = GROUPS_PER_PAGE = 20


@bp.app_template_filter("game_of")
def game_of_session(sitting: Sitting) -> Game[Any]:
    """A session's game, for a page that has the session alone (its Share page): the game heads it."""
    return GAMES[sitting.game]


#: How long an unfinished session counts as still being played: an evening, and the night after it.
RUNNING_FOR = timedelta(hours=24)


def _running(sittings: list[SittingSummary]) -> list[SittingSummary]:
    """The sessions still being played: unfinished (as each row says), and started within ``RUNNING_FOR`` (not
    last month's)."""
    since = datetime.now(UTC) - RUNNING_FOR
    return [s for s in sittings if not s.finished and _utc(s.sitting.created_at) > since]


def _utc(moment: datetime) -> datetime:
    """A stored time, in UTC: SQLite gives it back without its zone."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _start_page(form: SittingForm, status: int = 200) -> Response:
    """The start page: a page of this phone's sessions (``?page=``) and of its groups (``?groups=``), a line each,
    however many it has."""
    page = whole_number(request.args.get("page", "1"), most=100000) or 1
    shelf = whole_number(request.args.get("groups", "1"), most=100000) or 1
    sittings, more = sittings_of(db.session, device(), page, PER_PAGE)
    groups, more_groups = groups_of(db.session, device(), shelf, GROUPS_PER_PAGE)
    # A returning phone finds first what it came back for: its sessions still being played, and its groups.
    running = _running(sittings) if page == 1 else []
    return render(
        "sittings/start.html",
        status=status,
        form=form,
        action=url_for("sittings.create"),
        sittings=sittings,
        page=page,
        more=more,
        groups=groups,
        groups_page=shelf,
        more_groups=more_groups,
        running=running,
        default=DEFAULT,
    )


def _last(game: Game[Any]) -> Sitting | None:
    """The session ``?again=<id>`` names, if this phone may see it and it is of ``game``."""
    last = find_sitting(db.session, request.args.get("again", ""))
    return last if last is not None and last.game == game.id and role(last) is not None else None


@bp.get("/")
def start() -> Response:
    """The start page: the usual game's form; ``?again=<id>`` fills it with that session's players and settings."""
    last = _last(DEFAULT)
    if last is not None:
        return _start_page(sitting_form(DEFAULT, last.seats, data=again_data(last)))
    return _start_page(sitting_form(DEFAULT, DEFAULT.players[0]))


def create_from(form: SittingForm, group: Group | None = None) -> Response:
    """The session the filled form describes (in ``group``, if any); the starting phone owns it."""
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
        )
    except RightsTakenBack:  # a new edit link of the group, since this request checked the phone's rights
        abort(403)
    return see_other(url_for("sittings.show", public_id=sitting.public_id))


@bp.post("/sessions")
@starts
def create() -> Response:
    """A session of the usual game, from the start page."""
    form = sitting_form(DEFAULT, DEFAULT.players[0])
    if not form.validate_on_submit():
        return _start_page(form, status=422)
    return create_from(form)


def game_and_players(game_id: str) -> tuple[Game[Any], int]:
    """The game of a URL and the number of players ``?players=`` asks for (its usual number if it has no such)."""
    game = GAMES.get(game_id)
    if game is None:
        abort(404)
    return game, players_of(game, whole_number(request.args.get("players", "")))


#: What a start form keeps when the number of players changes: the names and the settings that do not depend
#: on it (the length and the first dealer do).
_KEPT = (*(f"player_{seat}" for seat in range(MOST_PLAYERS)), "stake", "stake_per", "coins")


def carried(game: Game[Any]) -> dict[str, str]:
    """What was typed on the start form before its number of players changed (htmx sends it along)."""
    kept = (*_KEPT, *game.option_fields())
    return {name: request.args[name] for name in kept if name in request.args}


@bp.route("/new/<game_id>", methods=["GET", "POST"])
@starts
def start_game(game_id: str) -> Response:
    """A session of any game (``?players=`` for a game of three to five)."""
    game, players = game_and_players(game_id)
    last = _last(game)
    if request.method == "GET" and last is not None:
        form = sitting_form(game, last.seats, data=again_data(last))
        return _game_page(form)
    if request.method == "GET":
        # Another number of players (the chips above the names) keeps what was typed for the same fields.
        return _game_page(sitting_form(game, players, data=carried(game)))
    form = sitting_form(game, players)
    if not form.validate_on_submit():
        return _game_page(form, 422 if form.is_submitted() else 200)
    return create_from(form)


def _game_page(form: SittingForm, status: int = 200) -> Response:
    action = url_for("sittings.start_game", game_id=form.game.id, players=form.players)
    return render("sittings/start_game.html", status=status, form=form, game=form.game, action=action)


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
    return render(
        "sittings/show.html",
        "sittings/_board.html",
        sitting=sitting,
        board=board,
        chart=running_totals_chart(board),
        editor=can_edit(sitting),
        owner=is_owner(sitting),
        group=group,
        group_editor=group is not None and can_edit(group),
    )


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
