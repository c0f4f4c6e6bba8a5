"""The hand form: one hand, in the order it happens at the table.

The form only collects; the engine decides. ``to_record_json`` turns what was
entered into a hand record, and an ``InvalidHand`` from the engine is shown
beside the field it names (``ENGINE_FIELDS``).
"""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import HiddenField, IntegerField, RadioField, SelectField
from wtforms.validators import InputRequired, NumberRange, Optional

from ...rules import (
    OLD_TRUMPS,
    Bid,
    Bonus,
    Declaration,
    HandRecord,
    HouseRules,
    MartletKind,
    MartletLevel,
    Rank,
    Side,
    Suit,
)
from ...rules.declarations import MAX_COURTS
from ..fields import MultiCheckboxField, options, whole_number

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
    points = IntegerField(
        "Card points of declarer's side",
        validators=[
            InputRequired("Enter declarer's side's card points."),
            NumberRange(0, 130, "Card points run from 0 to 130."),
        ],
        render_kw={"inputmode": "numeric", "min": 0, "max": 130, "autocomplete": "off"},
    )
    stinger_points = IntegerField(
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
        self.declarer.choices = options(enumerate(names))
        self.held_by.choices = options(
            [(f"hand-{s}", name) for s, name in enumerate(names)]
            + [(f"trug-{s}", f"{name}'s trug") for s, name in enumerate(names)]
        )

    @property
    def bonus_fields(self):
        return [getattr(self, _bonus_field_name(b)) for b in PLAIN_BONUSES]

    # -- from the hand record (editing) -----------------------------------
    @classmethod
    def data_from_record(cls, record: HandRecord) -> dict:
        """Initial form data for editing a stored hand."""
        card = record.called_card
        decl = [d.id for d in record.declarations if d not in COURT_DECLARATIONS]
        data = {
            "bid": record.bid.id,
            "declarer": str(record.declarer),
            "declarations": decl,
            "vibrant_courts": str(record.declarations.count(Declaration.VIBRANT_COURT)),
            "full_courts": str(record.declarations.count(Declaration.FULL_COURT)),
            "called_suit": OLD if card is None or card.is_old_trump else card.suit.letter,
            "called_rank": card.rank.value if card is not None and card.rank else None,
            "called_trump": card.code if card is not None and card.is_old_trump else None,
            "young_trumps": record.young_trumps.value if record.young_trumps else None,
            "held_by": f"{'trug' if record.in_trug else 'hand'}-{record.holder}",
            "points": record.points,
            "stinger_points": record.stinger_points,
            "announced": [a.id for a in record.announced if isinstance(a, Bonus)],
            "announced_martlets": next(
                (a.id for a in record.announced if isinstance(a, MartletLevel) and a.kind is MartletKind.OLD), ""
            ),
            "announced_young_martlets": next(
                (a.id for a in record.announced if isinstance(a, MartletLevel) and a.kind is MartletKind.YOUNG), ""
            ),
            "martlets_declarer": str(record.martlets.declarer),
            "martlets_defence": str(record.martlets.defence),
            "young_martlets_declarer": str(record.young_martlets.declarer),
            "young_martlets_defence": str(record.young_martlets.defence),
        }
        made = dict(record.bonuses)
        for bonus in PLAIN_BONUSES:
            data[_bonus_field_name(bonus)] = made[bonus].value if bonus in made else ""
        return data

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


# One "made by" choice per bonus; Hundred is worked out from the points.
BONUS_FIELDS = tuple((bonus, _bonus_field_name(bonus)) for bonus in PLAIN_BONUSES)
for _bonus in PLAIN_BONUSES:
    setattr(HandForm, _bonus_field_name(_bonus), SelectField(_bonus.label, choices=options(SIDE_CHOICES), default=""))


# -- from what was sent to the hand record ----------------------------------------
# Plain functions of the submitted values (``SentValues``): the live preview and
# a valid save use them without building the WTForms form.

REQUIRED = ("bid", "declarer", "called_suit", "young_trumps", "held_by", "points")
LISTS = ("declarations", "announced")  # the checkbox groups: several values under one name


class SentValues(dict):
    """What the hand form sent: the first value of each name, and the checkbox lists.

    A plain dict, because the preview asks for some forty names and a
    MultiDict builds an exception object for every one that was not sent.
    """

    def __init__(self, form):
        super().__init__(form.to_dict())
        self.lists = {name: form.getlist(name) for name in LISTS}

    def getlist(self, name: str) -> list[str]:
        return self.lists.get(name, [])


def missing(values) -> list[str]:
    """Labels of the required fields still empty."""
    return [getattr(HandForm, name).args[0] for name in REQUIRED if not values.get(name)]


def called_card_code(values) -> str | None:
    suit = values.get("called_suit")
    if suit == OLD:
        return values.get("called_trump") or None
    if suit and values.get("called_rank"):
        return f"{values.get('called_rank')}{suit}"
    return None


def _count(values, name: str):
    """A count sent as text: a number, 0 when left empty, or the text itself for the engine to refuse."""
    raw = values.get(name) or "0"
    number = whole_number(raw)
    return raw if number is None else number


def _courts(values, name: str, declaration: Declaration) -> list:
    count = _count(values, name)
    if not isinstance(count, int):
        return [f"{count} {declaration.label}"]  # not a declaration: refused by the engine
    return [declaration.id] * min(count, MAX_COURTS + 1)  # past the most, the engine says so


def record_from_values(values, house_rules: HouseRules) -> dict:
    """The hand record as entered (the engine checks it: ``HandRecord.from_json``)."""
    where, _, seat = (values.get("held_by") or "").partition("-")
    record = {
        "bid": values.get("bid") or None,
        "declarer": whole_number(values.get("declarer")),
        "young_trumps": values.get("young_trumps") or None,
        "holder": whole_number(seat),
        "in_trug": where == "trug",
        "points": whole_number(values.get("points", "").strip()),
        "declarations": values.getlist("declarations")
        + _courts(values, "vibrant_courts", Declaration.VIBRANT_COURT)
        + _courts(values, "full_courts", Declaration.FULL_COURT),
        "bonuses": {bonus.id: side for bonus, name in BONUS_FIELDS if (side := values.get(name))},
        "announced": values.getlist("announced")
        + [a for a in (values.get("announced_martlets"), values.get("announced_young_martlets")) if a],
        "martlets": {"declarer": _count(values, "martlets_declarer"), "defence": _count(values, "martlets_defence")},
        "young_martlets": {
            "declarer": _count(values, "young_martlets_declarer"),
            "defence": _count(values, "young_martlets_defence"),
        },
        "house_rules": house_rules.to_json(),
    }
    code = called_card_code(values)
    if code is not None:
        record["called_card"] = code
    if where == "trug":
        record["stinger_points"] = whole_number((values.get("stinger_points") or "").strip())
    return record
