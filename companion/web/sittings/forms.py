"""The form that starts a session (and the house rules it shares with a group's form)."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import RadioField, StringField
from wtforms.validators import DataRequired, Length, ValidationError

from ...games import Game
from ...games.tapp import Counting
from ...models import MAX_NAME, Group, Sitting, one_line
from ...rules import DEFAULT_HOUSE_RULES, HOUSE_RULE_CHOICES, HouseRules, Money, MoneyError
from ...settle import DEFAULT_COINS, coins_text, parse_coins
from ..fields import options, strip

SEAT_WORDS = ("first", "second", "third", "fourth")


def _one_line(_form, field) -> None:
    if field.data and not one_line(field.data):
        raise ValidationError("A name cannot hold tabs, line breaks or other control characters.")


def name_field(label: str, missing: str, most: int = MAX_NAME, capitalize: str = "words") -> StringField:
    """A name on one line: a player's, or a group's."""
    return StringField(
        label,
        # DataRequired judges the name after stripping: a name of spaces is no name.
        validators=[DataRequired(missing), Length(max=most), _one_line],
        filters=[strip],
        render_kw={"autocomplete": "off", "maxlength": most, "autocapitalize": capitalize},
    )


def _name_field(seat: int) -> StringField:
    return name_field(f"Player {seat + 1}", f"Enter the {SEAT_WORDS[seat]} player's name.")


def _house_rule_field(key: str) -> RadioField:
    label, choices = HOUSE_RULE_CHOICES[key]
    return RadioField(
        label,
        choices=options((c.value, c.description) for c in choices),
        default=getattr(DEFAULT_HOUSE_RULES, key).value,
    )


class CoinsForm(FlaskForm):
    """The coins on the table, for settling up: every session's form has them."""

    coins = StringField(
        "Coins on the table",
        default=coins_text(DEFAULT_COINS),
        filters=[strip],
        description="s/d values separated by spaces; used to suggest coins when settling up.",
    )

    def validate_coins(self, field):
        try:
            parse_coins(field.data or "")
        except MoneyError as exc:
            raise ValidationError(f"Coins: {exc}.") from None


class HouseRulesForm(CoinsForm):
    """The house rules and coins a session is played with (and a group's defaults for its sessions)."""

    stinger_settles_with = _house_rule_field("stinger_settles_with")
    martlet_values = _house_rule_field("martlet_values")

    @property
    def house_rules(self) -> HouseRules:
        return HouseRules.from_json(
            {"stinger_settles_with": self.stinger_settles_with.data, "martlet_values": self.martlet_values.data}
        )


class NewSittingForm(HouseRulesForm):
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


#: Lengths offered for a game scored in points: rounds in which everyone deals the same number of times.
ROUNDS = (1, 2, 4, 6)


class GameSittingForm(CoinsForm):
    """A session of Tapp Tarock or French Tarot: ``players`` names, the length, and a stake per point."""

    player_0 = _name_field(0)
    player_1 = _name_field(1)
    player_2 = _name_field(2)
    player_3 = name_field("Player 4", "Enter the fourth player's name.")
    player_4 = name_field("Player 5", "Enter the fifth player's name.")
    first_dealer = RadioField("Deals first", default="0")
    deals = RadioField("Length")
    stake = StringField(
        "Each point is worth",
        default="0/1",
        filters=[strip],
        description="in s/d, e.g. 0/1 for a penny a point or 0/0½ for a halfpenny: for settling up.",
    )
    counting = RadioField(
        "Counting card points",
        choices=options((c.id, c.description) for c in Counting),
        default=Counting.TRADITIONAL.id,
    )

    def __init__(self, game: Game, players: int, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.game, self.players = game, players
        for seat in range(players, 5):  # only as many names as players
            del self[f"player_{seat}"]
        if game.id != "tapp":
            del self["counting"]
        self.first_dealer.choices = options(
            (seat, (f.data or "").strip() or f"Player {seat + 1}") for seat, f in enumerate(self.name_fields)
        )
        self.deals.choices = options((players * r, f"{players * r} deals") for r in ROUNDS)
        if not self.deals.data:
            self.deals.data = str(players * ROUNDS[1])

    @property
    def name_fields(self):
        return [self[f"player_{seat}"] for seat in range(self.players)]

    @property
    def names(self) -> list[str]:
        return [f.data for f in self.name_fields]

    def validate(self, extra_validators=None) -> bool:
        fine = super().validate(extra_validators)
        keys = [(f.data or "").casefold() for f in self.name_fields]
        if all(keys) and len(set(keys)) < len(keys):
            self.name_fields[-1].errors.append("Each player needs a different name.")
            fine = False
        return fine

    def validate_stake(self, field):
        try:
            stake = Money.from_sd(field.data or "")
        except MoneyError as exc:
            raise ValidationError(f"Stake: {exc}.") from None
        if not 0 < stake.halfpence <= MAX_STAKE.halfpence:
            raise ValidationError(f"A point is worth from 0/0½ to {MAX_STAKE}.")

    @property
    def options(self) -> dict[str, str]:
        return {"counting": self.counting.data} if "counting" in self else {}


#: The most a point may be worth: a French garde contre can be hundreds of points.
MAX_STAKE = Money.from_sd("1/-")


def rules_data(rules: HouseRules, coins: str) -> dict[str, str]:
    return {"coins": coins, **rules.to_json()}


def _seats_data(sitting: Sitting) -> dict[str, str]:
    """A start form's players, first dealer and length, as in ``sitting``."""
    data = {f"player_{seat}": name for seat, name in enumerate(sitting.names)}
    data.update(
        first_dealer=str(sitting.first_dealer),  # every player dealt equally often: the deal comes round again
        deals=str(sitting.deals),
    )
    return data


def again_data(sitting: Sitting, defaults: Group | None = None) -> dict[str, str]:
    """The start form filled as the session ``sitting`` was: the same players again.

    With ``defaults`` (its group), the house rules and coins are the group's as they are now.
    """
    source = defaults or sitting
    return _seats_data(sitting) | rules_data(source.rules, source.coins)


def game_again_data(sitting: Sitting) -> dict[str, str]:
    """A points game's start form filled as ``sitting`` was: the same players, length, stake and counting."""
    return _seats_data(sitting) | {"stake": str(Money(sitting.stake)), "coins": sitting.coins, **sitting.options}
