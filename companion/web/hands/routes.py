"""Entering, previewing, editing and deleting hands of a session."""

from __future__ import annotations

import secrets

from flask import Blueprint, abort, request
from werkzeug.datastructures import MultiDict

from ...extensions import db
from ...rules import HandRecord, InvalidHand, card, category_of, score
from ...rules.cards import Suit
from ...store import (
    DealRefused,
    HandView,
    NoSuchDeal,
    SittingFacts,
    StaleEdit,
    delete_hand,
    edit_hand,
    hand_view,
    lowest_free_deal,
    record_hand,
)
from .. import html_response, render
from ..access import require_edit
from ..facts import facts_for
from ..fields import whole_number
from ..notices import to_scoreboard
from .forms import ENGINE_FIELDS, HandForm, SentValues, called_card_code, missing, record_from_values
from .working import preview_html

bp = Blueprint("hands", __name__, url_prefix="/s/<public_id>/hands")


def _session(public_id: str) -> SittingFacts:
    """A session this phone may change: 404 when unknown, 403 when it only has the view link."""
    facts = facts_for(public_id)
    require_edit(facts)
    return facts


def _stored(public_id: str, deal: int) -> tuple[SittingFacts, HandView]:
    """A session this phone may change and one recorded hand of it, or 404."""
    facts = _session(public_id)
    hand = hand_view(db.session, facts, deal)
    if hand is None:
        abort(404)
    return facts, hand


def _label(engine_field: str) -> str | None:
    name = ENGINE_FIELDS.get(engine_field)
    return getattr(HandForm, name).args[0] if name else None


def _called_card_facts(values) -> dict | None:
    """Category, penalty factor and ban of the chosen card, as soon as it is known."""
    code = called_card_code(values)
    if not code:
        return None
    try:
        called = card(code)
        young = Suit(values.get("young_trumps")) if values.get("young_trumps") else None
        category = category_of(called, young)
    except (KeyError, ValueError):
        return {"card": code, "category": None}
    return {"card": called, "category": category}


def _shown(board, record: HandRecord | None, values, todo: list[str], problems: list) -> dict:
    """What the preview shows (``preview_html``), in the page and as the htmx fragment."""
    return {
        "board": board,
        "record": record,
        "result": score(record, working=True) if record else None,
        "called": _called_card_facts(values),
        "missing": todo,
        "problems": problems,  # (label or None, message)
    }


def _preview_context(form: HandForm, board, record: HandRecord | None, values) -> dict:
    problems = [(f.label.text, e) for f in form for e in f.errors] + [(None, e) for e in form.form_errors]
    return {"form": form, **_shown(board, record, values, missing(values), problems)}


@bp.route("/new", methods=["GET", "POST"])
def new(public_id: str):
    board = _session(public_id)
    deal = whole_number(request.form.get("deal")) if request.method == "POST" else lowest_free_deal(db.session, board)
    if deal is None and request.method == "GET":
        return to_scoreboard(public_id, "all-recorded")

    def make_form() -> HandForm:
        form = HandForm(names=board.names)
        if request.method == "GET":
            form.form_token.data = secrets.token_urlsafe(16)
            form.deal.data = str(deal)
        return form

    return _enter(make_form, board, deal=deal or lowest_free_deal(db.session, board) or 0, editing=None)


@bp.route("/<int:deal>/edit", methods=["GET", "POST"])
def edit(public_id: str, deal: int):
    board, hand = _stored(public_id, deal)

    def make_form() -> HandForm:
        if request.method == "POST":
            return HandForm(names=board.names)
        form = HandForm(names=board.names, data=HandForm.data_from_record(hand.record))
        form.version.data = str(hand.version)
        return form

    return _enter(make_form, board, deal=deal, editing=hand)


def _enter(make_form, board, deal: int, editing):
    """Show the hand form, or check and save what it sent.

    A valid hand (the usual case) is judged by the engine alone and saved
    without building the WTForms form; the form is built to show the page,
    and to put every message beside its field when something is wrong.
    """
    public_id = board.public_id
    context = {"deal": deal, "dealer": board.dealer_of(deal), "editing": editing}
    if request.method != "POST":
        form = make_form()
        shown = editing.record if editing is not None else None  # editing: the stored hand's payments at once
        values = MultiDict(form.data) if editing is not None else MultiDict()
        return render("hands/form.html", **_preview_context(form, board, shown, values), **context)

    sent = SentValues(request.form)
    try:
        record, problem = HandRecord.from_json(record_from_values(sent, board.house_rules)), None
    except InvalidHand as exc:
        record, problem = None, exc
    errors: list[str] = []
    out_of_range = False
    if record is not None and sent.get("action") != "preview":
        try:
            if editing is None:
                created = record_hand(db.session, board, deal, record, sent.get("form_token", ""))
                notice = "saved" if created else "saved-before"
            else:
                edit_hand(db.session, board, deal, record, whole_number(sent.get("version")) or 0)
                notice = "changed"
            return to_scoreboard(public_id, notice, deal, f"#deal-{deal}")
        except DealRefused as refused:  # another phone took the deal, or a doctored form named none
            out_of_range, free = isinstance(refused, NoSuchDeal), refused.next_deal
            errors.append(
                (
                    f"This session has deals 1 to {board.deals}; there is no deal {deal}."
                    if out_of_range
                    else f"Deal {deal} was saved from another phone meanwhile."
                )
                + (f" This hand can go in as deal {free}." if free else "")
            )
            if free:
                context.update(deal=free, dealer=board.dealer_of(free))
        except StaleEdit:
            errors.append(
                "This hand was changed on another phone after you opened it. "
                "The current version is shown below the form; reload to edit it."
            )
            db.session.expire_all()  # the other phone's save, not what this request read first
            context["current"] = hand_view(db.session, board, deal)

    form = make_form()
    if problem is not None:
        form.validate()  # every field's own message, then the engine's beside its field
        field = getattr(form, ENGINE_FIELDS.get(problem.field, ""), None)
        if field is None:
            form.form_errors.append(problem.message)
        elif problem.message not in field.errors:
            field.errors = [*field.errors, problem.message]
    form.form_errors.extend(errors)
    if context["deal"] != deal:  # offered the lowest free deal instead
        form.deal.data = str(context["deal"])
    if context.get("current") is not None:
        form.version.data = str(context["current"].version)
    status = 200 if record is not None and not out_of_range else 422
    return render("hands/form.html", status=status, **_preview_context(form, board, record, sent), **context)


@bp.post("/preview")
def preview(public_id: str):
    """The live preview (htmx): payments and working for the form as it stands.

    Runs on every change of the form, so it reads only the session's fixed
    facts (kept in memory), never the database, and lets the engine judge
    the values without building the whole form.
    """
    facts = _session(public_id)
    values = SentValues(request.form)
    todo = missing(values)
    record, problems = None, []
    if not todo:
        try:
            record = HandRecord.from_json(record_from_values(values, facts.house_rules))
        except InvalidHand as exc:
            problems.append((_label(exc.field), exc.message))
    return html_response(preview_html(**_shown(facts, record, values, todo, problems)))


@bp.route("/<int:deal>/delete", methods=["GET", "POST"])
def delete(public_id: str, deal: int):
    board, hand = _stored(public_id, deal)
    if request.method == "POST":
        delete_hand(db.session, board, deal)
        return to_scoreboard(public_id, "deleted", deal)
    return render("hands/delete.html", board=board, hand=hand)
