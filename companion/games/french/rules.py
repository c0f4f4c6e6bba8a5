"""French Tarot for three, four or five players: a hand record, its checks, and its scores with the working.

Scores are in points, as French players keep them (a session turns them into
money at its stake). The taker needs 56, 51, 41 or 36 card points of 91 with
0, 1, 2 or 3 bouts (the 21, the Petit and the Excuse). Card points count to
the half point (whole with four players); the difference from the target is
then rounded up, in favour of the side that scores (40.5 against 41 fails by
1; 41.5 wins by 1).

Each defender's score is ± ((25 + difference) × contract + Petit au bout) ±
poignées ± chelem. The taker's is the opposite of the defenders' together;
with five players and a called partner, the taker takes two thirds of it and
the partner one third.

House rules a session may play (``house``), which its hands carry: the older
scale of multipliers, and misères, each paid 10 by every other player.

>>> hand = FrenchHand.from_json({"players": 4, "taker": 0, "contract": "garde", "bouts": 2, "points": 45})
>>> score(hand).net
(174, -58, -58, -58)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..common import InvalidHand
from ..common.parse import pick, seat
from ..common.words import N_, _, ngettext

TOTAL = 91
#: Card points the taker needs, by the number of bouts in the taker's tricks.
TARGETS = (56, 51, 41, 36)
BASE = 25
PETIT_AU_BOUT = 10
BOUTS = 3


class Side(Enum):
    TAKER = "taker"
    DEFENCE = "defence"

    @property
    def sign(self) -> int:
        return 1 if self is Side.TAKER else -1

    @property
    def other(self) -> Side:
        return Side.DEFENCE if self is Side.TAKER else Side.TAKER


class Contract(Enum):
    """(id, name, multiplier, whose the dog's cards are, other names), lowest first."""

    PETITE = ("petite", N_("Petite"), 1, Side.TAKER, ("prise",))
    GARDE = ("garde", N_("Garde"), 2, Side.TAKER, ())
    GARDE_SANS = ("garde-sans", N_("Garde sans"), 4, Side.TAKER, ())
    GARDE_CONTRE = ("garde-contre", N_("Garde contre"), 6, Side.DEFENCE, ())

    def __init__(self, id_: str, label: str, multiplier: int, dog: Side, aliases: tuple[str, ...]):
        self.id = id_
        self.label = label
        self.multiplier = multiplier
        #: In a petite or a garde the taker's discard (the new dog) counts for the taker; in a garde
        #: sans the dog does, unseen; in a garde contre it goes to the defence.
        self.dog = dog
        #: Other names tables use: a petite is also called a prise.
        self.aliases = aliases


class Poignee(Enum):
    """(id, name, bonus): a handful of trumps shown before play."""

    SIMPLE = ("simple", N_("Simple poignée"), 20)
    DOUBLE = ("double", N_("Double poignée"), 30)
    TRIPLE = ("triple", N_("Triple poignée"), 40)

    def __init__(self, id_: str, label: str, bonus: int):
        self.id = id_
        self.label = label
        self.bonus = bonus

    def trumps(self, players: int) -> int:
        """Trumps it shows at a table of ``players``."""
        return POIGNEE_TRUMPS[players][list(Poignee).index(self)]


#: Trumps (the Excuse may stand in for one) a poignée needs, by the number of players.
POIGNEE_TRUMPS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}
#: The 21 trumps and the Excuse: all the poignées shown in a hand cannot show more cards between them.
TRUMPS_AND_EXCUSE = 22


class Chelem(Enum):
    """(id, what happened, the taker's side's score from each defender, the side that took every trick)."""

    ANNOUNCED_MADE = ("announced-made", N_("announced and made"), 400, Side.TAKER)
    MADE = ("made", N_("made without announcing"), 200, Side.TAKER)
    ANNOUNCED_FAILED = ("announced-failed", N_("announced and failed"), -200, None)
    DEFENCE = ("defence", N_("made by the defence"), -200, Side.DEFENCE)

    def __init__(self, id_: str, label: str, bonus: int, sweeper: Side | None):
        self.id = id_
        self.label = label
        self.bonus = bonus
        self.sweeper = sweeper


class Scale(Enum):
    """(id, how the start form says it, the multipliers of garde sans and garde contre): what each contract
    multiplies by. Petite ×1 and garde ×2 on either."""

    #: The federation's rules today: garde sans ×4, garde contre ×6.
    FFT = ("fft", N_("Federation (FFT): garde sans ×4, garde contre ×6"), 4, 6)
    #: The older scale many home tables still keep: garde sans ×3, garde contre ×4.
    OLDER = ("older", N_("Older scale: garde sans ×3, garde contre ×4"), 3, 4)

    def __init__(self, id_: str, label: str, sans: int, contre: int):
        self.id = id_
        self.label = label
        self.sans = sans
        self.contre = contre

    @property
    def short(self) -> str:
        """Its name alone, in the reader's language: "Federation (FFT)", "Older scale"."""
        return _(self.label).partition(":")[0].strip()

    def multiplier(self, contract: Contract) -> int:
        """What ``contract`` multiplies by on this scale.

        >>> [Scale.OLDER.multiplier(c) for c in Contract], [Scale.FFT.multiplier(c) for c in Contract]
        ([1, 2, 3, 4], [1, 2, 4, 6])
        """
        if contract is Contract.GARDE_SANS:
            return self.sans
        if contract is Contract.GARDE_CONTRE:
            return self.contre
        return contract.multiplier


SCALES = {s.id: s for s in Scale}


class Misere(Enum):
    """(id, name): a misère, declared before play and paid by each other player whoever wins the hand, when the
    session plays it (a house rule)."""

    TRUMPS = ("trumps", N_("Misère d'atout"))
    HEADS = ("heads", N_("Misère de têtes"))

    def __init__(self, id_: str, label: str):
        self.id = id_
        self.label = label


#: What a misère is paid by each other player: not multiplied, and not the taker's side's or the defence's.
MISERE = 10
MISERES = {m.id: m for m in Misere}
#: What is said of a misère, by its kind and what is said: each kind its whole sentences, as each language words them.
_MISERE_SAID = {
    ("trumps", "who"): N_("who declared the Misère d'atout"),
    ("heads", "who"): N_("who declared the Misère de têtes"),
    ("trumps", "once"): N_("Each player declares a Misère d'atout once at most."),
    ("heads", "once"): N_("Each player declares a Misère de têtes once at most."),
    ("trumps", "all"): N_(
        "Every player declared a Misère d'atout, but the dog holds only %(dog)s cards: someone was dealt a trump."
    ),
    ("heads", "all"): N_(
        "Every player declared a Misère de têtes, but the dog holds only %(dog)s cards: someone was dealt a King, "
        "Queen, Knight or Jack."
    ),
    ("trumps", "paid"): N_(
        "Misère d'atout (no trump) declared: %(each)s from each other player, %(all)s in all, whoever won the hand."
    ),
    ("heads", "paid"): N_(
        "Misère de têtes (no King, Queen, Knight or Jack) declared: %(each)s from each other player, %(all)s in all, "
        "whoever won the hand."
    ),
    ("trumps", "paid by"): N_(
        "Misère d'atout (no trump) declared by %(name)s: %(each)s from each other player, %(all)s in all, whoever "
        "won the hand."
    ),
    ("heads", "paid by"): N_(
        "Misère de têtes (no King, Queen, Knight or Jack) declared by %(name)s: %(each)s from each other player, "
        "%(all)s in all, whoever won the hand."
    ),
}


def _misere_said(kind: Misere, what: str, **values: object) -> str:
    """The sentence ``what`` of a misère of ``kind``, in the reader's language."""
    return _(_MISERE_SAID[kind.id, what], **values)


CONTRACTS = {c.id: c for c in Contract}
#: Every name a contract goes by, for parsing: its id and its other names.
CONTRACT_NAMES = {**CONTRACTS, **{alias: c for c in Contract for alias in c.aliases}}
SIDES = {s.value: s for s in Side}
POIGNEES = {p.id: p for p in Poignee}
CHELEMS = {c.id: c for c in Chelem}

# -- what the cards allow ---------------------------------------------------------
#
# Card points are counted per card, in halves: a bout or a King 4½ (9 halves),
# a Queen 3½, a Knight 2½, a Jack 1½, every other card ½. Every card is an odd
# number of halves, so a pile of n cards is worth an odd number of halves
# exactly when n is odd.
#
# A side's pile is made of whole tricks (one card per player) and perhaps the
# dog: 78 = 24 tricks of 3 + a dog of 6 (three players) = 18 × 4 + 6 (four)
# = 15 × 5 + 3 (five). The Excuse changes hands one card for one: its owner
# keeps it and gives a ½-point card in its place (and a side that never wins a
# trick cannot keep it). With four players tricks and dog are both even, so each
# side always holds an even number of cards and its card points are whole; with
# three (tricks of 3) or five (tricks of 5, a dog of 3) a side may hold an odd
# number, and half points happen: the document speaks of the half point "in games
# with an odd number of cards".
#
# A side holding b bouts has at least 4½ × b; when the dog's cards count for it
# (the taker's in a petite, garde or garde sans, the defence's in a garde contre)
# it also holds the dog's cards, each ½ at least, some of which may be among its
# bouts. The taker's side holds ``bouts`` of the 3 and the defence the rest, of 91.

#: The dog's cards, by the number of players.
DOG = {3: 6, 4: 6, 5: 3}
BOUT_HALVES = 9
LEAST_HALVES = 1  # ½: no card is worth less


def whole_points(players: int) -> bool:
    """Whether each side's card points are whole: tricks of ``players`` cards and the dog both even.

    >>> [whole_points(n) for n in (3, 4, 5)]
    [False, True, False]
    """
    return players % 2 == 0 and DOG[players] % 2 == 0


def least_halves(bouts: int, dog: int) -> int:
    """The least card points, in halves, of a side holding ``bouts`` bouts and ``dog`` cards of the dog.

    Its bouts (4½ each) and, besides them, at least ``dog - bouts`` other cards (½ each at least):

    >>> least_halves(3, 0), least_halves(3, 6), least_halves(0, 6), least_halves(1, 3)
    (27, 30, 6, 11)
    """
    return BOUT_HALVES * bouts + LEAST_HALVES * max(0, dog - bouts)


def halves_bounds(players: int, contract: Contract, bouts: int) -> tuple[int, int]:
    """The least and most card points of the taker's side, in halves, with ``bouts`` bouts.

    >>> halves_bounds(3, Contract.GARDE_CONTRE, 3)   # 13½ for the 3 bouts; the dog's 6 cards (3) the defence's
    (27, 176)
    >>> halves_bounds(4, Contract.PETITE, 3)         # the 3 bouts and the dog's 6 cards: 15
    (30, 182)
    >>> halves_bounds(4, Contract.GARDE, 0)          # the defence's 3 bouts leave 77½, so 77 with four
    (6, 154)
    >>> halves_bounds(5, Contract.GARDE_CONTRE, 1)   # the defence's 2 bouts and the dog's 3 cards: 9½
    (9, 163)
    """
    dog = DOG[players]
    least = least_halves(bouts, dog if contract.dog is Side.TAKER else 0)
    most = 2 * TOTAL - least_halves(BOUTS - bouts, dog if contract.dog is Side.DEFENCE else 0)
    if whole_points(players):
        least, most = least + least % 2, most - most % 2
    return least, most


def _half_text(halves: int) -> str:
    return f"{halves // 2}½" if halves % 2 else str(halves // 2)


@dataclass(frozen=True)
class FrenchHand:
    """One hand as entered. ``points`` are the taker's side's card points, in halves (81 is 40½).

    With five players ``partner`` is who held the called King; the taker
    alone when the King was the taker's own (or lay in the dog).
    """

    players: int
    taker: int
    contract: Contract
    bouts: int
    half_points: int
    partner: int | None = None
    petit_au_bout: Side | None = None
    poignees: tuple[tuple[Poignee, Side], ...] = ()
    chelem: Chelem | None = None
    #: The contracts' multipliers: the federation's, unless the session plays the older scale.
    scale: Scale = Scale.FFT
    #: Misères declared (a house rule): who, and of what they were dealt none.
    miseres: tuple[tuple[int, Misere], ...] = ()

    @property
    def multiplier(self) -> int:
        """What the contract multiplies by, on the hand's scale."""
        return self.scale.multiplier(self.contract)

    @property
    def points(self) -> float:
        return self.half_points / 2

    @property
    def target(self) -> int:
        return TARGETS[self.bouts]

    @property
    def made(self) -> bool:
        return self.half_points >= 2 * self.target

    @property
    def difference(self) -> int:
        """Card points over or under the target, a half rounded up."""
        return math.ceil(abs(self.half_points - 2 * self.target) / 2)

    @property
    def with_partner(self) -> bool:
        return self.partner is not None and self.partner != self.taker

    def players_of(self, side: Side) -> int:
        """How many players a side is: the taker (with a called partner), or the others."""
        taker_side = 2 if self.with_partner else 1
        return taker_side if side is Side.TAKER else self.players - taker_side

    def bouts_of(self, side: Side) -> int:
        return self.bouts if side is Side.TAKER else BOUTS - self.bouts

    @classmethod
    def from_json(cls, data: Any, stored: bool = False) -> FrenchHand:
        """Parse and check a hand; raises ``InvalidHand`` naming the field at fault.

        ``stored``: a hand read back from the database or a backup, saved before the checks of what a deal
        can hold (points, poignées, Petit au bout) were made: it is read as it was saved.
        """
        if type(data) is not dict:
            raise InvalidHand("hand", _("A hand must be a JSON object."))
        unknown = sorted(set(data) - _FIELDS)
        if unknown:
            raise InvalidHand(unknown[0], _("A French Tarot hand has no field %(field)s.", field=repr(unknown[0])))
        players = data.get("players")
        if type(players) is not int or players not in DOG:
            raise InvalidHand("players", _("French Tarot is for 3, 4 or 5 players."))
        taker = seat(data.get("taker"), "taker", N_("the taker"), players)
        contract = pick(
            CONTRACT_NAMES, data.get("contract"), "contract", N_("petite (or prise), garde, garde-sans or garde-contre")
        )
        bouts = data.get("bouts")
        if type(bouts) is not int or not 0 <= bouts <= BOUTS:
            raise InvalidHand("bouts", _("Bouts in the taker's tricks: 0, 1, 2 or 3."))
        hand = cls(
            players,
            taker,
            contract,
            bouts,
            _half_points(data.get("points")),
            _partner(data.get("partner"), players),
            _side_or_none(data.get("petit_au_bout"), "petit_au_bout"),
            _poignees(data.get("poignees", [])),
            _chelem(data.get("chelem")),
            pick(SCALES, data.get("scale", Scale.FFT.id), "scale", N_("the scale: fft or older")),
            _miseres(data.get("miseres", []), players),
        )
        _check_chelem(hand)
        _check_miseres(hand)  # misères came with their check: no hand was saved with one before it
        if not stored:
            _check_points(hand)
            _check_poignees(hand)
            _check_petit_au_bout(hand)
        return hand

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "players": self.players,
            "taker": self.taker,
            "contract": self.contract.id,
            "bouts": self.bouts,
            "points": self.half_points // 2 if self.half_points % 2 == 0 else self.points,
        }
        if self.partner is not None:
            out["partner"] = self.partner
        if self.petit_au_bout is not None:
            out["petit_au_bout"] = self.petit_au_bout.value
        out["poignees"] = [{"size": p.id, "side": s.value} for p, s in self.poignees]
        if self.chelem is not None:
            out["chelem"] = self.chelem.id
        if self.scale is not Scale.FFT:  # house rules are left out when not played: a record as it was before them
            out["scale"] = self.scale.id
        if self.miseres:
            out["miseres"] = [{"seat": s, "kind": m.id} for s, m in self.miseres]
        return out


_FIELDS = frozenset(
    [
        *("players", "taker", "contract", "bouts", "points", "partner", "petit_au_bout", "poignees", "chelem"),
        *("scale", "miseres"),  # house rules, when the session plays them
    ]
)

# -- parsing, a field at a time ------------------------------------------------------


def _half_points(points: Any) -> int:
    if not isinstance(points, int | float) or type(points) is bool or not 0 <= points <= TOTAL or (2 * points) % 1:
        raise InvalidHand("points", _("The taker's card points: 0 to %(total)s, in halves (e.g. 40.5).", total=TOTAL))
    return round(points * 2)


def _partner(partner: Any, players: int) -> int | None:
    if players == 5:
        return seat(partner, "partner", N_("who held the called King (the taker, if alone)"), players)
    if partner is not None:
        raise InvalidHand("partner", _("Only with five players does the taker call a partner."))
    return None


def _side_or_none(value: Any, name: str) -> Side | None:
    return None if value is None else pick(SIDES, value, name, N_("taker or defence"))


def _poignees(raw: Any) -> tuple[tuple[Poignee, Side], ...]:
    if type(raw) is not list:
        raise InvalidHand("poignees", _('Poignées are a list such as [{"size": "simple", "side": "taker"}].'))
    poignees = []
    for item in raw:
        if type(item) is not dict or set(item) != {"size", "side"}:
            raise InvalidHand("poignees", _('Each poignée is {"size": simple|double|triple, "side": taker|defence}.'))
        poignees.append(
            (
                pick(POIGNEES, item["size"], "poignees", N_("simple, double or triple")),
                pick(SIDES, item["side"], "poignees", N_("taker or defence")),
            )
        )
    return tuple(poignees)


def _miseres(raw: Any, players: int) -> tuple[tuple[int, Misere], ...]:
    if type(raw) is not list:
        raise InvalidHand("miseres", _('Misères are a list such as [{"seat": 1, "kind": "trumps"}].'))
    found = []
    for item in raw:
        if type(item) is not dict or set(item) != {"seat", "kind"}:
            raise InvalidHand("miseres", _('Each misère is {"seat": a seat, "kind": trumps|heads}.'))
        kind = pick(MISERES, item["kind"], "miseres", N_("trumps or heads"))
        declared = (seat(item["seat"], "miseres", _MISERE_SAID[kind.id, "who"], players), kind)
        if declared in found:
            raise InvalidHand("miseres", _misere_said(kind, "once"), item=kind.id)
        found.append(declared)
    return tuple(sorted(found, key=lambda m: (m[0], list(Misere).index(m[1]))))


def _chelem(value: Any) -> Chelem | None:
    if value is None:
        return None
    return pick(CHELEMS, value, "chelem", N_("announced-made, made, announced-failed or defence"))


# -- checks across fields: what no deal can produce ------------------------------------
def _check_points(hand: FrenchHand) -> None:
    """Card points the bouts (and, whose it is, the dog) contradict; a half point with four players."""
    if whole_points(hand.players) and hand.half_points % 2:
        raise InvalidHand(
            "points",
            _(
                "With %(players)s players card points are whole: each side ends with an even number of cards "
                "(tricks of %(players)s, a dog of %(dog)s), so no half point.",
                players=hand.players,
                dog=DOG[hand.players],
            ),
        )
    if _taker_swept(hand):
        _check_taker_chelem_points(hand)
        return
    least, most = halves_bounds(hand.players, hand.contract, hand.bouts)
    if hand.half_points < least:
        raise InvalidHand(
            "points",
            _(
                "The taker's side holds %(holding)s: at least %(least)s card points, not %(points)s.",
                holding=_holding(hand, Side.TAKER),
                least=_half_text(least),
                points=_half_text(hand.half_points),
            ),
        )
    if hand.half_points > most:
        raise InvalidHand(
            "points",
            _(
                "The defence holds %(holding)s: the taker's side has at most %(most)s card points, not %(points)s.",
                holding=_holding(hand, Side.DEFENCE),
                most=_half_text(most),
                points=_half_text(hand.half_points),
            ),
        )


def _taker_swept(hand: FrenchHand) -> bool:
    """The taker's side took every trick, and every card of the dog is theirs too (not a garde contre)."""
    return hand.chelem is not None and hand.chelem.sweeper is Side.TAKER and hand.contract.dog is not Side.DEFENCE


#: In a chelem, the defence's Excuse stays theirs for a ½-point card: it counts 4 for them (FFT rules, p. 8).
EXCUSE_IN_A_CHELEM = 8


def _check_taker_chelem_points(hand: FrenchHand) -> None:
    """A chelem of the taker's: every card is theirs but the Excuse, if the defence kept it (then it counts 4 for
    the defence). So 91 with the 3 bouts, 87 with 2 (the FFT's own example, p. 9), and never fewer bouts.

    >>> _check_taker_chelem_points(FrenchHand(4, 0, Contract.GARDE, 2, 174, chelem=Chelem.ANNOUNCED_MADE))
    >>> _check_taker_chelem_points(FrenchHand(4, 0, Contract.GARDE, 2, 100, chelem=Chelem.MADE))
    Traceback (most recent call last):
    ...
    companion.games.common.errors.InvalidHand: points: In a chelem the taker's side takes every card but the \
defence's Excuse (4 points): with 2 bouts that is 87 card points, not 50.
    """
    if hand.bouts < BOUTS - 1:
        raise InvalidHand(
            "chelem",
            _("In a chelem the taker's side takes every trick: the Petit and the 21 are theirs, so at least 2 bouts."),
        )
    exact = 2 * TOTAL - (EXCUSE_IN_A_CHELEM if hand.bouts < BOUTS else 0)
    if hand.half_points != exact:
        values = {"bouts": hand.bouts, "exact": _half_text(exact), "points": _half_text(hand.half_points)}
        if hand.bouts < BOUTS:
            said = _(
                "In a chelem the taker's side takes every card but the defence's Excuse (4 points): with %(bouts)s "
                "bouts that is %(exact)s card points, not %(points)s.",
                **values,
            )
        else:
            said = _(
                "In a chelem the taker's side takes every card but nothing: with %(bouts)s bouts that is %(exact)s "
                "card points, not %(points)s.",
                **values,
            )
        raise InvalidHand("points", said)


def _holding(hand: FrenchHand, side: Side) -> str:
    """What a side surely holds, in words: its bouts and, when the dog's cards are its, the other cards of the dog.

    >>> _holding(FrenchHand(4, 0, Contract.PETITE, 2, 20), Side.TAKER)
    "2 bouts (4½ each) and the dog's 6 cards, at least 4 of them not bouts (½ or more each)"
    >>> _holding(FrenchHand(4, 0, Contract.PETITE, 0, 20), Side.DEFENCE)
    'all 3 bouts (4½ each)'
    """
    bouts = hand.bouts_of(side)
    parts = [_bouts_held(side, bouts)] if bouts else []
    dog = DOG[hand.players]
    others = max(0, dog - bouts)
    if hand.contract.dog is side and others:
        if bouts:
            parts.append(
                ngettext(
                    "the dog's %(dog)s cards, at least %(num)d of them not a bout (½ or more each)",
                    "the dog's %(dog)s cards, at least %(num)d of them not bouts (½ or more each)",
                    others,
                    dog=dog,
                )
            )
        else:
            parts.append(_("the dog's %(dog)s cards (½ or more each)", dog=dog))
    return _("%(bouts)s and %(dog)s", bouts=parts[0], dog=parts[1]) if len(parts) == 2 else "".join(parts)


def _bouts_held(side: Side, bouts: int) -> str:
    """A side's ``bouts`` bouts, in words (the defence's are "the other" or "all 3" of them)."""
    if side is Side.TAKER:
        return ngettext("%(num)d bout (4½)", "%(num)d bouts (4½ each)", bouts)
    if bouts == BOUTS:
        return _("all 3 bouts (4½ each)")
    return ngettext("the other bout (4½)", "the other %(num)d bouts (4½ each)", bouts)


def _check_poignees(hand: FrenchHand) -> None:
    """One poignée a player at most, so a side shows no more than it has players; and 22 trumps in all."""
    for side in Side:
        shown = sum(1 for _shown, by in hand.poignees if by is side)
        players = hand.players_of(side)
        if shown > players:
            raise InvalidHand("poignees", _one_poignee_each(side, players))
    needs = [p.trumps(hand.players) for p, _side in hand.poignees]
    if sum(needs) > TRUMPS_AND_EXCUSE:
        raise InvalidHand(
            "poignees",
            _(
                "These poignées show %(sum)s = %(total)s trumps, but there are only %(most)s (21 trumps and the "
                "Excuse).",
                sum=" + ".join(map(str, needs)),
                total=sum(needs),
                most=TRUMPS_AND_EXCUSE,
            ),
        )


def _one_poignee_each(side: Side, players: int) -> str:
    if side is Side.TAKER:
        return ngettext(
            "Each player shows one poignée at most, and the taker's side is one player here.",
            "Each player shows one poignée at most, and the taker's side is %(num)d players here.",
            players,
        )
    return ngettext(
        "Each player shows one poignée at most, and the defence is one player here.",
        "Each player shows one poignée at most, and the defence is %(num)d players here.",
        players,
    )


def _check_chelem(hand: FrenchHand) -> None:
    chelem = hand.chelem
    if chelem is None or chelem.sweeper is None:
        return
    if chelem.sweeper is Side.TAKER and not hand.made:
        raise InvalidHand("chelem", _("A chelem takes every trick: the taker cannot then fall short."))
    if chelem.sweeper is Side.DEFENCE and hand.made:
        raise InvalidHand("chelem", _("The defence took every trick: the taker cannot have made the contract."))


def _check_petit_au_bout(hand: FrenchHand) -> None:
    """The Petit au bout ends in the tricks of the side credited: that side holds the Petit, a bout."""
    side = hand.petit_au_bout
    if side is None:
        return
    if hand.bouts_of(side) == 0:
        if side is Side.TAKER:
            why = _(
                "Petit au bout puts the Petit in the tricks of the taker's side, but the taker's side has no bouts."
            )
        else:
            why = _("Petit au bout puts the Petit in the tricks of the defence, but all 3 bouts are the taker's.")
        raise InvalidHand("petit_au_bout", why)
    if hand.chelem is not None and hand.chelem.sweeper is side.other:
        if side.other is Side.TAKER:
            why = _("The taker's side took every trick, the last one too: the Petit au bout can only be theirs.")
        else:
            why = _("The defence took every trick, the last one too: the Petit au bout can only be theirs.")
        raise InvalidHand("petit_au_bout", why)


def _check_miseres(hand: FrenchHand) -> None:
    """No deal leaves every player without trumps (or courts): the dog holds 6 cards at most, and there are 21 trumps
    and 16 courts. A taker playing alone who showed a poignée held trumps."""
    for kind in Misere:
        if sum(1 for _seat, m in hand.miseres if m is kind) == hand.players:
            raise InvalidHand("miseres", _misere_said(kind, "all", dog=DOG[hand.players]), item=kind.id)
    shown = any(side is Side.TAKER for _poignee, side in hand.poignees)
    if shown and not hand.with_partner and (hand.taker, Misere.TRUMPS) in hand.miseres:
        raise InvalidHand(
            "miseres",
            _("The taker, playing alone, showed a poignée of trumps, so cannot have declared a Misère d'atout."),
            item=Misere.TRUMPS.id,
        )


@dataclass(frozen=True)
class FrenchResult:
    net: tuple[int, ...]
    #: What each defender scores (the taker's side's gain per defender, negated).
    per_defender: int
    working: tuple[str, ...]


def _points_text(half_points: int) -> str:
    return f"{half_points // 2}½" if half_points % 2 else str(half_points // 2)


#: The working's sentence for a chelem, by what happened (``%(bonus)s``: the taker's side's score, signed).
_CHELEM_SAID = {
    Chelem.ANNOUNCED_MADE: N_("Chelem announced and made: %(bonus)s for the taker's side from each defender."),
    Chelem.MADE: N_("Chelem made without announcing: %(bonus)s for the taker's side from each defender."),
    Chelem.ANNOUNCED_FAILED: N_("Chelem announced and failed: %(bonus)s for the taker's side from each defender."),
    Chelem.DEFENCE: N_("Chelem made by the defence: %(bonus)s for the taker's side from each defender."),
}
#: The working's sentence for a poignée, by the side that showed it and whether the taker's side won the hand.
_POIGNEE_SAID = {
    (Side.TAKER, True): N_("%(poignee)s shown by the taker's side: %(bonus)s to the taker's side, who won the hand."),
    (Side.TAKER, False): N_("%(poignee)s shown by the taker's side: %(bonus)s to the defence, who won the hand."),
    (Side.DEFENCE, True): N_("%(poignee)s shown by the defence: %(bonus)s to the taker's side, who won the hand."),
    (Side.DEFENCE, False): N_("%(poignee)s shown by the defence: %(bonus)s to the defence, who won the hand."),
}


def score(hand: FrenchHand, names: Sequence[str] | None = None) -> FrenchResult:
    """Each seat's score for the hand, with one sentence per part (naming who declared a misère, if ``names``)."""
    m = hand.multiplier
    s = 1 if hand.made else -1
    game = (BASE + hand.difference) * m
    working = [_verdict(hand), _contract_said(hand, game)]
    gain = s * game
    if hand.petit_au_bout is not None:
        pab = PETIT_AU_BOUT * m
        gain += hand.petit_au_bout.sign * pab
        working.append(_petit_au_bout_said(hand.petit_au_bout, m, pab))
    for poignee, shown_by in hand.poignees:
        gain += s * poignee.bonus
        working.append(_(_POIGNEE_SAID[shown_by, hand.made], poignee=_(poignee.label), bonus=poignee.bonus))
    if hand.chelem is not None:
        gain += hand.chelem.bonus
        bonus = f"{hand.chelem.bonus:+d}"  # outside the call: the catalogue's reader takes no f-string there
        working.append(_(_CHELEM_SAID[hand.chelem], bonus=bonus))
    net = [-gain] * hand.players
    defenders = hand.players - (2 if hand.with_partner else 1)
    if hand.with_partner:
        assert hand.partner is not None
        net[hand.taker], net[hand.partner] = 2 * gain, gain
        working.append(_shares_said(gain))
    else:
        net[hand.taker] = gain * defenders
        values = {"defenders": defenders, "each": abs(gain), "all": abs(gain * defenders)}
        if gain >= 0:
            working.append(
                _("Each of the %(defenders)s defenders pays %(each)s; the taker receives %(all)s.", **values)
            )
        else:
            working.append(
                _("Each of the %(defenders)s defenders receives %(each)s; the taker pays %(all)s.", **values)
            )
    _pay_miseres(hand, net, working, names)
    assert sum(net) == 0
    return FrenchResult(tuple(net), -gain, tuple(working))


def _verdict(hand: FrenchHand) -> str:
    """The taker's card points against the target."""
    values = {"points": _points_text(hand.half_points), "target": hand.target, "difference": hand.difference}
    if hand.made:
        return ngettext(
            "The taker took %(points)s with %(num)d bout, %(target)s needed: made by %(difference)s.",
            "The taker took %(points)s with %(num)d bouts, %(target)s needed: made by %(difference)s.",
            hand.bouts,
            **values,
        )
    return ngettext(
        "The taker took %(points)s with %(num)d bout, %(target)s needed: failed by %(difference)s.",
        "The taker took %(points)s with %(num)d bouts, %(target)s needed: failed by %(difference)s.",
        hand.bouts,
        **values,
    )


def _contract_said(hand: FrenchHand, game: int) -> str:
    """What the contract wins from (or pays to) each defender, on the hand's scale."""
    values = {"contract": _(hand.contract.label), "difference": hand.difference, "mult": hand.multiplier, "game": game}
    older = hand.multiplier != hand.contract.multiplier
    if hand.made and older:
        return _(
            "%(contract)s, on the older scale: (25 + %(difference)s) × %(mult)s = %(game)s, won from each defender.",
            **values,
        )
    if hand.made:
        return _("%(contract)s: (25 + %(difference)s) × %(mult)s = %(game)s, won from each defender.", **values)
    if older:
        return _(
            "%(contract)s, on the older scale: (25 + %(difference)s) × %(mult)s = %(game)s, paid to each defender.",
            **values,
        )
    return _("%(contract)s: (25 + %(difference)s) × %(mult)s = %(game)s, paid to each defender.", **values)


def _petit_au_bout_said(side: Side, multiplier: int, points: int) -> str:
    if side is Side.TAKER:
        return _(
            "Petit au bout for the taker's side: 10 × %(mult)s = %(points)s from each of the other side (whoever won).",
            mult=multiplier,
            points=points,
        )
    return _(
        "Petit au bout for the defence: 10 × %(mult)s = %(points)s from each of the other side (whoever won).",
        mult=multiplier,
        points=points,
    )


def _shares_said(gain: int) -> str:
    """How the taker and a called partner share what each defender pays (or is paid)."""
    values = {"each": abs(gain), "taker": abs(2 * gain), "partner": abs(gain)}
    if gain >= 0:
        return _(
            "Each defender pays %(each)s: the taker receives two thirds (%(taker)s), the partner one third "
            "(%(partner)s).",
            **values,
        )
    return _(
        "Each defender receives %(each)s: the taker pays two thirds (%(taker)s), the partner one third (%(partner)s).",
        **values,
    )


def _pay_miseres(hand: FrenchHand, net: list[int], working: list[str], names: Sequence[str] | None) -> None:
    """Each misère: its player is paid ``MISERE`` by each other player, whichever side they were on."""
    for who, misere in hand.miseres:
        for s in range(hand.players):
            net[s] += MISERE * (hand.players - 1) if s == who else -MISERE
        paid = {"each": MISERE, "all": MISERE * (hand.players - 1)}
        if names:
            working.append(_misere_said(misere, "paid by", name=names[who], **paid))
        else:
            working.append(_misere_said(misere, "paid", **paid))
