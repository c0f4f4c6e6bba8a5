"""Security headers on every response, and the session cookie's Secure flag."""

from __future__ import annotations

from flask import Flask, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.wrappers import Response

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


def add_headers(response: Response) -> Response:
    response.headers.update(HEADERS)
    return response


def init_app(app: Flask) -> None:
    app.session_interface = SessionCookies()
    app.after_request(add_headers)
