"""Field types shared by the forms."""

from wtforms import SelectChoice, SelectMultipleField
from wtforms.widgets import CheckboxInput, ListWidget


class MultiCheckboxField(SelectMultipleField):
    """A list of checkboxes; all unticked is an empty list, not an error."""

    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()

    def pre_validate(self, form):
        if not self.data:
            self.data = []
        super().pre_validate(form)


def strip(value):
    return value.strip() if isinstance(value, str) else value


def options(pairs) -> list[SelectChoice]:
    """Choices for a select, radio or checkbox field from (value, label) pairs."""
    return [SelectChoice(str(value), label) for value, label in pairs]


def whole_number(text, most: int = 10**9) -> int | None:
    """A whole number sent as text (hidden fields, seats), else None: never an exception."""
    if isinstance(text, str) and text.isascii() and text.isdigit() and len(text) <= 10:
        value = int(text)
        return value if value <= most else None
    return None
