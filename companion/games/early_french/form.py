"""Early French Tarot's hand form: the tricks each player won (12 in all), how many Kings, Queens, Knights and Pages
each holds at the end, and who holds the Magician, the World and the Fool (or that it was set aside)."""

from __future__ import annotations

from typing import Any, cast

from wtforms import Field, RadioField, SelectField, StringField

from ..common import InvalidHand
from ..common.fields import options, seat_number
from ..common.form import FormData, GameHandForm, radios, whole
from .rules import COURTS, SEATS, TRUMPS, EarlyFrenchHand, Honour, PileTooSmall

#: The court ranks as the form lists them: the most valuable first.
COURTS_SHOWN = tuple(reversed(COURTS))
#: A trump's answer when it was not dealt (it scores for nobody).
SET_ASIDE = "none"


def tricks_field(seat: int) -> str:
    return f"tricks_{seat}"


def court_field(honour: Honour, seat: int) -> str:
    return f"{honour.id}_{seat}"


def form_data(record: EarlyFrenchHand) -> FormData:
    """The Early French form's fields for a record, as a browser sends them.

    >>> data = form_data(EarlyFrenchHand.from_json({"tricks": [6, 4, 2, 0], "kings": [1, 0, 0, 0], "fool": 0}))
    >>> data["tricks_0"], data["kings_0"], data["kings_1"], data["fool"], data["world"]
    ('6', '1', '0', '0', 'none')
    """
    data: FormData = {tricks_field(s): str(t) for s, t in enumerate(record.tricks)}
    for honour in COURTS:
        data.update({court_field(honour, s): str(n) for s, n in enumerate(record.held(honour))})
    for honour in TRUMPS:
        holder = getattr(record, honour.id)
        data[honour.id] = SET_ASIDE if holder is None else str(holder)
    return data


class EarlyFrenchForm(GameHandForm[EarlyFrenchHand]):
    form_data = staticmethod(form_data)
    #: The engine's complaint about a list of four stands below that list (its first player's field).
    engine_fields = {
        "tricks": tricks_field(0),
        **{h.id: court_field(h, 0) for h in COURTS},
        **{h.id: h.id for h in TRUMPS},
    }

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        for seat, name in enumerate(self.names):
            self[tricks_field(seat)].label.text = f"Tricks won by {name}"
            for honour in COURTS:
                self[court_field(honour, seat)].label.text = f"{honour.plural} held by {name}"
        holders = options([*enumerate(self.names), (SET_ASIDE, "Set aside")])
        for field in self.trump_fields():
            field.choices = holders

    def tricks_fields(self) -> list[Field]:
        return [self[tricks_field(seat)] for seat in range(SEATS)]

    def trump_fields(self) -> list[RadioField]:
        return [cast(RadioField, self[honour.id]) for honour in TRUMPS]

    def court_rows(self) -> list[tuple[Honour, list[Field]]]:
        """Each court rank with its field for each player, as the form's table shows them."""
        return [(h, [self[court_field(h, seat)] for seat in range(SEATS)]) for h in COURTS_SHOWN]

    def needed(self) -> list[Field]:
        """Every player's tricks (the trumps' holders are required of every hand)."""
        return self.tricks_fields()

    def record_json(self) -> dict[str, Any]:
        record: dict[str, Any] = {"tricks": [whole(f.data) for f in self.tricks_fields()]}
        for honour in COURTS:
            record[honour.id] = [seat_number(self[court_field(honour, s)].data) for s in range(SEATS)]
        for honour, field in zip(TRUMPS, self.trump_fields(), strict=True):
            record[honour.id] = None if field.data in (SET_ASIDE, None) else seat_number(field.data)
        return record

    def to_record(self) -> EarlyFrenchHand | None:
        """As every game's form, and a player holding more scoring cards than cards is named, not numbered."""
        try:
            return self.game.parse(self.record_json(), SEATS)
        except PileTooSmall as exc:
            field = self[tricks_field(0)]
            field.errors = [*field.errors, exc.said(self.names[exc.seat])]
            return None
        except InvalidHand:  # the common form places any other complaint beside its field
            return super().to_record()


for _seat in range(SEATS):
    setattr(
        EarlyFrenchForm,
        tricks_field(_seat),
        StringField(f"Tricks won by player {_seat + 1}", render_kw={"inputmode": "numeric", "autocomplete": "off"}),
    )
    for _honour in COURTS:
        setattr(
            EarlyFrenchForm,
            court_field(_honour, _seat),
            # The engine judges the counts (four of a rank at most): WTForms only offers them.
            SelectField(_honour.plural, choices=options((n, n) for n in range(5)), default="0", validate_choice=False),
        )
# The trumps after the tricks and courts, so that "still to fill in" follows the form's order.
for _honour in TRUMPS:
    _short = _honour.label.removeprefix("the ").split(" (")[0]  # "Magician", "World", "Fool"
    setattr(
        EarlyFrenchForm,
        _honour.id,
        radios(
            f"{_honour.label[0].upper()}{_honour.label[1:]} is held by",
            required=f"Who holds the {_short} at the end? Or set aside.",
        ),
    )
