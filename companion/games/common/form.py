"""What every game's hand form shares: the hidden fields, what is still to fill in, and the engine's word.

WTForms checks what each field can check alone (present, one of its
choices); the game's engine judges the rest (``to_record``), and its
complaint stands beside the field it names. The engine speaks of seats by
number (for the API); the form knows the players' names and says those.
Each game's form says how its fields make a record (``record_json``), and
its ``form_data`` goes the other way, for the edit page and the tests. A form
is given its game (``Game.hand_form`` passes itself): a game's form module
imports nothing from its ``game`` module, which imports the form.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Generic

from flask_wtf import FlaskForm
from wtforms import Field, HiddenField, RadioField
from wtforms.validators import InputRequired, Optional

from ..base import Game, R
from .errors import InvalidHand, InvalidSeat
from .fields import gettext, options, whole_number

#: A hand form's fields as a browser sends them: a value each, or a list of values (checkboxes).
FormData = dict[str, str | list[str]]


class GameHandForm(FlaskForm, Generic[R]):
    """A hand form of a game whose records are ``R``: ``game`` is that game, ``names`` the session's players,
    ``options`` its game's options (house rules)."""

    form_token = HiddenField()
    deal = HiddenField()
    version = HiddenField()
    #: Which form field shows an error the engine raises for a record field.
    engine_fields: ClassVar[dict[str, str]] = {}

    def __init__(self, *args: Any, game: Game[R], names: Sequence[str], options: Any = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.game = game
        self.names = list(names)
        self.options = options

    @staticmethod
    def form_data(record: R) -> FormData:
        """The form's fields for a record, as a browser sends them (no radio left unticked): each game's own."""
        raise NotImplementedError

    def dealt_by(self, seat: int) -> None:
        """The session says who dealt the deal being entered: a game whose record names its dealer has a hidden
        ``dealer`` field, filled here whatever the page sent."""
        if "dealer" in self:
            self["dealer"].data = str(seat)

    def missing(self) -> list[str]:
        """Labels of the fields this hand needs that are still empty, in the form's order (the preview says
        what is left)."""
        needed = self.needed()
        return [str(f.label.text) for f in self if (f.flags.required or f in needed) and not entered(f)]

    def needed(self) -> list[Field]:
        """Fields a hand needs besides the required ones, which the engine judges (and names players for)."""
        return []

    def field_for(self, exc: InvalidHand) -> str | None:
        """The form field that shows an engine complaint (None: above the form)."""
        return self.engine_fields.get(exc.field)

    def record_json(self) -> dict[str, Any]:
        """The hand as entered, for the engine to judge."""
        raise NotImplementedError

    def to_record(self) -> R | None:
        """The hand the game makes of a validated form; None, with its message beside the field, if refused."""
        try:
            return self.game.parse(self.record_json(), len(self.names))
        except InvalidHand as exc:
            field, message = self.field_for(exc), by_name(exc, self.names)
            if field is None or field not in self:
                if message not in self.form_errors:
                    self.form_errors.append(message)
            elif message not in self[field].errors:
                self[field].errors = [*self[field].errors, message]
            return None

    def preview_extras(self) -> dict[str, Any]:
        """What else the game's preview shows as the form stands (Sussex Tarot: the called card's category)."""
        return {}


def by_name(exc: InvalidHand, names: Sequence[str]) -> str:
    """The engine's message, with the players' names where it offers seats by number (as the API needs).

    >>> by_name(InvalidSeat("declarer", "the declarer", 3), ["Ann", "Bob", "Cat"])
    'Choose the declarer: Ann, Bob or Cat.'
    """
    if isinstance(exc, InvalidSeat):
        # One sentence, as each language orders it (``who`` is the engine's own words).
        return gettext(
            "Choose %(who)s: %(names)s or %(last)s.", who=exc.who, names=", ".join(names[:-1]), last=names[-1]
        )
    return exc.message


def entered(field: Field) -> bool:
    return field.data not in (None, "", []) or any(v.strip() for v in field.raw_data or [])


def radios(label: str, choices: Any = None, required: str | None = None) -> RadioField:
    """A radio group; the engine judges the value, so WTForms checks only presence."""
    return RadioField(
        label,
        choices=options(choices or []),
        validate_choice=False,
        validators=[InputRequired(required)] if required else [Optional()],
    )


def whole(text: str | None) -> int | str | None:
    """Card points typed as a whole number; anything else as typed, for the engine to refuse."""
    text = (text or "").strip()
    found = whole_number(text)  # at most ten digits: the engine refuses any other text beside its field
    return found if found is not None else (text or None)
