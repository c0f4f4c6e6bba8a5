"""The error every game's parser raises for a hand it cannot score, naming the field at fault."""

from __future__ import annotations

from .words import _


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
    a form that knows the players' names says ``Choose {who}: …`` with them instead. ``who`` is said in the
    reader's language (a game marks it with ``N_``, or says it already).

    >>> InvalidSeat("declarer", "the declarer", 3).message
    'Choose the declarer: a seat from 0 to 2.'
    """

    def __init__(self, field: str, who: str, seats: int):
        said = _(who)
        super().__init__(field, _("Choose %(who)s: a seat from 0 to %(last)d.", who=said, last=seats - 1))
        self.who = said
        self.seats = seats
