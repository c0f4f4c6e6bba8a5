"""Sussex Tarot Companion: a scorer and reference for the card table.

``companion.games`` holds the games themselves and imports nothing of the web,
so the command line (``python -m companion``) stays light; the Flask app is
built on demand by ``create_app``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the Flask app (application factory, as in the Flask tutorial)."""
    from .app import build_app

    return build_app(test_config)
