import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.sussex import Money, MoneyError


@pytest.mark.parametrize(
    ("text", "halfpence"),
    [
        ("0/6", 12),
        ("1/-", 24),
        ("1/6", 36),
        ("2/-", 48),
        ("0/0½", 1),
        ("1/0½", 25),
        ("3/10½", 93),
        ("-0/9", -18),
        ("0/-", 0),
        ("-1/3", -30),
        ("47/6", 1140),
    ],
)
def test_contract_spellings(text, halfpence):
    assert Money.from_sd(text).halfpence == halfpence
    assert str(Money(halfpence)) == text


@pytest.mark.parametrize(
    ("halfpence", "text"),
    [(540, "£1 2/6"), (480, "£1"), (-505, "-£1 1/0½"), (479, "19/11½"), (4801, "£10 0/0½")],
)
def test_pounds_text(halfpence, text):
    assert Money(halfpence).pounds_text() == text
    assert Money.from_sd(text).halfpence == halfpence


@pytest.mark.parametrize("text", ["", "abc", "1/12", "1/", "/6", "1.5", "£", "£1 20/-", "1/6½½", "--1/-", None, 7])
def test_nonsense_is_refused_clearly(text):
    with pytest.raises(MoneyError):
        Money.from_sd(text)


@given(st.integers(min_value=-(10**9), max_value=10**9))
def test_sd_round_trips(halfpence):
    m = Money(halfpence)
    assert Money.from_sd(str(m)) == m
    assert Money.from_sd(m.pounds_text()) == m


def test_arithmetic_stays_in_halfpence():
    assert Money.pence(1.5) + Money.from_sd("0/6") == Money(15)
    assert -Money(3) * 2 == Money(-6)
    with pytest.raises(MoneyError):
        Money.pence(0.25)
