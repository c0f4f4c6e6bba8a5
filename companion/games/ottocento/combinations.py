"""Cricche and sequences: what makes each, what each is worth, and what is wrong with a bad one.

A combination is entered as its kind and the list of its cards, so that the
engine can check it.

>>> Combination.from_json({"kind": "kings", "cards": ["KS", "KC", "KD"]}).describe()
'Kings (3): 17'
>>> swords = Combination.from_json({"kind": "swords", "cards": ["KS", "QS", "NS", "PS", "AS", "begato"]})
>>> swords.describe()
'Swords King-Queen-Knight-Page-Ace + Bégato: 25'
>>> print(problem(Sequence.SWORDS, [CARDS["KS"], CARDS["QS"], CARDS["AS"]], DEFAULT_RULES))  # doctest: +ELLIPSIS
it needs two of the Queen, Knight and Page of Swords beside the King ...; the Ace only joins a sequence already made
"""

from __future__ import annotations

from collections.abc import Sequence as Seq
from dataclasses import dataclass
from enum import Enum
from itertools import combinations, takewhile
from typing import Any

from ._common import InvalidHand, pick
from .cards import ACES, ANGEL, CARDS, MOON, MOORS, NUMBERED, PACK, SUN, WORLD, Card, Numbering, Suit, short, the
from .house import DEFAULT_RULES, OttocentoRules

#: Three or more different cricche (or sequences) score double.
DOUBLING_AT = 3
#: The top of the Grande after its head: two of these three open it.
OPENING = (WORLD, SUN, MOON)
COURTS = ("Queen", "Knight", "Page")


class Cricca(Enum):
    """(id, name, three, four): three or four of a kind, never with a wild card."""

    TAROCCHI = ("tarocchi", "Tarocchi", 18, 36)
    KINGS = ("kings", "Kings", 17, 34)
    QUEENS = ("queens", "Queens", 14, 28)
    KNIGHTS = ("knights", "Knights", 13, 26)
    PAGES = ("pages", "Pages", 12, 24)

    def __init__(self, id_: str, label: str, three: int, four: int):
        self.id = id_
        self.label = label
        self.three = three
        self.four = four

    @property
    def title(self) -> str:
        return f"cricca of {self.label}"

    @property
    def members(self) -> tuple[Card, ...]:
        """The four cards of the kind (for the tarocchi: Angel, World, Bégato, Matto)."""
        return tuple(c for c in PACK if c.cricca == self.id)

    def worth(self, size: int) -> int:
        return self.four if size == 4 else self.three


class Sequence(Enum):
    """(id, name, suit, what makes one): runs worth 10 for three cards and 5 for each further card."""

    GRANDE = ("grande", "Grande", None, "the Angel for real, two of World, Sun and Moon (one of them real), "
              "then the 16 down to the 5 without a gap")  # fmt: skip
    SWORDS = ("swords", "Swords", Suit.SWORDS, "")
    BATONS = ("batons", "Batons", Suit.BATONS, "")
    CUPS = ("cups", "Cups", Suit.CUPS, "")
    COINS = ("coins", "Coins", Suit.COINS, "")
    MOORS = ("moors", "Moors", None, "three Moors or more, two of them real")
    ACES = ("aces", "Aces", None, "three Aces or more, two of them real")

    def __init__(self, id_: str, label: str, suit: Suit | None, needs: str):
        self.id = id_
        self.label = label
        self.suit = suit
        self.needs = needs or (
            f"the King of {label} for real, two of its Queen, Knight and Page (one of them real); then its Ace may join"
        )

    @property
    def title(self) -> str:
        return self.label if self is Sequence.GRANDE else f"{self.label} sequence"


Kind = Cricca | Sequence
#: Every kind by id, in the order a player's or a side's combinations are kept: the cricche, then the sequences.
KINDS: dict[str, Kind] = {k.id: k for k in (*Cricca, *Sequence)}
ORDER: tuple[Kind, ...] = tuple(KINDS.values())
KIND_CHOICES = (
    "a cricca (" + ", ".join(c.id for c in Cricca) + ") or a sequence (" + ", ".join(s.id for s in Sequence) + ")"
)


def sequence_value(size: int) -> int:
    """10 for three cards and 5 for each card more (wild cards count as cards).

    >>> [sequence_value(n) for n in (3, 4, 6, 8, 17)]
    [10, 15, 25, 35, 80]
    """
    return 10 + 5 * (size - 3)


def doubled(combos: Seq[Combination]) -> bool:
    """Three or more different cricche, or three or more different sequences, score double."""
    return len(combos) >= DOUBLING_AT


@dataclass(frozen=True)
class Combination:
    """A cricca or a sequence and its cards, in pack order (wild cards last)."""

    kind: Kind
    cards: tuple[Card, ...]

    @property
    def is_cricca(self) -> bool:
        return isinstance(self.kind, Cricca)

    @property
    def value(self) -> int:
        if isinstance(self.kind, Cricca):
            return self.kind.worth(len(self.cards))
        return sequence_value(len(self.cards))

    def describe(self, numbering: Numbering = Numbering.BOLOGNESE) -> str:
        """The combination and its value in a few words: "Kings (3): 17", "Swords King-Queen-Knight: 10"; its
        trumps as the table's pack numbers them."""
        if isinstance(self.kind, Cricca):
            return f"{self.kind.label} ({len(self.cards)}): {self.value}"
        return f"{self.kind.label} {_run_text(self.kind, self.cards, numbering)}: {self.value}"

    @property
    def wilds(self) -> int:
        return sum(c.wild for c in self.cards)

    @classmethod
    def from_json(
        cls, data: Any, rules: OttocentoRules = DEFAULT_RULES, field: str = "combination", whose: str = "This"
    ) -> Combination:
        """Parse and check one combination; ``whose`` ("Seat 1's") begins the message of an ``InvalidHand``."""
        if type(data) is not dict or set(data) != {"kind", "cards"}:
            raise InvalidHand(field, 'Each combination is {"kind": …, "cards": [card codes]}.')
        kind = pick(KINDS, data["kind"], field, KIND_CHOICES)
        cards = _cards(data["cards"], field, f"{whose} {kind.title}", rules.numbering)
        found = problem(kind, cards, rules)
        if found is not None:
            raise InvalidHand(field, f"{whose} {kind.title}: {found}.")
        return cls(kind, tuple(sorted(cards, key=lambda c: (c.wild, c.order))))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind.id, "cards": [c.code for c in self.cards]}


def _cards(value: Any, field: str, what: str, numbering: Numbering) -> list[Card]:
    if type(value) is not list or not all(type(v) is str for v in value):
        raise InvalidHand(field, f"{what}: its cards are a list of card codes.")
    unknown = [v for v in value if v not in CARDS]
    if unknown:
        raise InvalidHand(field, f"{what}: there is no card {unknown[0]!r} in the Bolognese pack.")
    cards = [CARDS[v] for v in value]
    twice = next((c for i, c in enumerate(cards) if c in cards[:i]), None)
    if twice is not None:
        raise InvalidHand(field, f"{what}: {the(twice, numbering)} is listed twice.")
    return cards


def _run_text(kind: Sequence, cards: Seq[Card], numbering: Numbering) -> str:
    """The cards of a sequence in a few words: "King-Queen-Knight + Bégato", "Angel-World-Sun-…-5 (16 cards)"."""
    real = [c for c in cards if not c.wild]
    wild = "".join(f" + {c.short}" for c in cards if c.wild)
    if kind is Sequence.MOORS:
        return f"({len(real)}{wild})"
    names = [c.suit.label if kind is Sequence.ACES and c.suit else short(c, numbering) for c in real]
    if len(names) > 6:
        return "-".join(names[:3]) + "-…-" + names[-1] + wild + f" ({len(cards)} cards)"
    return "-".join(names) + wild


def problem(kind: Kind, cards: Seq[Card], rules: OttocentoRules) -> str | None:
    """What keeps these cards from making this combination, in words; ``None`` when they make one."""
    if isinstance(kind, Cricca):
        return _cricca_problem(kind, cards, rules.numbering)
    real = [c for c in cards if not c.wild]
    wilds = len(cards) - len(real)
    if kind is Sequence.GRANDE:
        return _grande_problem(real, wilds, rules)
    if kind.suit is not None:
        return _suit_problem(kind.suit, real, wilds, rules)
    return _set_problem(kind, real, wilds, rules.numbering)


def _cricca_problem(kind: Cricca, cards: Seq[Card], numbering: Numbering = Numbering.BOLOGNESE) -> str | None:
    """Three or four of the kind's own cards: a cricca takes no wild cards.

    >>> _cricca_problem(Cricca.KINGS, [CARDS["KS"], CARDS["KC"], CARDS["begato"]])
    'the Bégato is not one of the Kings (a cricca takes no wild cards)'
    """
    stray = next((c for c in cards if c.cricca != kind.id), None)
    if stray is not None:
        why = " (a cricca takes no wild cards)" if stray.wild else ""
        return f"{the(stray, numbering)} is not one of the {kind.label}{why}"
    if len(cards) < 3:
        return "a cricca is three or four of a kind"
    return None


def _set_problem(kind: Sequence, real: Seq[Card], wilds: int, numbering: Numbering) -> str | None:
    """Moors or Aces: three cards or more, at least two of them real (a wild card may make the third, or more)."""
    members = MOORS if kind is Sequence.MOORS else ACES
    stray = next((c for c in real if c not in members), None)
    if stray is not None:
        return f"{the(stray, numbering)} has no place in it: only {kind.label} and wild cards make one"
    if len(real) < 2:
        return f"it needs at least two real {kind.label}"
    if len(real) + wilds < 3:
        return "it needs at least three cards"
    return None


def _suit_problem(suit: Suit, real: Seq[Card], wilds: int, rules: OttocentoRules) -> str | None:
    """The real King, and two of Queen, Knight and Page (at least one real); the Ace joins once it is made.

    >>> _suit_problem(Suit.BATONS, [CARDS["KB"], CARDS["QB"], CARDS["AB"]], 2, OttocentoRules(max_wilds_in_suit=1))
    'this table allows only one wild card in a suit sequence'
    """
    stray = next((c for c in real if c.suit is not suit or c.short not in ("King", *COURTS, "Ace")), None)
    if stray is not None:
        return (
            f"{the(stray, rules.numbering)} has no place in it: "
            f"only the King, Queen, Knight, Page and Ace of {suit.label} make one"
        )
    if not any(c.short == "King" for c in real):
        return f"it needs the real King of {suit.label} at its head (a wild card cannot stand for it)"
    courts = sum(c.short in COURTS for c in real)
    if courts == 0:
        return f"it needs the Queen, Knight or Page of {suit.label} for real beside the King"
    if courts + wilds < 2:
        return (
            f"it needs two of the Queen, Knight and Page of {suit.label} beside the King "
            "(a wild card may stand for one); the Ace only joins a sequence already made"
        )
    if wilds > rules.max_wilds_in_suit:
        return "this table allows only one wild card in a suit sequence"
    return None


def _grande_ladder(rules: OttocentoRules) -> tuple[Card, ...]:
    """The Grande below its head, in order: World, Sun, Moon, 16 … 5, and (house rule) the Moors."""
    return OPENING + NUMBERED + (MOORS if rules.moors_after_grande else ())


def _grande_problem(real: Seq[Card], wilds: int, rules: OttocentoRules) -> str | None:
    """Head real; two of World, Sun and Moon (one real); the run from the 16 down, gaps filled by wild cards: one
    gap in all by the rules text, one gap each under the house rule (``grande_gaps``).

    With both wild cards the 13 is still cut off: two in a row may not stand for the 15 and the 14.

    >>> t = [CARDS[c] for c in ("angel", "world", "sun", "moon", "t16", "t13")]
    >>> print(_grande_problem(t, 1, DEFAULT_RULES))  # doctest: +ELLIPSIS
    the 13 is cut off (below the Moon the trumps run down from the 16, and one wild card in all may fill a gap...)
    >>> print(_grande_problem(t, 2, OttocentoRules(grande_gaps=2)))  # doctest: +ELLIPSIS
    the 13 is cut off (...)
    >>> _grande_problem(t[:5] + [CARDS["t14"]], 1, DEFAULT_RULES) is None   # one wild card for the 15
    True
    """
    ladder = _grande_ladder(rules)
    stray = next((c for c in real if c is not ANGEL and c not in ladder), None)
    if stray is not None:
        tail = " (this table does not add Moors after the 5)" if stray in MOORS else ""
        return f"{the(stray, rules.numbering)} has no place in it{tail}"
    if ANGEL not in real:
        return "it needs the real Angel at its head (a wild card cannot stand for it)"
    opening = sum(c in real for c in OPENING)
    if opening == 0:
        return "it needs at least one of the World, Sun and Moon for real"
    if opening + wilds < 2:
        return "it needs two of the World, Sun and Moon (a wild card may stand for one of them)"
    marks = _marks(ladder, real)
    if _grande_fits_somehow(marks, wilds, rules.grande_gaps):
        return None
    need = max(0, 2 - opening)  # a wild card standing for one of World, Sun and Moon fills a gap too
    reach = _reach(marks, max(0, min(wilds, rules.grande_gaps) - need))
    cut = next((ladder[i] for i in range(reach, len(ladder)) if marks[i]), None)
    top = short(NUMBERED[0], rules.numbering)
    fill = "each gap takes one wild card" if rules.grande_gaps > 1 else "one wild card in all may fill a gap"
    why = f"below the Moon the trumps run down from the {top}, and {fill}, never two in a row"
    return f"{the(cut, rules.numbering)} is cut off ({why})" if cut is not None else why


def _marks(ladder: Seq[Card], real: Seq[Card]) -> list[bool]:
    """Which places of the ladder hold a real card; Moors are alike, so the first ones are filled."""
    moors = sum(c in MOORS for c in real)
    return [c in real if c not in MOORS else MOORS.index(c) < moors for c in ladder]


def _reach(marks: Seq[bool], fills: int) -> int:
    """The first place below the Moon the run cannot reach, with up to ``fills`` single gaps filled: the cards
    from there on are cut off."""
    place = 3
    while place < len(marks):
        if not marks[place]:
            if not fills or place + 1 >= len(marks) or not marks[place + 1]:
                break
            fills -= 1
        place += 1
    return place


def _grande_fits_somehow(marks: list[bool], wilds: int, fills: int) -> bool:
    """Whether some way of placing at most ``fills`` wild cards in the gaps (the rest added at the end) makes a
    Grande."""
    gaps = [i for i, m in enumerate(marks) if not m]
    return any(
        _grande_fits(marks, set(placed), wilds - k)
        for k in range(min(wilds, len(gaps), fills) + 1)
        for placed in combinations(gaps, k)
    )


def _grande_fits(marks: list[bool], wild_at: set[int], added: int) -> bool:
    """One placement: two of the opening present, no card beyond the run's first gap, no two wilds mid-run."""
    places = ["real" if m else "wild" if i in wild_at else "" for i, m in enumerate(marks)]
    opening = [p for p in places[:3] if p]
    run = list(takewhile(bool, places[3:]))
    if len(opening) < 2 or any(places[3 + len(run) :]):
        return False
    members = opening + run + ["wild"] * added
    # Two wild cards in a row end the Grande: no real card may follow them.
    return not any(
        members[i] == members[i + 1] == "wild" and "real" in members[i + 2 :] for i in range(len(members) - 1)
    )


def cards_for(kind: Kind, rules: OttocentoRules = DEFAULT_RULES) -> tuple[Card, ...]:
    """The cards that may be part of a combination of this kind at this table, in pack order (wild cards last):
    what the hand form offers to tap.

    >>> [c.short for c in cards_for(Sequence.CUPS)]
    ['King', 'Queen', 'Knight', 'Page', 'Ace', 'Bégato', 'Matto']
    >>> len(cards_for(Sequence.GRANDE)), len(cards_for(Sequence.GRANDE, OttocentoRules(moors_after_grande=True)))
    (18, 22)
    """
    if isinstance(kind, Cricca):
        return kind.members
    wilds = tuple(c for c in PACK if c.wild)
    if kind is Sequence.GRANDE:
        return (ANGEL, *_grande_ladder(rules), *wilds)
    if kind.suit is not None:
        return (*(c for c in PACK if c.suit is kind.suit and c.short in ("King", *COURTS, "Ace")), *wilds)
    return (*(MOORS if kind is Sequence.MOORS else ACES), *wilds)


def combo(kind: str, *codes: str, rules: OttocentoRules = DEFAULT_RULES) -> Combination:
    """A checked combination from its kind and card codes, for tests and the shell.

    >>> combo("moors", "moor1", "moor2", "begato").value
    10
    """
    return Combination.from_json({"kind": kind, "cards": list(codes)}, rules)
