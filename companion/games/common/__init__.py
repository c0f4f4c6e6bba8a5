"""What every game shares: money in pounds, shillings and pence, the 78-card pack, the error a parser raises,
and the helpers that parse a record's fields."""

from .errors import InvalidHand, InvalidSeat
from .money import Money, MoneyError, true_minus

__all__ = ["InvalidHand", "InvalidSeat", "Money", "MoneyError", "true_minus"]
