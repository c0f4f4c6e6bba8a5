"""Piedmontese Tarocchi (game id ``tarocchi``): four players in two fixed partnerships, scored in card points.

The rules, the hand record and the end of a game are in ``rules`` (plain Python), the ``Game`` in ``game``, the
hand form in ``form``; the templates (hand fields, working, figures, reference sheet) under
``templates/games/tarocchi/``.
"""

from .game import GAME
from .rules import (
    CARDS_EACH,
    CARDS_IN_PACK,
    DISCARDS,
    FACE_TOTAL,
    GAME_ID,
    HANDS_IN_GAME,
    NAME,
    SEATS,
    TO_WIN,
    TOTAL,
    CardValue,
    Side,
    TarocchiHand,
    TarocchiResult,
    card_points,
    describe,
    face_range,
    game_length,
    game_over,
    outcome,
    possible_cards,
    possible_points,
    score,
    settle,
    side_name,
    side_totals,
)

__all__ = [
    "GAME",
    "CARDS_EACH",
    "CARDS_IN_PACK",
    "DISCARDS",
    "FACE_TOTAL",
    "GAME_ID",
    "HANDS_IN_GAME",
    "NAME",
    "SEATS",
    "TO_WIN",
    "TOTAL",
    "CardValue",
    "Side",
    "TarocchiHand",
    "TarocchiResult",
    "card_points",
    "describe",
    "face_range",
    "game_length",
    "game_over",
    "outcome",
    "possible_cards",
    "possible_points",
    "score",
    "settle",
    "side_name",
    "side_totals",
]
