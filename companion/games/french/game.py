"""French Tarot as a ``Game``: three to five players, points at a stake, rounds of deals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..base import Game, Templates
from ..common import InvalidHand
from ..common.words import N_, Said, _
from .form import FrenchForm, option_fields
from .house import DEFAULT_RULES, FrenchRules
from .rules import Chelem, Contract, FrenchHand, FrenchResult, Scale, Side, score


class FrenchTarot(Game[FrenchHand]):
    id = "french"
    name = Said(N_("French Tarot"))
    rules_class = FrenchRules
    #: Four first: most tables are four.
    players = (4, 3, 5)
    deal_direction = N_("the deal and play pass to the right")  # the FFT rules: counter-clockwise
    templates = Templates(
        fields="games/french/fields.html", reference="games/french/reference.html", figures="games/french/figures.html"
    )
    record_class = FrenchHand
    form_class = FrenchForm

    def players_of(self, record: FrenchHand) -> int:
        """Three, four or five: the record says."""
        return record.players

    def result(self, record: FrenchHand, names: Sequence[str] | None = None) -> FrenchResult:
        return score(record, names)

    def describe(self, record: FrenchHand, names: Sequence[str]) -> str:
        said = {"taker": names[record.taker], "contract": _(record.contract.label)}
        if record.with_partner and record.partner is not None:
            said["partner"] = names[record.partner]
            if record.made:
                return _("%(taker)s with %(partner)s · %(contract)s · made", **said)
            return _("%(taker)s with %(partner)s · %(contract)s · failed", **said)
        return (
            _("%(taker)s · %(contract)s · made", **said)
            if record.made
            else _("%(taker)s · %(contract)s · failed", **said)
        )

    def bid_labels(self) -> dict[str, str]:
        return {c.id: _(c.label) for c in Contract}

    def facts(self, record: FrenchHand) -> dict[str, Any]:
        """The contract taken, made or not, the called partner, a chelem (``kind``), the taker's side's poignées
        (``declared``) and the bonuses (poignées, Petit au bout, chelem) made by each side."""
        taker_side = sum(1 for _poignee, side in record.poignees if side is Side.TAKER)
        bonuses = {Side.TAKER: taker_side, Side.DEFENCE: len(record.poignees) - taker_side}
        if record.petit_au_bout is not None:
            bonuses[record.petit_au_bout] += 1
        if record.chelem in (Chelem.ANNOUNCED_MADE, Chelem.MADE):
            bonuses[Side.TAKER] += 1
        elif record.chelem is Chelem.DEFENCE:
            bonuses[Side.DEFENCE] += 1
        return {
            "bid": record.contract.id,
            "declarer": record.taker,
            "kind": record.chelem.id if record.chelem is not None else "",
            "made": record.made,
            "partner": record.partner if record.with_partner else None,
            "declared": taker_side,
            "bonuses_declarer": bonuses[Side.TAKER],
            "bonuses_defence": bonuses[Side.DEFENCE],
        }

    # -- a session's house rules: each off unless chosen; a session stored before them has none ----------------

    def options(self, stored: Any) -> FrenchRules:
        try:
            return FrenchRules.from_json(stored if isinstance(stored, dict) else {})
        except InvalidHand:
            return DEFAULT_RULES

    def option_fields(self) -> dict[str, Any]:
        return option_fields()

    def option_lines(self, options: Any) -> list[str]:
        rules = options if isinstance(options, FrenchRules) else self.options(options)
        lines = []
        if rules.scale is not Scale.FFT:
            lines.append(
                _(
                    "Contracts on the older scale: garde sans ×%(sans)s, garde contre ×%(contre)s.",
                    sans=rules.scale.sans,
                    contre=rules.scale.contre,
                )
            )
        if rules.misere:
            lines.append(_("Misères played: 10 from each other player, whoever wins the hand."))
        return lines

    def reference_context(self) -> dict[str, Any]:
        from . import house, rules

        return {"french": rules, "french_house": house}


GAME = FrenchTarot()
