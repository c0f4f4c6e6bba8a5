"""Reference sheets for the table, in our own words, from the engine's data.

Every game brings its own: its page (``Templates.reference``, at ``/reference/games/<id>``) and any sheets
besides (``Game.sheets``, each at ``/reference/<rule>``, rendered by ``Game.sheet``). The rules index lists the
usual game's sheets, then the other games; the offline cache keeps them all (``offline_pages``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, request, url_for
from flask.blueprints import BlueprintSetupState
from werkzeug.wrappers import Response

from ...extensions import db
from ...games import DEFAULT, GAMES, Game
from ...games.base import Sheet
from ...i18n import localized
from ...store import find_sitting
from .. import render

bp = Blueprint("reference", __name__, url_prefix="/reference")


def _listed(game: Game[Any]) -> list[Sheet]:
    """The sheets a game's index lists: those with a title."""
    return [s for s in game.sheets if s.title]


def _others() -> list[Game[Any]]:
    """The games besides the usual one, whose sheets the index lists under it."""
    return [g for g in GAMES.values() if g is not DEFAULT]


@bp.get("/")
def index() -> Response:
    return render("reference/index.html", sheets=_listed(DEFAULT), others=_others())


@bp.get("/games/<game_id>")
def game(game_id: str) -> Response:
    """A game's own page (the usual game's is the index of its sheets)."""
    found = GAMES.get(game_id)
    if found is None:
        abort(404)
    context = {"sheets": _listed(found), "others": _others(), **found.reference_context()}
    return render(localized(found.templates.reference), game=found, **context)


def _show(game: Game[Any], sheet: Sheet, **values: str) -> Response:
    """One of ``game``'s sheets; one that follows a session (``?session=``) gets it, and its options if it is a
    session of this game (else the game's usual ones)."""
    context: dict[str, Any] = {"heading_game": game}  # each sheet is headed with its game's name
    options = game.options({})
    if sheet.session:
        public_id = request.args.get("session", "")
        sitting = find_sitting(db.session, public_id) if public_id else None
        if sitting is not None and sitting.game == game.id:
            options = sitting.options
        context["sitting"] = sitting
    try:
        page = game.sheet(sheet.endpoint, request.args.to_dict(flat=False), options, **values)
    except LookupError:
        abort(404)
    partial = localized(page.partial) if page.partial else None
    return render(localized(page.template), partial, **page.context, **context)


def _view(game: Game[Any], sheet: Sheet) -> Callable[..., Response]:
    def view(**values: str) -> Response:
        return _show(game, sheet, **values)

    view.__name__ = sheet.endpoint
    return view


@bp.record
def _register_sheets(state: BlueprintSetupState) -> None:
    """Each registered game's sheets, as the app is built, each under its own endpoint (no two may share one)."""
    taken = {"index", "game"}
    for found in GAMES.values():
        for sheet in found.sheets:
            if sheet.endpoint in taken:
                raise ValueError(f"two reference sheets named {sheet.endpoint!r}")
            taken.add(sheet.endpoint)
            state.add_url_rule(f"/{sheet.rule}", sheet.endpoint, _view(found, sheet))


def offline_pages() -> list[str]:
    """What the service worker keeps for reading offline: the index, every game's page, and every sheet of every
    game whose address has no variables (with the query strings it names)."""
    pages = [url_for("reference.index")]
    for found in GAMES.values():
        pages.append(url_for("reference.game", game_id=found.id))
        for sheet in found.sheets:
            if "<" in sheet.rule:
                continue
            url = url_for(f"reference.{sheet.endpoint}")
            pages += [url, *(f"{url}?{query}" for query in sheet.also)]
    return pages
