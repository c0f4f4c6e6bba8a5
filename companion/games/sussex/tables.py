"""The reference sheets' tables, worked out by the engine itself.

Amounts are not typed in anywhere: each is the payment the engine makes for
a small made-up hand, so a change to a value in the rules changes the sheet.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..common.cards import Suit
from ..common.money import Money
from ..common.words import N_
from .bids import Bid
from .categories import Category, cards_by_category
from .hand import HandRecord
from .house import DEFAULT_HOUSE_RULES, HouseRules
from .score import score

#: Categories a partner or silent solo may call, dearest first.
CALLABLE = (Category.ALE, Category.SMALL_BEER, Category.WATER, Category.GUBBER)
_YOUNG = Suit.CLUBS
DECLARER, OTHER, STINGER = 0, 1, 2


def _example_card(category: Category) -> str:
    return cards_by_category(_YOUNG)[category][0].code


def _hand(bid: Bid, category: Category, made: bool, holder: int, **extra: object) -> HandRecord:
    return HandRecord.from_json(
        {
            "bid": bid.id,
            "declarer": DECLARER,
            "called_card": _example_card(category),
            "young_trumps": _YOUNG.value,
            "holder": holder,
            "points": bid.target if made else bid.target - 1,
            **extra,
        }
    )


@dataclass(frozen=True)
class GameRow:
    bid: Bid
    #: kind → made → (declarer, each other seat) for the game line
    partner: dict[bool, tuple[Money, Money]]
    solo: dict[bool, tuple[Money, Money]]
    announced: dict[bool, tuple[Money, Money]]
    #: case (English, said with ``_``) → (declarer, stinger, each other warden) for game + stinger lines
    stung: dict[str, tuple[Money, Money, Money]]


def _pair(hand: HandRecord) -> tuple[Money, Money]:
    game = score(hand).lines["game"]
    return Money(game[DECLARER]), Money(game[3])  # seat 3 is a defender in every example


def _stung(bid: Bid, points: int, stinger_points: int, rules: HouseRules) -> tuple[Money, Money, Money]:
    hand = HandRecord.from_json(
        {
            "bid": bid.id,
            "declarer": DECLARER,
            "called_card": _example_card(Category.GUBBER),
            "young_trumps": _YOUNG.value,
            "holder": STINGER,
            "in_trug": True,
            "points": points,
            "stinger_points": stinger_points,
            "house_rules": rules.to_json(),
        }
    )
    lines = score(hand).lines

    def paid(seat: int) -> Money:
        return Money(lines["game"][seat] + lines["stinger"][seat])

    return paid(DECLARER), paid(STINGER), paid(3)


def game_rows(rules: HouseRules = DEFAULT_HOUSE_RULES) -> list[GameRow]:
    """Each bid's game payments; the stung cases under the session's house rules (``rules``)."""
    rows = []
    for bid in Bid:
        rows.append(
            GameRow(
                bid,
                partner={m: _pair(_hand(bid, Category.GUBBER, m, holder=OTHER)) for m in (True, False)},
                solo={m: _pair(_hand(bid, Category.GUBBER, m, holder=DECLARER)) for m in (True, False)},
                announced={m: _pair(_hand(bid, Category.BANNED, m, holder=DECLARER)) for m in (True, False)},
                stung={
                    N_("declarer makes game"): _stung(bid, bid.target, 0, rules),
                    N_("both fail"): _stung(bid, bid.target - 1, min(bid.target - 1, 130 - bid.target + 1), rules),
                    N_("stinger beats declarer"): _stung(bid, 30, 31, rules),
                },
            )
        )
    return rows


@dataclass(frozen=True)
class PenaltyRow:
    bid: Bid
    #: category → (declarer pays in all, each defender receives) in a failed partner game
    partner: dict[Category, tuple[Money, Money]]
    #: category → (declarer pays in all, each other seat receives) in a failed silent solo
    solo: dict[Category, tuple[Money, Money]]
    #: a failed announced solo (banned card, doubled)
    announced: tuple[Money, Money]


def _penalty(hand: HandRecord) -> tuple[Money, Money]:
    line = score(hand).lines["calling_penalty"]
    return Money(-line[DECLARER]), Money(line[3])


def penalty_rows() -> list[PenaltyRow]:
    return [
        PenaltyRow(
            bid,
            partner={c: _penalty(_hand(bid, c, False, holder=OTHER)) for c in CALLABLE},
            solo={c: _penalty(_hand(bid, c, False, holder=DECLARER)) for c in CALLABLE},
            announced=_penalty(_hand(bid, Category.BANNED, False, holder=DECLARER)),
        )
        for bid in Bid
    ]
