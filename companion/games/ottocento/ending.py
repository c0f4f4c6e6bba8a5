"""When the game ends and who wins: the first side to the target (800).

The game is over after the hand that takes a side to the target. If both
sides are there after the same hand, the higher total wins; an exact tie
(our interpretation) is no result yet, and another hand is played. A side
whose declarations take it to the target may call itself out before play
(chiamarsi fuori) and wins on the spot.

>>> game_over((830, 805))   # hand D of the research: both over 800, the higher wins
Outcome(winner=0, totals=(830, 805), called_out=False)
>>> game_over((790, 760)) is None
True
>>> game_over((810, 810)) is None   # a tie at the top: play another hand
True
>>> game_over((717, 800), called_out=1).describe()
'Seats 2 & 4 called themselves out at 800 and win.'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..common.words import _
from ._common import InvalidHand
from .hand import OttocentoHand, player_name, seat_name, side_name, side_of
from .house import DEFAULT_RULES, OttocentoRules
from .scoring import declared_points, score


@dataclass(frozen=True)
class Outcome:
    """The side that won (0: seats 1 & 3; 1: seats 2 & 4) and the final totals."""

    winner: int
    totals: tuple[int, int]
    called_out: bool = False

    def describe(self, names: Sequence[str] | None = None) -> str:
        who, total = side_name(self.winner, names), self.totals[self.winner]
        if self.called_out:
            return _("%(side)s called themselves out at %(total)d and win.", side=who, total=total)
        return _("%(side)s win with %(total)d to %(other)d.", side=who, total=total, other=self.totals[1 - self.winner])


@dataclass(frozen=True)
class Standing:
    """Each side's running total after a game's hands, and the outcome once the game is over."""

    totals: tuple[int, int]
    outcome: Outcome | None


def game_over(
    totals: tuple[int, int], rules: OttocentoRules = DEFAULT_RULES, called_out: int | None = None
) -> Outcome | None:
    """The outcome after a hand (``totals`` include it), or ``None`` while the game goes on.

    ``called_out`` is the side that called itself out in that hand, if one did
    (check it first with ``check_call_out``).
    """
    if called_out is not None:
        return Outcome(called_out, totals, True)
    if max(totals) < rules.target or totals[0] == totals[1]:
        return None
    return Outcome(0 if totals[0] > totals[1] else 1, totals)


def check_call_out(before: tuple[int, int], hand: OttocentoHand) -> None:
    """A call-out needs the caller's side at the target with its declarations, and the other side short of it.

    ``before`` are the running totals before the hand. The other side
    declared first (later declarations are refused by the record), so had
    it reached the target the call-out would have been its own.
    """
    if hand.called_out is None:
        return
    side, target = side_of(hand.called_out), hand.rules.target
    declared = declared_points(hand)
    after = [before[s] + declared[s] for s in (0, 1)]
    if after[side] < target:
        raise InvalidHand(
            "called_out",
            _(
                "%(seat)s's side reaches %(points)d with its declarations: a side calls itself out only at %(target)d "
                "or more.",
                seat=player_name(hand.called_out),
                points=after[side],
                target=target,
            ),
        )
    if after[1 - side] >= target:
        raise InvalidHand(
            "called_out",
            _(
                "%(side)s reached %(target)d with declarations made before %(seat)s's: the call-out was theirs.",
                side=side_name(1 - side),
                target=target,
                seat=seat_name(hand.called_out),
            ),
        )


def tally(hands: Iterable[OttocentoHand]) -> Standing:
    """Play a game's hands in order: running totals, each call-out checked, and no hand after the end."""
    totals, outcome = (0, 0), None
    for number, hand in enumerate(hands, 1):
        if outcome is not None:
            raise InvalidHand(
                "hand",
                _("The game ended with hand %(number)d: %(outcome)s", number=number - 1, outcome=outcome.describe()),
            )
        check_call_out(totals, hand)
        a, b = score(hand).sides
        totals = (totals[0] + a, totals[1] + b)
        outcome = game_over(totals, hand.rules, hand.called_out_side)
    return Standing(totals, outcome)
