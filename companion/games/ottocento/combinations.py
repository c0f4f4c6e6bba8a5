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

from ..common.words import N_, _
from ._common import InvalidHand
from .cards import ACES, ANGEL, CARDS, MOON, MOORS, NUMBERED, PACK, SUN, WORLD, Card, Numbering, Suit, short, the
from .house import DEFAULT_RULES, OttocentoRules

#: Three or more different cricche (or sequences) score double.
DOUBLING_AT = 3
#: The top of the Grande after its head: two of these three open it.
OPENING = (WORLD, SUN, MOON)
COURTS = ("Queen", "Knight", "Page")


class Cricca(Enum):
    """(id, name, title, three, four): three or four of a kind, never with a wild card. The words are English,
    said with ``_`` where shown."""

    TAROCCHI = ("tarocchi", N_("Tarocchi"), N_("cricca of Tarocchi"), 18, 36)
    KINGS = ("kings", N_("Kings"), N_("cricca of Kings"), 17, 34)
    QUEENS = ("queens", N_("Queens"), N_("cricca of Queens"), 14, 28)
    KNIGHTS = ("knights", N_("Knights"), N_("cricca of Knights"), 13, 26)
    PAGES = ("pages", N_("Pages"), N_("cricca of Pages"), 12, 24)

    def __init__(self, id_: str, label: str, title: str, three: int, four: int):
        self.id = id_
        self.label = label
        #: The combination in a sentence: "cricca of Kings".
        self.title = title
        self.three = three
        self.four = four

    @property
    def members(self) -> tuple[Card, ...]:
        """The four cards of the kind (for the tarocchi: Angel, World, Bégato, Matto)."""
        return tuple(c for c in PACK if c.cricca == self.id)

    def worth(self, size: int) -> int:
        return self.four if size == 4 else self.three


class Sequence(Enum):
    """(id, name, title, suit, what makes one): runs worth 10 for three cards and 5 for each further card. The
    words are English, said with ``_`` where shown."""

    GRANDE = ("grande", N_("Grande"), N_("Grande"), None, N_(
        "the Angel for real, two of World, Sun and Moon (one of them real), then the 16 down to the 5 without a gap"
    ))  # fmt: skip
    SWORDS = ("swords", N_("Swords"), N_("Swords sequence"), Suit.SWORDS, N_(
        "the King of Swords for real, two of its Queen, Knight and Page (one of them real); then its Ace may join"
    ))  # fmt: skip
    BATONS = ("batons", N_("Batons"), N_("Batons sequence"), Suit.BATONS, N_(
        "the King of Batons for real, two of its Queen, Knight and Page (one of them real); then its Ace may join"
    ))  # fmt: skip
    CUPS = ("cups", N_("Cups"), N_("Cups sequence"), Suit.CUPS, N_(
        "the King of Cups for real, two of its Queen, Knight and Page (one of them real); then its Ace may join"
    ))  # fmt: skip
    COINS = ("coins", N_("Coins"), N_("Coins sequence"), Suit.COINS, N_(
        "the King of Coins for real, two of its Queen, Knight and Page (one of them real); then its Ace may join"
    ))  # fmt: skip
    MOORS = ("moors", N_("Moors"), N_("Moors sequence"), None, N_("three Moors or more, two of them real"))
    ACES = ("aces", N_("Aces"), N_("Aces sequence"), None, N_("three Aces or more, two of them real"))

    def __init__(self, id_: str, label: str, title: str, suit: Suit | None, needs: str):
        self.id = id_
        self.label = label
        #: The combination in a sentence: "Swords sequence", "Grande".
        self.title = title
        self.suit = suit
        self.needs = needs


Kind = Cricca | Sequence
#: Every kind by id, in the order a player's or a side's combinations are kept: the cricche, then the sequences.
KINDS: dict[str, Kind] = {k.id: k for k in (*Cricca, *Sequence)}
ORDER: tuple[Kind, ...] = tuple(KINDS.values())


def kind_choices() -> str:
    """The kinds a combination may be, by id, in the reader's language: what a wrong kind is told."""
    return _(
        "a cricca (%(cricche)s) or a sequence (%(sequences)s)",
        cricche=", ".join(c.id for c in Cricca),
        sequences=", ".join(s.id for s in Sequence),
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
        kind = _(self.kind.label)
        if isinstance(self.kind, Cricca):
            return _("%(kind)s (%(count)d): %(points)d", kind=kind, count=len(self.cards), points=self.value)
        cards = _run_text(self.kind, self.cards, numbering)
        return _("%(kind)s %(cards)s: %(points)d", kind=kind, cards=cards, points=self.value)

    @property
    def wilds(self) -> int:
        return sum(c.wild for c in self.cards)

    @classmethod
    def from_json(
        cls,
        data: Any,
        rules: OttocentoRules = DEFAULT_RULES,
        field: str = "combination",
        whose: str | None = None,
        *,
        owner: str | None = None,
    ) -> Combination:
        """Parse and check one combination; an ``InvalidHand``'s message begins with the combination, its
        ``owner``'s (a player or side: "Seat 1", "Ann & Cat") or else "This …".

        ``whose`` is the owner as English once said it ("Seat 1's"), for a caller not yet passing ``owner``.
        """
        if type(data) is not dict or set(data) != {"kind", "cards"}:
            raise InvalidHand(field, _('Each combination is {"kind": …, "cards": [card codes]}.'))
        kind = KINDS.get(data["kind"]) if type(data["kind"]) is str else None
        if kind is None:  # the kinds are listed (and said) only for a refusal: not for every hand read
            raise InvalidHand(field, _("Choose %(choices)s.", choices=kind_choices()))
        if owner is None and whose not in (None, "This"):
            owner = whose.removesuffix("'s")
        what = _("This %(kind)s", kind=_(kind.title)) if owner is None else _owners(kind, owner)
        cards = _cards(data["cards"], field, what, rules.numbering)
        found = problem(kind, cards, rules)
        if found is not None:
            raise InvalidHand(field, _("%(what)s: %(problem)s.", what=what, problem=found))
        return cls(kind, tuple(sorted(cards, key=lambda c: (c.wild, c.order))))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind.id, "cards": [c.code for c in self.cards]}


def _owners(kind: Kind, owner: str) -> str:
    """A player's or side's combination, to begin a sentence: "Seat 1's cricca of Kings"."""
    return _("%(owner)s's %(kind)s", owner=owner, kind=_(kind.title))


def _cards(value: Any, field: str, what: str, numbering: Numbering) -> list[Card]:
    if type(value) is not list or not all(type(v) is str for v in value):
        raise InvalidHand(field, _("%(what)s: its cards are a list of card codes.", what=what))
    unknown = [v for v in value if v not in CARDS]
    if unknown:
        raise InvalidHand(
            field, _("%(what)s: there is no card %(code)s in the Bolognese pack.", what=what, code=repr(unknown[0]))
        )
    cards = [CARDS[v] for v in value]
    twice = next((c for i, c in enumerate(cards) if c in cards[:i]), None)
    if twice is not None:
        raise InvalidHand(field, _("%(what)s: %(card)s is listed twice.", what=what, card=the(twice, numbering)))
    return cards


def _run_text(kind: Sequence, cards: Seq[Card], numbering: Numbering) -> str:
    """The cards of a sequence in a few words: "King-Queen-Knight + Bégato", "Angel-World-Sun-…-5 (16 cards)"."""
    real = [c for c in cards if not c.wild]
    wild = "".join(f" + {short(c, numbering)}" for c in cards if c.wild)
    if kind is Sequence.MOORS:
        return f"({len(real)}{wild})"
    names = [_(c.suit.label) if kind is Sequence.ACES and c.suit else short(c, numbering) for c in real]
    if len(names) > 6:
        run = "-".join(names[:3]) + "-…-" + names[-1] + wild
        return _("%(run)s (%(count)d cards)", run=run, count=len(cards))
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
        card, label = the(stray, numbering), _(kind.label)
        if stray.wild:
            return _("%(card)s is not one of the %(kind)s (a cricca takes no wild cards)", card=card, kind=label)
        return _("%(card)s is not one of the %(kind)s", card=card, kind=label)
    if len(cards) < 3:
        return _("a cricca is three or four of a kind")
    return None


def _set_problem(kind: Sequence, real: Seq[Card], wilds: int, numbering: Numbering) -> str | None:
    """Moors or Aces: three cards or more, at least two of them real (a wild card may make the third, or more)."""
    members = MOORS if kind is Sequence.MOORS else ACES
    stray = next((c for c in real if c not in members), None)
    if stray is not None:
        return _(
            "%(card)s has no place in it: only %(kind)s and wild cards make one",
            card=the(stray, numbering),
            kind=_(kind.label),
        )
    if len(real) < 2:
        return _("it needs at least two real %(kind)s", kind=_(kind.label))
    if len(real) + wilds < 3:
        return _("it needs at least three cards")
    return None


def _suit_problem(suit: Suit, real: Seq[Card], wilds: int, rules: OttocentoRules) -> str | None:
    """The real King, and two of Queen, Knight and Page (at least one real); the Ace joins once it is made.

    >>> _suit_problem(Suit.BATONS, [CARDS["KB"], CARDS["QB"], CARDS["AB"]], 2, OttocentoRules(max_wilds_in_suit=1))
    'this table allows only one wild card in a suit sequence'
    """
    stray = next((c for c in real if c.suit is not suit or c.short not in ("King", *COURTS, "Ace")), None)
    said = _(suit.label)
    if stray is not None:
        return _(
            "%(card)s has no place in it: only the King, Queen, Knight, Page and Ace of %(suit)s make one",
            card=the(stray, rules.numbering),
            suit=said,
        )
    if not any(c.short == "King" for c in real):
        return _("it needs the real King of %(suit)s at its head (a wild card cannot stand for it)", suit=said)
    courts = sum(c.short in COURTS for c in real)
    if courts == 0:
        return _("it needs the Queen, Knight or Page of %(suit)s for real beside the King", suit=said)
    if courts + wilds < 2:
        return _(
            "it needs two of the Queen, Knight and Page of %(suit)s beside the King (a wild card may stand for one); "
            "the Ace only joins a sequence already made",
            suit=said,
        )
    if wilds > rules.max_wilds_in_suit:
        return _("this table allows only one wild card in a suit sequence")
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
        card = the(stray, rules.numbering)
        if stray in MOORS:
            return _("%(card)s has no place in it (this table does not add Moors after the 5)", card=card)
        return _("%(card)s has no place in it", card=card)
    if ANGEL not in real:
        return _("it needs the real Angel at its head (a wild card cannot stand for it)")
    opening = sum(c in real for c in OPENING)
    if opening == 0:
        return _("it needs at least one of the World, Sun and Moon for real")
    if opening + wilds < 2:
        return _("it needs two of the World, Sun and Moon (a wild card may stand for one of them)")
    marks = _marks(ladder, real)
    if _grande_fits_somehow(marks, wilds, rules.grande_gaps):
        return None
    need = max(0, 2 - opening)  # a wild card standing for one of World, Sun and Moon fills a gap too
    reach = _reach(marks, max(0, min(wilds, rules.grande_gaps) - need))
    cut = next((ladder[i] for i in range(reach, len(ladder)) if marks[i]), None)
    top = short(NUMBERED[0], rules.numbering)
    if rules.grande_gaps > 1:
        why = _(
            "below the Moon the trumps run down from the %(top)s, and each gap takes one wild card, never two in a row",
            top=top,
        )
    else:
        why = _(
            "below the Moon the trumps run down from the %(top)s, and one wild card in all may fill a gap, never two "
            "in a row",
            top=top,
        )
    return _("%(card)s is cut off (%(why)s)", card=the(cut, rules.numbering), why=why) if cut is not None else why


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
