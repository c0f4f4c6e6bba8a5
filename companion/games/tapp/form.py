"""Tapp Tarock's hand form: the bid and who won it (or, in a bridscher, who took the most), the declarer's
card points, and any Pagat Ultimo, Trull or Four Kings by any player."""

from __future__ import annotations

from typing import Any, cast

from wtforms import Field, RadioField, SelectField, StringField
from wtforms.validators import Optional

from ..common import InvalidHand
from ..common.fields import MultiCheckboxField, gettext, options, seat_number
from ..common.fields import lazy_gettext as _
from ..common.form import FormData, GameHandForm, radios, whole
from .rules import BIDS, BONUSES, Counting, Kontra, TappBonus, TappHand, kontra_item

#: A Tapp bonus's select: nobody, or a player's silent, announced-and-made or announced-and-missed bonus.
HOW = {
    "silent": _("%(name)s made it (silent)"),
    "made": _("%(name)s announced and made it"),
    "missed": _("%(name)s announced and missed it"),
}
TABLE_BONUSES = tuple(b for b in TappBonus if not b.by_points)
#: Kontra's choices: none, Kontra (×2), Rekontra (×4).
KONTRA_WORDS = {Kontra.NONE: "", Kontra.KONTRA: _("Kontra ×2"), Kontra.REKONTRA: _("Rekontra ×4")}
KONTRA_CHOICES = [(k.id, KONTRA_WORDS[k] or _("No")) for k in Kontra]
#: The engine's names for the bids and bonuses, in the players' languages (the same English).
BID_WORDS = {"three": _("Three"), "two": _("Two"), "one": _("One"), "solo": _("Solo"), "bridscher": _("Bridscher")}
BONUS_WORDS = {
    TappBonus.PAGAT_ULTIMO: _("Pagat Ultimo"),
    TappBonus.TRULL: _("Trull"),
    TappBonus.FOUR_KINGS: _("Four Kings"),
    TappBonus.WITH_40: _("With 40"),
    TappBonus.WITH_50: _("With 50"),
}


def _words_are_the_engines() -> bool:
    """Each choice's English is the engine's own (the form's words only add the translations).

    >>> _words_are_the_engines()
    True
    """
    return (
        all(str(KONTRA_WORDS[k]) == k.said for k in Kontra)
        and all(str(BID_WORDS[b.id]) == b.said for b in BIDS.values())
        and all(str(BONUS_WORDS[b]) == b.label for b in TappBonus)
    )


#: The form field of each bonus's Kontra: With 40 and With 50 share one, as they share their choice.
KONTRA_FIELDS = {
    **{b: "kontra_" + b.id.replace("-", "_") for b in TABLE_BONUSES},
    TappBonus.WITH_40: "kontra_announced_points",
    TappBonus.WITH_50: "kontra_announced_points",
}
#: Each Kontra field beside the field that says who announced its bonus.
KONTRA_BESIDE = {
    **{KONTRA_FIELDS[b]: "bonus_" + b.id.replace("-", "_") for b in TABLE_BONUSES},
    "kontra_announced_points": "announced_points",
}


def form_data(record: TappHand) -> FormData:
    """The Tapp Tarock form's fields for a record, as a browser sends them.

    >>> form_data(TappHand.from_json({"bid": "two", "declarer": 2, "points": 41,
    ...     "bonuses": [{"bonus": "trull", "seat": 1, "announced": True, "made": False}]}))["bonus_trull"]
    'missed-1'
    >>> form_data(TappHand.from_json({"bid": "bridscher", "loser": [0, 2]}))["loser"]
    ['0', '2']
    >>> form_data(TappHand.from_json({"bid": "two", "declarer": 2, "points": 41, "kontra": "rekontra",
    ...     "bonuses": [{"bonus": "trull", "seat": 1, "announced": True, "kontra": "kontra"}]}))["kontra_trull"]
    'kontra'
    """
    data: FormData = {"bid": record.bid.id, "announced_points": "", "kontra": record.kontra.id}
    if record.losers:
        data["loser"] = [str(s) for s in record.losers]
    if record.declarer is not None:
        data.update(declarer=str(record.declarer), points=str(record.points))
    for claim in record.bonuses:
        if claim.bonus.by_points:
            data["announced_points"] = claim.bonus.id
        else:
            how = "silent" if not claim.announced else "made" if claim.made else "missed"
            data[_tapp_field(claim.bonus)] = f"{how}-{claim.seat}"
        if claim.kontra is not Kontra.NONE:
            data[KONTRA_FIELDS[claim.bonus]] = claim.kontra.id
    return data


class TappForm(GameHandForm[TappHand]):
    form_data = staticmethod(form_data)
    engine_fields = {
        "bid": "bid",
        "declarer": "declarer",
        "points": "points",
        "loser": "loser",
        "bonuses": "bonus_pagat_ultimo",
        "counting": "bid",
        "kontra": "kontra",
    }
    bid = radios(
        _("Bid"), [(b.id, BID_WORDS[b.id]) for b in BIDS.values()], _("Choose the bid (bridscher: everyone passed).")
    )
    declarer = radios(_("Declarer (won the bid)"))
    points = StringField(_("Declarer's card points"), render_kw={"inputmode": "numeric", "autocomplete": "off"})
    #: Whoever took the most card points; a tie: each of the players tied for the most.
    loser = MultiCheckboxField(_("Bridscher: most card points (pays)"), choices=[])
    announced_points = SelectField(
        _("Declarer announced"),
        choices=options(
            [("", "—"), ("with-40", BONUS_WORDS[TappBonus.WITH_40]), ("with-50", BONUS_WORDS[TappBonus.WITH_50])]
        ),
        default="",
    )
    #: Said on the game by an opponent (Kontra), and again by the declarer (Rekontra); off unless chosen.
    kontra = RadioField(
        _("Kontra on the game"),
        choices=options(KONTRA_CHOICES),
        default="",
        validate_choice=False,
        validators=[Optional()],
    )

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        seats = list(enumerate(self.names))
        self.declarer.choices = options(seats)
        self.loser.choices = options(seats)
        for field in self.bonus_fields:
            field.choices = options(
                [("", "—")]
                + [(f"{how}-{seat}", said % {"name": name}) for seat, name in seats for how, said in HOW.items()]
            )

    @property
    def bonus_fields(self) -> list[SelectField]:
        return [cast(SelectField, self[_tapp_field(b)]) for b in TABLE_BONUSES]

    @property
    def kontra_fields(self) -> list[SelectField]:
        """Each announced bonus's Kontra, in the order of ``bonus_fields`` and then With 40 / With 50's."""
        return [cast(SelectField, self[name]) for name in dict.fromkeys(KONTRA_FIELDS.values())]

    def validate(self, extra_validators: Any = None) -> bool:
        """The form's own checks, and a Kontra chosen on a bonus nobody announced (the engine never sees it)."""
        fine = super().validate(extra_validators)
        for name, beside in KONTRA_BESIDE.items():
            if self[name].data and not self[beside].data:
                said = self[beside].label.text
                self[name].errors = [
                    *self[name].errors,
                    gettext(
                        "Kontra doubles an announced bonus: nothing is entered for %(bonus)s. "
                        "Enter who announced it, or leave Kontra at —.",
                        bonus=said,
                    ),
                ]
                fine = False
        return fine

    def needed(self) -> list[Field]:
        """What the bid chosen needs: a bridscher's loser, or else the declarer and their points."""
        return [self.loser] if self.bid.data == "bridscher" else [self.declarer, self.points]

    def field_for(self, exc: InvalidHand) -> str | None:
        """A complaint about one bonus stands beside that bonus's choice."""
        kontra = {kontra_item(b): field for b, field in KONTRA_FIELDS.items()}
        if exc.field == "bonuses" and exc.item in kontra:
            return kontra[exc.item]
        if exc.field == "bonuses" and exc.item in BONUSES:
            bonus = BONUSES[exc.item]
            return "announced_points" if bonus.by_points else _tapp_field(bonus)
        return super().field_for(exc)

    def record_json(self) -> dict[str, Any]:
        record: dict[str, Any] = {"bid": self.bid.data, "counting": (self.options or {}).get("counting", "traditional")}
        bonuses = []
        if self.bid.data == "bridscher":  # no game to Kontra: a Kontra left ticked from another bid is not asked
            losers = [seat_number(v) for v in self.loser.data or []]
            record["loser"] = losers[0] if len(losers) == 1 else losers or None
        else:
            record["declarer"] = seat_number(self.declarer.data)
            record["points"] = whole(self.points.data)
            if self.kontra.data:
                record["kontra"] = self.kontra.data
            if self.announced_points.data:
                claim = {"bonus": self.announced_points.data, "seat": record["declarer"], "announced": True}
                bonuses.append(self._with_kontra(claim, "kontra_announced_points"))
        for bonus in TABLE_BONUSES:
            how, _, seat = (self[_tapp_field(bonus)].data or "").partition("-")
            if how in HOW:
                claim = {
                    "bonus": bonus.id,
                    "seat": seat_number(seat),
                    "announced": how != "silent",
                    "made": how != "missed",
                }
                bonuses.append(self._with_kontra(claim, KONTRA_FIELDS[bonus]))
        record["bonuses"] = bonuses
        return record

    def _with_kontra(self, claim: dict[str, Any], field: str) -> dict[str, Any]:
        """A bonus claim with the Kontra chosen beside it, if any."""
        return {**claim, "kontra": self[field].data} if self[field].data else claim


def _tapp_field(bonus: TappBonus) -> str:
    return "bonus_" + bonus.id.replace("-", "_")


for _bonus in TABLE_BONUSES:
    setattr(
        TappForm, _tapp_field(_bonus), SelectField(BONUS_WORDS[_bonus], choices=[], default="", validate_choice=False)
    )
_ON_A_BONUS = options([(k.id, KONTRA_WORDS[k] or "—") for k in Kontra])
for _name, _beside in KONTRA_BESIDE.items():
    _of = (
        _("With 40 / With 50") if _beside == "announced_points" else BONUS_WORDS[BONUSES[_beside[6:].replace("_", "-")]]
    )
    setattr(TappForm, _name, SelectField(_("Kontra on %(bonus)s", bonus=_of), choices=_ON_A_BONUS, default=""))


def option_fields() -> dict[str, Any]:
    """A session's options on its start form: how card points are counted."""
    return {
        "counting": RadioField(
            _("Counting card points"),
            choices=options((c.id, _(c.description)) for c in Counting),
            default=Counting.TRADITIONAL.id,
        )
    }
