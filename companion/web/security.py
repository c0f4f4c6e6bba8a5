"""Security headers and cookies for every response."""

from __future__ import annotations

import hmac
import json
import time

from flask import Flask, current_app, g, request, session
from flask.sessions import SecureCookieSessionInterface
from flask_wtf.csrf import CSRFProtect, same_origin
from itsdangerous import BadData, BadSignature, SignatureExpired, URLSafeTimedSerializer
from wtforms import ValidationError

from .cache import LRU, per_app

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


class _Verified:
    """Signed values whose signature was already checked in this process.

    A phone sends the same session cookie and CSRF token with every request
    (the live preview sends one per change of the form), and checking an
    HMAC is a fair share of a small request. The signature is checked once;
    its age is checked again on every use, against the time it was signed.
    """

    def __init__(self, serializer: URLSafeTimedSerializer, size: int = 4096):
        self.serializer = serializer
        self._seen = LRU(size)

    def loads(self, signed: str, max_age: float | None):
        """What ``signed`` holds, as ``serializer.loads`` would return it (and raise)."""
        seen = self._seen.get(signed)
        if seen is None:
            value, signed_at = self.serializer.loads(signed, return_timestamp=True)
            seen = (json.dumps(value), signed_at.timestamp())  # text: every caller gets its own copy
            self._seen.put(signed, seen)
        text, signed_at = seen
        age = time.time() - signed_at
        if max_age is not None and age > max_age:
            raise SignatureExpired(f"Signature age {age:.0f} > {max_age} seconds")
        return json.loads(text)


class SessionCookies(SecureCookieSessionInterface):
    """The session cookie: Secure whenever the request came over HTTPS.

    Every request reads it, so the signer is built once per app rather than
    once per request as Flask does, and each cookie's signature is checked
    once per process.
    """

    serializer = _PlainJSON()

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"] or request.is_secure)

    def get_signing_serializer(self, app: Flask):
        key = ("session-signer", app.secret_key, tuple(app.config["SECRET_KEY_FALLBACKS"] or ()))
        return per_app(app, key, lambda: super(SessionCookies, self).get_signing_serializer(app))

    def open_session(self, app: Flask, request):
        cookie = request.cookies.get(self.get_cookie_name(app))
        if not cookie:
            return self.session_class()
        verified = per_app(
            app, ("session-verified", app.secret_key), lambda: _Verified(self.get_signing_serializer(app))
        )
        try:
            return self.session_class(verified.loads(cookie, app.permanent_session_lifetime.total_seconds()))
        except BadSignature:
            return self.session_class()

    def save_session(self, app: Flask, session, response) -> None:
        # Most requests leave the session as it was: then only Vary is due,
        # not the seven cookie settings Flask would look up first.
        if not session.modified and not (session.permanent and app.config["SESSION_REFRESH_EACH_REQUEST"]):
            if session.accessed:
                _vary_on_cookie(response)
            return
        super().save_session(app, session, response)


def _vary_on_cookie(response) -> None:
    """Add Cookie to Vary: as ``response.vary.add`` does, without parsing the header into a set and back."""
    vary = response.headers.get("Vary")
    if not vary:
        response.headers["Vary"] = "Cookie"
    elif "cookie" not in (v.strip().lower() for v in vary.split(",")):
        response.headers["Vary"] = f"{vary}, Cookie"


class CsrfGuard(CSRFProtect):
    """Flask-WTF's CSRF protection, with each phone's signed token verified once.

    Every POST still needs a token signed with our key that equals the one
    in this phone's session; only the repeated HMAC check of the same token
    is saved. Views and blueprints marked exempt stay exempt.
    """

    def protect(self, apply_exemptions: bool = False) -> None:
        app, req = current_app._get_current_object(), request._get_current_object()  # looked up once
        config = app.config
        if req.method not in config["WTF_CSRF_METHODS"]:
            return
        if apply_exemptions and (not req.endpoint or self._exempt(app, req)):
            return
        try:
            self._check(self._sent_token(req, config), app, session._get_current_object())
        except ValidationError as exc:
            self._error_response(exc.args[0])
        if req.is_secure and config["WTF_CSRF_SSL_STRICT"]:
            if not req.referrer:
                self._error_response("The referrer header is missing.")
            if not same_origin(req.referrer, f"https://{req.host}/"):
                self._error_response("The referrer does not match the host.")
        g.csrf_valid = True  # FlaskForm then skips its own check

    def _exempt(self, app: Flask, req) -> bool:
        if app.blueprints.get(req.blueprint) in self._exempt_blueprints:
            return True
        view = app.view_functions.get(req.endpoint)
        return view is not None and f"{view.__module__}.{view.__name__}" in self._exempt_views

    @staticmethod
    def _sent_token(req, config) -> str | None:
        """The token from the form field, else from an htmx header."""
        token = req.form.get(config["WTF_CSRF_FIELD_NAME"])
        if token:
            return token
        return next((req.headers[h] for h in config["WTF_CSRF_HEADERS"] if req.headers.get(h)), None)

    @staticmethod
    def _check(signed: str | None, app: Flask, phone_session) -> None:
        config = app.config
        field = config["WTF_CSRF_FIELD_NAME"]
        if not signed:
            raise ValidationError("The CSRF token is missing.")
        if field not in phone_session:
            raise ValidationError("The CSRF session token is missing.")
        secret = config.get("WTF_CSRF_SECRET_KEY") or app.secret_key
        verified = per_app(
            app, ("csrf-verified", secret), lambda: _Verified(URLSafeTimedSerializer(secret, salt="wtf-csrf-token"))
        )
        try:
            token = verified.loads(signed, config["WTF_CSRF_TIME_LIMIT"])
        except SignatureExpired as exc:
            raise ValidationError("The CSRF token has expired.") from exc
        except BadData as exc:
            raise ValidationError("The CSRF token is invalid.") from exc
        if not isinstance(token, str) or not hmac.compare_digest(phone_session[field], token):
            raise ValidationError("The CSRF tokens do not match.")


class SecurityHeaders:
    """WSGI middleware: the security headers on every response, errors and static files too.

    Added to the header list as it is sent: in an after-request hook, werkzeug
    checked each value twice (when added, and when the response was sent).
    """

    ITEMS = tuple(HEADERS.items())

    def __init__(self, wsgi_app):
        self.wsgi_app = wsgi_app

    def __call__(self, environ, start_response):
        def start(status, headers, exc_info=None):
            headers.extend(self.ITEMS)  # nothing else sets these
            return start_response(status, headers, exc_info)

        return self.wsgi_app(environ, start)


def init_app(app: Flask) -> None:
    app.session_interface = SessionCookies()
    app.wsgi_app = SecurityHeaders(app.wsgi_app)
