"""House rules: where the sources differ, the table's choice, as data.

A new session starts from ``DEFAULT_RULES``. A choice added after sessions were saved reads, when a stored
session or hand leaves it out, as the app scored before the choice existed, so that no saved total changes:

>>> DEFAULT_RULES.to_json()
{'max_wilds_in_suit': 2, 'moors_after_grande': False, 'target': 800, 'grande_gaps': 1, 'numbering': 'bolognese'}
>>> OttocentoRules.from_json({}, stored=True).grande_gaps, OttocentoRules.from_json({}).grande_gaps
(2, 1)
>>> OttocentoRules.from_json({"max_wilds_in_suit": 1}) == PARLETT
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..common.words import _
from ._common import InvalidHand
from .cards import Numbering

TARGET_RANGE = (100, 5000)
#: Wild cards that may fill a gap of the Grande: the rules text's one, or one each.
GRANDE_GAPS = (1, 2)
#: What a stored session or hand from before the choice existed was scored with: each wild card a gap.
GRANDE_GAPS_BEFORE = 2
KEYS = {"max_wilds_in_suit", "moors_after_grande", "target", "grande_gaps", "numbering"}


@dataclass(frozen=True)
class OttocentoRules:
    """A table's choices; every hand of a session carries the same ones."""

    #: Wild cards a suit sequence may hold: 2 (Barilli's "1 or 2 contatori"; our default) or 1 (Parlett).
    max_wilds_in_suit: int = 2
    #: Barilli: after the 5 the Grande may go on with one to four Moors, 5 each. Off: the seed's own example.
    moors_after_grande: bool = False
    #: The first side to reach it wins the game.
    target: int = 800
    #: Gaps of the Grande wild cards may fill: 1, the rules text's "used only once" (the other wild card only
    #: lengthens it), or 2, each wild card a gap of its own (how the app read it at first).
    grande_gaps: int = 1
    #: How the table's pack numbers its trumps: only shown and tapped that way, the scoring is the same.
    numbering: Numbering = Numbering.BOLOGNESE

    @classmethod
    def from_json(cls, data: Any, stored: bool = False) -> OttocentoRules:
        """Parse the choices (any left out take the default; ``stored``: as a saved session or hand was scored);
        ``InvalidHand`` names the field ``rules``."""
        if type(data) is not dict:
            raise InvalidHand("rules", _("House rules are a JSON object."))
        unknown = sorted(set(data) - KEYS)
        if unknown:
            raise InvalidHand("rules", _("Ottocento has no house rule %(rule)s.", rule=repr(unknown[0])))
        wilds = data.get("max_wilds_in_suit", 2)
        if type(wilds) is not int or wilds not in (1, 2):
            raise InvalidHand("rules", _("A suit sequence may hold 1 or 2 wild cards: choose one."))
        moors = data.get("moors_after_grande", False)
        if type(moors) is not bool:
            raise InvalidHand("rules", _("Moors after the Grande's 5 is true or false."))
        target = data.get("target", 800)
        low, high = TARGET_RANGE
        if type(target) is not int or not low <= target <= high:
            raise InvalidHand("rules", _("The target is a whole number from %(low)d to %(high)d.", low=low, high=high))
        gaps = data.get("grande_gaps", GRANDE_GAPS_BEFORE if stored else DEFAULT_RULES.grande_gaps)
        if type(gaps) is not int or gaps not in GRANDE_GAPS:
            raise InvalidHand("rules", _("Wild cards fill 1 gap of the Grande, or 2 (one each): choose one."))
        numbering = data.get("numbering", Numbering.BOLOGNESE.value)
        known = {n.value: n for n in Numbering}
        if type(numbering) is not str or numbering not in known:
            raise InvalidHand("rules", _("The pack's trumps are numbered the Bolognese way or 1 to 21: choose one."))
        return cls(wilds, moors, target, gaps, known[numbering])

    def to_json(self) -> dict[str, Any]:
        return {
            "max_wilds_in_suit": self.max_wilds_in_suit,
            "moors_after_grande": self.moors_after_grande,
            "target": self.target,
            "grande_gaps": self.grande_gaps,
            "numbering": self.numbering.value,
        }


DEFAULT_RULES = OttocentoRules()
#: Parlett's reading: one wild card at most in a suit sequence.
PARLETT = OttocentoRules(max_wilds_in_suit=1)
#: Barilli's tournament rule: Moors may follow the 5 in the Grande.
BARILLI = OttocentoRules(moors_after_grande=True)
#: The first reading of the Grande: each wild card may fill a gap of its own.
EACH_WILD_A_GAP = OttocentoRules(grande_gaps=2)
#: A table playing with a 78-card pack numbered 1 to 21.
MODERN_PACK = OttocentoRules(numbering=Numbering.MODERN)
