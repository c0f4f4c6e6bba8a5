"""French Tarot's hand form: the taker (and, with five, who held the called King), the contract, the bouts,
the taker's card points, Petit au bout, poignées and chelem."""

from __future__ import annotations

from typing import Any

from wtforms import Field, SelectField, StringField

from ..common.fields import options, seat_number
from ..common.form import FormData, GameHandForm, radios
from .rules import CHELEMS, CONTRACTS, POIGNEE_TRUMPS, TOTAL, FrenchHand, Poignee, Side, whole_points


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
    }
    taker = radios("Taker", required="Choose the taker.")
    partner = radios("Called King held by (the taker: alone)")
    contract = radios(
        "Contract",
        [(c.id, " / ".join([c.label, *(a.capitalize() for a in c.aliases)])) for c in CONTRACTS.values()],
        "Choose the contract.",
    )
    bouts = radios("Bouts in the taker's tricks", [(n, n) for n in range(4)], "How many bouts did the taker win?")
    points = StringField(
        "Taker's card points",
        render_kw={"inputmode": "decimal", "autocomplete": "off"},
        description="0 to 91, e.g. 40.5",
    )
    petit_au_bout = radios("Petit au bout", [("", "No"), ("taker", "Taker's side"), ("defence", "Defence")])
    poignee_taker = SelectField("Poignée shown by the taker's side", default="")
    poignee_defence = SelectField("Poignée shown by the defence", default="")
    chelem = SelectField(
        "Chelem",
        choices=options([("", "—")] + [(c.id, c.label) for c in CHELEMS.values()]),
        default="",
    )

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        names = self.names
        seats = options((seat, name) for seat, name in enumerate(names))
        self.taker.choices = seats
        self.partner.choices = seats
        counts = POIGNEE_TRUMPS[len(names)]
        handfuls = options(
            [("", "—")] + [(p.id, f"{p.label} ({n} trumps)") for p, n in zip(Poignee, counts, strict=True)]
        )
        self.poignee_taker.choices = handfuls
        self.poignee_defence.choices = handfuls
        self.players = len(names)
        if whole_points(self.players):
            self.points.description = f"0 to {TOTAL}: whole numbers with {self.players} players"
        if self.players != 5:
            del self["partner"]

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
