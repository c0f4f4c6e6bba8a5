"""Settling up: who pays whom, and in which coins.

>>> [(p.payer, p.payee, str(p.amount)) for p in settle([36, -12, -24, 0])]
[(2, 0, '1/-'), (1, 0, '0/6')]
>>> [str(c) for c in coins_for(Money.from_sd("4/-"), DEFAULT_COINS)]
['2/-', '2/-']
"""

from __future__ import annotations

import sys
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, repeat

from .games.common.money import Money, MoneyError
from .games.common.words import N_, _

#: ½d, 1d, 3d, 6d, 1/-, 2/-, 2/6, the 10/- note and the £1 note.
DEFAULT_COINS: tuple[Money, ...] = tuple(
    Money.from_sd(t) for t in ("0/0½", "0/1", "0/3", "0/6", "1/-", "2/-", "2/6", "10/-", "20/-")
)
COIN_NAMES = {
    1: N_("halfpenny"),
    2: N_("penny"),
    6: N_("threepence"),
    12: N_("sixpence"),
    24: N_("shilling"),
    48: N_("florin"),
    60: N_("half crown"),
    240: N_("ten-shilling note"),
    480: N_("pound note"),
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
    companion.games.common.money.MoneyError: '£50' is more than the largest coin or note, £5
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
    if _change_table(tuple(sorted(c.halfpence for c in found)), MOST_STEPS) is None:
        raise MoneyError("change is too awkward to work out with these coins: leave one out, or choose rounder ones")
    return tuple(sorted(found))


def coins_text(coins: Sequence[Money]) -> str:
    return " ".join(str(c) for c in coins)


def coins_for(amount: Money, coins: Sequence[Money]) -> list[Money] | None:
    """The fewest coins that make ``amount`` exactly (None only if no mix of them can).

    Exact, not greedy: with florins and half crowns, 8/- is four florins.

    >>> [str(c) for c in coins_for(Money.from_sd("8/-"), parse_coins("2/- 2/6"))]
    ['2/-', '2/-', '2/-', '2/-']
    """
    counted = coin_counts(amount, coins)
    if counted is None:
        return None
    return list(chain.from_iterable(repeat(coin, n) for coin, n in counted))


def coin_counts(amount: Money, coins: Sequence[Money]) -> list[tuple[Money, int]] | None:
    """``coins_for`` as (coin, how many), largest first: its cost does not grow with the amount.

    >>> [(str(c), n) for c, n in coin_counts(Money.from_sd("£3 2/6"), DEFAULT_COINS)]
    [('20/-', 3), ('2/6', 1)]
    """
    values = tuple(sorted({c.halfpence for c in coins}))
    largest = values[-1]
    table = _change_table(values, MOST_STEPS) or _change_table(values, None)
    assert table is not None  # without a limit the table is always made
    rest, whole = abs(amount.halfpence) % largest, abs(amount.halfpence) // largest
    best = next(((extra, wraps) for extra, wraps in table[rest].items() if wraps <= whole), None)
    if best is None:
        return None
    extra, wraps = best
    counts = dict.fromkeys(reversed(values), 0)
    counts[largest] = whole - wraps
    for coin in _smaller_coins(table, values, rest, extra, wraps):
        counts[coin] += 1
    return [(Money(v), n) for v, n in counts.items() if n]


#: The most entries a coin set's change table (``_change_table``) may hold, about 10 ms of work. Real coins
#: need at most 3,500 (any set from ½d to £5, the groat, the crown and a £2 note among them); sets picked to be
#: awkward can need far more (½d, nine coins near £2 10/- and two near £5: 105,000), and ``parse_coins``
#: refuses them, so that a scoreboard never waits on its coins.
MOST_STEPS = 8_000


@lru_cache(maxsize=64)
def _change_table(values: tuple[int, ...], most: int | None) -> list[dict[int, int]] | None:
    """For each residue modulo the largest coin L, the best mixes of the smaller coins that reach it.

    Counting the smaller coins of a mix into a total one at a time, each coin either passes a multiple
    of L (a *wrap*: it and what came before stand for one more L) or does not (an *extra* coin). A mix
    reaching residue ``rest`` with ``wraps`` and ``extra`` makes ``rest + wraps·L`` in ``wraps + extra``
    coins; with ``whole - wraps`` coins of L beside it, it makes ``rest + whole·L`` in ``whole + extra``.
    So the fewest coins for an amount is the mix of least extra with at most ``whole`` wraps, and the
    table keeps, per residue, ``{extra: fewest wraps}`` for each extra that needs fewer wraps than any
    smaller one. It depends on the coins alone, never on the amount; None when it outgrows ``most``.
    """
    largest, smaller = values[-1], values[:-1]
    # The smaller coins that wrap from each residue are the largest ones: they start at ``cut[rest]``.
    cut = [bisect_left(smaller, largest - rest) for rest in range(largest)]
    fewest = [sys.maxsize] * largest  # fewest wraps to each residue found so far
    table: list[dict[int, int]] = [{} for _ in range(largest)]
    starts, extra, size = {0: [0]}, 0, 0
    while starts:
        reached = _wrap(starts, smaller, cut, fewest)
        for rest in reached:
            table[rest][extra] = fewest[rest]
        size += len(reached)
        if most is not None and size > most:
            return None
        starts = _one_extra(reached, smaller, cut, fewest)
        extra += 1
    return table


def _wrap(starts: dict[int, list[int]], smaller: tuple[int, ...], cut: list[int], fewest: list[int]) -> list[int]:
    """The residues reached with one more extra: ``starts`` (by wraps) and what wrapping coins reach from them,
    fewest wraps first; those that need fewer wraps than before get their new fewest."""
    largest = len(fewest)
    pending = sorted(starts)
    reached: list[int] = []
    i, wraps, now = 0, 0, list[int]()
    while i < len(pending) or now:
        if not now:
            wraps = pending[i]
        if i < len(pending) and pending[i] == wraps:
            now += starts[wraps]
            i += 1
        later = []
        for rest in now:
            if fewest[rest] <= wraps:
                continue
            fewest[rest] = wraps
            reached.append(rest)
            later += [rest + v - largest for v in smaller[cut[rest] :] if fewest[rest + v - largest] > wraps + 1]
        now, wraps = later, wraps + 1
    return reached


def _one_extra(reached: list[int], smaller: tuple[int, ...], cut: list[int], fewest: list[int]) -> dict[int, list[int]]:
    """Where one more coin that does not wrap takes each residue just reached, by wraps."""
    starts: dict[int, list[int]] = {}
    for rest in reached:
        wraps = fewest[rest]
        for v in smaller[: cut[rest]]:
            if fewest[rest + v] > wraps:
                starts.setdefault(wraps, []).append(rest + v)
    return starts


def _smaller_coins(
    table: list[dict[int, int]], values: tuple[int, ...], rest: int, extra: int, wraps: int
) -> list[int]:
    """The smaller coins of the table's mix at ``rest`` (``extra``, ``wraps``), found back one coin at a time.

    The last coin came from a mix in the table with one extra fewer (a coin below the residue) or one
    wrap fewer (a coin above it): whichever is there.
    """
    largest, out = values[-1], []
    while extra or wraps:
        for v in values[:-1]:
            if v <= rest and extra and table[rest - v].get(extra - 1) == wraps:
                rest, extra = rest - v, extra - 1
                break
            if v > rest and wraps and table[rest - v + largest].get(extra) == wraps - 1:
                rest, wraps = rest - v + largest, wraps - 1
                break
        else:
            raise AssertionError(f"no coin leads back from {rest} in the change table of {values}")
        out.append(v)
    return out


def coin_name(coin: Money) -> str:
    """A coin's name in the reader's language, or its value where it has none (a house's own coin)."""
    name = COIN_NAMES.get(coin.halfpence)
    return _(name) if name else str(coin)


def table_coins(text: str) -> tuple[Money, ...]:
    """A session's or group's stored coins; the usual ones for a set stored before coin sets were capped."""
    try:
        return parse_coins(text)
    except MoneyError:
        return DEFAULT_COINS
