"""Ottocento (Tarocchino Bolognese): two fixed partnerships race to 800 with cricche, sequences and card points.

The rules are plain Python (no web, no database): start from
``OttocentoHand.from_json``, ``score`` and ``game_over`` (or ``tally`` over a
game's hands). The ``Game`` is in ``game``, the hand form in ``form``. The
rules and every interpretation are on the reference sheet
(``templates/games/ottocento/reference.html``, rendered with this package as
``ottocento``).

>>> hand = OttocentoHand.from_json({"dealer": 0, "card_points": [50, 37], "last_trick": 1})
>>> score(hand).net
(50, 43, 50, 43)
"""

from .cards import (
    ACES,
    CARDS,
    LAST_TRICK,
    MOORS,
    NUMBERED,
    PACK,
    PACK_POINTS,
    WILDS,
    Card,
    Numbering,
    Suit,
    card,
    card_points,
    label,
)
from .combinations import DOUBLING_AT, KINDS, OPENING, Combination, Cricca, Sequence, combo, problem, sequence_value
from .ending import Outcome, Standing, check_call_out, game_over, tally
from .game import GAME
from .hand import SEATS, OttocentoHand, declaring_order, player_name, side_name, side_of
from .house import BARILLI, DEFAULT_RULES, EACH_WILD_A_GAP, MODERN_PACK, PARLETT, OttocentoRules
from .scoring import OttocentoResult, combos_points, declared_points, group_points, score, summary

__all__ = [
    "ACES",
    "GAME",
    "BARILLI",
    "CARDS",
    "Card",
    "Combination",
    "Cricca",
    "DEFAULT_RULES",
    "DOUBLING_AT",
    "EACH_WILD_A_GAP",
    "KINDS",
    "LAST_TRICK",
    "MODERN_PACK",
    "MOORS",
    "NUMBERED",
    "Numbering",
    "OPENING",
    "OttocentoHand",
    "OttocentoResult",
    "OttocentoRules",
    "Outcome",
    "PACK",
    "PACK_POINTS",
    "PARLETT",
    "SEATS",
    "Sequence",
    "Standing",
    "Suit",
    "WILDS",
    "card",
    "card_points",
    "check_call_out",
    "combo",
    "combos_points",
    "declared_points",
    "declaring_order",
    "game_over",
    "label",
    "group_points",
    "player_name",
    "problem",
    "score",
    "sequence_value",
    "side_name",
    "side_of",
    "summary",
    "tally",
]
