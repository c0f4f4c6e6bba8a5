"""One-time messages after a change ("Deal 5 saved."), shown once on the scoreboard.

Flask's ``flash`` keeps them in the session cookie: every save then re-signed
the whole cookie (edit grants, CSRF token), and the scoreboard after it
re-signed it again to forget the message. A notice is instead a fixed code
and a deal number in a small cookie of its own, scoped to the session's
pages and deleted when shown. It needs no signature: it carries no rights,
and a made-up one could only show its maker a wrong sentence.
"""

from __future__ import annotations

from flask import current_app, redirect, request, url_for
from werkzeug.wrappers import Response

COOKIE = "notice"
#: What each code says; ``{deal}`` is the deal number it came with.
NOTICES = {
    "saved": "Deal {deal} saved.",
    "saved-before": "Deal {deal} was already saved.",
    "changed": "Deal {deal} changed.",
    "deleted": "Deal {deal} deleted.",
    "all-recorded": "Every deal of this session is recorded: edit a hand to change it.",
    "joined": "This phone can now score and change hands in this session.",
}


def _path(public_id: str) -> str:
    return f"/s/{public_id}"


def to_scoreboard(public_id: str, notice: str, deal: int = 0, anchor: str = "") -> Response:
    """Redirect to the session's scoreboard (after a POST), which then says ``notice`` once."""
    if notice not in NOTICES:
        raise KeyError(notice)  # a programming error: every code is listed above
    response = redirect(url_for("sittings.show", public_id=public_id) + anchor)
    response.set_cookie(
        COOKIE,
        f"{notice}.{deal}",
        max_age=60,  # shown on the very next page; a stale one never turns up later
        path=_path(public_id),
        secure=current_app.session_interface.get_cookie_secure(current_app),  # as the session cookie
        httponly=True,
        samesite="Lax",
    )
    return response


def pending_notice() -> str | None:
    """The sentence the cookie sent with this request asks for, or None (unknown codes are ignored)."""
    code, _, deal = request.cookies.get(COOKIE, "").partition(".")
    text = NOTICES.get(code)
    if text is None or not (deal.isascii() and deal.isdigit()) or len(deal) > 3:
        return None
    return text.format(deal=int(deal))


def forget_notice(response: Response, public_id: str) -> Response:
    """Delete the notice cookie: it has been shown."""
    response.delete_cookie(COOKIE, path=_path(public_id), httponly=True, samesite="Lax")
    return response
