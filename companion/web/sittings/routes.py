"""The start page, starting a session, and its scoreboard."""

from __future__ import annotations

import json

import segno
from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from markupsafe import Markup

from ...backup import export_all, hands_csv
from ...extensions import db
from ...store import create_sitting, find_sitting, load_scoreboard, recent_sittings, sitting_revision
from .. import render
from ..access import can_edit, edit_key_matches, grant_edit
from ..cache import CachedPage, app_cache
from ..facts import facts_for
from ..fields import whole_number
from ..notices import forget_notice, pending_notice, to_scoreboard
from .chart import running_totals_chart
from .forms import NewSittingForm

bp = Blueprint("sittings", __name__)
PER_PAGE = 20


def _start_page(form: NewSittingForm, status: int = 200):
    page = whole_number(request.args.get("page", "1"), most=100000) or 1
    sittings, more = recent_sittings(db.session, page, PER_PAGE)
    return render("sittings/start.html", status=status, form=form, sittings=sittings, page=page, more=more)


@bp.get("/")
def start():
    return _start_page(NewSittingForm())


@bp.post("/sessions")
def create():
    form = NewSittingForm()
    if not form.validate():
        return _start_page(form, status=422)
    sitting = create_sitting(
        db.session,
        form.names,
        int(form.deals.data),
        int(form.first_dealer.data),
        form.house_rules,
        form.coins.data,
    )
    grant_edit(sitting)  # the phone that starts a session may score it
    return redirect(url_for("sittings.show", public_id=sitting.public_id))


def _sitting(public_id: str):
    sitting = find_sitting(db.session, public_id)
    if sitting is None:
        abort(404)
    return sitting


@bp.get("/s/<public_id>")
def show(public_id: str):
    found = sitting_revision(db.engine, public_id)
    if found is None:
        abort(404)
    facts = facts_for(public_id)
    editor = can_edit(facts)

    def draw() -> Markup:
        board = load_scoreboard(db.session, _sitting(public_id))
        return Markup(
            render_template("sittings/_board.html", board=board, chart=running_totals_chart(board), editor=editor)
        )

    # Rendered scoreboards by (session id, revision, edit rights): most of a page view's work.
    key = (*found, editor)
    body = app_cache("boards", 512).get_or_make(key, draw)
    notice = pending_notice()
    if notice is not None:  # a message to show once: this page is not the cached one
        return forget_notice(render("sittings/show.html", facts=facts, body=body, notice=notice), public_id)
    page = app_cache("board_pages", 512).get_or_make(
        key, lambda: CachedPage.of(render_template("sittings/show.html", facts=facts, body=body, session_id=public_id))
    )
    return page.response()


@bp.get("/s/<public_id>/join/<key>")
def join(public_id: str, key: str):
    """The edit link: this phone may now score and change hands."""
    sitting = _sitting(public_id)
    if not edit_key_matches(sitting, key):
        abort(404)
    grant_edit(sitting)
    return to_scoreboard(public_id, "joined")


def _qr(url: str) -> Markup:
    # Dark on light whatever the theme: phones' cameras read that best.
    return Markup(segno.make(url, error="m").svg_inline(scale=5, dark="#000", light="#fff", omitsize=True))


@bp.get("/s/<public_id>/share")
def share(public_id: str):
    sitting = _sitting(public_id)
    editor = can_edit(sitting)
    links = [("view", "Follow the scores (view only)", url_for("sittings.show", public_id=public_id, _external=True))]
    if editor:
        edit_url = url_for("sittings.join", public_id=public_id, key=sitting.edit_key, _external=True)
        links.append(("edit", "Score hands too (edit link: share only at this table)", edit_url))
    board = load_scoreboard(db.session, sitting)
    return render("sittings/share.html", board=board, links=[(k, t, u, _qr(u)) for k, t, u in links], editor=editor)


@bp.get("/s/<public_id>/export.json")
def export_json(public_id: str):
    sitting = _sitting(public_id)
    body = json.dumps(export_all(db.session, [sitting]), ensure_ascii=False, indent=1)
    return Response(
        body,
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="tarot-{public_id}.json"'},
    )


@bp.get("/s/<public_id>/export.csv")
def export_csv(public_id: str):
    sitting = _sitting(public_id)
    return Response(
        hands_csv(db.session, sitting),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="tarot-{public_id}.csv"'},
    )
