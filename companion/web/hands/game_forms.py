"""The hand forms of the games scored in points: Tapp Tarock and French Tarot.

They work as ``HandForm`` does: WTForms checks presence, the game's engine
judges the rest (``to_record``), and its complaint stands beside the field
it names. The engine speaks of seats by number (for the API); the form knows
the players' names and says those instead. ``form_data`` goes from a record
back to the fields a browser sends.
"""

from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm
from wtforms import Field, HiddenField, SelectField, StringField

from ...games import FRENCH, TAPP, Game
from ...games.french import CHELEMS, CONTRACTS, POIGNEE_TRUMPS, TOTAL, FrenchHand, Poignee, Side, whole_points
from ...games.tapp import BIDS, BONUSES, TappBonus, TappHand
from ...models import Sitting
from ...rules import InvalidHand
from ..fields import MultiCheckboxField, options, seat_number, whole_number
from .forms import _radios, by_name

#: A Tapp bonus's select: nobody, or a player's silent, announced-and-made or announced-and-missed bonus.
HOW = {"silent": "made it (silent)", "made": "announced and made it", "missed": "announced and missed it"}
TABLE_BONUSES = tuple(b for b in TappBonus if not b.by_points)


class PointsHandForm(FlaskForm):
    """What the hand forms of the points games share: the hidden fields, and the engine's word on the record."""

    form_token = HiddenField()
    deal = HiddenField()
    version = HiddenField()
    game: Game
    #: Which form field shows an error the engine raises for a record field.
    engine_fields: dict[str, str] = {}

    def __init__(self, *args: Any, names: list[str], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.names = names

    def missing(self) -> list[str]:
        """Labels of the fields this hand needs that are still empty, in the form's order."""
        needed = self.needed()
        return [f.label.text for f in self if (f.flags.required or f in needed) and not _entered(f)]

    def needed(self) -> list[Field]:
        """Fields a hand needs besides the required ones, which the engine judges (and names players for)."""
        return []

    def field_for(self, exc: InvalidHand) -> str | None:
        """The form field that shows an engine complaint (None: above the form)."""
        return self.engine_fields.get(exc.field)

    def message_for(self, exc: InvalidHand) -> str:
        """The engine's message, with the players' names where it offers seats by number."""
        return by_name(exc, self.names)

    def record_json(self, sitting: Sitting) -> dict[str, Any]:
        raise NotImplementedError

    def to_record(self, sitting: Sitting) -> Any:
        """The hand the game makes of a validated form; None, with its message beside the field, if refused."""
        try:
            return self.game.parse(self.record_json(sitting), sitting.seats)
        except InvalidHand as exc:
            field, message = self.field_for(exc), self.message_for(exc)
            if field is None:
                self.form_errors.append(message)
            elif message not in self[field].errors:
                self[field].errors = [*self[field].errors, message]
            return None


def _entered(field: Field) -> bool:
    return field.data not in (None, "", []) or any(v.strip() for v in field.raw_data or [])


class TappForm(PointsHandForm):
    game = TAPP
    engine_fields = {
        "bid": "bid",
        "declarer": "declarer",
        "points": "points",
        "loser": "loser",
        "bonuses": "bonus_pagat_ultimo",
        "counting": "bid",
    }
    bid = _radios("Bid", [(b.id, b.said) for b in BIDS.values()], "Choose the bid (bridscher: everyone passed).")
    declarer = _radios("Declarer (won the bid)")
    points = StringField("Declarer's card points", render_kw={"inputmode": "numeric", "autocomplete": "off"})
    #: Whoever took the most card points; a tie: each of the players tied for the most.
    loser = MultiCheckboxField("Bridscher: most card points (pays)", choices=[])
    announced_points = SelectField(
        "Declarer announced",
        choices=options([("", "—"), ("with-40", "With 40"), ("with-50", "With 50")]),
        default="",
    )

    def __init__(self, *args: Any, names: list[str], **kwargs: Any):
        super().__init__(*args, names=names, **kwargs)
        seats = [(seat, name) for seat, name in enumerate(names)]
        self.declarer.choices = options(seats)
        self.loser.choices = options(seats)
        for bonus in TABLE_BONUSES:
            self[_tapp_field(bonus)].choices = options(
                [("", "—")] + [(f"{how}-{seat}", f"{name} {said}") for seat, name in seats for how, said in HOW.items()]
            )

    @property
    def bonus_fields(self) -> list[Field]:
        return [self[_tapp_field(b)] for b in TABLE_BONUSES]

    def needed(self) -> list[Field]:
        """What the bid chosen needs: a bridscher's loser, or else the declarer and their points."""
        return [self.loser] if self.bid.data == "bridscher" else [self.declarer, self.points]

    def field_for(self, exc: InvalidHand) -> str | None:
        """A complaint about one bonus stands beside that bonus's choice."""
        if exc.field == "bonuses" and exc.item in BONUSES:
            bonus = BONUSES[exc.item]
            return "announced_points" if bonus.by_points else _tapp_field(bonus)
        return super().field_for(exc)

    def record_json(self, sitting: Sitting) -> dict[str, Any]:
        record: dict[str, Any] = {"bid": self.bid.data, "counting": sitting.options.get("counting", "traditional")}
        bonuses = []
        if self.bid.data == "bridscher":
            losers = [seat_number(v) for v in self.loser.data or []]
            record["loser"] = losers[0] if len(losers) == 1 else losers or None
        else:
            record["declarer"] = seat_number(self.declarer.data)
            record["points"] = _whole(self.points.data)
            if self.announced_points.data:
                bonuses.append({"bonus": self.announced_points.data, "seat": record["declarer"], "announced": True})
        for bonus in TABLE_BONUSES:
            how, _, seat = (self[_tapp_field(bonus)].data or "").partition("-")
            if how in HOW:
                bonuses.append(
                    {
                        "bonus": bonus.id,
                        "seat": seat_number(seat),
                        "announced": how != "silent",
                        "made": how != "missed",
                    }
                )
        record["bonuses"] = bonuses
        return record


def _tapp_field(bonus: TappBonus) -> str:
    return "bonus_" + bonus.id.replace("-", "_")


for _bonus in TABLE_BONUSES:
    setattr(TappForm, _tapp_field(_bonus), SelectField(_bonus.label, choices=[], default="", validate_choice=False))


def _whole(text: str | None) -> int | str | None:
    """Card points typed as a whole number; anything else as typed, for the engine to refuse."""
    text = (text or "").strip()
    found = whole_number(text)  # at most ten digits: the engine refuses any other text beside its field
    return found if found is not None else (text or None)


def tapp_form_data(record: TappHand) -> dict[str, str | list[str]]:
    """The Tapp Tarock form's fields for a record, as a browser sends them.

    >>> from companion.games.tapp import TappHand
    >>> tapp_form_data(TappHand.from_json({"bid": "two", "declarer": 2, "points": 41,
    ...     "bonuses": [{"bonus": "trull", "seat": 1, "announced": True, "made": False}]}))["bonus_trull"]
    'missed-1'
    >>> tapp_form_data(TappHand.from_json({"bid": "bridscher", "loser": [0, 2]}))["loser"]
    ['0', '2']
    """
    data: dict[str, str | list[str]] = {"bid": record.bid.id, "announced_points": ""}
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
    return data


class FrenchForm(PointsHandForm):
    game = FRENCH
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
    taker = _radios("Taker", required="Choose the taker.")
    partner = _radios("Called King held by (the taker: alone)")
    contract = _radios(
        "Contract",
        [(c.id, " / ".join([c.label, *(a.capitalize() for a in c.aliases)])) for c in CONTRACTS.values()],
        "Choose the contract.",
    )
    bouts = _radios("Bouts in the taker's tricks", [(n, n) for n in range(4)], "How many bouts did the taker win?")
    points = StringField(
        "Taker's card points",
        render_kw={"inputmode": "decimal", "autocomplete": "off"},
        description="0 to 91, e.g. 40.5",
    )
    petit_au_bout = _radios("Petit au bout", [("", "No"), ("taker", "Taker's side"), ("defence", "Defence")])
    poignee_taker = SelectField("Poignée shown by the taker's side", default="")
    poignee_defence = SelectField("Poignée shown by the defence", default="")
    chelem = SelectField(
        "Chelem",
        choices=options([("", "—")] + [(c.id, c.label) for c in CHELEMS.values()]),
        default="",
    )

    def __init__(self, *args: Any, names: list[str], **kwargs: Any):
        super().__init__(*args, names=names, **kwargs)
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

    def record_json(self, sitting: Sitting) -> dict[str, Any]:
        record: dict[str, Any] = {
            "players": sitting.seats,
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


def french_form_data(record: FrenchHand) -> dict[str, str]:
    """The French Tarot form's fields for a record, as a browser sends them."""
    data = {
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


#: Each points game's form and its way back from a record.
GAME_FORMS = {"tapp": (TappForm, tapp_form_data), "french": (FrenchForm, french_form_data)}
