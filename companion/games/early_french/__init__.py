"""Early French Tarot (game id ``early-french``): a reconstruction for four players, each for themselves.

The rules, the hand record and the end of a game are in ``rules``; the reference sheet is
``templates/reference/early-french.html`` beside it.
"""

from .rules import (
    CARDS_EACH,
    COURTS,
    GAME_ID,
    HONOURS_MOST,
    NAME,
    SEATS,
    TARGET,
    TRICKS,
    TRUMPS,
    EarlyFrenchHand,
    EarlyFrenchResult,
    Honour,
    describe,
    finished,
    score,
    settle_per_game,
    settle_per_point,
    winner,
)

__all__ = [
    "CARDS_EACH",
    "COURTS",
    "GAME_ID",
    "HONOURS_MOST",
    "NAME",
    "SEATS",
    "TARGET",
    "TRICKS",
    "TRUMPS",
    "EarlyFrenchHand",
    "EarlyFrenchResult",
    "Honour",
    "describe",
    "finished",
    "score",
    "settle_per_game",
    "settle_per_point",
    "winner",
]
