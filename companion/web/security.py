"""Security headers and cookies for every response."""

from __future__ import annotations

import json

from flask import Flask, request
from flask.sessions import SecureCookieSessionInterface

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


class _PlainJSON:
    """Our session holds only text and lists of text (edit grants, the CSRF
    token, flash messages): plain JSON reads it faster than Flask's tagged JSON."""

    @staticmethod
    def dumps(value) -> str:
        return json.dumps(value, separators=(",", ":"))

    @staticmethod
    def loads(text):
        return json.loads(text)


class SessionCookies(SecureCookieSessionInterface):
    """The session cookie: Secure whenever the request came over HTTPS.

    Every request reads it, so the signer is built once per app rather than
    once per request as Flask does.
    """

    serializer = _PlainJSON()

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"] or request.is_secure)

    def get_signing_serializer(self, app: Flask):
        key = ("session-signer", app.secret_key, tuple(app.config["SECRET_KEY_FALLBACKS"] or ()))
        signer = app.extensions.get(key)
        if signer is None:
            signer = app.extensions[key] = super().get_signing_serializer(app)
        return signer


def init_app(app: Flask) -> None:
    app.session_interface = SessionCookies()

    items = list(HEADERS.items())

    @app.after_request
    def add_headers(response):
        response.headers.extend(items)  # nothing else sets these
        return response
