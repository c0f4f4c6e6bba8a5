"""The language switch: a choice and the page to go back to."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import HiddenField, RadioField
from wtforms.validators import InputRequired

from ...games.common.fields import options
from ...i18n import LANGUAGES


class LanguageForm(FlaskForm):
    """A preference kept in the phone's own cookie, changing nothing stored: no CSRF token, so that every page
    (the rules sheets kept for the phone with no signal among them) can carry the switch without a session."""

    class Meta:
        csrf = False

    lang = RadioField("Language", choices=options(LANGUAGES.items()), validators=[InputRequired()])
    next = HiddenField()
