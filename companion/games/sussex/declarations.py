"""Declarations: holdings declarer shows before play, paid by every warden.

>>> str(declarations_value([Declaration.TEN_OLD, Declaration.VIBRANT_COURT]))
'0/4½'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..common.enums import GameEnum
from ..common.money import Money
from ..common.words import N_, _

#: Courts (vibrant or full) may be declared once per suit.
MAX_COURTS = 4


class Declaration(GameEnum):
    """(id, name, value in halfpence, holding group, what it means at the table).

    Declarations sharing a group are one holding at two sizes: only one of
    them may be declared. The meanings were lost from the rules text and are
    the contract's interpretations. Names and meanings are English, marked for
    the catalogue: ``_(declaration.label)`` says one in the reader's language.
    """

    EIGHT_OLD = ("8-old", N_("Eight old"), 4, "old", N_("at least 8 old trumps (the Fool counts)"))
    TEN_OLD = ("10-old", N_("Ten old"), 6, "old", N_("at least 10 old trumps (the Fool counts)"))
    TRULL = ("trull", N_("Trull"), 2, None, N_("the Fool, XXI and the Pagat"))
    VIBRANT_COURT = (
        "vibrant-court",
        N_("Vibrant court"),
        3,
        "court",
        N_("three of King, Queen, Cavalier, Jack of one suit, plus the Fool"),
    )
    FULL_COURT = ("full-court", N_("Full court"), 4, "court", N_("King, Queen, Cavalier and Jack of one suit"))
    THREE_KINGS = ("three-kings", N_("Three Kings"), 2, "kings", N_("three Kings"))
    FOUR_KINGS = ("four-kings", N_("Four Kings"), 4, "kings", N_("all four Kings"))
    THREE_QUEENS = ("three-queens", N_("Three Queens"), 4, "queens", N_("three Queens"))
    FOUR_QUEENS = ("four-queens", N_("Four Queens"), 6, "queens", N_("all four Queens"))
    FOUR_ROYALS = ("four-royals", N_("Four royals"), 4, None, N_("not recoverable: as agreed at the table"))

    def __init__(self, id_: str, label: str, halfpence: int, group: str | None, meaning: str):
        self.id = id_
        self.label = label
        self.worth = Money(halfpence)
        self.group = group
        self.meaning = meaning

    @property
    def repeatable(self) -> bool:
        """Courts are declared per suit, so may appear more than once."""
        return self.group == "court"

    @classmethod
    def from_id(cls, id_: str) -> Declaration:
        return BY_ID[id_]


#: Each member by its id, for parsing.
BY_ID = {d.id: d for d in Declaration}


def declarations_problem(declared: Iterable[Declaration]) -> str | None:
    """Why a list of declarations cannot be made together (a sentence in the reader's language), or None.

    >>> declarations_problem([Declaration.TRULL, Declaration.TRULL])
    'Trull can be declared only once.'
    >>> declarations_problem([Declaration.FOUR_KINGS, Declaration.THREE_KINGS])
    'Four Kings and Three Kings are the same holding: declare one of them.'
    """
    counts = Counter(declared)
    courts = 0
    groups: dict[str, Declaration] = {}
    for decl, n in counts.items():
        if decl.repeatable:
            courts += n
        elif n > 1:
            return _("%(declaration)s can be declared only once.", declaration=_(decl.label))
        if decl.group and decl.group != "court":
            other = groups.setdefault(decl.group, decl)
            if other is not decl:
                return _(
                    "%(one)s and %(other)s are the same holding: declare one of them.",
                    one=_(other.label),
                    other=_(decl.label),
                )
    if courts > MAX_COURTS:
        return _("At most %(most)s courts can be declared (one per suit).", most=MAX_COURTS)
    return None


def declarations_value(declared: Iterable[Declaration]) -> Money:
    """What each warden pays declarer for these declarations."""
    return Money(sum(d.worth.halfpence for d in declared))
