"""``POST /language``: the phone keeps its choice of language, and goes back to the page it was on."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, request, url_for
from werkzeug.wrappers import Response

from ...i18n import COOKIE
from .. import see_other
from .forms import LanguageForm

bp = Blueprint("language", __name__)
#: As long as the browsers keep a cookie (400 days), as the phone's device id.
KEPT = 400 * 24 * 3600


def back_to(asked: str | None) -> str | None:
    """The page to go back to: a path of this site only (never another site's address), else the start page.

    >>> back_to("/s/abc?since=3"), back_to("//evil.example/x"), back_to("https://evil.example/"), back_to(None)
    ('/s/abc?since=3', None, None, None)
    """
    if not asked or not asked.startswith("/") or asked.startswith("//") or "\\" in asked:
        return None  # browsers read a backslash as a slash: "/\\evil.example" is another site
    parts = urlsplit(asked)
    return None if parts.scheme or parts.netloc else asked


def referred() -> str | None:
    """The page the switch was tapped on, with its query (the form carries only its path, so that a page never
    echoes its address's query): from the Referer a same-origin form sends, when it names this site."""
    parts = urlsplit(request.referrer or "")
    if parts.netloc != request.host:
        return None
    return parts.path + (f"?{parts.query}" if parts.query else "")


@bp.post("/language")
def choose() -> Response:
    form = LanguageForm(request.form)
    target = back_to(referred()) or back_to(form.next.data) or url_for("sittings.start")
    response = see_other(target)
    if form.validate():
        response.set_cookie(COOKIE, form.lang.data or "", max_age=KEPT, samesite="Lax", httponly=True)
    return response
