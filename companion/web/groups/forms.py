"""The forms that make a group, and add or rename its players."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import StringField
from wtforms.validators import DataRequired, Length

from ...models import MAX_GROUP_NAME, MAX_NAME
from ..fields import strip
from ..sittings.forms import HouseRulesForm, one_line_only


class GroupForm(HouseRulesForm):
    """A new group, or its name and the house rules its sessions start with."""

    name = StringField(
        "Name of the group",
        validators=[DataRequired("Name the group, e.g. Tuesday nights."), Length(max=MAX_GROUP_NAME), one_line_only],
        filters=[strip],
        render_kw={"autocomplete": "off", "maxlength": MAX_GROUP_NAME, "autocapitalize": "sentences"},
    )


class MemberForm(FlaskForm):
    """A player's name in a group: a new player, or a new name for one."""

    name = StringField(
        "Name",
        validators=[DataRequired("Enter the player's name."), Length(max=MAX_NAME), one_line_only],
        filters=[strip],
        render_kw={"autocomplete": "off", "maxlength": MAX_NAME, "autocapitalize": "words"},
    )
