"""The hand form: one hand, in the order it happens at the table.

WTForms checks what each field can check alone (present, a number, one of
its choices); the engine decides the rest. ``HandForm.to_record`` turns what
was entered into a hand record, and an ``InvalidHand`` from the engine is
shown beside the field it names (``ENGINE_FIELDS``). ``form_data`` goes the
other way, from a record to the fields a browser sends: the edit page, the
tests and the benchmark scripts all use it.
"""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import Field, HiddenField, RadioField, SelectField
from wtforms.validators import InputRequired, NumberRange, Optional

from ...rules import (
    OLD_TRUMPS,
    TOTAL_CARD_POINTS,
    Bid,
    Bonus,
    Declaration,
    HandRecord,
    HouseRules,
    InvalidHand,
    InvalidSeat,
    MartletKind,
    MartletLevel,
    Rank,
    Side,
    Suit,
)
from ..fields import MultiCheckboxField, SmallNumberField, options, seat_number

OLD = "old"
COURT_DECLARATIONS = (Declaration.VIBRANT_COURT, Declaration.FULL_COURT)
PLAIN_BONUSES = tuple(b for b in Bonus if not b.derived)
SIDE_CHOICES = [("", "—"), (Side.DECLARER.value, "Declarer's side"), (Side.DEFENCE.value, "Defence")]

#: Which form field shows an error the engine raises for a record field.
ENGINE_FIELDS = {
    "bid": "bid",
    "declarer": "declarer",
    "called_card": "called_suit",
    "called_category": "called_suit",
    "young_trumps": "young_trumps",
    "holder": "held_by",
    "in_trug": "held_by",
    "points": "points",
    "stinger_points": "stinger_points",
    "declarations": "declarations",
    "bonuses": "bonus_anointed_ultimo",
    "announced": "announced",
    "martlets": "martlets_declarer",
    "young_martlets": "young_martlets_declarer",
}


def _bonus_field_name(bonus: Bonus) -> str:
    return "bonus_" + bonus.id.replace("-", "_")


def _radios(label: str, choices=None, required: str | None = None) -> RadioField:
    """A radio group; the engine judges the value, so WTForms checks only presence."""
    return RadioField(
        label,
        choices=options(choices or []),
        validate_choice=False,
        validators=[InputRequired(required)] if required else [Optional()],
    )


def _count_field(label: str, most: int) -> SelectField:
    return SelectField(label, choices=options((n, n) for n in range(most + 1)), default="0")


class HandForm(FlaskForm):
    form_token = HiddenField()
    deal = HiddenField()
    version = HiddenField()

    bid = _radios("Bid", [(b.id, b.id.replace("-high", " high")) for b in Bid], "Choose the winning bid.")
    declarer = _radios("Declarer", required="Choose who won the auction.")
    declarations = MultiCheckboxField(
        "Declarations",
        choices=options((d.id, d.label) for d in Declaration if d not in COURT_DECLARATIONS),
    )
    vibrant_courts = _count_field("Vibrant courts", 4)
    full_courts = _count_field("Full courts", 4)

    called_suit = _radios(
        "Called card",
        [(OLD, "Old trump")] + [(s.letter, f"{s.symbol} {s.label}") for s in Suit],
        "Choose the called card's suit (or old trumps).",
    )
    called_rank = _radios("Rank", [(r.value, r.label if not r.is_court else r.value) for r in Rank])
    called_trump = _radios("Old trump", [(c.code, c.code) for c in OLD_TRUMPS])
    young_trumps = _radios(
        "Young trumps", [(s.value, f"{s.symbol} {s.label}") for s in Suit], "Choose the young-trump suit."
    )
    held_by = _radios("Held by", required="Say who held the called card.")
    points = SmallNumberField(
        "Card points",
        validators=[
            InputRequired("Enter the card points of one side."),
            NumberRange(0, 130, "Card points run from 0 to 130."),
        ],
        render_kw={"inputmode": "numeric", "min": 0, "max": 130, "autocomplete": "off"},
    )
    #: Either side's points may be counted at the table: the other side's are 130 less.
    points_of = RadioField(
        "Counted for",
        choices=options([(Side.DECLARER.value, "Declarer's side"), (Side.DEFENCE.value, "The other side")]),
        default=Side.DECLARER.value,
    )
    stinger_points = SmallNumberField(
        "Stinger's own card points",
        validators=[Optional(), NumberRange(0, 130, "Card points run from 0 to 130.")],
        render_kw={"inputmode": "numeric", "min": 0, "max": 130, "autocomplete": "off"},
    )

    announced = MultiCheckboxField(
        "Announced by declarer",
        choices=options((b.id, b.label) for b in Bonus),
    )
    announced_martlets = SelectField(
        "Martlets announced",
        choices=options([("", "none")] + [(m.id, m.label) for m in MartletLevel if m.kind is MartletKind.OLD]),
        default="",
    )
    announced_young_martlets = SelectField(
        "Young Martlets announced",
        choices=options([("", "none")] + [(m.id, m.label) for m in MartletLevel if m.kind is MartletKind.YOUNG]),
        default="",
    )
    martlets_declarer = _count_field("Martlets, declarer's side", 3)
    martlets_defence = _count_field("Martlets, defence", 3)
    young_martlets_declarer = _count_field("Young Martlets, declarer's side", 2)
    young_martlets_defence = _count_field("Young Martlets, defence", 2)

    def __init__(self, *args, names: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.names = names
        self.declarer.choices = options(enumerate(names))
        self.held_by.choices = options(
            [(f"hand-{s}", name) for s, name in enumerate(names)]
            + [(f"trug-{s}", f"{name}'s trug") for s, name in enumerate(names)]
        )

    @property
    def bonus_fields(self):
        return [getattr(self, _bonus_field_name(b)) for b in PLAIN_BONUSES]

    def declarations_entered(self) -> bool:
        """Whether the folded Declarations section holds anything (so opens)."""
        fields = (self.declarations, self.vibrant_courts, self.full_courts)
        return any(f.errors or f.data not in (None, "", "0", []) for f in fields)

    def bonuses_entered(self) -> bool:
        """Whether the folded Bonuses section holds anything (so opens)."""
        fields = (
            self.announced,
            self.announced_martlets,
            self.announced_young_martlets,
            self.martlets_declarer,
            self.martlets_defence,
            self.young_martlets_declarer,
            self.young_martlets_defence,
            *self.bonus_fields,
        )
        return any(f.errors or f.data not in (None, "", "0", []) for f in fields)

    # -- to the hand record ---------------------------------------------------
    def missing(self) -> list[str]:
        """Labels of the required fields still empty (the preview says what is left)."""
        return [f.label.text for f in self if f.flags.required and not _entered(f)]

    def called_card_code(self) -> str | None:
        suit = self.called_suit.data
        if suit == OLD:
            return self.called_trump.data or None
        if suit and self.called_rank.data:
            return f"{self.called_rank.data}{suit}"
        return None

    def record_json(self, house_rules: HouseRules) -> dict:
        """The hand record as entered, for the engine to judge (``HandRecord.from_json``)."""
        where, _, seat = (self.held_by.data or "").partition("-")
        record = {
            "bid": self.bid.data,
            "declarer": seat_number(self.declarer.data),
            "young_trumps": self.young_trumps.data,
            "holder": seat_number(seat),
            "in_trug": where == "trug",
            "points": self.declarer_points(),
            "declarations": list(self.declarations.data or [])
            + [Declaration.VIBRANT_COURT.id] * int(self.vibrant_courts.data or 0)
            + [Declaration.FULL_COURT.id] * int(self.full_courts.data or 0),
            "bonuses": {bonus.id: side for bonus, name in BONUS_FIELDS if (side := self[name].data)},
            "announced": list(self.announced.data or [])
            + [a for a in (self.announced_martlets.data, self.announced_young_martlets.data) if a],
            "martlets": {"declarer": int(self.martlets_declarer.data), "defence": int(self.martlets_defence.data)},
            "young_martlets": {
                "declarer": int(self.young_martlets_declarer.data),
                "defence": int(self.young_martlets_defence.data),
            },
            "house_rules": house_rules.to_json(),
        }
        code = self.called_card_code()
        if code is not None:
            record["called_card"] = code
        if where == "trug":
            record["stinger_points"] = self.stinger_points.data
        return record

    def declarer_points(self) -> int | None:
        """Declarer's side's card points, from whichever side's were counted."""
        points = self.points.data
        if points is not None and self.points_of.data == Side.DEFENCE.value:
            return TOTAL_CARD_POINTS - points
        return points

    def to_record(self, house_rules: HouseRules) -> HandRecord | None:
        """The hand the engine makes of a validated form; None, with its message beside the field, if refused."""
        try:
            return HandRecord.from_json(self.record_json(house_rules))
        except InvalidHand as exc:
            self.add_error(exc.field, by_name(exc, self.names), exc.item)
            return None

    def add_error(self, engine_field: str, message: str, item: str | None = None) -> None:
        """An engine message beside the form field that shows ``engine_field`` (else above the form); a
        bonus's message beside that bonus's own choice (``item``: its id)."""
        name = ENGINE_FIELDS.get(engine_field)
        if engine_field == "bonuses" and item is not None and "bonus_" + item.replace("-", "_") in self:
            name = "bonus_" + item.replace("-", "_")
        if name is None:
            self.form_errors.append(message)
            return
        field = self[name]
        if message not in field.errors:
            field.errors = [*field.errors, message]


def by_name(exc: InvalidHand, names: list[str]) -> str:
    """The engine's message, with the players' names where it offers seats by number (as the API needs).

    >>> by_name(InvalidSeat("declarer", "the declarer", 3), ["Ann", "Bob", "Cat"])
    'Choose the declarer: Ann, Bob or Cat.'
    """
    if isinstance(exc, InvalidSeat):
        return f"Choose {exc.who}: {', '.join(names[:-1])} or {names[-1]}."
    return exc.message


def _entered(field: Field) -> bool:
    return field.data not in (None, "") or any(v.strip() for v in field.raw_data or [])


# One "made by" choice per bonus; Hundred is worked out from the points.
BONUS_FIELDS = tuple((bonus, _bonus_field_name(bonus)) for bonus in PLAIN_BONUSES)
for _bonus in PLAIN_BONUSES:
    setattr(HandForm, _bonus_field_name(_bonus), SelectField(_bonus.label, choices=options(SIDE_CHOICES), default=""))


def form_data(record: HandRecord) -> dict[str, str | list[str]]:
    """The hand form's fields for a record, as a browser sends them (no radio left unticked).

    >>> from companion.rules import HandRecord
    >>> hand = HandRecord.from_json({"bid": "4", "declarer": 1, "called_card": "7C", "young_trumps": "hearts",
    ...                              "holder": 3, "in_trug": False, "points": 71})
    >>> data = form_data(hand)
    >>> data["bid"], data["called_suit"], data["called_rank"], data["held_by"], data["points"], data["full_courts"]
    ('4', 'C', '7', 'hand-3', '71', '0')
    """
    card = record.called_card
    data: dict[str, str | list[str]] = {
        "bid": record.bid.id,
        "declarer": str(record.declarer),
        "declarations": [d.id for d in record.declarations if d not in COURT_DECLARATIONS],
        "vibrant_courts": str(record.declarations.count(Declaration.VIBRANT_COURT)),
        "full_courts": str(record.declarations.count(Declaration.FULL_COURT)),
    }
    if card is None or card.is_old_trump:
        data["called_suit"] = OLD
        if card is not None:
            data["called_trump"] = card.code
    else:
        data["called_suit"] = card.suit.letter
        data["called_rank"] = card.rank.value
    if record.young_trumps is not None:
        data["young_trumps"] = record.young_trumps.value
    data["held_by"] = f"{'trug' if record.in_trug else 'hand'}-{record.holder}"
    data["points"] = str(record.points)
    data["points_of"] = Side.DECLARER.value
    data["stinger_points"] = "" if record.stinger_points is None else str(record.stinger_points)
    made = dict(record.bonuses)
    for bonus, name in BONUS_FIELDS:
        data[name] = made[bonus].value if bonus in made else ""
    data["announced"] = [a.id for a in record.announced if isinstance(a, Bonus)]
    for name, kind in (("announced_martlets", MartletKind.OLD), ("announced_young_martlets", MartletKind.YOUNG)):
        data[name] = next((a.id for a in record.announced if isinstance(a, MartletLevel) and a.kind is kind), "")
    for name, tally in (("martlets", record.martlets), ("young_martlets", record.young_martlets)):
        data[f"{name}_declarer"] = str(tally.declarer)
        data[f"{name}_defence"] = str(tally.defence)
    return data
