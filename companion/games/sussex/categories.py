"""Called-card categories: how costly a card is to call, given young trumps.

>>> from companion.games.common.cards import card, Suit
>>> category_of(card("JD"), Suit.DIAMONDS).id, category_of(card("JD"), Suit.SPADES).id
('small-beer', 'water')
>>> str(Category.WATER.penalty_factor_text), str(Category.WATER.ultimo_value)
('1½', '0/6')
"""

from __future__ import annotations

from ..common.cards import PACK, Card, Rank, Suit
from ..common.enums import GameEnum
from ..common.money import Money
from ..common.words import N_


class Category(GameEnum):
    """(id, name, penalty factor in halves, anointed-ultimo value in pence or None)."""

    BANNED = ("banned", N_("banned"), 10, None)
    ALE = ("ale", N_("ale"), 8, 24)
    SMALL_BEER = ("small-beer", N_("small beer"), 4, 12)
    WATER = ("water", N_("water"), 3, 6)
    GUBBER = ("gubber", N_("gubber"), 2, 24)

    def __init__(self, id_: str, label: str, factor_halves: int, ultimo_pence: int | None):
        self.id = id_
        self.label = label
        #: The penalty factor times two, so that 1½ stays a whole number.
        self.factor_halves = factor_halves
        self.ultimo_value = None if ultimo_pence is None else Money.pence(ultimo_pence)

    @property
    def penalty_factor_text(self) -> str:
        whole, half = divmod(self.factor_halves, 2)
        return f"{whole}{'½' if half else ''}"

    @classmethod
    def from_id(cls, id_: str) -> Category:
        return BY_ID[id_]


#: Each member by its id, for parsing.
BY_ID = {c.id: c for c in Category}
_BANNED_OLD = {0, 1, *range(16, 22)}
_ALE_OLD = {13, 14, 15}


def category_of(called: Card, young_trumps: Suit | None) -> Category:
    """The category of a called card; suit cards need the young-trump suit."""
    if called.is_old_trump:
        if called.number in _BANNED_OLD:
            return Category.BANNED
        return Category.ALE if called.number in _ALE_OLD else Category.SMALL_BEER
    if called.rank in (Rank.KING, Rank.QUEEN):
        return Category.BANNED
    if young_trumps is None:
        raise ValueError("a suit card's category depends on the young-trump suit")
    young = called.suit is young_trumps
    if called.rank is not None and called.rank.is_court:  # Cavalier or Jack
        return Category.SMALL_BEER if young else Category.WATER
    return Category.WATER if young else Category.GUBBER


def cards_by_category(young_trumps: Suit) -> dict[Category, list[Card]]:
    """All 78 cards grouped by category under one young-trump suit."""
    groups: dict[Category, list[Card]] = {c: [] for c in Category}
    for c in PACK:
        groups[category_of(c, young_trumps)].append(c)
    return groups
