"""Scoring a hand: from a ``HandRecord`` to each seat's payment, with working.

Every part of the payment is a *line* of four amounts (one per seat) that
sums to zero; the net is their sum. Each line comes with a sentence saying
why, so a player can check it at the table.

>>> from .hand import HandRecord
>>> result = score(HandRecord.from_json({"bid": "4", "declarer": 1, "called_card": "7C",
...     "young_trumps": "hearts", "holder": 3, "points": 71}))
>>> result.net_sd
('-0/6', '0/6', '-0/6', '0/6')
>>> print(result.working[0])  # doctest: +NORMALIZE_WHITESPACE
Game: declarer's side needed 66 and took 71, so made game (a four is worth 0/6):
declarer and partner each receive 0/6 from each defender.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .bids import TOTAL_CARD_POINTS
from .bonuses import Bonus, MartletKind, MartletLevel, Side, martlet_worth
from .declarations import declarations_value
from .hand import GameKind, HandRecord
from .house import StingerSettlesWith
from .money import Money

#: The lines of the breakdown, in the order they are settled.
LINE_NAMES = ("declarations", "game", "stinger", "calling_penalty", "bonuses")
LINE_LABELS = {
    "declarations": "Declarations",
    "game": "Game",
    "stinger": "Stinger",
    "calling_penalty": "Calling penalty",
    "bonuses": "Bonuses",
}

Line = tuple[int, int, int, int]
ZERO: Line = (0, 0, 0, 0)


@dataclass(frozen=True, slots=True)
class Result:
    """What a hand pays: each line per seat in halfpence, the net, and why."""

    kind: GameKind
    made: bool
    stinger_made: bool | None
    category_id: str
    lines: dict[str, Line]
    #: One sentence per line that is not all zero, in ``LINE_NAMES`` order.
    working: tuple[str, ...]

    @property
    def net_halfpence(self) -> Line:
        return tuple(sum(line[s] for line in self.lines.values()) for s in range(4))

    @property
    def net(self) -> tuple[Money, ...]:
        return tuple(Money(h) for h in self.net_halfpence)

    @property
    def net_sd(self) -> tuple[str, ...]:
        return tuple(str(m) for m in self.net)

    def items(self, seat: int) -> list[tuple[str, int]]:
        """The non-zero lines of one seat, as (line name, halfpence)."""
        return [(name, line[seat]) for name, line in self.lines.items() if line[seat]]

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind.id,
            "made": self.made,
            "stinger_made": self.stinger_made,
            "category": self.category_id,
            "net_halfpence": list(self.net_halfpence),
            "net_sd": list(self.net_sd),
            "lines": {name: list(self.lines[name]) for name in LINE_NAMES},
            "working": list(self.working),
        }


def _from_declarer(hand: HandRecord, each: int, payers: list[int]) -> Line:
    """Declarer receives ``each`` from every payer (pays it when negative)."""
    line = [0, 0, 0, 0]
    for seat in payers:
        line[seat] -= each
        line[hand.declarer] += each
    return tuple(line)


def _others(hand: HandRecord, *besides: int) -> list[int]:
    skip = {hand.declarer, *besides}
    return [s for s in range(4) if s not in skip]


def _sides(hand: HandRecord, amount: int) -> Line:
    """Partner game: declarer and partner each +amount, each defender -amount."""
    return tuple(amount if hand.side_of(s) is Side.DECLARER else -amount for s in range(4))


def _solo_like(hand: HandRecord, each: int) -> Line:
    return _from_declarer(hand, each, _others(hand))


def _sd(halfpence: int) -> str:
    return str(Money(abs(halfpence)))


def _declarations(hand: HandRecord) -> tuple[Line, str | None]:
    value = declarations_value(hand.declarations).halfpence
    if not value:
        return ZERO, None
    names = ", ".join(d.label for d in hand.declarations)
    return _solo_like(hand, value), f"Declarations ({names}): each warden pays declarer {_sd(value)}."


def _game(hand: HandRecord) -> tuple[Line, str]:
    g = hand.bid.game_value.halfpence
    sign = 1 if hand.made else -1
    did = "made game" if hand.made else "failed"
    who = "declarer's side" if hand.kind is GameKind.PARTNER else "declarer"
    head = (
        f"Game: {who} needed {hand.bid.target} and took {hand.points}, so {did} (a {hand.bid.said} is worth {_sd(g)})"
    )
    if hand.kind is GameKind.PARTNER:
        verb = "receive" if hand.made else "pay"
        return _sides(
            hand, sign * g
        ), f"{head}: declarer and partner each {verb} {_sd(g)} {'from' if hand.made else 'to'} each defender."
    each = g * (2 if hand.kind is GameKind.ANNOUNCED_SOLO else 1)
    doubled = ", doubled for the announced solo" if hand.kind is GameKind.ANNOUNCED_SOLO else ""
    payment = "each other player pays declarer" if hand.made else "declarer pays each other player"
    return _solo_like(hand, sign * each), f"{head}: {payment} {_sd(each)}{doubled}."


def _stinger(hand: HandRecord) -> tuple[Line, str | None]:
    if hand.kind is not GameKind.STUNG:
        return ZERO, None
    g = hand.bid.game_value.halfpence
    sign = 1 if hand.stinger_made else -1
    if hand.house_rules.stinger_settles_with is StingerSettlesWith.TABLE:
        counterparts = [s for s in range(4) if s != hand.stinger]
    else:
        counterparts = [hand.declarer]
    line = [0, 0, 0, 0]
    for seat in counterparts:
        line[seat] -= sign * g
        line[hand.stinger] += sign * g
    who = "declarer" if len(counterparts) == 1 else "each other player"
    outcome = (
        f"took {hand.stinger_points}, more than declarer's {hand.points}"
        if hand.stinger_made
        else f"took {hand.stinger_points}, not more than declarer's {hand.points}"
    )
    verb = "receives" if hand.stinger_made else "pays"
    prep = "from" if hand.stinger_made else "to"
    return tuple(line), f"Stinger: the stinger {outcome}, so {verb} {_sd(g)} {prep} {who}."


def _calling_penalty(hand: HandRecord) -> tuple[Line, str | None]:
    if hand.made or hand.kind is GameKind.STUNG:
        return ZERO, None
    g = hand.bid.game_value.halfpence
    doubling = 2 if hand.kind is GameKind.ANNOUNCED_SOLO else 1
    penalty = g * hand.category.factor_halves * doubling
    if penalty % 2:
        raise AssertionError("a calling penalty came to a fraction of a halfpenny")
    penalty //= 2
    defenders = [s for s in range(4) if hand.side_of(s) is Side.DEFENCE]
    share, rest = divmod(penalty, len(defenders))
    if rest:
        raise AssertionError("a calling penalty share came to a fraction of a halfpenny")
    doubled = ", doubled for the announced solo" if doubling == 2 else ""
    return _from_declarer(hand, -share, defenders), (
        f"Calling penalty: the called card is {hand.category.label} (factor "
        f"{hand.category.penalty_factor_text}), so declarer pays {_sd(penalty)}{doubled}, "
        f"{_sd(share)} to each of the {len(defenders)} defenders."
    )


def bonus_value(hand: HandRecord, bonus: Bonus) -> int:
    """A bonus's single value in halfpence for this hand."""
    if bonus is Bonus.ANOINTED_ULTIMO:
        return hand.category.ultimo_value.halfpence
    return bonus.worth.halfpence


def bonus_totals(hand: HandRecord) -> tuple[dict[Side, int], list[str]]:
    """Bonus totals per side in halfpence (Bd, Bf) and the items behind them."""
    total = {Side.DECLARER: 0, Side.DEFENCE: 0}
    items: list[str] = []

    def credit(side: Side, amount: int, what: str) -> None:
        if amount:
            total[side] += amount
            items.append(f"{what} {_sd(amount)} to {side.label}")

    made = hand.bonus_sides()
    announced = set(hand.announced)
    for bonus in Bonus:
        side = made.get(bonus)
        if side is None and bonus not in announced:
            continue
        value = bonus_value(hand, bonus)
        if bonus in announced:
            if side is Side.DECLARER:
                credit(Side.DECLARER, 2 * value, f"{bonus.label} (announced, made)")
            else:
                credit(Side.DEFENCE, 2 * value, f"{bonus.label} (announced, not made)")
        elif side is not None:
            credit(side, value, bonus.label)

    rule = hand.house_rules.martlet_values
    for kind, tally in ((MartletKind.OLD, hand.martlets), (MartletKind.YOUNG, hand.young_martlets)):
        counts = tally.cancelled()
        level = next((a for a in hand.announced if isinstance(a, MartletLevel) and a.kind is kind), None)
        defence = martlet_worth(kind, counts.defence, rule).halfpence
        credit(Side.DEFENCE, defence, f"{counts.defence} × {kind.label}")
        if level is None:
            credit(
                Side.DECLARER, martlet_worth(kind, counts.declarer, rule).halfpence, f"{counts.declarer} × {kind.label}"
            )
        elif counts.declarer >= level.count:
            worth = martlet_worth(kind, counts.declarer, rule) + martlet_worth(kind, level.count, rule)
            credit(Side.DECLARER, worth.halfpence, f"{counts.declarer} × {kind.label} ({level.label} announced, made)")
        else:
            worth = martlet_worth(kind, level.count, rule).halfpence * 2
            credit(Side.DEFENCE, worth, f"{level.label} (announced, not made)")
    return total, items


def _bonuses(hand: HandRecord) -> tuple[Line, str | None]:
    total, items = bonus_totals(hand)
    bd, bf = total[Side.DECLARER], total[Side.DEFENCE]
    if not items:
        return ZERO, None
    head = f"Bonuses ({'; '.join(items)})"
    net = bd - bf
    if hand.kind is GameKind.PARTNER:
        line = _sides(hand, net)
        tail = f"the difference, {_sd(net)}, is paid by each losing player to each winning one"
    elif hand.kind.is_solo:
        if hand.kind is GameKind.ANNOUNCED_SOLO:
            net *= 2
        line = _solo_like(hand, net)
        doubled = ", doubled for the announced solo" if hand.kind is GameKind.ANNOUNCED_SOLO else ""
        payment = "each other player pays declarer" if net >= 0 else "declarer pays each other player"
        tail = f"{payment} the difference{doubled}, {_sd(net)}"
    elif hand.stinger_made:
        line = [0, 0, 0, 0]
        line[hand.stinger] += bf - bd
        line[hand.declarer] -= bf - bd
        line = tuple(line)
        tail = f"the stinger succeeded, so only the stinger and declarer settle the difference, {_sd(bf - bd)}"
    else:
        line = list(_solo_like(hand, bd))
        line[hand.declarer] -= bf
        line[hand.stinger] += bf
        line = tuple(line)
        tail = (
            f"the stinger failed, so each other player pays declarer {_sd(bd)} and declarer pays the stinger {_sd(bf)}"
        )
    return line, f"{head}: {tail}."


_PARTS = (
    ("declarations", _declarations),
    ("game", _game),
    ("stinger", _stinger),
    ("calling_penalty", _calling_penalty),
    ("bonuses", _bonuses),
)


def score(hand: HandRecord) -> Result:
    """Score one (already checked) hand."""
    lines: dict[str, Line] = {}
    working: list[str] = []
    for name, part in _PARTS:
        line, why = part(hand)
        lines[name] = line
        if why:
            working.append(why)
    return Result(
        kind=hand.kind,
        made=hand.made,
        stinger_made=hand.stinger_made,
        category_id=hand.category.id,
        lines=lines,
        working=tuple(working),
    )


def score_json(data: Any) -> dict[str, Any]:
    """Parse a hand record and return the result JSON; raises ``InvalidHand``."""
    return score(HandRecord.from_json(data)).to_json()


__all__ = ["LINE_LABELS", "LINE_NAMES", "Result", "TOTAL_CARD_POINTS", "bonus_totals", "score", "score_json"]
