"""A hand's points for each side, with the working, and its one-line summary.

Each side writes down its own total for the hand: what its players declared,
then its captured cricche and sequences, its card points and the last trick.
The scores are not zero-sum (both sides gain). Partners share their side's
total, so each seat's figure is its side's.

Much as in hand C of the research: seat 1 declares Kings and a Swords
sequence, and at the end seats 1 and 3 hold three cricche:

>>> from .combinations import combo
>>> kings = combo("kings", "KS", "KC", "KD")
>>> hand = OttocentoHand(dealer=1, declarations=((kings, combo("swords", "KS", "QS", "NS")), (), (), ()),
...     captured=((kings, combo("queens", "QS", "QD", "QB"), combo("knights", "NS", "NC", "NB")), ()),
...     card_points=(60, 27), last_trick=0)
>>> result = score(hand)
>>> result.sides, result.net
((181, 27), (181, 27, 181, 27))
>>> result.working[0]
'Seat 1 declared 27: Kings (3): 17; Swords King-Queen-Knight: 10.'
>>> result.working[1]
'Seats 1 & 3 captured cricche worth 88: Kings (3): 17; Queens (3): 14; Knights (3): 13; three cricche, so doubled.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..common.words import N_, _
from .cards import LAST_TRICK, Numbering
from .combinations import Combination, doubled
from .combinations import Sequence as Run
from .hand import OttocentoHand, declaring_order, player_name, side_name, side_of

Combos = Sequence[Combination]


@dataclass(frozen=True)
class OttocentoResult:
    """Each side's points for the hand, each seat's (its side's), what was declared, and why."""

    sides: tuple[int, int]
    net: tuple[int, int, int, int]
    #: Each side's declarations alone: what a call-out is judged on.
    declared: tuple[int, int]
    working: tuple[str, ...]


def group_points(combos: Combos) -> int:
    """The cricche (or the sequences) of one player or side, doubled when there are three or more."""
    total = sum(c.value for c in combos)
    return 2 * total if doubled(combos) else total


def _split(combos: Combos) -> tuple[list[Combination], list[Combination]]:
    return [c for c in combos if c.is_cricca], [c for c in combos if not c.is_cricca]


def combos_points(combos: Combos) -> int:
    """Cricche and sequences doubled independently: three cricche double the cricche only."""
    cricche, runs = _split(combos)
    return group_points(cricche) + group_points(runs)


def declared_points(hand: OttocentoHand) -> tuple[int, int]:
    """Each side's declarations, each player's doubled on their own (three cricche by one player)."""
    sides = [0, 0]
    for s, combos in enumerate(hand.declarations):
        sides[side_of(s)] += combos_points(combos)
    return sides[0], sides[1]


#: How many cricche (at most five kinds) or sequences (seven) were doubled, in words.
_COUNTS = (N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"))
#: What the working says of a player's or side's cricche, or sequences, each a whole phrase.
_CRICCHE = {
    "doubled": N_("%(count)s cricche, so doubled"),
    "captured": N_("%(who)s captured cricche worth %(points)d: %(combinations)s."),
    "part": N_("%(points)d in cricche"),
}
_SEQUENCES = {
    "doubled": N_("%(count)s sequences, so doubled"),
    "captured": N_("%(who)s captured sequences worth %(points)d: %(combinations)s."),
    "part": N_("%(points)d in sequences"),
}


def _listed(combos: Combos, words: dict[str, str], numbering: Numbering) -> str:
    """ "Kings (3): 17; Queens (3): 14; Knights (3): 13; three cricche, so doubled"."""
    listed = [c.describe(numbering) for c in combos]
    if doubled(combos):
        listed.append(_(words["doubled"], count=_(_COUNTS[len(combos) - 3])))
    return "; ".join(listed)


def _declared_sentence(who: str, combos: Combos, numbering: Numbering) -> str:
    cricche, runs = _split(combos)
    parts = [_listed(cricche, _CRICCHE, numbering)] if cricche else []
    parts += [_listed(runs, _SEQUENCES, numbering)] if runs else []
    return _(
        "%(who)s declared %(points)d: %(combinations)s.",
        who=who,
        points=combos_points(combos),
        combinations="; ".join(parts),
    )


def _side_working(hand: OttocentoHand, side: int, names: Sequence[str] | None) -> tuple[list[str], list[str], int]:
    """The sentences for one side's tricks, the parts of its total in words, and their sum."""
    who = side_name(side, names)
    cricche, runs = _split(hand.captured[side])
    sentences, parts, total = [], [], 0
    for group, words in ((cricche, _CRICCHE), (runs, _SEQUENCES)):
        if group:
            points = group_points(group)
            listed = _listed(group, words, hand.rules.numbering)
            sentences.append(_(words["captured"], who=who, points=points, combinations=listed))
            parts.append(_(words["part"], points=points))
            total += points
    assert hand.card_points is not None
    points = hand.card_points[side]
    parts.append(_("%(points)d in card points", points=points))
    total += points
    if hand.last_trick == side:
        took = _(
            "%(who)s took %(points)d card points and the last trick (%(last)d).",
            who=who,
            points=points,
            last=LAST_TRICK,
        )
        parts.append(_("%(points)d for the last trick", points=LAST_TRICK))
        total += LAST_TRICK
    else:
        took = _("%(who)s took %(points)d card points.", who=who, points=points)
    sentences.append(took)
    return sentences, parts, total


def _and(parts: Sequence[str]) -> str:
    """ "a, b and c", as the reader's language joins them."""
    if len(parts) == 1:
        return parts[0]
    return _("%(others)s and %(last)s", others=", ".join(parts[:-1]), last=parts[-1])


def score(hand: OttocentoHand, names: Sequence[str] | None = None) -> OttocentoResult:
    """Each side's points for the hand, with one sentence per part (``names``: the four players, by seat)."""
    declared = declared_points(hand)
    working = [
        _declared_sentence(player_name(s, names), hand.declarations[s], hand.rules.numbering)
        for s in declaring_order(hand.dealer)
        if hand.declarations[s]
    ]
    if hand.called_out is not None:
        caller = player_name(hand.called_out, names)
        working.append(
            _("%(who)s called their side out: the game ends before play, on declarations alone.", who=caller)
        )
    sides = list(declared)
    for side in (0, 1):
        parts = [_("%(points)d declared", points=declared[side])] if declared[side] else []
        if hand.played:
            sentences, played, points = _side_working(hand, side, names)
            working += sentences
            parts += played
            sides[side] += points
        if parts:
            working.append(
                _(
                    "%(side)s score %(total)d for the hand: %(parts)s.",
                    side=side_name(side, names),
                    total=sides[side],
                    parts=_and(parts),
                )
            )
    working += _grande_reading(hand)
    a, b = sides
    return OttocentoResult((a, b), (a, b, a, b), declared, tuple(working))


def _grande_reading(hand: OttocentoHand) -> list[str]:
    """Which reading of the Grande's wild cards scored it, when a Grande holds both (only then do they differ)."""
    groups = [*hand.declarations, *hand.captured]
    if not any(c.kind is Run.GRANDE and c.wilds > 1 for combos in groups for c in combos):
        return []
    if hand.rules.grande_gaps > 1:
        return [_("Our reading, by this table's house rule: each wild card in the Grande may fill a gap of its own.")]
    return [_("Our reading of the rules text: one wild card in the Grande fills a gap, the other only lengthens it.")]


def sides_line(sides: Sequence[int], names: Sequence[str]) -> str:
    """Each side's points for a hand, by its players' names: "Ann & Cy 205, Bo & Di 75"."""
    return f"{side_name(0, names)} {sides[0]}, {side_name(1, names)} {sides[1]}"


def called_out_line(hand: OttocentoHand, names: Sequence[str], sides: str) -> str:
    """A call-out's line for the lists of hands: "Ann called out · Ann & Cy 205, Bo & Di 75"."""
    assert hand.called_out is not None
    return _("%(who)s called out · %(sides)s", who=names[hand.called_out], sides=sides)


def summary(hand: OttocentoHand, names: Sequence[str]) -> str:
    """One line for the list of hands: "Ann dealt · Ann & Cy 205, Bo & Di 75"."""
    sides = sides_line(score(hand).sides, names)
    if hand.called_out is not None:
        return called_out_line(hand, names, sides)
    return _("%(who)s dealt · %(sides)s", who=names[hand.dealer], sides=sides)
