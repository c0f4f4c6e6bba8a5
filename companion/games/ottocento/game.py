"""Ottocento as a ``Game``: four players in two fixed partnerships, each side adding its own points, the first
side to 800 winning the game; a stake per game (paid by the losing pair) or per point.

Both partners score their side's points, so each seat's figure is its side's. A session's options are the
table's house rules (``OttocentoRules``); every hand's record carries them, target included, so how a session
stands is read from its hands (``winners``, ``to_go``) whenever they are at hand.

>>> hand = OttocentoHand.from_json({"dealer": 0, "card_points": [87, 0], "last_trick": 0, "rules": {"target": 150}})
>>> GAME.winners(Played((186, 0, 186, 0), 2, 99, (hand, hand))), GAME.winners(Played((186, 0, 186, 0), 2, 99))
((0, 2), ())
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..base import Game, Played, Stake, Target, Templates, Unit
from ..common import InvalidHand
from ..common.words import N_, Said, _
from .cards import Numbering
from .combinations import Combination, doubled
from .ending import check_call_out, game_over
from .form import OttocentoForm, option_fields
from .hand import SEATS, OttocentoHand, capital, declaring_order, side_of
from .house import DEFAULT_RULES, EACH_WILD_A_GAP, OttocentoRules
from .scoring import OttocentoResult, called_out_line, combos_points, declared_points, score, sides_line, summary

#: The partnerships: partners sit opposite.
SIDES = ((0, 2), (1, 3))
#: The facts of a hand nobody declared in: it counts for money alone.
NOBODY: dict[str, Any] = {
    "bid": "",
    "declarer": -1,
    "kind": "",
    "made": False,
    "partner": None,
    "declared": 0,
    "bonuses_declarer": 0,
    "bonuses_defence": 0,
}


@dataclass(frozen=True)
class Standing:
    """How a session stands after its hands: each side's total, the side that won (if any), the target it
    plays to, and the call-outs that did not count, in words."""

    totals: tuple[int, int]
    winner: int | None
    target: int
    void: tuple[str, ...] = ()


def standing(played: Played) -> Standing:
    """Play the session's hands through in order, as the table did: a call-out ends the game only when its side's
    declarations reached the target first; otherwise the first hand after which a side is at the target (and
    ahead) ends it. Without the records, the totals alone say it, at the session's target."""
    records = [r for r in played.records if isinstance(r, OttocentoHand)]
    if not records:
        rules = played.options if isinstance(played.options, OttocentoRules) else DEFAULT_RULES
        totals = (played.totals[0], played.totals[1]) if len(played.totals) == SEATS else (0, 0)
        over = game_over(totals, rules)
        return Standing(totals, over.winner if over else None, rules.target)
    totals, void = (0, 0), []
    for hand in records:
        called = hand.called_out_side
        if called is not None and not _call_out_counts(totals, hand):
            void.append(_void_call_out(played, totals, hand))
            called = None
        a, b = score(hand).sides
        totals = (totals[0] + a, totals[1] + b)
        over = game_over(totals, hand.rules, called)
        if over is not None:
            return Standing(totals, over.winner, hand.rules.target, tuple(void))
    return Standing(totals, None, records[-1].rules.target, tuple(void))


def _call_out_counts(before: tuple[int, int], hand: OttocentoHand) -> bool:
    try:
        check_call_out(before, hand)
    except InvalidHand:
        return False
    return True


def _void_call_out(played: Played, before: tuple[int, int], hand: OttocentoHand) -> str:
    """Why a saved call-out does not end the game (the form cannot check it: it does not know the totals).

    The hand is named as its row on the scoreboard shows it, by who called out and who dealt: the records come
    without their deal numbers, and counting them would miscount after a deleted hand."""
    assert hand.called_out is not None
    side, target = side_of(hand.called_out), hand.rules.target
    reached = before[side] + declared_points(hand)[side]
    caller, dealer = played.name(hand.called_out), played.name(hand.dealer)
    caller = capital(caller)
    if reached < target:
        return _(
            "%(caller)s's call-out, in the hand %(dealer)s dealt, does not end the game: its side reached only "
            "%(reached)d of %(target)d with its declarations. Edit that hand if it was played out.",
            caller=caller,
            dealer=dealer,
            reached=reached,
            target=target,
        )
    return _(
        "%(caller)s's call-out, in the hand %(dealer)s dealt, does not end the game: the other side reached "
        "%(target)d with declarations made before it. Edit that hand if it was played out.",
        caller=caller,
        dealer=dealer,
        target=target,
    )


def top_declarer(hand: OttocentoHand) -> int | None:
    """The caller in a call-out; else the player whose declarations were worth the most (a tie: the first of them
    in turn, from the dealer); None when nobody declared."""
    if hand.called_out is not None:
        return hand.called_out
    worth = [combos_points(c) for c in hand.declarations]
    best = max(declaring_order(hand.dealer), key=lambda s: worth[s])
    return best if worth[best] else None


def _doubled(combos: Sequence[Combination]) -> bool:
    return doubled([c for c in combos if c.is_cricca]) or doubled([c for c in combos if not c.is_cricca])


class Ottocento(Game[OttocentoHand]):
    id = "ottocento"
    name = Said(N_("Ottocento"))
    rules_class = OttocentoRules
    players = (SEATS,)
    deal_direction = N_("the deal and play pass to the right")  # seed 001: "officially … counter-clockwise"
    unit = Unit.POINTS
    #: A fixed stake per game first (our reading: no payment per point is known for this game), per point if the
    #: session chooses it (not zero-sum: each pair of players settles the difference of their totals).
    stakes = (Stake.PER_GAME, Stake.PER_POINT)
    ending = Target(DEFAULT_RULES.target)
    zero_sum = False
    templates = Templates(
        fields="games/ottocento/fields.html",
        working="games/ottocento/working.html",
        reference="games/ottocento/reference.html",
        figures="games/ottocento/figures.html",
    )
    record_class = OttocentoHand
    form_class = OttocentoForm
    wrong_players = N_("This session has {players} players; Ottocento is for 4.")  # SEATS

    def result(self, record: OttocentoHand, names: Sequence[str] | None = None) -> OttocentoResult:
        """The working template shows each side's points and what each side declared."""
        return score(record, names)

    def result_json(self, record: OttocentoHand, working: bool) -> dict[str, Any]:
        result = self.result(record)
        out: dict[str, Any] = {"game": self.id, "unit": self.unit.value, "net": list(result.net)}
        out.update(sides=list(result.sides), declared=list(result.declared))
        if working:
            out["working"] = list(result.working)
        return out

    def describe(self, record: OttocentoHand, names: Sequence[str]) -> str:
        """Each side's points ("Ann & Cat 407, Bob & Dan 30"), after who called out if anyone did: the hand's row
        names its dealer already."""
        sides = sides_line(self.result(record).sides, names)
        return sides if record.called_out is None else called_out_line(record, names, sides)

    def notice(self, record: OttocentoHand, names: Sequence[str]) -> str:
        """After a save: who dealt (or called out) and each side's points."""
        return summary(record, names)

    def bid_labels(self) -> dict[str, str]:
        return {"declared": _("Declared the most"), "called-out": _("Called their side out")}

    def facts(self, record: OttocentoHand) -> dict[str, Any]:
        """Ottocento has no bid: a hand is led by its top declarer (``top_declarer``), whose side made it when it
        scored more in the hand than the other side (a call-out always does). ``bid``: ``called-out`` or
        ``declared``; ``kind``: ``doubled`` when their own cricche or sequences were doubled; ``declared``: the
        points they declared; the bonuses: the combinations each side declared. Nobody declared: ``declarer``
        is -1 and the hand counts for money alone."""
        lead = top_declarer(record)
        if lead is None:
            return {**NOBODY}
        mine = side_of(lead)
        sides = self.result(record).sides
        shown = [len(record.declarations[s]) + len(record.declarations[s + 2]) for s in (0, 1)]
        return {
            "bid": "called-out" if record.called_out is not None else "declared",
            "declarer": lead,
            "kind": "doubled" if _doubled(record.declarations[lead]) else "",
            "made": record.called_out is not None or sides[mine] > sides[1 - mine],
            "partner": (lead + 2) % SEATS,
            "declared": combos_points(record.declarations[lead]),
            "bonuses_declarer": shown[mine],
            "bonuses_defence": shown[1 - mine],
        }

    # -- a session ----------------------------------------------------------------------

    def partnerships(self, players: int) -> tuple[tuple[int, ...], ...] | None:
        return SIDES if players == SEATS else None

    def options(self, stored: Any) -> OttocentoRules:
        """A session's house rules as saved: a choice it leaves out is read as the app scored when it was saved."""
        try:
            return OttocentoRules.from_json(stored if isinstance(stored, dict) else {}, stored=True)
        except InvalidHand:
            return EACH_WILD_A_GAP  # what a session saved without the Grande's choice was scored with

    def option_fields(self) -> dict[str, Any]:
        return option_fields()

    def ending_for(self, options: Any) -> Target:
        """First to the session's own target (800 unless the table chose another)."""
        return Target(options.target if isinstance(options, OttocentoRules) else DEFAULT_RULES.target)

    def option_lines(self, options: OttocentoRules) -> list[str]:
        wilds = (
            _("A suit sequence takes up to two wild cards.")
            if options.max_wilds_in_suit == 2
            else _("A suit sequence takes one wild card at most (Parlett).")
        )
        moors = (
            _("The Grande goes on after the 5 with the Moors, 5 each (Barilli).")
            if options.moors_after_grande
            else _("The Moors make their own sequence; they do not join the Grande.")
        )
        gaps = (
            _("In the Grande each wild card may fill a gap of its own (house rule).")
            if options.grande_gaps > 1
            else _("In the Grande one wild card fills a gap; the other only lengthens it (the rules text).")
        )
        pack = (
            _("The pack is numbered 1 to 21: its trumps are shown one number higher (the 17 for the 16).")
            if options.numbering is Numbering.MODERN
            else _("The pack is Bolognese: the 16 down to the 5, the Moors unnumbered.")
        )
        target = _(
            "The first side to %(target)d wins; a side whose declarations reach it may call itself out.",
            target=options.target,
        )
        return [wilds, gaps, moors, pack, target]

    def winners(self, played: Played) -> tuple[int, ...]:
        """Both partners of the winning side; ``played.records`` (the scoreboard's) decide call-outs and the target."""
        winner = standing(played).winner
        return () if winner is None else SIDES[winner]

    def to_go(self, played: Played, target: int) -> tuple[str, ...]:
        """How far each side is from the target (the session's, from its hands; ``target`` when there are none).

        >>> GAME.to_go(Played((712, 90, 712, 90), 4, 99, names=("Ann", "Bob", "Cat", "Dan")), 800)
        ('To reach 800: 88 for Ann & Cat (712), 710 for Bob & Dan (90).',)
        """
        if not played.hands:
            return ()
        found = standing(played)
        goal, (high, low) = found.target, sorted(found.totals, reverse=True)
        if high == low and high >= goal:
            line = _(
                "Both sides level at %(points)d, past %(target)d: the next hand decides.", points=high, target=goal
            )
        elif high == low:
            line = _("To reach %(target)d: %(need)d for each side.", target=goal, need=goal - high)
        else:
            ahead = 0 if found.totals[0] > found.totals[1] else 1
            line = _(
                "To reach %(target)d: %(need)d for %(ahead)s (%(high)d), %(more)d for %(behind)s (%(low)d).",
                target=goal,
                need=goal - high,
                ahead=self._side_name(played, ahead),
                high=high,
                more=goal - low,
                behind=self._side_name(played, 1 - ahead),
                low=low,
            )
        return (line, *found.void)

    @staticmethod
    def _side_name(played: Played, side: int) -> str:
        return " & ".join(played.name(seat) for seat in SIDES[side])

    # -- its pages -------------------------------------------------------------------------

    def reference_context(self) -> dict[str, Any]:
        from .. import ottocento

        return {"ottocento": ottocento}


GAME = Ottocento()
