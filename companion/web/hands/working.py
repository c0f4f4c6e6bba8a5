"""The working of a scored hand as plain values, ready to show.

Built once in Python (the live preview shows it on every change), so the
template only loops over finished strings.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...rules import LINE_LABELS, HandRecord, Result
from ...settle import settle
from ..filters import pays, signed


@dataclass(frozen=True)
class PlayerLine:
    seat: int
    name: str
    declarer: bool
    css: str  # plus / minus / ""
    amount: str  # "receives 1/6"
    items: str  # "Game +0/6; Bonuses +1/-"


@dataclass(frozen=True)
class Working:
    summary: str
    called: str
    category: str
    players: tuple[PlayerLine, ...]
    transfers: tuple[tuple[str, str, str], ...]  # (payer, payee, amount)
    sentences: tuple[str, ...]


def working(record: HandRecord, result: Result, names) -> Working:
    kind = result.kind
    summary = kind.label.capitalize()
    if kind.id == "partner":
        summary += f" with {names[record.partner]}"
    elif kind.id == "stung":
        summary += f": {names[record.stinger]} stung declarer ({'succeeded' if result.stinger_made else 'failed'})"
    nets = result.net_halfpence
    players = tuple(
        PlayerLine(
            seat,
            names[seat],
            seat == record.declarer,
            "plus" if nets[seat] > 0 else "minus" if nets[seat] < 0 else "",
            pays(nets[seat]),
            "; ".join(f"{LINE_LABELS[name]} {signed(v)}" for name, v in result.items(seat)),
        )
        for seat in range(4)
    )
    transfers = tuple((names[p.payer], names[p.payee], str(p.amount)) for p in settle(nets))
    return Working(
        summary,
        record.called_card.name if record.called_card else "",
        record.category.label,
        players,
        transfers,
        result.working,
    )
