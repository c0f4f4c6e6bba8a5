"""Security headers on every response, the session cookie's Secure flag, and bodies read whole or refused."""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import TYPE_CHECKING

from flask import Flask, request
from flask.sessions import SecureCookieSessionInterface, SessionMixin
from werkzeug.wrappers import Response

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIEnvironment

# No inline scripts or styles anywhere: htmx and our own script are files.
CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    # Links hold secrets (the edit key): never send them on to other sites.
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}


class SessionCookies(SecureCookieSessionInterface):
    """Flask's signed-cookie session, Secure whenever the request came over HTTPS.

    The cookie holds edit rights: over HTTPS (directly, or behind a proxy with
    ``TRUST_PROXY``) it must never travel in the clear.
    """

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"] or request.is_secure)

    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        # A poll or preview may be answered after a Save on the same phone: sending back the cookie it came
        # with would overwrite the Save's, and its notice with it. Only a change goes back from htmx, or from
        # the phone keeping its session (phone.js: X-Phone).
        if request.headers.get("HX-Request") or request.headers.get("X-Phone"):
            return session.modified
        return super().should_set_cookie(app, session)


class SizedBody:
    """WSGI middleware: a chunked body (no Content-Length) becomes a sized one, so the limit refuses it.

    Werkzeug reads a chunked body only up to ``MAX_CONTENT_LENGTH`` and
    silently stops there, so a save would go in cut short. Read here up to
    one byte past the limit, the body gets its true length (or the limit
    plus one), and Flask's own check answers 413 before anything reads it.
    """

    def __init__(self, app: Flask):
        self.app, self.wsgi_app = app, app.wsgi_app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        limit = self.app.config["MAX_CONTENT_LENGTH"]
        if chunked and limit is not None and not environ.get("CONTENT_LENGTH") and environ.get("wsgi.input_terminated"):
            body = environ["wsgi.input"].read(limit + 1)
            environ["wsgi.input"] = io.BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
            del environ["HTTP_TRANSFER_ENCODING"]  # the body is no longer chunked
        return self.wsgi_app(environ, start_response)


def add_headers(response: Response) -> Response:
    """The headers every response carries; a view may set its own policy (the phone's worker runs WebAssembly)."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def init_app(app: Flask) -> None:
    app.session_interface = SessionCookies()
    app.wsgi_app = SizedBody(app)  # type: ignore[method-assign]  # middleware replaces the method, as Flask documents
    app.after_request(add_headers)
