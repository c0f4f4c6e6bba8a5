"""What the hand pages ask of wherever a session is kept (``Store``), and what a store may answer instead.

Two stores answer it: the server's (``companion.web.hands.routes.SqlStore``, over the database) and the
phone's (``companion.journal.Journal``, the sessions a phone keeps to score with no signal). The pages
(``companion.web.hands.entry``) are the same code in both places.
"""

from __future__ import annotations

import secrets
from enum import StrEnum
from typing import Any, Protocol

from .views import HandView, Scoreboard, SessionRow


def new_secret() -> str:
    """128 random bits, URL-safe: for view ids, edit keys and form tokens.

    Never starting with "-", which a command line would read as an option (``flask edit-link <id>``).
    """
    while (secret := secrets.token_urlsafe(16)).startswith("-"):
        pass
    return secret


class Role(StrEnum):
    """What one phone may do with one session, each role including the ones before it."""

    VIEWER = "viewer"  #: opened its view link: it is on this phone's list of sessions
    EDITOR = "editor"  #: opened its edit link: scores and changes hands
    OWNER = "owner"  #: started it: also deletes it and renews its edit link

    @property
    def rank(self) -> int:
        return list(Role).index(self)


class DealRefused(Exception):
    """A new hand cannot go in as this deal; ``next_deal`` is the lowest free one (None when all are in)."""

    def __init__(self, deal: int, next_deal: int | None):
        super().__init__(f"deal {deal} is refused")
        self.deal = deal
        self.next_deal = next_deal


class DealTaken(DealRefused):
    """Another phone saved this deal first."""


class NoSuchDeal(DealRefused):
    """The session has no deal of that number (only a doctored form sends one)."""


class StaleEdit(Exception):
    """The hand changed since the form was loaded."""


class SessionDeleted(Exception):
    """The session was deleted (perhaps by another phone a moment ago): nothing was saved."""


class Store(Protocol):
    """A session's hands, as the hand pages read and change them."""

    def editable(self, public_id: str) -> SessionRow:
        """The session, for a phone that may change it: 404 when unknown, 403 when view only, 410 when deleted."""
        ...

    def board(self, sitting: SessionRow) -> Scoreboard: ...

    def hand(self, sitting: SessionRow, deal: int) -> HandView | None: ...

    def record(self, sitting: SessionRow, deal: int, record: Any, form_token: str) -> bool:
        """Save a new hand: True, or False when this form was saved before; ``DealRefused`` otherwise."""
        ...

    def edit(self, sitting: SessionRow, deal: int, record: Any, version: int) -> None:
        """Replace a hand; ``StaleEdit`` when it changed since ``version``."""
        ...

    def delete(self, sitting: SessionRow, deal: int, version: int | None = None) -> bool:
        """Delete a hand: False when it was gone already; ``StaleEdit`` when it changed since ``version``."""
        ...

    def revision(self, public_id: str) -> int | None: ...

    def unless_deleted(self, sitting: SessionRow) -> None:
        """``SessionDeleted`` when the session went since this request found it."""
        ...
