"""What Ottocento borrows from the rest of the companion, in one place so that it is easy to move."""

from __future__ import annotations

from ..common import InvalidHand
from ..common.parse import pick, seat

__all__ = ["InvalidHand", "pick", "seat"]
