"""The app as it runs in the phone, in Pyodide (``static/phone-worker.js``): the server's own code, no second engine.

The worker hands each request to ``answer``, which runs it through a Flask
app built here from the same pages, templates, filters and catalogues the
server uses, as a WSGI server would, over the sessions the phone keeps
(``companion.journal``) instead of a database: a session's scoreboard, its
hand form with the live preview, saving, editing, deleting and restoring a
hand, and ``/api/score``. Every other address the server answers is known
here too (``served.json``, written into the bundle by the server), so a page
links to it as the server's does; with no signal it says that it needs one.
Nothing here imports SQLModel, SQLAlchemy or ``sqlite3``: Pyodide from npm
has none of them.

>>> import json
>>> app = create_phone_app()
>>> status, headers, body = answer(app, "POST", "/api/score", "", {}, b"no hand")
>>> status, dict(headers)["Content-Type"], json.loads(body)["field"]
(422, 'application/json', 'hand')
"""

from __future__ import annotations

import json
import secrets
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from werkzeug.test import EnvironBuilder, run_wsgi_app

if TYPE_CHECKING:
    from flask import Flask
    from werkzeug.wrappers import Response

    from .journal import Journal

#: What the phone's app is made of, for the bundle that ships it (``companion.web.phone``): modules of this
#: package (the games' packages whole, with their templates; the view objects; the pages a table uses with no
#: signal and the store they read), the app's own templates and compiled catalogues, and the pure-Python
#: libraries they import (Babel with only the languages the companion speaks; pytz without its time zones: only
#: UTC is used).
MODULES = (
    "__init__.py",
    "phone.py",
    "settle.py",
    "views.py",
    "stores.py",
    "journal.py",
    "i18n.py",
    "games",
    "web/__init__.py",
    "web/errors.py",
    "web/security.py",
    "web/filters.py",
    "web/chart.py",
    "web/api",
    "web/hands/__init__.py",
    "web/hands/entry.py",
    "web/sittings/__init__.py",
    "web/sittings/board.py",
    "web/sittings/forms.py",
    "web/sittings/starting.py",
    "names.py",
)
TOP = ("templates", "translations")
LIBRARIES = (
    "flask",
    "werkzeug",
    "jinja2",
    "markupsafe",
    "wtforms",
    "flask_wtf",
    "itsdangerous",
    "blinker",
    "click",
    "flask_babel",
    "babel",
    "pytz",
)
#: The server's addresses and files, as the bundle carries them (``companion.web.phone.bundle.served``).
SERVED = "companion/served.json"
ROOT = Path(__file__).resolve().parent.parent


def _served(text: str | None) -> dict[str, Any]:
    if text is None:
        path = ROOT / SERVED
        text = path.read_text(encoding="utf-8") if path.is_file() else '{"routes": [], "htmx": "", "static": {}}'
    found: dict[str, Any] = json.loads(text)
    return found


def create_phone_app(served: str | None = None, folder: Path | None = None) -> Flask:
    """The phone's Flask app, configured as the server's, over the sessions kept in ``folder`` (none: in memory).
    ``served``: the server's ``served.json`` (read from the bundle when not given)."""
    from flask import Flask

    from .journal import Journal
    from .web.api.routes import bp as api_bp

    facts = _served(served)
    app = Flask("companion", template_folder=None, static_folder=None)
    _configure(app, _secret(folder))
    journal = app.extensions["journal"] = Journal(folder)
    app.register_blueprint(api_bp)
    app.register_blueprint(_hands(journal))
    app.register_blueprint(_sittings(journal))
    app.register_blueprint(_groups(journal))
    _register_context(app, facts)
    _mirror(app, facts["routes"])
    return app


def _secret(folder: Path | None) -> str:
    """The phone's own key (a deleted hand's Restore is signed with it): kept with its sessions, so that the page
    the notice shows on, answered by another page's worker, can still bring the hand back."""
    if folder is None:
        return secrets.token_hex(16)
    path = folder / "secret_key"
    if not path.is_file():
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_hex(32), encoding="utf-8")
    return path.read_text(encoding="utf-8").strip()


def _configure(app: Flask, secret_key: str) -> None:
    from flask.sessions import SecureCookieSession, SessionInterface
    from jinja2 import FileSystemLoader

    from .games import template_folders
    from .i18n import register_i18n
    from .web import filters

    class PhoneSessions(SessionInterface):
        """One phone, one session: kept in the worker (a response the service worker makes sets no cookie)."""

        kept = SecureCookieSession()

        def open_session(self, app: Flask, request: Any) -> SecureCookieSession:
            return self.kept

        def save_session(self, app: Flask, session: Any, response: Any) -> None:
            self.kept = session

    app.jinja_loader = FileSystemLoader([str(ROOT / "templates"), *map(str, template_folders())])
    # Nothing in the phone is reached from another site: its forms need no CSRF token of their own. The pages
    # it renders keep the session on the phone (PHONE_WORKER), as the server's do.
    app.config.update(
        MAX_CONTENT_LENGTH=64 * 1024, WTF_CSRF_ENABLED=False, SECRET_KEY=secret_key, PHONE_WORKER=True, ON_PHONE=True
    )
    app.session_interface = PhoneSessions()
    filters.register(app)
    register_i18n(app)


def _hands(journal: Journal) -> Any:
    """The hand pages, as the server's ``hands`` blueprint has them, over the journal."""
    from flask import Blueprint

    from .web.hands import entry

    bp = Blueprint("hands", __name__, url_prefix="/s/<public_id>/hands")
    both = ["GET", "POST"]
    new, edit, preview, delete, restore = (
        partial(view, journal) for view in (entry.new, entry.edit, entry.preview, entry.delete, entry.restore)
    )
    bp.add_url_rule("/new", "new", new, methods=both)
    bp.add_url_rule("/<int:deal>/edit", "edit", edit, methods=both)
    bp.add_url_rule("/preview", "preview", preview, methods=["POST"])
    bp.add_url_rule("/<int:deal>/delete", "delete", delete, methods=both)
    bp.add_url_rule("/restore", "restore", restore, methods=["POST"])
    return bp


def _sittings(journal: Journal) -> Any:
    """The scoreboard, and starting a session: the server's pages, over the sessions the phone keeps."""
    from flask import Blueprint, request, url_for

    from .games import DEFAULT
    from .stores import new_secret
    from .web import see_other
    from .web.sittings import starting
    from .web.sittings.board import board_page
    from .web.sittings.forms import SittingForm, sitting_form

    bp = Blueprint("sittings", __name__)

    def show(public_id: str) -> Response:
        sitting = journal.editable(public_id)
        return board_page(sitting, journal.board(sitting), editor=True, owner=journal.is_owner(public_id))

    def start_page(form: SittingForm, status: int = 200) -> Response:
        """The start page: the sessions this phone keeps, on one page (its groups need the server)."""
        return starting.start_page(form, journal.summaries(), status, groups=journal.group_lines())

    def create_from(form: SittingForm) -> Response:
        """The session starts here, owned by this phone, under the id its form came with (the same start sent
        again is made once; this phone's other session's id, from a form shown again, gets a new one); the
        server hears of it when the signal returns."""
        public_id = form.session_id
        kept = journal.kept.get(public_id)
        if kept is not None and form.starts(kept.document):
            return see_other(url_for("sittings.show", public_id=public_id))
        if kept is not None:
            public_id = new_secret()
        document, sent = starting.started_on_phone(form, public_id)
        journal.start(document, request.full_path.rstrip("?"), sent)
        return see_other(url_for("sittings.show", public_id=public_id))

    def start() -> Response:
        return start_page(starting.usual_form(journal.again(request.args.get("again", ""), DEFAULT)))

    def create() -> Response:
        form = sitting_form(DEFAULT, DEFAULT.players[0])
        if not form.validate_on_submit():
            return start_page(form, status=422)
        return create_from(form)

    def start_game(game_id: str) -> Response:
        last_of = lambda game: journal.again(request.args.get("again", ""), game)  # noqa: E731
        return starting.start_game(game_id, last_of, create_from)

    bp.add_url_rule("/s/<public_id>", "show", show)
    bp.add_url_rule("/", "start", start)
    bp.add_url_rule("/sessions", "create", create, methods=["POST"])
    bp.add_url_rule("/new/<game_id>", "start_game", start_game, methods=["GET", "POST"])
    return bp


def _groups(journal: Journal) -> Any:
    """A group's page with no signal, and its "Same as last time": over the groups the phone keeps. The session
    starts here, as the server's would; the server starts it under the same id when the signal returns."""
    from flask import Blueprint, url_for

    from .games import GAMES
    from .web import render, see_other
    from .web.sittings import starting
    from .web.sittings.forms import sitting_form

    bp = Blueprint("groups", __name__)

    def show(public_id: str) -> Response:
        return render("phone/group.html", group=journal.group(public_id))

    def same_again(public_id: str) -> Response:
        again = journal.group(public_id).again
        if again is None:  # no session yet: choosing its players needs the server
            return see_other(url_for("groups.start", public_id=public_id))
        game, players = GAMES[again["game"]], int(again["players"])
        form = sitting_form(game, players, formdata=None, data=again["data"])
        to = url_for("groups.create_session", public_id=public_id, game=game.id, players=players)
        document, sent = starting.started_on_phone(form, form.session_id, sent=form.posted())
        journal.start(document, to, sent)
        return see_other(url_for("sittings.show", public_id=form.session_id))

    bp.add_url_rule("/g/<public_id>", "show", show)
    bp.add_url_rule("/g/<public_id>/again", "same_again", same_again, methods=["POST"])
    return bp


def _register_context(app: Flask, facts: dict[str, Any]) -> None:
    from flask import url_for

    names: dict[str, str] = facts["static"]

    def static_url_for(endpoint: str, **values: Any) -> str:
        filename = values.pop("filename")
        return url_for(endpoint, filename=names.get(filename, filename), **values)

    @app.context_processor
    def server_files() -> dict[str, Any]:
        htmx_url = url_for("htmx", asked=facts["htmx"])
        return {"htmx_url": htmx_url, "static_url_for": static_url_for, "on_phone": True}

    app.add_template_global(lambda: "", "csrf_token")


def needs_the_server(*_args: Any, **_values: Any) -> tuple[str, int]:
    """What the phone answers for a page only the server can make (or a session it does not keep)."""
    from flask_babel import gettext as _

    from .web.errors import error_page

    message = _("This page needs the server. It opens once this phone has a signal again.")
    return error_page(503, _("No signal"), message)


def _mirror(app: Flask, routes: list[list[Any]]) -> None:
    """Every other address the server answers: known, so that pages link to it; with no signal, a page that
    says it needs one. Errors are the server's pages, with the server's headers."""
    from .web.errors import register_error_pages
    from .web.security import add_headers

    for endpoint, rule, methods in routes:
        if endpoint not in app.view_functions:
            app.add_url_rule(rule, endpoint, needs_the_server, methods=methods)
    register_error_pages(app)
    app.register_error_handler(503, needs_the_server)
    app.after_request(add_headers)


def journal_of(app: Flask) -> Journal:
    journal: Journal = app.extensions["journal"]
    return journal


def answer(
    app: Flask, method: str, path: str, query: str, headers: dict[str, str], body: bytes
) -> tuple[int, list[tuple[str, str]], bytes]:
    """One request through the app, as a WSGI server runs it: its status, headers and whole body (a body from
    the worker comes as a JavaScript array of bytes, copied here)."""
    to_bytes = getattr(body, "to_bytes", None)
    body = to_bytes() if to_bytes else body
    environ = EnvironBuilder(
        path=path, method=method, query_string=query, headers=list(headers.items()), data=body, base_url="http://phone/"
    ).get_environ()
    chunks, status, response_headers = run_wsgi_app(app.wsgi_app, environ, buffered=True)
    return int(status.split()[0]), list(response_headers.items()), b"".join(chunks)
