"""French Tarot's house rules: what tables play besides the federation's rules, each off unless chosen, as data.

A session keeps them; the hand form writes them into every record it makes, so a hand scores alike wherever it is
read. A session or a hand stored before there were any has none: the federation's scale, no misère.

>>> DEFAULT_RULES.to_json()
{'scale': 'fft', 'misere': False}
>>> older = FrenchRules.from_json({"scale": "older"})
>>> older.scale.sans, older.scale.contre, older.misere
(3, 4, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..common import InvalidHand
from ..common.words import _
from .rules import SCALES, Scale


@dataclass(frozen=True)
class FrenchRules:
    """A table's choices, each off by default."""

    #: The contracts' multipliers.
    scale: Scale = Scale.FFT
    #: Misère: a player dealt no trump, or no court card, may declare it and is paid by each other player.
    misere: bool = False

    @classmethod
    def from_json(cls, data: Any) -> FrenchRules:
        """The choices (any left out: off); ``InvalidHand`` names the field ``rules``."""
        if type(data) is not dict:
            raise InvalidHand("rules", _("House rules are a JSON object."))
        unknown = sorted(set(data) - {"scale", "misere"})
        if unknown:
            raise InvalidHand("rules", _("French Tarot has no house rule %(rule)s.", rule=repr(unknown[0])))
        scale = SCALES.get(data.get("scale", "fft")) if type(data.get("scale", "fft")) is str else None
        if scale is None:
            raise InvalidHand("rules", _("The scale is fft (garde sans ×4, garde contre ×6) or older (×3, ×4)."))
        misere = data.get("misere", False)
        if type(misere) is not bool:
            raise InvalidHand("rules", _("Misère is true or false."))
        return cls(scale, misere)

    def to_json(self) -> dict[str, Any]:
        return {"scale": self.scale.id, "misere": self.misere}


DEFAULT_RULES = FrenchRules()
