"""Entering, previewing, editing and deleting hands of a session."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, flash, request, session, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer
from sqlalchemy.orm.exc import ObjectDeletedError
from werkzeug.wrappers import Response

from ...extensions import db
from ...games import GAMES, Game
from ...games.common import InvalidHand
from ...games.common.fields import whole_number
from ...games.common.form import GameHandForm
from ...models import Sitting
from ...store import (
    DealRefused,
    DealTaken,
    HandView,
    NoSuchDeal,
    Scoreboard,
    SessionDeleted,
    StaleEdit,
    delete_hand,
    edit_hand,
    hand_view,
    load_scoreboard,
    new_secret,
    record_hand,
    revision_of,
)
from .. import render, see_other
from ..access import require_edit, sitting_at, unless_deleted
from ..filters import amount
from ..limits import saves

bp = Blueprint("hands", __name__, url_prefix="/s/<public_id>/hands")


def _editable_sitting(public_id: str) -> Sitting:
    """A session this phone may change: 404 when unknown, 403 when it only has the view link."""
    sitting = sitting_at(public_id)
    require_edit(sitting)
    return sitting


def _stored_hand(sitting: Sitting, deal: int) -> HandView:
    if not 1 <= deal <= sitting.deals:  # never asked of the database (PostgreSQL's integers stop at 2**31)
        abort(404)
    hand = hand_view(db.session, sitting, deal)
    if hand is None:
        unless_deleted(sitting)
        if request.method == "POST":
            # Deleted on another phone after this one opened it: say so, rather than "not found".
            abort(
                _to_scoreboard(
                    sitting, _("Deal %(deal)s was deleted on another phone: nothing was changed.", deal=deal)
                )
            )
        abort(404)
    return hand


def _to_scoreboard(sitting: Sitting, message: str) -> Response:
    """Back to the top of the scoreboard: the notice, the totals and the next deal's button on the first screen.

    A notice already waiting is not added again: a second tap on Save repeats the first one's notice.
    """
    if message not in [m for _, m in session.get("_flashes", [])]:
        flash(message)
    return see_other(url_for("sittings.show", public_id=sitting.public_id))


def _notice(sitting: Sitting, deal: int, changed: bool = False) -> str:
    """What the first screen after a save (or, ``changed``, an edit) says: the hand and each player's payment (or
    points) for it.

    "Deal 6 saved: Bob's four made — Ann −0/6 · Bob +0/6 · Cat −0/6 · Dan +0/6"
    """
    hand = hand_view(db.session, sitting, deal)
    if hand is None:  # deleted on another phone in the meantime
        return _("Deal %(deal)s changed.", deal=deal) if changed else _("Deal %(deal)s saved.", deal=deal)
    names = sitting.names
    what = hand.game.notice(hand.record, names)
    amounts = [amount(n, hand.game) for n in hand.payments]
    # A name and its payment never part at the end of a line.
    pays = " · ".join(f"{n}\u00a0{a}" for n, a in zip(names, amounts, strict=True))
    if changed:
        return _("Deal %(deal)s changed: %(hand)s — %(payments)s", deal=deal, hand=what, payments=pays)
    return _("Deal %(deal)s saved: %(hand)s — %(payments)s", deal=deal, hand=what, payments=pays)


def _game(sitting: Sitting) -> Game[Any]:
    return GAMES[sitting.game]


def _hand_form(sitting: Sitting, deal: int | None = None, **kwargs: Any) -> GameHandForm[Any]:
    """The session's game's hand form, for its players and options; who dealt ``deal`` (or the deal the form
    sends) is the session's word, never the page's."""
    form = _game(sitting).hand_form(sitting.names, sitting.options, **kwargs)
    asked = deal if deal is not None else whole_number(form.deal.data)
    if asked is not None and 1 <= asked <= sitting.deals:
        form.dealt_by(sitting.dealer_of(asked))
    return form


def _preview(form: GameHandForm[Any], sitting: Sitting, record: Any, refused: bool = False) -> dict[str, Any]:
    """What ``hands/_preview.html`` and the summary beside Save show: the working (and whatever else the game
    shows as the form stands), or what is missing or wrong. ``refused``: a Save was refused, its problems
    beside their fields."""
    game = _game(sitting)
    result = game.result(record, sitting.names) if record is not None else None  # the hand scored, once
    found = {
        "refused": refused,
        "game": game,
        "names": sitting.names,
        "stake": sitting.stake,
        "record": record,
        "missing": form.missing(),
        "problems": [(f.label.text, e) for f in form for e in f.errors] + [(None, e) for e in form.form_errors],
        "result": result,
        "pays": result.net if result is not None else None,
        **form.preview_extras(),
    }
    return found


def _form_page(
    form: GameHandForm[Any],
    sitting: Sitting,
    deal: int,
    editing: HandView | None,
    record: Any = None,
    status: int = 200,
    current: HandView | None = None,
    theirs: HandView | None = None,
    next_deal: int | None = None,
) -> Response:
    """The hand form with its preview; ``current`` is another phone's newer version of the hand being edited,
    ``theirs`` the hand another phone saved first as this deal (``next_deal``: the one this hand may go in as).

    After a POST: 200 for a hand the engine accepted (previewed, or refused
    because of another phone's change) and 422 for one it did not.
    """
    response = render(
        "hands/form.html",
        status=status,
        game=_game(sitting),
        form=form,
        sitting=sitting,
        deal=deal,
        dealer=sitting.dealer_of(deal),
        editing=editing,
        preview=_preview(form, sitting, record, refused=status == 422),
        current=current,
        theirs=theirs,
        next_deal=next_deal,
        first_error=next((f.name for f in form if f.errors), None),
    )
    # Never kept for Back: after a save, Back opens a fresh form for the next deal, not this one filled in.
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/new", methods=["GET", "POST"])
@saves
def new(public_id: str) -> Response:
    sitting = _editable_sitting(public_id)
    board = load_scoreboard(db.session, sitting)
    if request.method == "GET":
        if board.next_deal is None:
            return _to_scoreboard(sitting, _over(board))
        form = _hand_form(sitting, board.next_deal)
        form.deal.data, form.form_token.data = str(board.next_deal), new_secret()
        return _form_page(form, sitting, board.next_deal, None)
    if board.won_early:  # a save from a phone that had not seen the winning hand (a deal merely taken by
        return _to_scoreboard(sitting, _over(board))  # another phone is shown beside this one's, below)
    form = _hand_form(sitting)

    deal = whole_number(form.deal.data) or 0  # 0: no such deal, refused below
    record = form.to_record() if form.validate_on_submit() else None
    if record is None or request.form.get("action") == "preview":
        status = 200 if record is not None else 422
        return _form_page(form, sitting, deal if 1 <= deal <= sitting.deals else 1, None, record, status)
    try:
        record_hand(db.session, sitting, deal, record, form.form_token.data or "")
    except NoSuchDeal as refused:  # only a doctored form names a deal the session does not have
        form.form_errors.append(
            _("This session has deals 1 to %(last)s; there is no deal %(deal)s.", last=sitting.deals, deal=deal)
            + (" " + _("This hand can go in as deal %(deal)s.", deal=refused.next_deal) if refused.next_deal else "")
        )
        form.deal.data = str(refused.next_deal or 1)
        return _form_page(form, sitting, refused.next_deal or 1, None, record, 422)
    except DealTaken as taken:
        return _taken(form, sitting, deal, record, taken.next_deal)
    # Saved now, or by this form's first tap on Save (its token): the same notice either way.
    return _to_scoreboard(sitting, _notice(sitting, deal))


def _over(board: Scoreboard) -> str:
    """Why no more hands go in: every deal is recorded, or the game was won."""
    if board.won_early and board.outcome.winners:
        return ngettext(
            "The game is over: %(names)s won. Edit a hand to change it.",
            "The game is over: %(names)s won. Edit a hand to change it.",
            len(board.outcome.winners),
            names=board.winner_names,
        )
    return _("Every deal of this session is recorded: edit a hand to change it.")


def _taken(form: GameHandForm[Any], sitting: Sitting, deal: int, record: Any, next_deal: int | None) -> Response:
    """Another phone saved this deal first: its hand beside this one. Most often both phones scored the same
    hand, so discarding this one is the first choice; saving it as the next deal stays, as a second one."""
    theirs = hand_view(db.session, sitting, deal)
    if theirs is None:  # and deleted it since: the deal is free again
        form.form_errors.append(
            _("Deal %(deal)s was saved from another phone and deleted since: Save puts yours in.", deal=deal)
        )
        return _form_page(form, sitting, deal, None, record)
    form.form_errors.append(
        _(
            "Deal %(deal)s was saved from another phone meanwhile. If it is the hand you entered, discard yours; "
            "if not, save yours as deal %(next)s.",
            deal=deal,
            next=next_deal,
        )
        if next_deal
        else _(
            "Deal %(deal)s was saved from another phone meanwhile. If it is the hand you entered, discard yours: "
            "every deal of this session is recorded.",
            deal=deal,
        )
    )
    if next_deal:
        form.deal.data = str(next_deal)
    return _form_page(form, sitting, deal, None, record, theirs=theirs, next_deal=next_deal)


@bp.route("/<int:deal>/edit", methods=["GET", "POST"])
@saves
def edit(public_id: str, deal: int) -> Response:
    sitting = _editable_sitting(public_id)
    hand = _stored_hand(sitting, deal)
    if request.method == "GET":
        form = _hand_form(sitting, deal, data=_game(sitting).form_data(hand.record))
        form.version.data = str(hand.version)
        return _form_page(form, sitting, deal, hand, hand.record)  # the stored payments at once

    form = _hand_form(sitting, deal)
    record = form.to_record() if form.validate_on_submit() else None
    if record is not None and request.form.get("action") != "preview":
        version = whole_number(form.version.data) or 0  # 0: never a stored version, so a stale edit
        try:
            edit_hand(db.session, sitting, deal, record, version)
            return _to_scoreboard(sitting, _notice(sitting, deal, changed=True))
        except StaleEdit:
            form.form_errors.append(
                _(
                    "This hand was changed on another phone after you opened it. "
                    "The current version is shown below the form; reload to edit it."
                )
            )
            try:
                current = _stored_hand(sitting, deal)
            except ObjectDeletedError:  # the whole session was deleted on another phone a moment ago
                raise SessionDeleted(public_id) from None
            form.version.data = str(current.version)
            return _form_page(form, sitting, deal, hand, record, current=current)
    return _form_page(form, sitting, deal, hand, record, 200 if record is not None else 422)


@bp.post("/preview")
def preview(public_id: str) -> Response:
    """The live preview (htmx): payments and working for the form as it stands."""
    sitting = _editable_sitting(public_id)
    form = _hand_form(sitting)
    record = form.to_record() if not form.missing() and form.validate() else None
    return render("hands/_preview.html", **_preview(form, sitting, record), oob=True)


#: How long the notice after a delete can bring the hand back.
RESTORE_SECONDS = 10 * 60


def _restorer() -> URLSafeTimedSerializer:
    """Signs a deleted hand into the notice's Restore button, so nothing deleted needs keeping on the server."""
    key = current_app.secret_key
    assert key is not None  # build_app always sets SECRET_KEY
    return URLSafeTimedSerializer(key, salt="restore-hand")


@bp.route("/<int:deal>/delete", methods=["GET", "POST"])
@saves
def delete(public_id: str, deal: int) -> Response:
    sitting = _editable_sitting(public_id)
    hand = _stored_hand(sitting, deal)
    if request.method == "POST":
        if not delete_hand(db.session, sitting, deal):
            return _to_scoreboard(sitting, _("Deal %(deal)s was already deleted.", deal=deal))
        # The session's revision after the delete: the token restores only while nothing changed since, so it
        # cannot bring the hand back twice (a restore, then a second delete, then the old token again).
        revision = revision_of(db.session, public_id)
        signed = {"session": public_id, "deal": deal, "hand": hand.record.to_json(), "revision": revision}
        token = _restorer().dumps(signed)
        notice = {"session": public_id, "deal": deal, "token": token}  # the notice, with its Restore button
        flash(notice, "restore")  # type: ignore[arg-type]  # Flask types a message as str; it keeps any JSON value
        return see_other(url_for("sittings.show", public_id=public_id))
    return render("hands/delete.html", sitting=sitting, hand=hand)


@bp.post("/restore")
@saves
def restore(public_id: str) -> Response:
    """Undo a delete from its notice, for a while: the same hand back as the same deal, if that is still free."""
    sitting = _editable_sitting(public_id)
    try:
        signed = _restorer().loads(request.form.get("token", ""), max_age=RESTORE_SECONDS)
        if signed["session"] != public_id:
            raise BadSignature("another session's hand")
        deal, record = signed["deal"], _game(sitting).parse(signed["hand"], sitting.seats, stored=True)
        unchanged = signed["revision"] == revision_of(db.session, public_id)
    except SignatureExpired:
        return _to_scoreboard(sitting, _("Too late to restore that hand: it can be scored again instead."))
    except (BadSignature, KeyError, TypeError, InvalidHand):
        abort(400)
    taken = _("Deal %(deal)s was scored again meanwhile: the deleted hand was not restored.", deal=deal)
    if not unchanged:
        if hand_view(db.session, sitting, deal) is not None:
            return _to_scoreboard(sitting, taken)
        return _to_scoreboard(
            sitting, _("The session changed since deal %(deal)s was deleted: score it again instead.", deal=deal)
        )
    try:
        record_hand(db.session, sitting, deal, record, new_secret())
    except DealRefused:
        return _to_scoreboard(sitting, taken)
    return _to_scoreboard(sitting, _("Deal %(deal)s restored.", deal=deal))
