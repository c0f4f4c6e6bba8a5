"""House rules: the choices a table may agree differently, kept as data.

>>> HouseRules.from_json({"martlet_values": "total"}).martlet_values
<MartletValues.TOTAL: 'total'>
>>> HouseRules().to_json()
{'stinger_settles_with': 'declarer', 'martlet_values': 'each'}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..common.enums import GameEnum
from ..common.words import N_


class StingerSettlesWith(GameEnum):
    """Who the stinger settles one game value with."""

    DECLARER = "declarer"
    TABLE = "table"

    @property
    def description(self) -> str:
        """The choice in a sentence, English (a form made once shows it): ``_(choice.description)`` says it."""
        if self is StingerSettlesWith.DECLARER:
            return N_("The stinger settles one game value with declarer alone.")
        return N_("The stinger settles one game value with each of the other three players.")


class MartletValues(GameEnum):
    """How the listed martlet values add up for two or three of a kind."""

    EACH = "each"
    TOTAL = "total"

    @property
    def description(self) -> str:
        """The choice in a sentence, English (a form made once shows it): ``_(choice.description)`` says it."""
        if self is MartletValues.EACH:
            return N_("Each martlet is worth its own value, summed (double Martlets 1/- + 1/6 = 2/6).")
        return N_("The value listed for the count is the total (double Martlets 1/6).")


@dataclass(frozen=True, slots=True)
class HouseRules:
    """The house rules a session is scored with; defaults are the contract's."""

    stinger_settles_with: StingerSettlesWith = StingerSettlesWith.DECLARER
    martlet_values: MartletValues = MartletValues.EACH

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HouseRules:
        """Build from ``{"key": "value"}``; raises KeyError/ValueError naming the key."""
        if not isinstance(data, dict):
            raise ValueError("house rules must be an object")
        unknown = set(data) - set(_FIELDS)
        if unknown:
            raise KeyError(sorted(unknown)[0])
        chosen: dict[str, Any] = {k: _FIELDS[k](v) for k, v in data.items()}
        return cls(**chosen)

    def to_json(self) -> dict[str, str]:
        return {k: getattr(self, k).value for k in _FIELDS}


_FIELDS = {"stinger_settles_with": StingerSettlesWith, "martlet_values": MartletValues}
DEFAULT_HOUSE_RULES = HouseRules()
#: Each house rule with its choices, in the order a form shows them (its name English, said with ``_``).
HOUSE_RULE_CHOICES: dict[str, tuple[str, tuple[StingerSettlesWith | MartletValues, ...]]] = {
    "stinger_settles_with": (N_("Stinger settles with"), tuple(StingerSettlesWith)),
    "martlet_values": (N_("Martlet values"), tuple(MartletValues)),
}
