"""Sussex Tarot as a ``Game``: four players, money per hand in s/d, 8 or 16 deals, house rules as options."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import FixedDeals, Game, SheetPage, Stake, Templates, Unit
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
        return f"{deals} deals ({'full' if deals == 16 else 'short'})"


class SussexTarot(Game[HandRecord]):
    """The companion's own game: its hands pay money at once (halfpence), so a session has no stake."""

    id = "sussex"
    name = "Sussex Tarot"
    players = (4,)
    deal_direction = "the deal and play pass to the left"  # the rules: "the deal passes to the left"
    unit = Unit.MONEY
    stakes = (Stake.NONE,)
    ending = SussexLength((16, 8))
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
        return f"{names[record.declarer]} bid {record.bid.said} · {record.kind.label} · {made(record)}"

    def notice(self, record: HandRecord, names: Sequence[str]) -> str:
        """ "Bob's four made", with the kind of game when it was not a partner game."""
        kind = "" if record.partner is not None else f" ({record.kind.label})"
        return f"{names[record.declarer]}'s {record.bid.said}{kind} {made(record)}"

    def result_json(self, record: HandRecord, working: bool) -> dict[str, Any]:
        """The scoring contract's result, unchanged (§14): no game or unit, payments in halfpence."""
        return score_json(record.to_json(), working)

    def csv_columns(self) -> list[str]:
        return ["declarer", "bid", "called card", "category", "young trumps", "kind", "made", "card points",
                "stinger points"]  # fmt: skip

    def csv_cells(self, record: HandRecord, names: Sequence[str]) -> list[object]:
        return [
            names[record.declarer],
            record.bid.id,
            record.called_card.code if record.called_card else "",
            record.category.id,
            record.young_trumps.value if record.young_trumps else "",
            record.kind.id,
            "yes" if record.made else "no",
            record.points,
            "" if record.stinger_points is None else record.stinger_points,
        ]

    def bid_labels(self) -> dict[str, str]:
        return {b.id: b.said for b in Bid}

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

    def options_json(self, options: Any) -> dict[str, Any]:
        return (options if isinstance(options, HouseRules) else self.options(options)).to_json()

    def check_options(self, stored: Any) -> str | None:
        try:
            HouseRules.from_json(stored)
        except (KeyError, ValueError, TypeError):
            known = ", ".join(HouseRules().to_json())
            return f"house_rules must be an object of known rules ({known}) with known values"
        return None

    def sheet(self, endpoint: str, query: Mapping[str, list[str]], options: Any, **values: str) -> SheetPage:
        rules = options if isinstance(options, HouseRules) else self.options(options)
        return sheet_page(endpoint, query, rules, **values)

    def option_fields(self) -> dict[str, Any]:
        return house_rule_fields()

    def option_lines(self, options: HouseRules) -> list[str]:
        return [options.stinger_settles_with.description, options.martlet_values.description]


def made(record: HandRecord) -> str:
    return "made" if record.made else "failed"


GAME = SussexTarot()
