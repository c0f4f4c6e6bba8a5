"""Early French Tarot, a reconstruction for four players each for themselves: a hand record, its checks, its score
with the working, and how the game ends and is settled.

Each player is dealt 12 cards and the rest of the pack is set aside. After the 12 tricks each player scores one
point for each card won over 12 (one off for each under), plus the scoring cards in their pile: a Page 1, a Knight 2,
a Queen 3, a King 4, the Magician 4, the World 4 and the Fool 5. Every trick holds four cards whatever happens to the
Fool, so the record takes tricks won and the count is 4 × tricks − 12. The count adds up to nothing across the table
but the scoring cards do not, so a hand is NOT zero-sum. Play goes on until someone's total reaches 50.

>>> hand = EarlyFrenchHand.from_json({"tricks": [5, 3, 3, 1], "kings": [1, 0, 1, 0], "queens": [1, 0, 0, 0],
...     "knights": [0, 1, 0, 0], "pages": [0, 0, 2, 0], "magician": 0, "world": 1, "fool": 3})
>>> score(hand).net
(19, 6, 6, -3)
>>> winner([51, 51, 8, 0]) is None, winner([56, 51, 8, 0])
(True, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..common import InvalidHand
from ..common.parse import seat
from ..common.words import N_, _, ngettext

GAME_ID = "early-french"
NAME = N_("Early French Tarot")
SEATS = 4
#: Cards dealt to each player, and so tricks in a hand; a player's count is measured from this many cards.
CARDS_EACH = 12
TRICKS = 12
#: The game ends when someone's running total reaches this.
TARGET = 50


class Honour(Enum):
    """(id, name, plural, points, copies): the cards that score besides the count.

    The id is the record's field. The four court ranks are in each suit; the three trumps exist once.
    """

    PAGE = ("pages", "Page", N_("Pages"), 1, 4)
    KNIGHT = ("knights", "Knight", N_("Knights"), 2, 4)
    QUEEN = ("queens", "Queen", N_("Queens"), 3, 4)
    KING = ("kings", "King", N_("Kings"), 4, 4)
    MAGICIAN = ("magician", N_("the Magician (I)"), N_("the Magician (I)"), 4, 1)
    WORLD = ("world", N_("the World (XXI)"), N_("the World (XXI)"), 4, 1)
    FOOL = ("fool", N_("the Fool"), N_("the Fool"), 5, 1)

    def __init__(self, id_: str, label: str, plural: str, points: int, copies: int):
        self.id = id_
        self.label = label
        self.plural = plural
        self.points = points
        self.copies = copies

    @property
    def is_court(self) -> bool:
        """A court card of the suits, of which there are four: recorded as a count for each player."""
        return self.copies > 1


COURTS = tuple(h for h in Honour if h.is_court)
TRUMPS = tuple(h for h in Honour if not h.is_court)
#: All the scoring cards together, when every one of them is dealt (53).
HONOURS_MOST = sum(h.points * h.copies for h in Honour)
FIELDS = {"tricks"} | {h.id for h in Honour}


@dataclass(frozen=True)
class EarlyFrenchHand:
    """One hand as entered: the tricks each player won, and the scoring cards in each player's pile at the end.

    The courts are counts per seat; each trump is the seat that ends with it, or None when it was set aside.
    """

    tricks: tuple[int, ...]
    pages: tuple[int, ...] = (0,) * SEATS
    knights: tuple[int, ...] = (0,) * SEATS
    queens: tuple[int, ...] = (0,) * SEATS
    kings: tuple[int, ...] = (0,) * SEATS
    magician: int | None = None
    world: int | None = None
    fool: int | None = None

    def held(self, honour: Honour) -> tuple[int, ...]:
        """How many of ``honour`` each seat holds at the end."""
        value = getattr(self, honour.id)
        if honour.is_court:
            assert isinstance(value, tuple)
            return value
        return tuple(1 if value == s else 0 for s in range(SEATS))

    @property
    def cards_won(self) -> tuple[int, ...]:
        return tuple(4 * t for t in self.tricks)

    @classmethod
    def from_json(cls, data: Any, stored: bool = False) -> EarlyFrenchHand:
        """Parse and check a hand; raises ``InvalidHand`` naming the field at fault.

        ``stored`` (a hand as it was saved) reads the same: no check has come since the first.
        """
        if type(data) is not dict:
            raise InvalidHand("hand", _("A hand must be a JSON object."))
        unknown = sorted(set(data) - FIELDS)
        if unknown:
            raise InvalidHand(
                unknown[0], _("An Early French Tarot hand has no field %(field)s.", field=repr(unknown[0]))
            )
        tricks = _tricks(data.get("tricks"))
        court = {h: _court_counts(data.get(h.id), h) for h in COURTS}
        trump = {h: _trump_holder(data.get(h.id), h) for h in TRUMPS}
        hand = cls(
            tricks, court[Honour.PAGE], court[Honour.KNIGHT], court[Honour.QUEEN], court[Honour.KING],
            trump[Honour.MAGICIAN], trump[Honour.WORLD], trump[Honour.FOOL],
        )  # fmt: skip
        _check_piles(hand)
        return hand

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"tricks": list(self.tricks)}
        for h in Honour:
            value = getattr(self, h.id)
            out[h.id] = list(value) if h.is_court else value
        return out


def _whole_numbers(value: Any) -> bool:
    """A JSON list of one whole number per seat (never true or 1.0)."""
    return type(value) is list and len(value) == SEATS and all(type(v) is int and v >= 0 for v in value)


def _tricks(value: Any) -> tuple[int, ...]:
    if not _whole_numbers(value):
        raise InvalidHand(
            "tricks",
            _(
                "The tricks each player won: %(seats)s whole numbers adding up to %(tricks)s.",
                seats=SEATS,
                tricks=TRICKS,
            ),
        )
    if sum(value) != TRICKS:
        raise InvalidHand(
            "tricks", _("The tricks won add up to %(sum)s: a hand has %(tricks)s.", sum=sum(value), tricks=TRICKS)
        )
    return tuple(value)


def _court_counts(value: Any, honour: Honour) -> tuple[int, ...]:
    if value is None:  # none of this rank won by anyone
        return (0,) * SEATS
    if not _whole_numbers(value):
        raise InvalidHand(
            honour.id,
            _(
                "%(cards)s each player holds: %(seats)s whole numbers, one for each seat.",
                cards=_(honour.plural),
                seats=SEATS,
            ),
        )
    if sum(value) > honour.copies:
        raise InvalidHand(
            honour.id,
            _(
                "There are only %(copies)s %(cards)s: %(entered)s entered.",
                copies=honour.copies,
                cards=_(honour.plural),
                entered=sum(value),
            ),
        )
    return tuple(value)


def _trump_holder(value: Any, honour: Honour) -> int | None:
    if value is None:  # set aside with the undealt cards
        return None
    return seat(value, honour.id, _WHO_HOLDS[honour], SEATS)


#: Who holds each trump, as a refusal asks for it ("Choose who holds …").
_WHO_HOLDS = {
    Honour.MAGICIAN: N_("who holds the Magician (I) at the end (none if it was not dealt)"),
    Honour.WORLD: N_("who holds the World (XXI) at the end (none if it was not dealt)"),
    Honour.FOOL: N_("who holds the Fool at the end (none if it was not dealt)"),
}


class PileTooSmall(InvalidHand):
    """A player holds more scoring cards than cards won. The message names the seat by number (for the API);
    ``said`` names the player, for a form that knows the names.

    >>> PileTooSmall(3, 1, 5).message
    'Seat 4 won 1 trick (4 cards) but is entered holding 5 scoring cards.'
    >>> PileTooSmall(3, 0, 1).said("Dan")
    'Dan won 0 tricks (0 cards) but is entered holding 1 scoring card.'
    """

    def __init__(self, seat: int, tricks: int, scoring: int):
        self.seat, self.tricks, self.scoring = seat, tricks, scoring
        super().__init__("tricks", self.said(_("Seat %(seat)s", seat=seat + 1)), item=str(seat))

    def said(self, who: str) -> str:
        said = {"who": who, "cards": 4 * self.tricks, "scoring": self.scoring}
        if self.scoring == 1:
            return ngettext(
                "%(who)s won %(num)d trick (%(cards)s cards) but is entered holding 1 scoring card.",
                "%(who)s won %(num)d tricks (%(cards)s cards) but is entered holding 1 scoring card.",
                self.tricks,
                **said,
            )
        return ngettext(
            "%(who)s won %(num)d trick (%(cards)s cards) but is entered holding %(scoring)s scoring cards.",
            "%(who)s won %(num)d tricks (%(cards)s cards) but is entered holding %(scoring)s scoring cards.",
            self.tricks,
            **said,
        )


def _check_piles(hand: EarlyFrenchHand) -> None:
    """No one holds more scoring cards than cards: the pile is 4 cards a trick (the Fool's exchange keeps it so)."""
    for s, cards in enumerate(hand.cards_won):
        scoring = sum(hand.held(h)[s] for h in Honour)
        if scoring > cards:
            raise PileTooSmall(s, hand.tricks[s], scoring)


@dataclass(frozen=True)
class EarlyFrenchResult:
    """Each seat's score for the hand, in its two parts, with the working. Not zero-sum."""

    net: tuple[int, ...]
    #: Cards won less 12: these add up to nothing.
    count: tuple[int, ...]
    #: The scoring cards each player holds: 0 to 53 in all.
    honours: tuple[int, ...]
    working: tuple[str, ...]


#: Each scoring card held, with its points: "King 4", "2 Kings 8", "the Fool 5" (``num`` held, worth ``points``).
_HELD: dict[Honour, Callable[[int, int], str]] = {
    Honour.PAGE: lambda n, points: ngettext("Page %(points)s", "%(num)d Pages %(points)s", n, points=points),
    Honour.KNIGHT: lambda n, points: ngettext("Knight %(points)s", "%(num)d Knights %(points)s", n, points=points),
    Honour.QUEEN: lambda n, points: ngettext("Queen %(points)s", "%(num)d Queens %(points)s", n, points=points),
    Honour.KING: lambda n, points: ngettext("King %(points)s", "%(num)d Kings %(points)s", n, points=points),
    Honour.MAGICIAN: lambda n, points: _("the Magician (I) %(points)s", points=points),
    Honour.WORLD: lambda n, points: _("the World (XXI) %(points)s", points=points),
    Honour.FOOL: lambda n, points: _("the Fool %(points)s", points=points),
}


def _honours_text(hand: EarlyFrenchHand, s: int) -> str:
    parts = []
    for h in Honour:
        n = hand.held(h)[s]
        if n:
            parts.append(_HELD[h](n, n * h.points))
    if not parts:
        return _("no scoring cards")
    total = sum(h.points * hand.held(h)[s] for h in Honour)
    return " + ".join(parts) + (f" = {total}" if len(parts) > 1 else "")


def score(hand: EarlyFrenchHand, names: Sequence[str] | None = None) -> EarlyFrenchResult:
    """Each seat's score for the hand: the count against 12 cards, plus the scoring cards; one sentence a player
    (named when ``names`` are given, else by seat)."""
    count = tuple(c - CARDS_EACH for c in hand.cards_won)
    honours = tuple(sum(h.points * hand.held(h)[s] for h in Honour) for s in range(SEATS))
    net = tuple(c + h for c, h in zip(count, honours, strict=True))
    who = list(names) if names is not None else [_("Seat %(seat)s", seat=s + 1) for s in range(SEATS)]
    working = [_player_said(hand, s, who[s], count[s], net[s]) for s in range(SEATS)]
    working.append(
        _(
            "The count comes to nothing across the table; the scoring cards add %(honours)s, so the hand's scores "
            "need not add up to nothing.",
            honours=sum(honours),
        )
    )
    assert sum(count) == 0
    return EarlyFrenchResult(net, count, honours, tuple(working))


def _player_said(hand: EarlyFrenchHand, s: int, who: str, count: int, net: int) -> str:
    """A player's line of the working: tricks and cards won, the count against 12, the scoring cards, the score."""
    said = {"who": who, "cards": hand.cards_won[s], "off": abs(count), "each": CARDS_EACH, "count": f"{count:+d}"}
    said.update(honours=_honours_text(hand, s), net=f"{net:+d}")
    if count < 0:
        return ngettext(
            "%(who)s: %(num)d trick, %(cards)s cards, %(off)s under %(each)s: %(count)s; %(honours)s; %(net)s for "
            "the hand.",
            "%(who)s: %(num)d tricks, %(cards)s cards, %(off)s under %(each)s: %(count)s; %(honours)s; %(net)s for "
            "the hand.",
            hand.tricks[s],
            **said,
        )
    return ngettext(
        "%(who)s: %(num)d trick, %(cards)s cards, %(off)s over %(each)s: %(count)s; %(honours)s; %(net)s for the hand.",
        "%(who)s: %(num)d tricks, %(cards)s cards, %(off)s over %(each)s: %(count)s; %(honours)s; %(net)s for the "
        "hand.",
        hand.tricks[s],
        **said,
    )


def describe(hand: EarlyFrenchHand, names: Sequence[str]) -> str:
    """One line for the list of hands, with the players' names."""
    result = score(hand)
    best = max(result.net)
    top = " & ".join(names[s] for s in range(SEATS) if result.net[s] == best)
    signed = f"{best:+d}"  # outside the call: the catalogue's reader takes no f-string there
    return _(
        "Tricks %(tricks)s · best %(top)s %(score)s", tricks="·".join(map(str, hand.tricks)), top=top, score=signed
    )


# The end of the game, and the money.


def winner(totals: Sequence[int]) -> int | None:
    """The seat that has won, once a running total reaches 50; None while the game goes on.

    The highest total at or over 50 wins. When two or more share the highest, all four play another hand, and so on
    until one leads (our reading: the rules do not say).

    >>> winner([45, 38, 12, -5]), winner([51, 60, 8, 0]), winner([51, 51, 8, 0])
    (None, 1, None)
    """
    top = max(totals)
    leaders = [s for s, total in enumerate(totals) if total == top]
    return leaders[0] if top >= TARGET and len(leaders) == 1 else None


def finished(totals: Sequence[int]) -> bool:
    """Whether the game is over: someone has reached 50 and is alone at the top.

    >>> finished([51, 51, 8, 0]), finished([52, 51, 8, 0])
    (False, True)
    """
    return winner(totals) is not None


def settle_per_point(totals: Sequence[int], stake: int) -> tuple[int, ...]:
    """Money at a stake per point: each player receives from each other player the difference of their totals.

    The scores do not add up to nothing, so they are settled between each pair; what a player receives comes to
    (players × own total − all the totals) × stake, and the payments add up to nothing.

    >>> settle_per_point([55, 38, 12, -5], 1)
    (120, 52, -52, -120)
    >>> settle_per_point([60, 51, 8, 0], 2)  # the last pays (60 + 51 + 8) × 2 = 238 in all
    (242, 170, -174, -238)
    """
    if stake < 0:
        raise ValueError("A stake is not negative.")
    everyone = sum(totals)
    return tuple((len(totals) * total - everyone) * stake for total in totals)


def settle_per_game(winning_seat: int, stake: int) -> tuple[int, ...]:
    """Money at a fixed stake per game: the winner receives the stake from each other player.

    >>> settle_per_game(1, 5)
    (-5, 15, -5, -5)
    """
    if stake < 0:
        raise ValueError("A stake is not negative.")
    return tuple(stake * (SEATS - 1) if s == winning_seat else -stake for s in range(SEATS))
