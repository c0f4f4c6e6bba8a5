import math
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.sussex import Money, MoneyError
from companion.settle import DEFAULT_COINS, coin_counts, coins_for, parse_coins, settle, table_coins


@given(st.lists(st.integers(-5000, 5000), min_size=3, max_size=3))
def test_settlement_clears_every_net_in_at_most_three_payments(three):
    nets = [*three, -sum(three)]
    payments = settle(nets)
    assert len(payments) <= 3
    left = list(nets)
    for p in payments:
        assert p.amount.halfpence > 0 and p.payer != p.payee
        left[p.payer] += p.amount.halfpence
        left[p.payee] -= p.amount.halfpence
    assert left == [0, 0, 0, 0]


def test_largest_debt_is_paid_first_and_ties_go_to_the_lowest_seat():
    def pairs(nets):
        return [(p.payer, p.payee, p.amount.halfpence) for p in settle(nets)]

    assert pairs([12, 12, -12, -12]) == [(2, 0, 12), (3, 1, 12)]
    assert pairs([-30, 10, 20, 0]) == [(0, 2, 20), (0, 1, 10)]
    assert pairs([36, -12, -24, 0]) == [(2, 0, 24), (1, 0, 12)]


def test_all_square_needs_no_payment():
    assert settle([0, 0, 0, 0]) == []


@given(st.integers(1, 20000))
def test_coins_make_the_amount_exactly(halfpence):
    coins = coins_for(Money(halfpence), DEFAULT_COINS)
    assert sum(c.halfpence for c in coins) == halfpence
    assert all(c in DEFAULT_COINS for c in coins)


def test_coins_are_the_fewest():
    assert [str(c) for c in coins_for(Money.from_sd("4/-"), DEFAULT_COINS)] == ["2/-", "2/-"]  # not 2/6 1/- 0/6
    assert [str(c) for c in coins_for(Money.from_sd("£2 0/1½"), DEFAULT_COINS)] == ["20/-", "20/-", "0/1", "0/0½"]


def test_coins_that_cannot_make_an_amount():
    assert coins_for(Money(1), parse_coins("1/- 0/6")) is None


def test_parse_coins_sorts_and_dedupes():
    assert [str(c) for c in parse_coins("1/-, 0/6 1/-")] == ["0/6", "1/-"]


def fewest_by_brute_force(target: int, values: list[int]) -> int | None:
    """The fewest coins for ``target``, searched over every amount up to it (slow, plainly right)."""
    fewest: list[int | None] = [0] + [None] * target
    for total in range(1, target + 1):
        counts = [fewest[total - v] for v in values if v <= total and fewest[total - v] is not None]
        fewest[total] = min(counts) + 1 if counts else None
    return fewest[target]


@given(
    st.lists(st.integers(1, 300), min_size=1, max_size=5, unique=True),
    st.integers(0, 3000),
)
def test_coins_are_the_fewest_for_any_coin_set(values, target):
    coins = coins_for(Money(target), [Money(v) for v in values])
    expected = fewest_by_brute_force(target, values)
    if expected is None:
        assert coins is None
    else:
        assert coins is not None and len(coins) == expected
        assert sum(c.halfpence for c in coins) == target


def test_florins_and_half_crowns_make_eight_shillings():
    coins = coins_for(Money.from_sd("8/-"), parse_coins("2/- 2/6"))
    assert [str(c) for c in coins] == ["2/-", "2/-", "2/-", "2/-"]
    assert [str(c) for c in coins_for(Money.from_sd("9/-"), parse_coins("2/- 2/6"))] == ["2/6", "2/6", "2/-", "2/-"]
    assert coins_for(Money.from_sd("0/6"), parse_coins("2/- 2/6")) is None


@pytest.mark.parametrize(
    "text, message",
    [
        (" ".join(["1/-"] * 40), "at most 12 coins"),
        (" ".join(f"0/{n}" for n in range(1, 12)) + " 1/- 2/-", "at most 12 different coins"),
        ("9" * 5000 + "/-", "too long for a coin"),
        ("£6", "more than the largest coin"),
        ("0/0", "more than nothing"),
        ("", "at least one coin"),
    ],
)
def test_coin_sets_are_a_handful_of_sane_coins(text, message):
    with pytest.raises(MoneyError, match=message):
        parse_coins(text)


def test_a_long_amount_is_refused_not_overflowed():
    with pytest.raises(MoneyError):
        Money.from_sd("£" + "9" * 5000)


def coins_by_searching_every_amount(target: int, values: list[int]) -> int | None:
    """How many coins the settle-up made before it was bounded: a search over every amount up to
    ``bound`` (the fewest never hold ``lcm(v, L) / v`` of a coin ``v`` smaller than the largest ``L``).

    Right, but its cost grows with the amount: 1.5 s a scoreboard with awkward coins near £5.
    """
    values = sorted(set(values))
    largest, smaller = values[-1], values[:-1]
    bound = min(target, sum(math.lcm(v, largest) - v for v in smaller))
    fewest: list[int | None] = [0] + [None] * bound
    for total in range(1, bound + 1):
        counts = [n for v in smaller if v <= total and (n := fewest[total - v]) is not None]
        fewest[total] = min(counts) + 1 if counts else None
    options = [n + (target - rest) // largest for rest in range(target % largest, bound + 1, largest)
               if (n := fewest[rest]) is not None]  # fmt: skip
    return min(options, default=None)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(1, 2400), min_size=1, max_size=12, unique=True),
    st.integers(0, 6000),
)
def test_coins_are_as_few_as_the_search_over_every_amount_found(values, target):
    coins = coins_for(Money(target), [Money(v) for v in values])
    expected = coins_by_searching_every_amount(target, values)
    if expected is None:
        assert coins is None
    else:
        assert coins is not None and len(coins) == expected
        assert sum(c.halfpence for c in coins) == target and {c.halfpence for c in coins} <= set(values)


AWKWARD = "99/6½ 99/7 99/7½ 99/8 99/8½ 99/9 99/9½ 99/10 99/10½ 99/11 99/11½ 100/-"  # twelve coins near £5


def test_the_cost_of_change_does_not_grow_with_the_amount():
    coins = parse_coins(AWKWARD)
    start = time.perf_counter()
    for amount in (696_961, 2_000_003, 5_000_011):  # a day's French Tarot at 1/- a point, and more
        made = coins_for(Money(amount), coins)
        assert made is not None and sum(c.halfpence for c in made) == amount
    assert time.perf_counter() - start < 0.5  # the search over every amount took 9 s


def test_counted_coins_come_largest_first():
    counted = coin_counts(Money.from_sd("£5 4/9½"), DEFAULT_COINS)
    assert [(str(c), n) for c, n in counted] == [("20/-", 5), ("2/6", 1), ("2/-", 1), ("0/3", 1), ("0/0½", 1)]
    assert coin_counts(Money(0), DEFAULT_COINS) == []
    assert coin_counts(Money(1), parse_coins("1/-")) is None


def test_coins_too_awkward_to_make_change_with_are_refused_and_stored_ones_fall_back():
    awkward = "0/0½ 49/10 49/11 49/11½ 50/0½ 50/1 50/2½ 50/3 50/4 50/5 99/11½ 100/-"  # ½d, nine near 50/-, two near £5
    with pytest.raises(MoneyError, match="too awkward"):
        parse_coins(awkward)
    assert table_coins(awkward) == DEFAULT_COINS
    assert len(parse_coins(AWKWARD)) == 12
    real = "0/0½ 0/1 0/2 0/3 0/4 0/6 1/- 2/- 2/6 5/- 10/- 20/-"  # ½d to £1, the groat and the crown among them
    assert len(parse_coins(real)) == 12
