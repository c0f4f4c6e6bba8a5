"""The start page, starting a session, and its scoreboard."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, request, url_for

from ...extensions import db
from ...store import create_sitting, find_sitting, load_scoreboard, recent_sittings
from .. import render
from .chart import running_totals_chart
from .forms import NewSittingForm

bp = Blueprint("sittings", __name__)
PER_PAGE = 20


def _start_page(form: NewSittingForm, status: int = 200):
    page = request.args.get("page", "1")
    page = int(page) if page.isdigit() and 0 < int(page) < 100000 else 1
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
    return redirect(url_for("sittings.show", public_id=sitting.public_id))


@bp.get("/s/<public_id>")
def show(public_id: str):
    sitting = find_sitting(db.session, public_id)
    if sitting is None:
        abort(404)
    board = load_scoreboard(db.session, sitting)
    return render("sittings/show.html", board=board, chart=running_totals_chart(board))
