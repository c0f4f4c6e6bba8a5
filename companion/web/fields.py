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
