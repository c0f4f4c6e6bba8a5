"""The hand pages (score a deal, its live preview, edit, delete, restore) for a session wherever it is kept: the
server's blueprint (``routes``) runs them over its database, the phone's app (``companion.phone``) over the
sessions it keeps (``companion.journal``), so the same figures, words and pages in both places.

Nothing here reads a database: a session is a ``SessionRow`` and the hands come from a ``Store``.
"""

from __future__ import annotations

from typing import Any

from flask import abort, current_app, flash, request, session, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer
from werkzeug.wrappers import Response

from ...games import GAMES, Game
from ...games.common import InvalidHand
from ...games.common.fields import whole_number
from ...games.common.form import GameHandForm
from ...stores import DealRefused, DealTaken, NoSuchDeal, StaleEdit, Store, new_secret
from ...views import HandView, Scoreboard, SessionRow
from .. import render, see_other
from ..filters import amount
from ..sittings.board import phone_keep

#: How long the notice after a delete can bring the hand back.
RESTORE_SECONDS = 10 * 60


def game_of(sitting: SessionRow) -> Game[Any]:
    return GAMES[sitting.game]


def hand_form(sitting: SessionRow, deal: int | None = None, **kwargs: Any) -> GameHandForm[Any]:
    """The session's game's hand form, for its players and options; who dealt ``deal`` (or the deal the form
    sends) is the session's word, never the page's."""
    form = game_of(sitting).hand_form(sitting.names, sitting.options, **kwargs)
    asked = deal if deal is not None else whole_number(form.deal.data)
    if asked is not None and 1 <= asked <= sitting.deals:
        form.dealt_by(sitting.dealer_of(asked))
    return form


def preview_of(form: GameHandForm[Any], sitting: SessionRow, record: Any, refused: bool = False) -> dict[str, Any]:
    """What ``hands/_preview.html`` and the summary beside Save show: the working (and whatever else the game
    shows as the form stands), or what is missing or wrong. ``refused``: a Save was refused, its problems
    beside their fields."""
    game = game_of(sitting)
    result = game.result(record, sitting.names) if record is not None else None  # the hand scored, once
    return {
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


def previewed(sitting: SessionRow) -> Response:
    """The live preview's answer (htmx) for the form as posted: payments and working, or what is missing."""
    form = hand_form(sitting)
    record = form.to_record() if not form.missing() and form.validate() else None
    return render("hands/_preview.html", **preview_of(form, sitting, record), oob=True)


def preview(store: Store, public_id: str) -> Response:
    return previewed(store.editable(public_id))


def _stored_hand(store: Store, sitting: SessionRow, deal: int) -> HandView:
    if not 1 <= deal <= sitting.deals:  # never asked of the database (PostgreSQL's integers stop at 2**31)
        abort(404)
    hand = store.hand(sitting, deal)
    if hand is None:
        store.unless_deleted(sitting)
        if request.method == "POST":
            # Deleted on another phone after this one opened it: say so, rather than "not found".
            abort(
                to_scoreboard(sitting, _("Deal %(deal)s was deleted on another phone: nothing was changed.", deal=deal))
            )
        abort(404)
    return hand


def to_scoreboard(sitting: SessionRow, message: str) -> Response:
    """Back to the top of the scoreboard: the notice, the totals and the next deal's button on the first screen.

    A notice already waiting is not added again: a second tap on Save repeats the first one's notice.
    """
    if message not in [m for _, m in session.get("_flashes", [])]:
        flash(message)
    return see_other(url_for("sittings.show", public_id=sitting.public_id))


def _notice(store: Store, sitting: SessionRow, deal: int, changed: bool = False) -> str:
    """What the first screen after a save (or, ``changed``, an edit) says: the hand and each player's payment (or
    points) for it.

    "Deal 6 saved: Bob's four made — Ann −0/6 · Bob +0/6 · Cat −0/6 · Dan +0/6"
    """
    hand = store.hand(sitting, deal)
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


def _form_page(
    form: GameHandForm[Any],
    sitting: SessionRow,
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
        game=game_of(sitting),
        form=form,
        sitting=sitting,
        deal=deal,
        dealer=sitting.dealer_of(deal),
        editing=editing,
        preview=preview_of(form, sitting, record, refused=status == 422),
        current=current,
        theirs=theirs,
        next_deal=next_deal,
        first_error=next((f.name for f in form if f.errors), None),
        phone_keep=phone_keep(sitting.public_id),
    )
    # Never kept for Back: after a save, Back opens a fresh form for the next deal, not this one filled in.
    response.headers["Cache-Control"] = "no-store"
    return response


def new(store: Store, public_id: str) -> Response:
    """Score the next deal: its form, its preview (``action=preview``) and its save."""
    sitting = store.editable(public_id)
    board = store.board(sitting)
    if request.method == "GET":
        if board.next_deal is None:
            return to_scoreboard(sitting, _over(board))
        form = hand_form(sitting, board.next_deal)
        form.deal.data, form.form_token.data = str(board.next_deal), new_secret()
        return _form_page(form, sitting, board.next_deal, None)
    if board.won_early:  # a save from a phone that had not seen the winning hand (a deal merely taken by
        return to_scoreboard(sitting, _over(board))  # another phone is shown beside this one's, below)
    form = hand_form(sitting)

    deal = whole_number(form.deal.data) or 0  # 0: no such deal, refused below
    record = form.to_record() if form.validate_on_submit() else None
    if record is None or request.form.get("action") == "preview":
        status = 200 if record is not None else 422
        return _form_page(form, sitting, deal if 1 <= deal <= sitting.deals else 1, None, record, status)
    try:
        store.record(sitting, deal, record, form.form_token.data or "")
    except NoSuchDeal as refused:  # only a doctored form names a deal the session does not have
        form.form_errors.append(
            _("This session has deals 1 to %(last)s; there is no deal %(deal)s.", last=sitting.deals, deal=deal)
            + (" " + _("This hand can go in as deal %(deal)s.", deal=refused.next_deal) if refused.next_deal else "")
        )
        form.deal.data = str(refused.next_deal or 1)
        return _form_page(form, sitting, refused.next_deal or 1, None, record, 422)
    except DealTaken as taken:
        return _taken(store, form, sitting, deal, record, taken.next_deal)
    # Saved now, or by this form's first tap on Save (its token): the same notice either way.
    return to_scoreboard(sitting, _notice(store, sitting, deal))


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


def _taken(
    store: Store, form: GameHandForm[Any], sitting: SessionRow, deal: int, record: Any, next_deal: int | None
) -> Response:
    """Another phone saved this deal first: its hand beside this one. Most often both phones scored the same
    hand, so discarding this one is the first choice; saving it as the next deal stays, as a second one."""
    theirs = store.hand(sitting, deal)
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


def edit(store: Store, public_id: str, deal: int) -> Response:
    """Edit a recorded deal: its form with the stored hand, its preview and its save (stale edits shown)."""
    sitting = store.editable(public_id)
    hand = _stored_hand(store, sitting, deal)
    if request.method == "GET":
        form = hand_form(sitting, deal, data=game_of(sitting).form_data(hand.record))
        form.version.data = str(hand.version)
        return _form_page(form, sitting, deal, hand, hand.record)  # the stored payments at once

    form = hand_form(sitting, deal)
    record = form.to_record() if form.validate_on_submit() else None
    if record is not None and request.form.get("action") != "preview":
        version = whole_number(form.version.data) or 0  # 0: never a stored version, so a stale edit
        try:
            store.edit(sitting, deal, record, version)
            return to_scoreboard(sitting, _notice(store, sitting, deal, changed=True))
        except StaleEdit:
            current = _stored_hand(store, sitting, deal)
            if _made_already(current, record, version):
                return to_scoreboard(sitting, _notice(store, sitting, deal, changed=True))
            form.form_errors.append(
                _(
                    "This hand was changed on another phone after you opened it. "
                    "The current version is shown below the form; reload to edit it."
                )
            )
            form.version.data = str(current.version)
            return _form_page(form, sitting, deal, hand, record, current=current)
    return _form_page(form, sitting, deal, hand, record, 200 if record is not None else 422)


def _made_already(current: HandView, record: Any, version: int) -> bool:
    """This very edit went in already: its hand is as sent, one version on (sent again, its first answer lost on
    the way; another phone making the same change meanwhile leaves the same hand too)."""
    return version >= 1 and current.version == version + 1 and current.record.to_json() == record.to_json()


def _restorer() -> URLSafeTimedSerializer:
    """Signs a deleted hand into the notice's Restore button, so nothing deleted needs keeping on the server."""
    key = current_app.secret_key
    assert key is not None  # every app sets SECRET_KEY
    return URLSafeTimedSerializer(key, salt="restore-hand")


def delete(store: Store, public_id: str, deal: int) -> Response:
    """Delete a deal (asked first), with a notice that can bring it back for a while."""
    sitting = store.editable(public_id)
    hand = _stored_hand(store, sitting, deal)
    if request.method == "POST":
        asked = request.form.get("version")
        try:
            # 0 for a version that is no number: never a stored one, so nothing is deleted.
            deleted = store.delete(sitting, deal, None if asked is None else whole_number(asked) or 0)
        except StaleEdit:
            # Changed on another phone since this one opened it (or kept it, with no signal): that is not the
            # hand this phone meant to delete.
            return to_scoreboard(
                sitting, _("Deal %(deal)s was changed on another phone meanwhile: nothing was deleted.", deal=deal)
            )
        if not deleted:
            return to_scoreboard(sitting, _("Deal %(deal)s was already deleted.", deal=deal))
        # The session's revision after the delete: the token restores only while nothing changed since, so it
        # cannot bring the hand back twice (a restore, then a second delete, then the old token again).
        revision = store.revision(public_id)
        signed = {"session": public_id, "deal": deal, "hand": hand.record.to_json(), "revision": revision}
        token = _restorer().dumps(signed)
        notice = {"session": public_id, "deal": deal, "token": token}  # the notice, with its Restore button
        flash(notice, "restore")  # type: ignore[arg-type]  # Flask types a message as str; it keeps any JSON value
        return see_other(url_for("sittings.show", public_id=public_id))
    return render("hands/delete.html", sitting=sitting, hand=hand)


def restore(store: Store, public_id: str) -> Response:
    """Undo a delete from its notice, for a while: the same hand back as the same deal, if that is still free."""
    sitting = store.editable(public_id)
    try:
        signed = _restorer().loads(request.form.get("token", ""), max_age=RESTORE_SECONDS)
        if signed["session"] != public_id:
            raise BadSignature("another session's hand")
        deal, record = signed["deal"], game_of(sitting).parse(signed["hand"], sitting.seats, stored=True)
        unchanged = signed["revision"] == store.revision(public_id)
    except SignatureExpired:
        return to_scoreboard(sitting, _("Too late to restore that hand: it can be scored again instead."))
    except (BadSignature, KeyError, TypeError, InvalidHand):
        abort(400)
    taken = _("Deal %(deal)s was scored again meanwhile: the deleted hand was not restored.", deal=deal)
    if not unchanged:
        if store.hand(sitting, deal) is not None:
            return to_scoreboard(sitting, taken)
        return to_scoreboard(
            sitting, _("The session changed since deal %(deal)s was deleted: score it again instead.", deal=deal)
        )
    try:
        store.record(sitting, deal, record, new_secret())
    except DealRefused:
        return to_scoreboard(sitting, taken)
    return to_scoreboard(sitting, _("Deal %(deal)s restored.", deal=deal))
