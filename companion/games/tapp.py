"""Tapp Tarock, three players: a hand record, its checks, and its pay-outs with the working.

Scores are in points (a session turns them into money at its stake). The
declarer (the bid winner) needs 36 card points: of 70 when the table counts
in threes (the traditional way), of 71 when it simply adds the cards.
Whoever is paid is paid by each other player; whoever pays, pays each other
player. Every pay-out is zero-sum.

>>> hand = TappHand.from_json({"bid": "three", "declarer": 0, "points": 38})
>>> score(hand).net
(20, -10, -10)
>>> score(TappHand.from_json({"bid": "three", "declarer": 0, "points": 30})).net
(-20, 10, 10)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..rules import InvalidHand
from ._parse import pick, seat

SEATS = 3
TARGET = 36


class Counting(Enum):
    """How the table counts card points: the total the points are out of."""

    TRADITIONAL = ("traditional", "in threes, two off each three (70 in the pack)", 70)
    SIMPLIFIED = ("simplified", "simply added, small cards nothing (71 in the pack)", 71)

    def __init__(self, id_: str, description: str, total: int):
        self.id = id_
        self.description = description
        self.total = total


class TappBid(Enum):
    """(id, said, pay-out in points): the bids, lowest first; a bridscher when everyone passes."""

    THREE = ("three", "Three", 10)
    TWO = ("two", "Two", 20)
    ONE = ("one", "One", 30)
    SOLO = ("solo", "Solo", 50)
    BRIDSCHER = ("bridscher", "Bridscher", 10)

    def __init__(self, id_: str, said: str, pays: int):
        self.id = id_
        self.said = said
        self.pays = pays


class TappBonus(Enum):
    """(id, name, silent value, announced value, what makes it)."""

    PAGAT_ULTIMO = ("pagat-ultimo", "Pagat Ultimo", 10, 20, "the Pagat (1) wins the last trick")
    TRULL = ("trull", "Trull", 10, 20, "one player wins all three of Pagat, Mond and Sküs")
    FOUR_KINGS = ("four-kings", "Four Kings", 10, 20, "one player wins all four Kings")
    WITH_40 = ("with-40", "With 40", 10, 20, "the declarer wins the game with 40 to 49 card points")
    WITH_50 = ("with-50", "With 50", 20, 40, "the declarer wins the game with 50 card points or more")

    def __init__(self, id_: str, label: str, silent: int, announced: int, meaning: str):
        self.id = id_
        self.label = label
        self.silent = silent
        self.announced = announced
        self.meaning = meaning

    @property
    def by_points(self) -> bool:
        """With 40 and With 50 follow from the declarer's points: never entered as made or missed."""
        return self in (TappBonus.WITH_40, TappBonus.WITH_50)


BIDS = {b.id: b for b in TappBid}
BONUSES = {b.id: b for b in TappBonus}
COUNTINGS = {c.id: c for c in Counting}


@dataclass(frozen=True)
class BonusClaim:
    """A bonus at the table: who made it (or announced it), whether announced, and whether made."""

    bonus: TappBonus
    seat: int
    announced: bool = False
    made: bool = True


@dataclass(frozen=True)
class TappHand:
    """One hand of Tapp Tarock as entered.

    ``declarer`` won the bid; in a bridscher (everyone passed) there is none
    and ``loser`` is the player who took the most card points. ``points`` are
    the declarer's card points.
    """

    bid: TappBid
    declarer: int | None
    points: int | None
    counting: Counting = Counting.TRADITIONAL
    loser: int | None = None
    bonuses: tuple[BonusClaim, ...] = ()

    @property
    def made(self) -> bool | None:
        return None if self.points is None else self.points >= TARGET

    @classmethod
    def from_json(cls, data: Any) -> TappHand:
        """Parse and check a hand; raises ``InvalidHand`` naming the field at fault."""
        if type(data) is not dict:
            raise InvalidHand("hand", "A hand must be a JSON object.")
        unknown = set(data) - {"bid", "declarer", "points", "counting", "loser", "bonuses"}
        if unknown:
            raise InvalidHand(sorted(unknown)[0], f"A Tapp Tarock hand has no field {sorted(unknown)[0]!r}.")
        bid = pick(BIDS, data.get("bid"), "bid", "a bid: three, two, one, solo or bridscher")
        counting = pick(
            COUNTINGS, data.get("counting", "traditional"), "counting", "traditional or simplified counting"
        )
        bonuses = tuple(_claim(item) for item in _list(data.get("bonuses", []), "bonuses"))
        if bid is TappBid.BRIDSCHER:
            for name in ("declarer", "points"):
                if data.get(name) is not None:
                    raise InvalidHand(name, "In a bridscher nobody won the bid: leave out the declarer and points.")
            loser = seat(data.get("loser"), "loser", "who took the most card points (and pays)", SEATS)
            hand = cls(bid, None, None, counting, loser, bonuses)
        else:
            if data.get("loser") is not None:
                raise InvalidHand("loser", "Only a bridscher has a loser.")
            declarer = seat(data.get("declarer"), "declarer", "the declarer", SEATS)
            points = data.get("points")
            if type(points) is not int or not 0 <= points <= counting.total:
                raise InvalidHand(
                    "points", f"The declarer's card points are a whole number from 0 to {counting.total}."
                )
            hand = cls(bid, declarer, points, counting, None, bonuses)
        _check_bonuses(hand)
        return hand

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"bid": self.bid.id, "counting": self.counting.id}
        if self.bid is TappBid.BRIDSCHER:
            out["loser"] = self.loser
        else:
            out.update(declarer=self.declarer, points=self.points)
        out["bonuses"] = [
            {"bonus": c.bonus.id, "seat": c.seat, "announced": c.announced, "made": c.made} for c in self.bonuses
        ]
        return out


def _list(value: Any, name: str) -> list[Any]:
    if type(value) is not list:
        raise InvalidHand(name, "Bonuses are a list.")
    return value


def _claim(item: Any) -> BonusClaim:
    if type(item) is not dict or not set(item) <= {"bonus", "seat", "announced", "made"}:
        raise InvalidHand("bonuses", 'Each bonus is {"bonus": …, "seat": …, "announced": …, "made": …}.')
    bonus = pick(BONUSES, item.get("bonus"), "bonuses", "a bonus: " + ", ".join(BONUSES))
    announced, made = item.get("announced", False), item.get("made", True)
    if type(announced) is not bool or type(made) is not bool:
        raise InvalidHand("bonuses", "Announced and made are true or false.")
    who = seat(item.get("seat"), "bonuses", f"who made or announced {bonus.label}", SEATS)
    return BonusClaim(bonus, who, announced, made)


def _check_bonuses(hand: TappHand) -> None:
    seen = set()
    for claim in hand.bonuses:
        if claim.bonus in seen:
            raise InvalidHand("bonuses", f"{claim.bonus.label} can be entered once.")
        seen.add(claim.bonus)
        if not claim.announced and not claim.made:
            raise InvalidHand(
                "bonuses", f"A silent {claim.bonus.label} that was not made scores nothing: leave it out."
            )
        if claim.bonus.by_points:
            if hand.declarer is None:
                raise InvalidHand("bonuses", f"{claim.bonus.label} is the declarer's: a bridscher has none.")
            if claim.seat != hand.declarer or not claim.announced:
                raise InvalidHand(
                    "bonuses", f"{claim.bonus.label} follows from the declarer's points: enter it only when announced."
                )


@dataclass(frozen=True)
class TappResult:
    """Each seat's points for the hand, and one sentence per payment."""

    net: tuple[int, ...]
    working: tuple[str, ...]


def _paid_by_each(seat: int, amount: int) -> list[int]:
    """``seat`` receives ``amount`` from each other player (a negative amount: pays each)."""
    return [amount * (SEATS - 1) if s == seat else -amount for s in range(SEATS)]


def _points_bonus(hand: TappHand) -> TappBonus | None:
    """With 40 or With 50, by the declarer's points in a won game."""
    if not hand.made or hand.points is None:
        return None
    if hand.points >= 50:
        return TappBonus.WITH_50
    return TappBonus.WITH_40 if hand.points >= 40 else None


def score(hand: TappHand) -> TappResult:
    """The pay-outs of a hand: the game, then each bonus."""
    net = [0] * SEATS
    working = []

    def pay(seat: int, amount: int, why: str) -> None:
        for s, v in enumerate(_paid_by_each(seat, amount)):
            net[s] += v
        working.append(why)

    bid = hand.bid
    if bid is TappBid.BRIDSCHER:
        assert hand.loser is not None
        why = f"Bridscher: seat {hand.loser + 1} took the most card points and pays each other player {bid.pays}."
        pay(hand.loser, -bid.pays, why)
    else:
        assert hand.declarer is not None and hand.points is not None
        took = f"{bid.said}: the declarer took {hand.points} of {hand.counting.total} ({TARGET} needed)"
        if hand.made:
            pay(hand.declarer, bid.pays, f"{took} and is paid {bid.pays} by each other player.")
        else:
            pay(hand.declarer, -bid.pays, f"{took} and pays each other player {bid.pays}.")

    # With 40 / With 50: announced, made or missed by the points; else silent, when the points earn one.
    announced = [c for c in hand.bonuses if c.bonus.by_points]
    for claim in announced:
        b = claim.bonus
        made = bool(hand.made) and (hand.points or 0) >= (50 if b is TappBonus.WITH_50 else 40)
        if made:
            pay(claim.seat, b.announced, f"{b.label}, announced and made: paid {b.announced} by each.")
        else:
            pay(claim.seat, -b.announced, f"{b.label}, announced and missed: the declarer pays each {b.announced}.")
    earned = _points_bonus(hand)
    if earned is not None and not announced and hand.declarer is not None:
        why = f"{earned.label} (silent): the declarer won with {hand.points}, paid {earned.silent} by each."
        pay(hand.declarer, earned.silent, why)

    for claim in hand.bonuses:
        b, who = claim.bonus, f"seat {claim.seat + 1}"
        if b.by_points:
            continue
        if not claim.announced:
            pay(claim.seat, b.silent, f"{b.label} (silent) by {who}: paid {b.silent} by each.")
        elif claim.made:
            pay(claim.seat, b.announced, f"{b.label}, announced by {who} and made: paid {b.announced} by each.")
        else:
            pay(claim.seat, -b.announced, f"{b.label}, announced by {who} and missed: pays each {b.announced}.")
    assert sum(net) == 0
    return TappResult(tuple(net), tuple(working))
