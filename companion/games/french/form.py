"""French Tarot's hand form: the taker (and, with five, who held the called King), the contract, the bouts,
the taker's card points, Petit au bout, poignées and chelem."""

from __future__ import annotations

from typing import Any

from wtforms import Field, RadioField, SelectField, StringField

from ..common import InvalidHand
from ..common.fields import MultiCheckboxField, gettext, options, seat_number
from ..common.fields import lazy_gettext as _
from ..common.form import FormData, GameHandForm, radios
from .house import DEFAULT_RULES, FrenchRules
from .rules import (
    CHELEMS,
    CONTRACTS,
    MISERES,
    POIGNEE_TRUMPS,
    TOTAL,
    FrenchHand,
    Misere,
    Poignee,
    Scale,
    Side,
    whole_points,
)

#: The engine's names for the form's choices, in the players' languages (the same English).
CONTRACT_WORDS = {
    "petite": _("Petite / Prise"),
    "garde": _("Garde"),
    "garde-sans": _("Garde sans"),
    "garde-contre": _("Garde contre"),
}
CHELEM_WORDS = {
    "announced-made": _("announced and made"),
    "made": _("made without announcing"),
    "announced-failed": _("announced and failed"),
    "defence": _("made by the defence"),
}
POIGNEE_WORDS = {
    Poignee.SIMPLE: _("Simple poignée (%(trumps)s trumps)"),
    Poignee.DOUBLE: _("Double poignée (%(trumps)s trumps)"),
    Poignee.TRIPLE: _("Triple poignée (%(trumps)s trumps)"),
}


def _contract_said(contract: Any) -> str:
    """A contract as its chip says it: its name, and any other name the table gives it ("Petite / Prise")."""
    return " / ".join([contract.label, *(a.capitalize() for a in contract.aliases)])


def _words_are_the_engines() -> bool:
    """Each choice's English is the engine's own (the form's words only add the translations).

    >>> _words_are_the_engines()
    True
    """
    return (
        all(str(CONTRACT_WORDS[c.id]) == _contract_said(c) for c in CONTRACTS.values())
        and all(str(CHELEM_WORDS[c.id]) == c.label for c in CHELEMS.values())
        and all(POIGNEE_WORDS[p] % {"trumps": 8} == f"{p.label} (8 trumps)" for p in Poignee)
        and [str(m.label) for m in Misere] == ["Misère d'atout", "Misère de têtes"]
    )


def form_data(record: FrenchHand) -> FormData:
    """The French Tarot form's fields for a record, as a browser sends them."""
    data: FormData = {
        "taker": str(record.taker),
        "contract": record.contract.id,
        "bouts": str(record.bouts),
        "points": str(record.to_json()["points"]),
        "petit_au_bout": record.petit_au_bout.value if record.petit_au_bout else "",
        "poignee_taker": "",
        "poignee_defence": "",
        "chelem": record.chelem.id if record.chelem else "",
    }
    if record.partner is not None:
        data["partner"] = str(record.partner)
    for poignee, side in record.poignees:
        data[f"poignee_{'taker' if side is Side.TAKER else 'defence'}"] = poignee.id
    for kind in Misere:
        declared = [str(seat) for seat, m in record.miseres if m is kind]
        if declared:
            data[f"misere_{kind.id}"] = declared
    return data


class FrenchForm(GameHandForm[FrenchHand]):
    form_data = staticmethod(form_data)
    engine_fields = {
        "taker": "taker",
        "partner": "partner",
        "contract": "contract",
        "bouts": "bouts",
        "points": "points",
        "petit_au_bout": "petit_au_bout",
        "poignees": "poignee_taker",
        "chelem": "chelem",
        "players": "taker",
        "miseres": "misere_trumps",
    }
    taker = radios(_("Taker"), required=_("Choose the taker."))
    partner = radios(_("Called King held by (the taker: alone)"))
    contract = radios(
        _("Contract"),
        [(c.id, CONTRACT_WORDS[c.id]) for c in CONTRACTS.values()],
        _("Choose the contract."),
    )
    bouts = radios(_("Bouts in the taker's tricks"), [(n, n) for n in range(4)], _("How many bouts did the taker win?"))
    points = StringField(
        _("Taker's card points"),
        render_kw={"inputmode": "decimal", "autocomplete": "off"},
        description=_("0 to 91, e.g. 40.5"),
    )
    petit_au_bout = radios(_("Petit au bout"), [("", _("No")), ("taker", _("Taker's side")), ("defence", _("Defence"))])
    poignee_taker = SelectField(_("Poignée shown by the taker's side"), default="")
    poignee_defence = SelectField(_("Poignée shown by the defence"), default="")
    chelem = SelectField(
        _("Chelem"),
        choices=options([("", "—")] + [(c.id, CHELEM_WORDS[c.id]) for c in CHELEMS.values()]),
        default="",
    )
    #: A house rule: on the form only when the session plays misères (their names are French in every language).
    misere_trumps = MultiCheckboxField(_("Misère d'atout: dealt no trump"), choices=[])
    misere_heads = MultiCheckboxField(_("Misère de têtes: dealt no King, Queen, Knight or Jack"), choices=[])

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        names = self.names
        seats = options((seat, name) for seat, name in enumerate(names))
        self.taker.choices = seats
        self.partner.choices = seats
        counts = POIGNEE_TRUMPS[len(names)]
        handfuls = options(
            [("", "—")] + [(p.id, POIGNEE_WORDS[p] % {"trumps": n}) for p, n in zip(Poignee, counts, strict=True)]
        )
        self.poignee_taker.choices = handfuls
        self.poignee_defence.choices = handfuls
        self.players = len(names)
        if whole_points(self.players):
            self.points.description = gettext(
                "0 to %(total)s: whole numbers with %(players)s players", total=TOTAL, players=self.players
            )
        if self.players != 5:
            del self["partner"]
        if self.rules.misere:
            self.misere_trumps.choices = seats
            self.misere_heads.choices = seats
        else:
            del self["misere_trumps"]
            del self["misere_heads"]

    @property
    def rules(self) -> FrenchRules:
        """The session's house rules (the usual ones when the form is given none)."""
        return self.options if isinstance(self.options, FrenchRules) else DEFAULT_RULES

    @property
    def misere_fields(self) -> list[Field]:
        """The misère fields, when the session plays misères."""
        return [self[f"misere_{kind.id}"] for kind in Misere if f"misere_{kind.id}" in self]

    def field_for(self, exc: InvalidHand) -> str | None:
        """A complaint about one kind of misère stands beside its field."""
        if exc.field == "miseres" and exc.item in MISERES:
            return f"misere_{exc.item}"
        return super().field_for(exc)

    def needed(self) -> list[Field]:
        """The points, and with five players who held the called King."""
        return [self.partner, self.points] if "partner" in self else [self.points]

    def record_json(self) -> dict[str, Any]:
        record: dict[str, Any] = {
            "players": self.players,
            "taker": seat_number(self.taker.data),
            "contract": self.contract.data,
            "bouts": seat_number(self.bouts.data),
            "points": _half_points(self.points.data),
            "poignees": [
                {"size": size, "side": side.value}
                for size, side in ((self.poignee_taker.data, Side.TAKER), (self.poignee_defence.data, Side.DEFENCE))
                if size
            ],
        }
        if "partner" in self:
            record["partner"] = seat_number(self.partner.data)
        if self.petit_au_bout.data:
            record["petit_au_bout"] = self.petit_au_bout.data
        if self.chelem.data:
            record["chelem"] = self.chelem.data
        if self.rules.scale is not Scale.FFT:
            record["scale"] = self.rules.scale.id
        miseres = [
            {"seat": seat_number(seat), "kind": kind.id}
            for kind in Misere
            if f"misere_{kind.id}" in self
            for seat in self[f"misere_{kind.id}"].data or []
        ]
        if miseres:
            record["miseres"] = miseres
        return record


def _half_points(text: str | None) -> float | int | str | None:
    """Card points as typed, in halves ("40.5", "40,5", "40½"); anything else as typed, for the engine to refuse.

    >>> _half_points("40,5"), _half_points("40½"), _half_points("41"), _half_points("lots")
    (40.5, 40.5, 41, 'lots')
    """
    cleaned = (text or "").strip().replace(",", ".").replace("½", ".5")
    if cleaned.startswith("."):
        cleaned = "0" + cleaned
    whole, _, half = cleaned.partition(".")
    if whole.isascii() and whole.isdigit() and len(whole) <= 9 and half in ("", "0", "5"):
        return int(whole) + 0.5 if half == "5" else int(whole)
    return cleaned or None


def _yes(value: Any) -> bool:
    """A yes-or-no house rule from its radio button ("yes"/"no") or as stored (true/false)."""
    return value is True or value == "yes"


def option_fields() -> dict[str, Any]:
    """A session's house rules on its start form, each off unless chosen: the older scale, and misères."""
    return {
        "scale": RadioField(
            _("Contracts multiply by"),
            choices=options((s.id, _(s.label)) for s in Scale),
            default=DEFAULT_RULES.scale.id,
        ),
        "misere": RadioField(
            _("Misère (no trump, or no court card)"),
            choices=options([("no", _("Not played")), ("yes", _("Played: 10 from each other player"))]),
            default=DEFAULT_RULES.misere,
            coerce=_yes,
        ),
    }
