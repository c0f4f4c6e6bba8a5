"""The Bolognese pack of 62 cards: codes, names and card points.

The trumps from the top: Angel, World, Sun, Moon, then 16 down to 5, then
the four Moors (equal in rank, unnumbered), then the Bégato (the lowest
trump, the 1). The Matto is the excuse and belongs to no suit. The Angel,
World, Bégato and Matto are the four *tarocchi*. Each suit keeps King,
Queen, Knight, Page, 10 down to 6 and the Ace (its 2 to 5 are left out).

>>> len(PACK), sum(c.points for c in PACK)
(62, 118)
>>> card("angel").label, card("NS").label, card("AD").label, card("moor2").label
('Angel', 'Knight of Swords', 'Ace of Coins', 'second Moor')

Card points count in pairs, one off each pair (Barilli: the Bégato with a
Knight is 5 + 3 - 1 = 7):

>>> card_points([card("begato"), card("NS")]), card_points(PACK)
(7, 87)

A table may play with a 78-card pack numbered 1 to 21: its trumps are the same cards, one number higher
(the 21 heads the Grande as the Angel, the 5 to 2 are the Moors), so only what the players see changes:

>>> [label(card(c), Numbering.MODERN) for c in ("angel", "t16", "t5", "moor1", "begato", "matto")]
['Angel (21)', '17', '6', 'first Moor (2)', 'Bégato (1)', 'Matto']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from ..common.words import N_, _

#: Card points in the whole pack, counted in pairs; the last trick adds 6 more.
PACK_POINTS = 87
LAST_TRICK = 6


class Numbering(Enum):
    """How the table's pack numbers its trumps."""

    #: The Bolognese pack: the 16 down to the 5 and the Bégato (1); the top four and the Moors unnumbered.
    BOLOGNESE = "bolognese"
    #: A 78-card pack numbered 1 to 21 (a modern Italian tarocco): every trump one higher, the Moors 2 to 5.
    MODERN = "modern"


class Suit(Enum):
    """(letter used in card codes, name, a card of it): the words in English, said with ``_`` where shown."""

    SWORDS = ("S", N_("Swords"), N_("%(rank)s of Swords"))
    BATONS = ("B", N_("Batons"), N_("%(rank)s of Batons"))
    CUPS = ("C", N_("Cups"), N_("%(rank)s of Cups"))
    COINS = ("D", N_("Coins"), N_("%(rank)s of Coins"))  # D for denari, so that Cups keep the C

    def __init__(self, letter: str, label: str, of: str):
        self.letter = letter
        self.label = label
        #: A card of the suit by its rank: a whole phrase for each suit, so that a language joins them its own way.
        self.of = of


@dataclass(frozen=True)
class Card:
    """One card. ``short`` names it within its own combination ("Queen", "16", "Moor");
    ``cricca`` is the kind of cricca it can join (``"kings"``…), if any. ``label`` and ``short`` are English (the
    rules test them); ``label``, ``short`` and ``the`` below say them in the reader's language."""

    code: str
    label: str
    short: str
    points: int
    #: Place in the pack, top trump first: combinations list their cards in this order.
    order: int
    suit: Suit | None = None
    cricca: str | None = None
    #: The Bégato and the Matto (the *contatori*) stand in for missing cards of a sequence.
    wild: bool = False

    @property
    def the(self) -> str:
        """The card's name in a sentence: "the King of Swords", "the 16", "the second Moor"."""
        return the(self, Numbering.BOLOGNESE)

    def __repr__(self) -> str:
        return f"card({self.code!r})"


def _trumps() -> list[Card]:
    cards = [
        Card("angel", N_("Angel"), N_("Angel"), 5, 0, cricca="tarocchi"),
        Card("world", N_("World"), N_("World"), 5, 1, cricca="tarocchi"),
        Card("sun", N_("Sun"), N_("Sun"), 1, 2),
        Card("moon", N_("Moon"), N_("Moon"), 1, 3),
    ]
    cards += [Card(f"t{n}", str(n), str(n), 1, 20 - n) for n in range(16, 4, -1)]
    moors = (N_("first Moor"), N_("second Moor"), N_("third Moor"), N_("fourth Moor"))
    cards += [Card(f"moor{i + 1}", moors[i], N_("Moor"), 1, 16 + i) for i in range(4)]
    cards += [
        Card("begato", N_("Bégato"), N_("Bégato"), 5, 20, cricca="tarocchi", wild=True),
        Card("matto", N_("Matto"), N_("Matto"), 5, 21, cricca="tarocchi", wild=True),
    ]
    return cards


#: (code letter, name, card points, cricca) of the suit cards, highest court first.
_SUIT_RANKS = (
    ("K", N_("King"), 5, "kings"),
    ("Q", N_("Queen"), 4, "queens"),
    ("N", N_("Knight"), 3, "knights"),
    ("P", N_("Page"), 2, "pages"),
    *((str(n), str(n), 1, None) for n in range(10, 5, -1)),
    ("A", N_("Ace"), 1, None),
)


def _suit_cards() -> list[Card]:
    cards = []
    for s, suit in enumerate(Suit):
        for r, (letter, name, points, cricca) in enumerate(_SUIT_RANKS):
            order = 22 + 10 * s + r
            cards.append(Card(letter + suit.letter, f"{name} of {suit.label}", name, points, order, suit, cricca))
    return cards


PACK: tuple[Card, ...] = tuple(_trumps() + _suit_cards())
CARDS: dict[str, Card] = {c.code: c for c in PACK}

ANGEL, WORLD, SUN, MOON = (CARDS[c] for c in ("angel", "world", "sun", "moon"))
#: The numbered trumps, from the 16 down to the 5.
NUMBERED = tuple(CARDS[f"t{n}"] for n in range(16, 4, -1))
MOORS = tuple(c for c in PACK if c.short == "Moor")
ACES = tuple(c for c in PACK if c.short == "Ace")
WILDS = tuple(c for c in PACK if c.wild)


#: What a pack numbered 1 to 21 prints on each trump (the Matto has no number).
MODERN_NUMBERS: dict[str, int] = {
    "angel": 21,
    "world": 20,
    "sun": 19,
    "moon": 18,
    **{f"t{n}": n + 1 for n in range(16, 4, -1)},
    **{f"moor{i}": i + 1 for i in range(1, 5)},
    "begato": 1,
}


def printed(c: Card, numbering: Numbering) -> int | None:
    """The number on this trump in the table's pack, if it has one."""
    if numbering is Numbering.MODERN:
        return MODERN_NUMBERS.get(c.code)
    return 1 if c.code == "begato" else int(c.short) if c.short.isdigit() else None


def _said(word: str) -> str:
    """A card's word in the reader's language; a number is a number."""
    return word if word.isdigit() else _(word)


def _name(c: Card) -> str:
    """The card's name in the reader's language, as the Bolognese pack shows it: "King of Swords", "16"."""
    if c.suit is not None:
        return _(c.suit.of, rank=_said(c.short))
    return _said(c.label)


def label(c: Card, numbering: Numbering) -> str:
    """The card's name as the table's pack shows it, in the reader's language: "16" (or "17"), "Angel (21)",
    "King of Swords"."""
    number = printed(c, numbering) if numbering is Numbering.MODERN else None
    if number is None:
        return _name(c)
    return str(number) if c.short.isdigit() else f"{_name(c)} ({number})"


def short(c: Card, numbering: Numbering) -> str:
    """The card within a sequence's run, as the table's pack numbers it, in the reader's language: "16" (or "17"),
    "Angel", "Queen"."""
    number = printed(c, numbering)
    return str(number) if c.short.isdigit() and number is not None else _said(c.short)


#: Each named card in a sentence, a whole phrase each (a language's article goes with the card: "la Dame",
#: "l'Asso"). The numbered cards below, by their number.
_THE = {
    "angel": N_("the Angel"),
    "world": N_("the World"),
    "sun": N_("the Sun"),
    "moon": N_("the Moon"),
    "moor1": N_("the first Moor"),
    "moor2": N_("the second Moor"),
    "moor3": N_("the third Moor"),
    "moor4": N_("the fourth Moor"),
    "begato": N_("the Bégato"),
    "matto": N_("the Matto"),
    **dict(
        zip(
            (f"{rank}{suit}" for suit in "SBCD" for rank in "KQNPA8"),
            (
                *(N_("the King of Swords"), N_("the Queen of Swords"), N_("the Knight of Swords")),
                *(N_("the Page of Swords"), N_("the Ace of Swords"), N_("the 8 of Swords")),
                *(N_("the King of Batons"), N_("the Queen of Batons"), N_("the Knight of Batons")),
                *(N_("the Page of Batons"), N_("the Ace of Batons"), N_("the 8 of Batons")),
                *(N_("the King of Cups"), N_("the Queen of Cups"), N_("the Knight of Cups")),
                *(N_("the Page of Cups"), N_("the Ace of Cups"), N_("the 8 of Cups")),
                *(N_("the King of Coins"), N_("the Queen of Coins"), N_("the Knight of Coins")),
                *(N_("the Page of Coins"), N_("the Ace of Coins"), N_("the 8 of Coins")),
            ),
            strict=True,
        )
    ),
}
#: A numbered suit card in a sentence (the 8, whose article some languages elide, is named above).
_THE_NUMBER_OF = {
    Suit.SWORDS: N_("the %(number)s of Swords"),
    Suit.BATONS: N_("the %(number)s of Batons"),
    Suit.CUPS: N_("the %(number)s of Cups"),
    Suit.COINS: N_("the %(number)s of Coins"),
}
#: A numbered trump in a sentence, as its pack numbers it; the 8 and the 11 on their own (Italian: "l'8").
_THE_TRUMP = {8: N_("the 8"), 11: N_("the 11")}
_THE_NUMBER = N_("the %(number)s")


def the(c: Card, numbering: Numbering) -> str:
    """The card in a sentence, as the table's pack shows it, in the reader's language: "the 13" (or "the 14"),
    "the Angel (21)".

    >>> the(card("t8"), Numbering.BOLOGNESE), the(card("t7"), Numbering.MODERN), the(card("moor1"), Numbering.MODERN)
    ('the 8', 'the 8', 'the first Moor (2)')
    """
    number = printed(c, numbering)
    if c.suit is None and c.short.isdigit() and number is not None:  # a numbered trump
        return _(_THE_TRUMP.get(number, _THE_NUMBER), number=number)
    if c.code in _THE:
        said = _(_THE[c.code])
        return said if number is None or numbering is Numbering.BOLOGNESE else f"{said} ({number})"
    assert c.suit is not None  # a numbered suit card
    return _(_THE_NUMBER_OF[c.suit], number=c.short)


def card(code: str) -> Card:
    """The card with this code; ``KeyError`` for an unknown code."""
    return CARDS[code]


def card_points(cards: Iterable[Card]) -> int:
    """A pile's card points: its cards' values less one for each pair.

    Every pile at the end of a hand has an even number of cards (tricks of
    four, and the dealer's two discards), so the count is whole.
    """
    pile = list(cards)
    if len(pile) % 2:
        raise ValueError("Card points are counted over an even number of cards.")
    return sum(c.points for c in pile) - len(pile) // 2


def lowest_points(cards: Iterable[Card]) -> int:
    """The fewest card points a pile holding these cards can be worth.

    Every other card in the pile adds at least half a point, and an odd
    number of known cards needs one more card to pair with.

    >>> lowest_points([card("KS"), card("AS"), card("t7")])   # with a fourth card: 5 + 1 + 1 + 1 - 2
    6
    """
    pile = set(cards)
    return sum(c.points for c in pile) - len(pile) // 2
