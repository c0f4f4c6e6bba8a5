"""The Flask application: configuration, extensions, blueprints, errors."""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask, abort, render_template, send_from_directory, url_for
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from jinja2 import FileSystemLoader
from werkzeug.exceptions import BadHost, SecurityError
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.wrappers import Response

from . import ratelimit  # noqa: F401  (registers the database:// storage)
from .extensions import compress, csrf, db, limiter, static_digest
from .games import template_folders
from .i18n import register_i18n
from .stores import SessionDeleted
from .web import security
from .web.errors import error_page as page
from .web.errors import register_error_pages

ROOT = Path(__file__).resolve().parent.parent
HTMX = ROOT / "node_modules" / "htmx.org"
YEAR = 365 * 24 * 3600
#: The name ``flask digest compile`` gives a copy of a static file: its content's md5 in the name.
DIGESTED = re.compile(r"-[0-9a-f]{32}\.")


def _secret_key(instance: Path) -> str:
    """From SECRET_KEY, else generated once into instance/ (never a constant)."""
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    path = instance / "secret_key"
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_hex(32))
    return path.read_text().strip()


def htmx_version() -> str:
    """The htmx that npm installed (pinned in package-lock.json); it names htmx's URL."""
    return npm_version(HTMX)


def npm_version(package: Path) -> str:
    """The version of a package npm installed in ``package`` (pinned in package-lock.json): it names its URLs."""
    try:
        version: str = json.loads((package / "package.json").read_text())["version"]
        return version
    except (OSError, ValueError, KeyError):
        return "missing"  # not installed: `make run` and `make test` run npm ci


class Companion(Flask):
    def get_send_file_max_age(self, filename: str | None) -> int | None:
        # A fingerprinted copy never changes (a new version gets a new name): phones keep it a year.
        if filename and DIGESTED.search(filename):
            return YEAR
        return super().get_send_file_max_age(filename)


def build_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = Companion(
        "companion",
        instance_path=str(ROOT / "instance"),
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    Path(app.instance_path).mkdir(mode=0o700, parents=True, exist_ok=True)
    # The app's own templates, then each game's (its fields, working, hand row and sheet, under games/<id>/).
    app.jinja_loader = FileSystemLoader([str(ROOT / "templates"), *map(str, template_folders())])
    app.config.from_mapping(
        DATABASE_URL=os.environ.get("DATABASE_URL") or f"sqlite:///{Path(app.instance_path) / 'companion.sqlite3'}",
        # Where other phones reach this server (share links, QR codes): never taken from a request's Host.
        BASE_URL=os.environ.get("BASE_URL"),
        MAX_CONTENT_LENGTH=64 * 1024,
        WTF_CSRF_TIME_LIMIT=None,  # a session lasts an evening; the token lives with the cookie
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        # The cookie holds the phone's device id: kept for 400 days (the most browsers allow) after each visit.
        PERMANENT_SESSION_LIFETIME=timedelta(days=400),
        FLASK_STATIC_DIGEST_COMPRESSION=[],  # Flask-Compress compresses as it sends
        # Brotli first (phones' browsers offer it), at levels that cost a millisecond or two for htmx.
        COMPRESS_ALGORITHM=["br", "zstd", "gzip", "deflate"],
        COMPRESS_ALGORITHM_STREAMING=["br", "zstd", "deflate"],
        COMPRESS_BR_LEVEL=6,
        COMPRESS_ZSTD_LEVEL=9,
        COMPRESS_MIMETYPES=[
            "text/html",
            "text/css",
            "text/javascript",
            "application/json",
            "text/csv",
            "image/svg+xml",
            "application/manifest+json",
        ],
        # Abuse limits per client address (a pub's tables may share one): Flask-Limiter's syntax.
        LIMIT_NEW_SESSIONS="30 per minute; 300 per hour",
        LIMIT_SAVES="120 per minute",
        # The app's own database (companion.ratelimit): every process counts together.
        RATELIMIT_STORAGE_URI="database://",
        # Said outright: the one Limiter keeps the last app's setting for an app that does not say.
        RATELIMIT_ENABLED=True,
        RATELIMIT_HEADERS_ENABLED=True,
        # A phone runs the app's own Python (Pyodide, companion/phone.py) beside the hand form and previews there.
        PHONE_WORKER=True,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env()  # FLASK_RATELIMIT_ENABLED=false and the like, from the environment
    else:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(Path(app.instance_path))

    db.init_app(app)
    csrf.init_app(app)
    if app.config["RATELIMIT_STORAGE_URI"].startswith("database://"):
        app.config["RATELIMIT_STORAGE_OPTIONS"] = {"engine": app.extensions["db_engine"]}
        app.config["RATELIMIT_STRATEGY"] = "moving-window"
    limiter.init_app(app)
    compress.init_app(app)
    static_digest.init_app(app)
    security.init_app(app)
    if app.config.get("TRUST_PROXY") or os.environ.get("TRUST_PROXY"):
        # Behind a proxy that terminates HTTPS: believe its X-Forwarded-* headers.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1)  # type: ignore[method-assign]  # as Flask documents

    from .cli_commands import register as register_commands
    from .web import filters
    from .web.api.routes import bp as api_bp
    from .web.groups.routes import bp as groups_bp
    from .web.hands.routes import bp as hands_bp
    from .web.language.routes import bp as language_bp
    from .web.phone.routes import bp as phone_bp
    from .web.reference.routes import bp as reference_bp
    from .web.sittings.routes import bp as sittings_bp

    app.register_blueprint(sittings_bp)
    app.register_blueprint(groups_bp)
    app.register_blueprint(hands_bp)
    app.register_blueprint(api_bp)
    app.register_blueprint(reference_bp)
    app.register_blueprint(phone_bp)
    app.register_blueprint(language_bp)
    csrf.exempt(api_bp)  # /api/score changes nothing
    csrf.exempt(language_bp)  # a preference in the phone's own cookie (web/language/forms.py)
    filters.register(app)
    register_i18n(app)
    _register_files(app)
    _register_errors(app)
    register_commands(app)
    return app


def _register_files(app: Flask) -> None:
    """htmx from the npm install, the service worker and the web manifest."""
    from .web.phone.routes import offline_files
    from .web.reference.routes import offline_pages

    version = htmx_version()

    @app.get("/vendor/htmx.org@<asked>/htmx.min.js")
    def htmx(asked: str) -> Response:
        if asked != version:
            abort(404)
        return send_from_directory(HTMX / "dist", "htmx.min.js", max_age=YEAR)

    @app.context_processor
    def htmx_url() -> dict[str, str]:
        return {"htmx_url": url_for("htmx", asked=version)}

    # The service worker lives at the root so that its scope is the whole app;
    # it names the current fingerprinted files, so a new release refreshes its cache.
    @app.get("/sw.js")
    def service_worker() -> Response:
        files = [static_digest.static_url_for("static", filename=name) for name in STATIC_FILES]
        files.append(url_for("htmx", asked=version))
        files += offline_files()
        # Every game's page and sheets, for the "?" beside its hand form and the Rules page offline.
        pages = offline_pages()
        kept = pages + files
        body = render_template(
            "sw.js", pages=pages, files=files, version=hashlib.sha256("".join(kept).encode()).hexdigest()[:12]
        )
        response = app.response_class(body, mimetype="text/javascript")
        response.headers["Service-Worker-Allowed"] = "/"
        response.headers["Cache-Control"] = "no-cache"
        return response

    @app.get("/manifest.webmanifest")
    def manifest() -> Response:
        return send_from_directory(
            app.static_folder or "", "manifest.webmanifest", mimetype="application/manifest+json"
        )


#: The static files every page may use (kept by the service worker for offline rules).
STATIC_FILES = ("style.css", "app.js", "board.js", "offline.js", "phone.js", "ottocento.js", "icon.svg")


def _register_errors(app: Flask) -> None:
    register_error_pages(app)

    # A Host outside TRUSTED_HOSTS, or one no address can be (``a..b``, a label over 63 characters): no URL
    # can be built for it, so no page with links either.
    @app.errorhandler(SecurityError)
    @app.errorhandler(BadHost)
    def untrusted_host(_e: Exception) -> tuple[str, int, dict[str, str]]:
        return _("This server does not answer to that address."), 400, {"Content-Type": "text/plain; charset=utf-8"}

    @app.errorhandler(SessionDeleted)
    def session_deleted(_e: SessionDeleted) -> Response:
        # Also the answer to a save or edit that lost the race with the delete: nothing of it was kept.
        response = app.make_response(
            page(410, _("Session deleted"), _("This session was deleted from one of its phones."))
        )
        response.headers["HX-Refresh"] = "true"  # a polling scoreboard or open form reloads into this page
        return response

    @app.errorhandler(CSRFError)
    def csrf_error(_e: CSRFError) -> tuple[str, int]:
        return page(400, _("Form expired"), _("This form was out of date. Go back, reload the page and try again."))
