"""Early French Tarot (the four-player reconstruction) as a ``Game``: each for themselves, points at a stake a
point or a game, until someone's total reaches 50 and stands alone at the top.

A hand's scores do not add up to nothing (the scoring cards set aside with the undealt cards score for nobody),
so money at a stake a point is settled pair by pair (``rules.settle_per_point``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..base import Game, Outcome, Played, Stake, Target, Templates
from ..common.words import N_, Said, _
from . import rules
from .form import EarlyFrenchForm
from .rules import SEATS, TARGET, EarlyFrenchHand, EarlyFrenchResult


class EarlyFrenchTarot(Game[EarlyFrenchHand]):
    id = rules.GAME_ID
    name = Said(rules.NAME)
    players = (SEATS,)
    deal_direction = N_("the deal and play pass to the left")  # du Coeur's reconstruction: the deal rotates left
    stakes = (Stake.PER_POINT, Stake.PER_GAME)
    ending = Target(TARGET)
    #: The scoring cards add 0 to 53 to each hand.
    zero_sum = False
    templates = Templates(
        fields="games/early-french/fields.html",
        working="games/early-french/working.html",
        reference="games/early-french/reference.html",
        figures="games/early-french/figures.html",
    )
    record_class = EarlyFrenchHand
    form_class = EarlyFrenchForm
    wrong_players = N_("This session has {players} players: Early French Tarot is for 4.")

    def result(self, record: EarlyFrenchHand, names: Sequence[str] | None = None) -> EarlyFrenchResult:
        """The working template shows each player's count and scoring cards besides their score."""
        return rules.score(record, names)

    def result_json(self, record: EarlyFrenchHand, working: bool) -> dict[str, Any]:
        """Besides each seat's score, its two parts: the count against 12 cards and the scoring cards."""
        result = self.result(record)
        return {**self.json_of(result, working), "count": list(result.count), "honours": list(result.honours)}

    def describe(self, record: EarlyFrenchHand, names: Sequence[str]) -> str:
        return rules.describe(record, names)

    def bid_labels(self) -> dict[str, str]:
        return {"top": _("Top score of a hand")}

    def facts(self, record: EarlyFrenchHand) -> dict[str, Any]:
        """A hand row keeps one player's figures: whoever alone scored the most in the hand stands as its
        ``declarer`` (-1 when two or more share the top), ``made`` when they also won more than 12 cards, with
        their scoring cards' points (``declared``) and their count against 12 cards (``bonuses_declarer``)."""
        result = self.result(record)
        best = max(result.net)
        top = [s for s, net in enumerate(result.net) if net == best]
        if len(top) > 1:
            return {"bid": "top", "declarer": -1}
        seat = top[0]
        return {
            "bid": "top",
            "declarer": seat,
            "made": result.count[seat] > 0,
            "declared": result.honours[seat],
            "bonuses_declarer": result.count[seat],
        }

    def winners(self, played: Played) -> tuple[int, ...]:
        """The highest total at or over 50, alone at the top; nobody while the game goes on (a tie plays on)."""
        seat = rules.winner(played.totals)
        return (seat,) if seat is not None else ()

    def to_go(self, played: Played, target: int) -> tuple[str, ...]:
        """How far each player is from 50 (in seat order, as the totals below stand), or why a game past 50 goes
        on.

        >>> GAME.to_go(Played((51, 51, 8, 0), 3, 99), 50)
        ('Two players share the top on 51, past 50: another hand decides.',)
        >>> GAME.to_go(Played((45, 38, 12, -5), 2, 99, names=("Ann", "Bob", "Cat", "Dan")), 50)
        ('To reach 50: Ann 5 · Bob 12 · Cat 38 · Dan 55 to go.',)
        """
        top = max(played.totals)
        if top >= target:
            return (_shared_top(sum(1 for total in played.totals if total == top), top, target),)
        to_go = " · ".join(f"{played.name(seat)} {target - total}" for seat, total in enumerate(played.totals))
        return (_("To reach %(target)s: %(to_go)s to go.", target=target, to_go=to_go),)

    def option_lines(self, options: Any) -> list[str]:
        return [
            _(
                "Each for themselves; the first to %(target)s wins (the highest total if several pass it in one hand; "
                "a tie at the top plays another hand).",
                target=TARGET,
            )
        ]

    def money(self, stake: Stake, worth: int, played: Played, outcome: Outcome | None = None) -> list[int]:
        """A stake a point: each pair of players settles the difference of their totals, always (the scores are
        never zero-sum, even when they happen to add up to nothing). A stake a game: the winner takes it from
        each of the others, once the game is won."""
        if stake is Stake.PER_POINT:
            return list(rules.settle_per_point(played.totals, worth))
        done = outcome or self.outcome(played)
        if not done.winners:
            return [0] * SEATS
        return list(rules.settle_per_game(done.winners[0], worth))

    def reference_context(self) -> dict[str, Any]:
        return {"early_french": rules}


def _shared_top(tied: int, top: int, target: int) -> str:
    """Why a game past its target goes on: two, three or all four players share the top."""
    if tied == 2:
        return _("Two players share the top on %(top)s, past %(target)s: another hand decides.", top=top, target=target)
    if tied == 3:
        return _(
            "Three players share the top on %(top)s, past %(target)s: another hand decides.", top=top, target=target
        )
    return _(
        "All four players share the top on %(top)s, past %(target)s: another hand decides.", top=top, target=target
    )


GAME = EarlyFrenchTarot()
