"""The form that starts a session of any game (and the house rules it shares with a group's form).

One form for every game: the players in seat order, who deals first, the
length (from the game's ``ending``), the stake and what it is per (from its
``stakes``), the game's own options (``Game.option_fields``) and the coins.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from flask_babel import gettext as _
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, HiddenField, RadioField, StringField
from wtforms.csrf.core import CSRFTokenField
from wtforms.fields.choices import SelectFieldBase
from wtforms.form import BaseForm
from wtforms.validators import DataRequired, Length, Regexp, ValidationError

from ...games import DEFAULT, GAMES, Game
from ...games.base import STAKES, Stake
from ...games.common import Money, MoneyError
from ...games.common.fields import lazy_gettext as _l
from ...games.common.fields import options, strip
from ...names import MAX_NAME, one_line
from ...settle import DEFAULT_COINS, coins_text, parse_coins
from ...stores import new_secret
from ...views import SessionDocument

if TYPE_CHECKING:  # the phone's copy of this form has no database
    from ...models import Group, Sitting

#: What each seat's missing name says: whole sentences, as the ordinal agrees with "player" in other languages.
MISSING_NAME = (
    _l("Enter the first player's name."),
    _l("Enter the second player's name."),
    _l("Enter the third player's name."),
    _l("Enter the fourth player's name."),
    _l("Enter the fifth player's name."),
)
#: The most players any game has.
MOST_PLAYERS = 5


def _one_line(_form: BaseForm, field: Field) -> None:
    if field.data and not one_line(field.data):
        raise ValidationError(_("A name cannot hold tabs, line breaks or other control characters."))


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
    return name_field(_l("Player %(number)s", number=seat + 1), MISSING_NAME[seat])


class CoinsForm(FlaskForm):
    """The coins on the table, for settling up: every session's form has them."""

    coins = StringField(
        _l("Coins on the table"),
        default=coins_text(DEFAULT_COINS),
        filters=[strip],
        description=_l("s/d values separated by spaces; used to suggest coins when settling up."),
    )

    def validate_coins(self, field: StringField) -> None:
        try:
            parse_coins(field.data or "")
        except MoneyError as exc:
            raise ValidationError(_("Coins: %(problem)s.", problem=exc)) from None


class HouseRulesForm(CoinsForm):
    """One game's house rules (its options) and the coins: a group's defaults for its sessions of that game.
    ``options_form`` gives a subclass with the game's option fields."""

    #: The game whose options these are.
    game: ClassVar[Game[Any]] = DEFAULT

    @property
    def option_names(self) -> list[str]:
        return list(self.game.option_fields())

    @property
    def house_rules(self) -> Any:
        """The game's options as chosen (its house rules)."""
        return self.game.options({name: self[name].data for name in self.option_names})


_Form = TypeVar("_Form", bound=HouseRulesForm)


@cache
def options_form(form: type[_Form], game: Game[Any]) -> type[_Form]:
    """``form`` (a ``HouseRulesForm``) for ``game``: with its option fields."""
    return type(f"{type(game).__name__}{form.__name__}", (form,), {"game": game, **game.option_fields()})


class SittingForm(CoinsForm):
    """A new session of ``game`` for ``players``: their names in seat order, who deals first, the length, the
    stake (for a game of points), the game's options and the coins. A game's own form is ``sitting_form``'s."""

    player_0 = _name_field(0)
    player_1 = _name_field(1)
    player_2 = _name_field(2)
    player_3 = _name_field(3)
    player_4 = _name_field(4)
    first_dealer = RadioField(_l("Deals first"), default="0")
    deals = RadioField(_l("Length"))
    stake_per = RadioField(_l("The stake is"))
    stake = StringField(
        _l("Stake"),
        filters=[strip],
        description=_l("in s/d, e.g. 0/1 for a penny or 0/0½ for a halfpenny: for settling up."),
    )
    #: The id of the session this form starts, chosen as the form is shown (by the server, or by a phone with no
    #: signal): the same start sent twice is made once, and a start the server refuses keeps the phone's id, so
    #: the session started as corrected is the one the phone's waiting hands belong to. Only as ``new_secret()``
    #: makes them: a short, guessable view link is no form's.
    public_id = HiddenField(validators=[Regexp(r"^[A-Za-z0-9_-]{22}$")])

    def __init__(self, game: Game[Any], players: int, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.game, self.players = game, players
        if not self.public_id.data:
            self.public_id.data = new_secret()
        for seat in range(players, MOST_PLAYERS):  # only as many names as players
            del self[f"player_{seat}"]
        # "Deals first" offers the names as typed (app.js keeps them in step while typing).
        self.first_dealer.choices = options(
            (seat, (f.data or "").strip() or _("Player %(number)s", number=seat + 1))
            for seat, f in enumerate(self.name_fields)
        )
        self.deals.choices = options((n, game.ending.deal_label(n)) for n in game.ending.deal_choices(players))
        if not self.deals.data:
            self.deals.data = str(game.ending.usual_deals(players))
        self._stake_fields(game)

    def _stake_fields(self, game: Game[Any]) -> None:
        if game.stakes == (Stake.NONE,):  # the scores are money
            del self["stake_per"], self["stake"]
            return
        self.stake_per.choices = options((s.id, _(s.words.choice)) for s in game.stakes)
        if not self.stake_per.data:
            self.stake_per.data = game.stakes[0].id
        if len(game.stakes) == 1:
            self.stake.label.text = _(game.stakes[0].words.label)
        if not self.stake.data:
            self.stake.data = game.stakes[0].usual

    @property
    def name_fields(self) -> list[Field]:
        return [self[f"player_{seat}"] for seat in range(self.players)]

    @property
    def names(self) -> list[str]:
        return [f.data for f in self.name_fields]

    @property
    def option_names(self) -> list[str]:
        return list(self.game.option_fields())

    @property
    def options(self) -> dict[str, Any]:
        """The game's options as chosen (JSON), for ``create_sitting``."""
        return self.game.options_json(self.game.options({name: self[name].data for name in self.option_names}))

    @property
    def chosen_stake(self) -> Stake:
        return STAKES.get(self.stake_per.data or "", self.game.stakes[0]) if "stake_per" in self else Stake.NONE

    @property
    def stake_halfpence(self) -> int:
        return Money.from_sd(self.stake.data or "").halfpence if "stake" in self else 0

    @property
    def session_id(self) -> str:
        """The id this form starts its session under (``public_id``, given as the form is made)."""
        return str(self.public_id.data)

    def document(self, public_id: str, created: datetime) -> SessionDocument:
        """The session this form starts, as ``store.create_sitting`` stores it: what a phone with no signal keeps
        until it sends the form on to the server (``companion.phone``)."""
        return SessionDocument(
            public_id,
            self.game.id,
            tuple(self.names),
            int(self.deals.data),
            self.stake_halfpence,
            self.chosen_stake.id,
            self.coins.data or coins_text(DEFAULT_COINS),
            json.dumps(self.game.options_json(self.options)),
            int(self.first_dealer.data),
            created.isoformat(),
        )

    def posted(self) -> list[list[str]]:
        """The form as a browser posts it (its fields' names and values, no CSRF token): what a phone with no
        signal sends the server once it has one, for a start it made from data rather than from a page."""
        sent = []
        for field in self:
            if isinstance(field, CSRFTokenField):
                continue
            if isinstance(field, BooleanField):
                sent += [[field.name, "y"]] if field.data else []
            elif isinstance(field, SelectFieldBase):  # the chosen choices' values, as its inputs carry them
                sent += [[field.name, str(choice[0])] for choice in field.iter_choices() if choice[2]]
            elif field.data is not None:
                sent.append([field.name, field._value() if hasattr(field, "_value") else str(field.data)])
        return sent

    def starts(self, document: SessionDocument) -> bool:
        """Whether ``document`` is the session this form starts (whatever its id, time and revision)."""
        moving = {"public_id": "", "created": "", "group_id": None, "revision": 0}
        mine = self.document(document.public_id, datetime.now()).as_dict() | moving
        return mine == document.as_dict() | moving

    def validate(self, extra_validators: Mapping[str, Sequence[Any]] | None = None) -> bool:
        fine = super().validate(extra_validators)
        keys = [(f.data or "").casefold() for f in self.name_fields]
        if all(keys) and len(set(keys)) < len(keys):
            last = self.name_fields[-1]
            last.errors = [*last.errors, _("Each player needs a different name.")]
            fine = False
        return fine

    def validate_stake_per(self, field: RadioField) -> None:
        if STAKES.get(field.data or "") not in self.game.stakes:
            raise ValidationError(_("Choose what the stake is per."))

    def validate_stake(self, field: StringField) -> None:
        try:
            stake = Money.from_sd(field.data or "")
        except MoneyError as exc:
            raise ValidationError(_("Stake: %(problem)s.", problem=exc)) from None
        most = Money.from_sd(self.chosen_stake.most)
        if not 0 < stake.halfpence <= most.halfpence:
            raise ValidationError(_(self.chosen_stake.words.bounds, most=most.pounds_text()))


@cache
def _form_class(game: Game[Any]) -> type[SittingForm]:
    """The start form of ``game``: ``SittingForm`` with the game's option fields."""
    return type(f"{type(game).__name__}SittingForm", (SittingForm,), game.option_fields())


def sitting_form(game: Game[Any], players: int, *args: Any, **kwargs: Any) -> SittingForm:
    return _form_class(game)(game, players, *args, **kwargs)


def players_of(game: Game[Any], asked: int | None) -> int:
    """The number of players asked for, if the game allows it; else its usual number."""
    return asked if asked in game.players else game.players[0]


def group_data(group: Group, game: Game[Any]) -> dict[str, Any]:
    """A group's house rules for ``game`` (its options: the group's, else the game's usual ones) and coins, as
    its forms show them."""
    return {"coins": group.coins, **game.options_json(group.options_for(game))}


def _seats_data(sitting: Sitting | SessionDocument) -> dict[str, str]:
    """A start form's players, first dealer and length, as in ``sitting``."""
    data = {f"player_{seat}": name for seat, name in enumerate(sitting.names)}
    data.update(
        first_dealer=str(sitting.first_dealer),  # every player dealt equally often: the deal comes round again
        deals=str(sitting.deals),
    )
    return data


def again_data(sitting: Sitting | SessionDocument, defaults: Group | None = None) -> dict[str, str]:
    """The start form filled as the session ``sitting`` was: the same players, length, stake and options.

    With ``defaults`` (its group), the coins are the group's as they are now, and so are the house rules if the
    group keeps some for the session's game.
    """
    data = _seats_data(sitting) | {"coins": sitting.coins, **json.loads(sitting.house_rules)}
    if sitting.stake_per:
        data.update(stake=str(Money(sitting.stake)), stake_per=sitting.stake_per)
    if defaults is not None:
        game = GAMES[sitting.game]
        data |= group_data(defaults, game) if defaults.defaults.keeps(game) else {"coins": defaults.coins}
    return data
