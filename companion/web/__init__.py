"""Blueprints, one per area a player uses: sittings, hands, api."""

from __future__ import annotations

from flask import make_response, render_template, request


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def render(template: str, fragment: str | None = None, status: int = 200, **context):
    """The whole page, or just its fragment for an htmx request (one place decides)."""
    template = fragment if fragment and is_htmx() else template
    response = make_response(render_template(template, **context), status)
    response.vary.add("HX-Request")
    return response
