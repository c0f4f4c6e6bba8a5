"""Blueprints, one per area a player uses: sittings, hands, reference, api."""

from __future__ import annotations

from typing import Any

from flask import make_response, redirect, render_template, request
from jinja2 import Template
from werkzeug.wrappers import Response


def is_htmx() -> bool:
    """An htmx request for a fragment; a history restore (the back button) wants the whole page."""
    return request.headers.get("HX-Request") == "true" and request.headers.get("HX-History-Restore-Request") != "true"


def render(
    template: str | list[str], partial: str | list[str] | None = None, status: int = 200, **context: Any
) -> Response:
    """The whole page, or only its partial for an htmx request: the one place that decides. A list of templates
    is the first of them that exists (a sheet in the reader's language, else in English)."""
    chosen = partial if partial and is_htmx() else template
    names: str | list[str | Template] = chosen if isinstance(chosen, str) else [*chosen]
    response = make_response(render_template(names, **context), status)
    response.vary.add("HX-Request")
    return response


def see_other(url: str) -> Response:
    """The redirect after a POST: 303, so the browser follows it with a GET."""
    return redirect(url, 303)
