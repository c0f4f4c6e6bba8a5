"""One hand of Ottocento as entered, and its checks.

Four players in two fixed partnerships: seats 0 and 2 (side 0) against
seats 1 and 3 (side 1). Seats are numbered in the order of play, so the
eldest hand sits at ``dealer + 1``. A hand records:

- ``declarations``: per seat, the combinations shown from the hand before the
  first trick (they score at once);
- ``captured``: per side, the combinations found in its tricks at the end;
- ``card_points``: per side, counted in pairs (together 87);
- ``last_trick``: the side that took it (6 points);
- or, instead of the last three, ``called_out``: the seat whose declaration
  took its side to the target, ending the game before play (chiamarsi fuori).

A refusal that checks one part against another says in its ``item`` which
part it stands beside, so that a form can show it there: a seat (in
``declarations``) or a side (``captured``, ``card_points``, ``last_trick``),
and after a colon the card or kind at fault (``"2:KS"``, ``"1:kings"``).

>>> hand = OttocentoHand.from_json({
...     "dealer": 1,
...     "declarations": [[{"kind": "kings", "cards": ["KS", "KC", "KD"]}], [], [], []],
...     "captured": [[{"kind": "kings", "cards": ["KS", "KC", "KD"]}], []],
...     "card_points": [50, 37], "last_trick": 0})
>>> OttocentoHand.from_json(hand.to_json()) == hand
True
>>> try:
...     OttocentoHand.from_json({**hand.to_json(), "card_points": [50, 36]})
... except InvalidHand as refused:
...     print(refused.field, "·", refused.message)
card_points · The two sides' card points add up to 87 (counted in pairs); these add up to 86.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..common.words import N_, _, ngettext
from ._common import InvalidHand, seat
from .cards import MOORS, PACK_POINTS, Card, Numbering, lowest_points, the
from .combinations import ORDER, Combination, Kind
from .combinations import Sequence as Run
from .house import DEFAULT_RULES, OttocentoRules

SEATS = 4
#: Cards each player holds when declaring (the dealer may not declare the two discards).
HAND_SIZE = 15
FIELDS = {"dealer", "declarations", "captured", "card_points", "last_trick", "called_out", "rules"}
PLAYED_ONLY = ("captured", "card_points", "last_trick")

Combos = tuple[Combination, ...]


def side_of(seat: int) -> int:
    """Seats 0 and 2 are side 0; seats 1 and 3 are side 1."""
    return seat % 2


def declaring_order(dealer: int) -> tuple[int, ...]:
    """Who may call out first: the dealer (before taking up the last two cards), then eldest, and on round.

    >>> declaring_order(2)
    (2, 3, 0, 1)
    """
    return tuple((dealer + i) % SEATS for i in range(SEATS))


def player_name(seat: int, names: Sequence[str] | None = None) -> str:
    """ "Seat 1" (or the player's name), to begin a sentence."""
    return names[seat] if names else _("Seat %(number)d", number=seat + 1)


def seat_name(seat: int) -> str:
    """ "seat 1", within a sentence."""
    return _("seat %(number)d", number=seat + 1)


def side_name(side: int, names: Sequence[str] | None = None) -> str:
    """ "Seats 1 & 3" (or the partners' names)."""
    if names:
        return f"{names[side]} & {names[side + 2]}"
    return _("Seats %(first)d & %(second)d", first=side + 1, second=side + 3)


def with_names(message: str, names: Sequence[str]) -> str:
    """An engine's message with the players' names for the seats and sides it names by number, in the reader's
    language ("Seat 1", "seat 1", "Seats 1 & 3", as ``player_name``, ``seat_name`` and ``side_name`` say them).

    >>> with_names("Seat 1 and seat 3 both declare the King of Swords.", ["Ann", "Bob", "Cat", "Dan"])
    'Ann and Cat both declare the King of Swords.'
    >>> with_names("Seats 2 & 4's card points", ["Ann", "Bob", "Cat", "Dan"])
    "Bob & Dan's card points"
    """
    for side in (0, 1):  # first, so that a side's words are not taken for a seat's
        message = message.replace(side_name(side), side_name(side, names))
    for s in range(SEATS):
        message = message.replace(player_name(s), names[s]).replace(seat_name(s), names[s])
    return message


@dataclass(frozen=True)
class OttocentoHand:
    """One hand as entered; see the module's description of each field."""

    dealer: int
    declarations: tuple[Combos, Combos, Combos, Combos]
    captured: tuple[Combos, Combos] = ((), ())
    card_points: tuple[int, int] | None = None
    last_trick: int | None = None
    called_out: int | None = None
    rules: OttocentoRules = DEFAULT_RULES

    @property
    def players(self) -> int:
        return SEATS

    @property
    def played(self) -> bool:
        """False when a call-out ended the game before the first trick."""
        return self.called_out is None

    @property
    def called_out_side(self) -> int | None:
        return None if self.called_out is None else side_of(self.called_out)

    @classmethod
    def from_json(cls, data: Any, stored: bool = False) -> OttocentoHand:
        """Parse and check a hand; raises ``InvalidHand`` naming the field at fault.

        ``stored`` (a hand as it was saved) reads as it was scored: house rules it leaves out take the values of
        the time (``OttocentoRules.from_json``), and a check added since does not refuse it.
        """
        if type(data) is not dict:
            raise InvalidHand("hand", _("A hand must be a JSON object."))
        unknown = sorted(set(data) - FIELDS)
        if unknown:
            raise InvalidHand(unknown[0], _("An Ottocento hand has no field %(field)s.", field=repr(unknown[0])))
        rules = OttocentoRules.from_json(data.get("rules", {}), stored)
        dealer = seat(data.get("dealer"), "dealer", N_("the dealer"), SEATS)
        declarations = _declarations(data.get("declarations", [[]] * SEATS), rules)
        if data.get("called_out") is not None:
            hand = cls(dealer, declarations, called_out=_caller(data, dealer, declarations), rules=rules)
        else:
            captured = _captured(data.get("captured", [[], []]), rules)
            points = _card_points(data.get("card_points"))
            last = data.get("last_trick")
            if type(last) is not int or last not in (0, 1):
                raise InvalidHand(
                    "last_trick", _("The last trick goes to one side: 0 (seats 1 & 3) or 1 (seats 2 & 4).")
                )
            hand = cls(dealer, declarations, captured, points, last, None, rules)
            if not stored:  # a check added since hands were first saved: a saved hand reads as it was scored
                _check_piles_hold_tricks(hand)
            _check_captured(hand)
        _check_declared_cards(declarations, rules.numbering)
        return hand

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "dealer": self.dealer,
            "declarations": [[c.to_json() for c in combos] for combos in self.declarations],
        }
        if self.called_out is not None:
            out["called_out"] = self.called_out
        else:
            out["captured"] = [[c.to_json() for c in combos] for combos in self.captured]
            out["card_points"] = list(self.card_points or ())
            out["last_trick"] = self.last_trick
        out["rules"] = self.rules.to_json()
        return out


def _lists(value: Any, count: int, field: str, shape: str) -> list[list[Any]]:
    if type(value) is not list or len(value) != count or not all(type(v) is list for v in value):
        raise InvalidHand(field, shape)
    return value


def _once_each(combos: Combos, field: str, who: str) -> Combos:
    """One cricca of a kind, one sequence of a kind: the cards of a second one are not there to make it.

    Each is a set of combinations, so they are kept in one order (``ORDER``), whatever order they came in: the
    same hand is the same record however it was entered.
    """
    seen: set[Kind] = set()
    for c in combos:
        if c.kind in seen:
            raise InvalidHand(
                field,
                _("%(who)s: the %(kind)s is entered twice; there can be only one.", who=who, kind=_(c.kind.title)),
            )
        seen.add(c.kind)
    return tuple(sorted(combos, key=lambda c: ORDER.index(c.kind)))


def _declarations(value: Any, rules: OttocentoRules) -> tuple[Combos, Combos, Combos, Combos]:
    shape = _("Declarations are four lists, one per seat: [[…], […], […], […]].")
    out = []
    for s, items in enumerate(_lists(value, SEATS, "declarations", shape)):
        who = player_name(s)
        combos = tuple(Combination.from_json(i, rules, "declarations", owner=who) for i in items)
        out.append(_once_each(combos, "declarations", who))
    return out[0], out[1], out[2], out[3]


def _captured(value: Any, rules: OttocentoRules) -> tuple[Combos, Combos]:
    shape = _("Captured combinations are two lists, one per side: [[side 0's], [side 1's]].")
    out = []
    for side, items in enumerate(_lists(value, 2, "captured", shape)):
        who = side_name(side)
        combos = tuple(Combination.from_json(i, rules, "captured", owner=who) for i in items)
        out.append(_once_each(combos, "captured", who))
    return out[0], out[1]


def _card_points(value: Any) -> tuple[int, int]:
    if type(value) is not list or len(value) != 2 or not all(type(v) is int and 0 <= v <= PACK_POINTS for v in value):
        raise InvalidHand(
            "card_points", _("Card points are two whole numbers from 0 to %(most)d, one per side.", most=PACK_POINTS)
        )
    if sum(value) != PACK_POINTS:
        raise InvalidHand(
            "card_points",
            _(
                "The two sides' card points add up to %(pack)d (counted in pairs); these add up to %(sum)d.",
                pack=PACK_POINTS,
                sum=sum(value),
            ),
        )
    return value[0], value[1]


def _caller(data: dict[str, Any], dealer: int, declarations: Sequence[Combos]) -> int:
    """The seat that called its side out: it declared, and nobody after it in turn did."""
    caller = seat(data["called_out"], "called_out", N_("who called their side out"), SEATS)
    played = next((k for k in PLAYED_ONLY if k in data), None)
    if played is not None:
        raise InvalidHand(
            played,
            _("%(seat)s called out before play: leave out what play would have given.", seat=player_name(caller)),
        )
    if not declarations[caller]:
        raise InvalidHand(
            "called_out",
            _(
                "%(seat)s declared nothing: a side calls out when its own declarations reach the target.",
                seat=player_name(caller),
            ),
        )
    order = declaring_order(dealer)
    late = next((s for s in order[order.index(caller) + 1 :] if declarations[s]), None)
    if late is not None:
        raise InvalidHand(
            "declarations",
            _(
                "%(late)s declares after %(caller)s, whose call-out ended the game first: leave out %(again)s's "
                "declarations.",
                late=player_name(late),
                caller=seat_name(caller),
                again=seat_name(late),
            ),
            item=str(late),
        )
    return caller


def capital(text: str) -> str:
    """``text`` with its first letter upper-case (a sentence that begins with a name or a card)."""
    return text[:1].upper() + text[1:]


def _cards_of(combos: Combos) -> set[Card]:
    """The cards a player's or side's combinations need. The Moors are alike, so combinations that each hold some
    may share them: the group holds as many as its largest count, taken as the first Moors."""
    cards = {c for combo in combos for c in combo.cards if c not in MOORS}
    moors = max((sum(c in MOORS for c in combo.cards) for combo in combos), default=0)
    return cards | set(MOORS[:moors])


def _moors_beyond_four(groups: Sequence[Combos]) -> tuple[int, str] | None:
    """The first group (seat or side) whose Moors take the count past the pack's four, and a Moor it entered."""
    total = 0
    for number, combos in enumerate(groups):
        total += sum(c in MOORS for c in _cards_of(combos))
        if total > len(MOORS):
            entered = next(c for combo in combos for c in combo.cards if c in MOORS)
            return number, entered.code
    return None


def _check_declared_cards(declarations: Sequence[Combos], numbering: Numbering = Numbering.BOLOGNESE) -> None:
    """A player declares from their own fifteen cards, so no card is declared by two players (the alike Moors:
    no more than four among them)."""
    holder: dict[Card, int] = {}
    for s, combos in enumerate(declarations):
        cards = sorted(_cards_of(combos), key=lambda c: c.order)
        if len(cards) > HAND_SIZE:
            raise InvalidHand(
                "declarations",
                _(
                    "%(seat)s declares %(count)d different cards, but a player declares from %(most)d.",
                    seat=player_name(s),
                    count=len(cards),
                    most=HAND_SIZE,
                ),
                item=str(s),
            )
        for c in (c for c in cards if c not in MOORS):
            if c in holder:
                raise InvalidHand(
                    "declarations",
                    _(
                        "%(first)s and %(second)s both declare %(card)s, which is in one hand only.",
                        first=player_name(holder[c]),
                        second=seat_name(s),
                        card=the(c, numbering),
                    ),
                    item=f"{s}:{c.code}",
                )
            holder[c] = s
    beyond = _moors_beyond_four(declarations)
    if beyond is not None:
        s, code = beyond
        raise InvalidHand(
            "declarations",
            _(
                "With %(seat)s's, the players declare more Moors than the pack's %(moors)d.",
                seat=seat_name(s),
                moors=len(MOORS),
            ),
            item=f"{s}:{code}",
        )


def _check_captured(hand: OttocentoHand) -> None:
    """Each card lies in one side's tricks; only Moors and Aces may score on both sides (with different cards, the
    alike Moors four at most between them)."""
    mine, theirs = hand.captured
    both = {c.kind for c in mine} & {c.kind for c in theirs} - {Run.MOORS, Run.ACES}
    if both:
        kind = min(both, key=lambda k: k.title)
        raise InvalidHand(
            "captured",
            _("Both sides have the %(kind)s: its cards can be in one side's tricks only.", kind=_(kind.title)),
            item=f"1:{kind.id}",
        )
    shared = sorted((_cards_of(mine) & _cards_of(theirs)) - set(MOORS), key=lambda c: c.order)
    if shared:
        card = shared[0]
        raise InvalidHand(
            "captured",
            _(
                "%(card)s is in both sides' combinations: it was taken once.",
                card=capital(the(card, hand.rules.numbering)),
            ),
            item=f"1:{card.code}",
        )
    if _moors_beyond_four(hand.captured) is not None:
        code = next(c.code for combo in theirs for c in combo.cards if c in MOORS)
        raise InvalidHand(
            "captured",
            _(
                "The two sides' combinations hold more Moors than the pack's %(moors)d: they were taken once.",
                moors=len(MOORS),
            ),
            item=f"1:{code}",
        )
    _check_piles(hand)


def _least_holding(hand: OttocentoHand, side: int) -> int:
    """The fewest card points a side that took anything holds: a trick of four plain cards is 2; the dealer's side
    holds its two discards besides (two plain cards, 1 more), unless it took no trick."""
    return 3 if side == side_of(hand.dealer) else 2


def _check_piles_hold_tricks(hand: OttocentoHand) -> None:
    """A side's pile is no cards at all or at least a trick (the dealer's with the discards): 0, or 2 (3) or more."""
    assert hand.card_points is not None
    for side, points in enumerate(hand.card_points):
        least = _least_holding(hand, side)
        if 0 < points < least:
            raise InvalidHand("card_points", _too_few(side, points, least), item=str(side))


def _too_few(side: int, points: int, least: int) -> str:
    """Why a side's pile cannot hold so few card points (the dealer's side holds the two discards besides)."""
    if least == 3:
        return ngettext(
            "%(side)s, the dealer's side, cannot have %(num)d card point: a side holds no cards (0) or at least a "
            "trick and the two discards, worth %(least)d or more (each card is 1 or more, less 1 a pair).",
            "%(side)s, the dealer's side, cannot have %(num)d card points: a side holds no cards (0) or at least a "
            "trick and the two discards, worth %(least)d or more (each card is 1 or more, less 1 a pair).",
            points,
            side=side_name(side),
            least=least,
        )
    return ngettext(
        "%(side)s cannot have %(num)d card point: a side holds no cards (0) or at least a trick, worth %(least)d or "
        "more (each card is 1 or more, less 1 a pair).",
        "%(side)s cannot have %(num)d card points: a side holds no cards (0) or at least a trick, worth %(least)d or "
        "more (each card is 1 or more, less 1 a pair).",
        points,
        side=side_name(side),
        least=least,
    )


def _check_piles(hand: OttocentoHand) -> None:
    """Card points no lower than the captured cards alone are worth; a side with none took nothing."""
    assert hand.card_points is not None
    for side, (points, combos) in enumerate(zip(hand.card_points, hand.captured, strict=True)):
        least = lowest_points(_cards_of(combos))
        if points < least:
            raise InvalidHand(
                "card_points",
                _(
                    "%(side)s's captured combinations alone are worth at least %(least)d card points, not %(points)d.",
                    side=side_name(side),
                    least=least,
                    points=points,
                ),
                item=str(side),
            )
        if points == 0 and hand.last_trick == side:
            raise InvalidHand(
                "last_trick",
                _("%(side)s took no cards (0 card points), so not the last trick.", side=side_name(side)),
                item=str(side),
            )
