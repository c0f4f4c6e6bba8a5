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

#: The top of the old trumps whose end of run is called: F, XXI … XVI.
RUN_CALLS = OLD_TRUMPS[:7]
KINGS = tuple(c for s in Suit for c in suit_cards(s) if c.rank is Rank.KING)
QUEENS = tuple(c for s in Suit for c in suit_cards(s) if c.rank is Rank.QUEEN)
#: The cards whose holding decides the call, in the order a helper asks for them.
DECIDING_CARDS = (*OLD_TRUMPS[:8], BY_CODE["I"], *KINGS, *QUEENS)


@dataclass(frozen=True)
class SoloCall:
    """The banned card(s) declarer may call (a choice only among Kings or Queens)."""

    cards: tuple[Card, ...]
    reason: str

    @property
    def possible(self) -> bool:
        return bool(self.cards)


def solo_call(held: Iterable[str]) -> SoloCall:
    """What declarer holding these cards (codes) must call to announce a solo."""
    held = set(held)
    if "F" not in held:
        return SoloCall((), "Without the Fool no solo can be announced.")
    run = 0
    while run < len(OLD_TRUMPS) and OLD_TRUMPS[run].code in held:
        run += 1
    last = OLD_TRUMPS[run - 1]
    if run <= len(RUN_CALLS):
        below = OLD_TRUMPS[run].code
        return SoloCall((last,), f"Your run of old trumps from the Fool ends at {last.code} ({below} not held).")
    if "I" in held:
        return SoloCall((BY_CODE["I"],), "Your run from the Fool reaches XV, and you hold the Pagat.")
    for group, word in ((KINGS, "King"), (QUEENS, "Queen")):
        mine = tuple(c for c in group if c.code in held)
        if mine:
            return SoloCall(mine, f"Run reaches XV, no Pagat: call a {word} you hold (your choice).")
    return SoloCall((), "Run reaches XV but you hold no Pagat, King or Queen: no solo can be announced.")
