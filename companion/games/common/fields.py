"""Field types shared by the forms."""

from collections.abc import Iterable
from typing import Any, TypeVar

from wtforms import IntegerField, SelectMultipleField
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]  # new in WTForms 3.3, not in its stubs
from wtforms.form import BaseForm
from wtforms.validators import NumberRange
from wtforms.widgets import CheckboxInput, ListWidget

T = TypeVar("T")


class MultiCheckboxField(SelectMultipleField):
    """A list of checkboxes; all unticked is an empty list, not an error."""

    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()

    def pre_validate(self, form: BaseForm) -> None:
        if not self.data:
            self.data = []
        super().pre_validate(form)


class SmallNumberField(IntegerField):
    """A whole number the table types (card points): longer text is refused with the field's own range message.

    WTForms' ``NumberRange`` compares a number as a float, which overflows past 308 digits, and past
    4,300 digits Python's ``int()`` refuses the text: no number a player means is that long.
    """

    MAX_LENGTH = 9

    def process_formdata(self, valuelist: list[Any]) -> None:
        if valuelist and isinstance(valuelist[0], str) and len(valuelist[0].strip()) > self.MAX_LENGTH:
            self.data = None
            ranges = [v.message for v in self.validators if isinstance(v, NumberRange) and v.message]
            raise ValueError(ranges[0] if ranges else self.gettext("Not a valid integer value."))
        super().process_formdata(valuelist)


def strip(value: T) -> T | str:
    return value.strip() if isinstance(value, str) else value


def options(pairs: Iterable[tuple[object, object]]) -> list[SelectChoice]:
    """Choices for a select, radio or checkbox field from (value, label) pairs."""
    return [SelectChoice(str(value), label) for value, label in pairs]


def seat_number(text: T) -> int | T:
    """A seat sent as text, as a number; anything else as it came, for the engine to refuse beside its field.

    >>> seat_number("2"), seat_number("9" * 5000) == "9" * 5000, seat_number(None)
    (2, True, None)
    """
    found = whole_number(text)
    return found if found is not None else text


def whole_number(text: object, most: int = 10**9) -> int | None:
    """A whole number sent as text (hidden fields, seats), else None: never an exception."""
    if isinstance(text, str) and text.isascii() and text.isdigit() and len(text) <= 10:
        value = int(text)
        return value if value <= most else None
    return None
