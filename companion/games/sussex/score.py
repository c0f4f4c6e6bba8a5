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
from ..common.words import N_, _, ngettext
from .bids import TOTAL_CARD_POINTS
from .bonuses import Bonus, MartletKind, MartletLevel, Side, martlet_worth
from .declarations import declarations_value
from .hand import GameKind, HandRecord
from .house import StingerSettlesWith

#: The lines of the breakdown, in the order they are settled.
LINE_NAMES = ("declarations", "game", "stinger", "calling_penalty", "bonuses")
#: Each line's name, English (said with ``_``).
LINE_LABELS = {
    "declarations": N_("Declarations"),
    "game": N_("Game"),
    "stinger": N_("Stinger"),
    "calling_penalty": N_("Calling penalty"),
    "bonuses": N_("Bonuses"),
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
    names = ", ".join(_(d.label) for d in hand.declarations)
    return line, _("Declarations (%(names)s): each warden pays declarer %(amount)s.", names=names, amount=_sd(value))


#: The game line's sentence: (partner game, announced solo, made) → sentence; a silent solo and a stung hand are
#: said as a solo that is not doubled.
_GAME_SAID = {
    (True, False, True): N_(
        "Game: declarer's side needed %(target)s and took %(points)s, so made game (a %(bid)s is worth %(value)s): "
        "declarer and partner each receive %(value)s from each defender."
    ),
    (True, False, False): N_(
        "Game: declarer's side needed %(target)s and took %(points)s, so failed (a %(bid)s is worth %(value)s): "
        "declarer and partner each pay %(value)s to each defender."
    ),
    (False, False, True): N_(
        "Game: declarer needed %(target)s and took %(points)s, so made game (a %(bid)s is worth %(value)s): "
        "each other player pays declarer %(each)s."
    ),
    (False, False, False): N_(
        "Game: declarer needed %(target)s and took %(points)s, so failed (a %(bid)s is worth %(value)s): "
        "declarer pays each other player %(each)s."
    ),
    (False, True, True): N_(
        "Game: declarer needed %(target)s and took %(points)s, so made game (a %(bid)s is worth %(value)s): "
        "each other player pays declarer %(each)s, doubled for the announced solo."
    ),
    (False, True, False): N_(
        "Game: declarer needed %(target)s and took %(points)s, so failed (a %(bid)s is worth %(value)s): "
        "declarer pays each other player %(each)s, doubled for the announced solo."
    ),
}


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
    said = _GAME_SAID[kind is GameKind.PARTNER, kind is GameKind.ANNOUNCED_SOLO, hand.made]
    return line, _(
        said,
        target=hand.bid.target,
        points=hand.points,
        bid=_(hand.bid.said),
        value=_sd(g),
        each=_sd(each),
    )


#: The stinger line's sentence: (the stinger succeeded, settles with declarer alone) → sentence.
_STINGER_SAID = {
    (True, True): N_(
        "Stinger: the stinger took %(stinger)s, more than declarer's %(points)s, so receives %(value)s from declarer."
    ),
    (True, False): N_(
        "Stinger: the stinger took %(stinger)s, more than declarer's %(points)s, so receives %(value)s from "
        "each other player."
    ),
    (False, True): N_(
        "Stinger: the stinger took %(stinger)s, not more than declarer's %(points)s, so pays %(value)s to declarer."
    ),
    (False, False): N_(
        "Stinger: the stinger took %(stinger)s, not more than declarer's %(points)s, so pays %(value)s to "
        "each other player."
    ),
}


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
    said = _STINGER_SAID[bool(hand.stinger_made), len(counterparts) == 1]
    return _line(line), _(said, stinger=hand.stinger_points, points=hand.points, value=_sd(g))


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
    said = {
        "category": _(hand.category.label),
        "factor": hand.category.penalty_factor_text,
        "penalty": _sd(penalty),
        "share": _sd(share),
    }
    if doubling == 2:
        return line, ngettext(
            "Calling penalty: the called card is %(category)s (factor %(factor)s), so declarer pays %(penalty)s, "
            "doubled for the announced solo, %(share)s to the %(num)d defender.",
            "Calling penalty: the called card is %(category)s (factor %(factor)s), so declarer pays %(penalty)s, "
            "doubled for the announced solo, %(share)s to each of the %(num)d defenders.",
            len(defenders),
            **said,
        )
    return line, ngettext(
        "Calling penalty: the called card is %(category)s (factor %(factor)s), so declarer pays %(penalty)s, "
        "%(share)s to the %(num)d defender.",
        "Calling penalty: the called card is %(category)s (factor %(factor)s), so declarer pays %(penalty)s, "
        "%(share)s to each of the %(num)d defenders.",
        len(defenders),
        **said,
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

    def credit(side: Side, amount: int, item: str, **named: object) -> None:
        if amount:
            total[side] += amount
            if explain:
                items.append(_(_ITEMS[item, side], amount=_sd(amount), **named))

    made = hand.bonus_sides()
    announced = hand.announced
    for bonus in _BONUS_ORDER:
        side = made.get(bonus)
        if bonus in announced:
            if side is Side.DECLARER:
                credit(Side.DECLARER, 2 * bonus_value(hand, bonus), "announced", bonus=_(bonus.label))
            else:
                credit(Side.DEFENCE, 2 * bonus_value(hand, bonus), "announced", bonus=_(bonus.label))
        elif side is not None:
            credit(side, bonus_value(hand, bonus), "made", bonus=_(bonus.label))

    for kind in _MARTLET_KINDS:
        _credit_martlets(hand, kind, credit)
    return total, items


Credit = Callable[..., None]

#: A bonus item's words: (what it is, the side credited) → words. An announced bonus is credited to declarer's
#: side when made, else to the defence, so "announced" says which.
_ITEMS = {
    ("announced", Side.DECLARER): N_("%(bonus)s (announced, made) %(amount)s to declarer's side"),
    ("announced", Side.DEFENCE): N_("%(bonus)s (announced, not made) %(amount)s to the defence"),
    ("made", Side.DECLARER): N_("%(bonus)s %(amount)s to declarer's side"),
    ("made", Side.DEFENCE): N_("%(bonus)s %(amount)s to the defence"),
    ("martlets", Side.DECLARER): N_("%(count)s × %(martlets)s %(amount)s to declarer's side"),
    ("martlets", Side.DEFENCE): N_("%(count)s × %(martlets)s %(amount)s to the defence"),
    ("martlets announced", Side.DECLARER): N_(
        "%(count)s × %(martlets)s (%(level)s announced, made) %(amount)s to declarer's side"
    ),
}


def _credit_martlets(hand: HandRecord, kind: MartletKind, credit: Credit) -> None:
    """Each side's martlets of one kind, after cancelling, and their announcement if any."""
    rule = hand.house_rules.martlet_values
    counts = (hand.martlets if kind is MartletKind.OLD else hand.young_martlets).cancelled()
    level = next((a for a in hand.announced if isinstance(a, MartletLevel) and a.kind is kind), None)
    name = _(kind.label)
    credit(
        Side.DEFENCE,
        martlet_worth(kind, counts.defence, rule).halfpence,
        "martlets",
        count=counts.defence,
        martlets=name,
    )
    if level is None:
        credit(
            Side.DECLARER,
            martlet_worth(kind, counts.declarer, rule).halfpence,
            "martlets",
            count=counts.declarer,
            martlets=name,
        )
    elif counts.declarer >= level.count:
        worth = martlet_worth(kind, counts.declarer, rule) + martlet_worth(kind, level.count, rule)
        credit(
            Side.DECLARER,
            worth.halfpence,
            "martlets announced",
            count=counts.declarer,
            martlets=name,
            level=_(level.label),
        )
    else:
        credit(Side.DEFENCE, martlet_worth(kind, level.count, rule).halfpence * 2, "announced", bonus=_(level.label))


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
    return line, _(_bonuses_said(hand, net), items="; ".join(items), net=_sd(net), declarer=_sd(bd), defence=_sd(bf))


def _bonuses_said(hand: HandRecord, net: int) -> str:
    """The bonus line's sentence (marked): who pays the difference, by the kind of game."""
    kind = hand.kind
    if kind is GameKind.PARTNER:
        return N_("Bonuses (%(items)s): the difference, %(net)s, is paid by each losing player to each winning one.")
    if kind.is_solo:
        return _SOLO_BONUSES_SAID[net >= 0, kind is GameKind.ANNOUNCED_SOLO]
    if hand.stinger_made:
        return N_(
            "Bonuses (%(items)s): the stinger succeeded, so only the stinger and declarer settle the difference, "
            "%(net)s."
        )
    return N_(
        "Bonuses (%(items)s): the stinger failed, so each other player pays declarer %(declarer)s and declarer pays "
        "the stinger %(defence)s."
    )


#: A solo's bonus sentence: (declarer receives, announced solo) → sentence.
_SOLO_BONUSES_SAID = {
    (True, False): N_("Bonuses (%(items)s): each other player pays declarer the difference, %(net)s."),
    (True, True): N_(
        "Bonuses (%(items)s): each other player pays declarer the difference, doubled for the announced solo, %(net)s."
    ),
    (False, False): N_("Bonuses (%(items)s): declarer pays each other player the difference, %(net)s."),
    (False, True): N_(
        "Bonuses (%(items)s): declarer pays each other player the difference, doubled for the announced solo, %(net)s."
    ),
}


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
    return Result(
        hand, {name: line for name, (line, _why) in parts}, tuple(why for _name, (_line, why) in parts if why)
    )


def score_json(data: Any, working: bool = False) -> dict[str, Any]:
    """Parse a hand record and return the result JSON; raises ``InvalidHand``."""
    return score(HandRecord.from_json(data), working).to_json(working)


__all__ = ["LINE_LABELS", "LINE_NAMES", "Result", "TOTAL_CARD_POINTS", "bonus_totals", "score", "score_json"]
