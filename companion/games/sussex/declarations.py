"""Declarations: holdings declarer shows before play, paid by every warden.

>>> str(declarations_value([Declaration.TEN_OLD, Declaration.VIBRANT_COURT]))
'0/4½'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..common.enums import GameEnum
from ..common.money import Money

#: Courts (vibrant or full) may be declared once per suit.
MAX_COURTS = 4


class Declaration(GameEnum):
    """(id, name, value in halfpence, holding group, what it means at the table).

    Declarations sharing a group are one holding at two sizes: only one of
    them may be declared. The meanings were lost from the rules text and are
    the contract's interpretations.
    """

    EIGHT_OLD = ("8-old", "Eight old", 4, "old", "at least 8 old trumps (the Fool counts)")
    TEN_OLD = ("10-old", "Ten old", 6, "old", "at least 10 old trumps (the Fool counts)")
    TRULL = ("trull", "Trull", 2, None, "the Fool, XXI and the Pagat")
    VIBRANT_COURT = (
        "vibrant-court",
        "Vibrant court",
        3,
        "court",
        "three of King, Queen, Cavalier, Jack of one suit, plus the Fool",
    )
    FULL_COURT = ("full-court", "Full court", 4, "court", "King, Queen, Cavalier and Jack of one suit")
    THREE_KINGS = ("three-kings", "Three Kings", 2, "kings", "three Kings")
    FOUR_KINGS = ("four-kings", "Four Kings", 4, "kings", "all four Kings")
    THREE_QUEENS = ("three-queens", "Three Queens", 4, "queens", "three Queens")
    FOUR_QUEENS = ("four-queens", "Four Queens", 6, "queens", "all four Queens")
    FOUR_ROYALS = ("four-royals", "Four royals", 4, None, "not recoverable: as agreed at the table")

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
    """Why a list of declarations cannot be made together, or None."""
    counts = Counter(declared)
    courts = 0
    groups: dict[str, Declaration] = {}
    for decl, n in counts.items():
        if decl.repeatable:
            courts += n
        elif n > 1:
            return f"{decl.label} can be declared only once"
        if decl.group and decl.group != "court":
            other = groups.setdefault(decl.group, decl)
            if other is not decl:
                return f"{other.label} and {decl.label} are the same holding: declare one of them"
    if courts > MAX_COURTS:
        return f"at most {MAX_COURTS} courts can be declared (one per suit)"
    return None


def declarations_value(declared: Iterable[Declaration]) -> Money:
    """What each warden pays declarer for these declarations."""
    return Money(sum(d.worth.halfpence for d in declared))
