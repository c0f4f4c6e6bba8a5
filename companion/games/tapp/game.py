"""Tapp Tarock as a ``Game``: three players, points at a stake, rounds of three deals, counting as an option."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..base import Game, Templates
from ..common.words import N_, Said, _
from .form import TappForm, option_fields
from .rules import COUNTINGS, Counting, TappBid, TappHand, TappResult, score


class TappTarock(Game[TappHand]):
    id = "tapp"
    name = Said(N_("Tapp Tarock"))
    players = (3,)
    deal_direction = N_("the deal and play pass to the right")  # seed 003: "game is played counter-clockwise"
    templates = Templates(
        fields="games/tapp/fields.html", reference="games/tapp/reference.html", figures="games/tapp/figures.html"
    )
    record_class = TappHand
    form_class = TappForm

    def result(self, record: TappHand, names: Sequence[str] | None = None) -> TappResult:
        return score(record, names)

    def describe(self, record: TappHand, names: Sequence[str]) -> str:
        if record.declarer is None:
            return _bridscher_said([names[s] for s in record.losers])
        bid = record.kontra.on(_(record.bid.said)).replace(",", "")
        said = {"name": names[record.declarer], "bid": bid, "points": record.points}
        return (
            _("%(name)s bid %(bid)s · %(points)s · won", **said)
            if record.made
            else _("%(name)s bid %(bid)s · %(points)s · lost", **said)
        )

    def bid_labels(self) -> dict[str, str]:
        return {b.id: _(b.said) for b in TappBid}

    def facts(self, record: TappHand) -> dict[str, Any]:
        """The bid won (a bridscher has no declarer: ``declarer`` -1), made or not, and the bonuses made
        by the declarer (``bonuses_declarer``) and by the others."""
        made_by = [c.seat for c in record.bonuses if c.made]
        lead = record.declarer if record.declarer is not None else -1
        return {
            "bid": record.bid.id,
            "declarer": lead,
            "kind": "bridscher" if record.bid is TappBid.BRIDSCHER else "",
            "made": bool(record.made) if record.declarer is not None else False,
            "declared": sum(1 for c in record.bonuses if c.announced and c.seat == lead),
            "bonuses_declarer": made_by.count(lead),
            "bonuses_defence": len(made_by) - made_by.count(lead),
        }

    def options(self, stored: Any) -> dict[str, str]:
        counting = stored.get("counting") if isinstance(stored, dict) else None
        return {"counting": counting if isinstance(counting, str) and counting in COUNTINGS else "traditional"}

    def options_json(self, options: Any) -> dict[str, Any]:
        return self.options(options)

    def check_options(self, stored: Any) -> str | None:
        counting = stored.get("counting", "traditional") if isinstance(stored, dict) else None
        if not isinstance(stored, dict) or set(stored) - {"counting"} or not _a_counting(counting):
            return f"house_rules of {self.name} can only be {{'counting': {' or '.join(COUNTINGS)}}}"
        return None

    def option_fields(self) -> dict[str, Any]:
        return option_fields()

    def option_lines(self, options: dict[str, str]) -> list[str]:
        if COUNTINGS[options["counting"]] is Counting.SIMPLIFIED:
            return [_("Card points counted simply added, small cards nothing (71 in the pack).")]
        return [_("Card points counted in threes, two off each three (70 in the pack).")]

    def reference_context(self) -> dict[str, Any]:
        from . import rules

        return {"tapp": rules}


def _bridscher_said(most: list[str]) -> str:
    """A bridscher's line: who took the most card points (two or three of them, tied)."""
    if len(most) == 1:
        return _("Bridscher · %(name)s took the most", name=most[0])
    if len(most) == 2:
        return _("Bridscher · %(first)s and %(second)s took the most (tied)", first=most[0], second=most[1])
    return _(
        "Bridscher · %(first)s and %(second)s and %(third)s took the most (tied)",
        first=most[0],
        second=most[1],
        third=most[2],
    )


def _a_counting(value: Any) -> bool:
    return isinstance(value, str) and value in COUNTINGS


GAME = TappTarock()
