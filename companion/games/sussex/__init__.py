"""Sussex Tarot: its rules as plain Python (no web, no database), its ``Game`` and its hand form.

This package implements the scoring contract (the team keeps it beside the
repository; worked hands from it are in ``tests/data/examples``). Start from
``HandRecord.from_json`` and ``score``.
"""

from ..common import InvalidHand, InvalidSeat
from ..common.cards import OLD_TRUMPS, PACK, Card, Rank, Suit, card, most_points, suit_cards
from ..common.money import Money, MoneyError, true_minus
from .bids import TOTAL_CARD_POINTS, Bid
from .bonuses import ANNOUNCEABLE, Bonus, MartletKind, MartletLevel, Side, martlet_worth
from .categories import Category, cards_by_category, category_of
from .declarations import Declaration
from .game import GAME, SussexTarot
from .hand import GameKind, HandRecord, Tally, points_if_valat
from .house import DEFAULT_HOUSE_RULES, HOUSE_RULE_CHOICES, HouseRules, MartletValues, StingerSettlesWith
from .score import LINE_LABELS, LINE_NAMES, Result, bonus_totals, score, score_json
from .solo import DECIDING_CARDS, SoloCall, solo_call

__all__ = [
    "GAME",
    "SussexTarot",
    "ANNOUNCEABLE",
    "DECIDING_CARDS",
    "SoloCall",
    "solo_call",
    "Bid",
    "Bonus",
    "Card",
    "Category",
    "DEFAULT_HOUSE_RULES",
    "Declaration",
    "GameKind",
    "HOUSE_RULE_CHOICES",
    "HandRecord",
    "HouseRules",
    "InvalidHand",
    "InvalidSeat",
    "LINE_LABELS",
    "LINE_NAMES",
    "MartletKind",
    "MartletLevel",
    "MartletValues",
    "Money",
    "true_minus",
    "MoneyError",
    "OLD_TRUMPS",
    "PACK",
    "Rank",
    "Result",
    "Side",
    "StingerSettlesWith",
    "Suit",
    "Tally",
    "TOTAL_CARD_POINTS",
    "bonus_totals",
    "card",
    "cards_by_category",
    "category_of",
    "martlet_worth",
    "most_points",
    "points_if_valat",
    "score",
    "score_json",
    "suit_cards",
]
