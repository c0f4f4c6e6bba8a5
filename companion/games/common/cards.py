"""The 78 cards of the pack: codes, card points and rank order.

>>> card("CC").name
'Cavalier of Clubs'
>>> card("xxi").points, card("7h").points
(5, 1)
>>> len(PACK), sum(c.points for c in PACK)
(78, 130)
"""

from __future__ import annotations

from dataclasses import dataclass

from .enums import GameEnum
from .words import N_, _

ROMAN = [
    "I",
    "II",
    "III",
    "IV",
    "V",
    "VI",
    "VII",
    "VIII",
    "IX",
    "X",
    "XI",
    "XII",
    "XIII",
    "XIV",
    "XV",
    "XVI",
    "XVII",
    "XVIII",
    "XIX",
    "XX",
    "XXI",
]


class Suit(GameEnum):
    """A symbol suit; one of them is named young trumps each hand."""

    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"

    @property
    def letter(self) -> str:
        return self.name[0]

    @property
    def label(self) -> str:
        """The suit's name in the reader's language: "Clubs"."""
        return _(_SUIT_NAMES[self.value])

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def symbol(self) -> str:
        return {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}[self.value]


class Rank(GameEnum):
    """Ranks of a symbol suit; ``value`` is the letter used in card codes."""

    KING = "K"
    QUEEN = "Q"
    CAVALIER = "C"
    JACK = "J"
    TEN = "T"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"
    SIX = "6"
    FIVE = "5"
    FOUR = "4"
    THREE = "3"
    TWO = "2"
    ONE = "1"

    @property
    def is_court(self) -> bool:
        return self in COURTS

    @property
    def points(self) -> int:
        return {Rank.KING: 5, Rank.QUEEN: 4, Rank.CAVALIER: 3, Rank.JACK: 2}.get(self, 1)

    @property
    def label(self) -> str:
        """A court's name in the reader's language ("King"), a pip's number ("10")."""
        if self.is_court:
            return _(_COURT_NAMES[self.value])
        return "10" if self is Rank.TEN else self.value


#: The words the suits and courts are said in, marked for the catalogue (said with ``_`` where shown).
_SUIT_NAMES = {"clubs": N_("Clubs"), "diamonds": N_("Diamonds"), "hearts": N_("Hearts"), "spades": N_("Spades")}
_COURT_NAMES = {"K": N_("King"), "Q": N_("Queen"), "C": N_("Cavalier"), "J": N_("Jack")}
#: A suit card's name, a whole phrase for each suit (a language may join the two its own way).
_OF_SUIT = {
    "clubs": N_("%(rank)s of Clubs"),
    "diamonds": N_("%(rank)s of Diamonds"),
    "hearts": N_("%(rank)s of Hearts"),
    "spades": N_("%(rank)s of Spades"),
}

COURTS = (Rank.KING, Rank.QUEEN, Rank.CAVALIER, Rank.JACK)
PIPS_HIGH_TO_LOW = tuple(r for r in Rank if r not in COURTS)


@dataclass(frozen=True, slots=True)
class Card:
    """One card: an old trump (``number`` 0 for the Fool, 1–21) or a suit card."""

    code: str
    points: int
    suit: Suit | None = None
    rank: Rank | None = None
    number: int | None = None

    @property
    def is_old_trump(self) -> bool:
        return self.suit is None

    @property
    def name(self) -> str:
        """The card's name in the reader's language."""
        if self.number == 0:
            return _("the Fool")
        if self.is_old_trump:
            return _("the Pagat (I)") if self.number == 1 else _("old trump %(number)s", number=self.code)
        assert self.rank is not None and self.suit is not None  # a suit card has both
        return _(_OF_SUIT[self.suit.value], rank=self.rank.label)

    @property
    def short(self) -> str:
        """The card as the hand form shows it: a rank and a suit symbol, or an old trump's number.

        >>> card("TC").short, card("KS").short, card("XXI").short
        ('10♣', 'K♠', 'XXI')
        """
        if self.is_old_trump:
            return self.code
        assert self.rank is not None and self.suit is not None  # a suit card has both
        return f"{self.rank.value if self.rank.is_court else self.rank.label}{self.suit.symbol}"

    def __str__(self) -> str:
        return self.code


def _old_trump(number: int) -> Card:
    code = "F" if number == 0 else ROMAN[number - 1]
    points = 5 if number in (0, 1, 21) else 1
    return Card(code, points, number=number)


#: Old trumps from the Fool (highest) down to the Pagat.
OLD_TRUMPS = tuple(_old_trump(n) for n in (0, *range(21, 0, -1)))
#: The trull: the Fool, XXI and the Pagat.
TRULL = ("F", "XXI", "I")


def suit_cards(suit: Suit) -> tuple[Card, ...]:
    """A suit's 14 cards in rank order, highest first (red pips run 1 up to T)."""
    pips = tuple(reversed(PIPS_HIGH_TO_LOW)) if suit.is_red else PIPS_HIGH_TO_LOW
    return tuple(Card(f"{rank.value}{suit.letter}", rank.points, suit=suit, rank=rank) for rank in (*COURTS, *pips))


PACK: tuple[Card, ...] = OLD_TRUMPS + tuple(c for s in Suit for c in suit_cards(s))
BY_CODE: dict[str, Card] = {c.code: c for c in PACK}
#: Every card's points, highest first: ``most_points`` reads the top of it.
_POINTS_HIGH_FIRST = tuple(sorted((c.points for c in PACK), reverse=True))


def most_points(count: int) -> int:
    """The most card points any ``count`` cards of the pack can hold: the highest-valued ones.

    Seven cards are worth 5 (the Fool, XXI, the Pagat and the four Kings), then the four Queens 4:

    >>> most_points(2), most_points(4), most_points(6), most_points(8)
    (10, 20, 30, 39)
    """
    return sum(_POINTS_HIGH_FIRST[:count])


def card(code: str) -> Card:
    """The card with this code; accepts lower case and ``10`` for ``T``.

    >>> card("10d").code
    'TD'
    """
    key = code.strip().upper() if isinstance(code, str) else ""
    if key.startswith("10") and len(key) == 3:
        key = "T" + key[2]
    try:
        return BY_CODE[key]
    except KeyError:
        raise KeyError(code) from None
