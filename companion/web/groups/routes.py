"""A group (a regular table or club): its leaderboard, its players' pages, and starting its next session."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...backup import export_text, group_csv, group_ids
from ...extensions import db
from ...games import DEFAULT, GAMES, Game
from ...games.common.fields import lazy_gettext as _l
from ...games.common.fields import whole_number
from ...models import GameOptions, Group, Member, Role, Sitting, name_key
from ...stats import group_stats, leaderboard
from ...store import (
    MAX_PLAYERS,
    NameTaken,
    TooManyPlayers,
    add_member,
    create_group,
    find_group,
    find_member,
    group_sittings,
    long_work,
    rename_member,
    update_group,
)
from .. import render, see_other
from ..access import can_edit, give, is_owner, own_device, require_edit, role
from ..chart import COLOURS, line_chart
from ..limits import saves, starts
from ..links import attachment, join_with_key, kept_json, renew_link, share_page
from ..sittings.board import phone_keep
from ..sittings.forms import SittingForm, again_data, group_data, options_form, sitting_form
from ..sittings.routes import create_from
from ..sittings.starting import carried, game_and_players
from .forms import GroupForm, MemberForm

bp = Blueprint("groups", __name__)
#: Sessions listed on the group's page; the rest are a tap away, a page at a time.
RECENT = 10
PER_PAGE = 20
#: Leaderboard rows on the group's page, and a page at a time on the whole leaderboard.
LEADERS, LEADERS_PER_PAGE = 20, 50
#: Players drawn on the group's chart, the leaders: one line style each.
CHARTED = len(COLOURS)
#: The largest id a row may have (PostgreSQL's integer): a larger one in a link names nobody, and is not asked for.
LARGEST_ID = 2**31 - 1
TOO_MANY = _l("A group has at most %(most)s players: start a session outside the group for a guest.", most=MAX_PLAYERS)


def _group(public_id: str) -> Group:
    group = find_group(db.session, public_id)
    if group is None:
        abort(404)
    if role(group) is None:
        give(group, Role.VIEWER)  # opened here: on this phone's list of groups from now on
    return group


def _last(group: Group) -> Sitting | None:
    """The group's latest session: the first of its newest page of one (a single row read)."""
    latest, _ = group_sittings(db.session, group, per_page=1)
    return latest[0].sitting if latest else None


def _member(group: Group, member_id: int) -> Member:
    member = find_member(db.session, group, member_id) if member_id <= LARGEST_ID else None
    if member is None:
        abort(404)
    return member


@bp.route("/groups/new", methods=["GET", "POST"])
@starts
def new() -> Response:
    form = options_form(GroupForm, DEFAULT)()
    if not form.validate_on_submit():
        return render("groups/new.html", status=422 if form.is_submitted() else 200, form=form)
    chosen = GameOptions({}).choosing(DEFAULT, form.house_rules)
    group = create_group(db.session, form.name.data or "", chosen, form.coins.data, owner=own_device())
    flash(_("Group made. Add its players here, or as you start its first session."))
    return see_other(url_for("groups.show", public_id=group.public_id))


def _group_page(group: Group, member_form: MemberForm | None = None, status: int = 200) -> Response:
    """The group's page: start the next session, the leaders and their chart, the players and the sessions."""
    board = leaderboard(db.session, group, charted=CHARTED)
    lines = [(s.name, line) for s, line in zip(board.standings, board.running, strict=False)]
    recent, more = group_sittings(db.session, group, per_page=RECENT)
    defaults = group.defaults
    return render(
        "groups/show.html",
        status=status,
        group=group,
        # The usual game's house rules, and those of any other game the group chose some for.
        house_rules=[(g, defaults.of(g)) for g in GAMES.values() if g is DEFAULT or defaults.keeps(g)],
        played=board.sessions,
        leaders=board.standings[:LEADERS],
        ranked=len(board.standings),
        chart=line_chart(lines, board.sessions),
        sittings=(recent, more),
        last=recent[0].sitting if recent else None,
        member_form=member_form or MemberForm(),
        editor=can_edit(group),
        owner=is_owner(group),
        phone_keep=phone_keep(group.public_id, "groups.phone_json") if can_edit(group) else None,
    )


def _player_page(group: Group, member: Member, form: MemberForm | None = None, status: int = 200) -> Response:
    """One player's figures in the group, and their name to change."""
    found = group_stats(db.session, group, only=[member.id or 0]).of(member.id or 0)
    assert found is not None  # the member is the group's (``_member``)
    return render(
        "groups/player.html",
        status=status,
        group=group,
        member=member,
        player=found,
        chart=line_chart([(found.name, found.running)], len(found.sessions)),
        form=form or MemberForm(data={"name": member.name}),
        editor=can_edit(group),
    )


@bp.get("/g/<public_id>")
@long_work()  # one at a time in a process: a crowd asking for them leaves the phones their turn
def show(public_id: str) -> Response:
    return _group_page(_group(public_id))


def _settings_page(group: Group, form: GroupForm, status: int = 200) -> Response:
    """The settings form, for the house rules of its game (the other games with house rules a tap away)."""
    ruled = [g for g in GAMES.values() if g.option_fields()]
    return render("groups/settings.html", status=status, group=group, form=form, ruled=ruled)


@bp.route("/g/<public_id>/settings", methods=["GET", "POST"])
@saves  # a group's changes count as a session's saves do
def settings(public_id: str) -> Response:
    """The group's name, and the house rules (of the game ``?game=`` names: the usual one if none) and coins its
    next sessions start with."""
    group = _group(public_id)
    require_edit(group)
    game = GAMES.get(request.args.get("game", ""), DEFAULT)
    form_class = options_form(GroupForm, game)
    if request.method == "GET":
        return _settings_page(group, form_class(data={"name": group.name, **group_data(group, game)}))
    form = form_class()
    if not form.validate_on_submit():
        return _settings_page(group, form, status=422)
    kept = group.defaults
    chosen = kept.choosing(game, form.house_rules) if form.option_names else kept  # a game with none: the coins
    update_group(db.session, group, form.name.data or "", chosen, form.coins.data or "")
    flash(_("Saved. Sessions started from now on use these house rules; those already played keep theirs."))
    return see_other(url_for("groups.show", public_id=public_id))


@bp.get("/g/<public_id>/sessions")
@long_work()
def sessions(public_id: str) -> Response:
    """All the group's sessions, newest first, a page at a time."""
    group = _group(public_id)
    page = whole_number(request.args.get("page", "1"), most=100000) or 1
    sittings, more = group_sittings(db.session, group, page, PER_PAGE)
    return render("groups/sessions.html", group=group, sittings=sittings, page=page, more=more)


@bp.get("/g/<public_id>/leaderboard")
@long_work()
def standings(public_id: str) -> Response:
    """Every player who has played, a page at a time."""
    group = _group(public_id)
    page = whole_number(request.args.get("page", "1"), most=100000) or 1
    rows = leaderboard(db.session, group).standings
    first = (page - 1) * LEADERS_PER_PAGE
    shown = rows[first : first + LEADERS_PER_PAGE]
    more = len(rows) > first + LEADERS_PER_PAGE
    return render("groups/leaderboard.html", group=group, leaders=shown, first=first, page=page, more=more)


@bp.get("/g/<public_id>/players/<int:member_id>")
@long_work()
def player(public_id: str, member_id: int) -> Response:
    group = _group(public_id)
    return _player_page(group, _member(group, member_id))


@bp.post("/g/<public_id>/players")
@saves
def add_player(public_id: str) -> Response:
    group = _group(public_id)
    require_edit(group)
    form = MemberForm()
    if form.validate_on_submit():
        try:
            add_member(db.session, group, form.name.data or "")
            flash(_("%(name)s is one of the group's players now.", name=form.name.data))
            return see_other(url_for("groups.show", public_id=public_id) + "#players")
        except NameTaken:
            form.name.errors = [*form.name.errors, _("The group has a player of that name already.")]
        except TooManyPlayers:
            form.name.errors = [*form.name.errors, TOO_MANY]
    return _group_page(group, form, status=422)


@bp.post("/g/<public_id>/players/<int:member_id>")
@saves
def rename_player(public_id: str, member_id: int) -> Response:
    """A new name for a player: their sessions and figures stay theirs."""
    group = _group(public_id)
    require_edit(group)
    member = _member(group, member_id)
    form = MemberForm()
    if form.validate_on_submit():
        old = member.name
        try:
            rename_member(db.session, member, form.name.data or "")
            flash(_("%(old)s is %(new)s now, on every scoreboard of the group.", old=old, new=form.name.data))
            return see_other(url_for("groups.player", public_id=public_id, member_id=member_id))
        except NameTaken:
            form.name.errors = [*form.name.errors, _("Another player of the group has that name.")]
    return _player_page(group, _member(group, member_id), form, status=422)


def _start_page(group: Group, form: SittingForm, status: int = 200) -> Response:
    for field in form.name_fields:  # each name box offers the group's players (its own dict: render_kw is shared)
        field.render_kw = {**(field.render_kw or {}), "list": "members"}
    action = url_for("groups.create_session", public_id=group.public_id, game=form.game.id, players=form.players)
    return render("groups/start.html", status=status, group=group, form=form, action=action, default=DEFAULT)


def _asked_game() -> tuple[Game[Any], int]:
    """The game ``?game=`` names (the usual one if none) and the players ``?players=`` asks for."""
    return game_and_players(request.args.get("game", DEFAULT.id))


@bp.get("/g/<public_id>/start")
def start(public_id: str) -> Response:
    """The next session's form (``?game=``, ``?players=``): the group's house rules and coins; ``?again`` fills in
    last time's game and players."""
    group = _group(public_id)
    require_edit(group)
    last = _last(group)
    if request.args.get("again") is not None and last is not None:
        game, players = GAMES[last.game], last.seats
        return _start_page(group, sitting_form(game, players, data=again_data(last, defaults=group)))
    game, players = _asked_game()
    # The group's house rules for the game and its coins, unless typed already (before the players' number changed).
    return _start_page(group, sitting_form(game, players, data={**group_data(group, game), **carried(game)}))


@bp.post("/g/<public_id>/sessions")
@starts
def create_session(public_id: str) -> Response:
    """A session of the group: each name is one of its players (a new name adds a player)."""
    group = _group(public_id)
    require_edit(group)
    game, players = _asked_game()
    form = sitting_form(game, players)
    if not form.validate_on_submit():
        return _start_page(group, form, status=422)
    try:
        # Under the id the form came with: a start sent again (or by a phone that made it with no signal) once.
        return create_from(form, group, public_id=form.session_id)
    except TooManyPlayers as full:
        db.session.rollback()
        new = {name_key(n) for n in full.names}
        for field in form.name_fields:
            if name_key(field.data) in new:
                field.errors = [*field.errors, TOO_MANY]
        return _start_page(group, form, status=422)


@bp.post("/g/<public_id>/again")
@starts
def same_again(public_id: str) -> Response:
    """One tap: last time's game and players in last time's seats, with the group's house rules and coins."""
    group = _group(public_id)
    require_edit(group)
    last = _last(group)
    if last is None:
        return see_other(url_for("groups.start", public_id=public_id))
    game = GAMES[last.game]
    form = sitting_form(game, last.seats, formdata=None, data=again_data(last, defaults=group))
    return create_from(form, group)


@bp.get("/g/<public_id>/phone.json")
def phone_json(public_id: str) -> Response:
    """The group as a phone that may start its sessions keeps it (``companion.journal``): its name, and last
    time's session as "Same as last time" would start it again (the start form's data), with no signal."""
    group = _group(public_id)
    require_edit(group)
    last = _last(group)
    again = None
    if last is not None:
        data = again_data(last, defaults=group)
        again = {"game": last.game, "players": last.seats, "names": list(last.names), "data": data}
    held = "owner" if is_owner(group) else "editor"
    kept = {"public_id": group.public_id, "name": group.name, "players": len(group.members), "role": held}
    return kept_json(group=kept, again=again)


@bp.get("/g/<public_id>/join/<key>")
def join(public_id: str, key: str) -> Response:
    """The group's edit link: this phone may start its sessions, score them and name its players."""
    told = _("This phone can now start and score the group's sessions.")
    return join_with_key(_group(public_id), key, told, url_for("groups.show", public_id=public_id))


@bp.get("/g/<public_id>/share")
def share(public_id: str) -> Response:
    group = _group(public_id)
    return share_page(
        group,
        back=(group.name, url_for("groups.show", public_id=public_id)),
        view=(_("See the group's figures (view only)"), "groups.show"),
        edit=(_("Start and score its sessions too (edit link: share only with the group)"), "groups.join"),
        renew_endpoint="groups.renew",
    )


@bp.post("/g/<public_id>/share/renew")
def renew(public_id: str) -> Response:
    return renew_link(_group(public_id), "groups.share")


@bp.get("/g/<public_id>/export.json")
def export_json(public_id: str) -> Response:
    """The group's backup, streamed a session at a time."""
    group = _group(public_id)
    require_edit(group)
    body = lambda session: export_text(session, group_ids(session, group), [group])  # noqa: E731
    return attachment(body, "application/json", f"tarot-group-{public_id}.json")


@bp.get("/g/<public_id>/export.csv")
def export_csv(public_id: str) -> Response:
    """The group's CSV, streamed a session at a time."""
    group = _group(public_id)
    require_edit(group)
    return attachment(lambda session: group_csv(session, group), "text/csv", f"tarot-group-{public_id}.csv")
