"""Tapp Tarock, three players: a hand record, its checks, and its pay-outs with the working.

The rules are in ``rules`` (plain Python), the ``Game`` in ``game``, the hand form in ``form``.
"""

from .game import GAME
from .rules import (
    BIDS,
    BONUSES,
    COUNTINGS,
    PAGAT_BONUSES,
    SEATS,
    TARGET,
    BonusClaim,
    Counting,
    TappBid,
    TappBonus,
    TappHand,
    TappResult,
    score,
    upgrade_record,
)

__all__ = [
    "GAME",
    "BIDS",
    "BONUSES",
    "BonusClaim",
    "COUNTINGS",
    "Counting",
    "PAGAT_BONUSES",
    "SEATS",
    "TARGET",
    "TappBid",
    "TappBonus",
    "TappHand",
    "TappResult",
    "score",
    "upgrade_record",
]
