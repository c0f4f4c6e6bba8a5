"""The error every game's parser raises for a hand it cannot score, naming the field at fault."""

from __future__ import annotations


class InvalidHand(ValueError):
    """A hand that cannot be scored; ``field`` names the input at fault.

    ``item`` may say which part of the field is at fault (a bonus's id in ``bonuses``), so a form can show
    the message beside that part; the JSON answer names the field alone.
    """

    def __init__(self, field: str, message: str, *, item: str | None = None):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
        self.item = item

    def to_json(self) -> dict[str, str]:
        return {"error": self.message, "field": self.field}


class InvalidSeat(InvalidHand):
    """A seat that is missing or out of range. The message names seats by number, for the API;
    a form that knows the players' names says ``Choose {who}: …`` with them instead.

    >>> InvalidSeat("declarer", "the declarer", 3).message
    'Choose the declarer: a seat from 0 to 2.'
    """

    def __init__(self, field: str, who: str, seats: int):
        super().__init__(field, f"Choose {who}: a seat from 0 to {seats - 1}.")
        self.who = who
        self.seats = seats
