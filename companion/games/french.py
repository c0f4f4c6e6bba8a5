"""French Tarot for three, four or five players: a hand record, its checks, and its scores with the working.

Scores are in points, as French players keep them (a session turns them into
money at its stake). The taker needs 56, 51, 41 or 36 card points of 91 with
0, 1, 2 or 3 bouts (the 21, the Petit and the Excuse). Card points count to
the half point; the difference from the target is then rounded up, in
favour of the side that scores (40.5 against 41 fails by 1; 41.5 wins by 1).

Each defender's score is ± ((25 + difference) × contract + Petit au bout) ±
poignées ± chelem. The taker's is the opposite of the defenders' together;
with five players and a called partner, the taker takes two thirds of it and
the partner one third.

>>> hand = FrenchHand.from_json({"players": 4, "taker": 0, "contract": "garde", "bouts": 2, "points": 45})
>>> score(hand).net
(174, -58, -58, -58)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..rules import InvalidHand
from ._parse import pick, seat

TOTAL = 91
#: Card points the taker needs, by the number of bouts in the taker's tricks.
TARGETS = (56, 51, 41, 36)
BASE = 25
PETIT_AU_BOUT = 10


class Contract(Enum):
    """(id, name, multiplier), lowest first."""

    PETITE = ("petite", "Petite", 1)
    GARDE = ("garde", "Garde", 2)
    GARDE_SANS = ("garde-sans", "Garde sans", 4)
    GARDE_CONTRE = ("garde-contre", "Garde contre", 6)

    def __init__(self, id_: str, label: str, multiplier: int):
        self.id = id_
        self.label = label
        self.multiplier = multiplier


class Side(Enum):
    TAKER = "taker"
    DEFENCE = "defence"

    @property
    def sign(self) -> int:
        return 1 if self is Side.TAKER else -1


class Poignee(Enum):
    """(id, name, bonus): a handful of trumps shown before play."""

    SIMPLE = ("simple", "Simple poignée", 20)
    DOUBLE = ("double", "Double poignée", 30)
    TRIPLE = ("triple", "Triple poignée", 40)

    def __init__(self, id_: str, label: str, bonus: int):
        self.id = id_
        self.label = label
        self.bonus = bonus


#: Trumps (the Excuse may stand in for one) a poignée needs, by the number of players.
POIGNEE_TRUMPS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}


class Chelem(Enum):
    """(id, what happened, the taker's side's score from each defender)."""

    ANNOUNCED_MADE = ("announced-made", "announced and made", 400)
    MADE = ("made", "made without announcing", 200)
    ANNOUNCED_FAILED = ("announced-failed", "announced and failed", -200)
    DEFENCE = ("defence", "made by the defence", -200)

    def __init__(self, id_: str, label: str, bonus: int):
        self.id = id_
        self.label = label
        self.bonus = bonus


CONTRACTS = {c.id: c for c in Contract}
SIDES = {s.value: s for s in Side}
POIGNEES = {p.id: p for p in Poignee}
CHELEMS = {c.id: c for c in Chelem}


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

    @classmethod
    def from_json(cls, data: Any) -> FrenchHand:
        """Parse and check a hand; raises ``InvalidHand`` naming the field at fault."""
        if type(data) is not dict:
            raise InvalidHand("hand", "A hand must be a JSON object.")
        known = {"players", "taker", "contract", "bouts", "points", "partner", "petit_au_bout", "poignees", "chelem"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise InvalidHand(unknown[0], f"A French Tarot hand has no field {unknown[0]!r}.")
        players = data.get("players")
        if type(players) is not int or players not in (3, 4, 5):
            raise InvalidHand("players", "French Tarot is for 3, 4 or 5 players.")
        taker = seat(data.get("taker"), "taker", "the taker", players)
        contract = pick(CONTRACTS, data.get("contract"), "contract", "petite, garde, garde-sans or garde-contre")
        bouts = data.get("bouts")
        if type(bouts) is not int or not 0 <= bouts <= 3:
            raise InvalidHand("bouts", "Bouts in the taker's tricks: 0, 1, 2 or 3.")
        points = data.get("points")
        if not isinstance(points, int | float) or type(points) is bool or not 0 <= points <= TOTAL or (2 * points) % 1:
            raise InvalidHand("points", f"The taker's card points: 0 to {TOTAL}, in halves (e.g. 40.5).")
        partner = data.get("partner")
        if players == 5:
            partner = seat(partner, "partner", "who held the called King (the taker, if alone)", players)
        elif partner is not None:
            raise InvalidHand("partner", "Only with five players does the taker call a partner.")
        pab = data.get("petit_au_bout")
        if pab is not None:
            pab = pick(SIDES, pab, "petit_au_bout", "taker or defence")
        raw = data.get("poignees", [])
        if type(raw) is not list:
            raise InvalidHand("poignees", 'Poignées are a list such as [{"size": "simple", "side": "taker"}].')
        poignees = []
        for item in raw:
            if type(item) is not dict or set(item) != {"size", "side"}:
                raise InvalidHand("poignees", 'Each poignée is {"size": simple|double|triple, "side": taker|defence}.')
            poignees.append(
                (
                    pick(POIGNEES, item["size"], "poignees", "simple, double or triple"),
                    pick(SIDES, item["side"], "poignees", "taker or defence"),
                )
            )
        if len(poignees) > players:
            raise InvalidHand("poignees", "Each player can show one poignée at most.")
        chelem = data.get("chelem")
        if chelem is not None:
            chelem = pick(CHELEMS, chelem, "chelem", "announced-made, made, announced-failed or defence")
        hand = cls(players, taker, contract, bouts, round(points * 2), partner, pab, tuple(poignees), chelem)
        if chelem in (Chelem.ANNOUNCED_MADE, Chelem.MADE) and not hand.made:
            raise InvalidHand("chelem", "A chelem takes every trick: the taker cannot then fall short.")
        if chelem is Chelem.DEFENCE and hand.made:
            raise InvalidHand("chelem", "The defence took every trick: the taker cannot have made the contract.")
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
        return out


@dataclass(frozen=True)
class FrenchResult:
    net: tuple[int, ...]
    #: What each defender scores (the taker's side's gain per defender, negated).
    per_defender: int
    working: tuple[str, ...]


def _points_text(half_points: int) -> str:
    return f"{half_points // 2}½" if half_points % 2 else str(half_points // 2)


def score(hand: FrenchHand) -> FrenchResult:
    """Each seat's score for the hand, with one sentence per part."""
    m = hand.contract.multiplier
    s = 1 if hand.made else -1
    took = f"The taker took {_points_text(hand.half_points)} with {hand.bouts} bout{'s' if hand.bouts != 1 else ''}"
    if hand.made:
        verdict = f"{took}, {hand.target} needed: made by {hand.difference}."
    else:
        verdict = f"{took}, {hand.target} needed: failed by {hand.difference}."
    game = (BASE + hand.difference) * m
    working = [
        verdict,
        f"{hand.contract.label}: (25 + {hand.difference}) × {m} = {game}, "
        f"{'won from' if hand.made else 'paid to'} each defender.",
    ]
    gain = s * game
    if hand.petit_au_bout is not None:
        pab = PETIT_AU_BOUT * m
        gain += hand.petit_au_bout.sign * pab
        side = "the taker's side" if hand.petit_au_bout is Side.TAKER else "the defence"
        working.append(f"Petit au bout for {side}: 10 × {m} = {pab} from each of the other side (whoever won).")
    for poignee, shown_by in hand.poignees:
        gain += s * poignee.bonus
        who = "the taker's side" if shown_by is Side.TAKER else "the defence"
        winner = "the taker's side" if hand.made else "the defence"
        working.append(f"{poignee.label} shown by {who}: {poignee.bonus} to {winner}, who won the hand.")
    if hand.chelem is not None:
        gain += hand.chelem.bonus
        working.append(f"Chelem {hand.chelem.label}: {hand.chelem.bonus:+d} for the taker's side from each defender.")
    net = [-gain] * hand.players
    defenders = hand.players - (2 if hand.with_partner else 1)
    if hand.with_partner:
        assert hand.partner is not None
        net[hand.taker], net[hand.partner] = 2 * gain, gain
        working.append(
            f"Each defender {'pays' if gain >= 0 else 'receives'} {abs(gain)}: the taker "
            f"{'receives' if gain >= 0 else 'pays'} two thirds ({abs(2 * gain)}), the partner one third ({abs(gain)})."
        )
    else:
        net[hand.taker] = gain * defenders
        working.append(
            f"Each of the {defenders} defenders {'pays' if gain >= 0 else 'receives'} {abs(gain)}; "
            f"the taker {'receives' if gain >= 0 else 'pays'} {abs(gain * defenders)}."
        )
    assert sum(net) == 0
    return FrenchResult(tuple(net), -gain, tuple(working))
