"""The form that starts a session."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import RadioField, StringField
from wtforms.validators import DataRequired, Length, ValidationError

from ...models import MAX_NAME, Sitting, one_line
from ...rules import DEFAULT_HOUSE_RULES, HOUSE_RULE_CHOICES, HouseRules, MoneyError
from ...settle import DEFAULT_COINS, coins_text, parse_coins
from ..fields import options, strip

SEAT_WORDS = ("first", "second", "third", "fourth")


def _one_line(_form, field) -> None:
    if field.data and not one_line(field.data):
        raise ValidationError("A name cannot hold tabs, line breaks or other control characters.")


def _name_field(seat: int) -> StringField:
    return StringField(
        f"Player {seat + 1}",
        # DataRequired judges the name after stripping: a name of spaces is no name.
        validators=[DataRequired(f"Enter the {SEAT_WORDS[seat]} player's name."), Length(max=MAX_NAME), _one_line],
        filters=[strip],
        render_kw={"autocomplete": "off", "maxlength": MAX_NAME, "autocapitalize": "words"},
    )


def _house_rule_field(key: str) -> RadioField:
    label, choices = HOUSE_RULE_CHOICES[key]
    return RadioField(
        label,
        choices=options((c.value, c.description) for c in choices),
        default=getattr(DEFAULT_HOUSE_RULES, key).value,
    )


class NewSittingForm(FlaskForm):
    player_0 = _name_field(0)
    player_1 = _name_field(1)
    player_2 = _name_field(2)
    player_3 = _name_field(3)
    first_dealer = RadioField(
        "Deals first",
        choices=options((s, f"Player {s + 1}") for s in range(4)),
        default="0",
    )
    deals = RadioField("Length", choices=options([(16, "16 deals (full)"), (8, "8 deals (short)")]), default="16")
    stinger_settles_with = _house_rule_field("stinger_settles_with")
    martlet_values = _house_rule_field("martlet_values")
    coins = StringField(
        "Coins on the table",
        default=coins_text(DEFAULT_COINS),
        filters=[strip],
        description="s/d values separated by spaces; used to suggest coins when settling up.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # "Deals first" offers the names as typed (app.js keeps them in step while typing).
        self.first_dealer.choices = options(
            (seat, (f.data or "").strip() or f"Player {seat + 1}") for seat, f in enumerate(self.name_fields)
        )

    @property
    def name_fields(self):
        return [self.player_0, self.player_1, self.player_2, self.player_3]

    @property
    def names(self) -> list[str]:
        return [f.data for f in self.name_fields]

    def validate_player_3(self, field):
        seen = set()
        for f in self.name_fields:
            key = (f.data or "").casefold()
            if key and key in seen:
                raise ValidationError("Each player needs a different name.")
            seen.add(key)

    def validate_coins(self, field):
        try:
            parse_coins(field.data or "")
        except MoneyError as exc:
            raise ValidationError(f"Coins: {exc}.") from None

    @property
    def house_rules(self) -> HouseRules:
        return HouseRules.from_json(
            {"stinger_settles_with": self.stinger_settles_with.data, "martlet_values": self.martlet_values.data}
        )


def again_data(sitting: Sitting) -> dict[str, str]:
    """The start form filled as the session ``sitting`` was: the same players again."""
    data = {f"player_{seat}": name for seat, name in enumerate(sitting.names)}
    data.update(
        first_dealer=str(sitting.first_dealer),  # every player dealt equally often: the deal comes round again
        deals=str(sitting.deals),
        coins=sitting.coins,
        **sitting.rules.to_json(),
    )
    return data
