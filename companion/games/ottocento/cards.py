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
    """(letter used in card codes, name)."""

    SWORDS = ("S", "Swords")
    BATONS = ("B", "Batons")
    CUPS = ("C", "Cups")
    COINS = ("D", "Coins")  # D for denari, so that Cups keep the C

    def __init__(self, letter: str, label: str):
        self.letter = letter
        self.label = label


@dataclass(frozen=True)
class Card:
    """One card. ``short`` names it within its own combination ("Queen", "16", "Moor");
    ``cricca`` is the kind of cricca it can join (``"kings"``…), if any."""

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
        return f"the {self.label}"

    def __repr__(self) -> str:
        return f"card({self.code!r})"


def _trumps() -> list[Card]:
    cards = [
        Card("angel", "Angel", "Angel", 5, 0, cricca="tarocchi"),
        Card("world", "World", "World", 5, 1, cricca="tarocchi"),
        Card("sun", "Sun", "Sun", 1, 2),
        Card("moon", "Moon", "Moon", 1, 3),
    ]
    cards += [Card(f"t{n}", str(n), str(n), 1, 20 - n) for n in range(16, 4, -1)]
    ordinals = ("first", "second", "third", "fourth")
    cards += [Card(f"moor{i + 1}", f"{ordinals[i]} Moor", "Moor", 1, 16 + i) for i in range(4)]
    cards += [
        Card("begato", "Bégato", "Bégato", 5, 20, cricca="tarocchi", wild=True),
        Card("matto", "Matto", "Matto", 5, 21, cricca="tarocchi", wild=True),
    ]
    return cards


#: (code letter, name, card points, cricca) of the suit cards, highest court first.
_SUIT_RANKS = (
    ("K", "King", 5, "kings"),
    ("Q", "Queen", 4, "queens"),
    ("N", "Knight", 3, "knights"),
    ("P", "Page", 2, "pages"),
    *((str(n), str(n), 1, None) for n in range(10, 5, -1)),
    ("A", "Ace", 1, None),
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


def label(c: Card, numbering: Numbering) -> str:
    """The card's name as the table's pack shows it: "16" (or "17"), "Angel (21)", "King of Swords"."""
    if numbering is Numbering.BOLOGNESE:
        return c.label
    number = printed(c, numbering)
    if number is None:
        return c.label
    return str(number) if c.short.isdigit() else f"{c.label} ({number})"


def short(c: Card, numbering: Numbering) -> str:
    """The card within a sequence's run, as the table's pack numbers it: "16" (or "17"), "Angel", "Queen"."""
    number = printed(c, numbering)
    return str(number) if c.short.isdigit() and number is not None else c.short


def the(c: Card, numbering: Numbering) -> str:
    """The card in a sentence, as the table's pack shows it: "the 13" (or "the 14")."""
    return f"the {label(c, numbering)}"


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
