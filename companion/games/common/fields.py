"""Field types shared by the forms, and the forms' words in the players' languages.

A form's labels, choices and messages are made when its module is imported (the command line and the engines'
tests import the forms too), so they are marked with ``lazy_gettext``, imported as ``_`` (the name ``pybabel
extract`` looks for): each says itself in the request's language when shown, and in English outside a request.
Words said in a request, and any that hold a player's name, use ``gettext``: a lazy string is shown as markup,
unescaped. The phone's bundle (Pyodide) has no Babel yet: there the forms speak English.
"""

from collections.abc import Iterable
from types import ModuleType
from typing import Any, TypeVar, cast

from flask import current_app, has_app_context
from markupsafe import Markup, escape
from wtforms import IntegerField, SelectMultipleField
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]  # new in WTForms 3.3, not in its stubs
from wtforms.form import BaseForm
from wtforms.validators import NumberRange
from wtforms.widgets import CheckboxInput, Input, ListWidget

from . import words

T = TypeVar("T")

_babel: ModuleType | None
try:
    import flask_babel as _babel
    from flask_babel.speaklater import LazyString  # type: ignore[import-untyped]
except ImportError:  # the phone's bundle: English
    _babel = None
    LazyString = object


def _speaks_languages() -> bool:
    """Whether Flask-Babel can say a text here: it is installed, and the app in hand (if any) set it up (the
    phone's app and the engines' test apps did not)."""
    return _babel is not None and (not has_app_context() or "babel" in current_app.extensions)


def gettext(string: str, **variables: Any) -> str:
    """``string`` in the request's language (English outside a request), with its ``%(name)s`` filled in.

    >>> gettext("Tricks won by %(name)s", name="Ann")
    'Tricks won by Ann'
    """
    return words._(string, **variables)  # the request's catalogue, chosen once a request (``companion.i18n``)


def pgettext(context: str, string: str) -> str:
    """``string`` in the sense ``context`` gives it: one English word that two games say differently ("World")."""
    if _babel is None or not _speaks_languages():
        return string
    return cast(str, _babel.pgettext(context, string))


def html_params(**attributes: Any) -> Markup:
    """WTForms' ``html_params`` as one join: the same attributes in the same order, escaped alike (WTForms formats
    each through ``Markup.format``, which took half of a hand form's time: its eighty options).

    >>> html_params(id="bid-0", name="bid", type="radio", value='a"b', checked=True, required=False, data_x=1)
    Markup('checked data-x="1" id="bid-0" name="bid" type="radio" value="a&#34;b"')
    """
    said = []
    for key, value in sorted(attributes.items()):
        if value is True:
            said.append(str(escape(_attribute(key))))
        elif value is not False:
            said.append(f'{escape(_attribute(key))}="{str(escape(value)).replace(chr(34), "&quot;")}"')
    return Markup(" ".join(said))


def _attribute(key: str) -> str:
    """An attribute's name from its keyword, as WTForms writes it: ``class_`` is ``class``, ``data_a`` ``data-a``."""
    key = key.rstrip("_")
    return key.replace("_", "-") if key.startswith(("data_", "aria_")) else key


# Every input's attributes written so: WTForms makes this its inputs' override point (``Input.html_params``).
Input.html_params = staticmethod(html_params)  # type: ignore[method-assign]


class LazyText(LazyString):  # type: ignore[misc]  # Flask-Babel's LazyString has no types
    """A text said when it is shown; as markup it is escaped, as any text is (Flask-Babel's is not)."""

    def __html__(self) -> str:
        return str(escape(str(self)))


def lazy_gettext(string: str, **variables: Any) -> str:
    """``string`` said in the language of the request it is shown in (a text made at import time).

    >>> label = lazy_gettext("Bid")
    >>> label == "Bid", f"{label}:", str(label), escape(lazy_gettext("Declarer's side"))
    (True, 'Bid:', 'Bid', Markup('Declarer&#39;s side'))
    """
    if _babel is None:
        return gettext(string, **variables)
    return cast(str, LazyText(gettext, string, **variables))


def lazy_pgettext(context: str, string: str) -> str:
    """``pgettext`` said when the text is shown (a text made at import time).

    >>> lazy_pgettext("Early French Tarot", "World") == "World"
    True
    """
    if _babel is None:
        return string
    return cast(str, LazyText(pgettext, context, string))


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
