"""A session's fixed facts (players, house rules), kept in memory once read."""

from __future__ import annotations

from flask import abort

from ..extensions import db
from ..store import SittingFacts, sitting_facts
from .cache import app_cache


def facts_for(public_id: str) -> SittingFacts:
    """The facts of a session, or 404; read from the database once per process."""
    cache = app_cache("facts", 2048)
    facts = cache.get(public_id)
    if facts is None:
        facts = sitting_facts(db.session, public_id)
        if facts is None:
            abort(404)
        cache.put(public_id, facts)
    return facts
