"""Blueprints, one per area a player uses: sittings, hands, api."""

from __future__ import annotations

from flask import current_app, render_template, request


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def render(template: str, fragment: str | None = None, status: int = 200, **context):
    """The whole page, or just its fragment for an htmx request (one place decides)."""
    template = fragment if fragment and is_htmx() else template
    owner = context.get("board") or context.get("facts")
    if owner is not None:
        context.setdefault("session_id", owner.public_id)  # the Rules link keeps the session
    return html_response(render_template(template, **context), status)


def html_response(html: str, status: int = 200):
    """A response of HTML already drawn (the live preview draws it in Python), varying with htmx."""
    response = current_app.response_class(html, status)
    response.headers["Vary"] = "HX-Request"
    return response
