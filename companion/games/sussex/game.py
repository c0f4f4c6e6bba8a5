"""Sussex Tarot as a ``Game``: four players, money per hand in s/d, 8 or 16 deals, house rules as options."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import FixedDeals, Game, SheetPage, Stake, Templates, Unit
from ..common.words import N_, Said, _
from .bids import Bid
from .bonuses import Side
from .form import HandForm, house_rule_fields
from .hand import HandRecord
from .house import HouseRules
from .score import Result, score, score_json
from .sheets import SHEETS, sheet_page


class SussexLength(FixedDeals):
    """16 deals, or 8 for a short evening."""

    def deal_label(self, deals: int) -> str:
        if deals == 16:
            return _("%(deals)s deals (full)", deals=deals)
        return _("%(deals)s deals (short)", deals=deals)


class SussexTarot(Game[HandRecord]):
    """The companion's own game: its hands pay money at once (halfpence), so a session has no stake."""

    id = "sussex"
    name = Said(N_("Sussex Tarot"))
    players = (4,)
    deal_direction = N_("the deal and play pass to the left")  # the rules: "the deal passes to the left"
    unit = Unit.MONEY
    stakes = (Stake.NONE,)
    ending = SussexLength((16, 8))
    rules_class = HouseRules
    templates = Templates(
        fields="games/sussex/fields.html",
        working="games/sussex/working.html",
        hand_row="games/sussex/hand_row.html",
        reference="reference/index.html",
        figures="games/sussex/figures.html",
    )
    #: Its page is the rules index, which lists these first.
    sheets = SHEETS
    record_class = HandRecord
    form_class = HandForm

    def result(self, record: HandRecord, names: Sequence[str] | None = None) -> Result:
        """The hand's payments line by line (``net``: each seat's in halfpence), for its working."""
        return score(record, working=True)

    def describe(self, record: HandRecord, names: Sequence[str]) -> str:
        return _(
            "%(name)s bid %(bid)s · %(kind)s · %(outcome)s",
            name=names[record.declarer],
            bid=_(record.bid.said),
            kind=_(record.kind.label),
            outcome=made(record),
        )

    def notice(self, record: HandRecord, names: Sequence[str]) -> str:
        """ "Bob's four made", with the kind of game when it was not a partner game."""
        said = {"name": names[record.declarer], "bid": _(record.bid.said), "kind": _(record.kind.label)}
        if record.partner is not None:
            return _("%(name)s's %(bid)s made", **said) if record.made else _("%(name)s's %(bid)s failed", **said)
        if record.made:
            return _("%(name)s's %(bid)s (%(kind)s) made", **said)
        return _("%(name)s's %(bid)s (%(kind)s) failed", **said)

    def result_json(self, record: HandRecord, working: bool) -> dict[str, Any]:
        """The scoring contract's result, unchanged (§14): no game or unit, payments in halfpence."""
        return score_json(record.to_json(), working)

    def csv_columns(self) -> list[str]:
        return [_("declarer"), _("bid"), _("called card"), _("category"), _("young trumps"), _("kind"), _("made"),
                _("card points"), _("stinger points")]  # fmt: skip

    def csv_cells(self, record: HandRecord, names: Sequence[str]) -> list[object]:
        return [
            names[record.declarer],
            record.bid.id,
            record.called_card.code if record.called_card else "",
            record.category.id,
            record.young_trumps.value if record.young_trumps else "",
            record.kind.id,
            _("yes") if record.made else _("no"),
            record.points,
            "" if record.stinger_points is None else record.stinger_points,
        ]

    def bid_labels(self) -> dict[str, str]:
        return {b.id: _(b.said) for b in Bid}

    def facts(self, record: HandRecord) -> dict[str, Any]:
        sides = list(record.bonus_sides().values())
        return {
            "bid": record.bid.id,
            "declarer": record.declarer,
            "kind": record.kind.id,
            "made": record.made,
            "partner": record.partner,
            "stinger": record.stinger,
            "stinger_made": record.stinger_made,
            "declared": len(record.declarations),
            "bonuses_declarer": sides.count(Side.DECLARER),
            "bonuses_defence": sides.count(Side.DEFENCE),
        }

    def options(self, stored: Any) -> HouseRules:
        return HouseRules.from_json(stored if isinstance(stored, dict) else {})

    def check_options(self, stored: Any) -> str | None:
        try:
            HouseRules.from_json(stored)
        except (KeyError, ValueError, TypeError):
            known = ", ".join(HouseRules().to_json())
            return _("house_rules must be an object of known rules (%(known)s) with known values", known=known)
        return None

    def sheet(self, endpoint: str, query: Mapping[str, list[str]], options: Any, **values: str) -> SheetPage:
        rules = options if isinstance(options, HouseRules) else self.options(options)
        return sheet_page(endpoint, query, rules, **values)

    def option_fields(self) -> dict[str, Any]:
        return house_rule_fields()

    def option_lines(self, options: HouseRules) -> list[str]:
        return [_(options.stinger_settles_with.description), _(options.martlet_values.description)]


def made(record: HandRecord) -> str:
    """Whether declarer made game, in a word of the reader's language."""
    return _("made") if record.made else _("failed")


GAME = SussexTarot()
