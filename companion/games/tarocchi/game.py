"""Piedmontese Tarocchi as a ``Game``: four players in two fixed partnerships, a game of four hands (or 8 or 12)
played for a fixed stake, or for a stake a point.

Partners sit opposite: seats 1 and 3 (North–South in the rules) against seats 2 and 4. Each player scores their
side's card points, so a hand's scores make 156, not nothing; the game goes to the side with more points over
its hands, and a tie is a drawn game in which nobody pays (``rules.outcome``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..base import FixedDeals, Game, Outcome, Played, Stake, Templates
from ..common.words import N_, Said, _
from . import rules
from .form import TarocchiForm
from .rules import SEATS, TO_WIN, Side, TarocchiHand, TarocchiResult


def sides_of(totals: Sequence[int]) -> tuple[int, int]:
    """Each side's points (North–South first) from the seats' totals: partners' totals are the same."""
    return totals[Side.NORTH_SOUTH.seats[0]], totals[Side.EAST_WEST.seats[0]]


@dataclass(frozen=True)
class Hands(FixedDeals):
    """A game is four hands, one deal each; a table may play a longer one (8 or 12), settled once at its end."""

    choices: tuple[int, ...] = (4, 8, 12)

    def deal_label(self, deals: int) -> str:
        """
        >>> [Hands().deal_label(n) for n in (4, 8)]
        ['4 hands (a game)', '8 hands (a longer game: each deals twice)']
        """
        rounds = deals // SEATS
        if rounds == 1:
            return _("%(deals)s hands (a game)", deals=deals)
        if rounds == 2:
            return _("%(deals)s hands (a longer game: each deals twice)", deals=deals)
        if rounds == 3:
            return _("%(deals)s hands (a longer game: each deals three times)", deals=deals)
        return _("%(deals)s hands (a longer game: each deals %(rounds)s times)", deals=deals, rounds=rounds)

    def describe(self, deals: int) -> str:
        return _("a game of %(deals)s hands", deals=deals)

    def outcome(self, game: Game[Any], played: Played) -> Outcome:
        """Over once every hand is in: the side with more points over the game won it; equal totals are drawn.
        Its line says so, naming the side by its players (by compass when their names are not at hand)."""
        if played.hands < played.deals:
            return Outcome(False)
        totals = sides_of(played.totals)
        winner = rules.outcome(totals)
        if winner is None:
            return Outcome(True, (), (_("A drawn game: %(points)s each.", points=totals[0]),))
        who = rules.side_name(winner, played.names or None)
        line = _("%(side)s win the game, %(won)s to %(lost)s.", side=who, won=max(totals), lost=min(totals))
        return Outcome(True, winner.seats, (line,))


class PiedmonteseTarocchi(Game[TarocchiHand]):
    id = rules.GAME_ID
    name = Said(rules.NAME)
    players = (SEATS,)
    deal_direction = N_("the deal and play pass to the right")  # seed 002: "deal moving to the right"
    #: "This game of four hands is usually played for a fixed stake": a stake a game first.
    stakes = (Stake.PER_GAME, Stake.PER_POINT)
    ending = Hands()
    #: Each partner scores the side's points: a hand's scores make 156.
    zero_sum = False
    templates = Templates(
        fields="games/tarocchi/fields.html",
        working="games/tarocchi/working.html",
        reference="games/tarocchi/reference.html",
        figures="games/tarocchi/figures.html",
    )
    record_class = TarocchiHand
    form_class = TarocchiForm
    wrong_players = N_("This session has {players} players: Piedmontese Tarocchi is for 4.")

    def result(self, record: TarocchiHand, names: Sequence[str] | None = None) -> TarocchiResult:
        """The working template shows the sides and who won the hand besides each player's points."""
        return rules.score(record, names)

    def result_json(self, record: TarocchiHand, working: bool) -> dict[str, Any]:
        """Besides each seat's points, each side's (North–South first) and the side that won the hand (None:
        drawn)."""
        result = self.result(record)
        out = {**self.json_of(result, working), "sides": list(result.sides)}
        out["winner"] = result.winner.id if result.winner is not None else None
        return out

    def describe(self, record: TarocchiHand, names: Sequence[str]) -> str:
        return rules.describe(record, names)

    def bid_labels(self) -> dict[str, str]:
        return {"deal": _("Hands dealt")}

    def facts(self, record: TarocchiHand) -> dict[str, Any]:
        """Every hand is a ``deal``: the dealer stands as its ``declarer`` and the dealer's partner as ``partner``
        (the side holding the discards), ``made`` when that side won the hand and ``kind`` "drawn" at 39 each.
        Each side's bonus count is 1 when it won the hand, so a player's ``bonuses`` are the hands their side won,
        whoever dealt."""
        winner = self.result(record).winner
        dealers = record.dealers_side
        partner = next(s for s in dealers.seats if s != record.dealer)
        return {
            "bid": "deal",
            "declarer": record.dealer,
            "partner": partner,
            "kind": "drawn" if winner is None else "",
            "made": winner is dealers,
            "bonuses_declarer": int(winner is dealers),
            "bonuses_defence": int(winner is dealers.other),
        }

    def partnerships(self, players: int) -> tuple[tuple[int, ...], ...] | None:
        return tuple(side.seats for side in Side)

    def option_lines(self, options: Any) -> list[str]:
        return [
            _(
                "Partners sit opposite (seats 1 and 3 against 2 and 4). A side needs %(to_win)s of %(total)s card "
                "points to win a hand (%(to_win)s each is drawn); the side with more points over the game wins it.",
                to_win=TO_WIN,
                total=rules.TOTAL,
            )
        ]

    def money(self, stake: Stake, worth: int, played: Played, outcome: Outcome | None = None) -> list[int]:
        """A stake a game: the losing pair pays it, each loser to one winner; a drawn game pays nothing
        (``rules.settle``). A stake a point: likewise, each loser pays one winner the difference between the
        sides' totals, so far (our reading, as the stake a game)."""
        ns, ew = sides_of(played.totals)
        if stake is Stake.PER_POINT:
            return [(ns - ew if Side.of(seat) is Side.NORTH_SOUTH else ew - ns) * worth for seat in range(SEATS)]
        done = outcome or self.outcome(played)
        if not done.finished:
            return [0] * SEATS
        return list(rules.settle(rules.outcome((ns, ew)), worth))

    def reference_context(self) -> dict[str, Any]:
        return {"tarocchi": rules}


GAME = PiedmonteseTarocchi()
