"""The forms that make a group, and add or rename its players."""

from __future__ import annotations

from flask_wtf import FlaskForm

from ...games.common.fields import lazy_gettext as _l
from ...names import MAX_GROUP_NAME
from ..sittings.forms import HouseRulesForm, name_field


class GroupForm(HouseRulesForm):
    """A new group, or its name and the house rules its sessions of a game start with (``options_form`` gives it
    a game's option fields)."""

    name = name_field(_l("Name of the group"), _l("Name the group, e.g. Tuesday nights."), MAX_GROUP_NAME, "sentences")


class MemberForm(FlaskForm):
    """A player's name in a group: a new player, or a new name for one."""

    name = name_field(_l("Name"), _l("Enter the player's name."))
