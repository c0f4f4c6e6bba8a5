"""Early French Tarot (game id ``early-french``): a reconstruction for four players, each for themselves.

The rules, the hand record and the end of a game are in ``rules`` (plain Python), the ``Game`` in ``game``, the
hand form in ``form``; the templates (hand fields, working, figures, reference sheet) under
``templates/games/early-french/``.
"""

from .game import GAME
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
    PileTooSmall,
    describe,
    finished,
    score,
    settle_per_game,
    settle_per_point,
    winner,
)

__all__ = [
    "GAME",
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
    "PileTooSmall",
    "describe",
    "finished",
    "score",
    "settle_per_game",
    "settle_per_point",
    "winner",
]
