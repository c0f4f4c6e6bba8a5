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

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..common import InvalidHand
from ..common.parse import pick, seat
from ..common.words import N_, _

SEATS = 3
TARGET = 36


class Counting(Enum):
    """(id, name, how, total): how the table counts card points, and the total the points are out of."""

    TRADITIONAL = ("traditional", N_("Traditional"), N_("in threes, two off each three (70 in the pack)"), 70)
    SIMPLIFIED = ("simplified", N_("Simplified"), N_("simply added, small cards nothing (71 in the pack)"), 71)

    def __init__(self, id_: str, label: str, description: str, total: int):
        self.id = id_
        self.label = label
        self.description = description
        self.total = total


class TappBid(Enum):
    """(id, said, pay-out in points): the bids, lowest first; a bridscher when everyone passes."""

    THREE = ("three", N_("Three"), 10)
    TWO = ("two", N_("Two"), 20)
    ONE = ("one", N_("One"), 30)
    SOLO = ("solo", N_("Solo"), 50)
    BRIDSCHER = ("bridscher", N_("Bridscher"), 10)

    def __init__(self, id_: str, said: str, pays: int):
        self.id = id_
        self.said = said
        self.pays = pays


class TappBonus(Enum):
    """(id, name, silent value, announced value, what makes it, the declarer's least card points for it)."""

    PAGAT_ULTIMO = ("pagat-ultimo", N_("Pagat Ultimo"), 10, 20, N_("the Pagat (1) wins the last trick"), None)
    TRULL = ("trull", N_("Trull"), 10, 20, N_("one player wins all three of Pagat, Mond and Sküs"), None)
    FOUR_KINGS = ("four-kings", N_("Four Kings"), 10, 20, N_("one player wins all four Kings"), None)
    WITH_40 = ("with-40", N_("With 40"), 10, 20, N_("the declarer wins the game with 40 to 49 card points"), 40)
    WITH_50 = ("with-50", N_("With 50"), 20, 40, N_("the declarer wins the game with 50 card points or more"), 50)

    def __init__(self, id_: str, label: str, silent: int, announced: int, meaning: str, least: int | None):
        self.id = id_
        self.label = label
        self.silent = silent
        self.announced = announced
        self.meaning = meaning
        #: With 40 and With 50: made when the declarer wins the game with at least this many card points.
        self.least = least

    @property
    def by_points(self) -> bool:
        """With 40 and With 50 follow from the declarer's points: never entered as made or missed."""
        return self.least is not None

    def earned(self, points: int | None) -> bool:
        """Whether the declarer's points make this points bonus: a won game with ``least`` or more."""
        return self.least is not None and points is not None and points >= max(TARGET, self.least)


class Kontra(Enum):
    """(id, word, factor): an opponent's Kontra doubles a payment, the declarer's (or announcer's) Rekontra doubles
    it again. Not in the rules document: Tapp tables play it on the game and on an announced bonus, each its own."""

    NONE = ("", "", 1, "")
    KONTRA = ("kontra", "Kontra", 2, N_("Kontra ×2"))
    REKONTRA = ("rekontra", "Rekontra", 4, N_("Rekontra ×4"))

    def __init__(self, id_: str, word: str, factor: int, shown: str):
        self.id = id_
        self.word = word
        self.factor = factor
        self.shown = shown

    @property
    def said(self) -> str:
        """How the working and the form say it, in the reader's language: "Kontra ×2" (nothing when none was
        said)."""
        return _(self.shown) if self.shown else ""

    @property
    def tag(self) -> str:
        """What the working adds after the words it was said on: ", Kontra ×2" (nothing when none was said)."""
        return f", {self.said}" if self.shown else ""

    def on(self, words: str) -> str:
        """``words`` followed by the Kontra said on them, if any: "Three, Kontra ×2"."""
        return f"{words}{self.tag}"


BIDS = {b.id: b for b in TappBid}
BONUSES = {b.id: b for b in TappBonus}
COUNTINGS = {c.id: c for c in Counting}
#: Kontra said (the record leaves it out when none was).
KONTRAS = {k.id: k for k in Kontra if k.id}
#: Bonuses made only by whoever ends with the Pagat in their tricks: Pagat Ultimo (the Pagat wins the last
#: trick, so lands in its player's tricks) and the Trull (which needs the Pagat among Mond and Sküs).
PAGAT_BONUSES = (TappBonus.PAGAT_ULTIMO, TappBonus.TRULL)


@dataclass(frozen=True)
class BonusClaim:
    """A bonus at the table: who made it (or announced it), whether announced, and whether made.

    For With 40 and With 50 ``made`` is what the declarer's points say.
    """

    bonus: TappBonus
    seat: int
    announced: bool = False
    made: bool = True
    #: Kontra (or Rekontra) said on this bonus: only an announced bonus can be doubled.
    kontra: Kontra = Kontra.NONE


@dataclass(frozen=True)
class TappHand:
    """One hand of Tapp Tarock as entered.

    ``declarer`` won the bid; in a bridscher (everyone passed) there is none
    and ``losers`` is who took the most card points: one player, or two or
    three tied for the most. ``points`` are the declarer's card points.
    ``kontra``: Kontra or Rekontra said on the game (never in a bridscher).
    """

    bid: TappBid
    declarer: int | None
    points: int | None
    counting: Counting = Counting.TRADITIONAL
    losers: tuple[int, ...] = ()
    bonuses: tuple[BonusClaim, ...] = ()
    kontra: Kontra = Kontra.NONE

    @property
    def made(self) -> bool | None:
        return None if self.points is None else self.points >= TARGET

    @property
    def loser(self) -> int | None:
        """A bridscher's loser; with a tie, the first of them (``losers`` has them all)."""
        return self.losers[0] if self.losers else None

    @classmethod
    def from_json(cls, data: Any, stored: bool = False) -> TappHand:
        """Parse and check a hand; raises ``InvalidHand`` naming the field at fault.

        ``stored``: a hand read back from the database or a backup, perhaps saved before ``made`` on With 40 and
        With 50 was checked (the points decide it) and before Pagat Ultimo and the Trull were checked together.
        """
        if type(data) is not dict:
            raise InvalidHand("hand", _("A hand must be a JSON object."))
        unknown = set(data) - {"bid", "declarer", "points", "counting", "loser", "bonuses", "kontra"}
        if unknown:
            field = sorted(unknown)[0]
            raise InvalidHand(field, _("A Tapp Tarock hand has no field %(field)s.", field=repr(field)))
        bid = pick(BIDS, data.get("bid"), "bid", N_("a bid: three, two, one, solo or bridscher"))
        counting = pick(
            COUNTINGS, data.get("counting", "traditional"), "counting", N_("traditional or simplified counting")
        )
        claims = [_claim(item) for item in _list(data.get("bonuses", []), "bonuses")]
        kontra = _kontra(data.get("kontra"), "kontra")
        if bid is TappBid.BRIDSCHER:
            if kontra is not Kontra.NONE:
                raise InvalidHand("kontra", _("In a bridscher nobody won the bid, so there is no game to Kontra."))
            for name in ("declarer", "points"):
                if data.get(name) is not None:
                    raise InvalidHand(name, _("In a bridscher nobody won the bid: leave out the declarer and points."))
            declarer, points, losers = None, None, _losers(data.get("loser"))
        else:
            if data.get("loser") is not None:
                raise InvalidHand("loser", _("Only a bridscher has a loser."))
            declarer = seat(data.get("declarer"), "declarer", N_("the declarer"), SEATS)
            points = data.get("points")
            if type(points) is not int or not 0 <= points <= counting.total:
                raise InvalidHand(
                    "points",
                    _("The declarer's card points are a whole number from 0 to %(total)s.", total=counting.total),
                )
            losers = ()
        settled = tuple(_settled(c, None if stored else made, points) for c, made in claims)
        hand = cls(bid, declarer, points, counting, losers, settled, kontra)
        _check_bonuses(hand, stored)
        return hand

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"bid": self.bid.id, "counting": self.counting.id}
        if self.bid is TappBid.BRIDSCHER:
            out["loser"] = self.losers[0] if len(self.losers) == 1 else list(self.losers)
        else:
            out.update(declarer=self.declarer, points=self.points)
        if self.kontra is not Kontra.NONE:  # left out when none was said: a record as it was before Kontra
            out["kontra"] = self.kontra.id
        out["bonuses"] = [_claim_json(c) for c in self.bonuses]
        return out


def _claim_json(claim: BonusClaim) -> dict[str, Any]:
    out: dict[str, Any] = {
        "bonus": claim.bonus.id,
        "seat": claim.seat,
        "announced": claim.announced,
        "made": claim.made,
    }
    if claim.kontra is not Kontra.NONE:
        out["kontra"] = claim.kontra.id
    return out


def _kontra(value: Any, name: str, item: str | None = None) -> Kontra:
    """Kontra said: none (left out), "kontra" (×2) or "rekontra" (×4)."""
    if value is None or value == "":
        return Kontra.NONE
    found = KONTRAS.get(value) if type(value) is str else None
    if found is None:
        raise InvalidHand(name, _("Kontra is kontra (×2) or rekontra (×4), or left out."), item=item)
    return found


def _list(value: Any, name: str) -> list[Any]:
    if type(value) is not list:
        raise InvalidHand(name, _("Bonuses are a list."))
    return value


def _losers(value: Any) -> tuple[int, ...]:
    """A bridscher's loser: a seat, or a list of the seats tied for the most card points."""
    who = N_("who took the most card points (and pays)")
    if type(value) is not list:
        return (seat(value, "loser", who, SEATS),)
    losers = tuple(sorted(seat(v, "loser", who, SEATS) for v in value))
    if not losers or len(set(losers)) != len(losers):
        raise InvalidHand("loser", _("A tie names each player with the most card points once: two or all three."))
    return losers


def _claim(item: Any) -> tuple[BonusClaim, bool | None]:
    """A bonus claim as given, and its ``made`` as given (None when left out)."""
    if type(item) is not dict or not set(item) <= {"bonus", "seat", "announced", "made", "kontra"}:
        raise InvalidHand(
            "bonuses", _('Each bonus is {"bonus": …, "seat": …, "announced": …, "made": …} (and perhaps "kontra").')
        )
    bonus = pick(BONUSES, item.get("bonus"), "bonuses", _("a bonus: %(bonuses)s", bonuses=", ".join(BONUSES)))
    announced, made = item.get("announced", False), item.get("made")
    if type(announced) is not bool or type(made) not in (bool, type(None)):
        raise InvalidHand("bonuses", _("Announced and made are true or false."), item=bonus.id)
    who = seat(item.get("seat"), "bonuses", _("who made or announced %(bonus)s", bonus=_(bonus.label)), SEATS)
    kontra = _kontra(item.get("kontra"), "bonuses", kontra_item(bonus))
    if kontra is not Kontra.NONE and not announced:
        raise InvalidHand(
            "bonuses",
            _(
                "Kontra answers an announcement: a silent %(bonus)s was never announced, so nobody could double it.",
                bonus=_(bonus.label),
            ),
            item=kontra_item(bonus),
        )
    return BonusClaim(bonus, who, announced, True if made is None else made, kontra), made


def kontra_item(bonus: TappBonus) -> str:
    """What a refusal of the Kontra on ``bonus`` names as its ``item`` (the form shows it beside that Kontra)."""
    return f"{bonus.id}/kontra"


def _settled(claim: BonusClaim, made: bool | None, points: int | None) -> BonusClaim:
    """With 40 and With 50 are made or missed by the declarer's points: a ``made`` given must agree."""
    b = claim.bonus
    if not b.by_points or not claim.announced or points is None:
        return claim  # not a points bonus, or one entered where it cannot be: refused by ``_check_bonuses``
    earned = b.earned(points)
    if made is not None and made is not earned:
        raise InvalidHand("bonuses", _made_by_points(b, points, earned), item=b.id)
    return BonusClaim(b, claim.seat, claim.announced, earned, claim.kontra)


def _made_by_points(bonus: TappBonus, points: int, earned: bool) -> str:
    """Why a ``made`` given on With 40 or With 50 is refused: the points say otherwise."""
    if points < TARGET:
        return _(
            "%(bonus)s is made or missed by the declarer's points: the declarer took %(points)s and lost the game, "
            "so it was missed. Leave out made, or make it false.",
            bonus=_(bonus.label),
            points=points,
        )
    if earned:
        return _(
            "%(bonus)s is made or missed by the declarer's points: the declarer won the game with %(points)s, so it "
            "was made. Leave out made, or make it true.",
            bonus=_(bonus.label),
            points=points,
        )
    return _(
        "%(bonus)s is made or missed by the declarer's points: the declarer won the game with %(points)s, so it was "
        "missed. Leave out made, or make it false.",
        bonus=_(bonus.label),
        points=points,
    )


def _check_bonuses(hand: TappHand, stored: bool = False) -> None:
    seen = set()
    for claim in hand.bonuses:
        b = claim.bonus
        if b in seen:
            raise InvalidHand("bonuses", _("%(bonus)s can be entered once.", bonus=_(b.label)), item=b.id)
        seen.add(b)
        if b.by_points:
            _check_points_bonus(hand, claim)
        elif not claim.announced and not claim.made:
            raise InvalidHand(
                "bonuses",
                _("A silent %(bonus)s that was not made scores nothing: leave it out.", bonus=_(b.label)),
                item=b.id,
            )
    makers = {c.seat for c in hand.bonuses if c.bonus in PAGAT_BONUSES and c.made}
    if len(makers) > 1 and not stored:
        raise InvalidHand(
            "bonuses",
            _(
                "Pagat Ultimo and the Trull were made by different players, but both go to whoever ends with the "
                "Pagat: Pagat Ultimo puts it in the tricks of its player, and the Trull needs it."
            ),
            item=TappBonus.TRULL.id,
        )


def _check_points_bonus(hand: TappHand, claim: BonusClaim) -> None:
    label = _(claim.bonus.label)
    if hand.declarer is None:
        raise InvalidHand(
            "bonuses", _("%(bonus)s is the declarer's: a bridscher has none.", bonus=label), item=claim.bonus.id
        )
    if claim.seat != hand.declarer or not claim.announced:
        raise InvalidHand(
            "bonuses",
            _("%(bonus)s follows from the declarer's points: enter it only when announced.", bonus=label),
            item=claim.bonus.id,
        )


def upgrade_record(data: Any) -> Any:
    """A record stored before With 40 / With 50's ``made`` was checked, with the points' word on it.

    Until then ``to_json`` wrote ``"made": true`` on every announced With 40 or With 50, missed or not (the
    points decided, and ``made`` was ignored); such a record is now refused. This gives each of those claims
    the ``made`` its points say, and leaves everything else as it was (anything not a record, untouched).

    >>> upgrade_record({"bid": "three", "declarer": 0, "points": 38,
    ...     "bonuses": [{"bonus": "with-40", "seat": 0, "announced": True, "made": True}]})["bonuses"]
    [{'bonus': 'with-40', 'seat': 0, 'announced': True, 'made': False}]
    """
    if type(data) is not dict or type(data.get("bonuses")) is not list or type(data.get("points")) is not int:
        return data
    claims = []
    for item in data["bonuses"]:
        name = item.get("bonus") if type(item) is dict else None
        bonus = BONUSES.get(name) if type(name) is str else None
        if bonus is not None and bonus.by_points and "made" in item:
            item = {**item, "made": bonus.earned(data["points"])}
        claims.append(item)
    return {**data, "bonuses": claims}


@dataclass(frozen=True)
class TappResult:
    """Each seat's points for the hand, and one sentence per payment."""

    net: tuple[int, ...]
    working: tuple[str, ...]


def _paid_by_each(seat: int, amount: int) -> list[int]:
    """``seat`` receives ``amount`` from each other player (a negative amount: pays each)."""
    return [amount * (SEATS - 1) if s == seat else -amount for s in range(SEATS)]


def _points_bonus(hand: TappHand) -> TappBonus | None:
    """With 50 or With 40, by the declarer's points in a won game."""
    return next((b for b in (TappBonus.WITH_50, TappBonus.WITH_40) if b.earned(hand.points)), None)


class _Payments:
    """The pay-outs of a hand as they add up: each seat's net, and a sentence for each payment."""

    def __init__(self, names: Sequence[str] | None):
        self.net = [0] * SEATS
        self.working: list[str] = []
        self.names = names

    def move(self, seat: int, amount: int) -> None:
        """``seat`` is paid ``amount`` by each other player (pays each, when negative)."""
        for s, v in enumerate(_paid_by_each(seat, amount)):
            self.net[s] += v

    def pay(self, seat: int, amount: int, why: str) -> None:
        """As ``move``, with the sentence that says why."""
        self.move(seat, amount)
        self.working.append(why)

    def result(self) -> TappResult:
        assert sum(self.net) == 0
        return TappResult(tuple(self.net), tuple(self.working))


def score(hand: TappHand, names: Sequence[str] | None = None) -> TappResult:
    """The pay-outs of a hand: the game, then each bonus. ``names`` (by seat) name the players in the working."""
    out = _Payments(names)
    if hand.bid is TappBid.BRIDSCHER:
        _bridscher(hand, out)
    else:
        _game(hand, out)
    _points_bonuses(hand, out)
    for claim in hand.bonuses:
        if not claim.bonus.by_points:
            _table_bonus(claim, out)
    return out.result()


def _game(hand: TappHand, out: _Payments) -> None:
    bid, pays = hand.bid, hand.bid.pays * hand.kontra.factor
    assert hand.declarer is not None and hand.points is not None
    said = {"bid": _(bid.said), "kontra": hand.kontra.tag, "points": hand.points, "pays": pays}
    said.update(total=hand.counting.total, target=TARGET)
    if hand.made:
        why = _(
            "%(bid)s%(kontra)s: the declarer took %(points)s of %(total)s (%(target)s needed) and is paid %(pays)s "
            "by each other player.",
            **said,
        )
        out.pay(hand.declarer, pays, why)
    else:
        why = _(
            "%(bid)s%(kontra)s: the declarer took %(points)s of %(total)s (%(target)s needed) and pays each other "
            "player %(pays)s.",
            **said,
        )
        out.pay(hand.declarer, -pays, why)


def _bridscher(hand: TappHand, out: _Payments) -> None:
    """Whoever took the most card points pays each other player; tied, each of them does [interpretation]."""
    pays = hand.bid.pays
    for loser in hand.losers:
        out.move(loser, -pays)
    out.working.append(_bridscher_said(hand.losers, out.names, pays))


def _bridscher_said(losers: tuple[int, ...], names: Sequence[str] | None, pays: int) -> str:
    """The working's sentence for a bridscher's payments: one loser, two tied, or all three."""
    if len(losers) == 1 and names:
        return _(
            "Bridscher: %(name)s took the most card points and pays each other player %(pays)s.",
            name=names[losers[0]],
            pays=pays,
        )
    if len(losers) == 1:
        return _("Bridscher: the player who took the most card points pays each other player %(pays)s.", pays=pays)
    if len(losers) == 2 and names:
        return _(
            "Bridscher: %(first)s and %(second)s tied for the most card points, so each pays each other player "
            "%(pays)s: between the two it cancels, and each pays the third player %(pays)s.",
            first=names[losers[0]],
            second=names[losers[1]],
            pays=pays,
        )
    if len(losers) == 2:
        return _(
            "Bridscher: Two players tied for the most card points, so each pays each other player %(pays)s: "
            "between the two it cancels, and each pays the third player %(pays)s.",
            pays=pays,
        )
    return _(
        "Bridscher: all three tied for the most card points; each would pay each other player %(pays)s, so nobody "
        "pays.",
        pays=pays,
    )


def _points_bonuses(hand: TappHand, out: _Payments) -> None:
    """With 40 / With 50: announced, made or missed by the points; else silent, when the points earn one."""
    announced = [c for c in hand.bonuses if c.bonus.by_points]
    for claim in announced:
        b, worth = claim.bonus, claim.bonus.announced * claim.kontra.factor
        said = {"bonus": _(b.label), "kontra": claim.kontra.tag, "worth": worth}
        if claim.made:
            out.pay(claim.seat, worth, _("%(bonus)s, announced and made%(kontra)s: paid %(worth)s by each.", **said))
        else:
            why = _("%(bonus)s, announced and missed%(kontra)s: the declarer pays each %(worth)s.", **said)
            out.pay(claim.seat, -worth, why)
    earned = _points_bonus(hand)
    if earned is not None and not announced and hand.declarer is not None:
        why = _(
            "%(bonus)s (silent): the declarer won with %(points)s, paid %(silent)s by each.",
            bonus=_(earned.label),
            points=hand.points,
            silent=earned.silent,
        )
        out.pay(hand.declarer, earned.silent, why)


def _table_bonus(claim: BonusClaim, out: _Payments) -> None:
    b, names = claim.bonus, out.names
    worth = b.announced * claim.kontra.factor
    said = {"bonus": _(b.label), "kontra": claim.kontra.tag, "worth": worth, "silent": b.silent}
    if names:
        said["name"] = names[claim.seat]
    if not claim.announced:
        out.pay(claim.seat, b.silent, _silent_said(bool(names), said))
    elif claim.made:
        out.pay(claim.seat, worth, _announced_made_said(bool(names), said))
    else:
        out.pay(claim.seat, -worth, _announced_missed_said(bool(names), said))


def _silent_said(named: bool, said: dict[str, object]) -> str:
    if named:
        return _("%(bonus)s (silent) by %(name)s: paid %(silent)s by each other player.", **said)
    return _("%(bonus)s (silent): paid %(silent)s by each other player.", **said)


def _announced_made_said(named: bool, said: dict[str, object]) -> str:
    if named:
        return _("%(bonus)s, announced by %(name)s and made%(kontra)s: paid %(worth)s by each other player.", **said)
    return _("%(bonus)s, announced and made%(kontra)s: paid %(worth)s by each other player.", **said)


def _announced_missed_said(named: bool, said: dict[str, object]) -> str:
    if named:
        return _(
            "%(bonus)s, announced by %(name)s and missed%(kontra)s: %(name)s pays each other player %(worth)s.", **said
        )
    return _("%(bonus)s, announced and missed%(kontra)s: the announcer pays each other player %(worth)s.", **said)
