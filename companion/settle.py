"""Settling up: who pays whom, and in which coins.

>>> [(p.payer, p.payee, str(p.amount)) for p in settle([36, -12, -24, 0])]
[(2, 0, '1/-'), (1, 0, '0/6')]
>>> [str(c) for c in coins_for(Money.from_sd("4/-"), DEFAULT_COINS)]
['2/-', '2/-']
"""

from __future__ import annotations

import math
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


#: A coin set is a handful of coins, each one that could be on a card table.
MAX_COINS = 12
LARGEST_COIN = Money.from_sd("£5")


def parse_coins(text: str) -> tuple[Money, ...]:
    """A coin set from s/d text separated by spaces or commas.

    >>> parse_coins("2/6 2/- 2/-")
    (Money(halfpence=48), Money(halfpence=60))
    >>> parse_coins("£50")
    Traceback (most recent call last):
    ...
    companion.rules.money.MoneyError: '£50' is more than the largest coin or note, £5
    """
    parts = [p for p in text.replace(",", " ").split() if p]
    if not parts:
        raise MoneyError("list at least one coin")
    if len(parts) > 3 * MAX_COINS:
        raise MoneyError(f"list at most {MAX_COINS} coins")
    found = set()
    for part in parts:
        if len(part) > 20:
            raise MoneyError(f"{part[:12]!r}… is too long for a coin")
        coin = Money.from_sd(part)
        if coin > LARGEST_COIN:
            raise MoneyError(f"{part!r} is more than the largest coin or note, {LARGEST_COIN.pounds_text()}")
        if coin.halfpence <= 0:
            raise MoneyError("coins must be worth more than nothing")
        found.add(coin)
    if len(found) > MAX_COINS:
        raise MoneyError(f"list at most {MAX_COINS} different coins")
    return tuple(sorted(found))


def coins_text(coins: Sequence[Money]) -> str:
    return " ".join(str(c) for c in coins)


def coins_for(amount: Money, coins: Sequence[Money]) -> list[Money] | None:
    """The fewest coins that make ``amount`` exactly (None only if no mix of them can).

    Exact, not greedy: with florins and half crowns, 8/- is four florins.

    >>> [str(c) for c in coins_for(Money.from_sd("8/-"), parse_coins("2/- 2/6"))]
    ['2/-', '2/-', '2/-', '2/-']

    The fewest coins never hold ``lcm(v, L) / v`` or more of a coin ``v``
    smaller than the largest ``L`` (that many are worth a whole number of
    ``L``, in fewer coins), so the smaller coins make at most ``bound`` and
    the largest makes the rest: a search up to ``bound``, not the amount.
    """
    values = sorted({c.halfpence for c in coins})
    target = abs(amount.halfpence)
    largest, smaller = values[-1], values[:-1]
    bound = min(target, sum(math.lcm(v, largest) - v for v in smaller))
    # fewest[t]: fewest smaller coins that make t (None: they cannot); last[t]: the coin added last.
    fewest: list[int | None] = [0] + [None] * bound
    last = [0] * (bound + 1)
    for total in range(1, bound + 1):
        for v in smaller:
            if v > total:
                break
            before, now = fewest[total - v], fewest[total]
            if before is not None and (now is None or before + 1 < now):
                fewest[total], last[total] = before + 1, v
    options = [
        (n + (target - rest) // largest, rest)
        for rest in range(target % largest, bound + 1, largest)
        if (n := fewest[rest]) is not None
    ]
    if not options:
        return None
    _, rest = min(options)
    out = [largest] * ((target - rest) // largest)
    while rest:
        out.append(last[rest])
        rest -= last[rest]
    return [Money(v) for v in sorted(out, reverse=True)]


def coin_name(coin: Money) -> str:
    return COIN_NAMES.get(coin.halfpence, str(coin))


def table_coins(text: str) -> tuple[Money, ...]:
    """A session's or group's stored coins; the usual ones for a set stored before coin sets were capped."""
    try:
        return parse_coins(text)
    except MoneyError:
        return DEFAULT_COINS
