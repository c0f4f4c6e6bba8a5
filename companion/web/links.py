"""Links another phone can open, with a QR code to scan: for sharing a session or a group."""

from __future__ import annotations

import segno
from flask import current_app, url_for
from markupsafe import Markup


def qr(url: str) -> Markup:
    # Dark on light whatever the theme: phones' cameras read that best.
    return Markup(segno.make(url, error="m").svg_inline(scale=5, dark="#000", light="#fff", omitsize=True))


def link_for_phones(endpoint: str, **values: str) -> str | None:
    """A full address another phone can open: from ``BASE_URL``, or from the request's host when
    ``TRUSTED_HOSTS`` vouches for it (Flask refuses any other host). Never from a Host header alone,
    which anyone can send; with neither set there is no full address (None)."""
    base = current_app.config.get("BASE_URL")
    if base:
        return base.rstrip("/") + url_for(endpoint, **values)
    if current_app.config.get("TRUSTED_HOSTS"):
        return url_for(endpoint, _external=True, **values)
    return None


def shown_links(links: list[tuple[str, str, str, dict[str, str]]]) -> list[tuple[str, str, str, Markup | None]]:
    """(kind, title, endpoint, values) → (kind, title, address, QR code or None) for the share page."""
    shown = []
    for kind, title, endpoint, values in links:
        full = link_for_phones(endpoint, **values)
        shown.append((kind, title, full or url_for(endpoint, **values), qr(full) if full else None))
    return shown
