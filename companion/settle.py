"""Settling up: who pays whom, and in which coins.

>>> [(p.payer, p.payee, str(p.amount)) for p in settle([36, -12, -24, 0])]
[(2, 0, '1/-'), (1, 0, '0/6')]
>>> [str(c) for c in coins_for(Money.from_sd("4/-"), DEFAULT_COINS)]
['2/-', '2/-']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .rules.money import Money, MoneyError

#: ½d, 1d, 3d, 6d, 1/-, 2/-, 2/6, the 10/- note and the £1 note.
DEFAULT_COINS: tuple[Money, ...] = tuple(
    Money.from_sd(t) for t in ("0/0½", "0/1", "0/3", "0/6", "1/-", "2/-", "2/6", "10/-", "20/-")
)
COIN_NAMES = {
    1: "halfpenny",
    2: "penny",
    6: "threepence",
    12: "sixpence",
    24: "shilling",
    48: "florin",
    60: "half crown",
    240: "ten-shilling note",
    480: "pound note",
}


@dataclass(frozen=True, slots=True)
class Payment:
    payer: int
    payee: int
    amount: Money


def settle(nets: Sequence[int]) -> list[Payment]:
    """Payments (largest first) that clear these nets; at most n-1 of them.

    Each step clears the larger debtor or creditor entirely, so four players
    never need more than three payments.
    """
    owed = {seat: -n for seat, n in enumerate(nets) if n < 0}
    due = {seat: n for seat, n in enumerate(nets) if n > 0}
    if sum(owed.values()) != sum(due.values()):
        raise ValueError("nets do not sum to zero")
    payments = []
    while owed and due:
        # The largest; on a tie the lowest seat (max keeps the first, and seats are in order).
        payer = max(owed, key=owed.__getitem__)
        payee = max(due, key=due.__getitem__)
        amount = min(owed[payer], due[payee])
        payments.append(Payment(payer, payee, Money(amount)))
        for book, seat in ((owed, payer), (due, payee)):
            book[seat] -= amount
            if not book[seat]:
                del book[seat]
    return payments


def parse_coins(text: str) -> tuple[Money, ...]:
    """A coin set from s/d text separated by spaces or commas."""
    parts = [p for p in text.replace(",", " ").split() if p]
    if not parts:
        raise MoneyError("list at least one coin")
    found = sorted({Money.from_sd(p) for p in parts}, key=lambda m: m.halfpence)
    if found[0].halfpence <= 0:
        raise MoneyError("coins must be worth more than nothing")
    return tuple(found)


def coins_text(coins: Sequence[Money]) -> str:
    return " ".join(str(c) for c in coins)


def coins_for(amount: Money, coins: Sequence[Money]) -> list[Money] | None:
    """The fewest coins that make ``amount`` exactly (None if they cannot)."""
    values = sorted({c.halfpence for c in coins})
    target = abs(amount.halfpence)
    # Pay the bulk in the largest coin, then search the remainder exactly.
    largest = values[-1]
    bulk = max(0, target // largest - 2)
    rest = target - bulk * largest
    best: list[int | None] = [0] + [None] * rest
    last: list[int] = [0] * (rest + 1)
    for total in range(1, rest + 1):
        for v in values:
            before = best[total - v] if v <= total else None
            if before is not None:
                current = best[total]
                if current is None or before + 1 < current:
                    best[total], last[total] = before + 1, v
    if best[rest] is None:
        return None
    out = [largest] * bulk
    while rest:
        out.append(last[rest])
        rest -= last[rest]
    return [Money(v) for v in sorted(out, reverse=True)]


def coin_name(coin: Money) -> str:
    return COIN_NAMES.get(coin.halfpence, str(coin))
