"""Starting a session, wherever it is kept: the start form's pages and what a filled form does, shared by the
server's ``sittings`` routes (its database) and the phone's app (``companion.phone``: the sessions it keeps, with
no signal). Nothing here reads a database.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import abort, request, url_for
from werkzeug.wrappers import Response

from ...games import DEFAULT, GAMES, Game
from ...games.common.fields import whole_number
from ...views import SessionDocument
from .. import render
from .board import phone_worker
from .forms import MOST_PLAYERS, SittingForm, again_data, players_of, sitting_form

#: How long an unfinished session counts as still being played: an evening, and the night after it.
RUNNING_FOR = timedelta(hours=24)


def running(sittings: Sequence[Any]) -> list[Any]:
    """The sessions still being played: unfinished (as each row says), and started within ``RUNNING_FOR`` (not
    last month's). ``sittings``: the server's ``SittingSummary`` rows, or the phone's ``KeptSummary``."""
    since = datetime.now(UTC) - RUNNING_FOR
    return [s for s in sittings if not s.finished and utc(s.sitting.created_at) > since]


def utc(moment: datetime) -> datetime:
    """A stored time, in UTC: SQLite gives it back without its zone."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def again_form(game: Game[Any], last: Any) -> SittingForm | None:
    """The start form of ``game`` filled as the session ``last`` was (``?again=<id>``; None: no such session)."""
    return sitting_form(game, last.seats, data=again_data(last)) if last is not None else None


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


def start_game(
    game_id: str, last_of: Callable[[Game[Any]], Any], create: Callable[[SittingForm], Response]
) -> Response:
    """A session of any game (``?players=`` for a game of three to five): its form (filled as the session
    ``last_of(game)`` was, if any), or the session ``create`` starts from it once it is filled in."""
    game, players = game_and_players(game_id)
    if request.method == "GET":
        # Another number of players (the chips above the names) keeps what was typed for the same fields.
        return game_page(again_form(game, last_of(game)) or sitting_form(game, players, data=carried(game)))
    form = sitting_form(game, players)
    if not form.validate_on_submit():
        return game_page(form, 422 if form.is_submitted() else 200)
    return create(form)


def game_page(form: SittingForm, status: int = 200) -> Response:
    action = url_for("sittings.start_game", game_id=form.game.id, players=form.players)
    return render(
        "sittings/start_game.html", status=status, form=form, game=form.game, action=action, phone_keep=phone_worker()
    )


def start_page(
    form: SittingForm,
    sittings: Sequence[Any],
    status: int = 200,
    page: int = 1,
    more: bool = False,
    groups: Sequence[Any] = (),
    groups_page: int = 1,
    more_groups: bool = False,
) -> Response:
    """The start page: its form, a page of this phone's sessions and of its groups. A returning phone finds first
    what it came back for: its sessions still being played, and its groups."""
    return render(
        "sittings/start.html",
        status=status,
        form=form,
        action=url_for("sittings.create"),
        sittings=sittings,
        page=page,
        more=more,
        groups=groups,
        groups_page=groups_page,
        more_groups=more_groups,
        running=running(sittings) if page == 1 else [],
        default=DEFAULT,
        phone_keep=phone_worker(),
    )


def usual_form(last: Any) -> SittingForm:
    """The start page's form: the usual game's, filled as the session ``last`` was if there is one."""
    return again_form(DEFAULT, last) or sitting_form(DEFAULT, DEFAULT.players[0])


def started_on_phone(
    form: SittingForm, public_id: str, sent: list[list[str]] | None = None
) -> tuple[SessionDocument, list[list[str]]]:
    """A session the phone starts with no signal: as the server will store it, and the form the server takes
    to start it (``sent``: as posted, with the id the phone gave it: the server's page is the same address)."""
    document = form.document(public_id, datetime.now(UTC))
    if sent is None:
        posted = request.form.items(multi=True)
        sent = [*([n, v] for n, v in posted if n not in ("csrf_token", "public_id")), ["public_id", public_id]]
    return document, sent
