"""Bonuses, martlets and their announcements.

>>> str(Bonus.FOUR_QUEENS.worth)
'1/9'
>>> [str(martlet_worth(MartletKind.OLD, n, MartletValues.EACH)) for n in range(4)]
['0/-', '1/-', '2/6', '4/3']
>>> [str(martlet_worth(MartletKind.OLD, n, MartletValues.TOTAL)) for n in range(4)]
['0/-', '1/-', '1/6', '1/9']
"""

from __future__ import annotations

from ..common.enums import GameEnum
from ..common.money import Money
from ..common.words import N_
from .house import MartletValues


class Side(GameEnum):
    """The two sides of a hand: declarer's side and the defence."""

    DECLARER = "declarer"
    DEFENCE = "defence"

    @property
    def other(self) -> Side:
        return Side.DEFENCE if self is Side.DECLARER else Side.DECLARER


class Bonus(GameEnum):
    """(id, name, value in pence or None when set by the called card, made when).

    Name and "made when" are English, marked for the catalogue: ``_(bonus.label)`` says one in the reader's language.
    """

    TRULL = ("trull", N_("Trull"), 3, N_("the side captures the Fool, XXI and the Pagat"))
    FOUR_KINGS = ("four-kings", N_("Four Kings"), 3, N_("the side captures all four Kings"))
    HUNDRED = ("hundred", N_("Hundred"), 9, N_("the side takes 100 card points or more (worked out from the points)"))
    VALAT = ("valat", N_("Valat"), 9, N_("the side wins every trick"))
    FOUR_QUEENS = ("four-queens", N_("Four Queens"), 21, N_("the side captures all four Queens"))
    PAGAT_ULTIMO = ("pagat-ultimo", N_("Pagat ultimo"), 9, N_("the Pagat (I) wins the last trick"))
    YOUNG_ULTIMO = (
        "young-ultimo",
        N_("Young ultimo"),
        12,
        N_("the lowest young trump (1 in a black suit, 10 in a red one) wins the last trick"),
    )
    ANOINTED_ULTIMO = (
        "anointed-ultimo",
        N_("Anointed ultimo"),
        None,
        N_("the called card wins the last trick (worth depends on its category)"),
    )

    def __init__(self, id_: str, label: str, pence: int | None, made_when: str):
        self.id = id_
        self.label = label
        self.worth = None if pence is None else Money.pence(pence)
        self.made_when = made_when

    @property
    def derived(self) -> bool:
        """Hundred is worked out from the card points, never entered."""
        return self is Bonus.HUNDRED

    @classmethod
    def from_id(cls, id_: str) -> Bonus:
        return BY_ID[id_]


#: Each member by its id, for parsing.
BY_ID = {b.id: b for b in Bonus}


class MartletKind(GameEnum):
    """(id, name, values of the 1st, 2nd, 3rd in pence, runs of which trumps)."""

    OLD = ("martlets", N_("Martlets"), (12, 18, 21), "old trumps")
    YOUNG = ("young-martlets", N_("Young Martlets"), (6, 9), "young trumps")

    def __init__(self, id_: str, label: str, values: tuple[int, ...], of: str):
        self.id = id_
        self.label = label
        self.values = tuple(Money.pence(v) for v in values)
        self.of = of

    @property
    def most(self) -> int:
        return len(self.values)


def _worth(kind: MartletKind, count: int, rule: MartletValues) -> Money:
    if count == 0:
        return Money(0)
    if rule is MartletValues.TOTAL:
        return kind.values[count - 1]
    return Money(sum(v.halfpence for v in kind.values[:count]))


_WORTH = {(k, n, r): _worth(k, n, r) for k in MartletKind for r in MartletValues for n in range(k.most + 1)}


def martlet_worth(kind: MartletKind, count: int, rule: MartletValues) -> Money:
    """The worth of ``count`` martlets of a kind under the house rule."""
    return _WORTH[kind, count, rule]


class MartletLevel(GameEnum):
    """A martlet announcement: (id, name, kind, how many)."""

    MARTLETS = ("martlets", N_("Martlets"), MartletKind.OLD, 1)
    DOUBLE_MARTLETS = ("double-martlets", N_("Double Martlets"), MartletKind.OLD, 2)
    TRIPLE_MARTLETS = ("triple-martlets", N_("Triple Martlets"), MartletKind.OLD, 3)
    YOUNG_MARTLETS = ("young-martlets", N_("Young Martlets"), MartletKind.YOUNG, 1)
    DOUBLE_YOUNG_MARTLETS = ("double-young-martlets", N_("Double Young Martlets"), MartletKind.YOUNG, 2)

    def __init__(self, id_: str, label: str, kind: MartletKind, count: int):
        self.id = id_
        self.label = label
        self.kind = kind
        self.count = count


#: Everything declarer may announce, by id.
ANNOUNCEABLE: dict[str, Bonus | MartletLevel] = {
    **{b.id: b for b in Bonus},
    **{m.id: m for m in MartletLevel},
}
