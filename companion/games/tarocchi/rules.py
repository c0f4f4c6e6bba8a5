"""Piedmontese Tarocchi, four players in two fixed partnerships: a hand record, its checks, its score with the working,
and how a game ends and is settled.

Seats 0 and 2 (North–South) play against seats 1 and 3 (East–West). At the end of a hand each side counts its
cards in threes, two off each three and one off an odd card or two, so the pack comes to 78 and one side's card
points give the other's. A side needs 39 to win the hand; 39 each is a drawn hand (our reading). A game is four
hands, one deal each, and the side with more points over the game wins the fixed stake (our reading).

>>> result = score(TarocchiHand.from_json({"dealer": 0, "side": "north-south", "points": 48}))
>>> result.sides, result.net, result.winner.label
((48, 30), (48, 30, 48, 30), 'North–South')
>>> score(TarocchiHand.from_json({"dealer": 1, "side": "east-west", "face": 68, "cards": 38})).sides
(35, 43)
>>> outcome((163, 149)).label, settle(Side.NORTH_SOUTH, 10)
('North–South', (10, -10, 10, -10))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..common import InvalidHand
from ..common.parse import pick, seat
from ..common.words import N_, _, ngettext

GAME_ID = "tarocchi"
NAME = N_("Piedmontese Tarocchi")
SEATS = 4
CARDS_IN_PACK = 78
#: Card points in the pack: face value 130 less two for each of the 26 threes.
TOTAL = 78
#: A side with this many card points has at least half: with 39 each the hand is drawn (our reading).
TO_WIN = 39
#: A game is one deal by each player; a table may play a longer game, a multiple of this.
HANDS_IN_GAME = 4
CARDS_EACH = 19
#: The dealer takes two more cards and discards two (no Honour or King); they count for the dealer's side.
DISCARDS = 2


class CardValue(Enum):
    """(id, label, face value, how many in the pack): the counting cards, then the empty ones.

    Which three trumps are the Honours is read differently by the sources (ours: the Angel, the Bagatto and the
    Fool); there are three either way, so no total changes.
    """

    HONOUR = ("honour", N_("Honours: the Angel, the Bagatto and the Fool"), 5, 3)
    KING = ("king", N_("Kings"), 5, 4)
    QUEEN = ("queen", N_("Queens"), 4, 4)
    CAVALIER = ("cavalier", N_("Cavaliers"), 3, 4)
    VALET = ("valet", N_("Valets"), 2, 4)
    EMPTY = ("empty", N_("Every other card (an empty card)"), 1, 59)

    def __init__(self, id_: str, label: str, face: int, count: int):
        self.id = id_
        self.label = label
        self.face = face
        self.count = count


#: The cards the dealer may not discard (seed 002, "The Deal": no Honours or Kings).
NOT_DISCARDED = (CardValue.HONOUR, CardValue.KING)


def _extras(values: Iterable[CardValue]) -> tuple[int, ...]:
    """What each card of these values adds above an empty card's 1, highest first."""
    return tuple(sorted((v.face - 1 for v in values for _copy in range(v.count)), reverse=True))


#: What the cards that may not be discarded add, and what the others add (empty cards 0), highest first.
_BARRED = _extras(NOT_DISCARDED)
_FREE = _extras(v for v in CardValue if v not in NOT_DISCARDED)
#: The face value of the whole pack (130).
FACE_TOTAL = sum(v.face * v.count for v in CardValue)


class Side(Enum):
    """(id, label, seats): the two partnerships, partners sitting opposite."""

    NORTH_SOUTH = ("north-south", N_("North–South"), (0, 2))
    EAST_WEST = ("east-west", N_("East–West"), (1, 3))

    def __init__(self, id_: str, label: str, seats: tuple[int, int]):
        self.id = id_
        self.label = label
        self.seats = seats

    @classmethod
    def of(cls, seat: int) -> Side:
        """The side a seat plays for."""
        return cls.NORTH_SOUTH if seat % 2 == 0 else cls.EAST_WEST

    @property
    def index(self) -> int:
        """Where this side's points sit in a pair of side totals: North–South first."""
        return 0 if self is Side.NORTH_SOUTH else 1

    @property
    def other(self) -> Side:
        return Side.EAST_WEST if self is Side.NORTH_SOUTH else Side.NORTH_SOUTH


SIDES = {s.id: s for s in Side}
FIELDS = {"dealer", "side", "points", "face", "cards"}


def card_points(face: int, cards: int) -> int:
    """A side's card points from its cards' face value and number: two off each three, one off an odd one or two.

    However the cards are grouped, this is what counting in threes gives, so the two sides always make 78.

    >>> card_points(76, 42), card_points(54, 36)
    (48, 30)
    >>> card_points(62, 40), card_points(68, 38)
    (35, 43)
    """
    threes, odd = divmod(cards, 3)
    return face - 2 * threes - (1 if odd else 0)


def possible_cards(dealers_side: bool) -> range:
    """How many cards a side can hold: 4 a trick, and the dealer's side the two discards besides.

    >>> list(possible_cards(True))[:3], list(possible_cards(False))[-1]
    ([2, 6, 10], 76)
    """
    if dealers_side:
        return range(DISCARDS, CARDS_IN_PACK + 1, 4)
    return range(0, CARDS_IN_PACK - DISCARDS + 1, 4)


def possible_points(dealers_side: bool) -> range:
    """The card points a side can have: the dealer's side always holds the discards, even when the other side took
    every trick (the seed makes no exception), and two cards are worth 1 at least; so the other side has 77 at most.

    >>> possible_points(True), possible_points(False)
    (range(1, 79), range(0, 78))
    """
    least = card_points(DISCARDS, DISCARDS)  # two empty cards
    return range(least, TOTAL + 1) if dealers_side else range(0, TOTAL - least + 1)


def _most_extra(cards: int, discards: int) -> int:
    """The most ``cards`` cards can add above 1 each when ``discards`` of them may be no Honour or King."""
    best = 0
    for barred in range(min(len(_BARRED), max(0, cards - discards)) + 1):
        if cards - barred <= len(_FREE):
            best = max(best, sum(_BARRED[:barred]) + sum(_FREE[: cards - barred]))
    return best


def face_range(cards: int, dealers_side: bool, discards: int = DISCARDS) -> tuple[int, int]:
    """The least and most face value a side holding ``cards`` cards can have.

    Each card counts at least 1; the best cards add what ``_BARRED`` and ``_FREE`` list, but the dealer's side's
    ``discards`` are never an Honour or a King; and the other side's cards must be able to hold whatever counting
    value this side has not. (``discards=0``: the bounds before the discards were checked, for stored hands.)

    >>> face_range(42, True), face_range(2, True), face_range(76, False), face_range(78, True)
    ((42, 94), (2, 8), (122, 128), (130, 130))
    """
    here, there = (discards, 0) if dealers_side else (0, discards)
    extra_in_pack = sum(_BARRED) + sum(_FREE)
    least = cards + extra_in_pack - _most_extra(CARDS_IN_PACK - cards, there)
    return least, cards + _most_extra(cards, here)


@dataclass(frozen=True)
class TarocchiHand:
    """One hand as entered: the dealer, and one side's card points (``side`` says whose).

    A side's points may instead be entered as the face value of its cards and how many cards it holds (``face`` and
    ``cards``); ``points`` are then worked out from them. The other side has the rest of the 78.
    """

    dealer: int
    side: Side
    points: int
    face: int | None = None
    cards: int | None = None

    @property
    def dealers_side(self) -> Side:
        return Side.of(self.dealer)

    @property
    def sides(self) -> tuple[int, int]:
        """Each side's card points, North–South first; they always make 78."""
        if self.side is Side.NORTH_SOUTH:
            return self.points, TOTAL - self.points
        return TOTAL - self.points, self.points

    @classmethod
    def from_json(cls, data: Any, stored: bool = False) -> TarocchiHand:
        """Parse and check a hand; raises ``InvalidHand`` naming the field at fault.

        ``stored``: a hand read back as it was saved, perhaps before the discards were checked (they give the dealer's
        side a card point at least and are never an Honour or a King): it is read with the earlier checks.
        """
        if type(data) is not dict:
            raise InvalidHand("hand", _("A hand must be a JSON object."))
        unknown = sorted(set(data) - FIELDS)
        if unknown:
            raise InvalidHand(
                unknown[0], _("A Piedmontese Tarocchi hand has no field %(field)s.", field=repr(unknown[0]))
            )
        dealer = seat(data.get("dealer"), "dealer", _("the dealer"), SEATS)
        side = pick(SIDES, data.get("side"), "side", _("whose cards were counted: north-south or east-west"))
        if data.get("face") is not None or data.get("cards") is not None:
            if data.get("points") is not None:
                raise InvalidHand(
                    "points", _("Enter the card points, or the face value and number of cards: not both.")
                )
            face, cards = _face_and_cards(data.get("face"), data.get("cards"), side is Side.of(dealer), stored)
            return cls(dealer, side, card_points(face, cards), face, cards)
        points = data.get("points")
        if type(points) is not int or not 0 <= points <= TOTAL:
            raise InvalidHand(
                "points", _("The side's card points are a whole number from 0 to %(total)s.", total=TOTAL)
            )
        if not stored:  # hands saved before this was checked read as they were
            _check_points(points, side is Side.of(dealer))
        return cls(dealer, side, points)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"dealer": self.dealer, "side": self.side.id}
        if self.face is None:
            out["points"] = self.points
        else:
            out.update(face=self.face, cards=self.cards)
        return out


def _check_points(points: int, dealers_side: bool) -> None:
    allowed = possible_points(dealers_side)
    if points not in allowed:
        if dealers_side:
            why = _(
                "The dealer's side holds the two discards, worth 1 card point at least: the dealer's side has "
                "%(least)s to %(most)s.",
                least=allowed[0],
                most=allowed[-1],
            )
        else:
            why = _(
                "The dealer's side holds the two discards, worth 1 card point at least: the other side has %(least)s "
                "to %(most)s.",
                least=allowed[0],
                most=allowed[-1],
            )
        raise InvalidHand("points", why)


def _face_and_cards(face: Any, cards: Any, dealers_side: bool, stored: bool = False) -> tuple[int, int]:
    allowed = possible_cards(dealers_side)
    if type(cards) is not int or cards not in allowed:
        if dealers_side:
            why = _("The dealer's side holds its tricks (4 cards each) and the 2 discards: 2, 6, 10 … 78 cards.")
        else:
            why = _("The side that did not deal holds its tricks, 4 cards each: 0, 4, 8 … 76 cards.")
        raise InvalidHand("cards", why)
    # Hands saved before the discards were checked read as they were.
    least, most = face_range(cards, dealers_side, 0 if stored else DISCARDS)
    if type(face) is not int or not least <= face <= most:
        why = _(
            "%(cards)s cards have a face value from %(least)s to %(most)s: a whole number.",
            cards=cards,
            least=least,
            most=most,
        )
        if (least, most) != face_range(cards, dealers_side, 0):
            why += " " + _("The discards are never an Honour or a King.")
        raise InvalidHand("face", why)
    return face, cards


@dataclass(frozen=True)
class TarocchiResult:
    """Each side's card points (North–South first), each seat's score, who won the hand, and the working."""

    sides: tuple[int, int]
    #: Each seat scores its side's points: the hand is not zero-sum (the seats make 156).
    net: tuple[int, ...]
    #: The side that won the hand, or None when it was drawn at 39 each.
    winner: Side | None
    working: tuple[str, ...]

    @property
    def drawn(self) -> bool:
        return self.winner is None


def side_name(side: Side, names: Sequence[str] | None = None) -> str:
    """A side as the working names it: its players ("Ann & Cat") when the names are known, else its compass label.

    >>> side_name(Side.EAST_WEST), side_name(Side.EAST_WEST, ["Ann", "Bob", "Cat", "Dan"])
    ('East–West', 'Bob & Dan')
    """
    if names is None:
        return _(side.label)
    return " & ".join(names[s] for s in side.seats)


def _count_sentence(hand: TarocchiHand, who: str) -> str:
    if hand.face is None or hand.cards is None:
        return _("%(side)s counted %(points)s card points.", side=who, points=hand.points)
    threes, odd = divmod(hand.cards, 3)
    said = {"side": who, "cards": hand.cards, "face": hand.face, "points": hand.points}
    if odd == 1:
        return ngettext(
            "%(side)s took %(cards)s cards, face value %(face)s: %(num)d threes, so %(face)s − 2 × %(num)d − 1 (one "
            "off the odd card) = %(points)s.",
            "%(side)s took %(cards)s cards, face value %(face)s: %(num)d threes, so %(face)s − 2 × %(num)d − 1 (one "
            "off the odd card) = %(points)s.",
            threes,
            **said,
        )
    if odd == 2:
        return ngettext(
            "%(side)s took %(cards)s cards, face value %(face)s: %(num)d threes, so %(face)s − 2 × %(num)d − 1 (one "
            "off the two odd cards) = %(points)s.",
            "%(side)s took %(cards)s cards, face value %(face)s: %(num)d threes, so %(face)s − 2 × %(num)d − 1 (one "
            "off the two odd cards) = %(points)s.",
            threes,
            **said,
        )
    return ngettext(
        "%(side)s took %(cards)s cards, face value %(face)s: %(num)d threes, so %(face)s − 2 × %(num)d = %(points)s.",
        "%(side)s took %(cards)s cards, face value %(face)s: %(num)d threes, so %(face)s − 2 × %(num)d = %(points)s.",
        threes,
        **said,
    )


def score(hand: TarocchiHand, names: Sequence[str] | None = None) -> TarocchiResult:
    """The hand's card points for each side and seat, who won it, and one sentence per step (naming the players
    when ``names`` are given, else seats and compass sides)."""
    sides = hand.sides
    other = hand.side.other
    called = {s: side_name(s, names) for s in Side}
    dealer = names[hand.dealer] if names is not None else _("Seat %(seat)s", seat=hand.dealer + 1)
    working = [
        _("%(dealer)s dealt: the two discards count for %(side)s.", dealer=dealer, side=called[hand.dealers_side]),
        _count_sentence(hand, called[hand.side]),
        _(
            "%(side)s have the rest: %(total)s − %(points)s = %(rest)s.",
            side=called[other],
            total=TOTAL,
            points=hand.points,
            rest=sides[other.index],
        ),
    ]
    winner = next((s for s in Side if sides[s.index] > TO_WIN), None)
    if winner is None:
        working.append(_("%(points)s each: a drawn hand (our reading).", points=TO_WIN))
    else:
        working.append(
            _(
                "%(side)s win the hand, %(won)s to %(lost)s.",
                side=called[winner],
                won=sides[winner.index],
                lost=sides[winner.other.index],
            )
        )
    working.append(_each_partner(sides, names))
    net = tuple(sides[Side.of(s).index] for s in range(SEATS))
    assert sum(sides) == TOTAL
    return TarocchiResult(sides, net, winner, tuple(working))


def _each_partner(sides: tuple[int, int], names: Sequence[str] | None) -> str:
    """Each partner scores the side's points: the partners by name, else by seat (1 and 3 against 2 and 4)."""
    if names is None:
        return _(
            "Each partner scores the side's points: seats 1 and 3 %(north_south)s each, seats 2 and 4 %(east_west)s "
            "each.",
            north_south=sides[0],
            east_west=sides[1],
        )
    ns, ew = Side.NORTH_SOUTH.seats, Side.EAST_WEST.seats
    return _(
        "Each partner scores the side's points: %(north)s and %(south)s %(north_south)s each, %(east)s and %(west)s "
        "%(east_west)s each.",
        north=names[ns[0]],
        south=names[ns[1]],
        north_south=sides[0],
        east=names[ew[0]],
        west=names[ew[1]],
        east_west=sides[1],
    )


def describe(hand: TarocchiHand, names: Sequence[str]) -> str:
    """One line for the list of hands, with the players' names."""
    ns, ew = hand.sides
    pairs = [side_name(side, names) for side in Side]
    result = score(hand)
    said = {"north_south": pairs[0], "ns": ns, "east_west": pairs[1], "ew": ew}
    if result.winner is None:
        return _("%(north_south)s %(ns)s · %(east_west)s %(ew)s · drawn", **said)
    return _(
        "%(north_south)s %(ns)s · %(east_west)s %(ew)s · %(winner)s won", winner=pairs[result.winner.index], **said
    )


# The game: a number of hands, a winner by total points, and a fixed stake.


def game_length(value: Any) -> int:
    """The number of hands a table chooses for a game: 4, or a multiple of 4 so that each player deals as often.

    >>> game_length(8)
    8
    """
    if type(value) is not int or value <= 0 or value % SEATS:
        raise InvalidHand(
            "hands_in_game",
            _("A game is %(hands)s hands, or 8, 12 …: each player deals as often.", hands=HANDS_IN_GAME),
        )
    return value


def game_over(hands_played: int, hands_in_game: int = HANDS_IN_GAME) -> bool:
    """Whether the game is over after ``hands_played`` hands.

    >>> game_over(3), game_over(4), game_over(4, 8)
    (False, True, False)
    """
    if hands_in_game <= 0 or hands_in_game % SEATS:
        raise ValueError(f"A game is a multiple of {SEATS} hands, not {hands_in_game}.")
    return hands_played >= hands_in_game


def side_totals(hands: Iterable[TarocchiHand]) -> tuple[int, int]:
    """Each side's card points over the hands, North–South first."""
    ns = ew = 0
    for hand in hands:
        a, b = hand.sides
        ns, ew = ns + a, ew + b
    return ns, ew


def outcome(totals: tuple[int, int]) -> Side | None:
    """The side that won the game on total points (North–South's first), or None for a drawn game (our reading).

    >>> outcome((156, 156)) is None, outcome((149, 163)).label
    (True, 'East–West')
    """
    ns, ew = totals
    if ns == ew:
        return None
    return Side.NORTH_SOUTH if ns > ew else Side.EAST_WEST


def settle(winner: Side | None, stake: int) -> tuple[int, ...]:
    """Each seat's money for a game at a fixed ``stake``: each loser pays it to one winner; a drawn game pays nothing.

    >>> settle(Side.EAST_WEST, 5), settle(None, 5)
    ((-5, 5, -5, 5), (0, 0, 0, 0))
    """
    if stake < 0:
        raise ValueError("A stake is not negative.")
    if winner is None:
        return (0,) * SEATS
    return tuple(stake if Side.of(s) is winner else -stake for s in range(SEATS))
