"""Announcing a solo: which banned card declarer must call (contract §15).

Declarer needs the Fool. Follow the old trumps down from the Fool while they
are held: a run ending at one of F, XXI … XVI calls its lowest card. A run
reaching XV or lower calls the Pagat if held, else a King, else a Queen.

>>> [c.code for c in solo_call({"F", "XXI", "XIX"}).cards]
['XXI']
>>> [c.code for c in solo_call({"F", "XXI", "XX", "XIX", "XVIII", "XVII", "XVI", "XV", "KS", "KH"}).cards]
['KH', 'KS']
>>> solo_call({"XXI", "I"}).cards
()
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..common.cards import BY_CODE, OLD_TRUMPS, Card, Rank, Suit, suit_cards
from ..common.words import N_, _

#: The top of the old trumps whose end of run is called: F, XXI … XVI.
RUN_CALLS = OLD_TRUMPS[:7]
KINGS = tuple(c for s in Suit for c in suit_cards(s) if c.rank is Rank.KING)
QUEENS = tuple(c for s in Suit for c in suit_cards(s) if c.rank is Rank.QUEEN)
#: The cards whose holding decides the call, in the order a helper asks for them.
DECIDING_CARDS = (*OLD_TRUMPS[:8], BY_CODE["I"], *KINGS, *QUEENS)


@dataclass(frozen=True)
class SoloCall:
    """The banned card(s) declarer may call (a choice only among Kings or Queens), and why, in the reader's
    language."""

    cards: tuple[Card, ...]
    reason: str

    @property
    def possible(self) -> bool:
        return bool(self.cards)


def solo_call(held: Iterable[str]) -> SoloCall:
    """What declarer holding these cards (codes) must call to announce a solo."""
    held = set(held)
    if "F" not in held:
        return SoloCall((), _("Without the Fool no solo can be announced."))
    run = 0
    while run < len(OLD_TRUMPS) and OLD_TRUMPS[run].code in held:
        run += 1
    last = OLD_TRUMPS[run - 1]
    if run <= len(RUN_CALLS):
        below = OLD_TRUMPS[run].code
        return SoloCall(
            (last,),
            _(
                "Your run of old trumps from the Fool ends at %(last)s (%(below)s not held).",
                last=last.code,
                below=below,
            ),
        )
    if "I" in held:
        return SoloCall((BY_CODE["I"],), _("Your run from the Fool reaches XV, and you hold the Pagat."))
    for group, reason in _COURT_CALLS:
        mine = tuple(c for c in group if c.code in held)
        if mine:
            return SoloCall(mine, _(reason))
    return SoloCall((), _("Run reaches XV but you hold no Pagat, King or Queen: no solo can be announced."))


#: Past XV with no Pagat: a King if held, else a Queen, each with its reason (a whole sentence apiece).
_COURT_CALLS = (
    (KINGS, N_("Run reaches XV, no Pagat: call a King you hold (your choice).")),
    (QUEENS, N_("Run reaches XV, no Pagat: call a Queen you hold (your choice).")),
)
