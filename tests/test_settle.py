import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.rules import Money, MoneyError
from companion.settle import DEFAULT_COINS, coins_for, parse_coins, settle


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
