"""The five bids of the auction, lowest first.

>>> Bid.from_id("3-high").target, str(Bid.from_id("3-high").game_value)
(86, '1/6')
"""

from __future__ import annotations

from ..common.enums import GameEnum
from ..common.money import Money
from ..common.words import N_

TOTAL_CARD_POINTS = 130


class Bid(GameEnum):
    """A bid: (id, said, card-bid size, declarer side's target, game value in pence).

    ``said`` is English, marked for the catalogue: ``_(bid.said)`` says it in the reader's language.
    """

    FOUR = ("4", N_("four"), 4, 66, 6)
    THREE = ("3", N_("three"), 3, 76, 12)
    THREE_HIGH = ("3-high", N_("three high"), 3, 86, 18)
    TWO = ("2", N_("two"), 2, 86, 24)
    TWO_HIGH = ("2-high", N_("two high"), 2, 96, 30)

    def __init__(self, id_: str, said: str, card_bid: int, target: int, pence: int):
        self.id = id_
        self.said = said
        self.card_bid = card_bid
        self.target = target
        self.game_value = Money.pence(pence)

    @classmethod
    def from_id(cls, id_: str) -> Bid:
        return BY_ID[id_]


#: Each member by its id, for parsing.
BY_ID = {b.id: b for b in Bid}
