"""Sharing a session or a group: links another phone can open, with QR codes, edit links and downloads."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import segno
from flask import abort, current_app, flash, jsonify, stream_with_context, url_for
from markupsafe import Markup
from sqlmodel import Session
from werkzeug.wrappers import Response

from ..extensions import db
from ..models import Group, Sitting
from ..store import long_work, renew_edit_key
from . import render, see_other
from .access import can_edit, is_owner, join, require_owner


def kept_json(**data: object) -> Response:
    """What a phone keeps to work with no signal (a session, a group), never kept by a cache on the way."""
    response = jsonify(**data)
    response.cache_control.no_store = True
    return response


def qr(url: str) -> Markup:
    # Dark on light whatever the theme: phones' cameras read that best.
    return Markup(segno.make(url, error="m").svg_inline(scale=5, dark="#000", light="#fff", omitsize=True))


def link_for_phones(endpoint: str, **values: str) -> str | None:
    """A full address another phone can open: from ``BASE_URL``, or from the request's host when
    ``TRUSTED_HOSTS`` vouches for it (Flask refuses any other host). Never from a Host header alone,
    which anyone can send; with neither set there is no full address (None)."""
    base: str | None = current_app.config.get("BASE_URL")
    if base:
        return base.rstrip("/") + url_for(endpoint, _external=False, **values)
    if current_app.config.get("TRUSTED_HOSTS"):
        return url_for(endpoint, _external=True, **values)
    return None


def shown_links(links: list[tuple[str, str, str, dict[str, str]]]) -> list[tuple[str, str, str, Markup | None]]:
    """(kind, title, endpoint, values) → (kind, title, address, QR code or None) for the share page."""
    shown = []
    for kind, title, endpoint, values in links:
        full = link_for_phones(endpoint, **values)
        shown.append((kind, title, full or url_for(endpoint, _external=False, **values), qr(full) if full else None))
    return shown


def share_page(
    thing: Sitting | Group,
    back: tuple[str, str],
    view: tuple[str, str],
    edit: tuple[str, str],
    renew_endpoint: str,
) -> Response:
    """The Share page of a session or a group: ``view`` and ``edit`` are (title, endpoint) of its
    links; the edit link only for a phone that may edit, the button for a new one only for the owner."""
    editor = can_edit(thing)
    links = [("view", view[0], view[1], {"public_id": thing.public_id})]
    if editor:
        links.append(("edit", edit[0], edit[1], {"public_id": thing.public_id, "key": thing.edit_key}))
    page = render(
        "share.html",
        **({"group": thing} if isinstance(thing, Group) else {"sitting": thing}),
        what="group" if isinstance(thing, Group) else "session",
        back=back,
        renew_url=url_for(renew_endpoint, public_id=thing.public_id),
        links=shown_links(links),
        configured=link_for_phones("sittings.start") is not None,
        editor=editor,
        owner=is_owner(thing),
    )
    page.headers["Cache-Control"] = "no-store"  # the edit link: kept by no cache, shared or the phone's
    return page


def join_with_key(thing: Sitting | Group, key: str, told: str, to: str) -> Response:
    """An edit link opened: this phone may edit from now on (a wrong key is a 404, as a wrong id)."""
    if not join(thing, key):
        abort(404)
    flash(told)
    return see_other(to)


def renew_link(thing: Sitting | Group, share_endpoint: str) -> Response:
    """A new edit link, from the owner's phone: the old one stops working."""
    require_owner(thing)
    renew_edit_key(db.session, thing)
    flash("A new edit link is below. The old one no longer works; phones that joined with it can only view now.")
    return see_other(url_for(share_endpoint, public_id=thing.public_id))


def attachment(body: str | Callable[[Session], Iterator[str]], mimetype: str, filename: str) -> Response:
    """A download: a CSV or a JSON backup (which holds the edit keys), kept by no cache.

    ``body`` may make its text piece by piece from a database session: it is then streamed as it is made, so a
    group's export of thousands of sessions is never whole in memory, and its pauses between sessions
    (``backup.sittings_read``) leave the worker to the phones."""
    headers = {"Content-Disposition": f'attachment; filename="{filename}"', "Cache-Control": "no-store"}
    sent = body if isinstance(body, str) else stream_with_context(_streamed(body))
    return current_app.response_class(sent, mimetype=mimetype, headers=headers)


def _streamed(make: Callable[[Session], Iterator[str]]) -> Iterator[str]:
    """What ``make`` makes, with the database session of the stream's own context: the view's was closed as it
    returned, and this one is closed when the stream ends (or the phone goes). Each part is made as long work,
    in the process's turn at it (``store.long_work``), and sent outside it: a slow reader holds no one's turn."""
    parts = make(db.session)
    while True:
        with long_work():
            part = next(parts, None)
        if part is None:
            return
        yield part
