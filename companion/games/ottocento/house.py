"""House rules: where the sources differ, the table's choice, as data.

>>> DEFAULT_RULES.to_json()
{'max_wilds_in_suit': 2, 'moors_after_grande': False, 'target': 800}
>>> OttocentoRules.from_json({"max_wilds_in_suit": 1}) == PARLETT
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ._common import InvalidHand

TARGET_RANGE = (100, 5000)


@dataclass(frozen=True)
class OttocentoRules:
    """A table's choices; every hand of a session carries the same ones."""

    #: Wild cards a suit sequence may hold: 2 (Barilli's "1 or 2 contatori"; our default) or 1 (Parlett).
    max_wilds_in_suit: int = 2
    #: Barilli: after the 5 the Grande may go on with one to four Moors, 5 each. Off: the seed's own example.
    moors_after_grande: bool = False
    #: The first side to reach it wins the game.
    target: int = 800

    @classmethod
    def from_json(cls, data: Any) -> OttocentoRules:
        """Parse the choices (any left out take the default); ``InvalidHand`` names the field ``rules``."""
        if type(data) is not dict:
            raise InvalidHand("rules", "House rules are a JSON object.")
        unknown = sorted(set(data) - {"max_wilds_in_suit", "moors_after_grande", "target"})
        if unknown:
            raise InvalidHand("rules", f"Ottocento has no house rule {unknown[0]!r}.")
        wilds = data.get("max_wilds_in_suit", 2)
        if type(wilds) is not int or wilds not in (1, 2):
            raise InvalidHand("rules", "A suit sequence may hold 1 or 2 wild cards: choose one.")
        moors = data.get("moors_after_grande", False)
        if type(moors) is not bool:
            raise InvalidHand("rules", "Moors after the Grande's 5 is true or false.")
        target = data.get("target", 800)
        low, high = TARGET_RANGE
        if type(target) is not int or not low <= target <= high:
            raise InvalidHand("rules", f"The target is a whole number from {low} to {high}.")
        return cls(wilds, moors, target)

    def to_json(self) -> dict[str, Any]:
        return {
            "max_wilds_in_suit": self.max_wilds_in_suit,
            "moors_after_grande": self.moors_after_grande,
            "target": self.target,
        }


DEFAULT_RULES = OttocentoRules()
#: Parlett's reading: one wild card at most in a suit sequence.
PARLETT = OttocentoRules(max_wilds_in_suit=1)
#: Barilli's tournament rule: Moors may follow the 5 in the Grande.
BARILLI = OttocentoRules(moors_after_grande=True)
