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

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar

from ..common.money import Money
from .bids import TOTAL_CARD_POINTS
from .bonuses import Bonus, MartletKind, MartletLevel, Side, martlet_worth
from .declarations import declarations_value
from .hand import GameKind, HandRecord
from .house import StingerSettlesWith

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


def _line(cells: Iterable[int]) -> Line:
    """Four seats' amounts, in seat order, as a ``Line``."""
    a, b, c, d = cells
    return (a, b, c, d)


ZERO: Line = (0, 0, 0, 0)


@dataclass(frozen=True)
class Result:
    """What a hand pays: each line per seat in halfpence, the net, and why."""

    hand: HandRecord
    lines: dict[str, Line]
    #: Each line's name as the working shows it.
    line_labels: ClassVar[dict[str, str]] = LINE_LABELS
    #: The working, when it was worked out with the lines (``score(hand, working=True)``).
    explained: tuple[str, ...] | None = field(default=None, repr=False, compare=False)

    @property
    def kind(self) -> GameKind:
        return self.hand.kind

    @property
    def made(self) -> bool:
        return self.hand.made

    @property
    def stinger_made(self) -> bool | None:
        return self.hand.stinger_made

    @property
    def category_id(self) -> str:
        return self.hand.category.id

    @cached_property
    def net_halfpence(self) -> Line:
        d, g, s, c, b = (self.lines[name] for name in LINE_NAMES)
        return _line(d[i] + g[i] + s[i] + c[i] + b[i] for i in range(4))

    @property
    def net(self) -> Line:
        """Each seat's net in halfpence, as every game's result gives its scores (``companion.games.base.Result``)."""
        return self.net_halfpence

    @property
    def money(self) -> tuple[Money, ...]:
        """Each seat's net as money."""
        return tuple(Money(h) for h in self.net_halfpence)

    @property
    def net_sd(self) -> tuple[str, ...]:
        return tuple(str(m) for m in self.money)

    @cached_property
    def working(self) -> tuple[str, ...]:
        """One sentence per line that is not all zero, in ``LINE_NAMES`` order."""
        if self.explained is not None:
            return self.explained
        return tuple(why for _name, part in _PARTS if (why := part(self.hand, True)[1]))

    def items(self, seat: int) -> list[tuple[str, int]]:
        """The non-zero lines of one seat, as (line name, halfpence)."""
        return [(name, line[seat]) for name, line in self.lines.items() if line[seat]]

    def to_json(self, working: bool = False) -> dict[str, Any]:
        """The result of contract §14; ``working`` adds the sentences."""
        net = self.net_halfpence
        out = {
            "kind": self.kind.id,
            "made": self.made,
            "stinger_made": self.stinger_made,
            "category": self.category_id,
            "net_halfpence": list(net),
            "net_sd": list(self.net_sd),
            "lines": {name: list(self.lines[name]) for name in LINE_NAMES},
        }
        if working:
            out["working"] = list(self.working)
        return out


# Each part of the payment returns its line and, when ``explain`` is set, the
# sentence behind it; scoring alone never builds the sentences.
Part = tuple[Line, "str | None"]


def _from_declarer(hand: HandRecord, each: int, payers: list[int]) -> Line:
    """Declarer receives ``each`` from every payer (pays it when negative)."""
    line = [0, 0, 0, 0]
    for seat in payers:
        line[seat] -= each
        line[hand.declarer] += each
    return _line(line)


def _others(hand: HandRecord) -> list[int]:
    return [s for s in range(4) if s != hand.declarer]


def _sides(hand: HandRecord, amount: int) -> Line:
    """Partner game: declarer and partner each +amount, each defender -amount."""
    ours = (hand.declarer, hand.holder)
    return _line(amount if s in ours else -amount for s in range(4))


def _solo_like(hand: HandRecord, each: int) -> Line:
    return _from_declarer(hand, each, _others(hand))


def _sd(halfpence: int) -> str:
    return str(Money(abs(halfpence)))


def _declarations(hand: HandRecord, explain: bool = False) -> Part:
    value = declarations_value(hand.declarations).halfpence
    if not value:
        return ZERO, None
    line = _solo_like(hand, value)
    if not explain:
        return line, None
    names = ", ".join(d.label for d in hand.declarations)
    return line, f"Declarations ({names}): each warden pays declarer {_sd(value)}."


def _game(hand: HandRecord, explain: bool = False) -> Part:
    g = hand.bid.game_value.halfpence
    sign = 1 if hand.made else -1
    kind = hand.kind
    if kind is GameKind.PARTNER:
        line = _sides(hand, sign * g)
        each = g
    else:
        each = g * (2 if kind is GameKind.ANNOUNCED_SOLO else 1)
        line = _solo_like(hand, sign * each)
    if not explain:
        return line, None
    did = "made game" if hand.made else "failed"
    who = "declarer's side" if kind is GameKind.PARTNER else "declarer"
    head = (
        f"Game: {who} needed {hand.bid.target} and took {hand.points}, so {did} (a {hand.bid.said} is worth {_sd(g)})"
    )
    if kind is GameKind.PARTNER:
        verb = "receive 0 from" if hand.made else "pay 0 to"
        return line, f"{head}: declarer and partner each {verb.replace('0', _sd(g))} each defender."
    doubled = ", doubled for the announced solo" if kind is GameKind.ANNOUNCED_SOLO else ""
    payment = "each other player pays declarer" if hand.made else "declarer pays each other player"
    return line, f"{head}: {payment} {_sd(each)}{doubled}."


def _stinger_seat(hand: HandRecord) -> int:
    """The stinger's seat, in a hand where a trug held the called card."""
    if hand.stinger is None:
        raise AssertionError("only a stung hand has a stinger")
    return hand.stinger


def _stinger(hand: HandRecord, explain: bool = False) -> Part:
    if not hand.in_trug:
        return ZERO, None
    g = hand.bid.game_value.halfpence
    sign = 1 if hand.stinger_made else -1
    stinger = _stinger_seat(hand)
    if hand.house_rules.stinger_settles_with is StingerSettlesWith.TABLE:
        counterparts = [s for s in range(4) if s != stinger]
    else:
        counterparts = [hand.declarer]
    line = [0, 0, 0, 0]
    for seat in counterparts:
        line[seat] -= sign * g
        line[stinger] += sign * g
    if not explain:
        return _line(line), None
    who = "declarer" if len(counterparts) == 1 else "each other player"
    than = "more than" if hand.stinger_made else "not more than"
    settles = f"receives {_sd(g)} from" if hand.stinger_made else f"pays {_sd(g)} to"
    return _line(line), (
        f"Stinger: the stinger took {hand.stinger_points}, {than} declarer's {hand.points}, so {settles} {who}."
    )


def _calling_penalty(hand: HandRecord, explain: bool = False) -> Part:
    if hand.made or hand.in_trug:
        return ZERO, None
    g = hand.bid.game_value.halfpence
    doubling = 2 if hand.kind is GameKind.ANNOUNCED_SOLO else 1
    penalty, odd = divmod(g * hand.category.factor_halves * doubling, 2)
    defenders = [s for s in range(4) if hand.side_of(s) is Side.DEFENCE]
    share, rest = divmod(penalty, len(defenders))
    if odd or rest:
        raise AssertionError("a calling penalty came to a fraction of a halfpenny")
    line = _from_declarer(hand, -share, defenders)
    if not explain:
        return line, None
    doubled = ", doubled for the announced solo" if doubling == 2 else ""
    return line, (
        f"Calling penalty: the called card is {hand.category.label} (factor "
        f"{hand.category.penalty_factor_text}), so declarer pays {_sd(penalty)}{doubled}, "
        f"{_sd(share)} to each of the {len(defenders)} defenders."
    )


_BONUS_ORDER = tuple(Bonus)
_MARTLET_KINDS = (MartletKind.OLD, MartletKind.YOUNG)


def bonus_value(hand: HandRecord, bonus: Bonus) -> int:
    """A bonus's single value in halfpence for this hand."""
    worth = hand.category.ultimo_value if bonus is Bonus.ANOINTED_ULTIMO else bonus.worth
    if worth is None:
        raise AssertionError(f"{bonus.label} has no value of its own")
    return worth.halfpence


def bonus_totals(hand: HandRecord, explain: bool = False) -> tuple[dict[Side, int], list[str]]:
    """Bonus totals per side in halfpence (Bd, Bf) and, if asked, the items behind them."""
    total = {Side.DECLARER: 0, Side.DEFENCE: 0}
    items: list[str] = []

    def credit(side: Side, amount: int, template: str, *args: object) -> None:
        if amount:
            total[side] += amount
            if explain:
                items.append(f"{template.format(*args)} {_sd(amount)} to {side.label}")

    made = hand.bonus_sides()
    announced = hand.announced
    for bonus in _BONUS_ORDER:
        side = made.get(bonus)
        if bonus in announced:
            if side is Side.DECLARER:
                credit(Side.DECLARER, 2 * bonus_value(hand, bonus), "{} (announced, made)", bonus.label)
            else:
                credit(Side.DEFENCE, 2 * bonus_value(hand, bonus), "{} (announced, not made)", bonus.label)
        elif side is not None:
            credit(side, bonus_value(hand, bonus), "{}", bonus.label)

    for kind in _MARTLET_KINDS:
        _credit_martlets(hand, kind, credit)
    return total, items


Credit = Callable[..., None]


def _credit_martlets(hand: HandRecord, kind: MartletKind, credit: Credit) -> None:
    """Each side's martlets of one kind, after cancelling, and their announcement if any."""
    rule = hand.house_rules.martlet_values
    counts = (hand.martlets if kind is MartletKind.OLD else hand.young_martlets).cancelled()
    level = next((a for a in hand.announced if isinstance(a, MartletLevel) and a.kind is kind), None)
    credit(Side.DEFENCE, martlet_worth(kind, counts.defence, rule).halfpence, "{} × {}", counts.defence, kind.label)
    if level is None:
        credit(
            Side.DECLARER, martlet_worth(kind, counts.declarer, rule).halfpence, "{} × {}", counts.declarer, kind.label
        )
    elif counts.declarer >= level.count:
        worth = martlet_worth(kind, counts.declarer, rule) + martlet_worth(kind, level.count, rule)
        credit(
            Side.DECLARER,
            worth.halfpence,
            "{} × {} ({} announced, made)",
            counts.declarer,
            kind.label,
            level.label,
        )
    else:
        credit(
            Side.DEFENCE,
            martlet_worth(kind, level.count, rule).halfpence * 2,
            "{} (announced, not made)",
            level.label,
        )


def _bonuses(hand: HandRecord, explain: bool = False) -> Part:
    total, items = bonus_totals(hand, explain)
    bd, bf = total[Side.DECLARER], total[Side.DEFENCE]
    if not bd and not bf:
        return ZERO, None
    net = bd - bf
    kind = hand.kind
    if kind is GameKind.PARTNER:
        line = _sides(hand, net)
    elif kind.is_solo:
        if kind is GameKind.ANNOUNCED_SOLO:
            net *= 2
        line = _solo_like(hand, net)
    elif hand.stinger_made:
        cells = [0, 0, 0, 0]
        cells[_stinger_seat(hand)] += bf - bd
        cells[hand.declarer] -= bf - bd
        line = _line(cells)
    else:
        cells = list(_solo_like(hand, bd))
        cells[hand.declarer] -= bf
        cells[_stinger_seat(hand)] += bf
        line = _line(cells)
    if not explain:
        return line, None
    if kind is GameKind.PARTNER:
        tail = f"the difference, {_sd(net)}, is paid by each losing player to each winning one"
    elif kind.is_solo:
        doubled = ", doubled for the announced solo" if kind is GameKind.ANNOUNCED_SOLO else ""
        payment = "each other player pays declarer" if net >= 0 else "declarer pays each other player"
        tail = f"{payment} the difference{doubled}, {_sd(net)}"
    elif hand.stinger_made:
        tail = f"the stinger succeeded, so only the stinger and declarer settle the difference, {_sd(bf - bd)}"
    else:
        tail = (
            f"the stinger failed, so each other player pays declarer {_sd(bd)} and declarer pays the stinger {_sd(bf)}"
        )
    return line, f"Bonuses ({'; '.join(items)}): {tail}."


_PARTS = (
    ("declarations", _declarations),
    ("game", _game),
    ("stinger", _stinger),
    ("calling_penalty", _calling_penalty),
    ("bonuses", _bonuses),
)


def score(hand: HandRecord, working: bool = False) -> Result:
    """Score one (already checked) hand.

    The working is worked out when first asked for, or at once with
    ``working=True`` (one pass instead of two, for callers that show it).
    """
    if not working:
        return Result(hand, {name: part(hand)[0] for name, part in _PARTS})
    parts = [(name, part(hand, True)) for name, part in _PARTS]
    return Result(hand, {name: line for name, (line, _) in parts}, tuple(why for _, (_, why) in parts if why))


def score_json(data: Any, working: bool = False) -> dict[str, Any]:
    """Parse a hand record and return the result JSON; raises ``InvalidHand``."""
    return score(HandRecord.from_json(data), working).to_json(working)


__all__ = ["LINE_LABELS", "LINE_NAMES", "Result", "TOTAL_CARD_POINTS", "bonus_totals", "score", "score_json"]
