"""The hand form: one hand, in the order it happens at the table.

WTForms checks what each field can check alone (present, a number, one of
its choices); the engine decides the rest. ``HandForm.to_record`` turns what
was entered into a hand record, and an ``InvalidHand`` from the engine is
shown beside the field it names (``ENGINE_FIELDS``). ``form_data`` goes the
other way, from a record to the fields a browser sends: the edit page, the
tests and the benchmark scripts all use it.
"""

from __future__ import annotations

from typing import Any

from wtforms import RadioField, SelectField
from wtforms.validators import InputRequired, NumberRange, Optional

from ..common import InvalidHand
from ..common.cards import OLD_TRUMPS, Rank, Suit, card
from ..common.fields import MultiCheckboxField, SmallNumberField, gettext, options, seat_number
from ..common.fields import lazy_gettext as _
from ..common.form import FormData, GameHandForm, radios
from .bids import TOTAL_CARD_POINTS, Bid
from .bonuses import Bonus, MartletKind, MartletLevel, Side
from .categories import category_of
from .declarations import Declaration
from .hand import HandRecord
from .house import DEFAULT_HOUSE_RULES, HOUSE_RULE_CHOICES, HouseRules

OLD = "old"
COURT_DECLARATIONS = (Declaration.VIBRANT_COURT, Declaration.FULL_COURT)
PLAIN_BONUSES = tuple(b for b in Bonus if not b.derived)
SIDE_CHOICES = [("", "—"), (Side.DECLARER.value, _("Declarer's side")), (Side.DEFENCE.value, _("Defence"))]

#: The engine's names for the form's choices, in the players' languages (the same English: see ``WORDS``).
DECLARATION_WORDS = {
    Declaration.EIGHT_OLD: _("Eight old"),
    Declaration.TEN_OLD: _("Ten old"),
    Declaration.TRULL: _("Trull"),
    Declaration.VIBRANT_COURT: _("Vibrant court"),
    Declaration.FULL_COURT: _("Full court"),
    Declaration.THREE_KINGS: _("Three Kings"),
    Declaration.FOUR_KINGS: _("Four Kings"),
    Declaration.THREE_QUEENS: _("Three Queens"),
    Declaration.FOUR_QUEENS: _("Four Queens"),
    Declaration.FOUR_ROYALS: _("Four royals"),
}
BONUS_WORDS = {
    Bonus.TRULL: _("Trull"),
    Bonus.FOUR_KINGS: _("Four Kings"),
    Bonus.HUNDRED: _("Hundred"),
    Bonus.VALAT: _("Valat"),
    Bonus.FOUR_QUEENS: _("Four Queens"),
    Bonus.PAGAT_ULTIMO: _("Pagat ultimo"),
    Bonus.YOUNG_ULTIMO: _("Young ultimo"),
    Bonus.ANOINTED_ULTIMO: _("Anointed ultimo"),
}
MARTLET_WORDS = {
    MartletLevel.MARTLETS: _("Martlets"),
    MartletLevel.DOUBLE_MARTLETS: _("Double Martlets"),
    MartletLevel.TRIPLE_MARTLETS: _("Triple Martlets"),
    MartletLevel.YOUNG_MARTLETS: _("Young Martlets"),
    MartletLevel.DOUBLE_YOUNG_MARTLETS: _("Double Young Martlets"),
}
SUIT_WORDS = {Suit.CLUBS: _("Clubs"), Suit.DIAMONDS: _("Diamonds"), Suit.HEARTS: _("Hearts"), Suit.SPADES: _("Spades")}


def _words_are_the_engines() -> bool:
    """Each choice's English is the engine's own label (the form's words only add the translations).

    >>> _words_are_the_engines()
    True
    """
    tables: list[tuple[dict[Any, str], list[Any]]] = [
        (DECLARATION_WORDS, list(Declaration)),
        (BONUS_WORDS, list(Bonus)),
        (MARTLET_WORDS, list(MartletLevel)),
        (SUIT_WORDS, list(Suit)),
    ]
    return all(list(words) == kind and all(str(words[item]) == item.label for item in kind) for words, kind in tables)


def _bid_said(bid: Bid) -> str:
    """A bid as its chip says it: "3", "3 high"."""
    number, high = bid.id.split("-")[0], bid.id.endswith("-high")
    return _("%(bid)s high", bid=number) if high else number


def _suit_said(suit: Suit) -> str:
    return _("%(symbol)s %(suit)s", symbol=suit.symbol, suit=SUIT_WORDS[suit])


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


def _count_field(label: str, most: int) -> SelectField:
    return SelectField(label, choices=options((n, n) for n in range(most + 1)), default="0")


def form_data(record: HandRecord) -> FormData:
    """The hand form's fields for a record, as a browser sends them (no radio left unticked).

    >>> from companion.games.sussex import HandRecord
    >>> hand = HandRecord.from_json({"bid": "4", "declarer": 1, "called_card": "7C", "young_trumps": "hearts",
    ...                              "holder": 3, "in_trug": False, "points": 71})
    >>> data = form_data(hand)
    >>> data["bid"], data["called_suit"], data["called_rank"], data["held_by"], data["points"], data["full_courts"]
    ('4', 'C', '7', 'hand-3', '71', '0')
    """
    card = record.called_card
    data: FormData = {
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
        assert card.suit is not None and card.rank is not None  # a suit card has both
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


class HandForm(GameHandForm[HandRecord]):
    form_data = staticmethod(form_data)
    engine_fields = ENGINE_FIELDS

    bid = radios(_("Bid"), [(b.id, _bid_said(b)) for b in Bid], _("Choose the winning bid."))
    declarer = radios(_("Declarer"), required=_("Choose who won the auction."))
    declarations = MultiCheckboxField(
        _("Declarations"),
        choices=options((d.id, DECLARATION_WORDS[d]) for d in Declaration if d not in COURT_DECLARATIONS),
    )
    vibrant_courts = _count_field(_("Vibrant courts"), 4)
    full_courts = _count_field(_("Full courts"), 4)

    called_suit = radios(
        _("Called card"),
        [(OLD, _("Old trump"))] + [(s.letter, _suit_said(s)) for s in Suit],
        _("Choose the called card's suit (or old trumps)."),
    )
    called_rank = radios(_("Rank"), [(r.value, r.label if not r.is_court else r.value) for r in Rank])
    called_trump = radios(_("Old trump"), [(c.code, c.code) for c in OLD_TRUMPS])
    young_trumps = radios(
        _("Young trumps"), [(s.value, _suit_said(s)) for s in Suit], _("Choose the young-trump suit.")
    )
    held_by = radios(_("Held by"), required=_("Say who held the called card."))
    points = SmallNumberField(
        _("Card points"),
        validators=[
            InputRequired(_("Enter the card points of one side.")),
            NumberRange(0, 130, _("Card points run from 0 to 130.")),
        ],
        render_kw={"inputmode": "numeric", "min": 0, "max": 130, "autocomplete": "off"},
    )
    #: Either side's points may be counted at the table: the other side's are 130 less.
    points_of = RadioField(
        _("Counted for"),
        choices=options([(Side.DECLARER.value, _("Declarer's side")), (Side.DEFENCE.value, _("The other side"))]),
        default=Side.DECLARER.value,
    )
    stinger_points = SmallNumberField(
        _("Stinger's own card points"),
        validators=[Optional(), NumberRange(0, 130, _("Card points run from 0 to 130."))],
        render_kw={"inputmode": "numeric", "min": 0, "max": 130, "autocomplete": "off"},
    )

    announced = MultiCheckboxField(
        _("Announced by declarer"),
        choices=options((b.id, BONUS_WORDS[b]) for b in Bonus),
    )
    announced_martlets = SelectField(
        _("Martlets announced"),
        choices=options(
            [("", _("none"))] + [(m.id, MARTLET_WORDS[m]) for m in MartletLevel if m.kind is MartletKind.OLD]
        ),
        default="",
    )
    announced_young_martlets = SelectField(
        _("Young Martlets announced"),
        choices=options(
            [("", _("none"))] + [(m.id, MARTLET_WORDS[m]) for m in MartletLevel if m.kind is MartletKind.YOUNG]
        ),
        default="",
    )
    martlets_declarer = _count_field(_("Martlets, declarer's side"), 3)
    martlets_defence = _count_field(_("Martlets, defence"), 3)
    young_martlets_declarer = _count_field(_("Young Martlets, declarer's side"), 2)
    young_martlets_defence = _count_field(_("Young Martlets, defence"), 2)

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        names = self.names
        self.declarer.choices = options(enumerate(names))
        self.held_by.choices = options(
            [(f"hand-{s}", name) for s, name in enumerate(names)]
            + [(f"trug-{s}", gettext("%(name)s's trug", name=name)) for s, name in enumerate(names)]
        )

    @property
    def bonus_fields(self) -> list[SelectField]:
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
    def called_card_code(self) -> str | None:
        suit = self.called_suit.data
        if suit == OLD:
            return self.called_trump.data or None
        if suit and self.called_rank.data:
            return f"{self.called_rank.data}{suit}"
        return None

    def record_json(self) -> dict[str, Any]:
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
            "house_rules": (self.options or HouseRules()).to_json(),
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

    def field_for(self, exc: InvalidHand) -> str | None:
        """An engine message beside the form field that shows its field; a bonus's beside that bonus's own
        choice (``item``: its id)."""
        if exc.field == "bonuses" and exc.item is not None and "bonus_" + exc.item.replace("-", "_") in self:
            return "bonus_" + exc.item.replace("-", "_")
        return super().field_for(exc)

    def preview_extras(self) -> dict[str, Any]:
        return {"called": self.called_card()}

    def called_card(self) -> dict[str, Any] | None:
        """The chosen card with its category, as soon as the card (and then the young trumps) is known."""
        code = self.called_card_code()
        if not code:
            return None
        try:
            called = card(code)
            young = Suit(self.young_trumps.data) if self.young_trumps.data else None
        except (KeyError, ValueError):
            return None  # a doctored value: the engine says what is wrong once the hand is complete
        try:
            return {"card": called, "category": category_of(called, young)}
        except ValueError:
            return {"card": called, "category": None}  # a suit card waits for the young trumps


# One "made by" choice per bonus; Hundred is worked out from the points.
BONUS_FIELDS = tuple((bonus, _bonus_field_name(bonus)) for bonus in PLAIN_BONUSES)
for _bonus in PLAIN_BONUSES:
    setattr(
        HandForm, _bonus_field_name(_bonus), SelectField(BONUS_WORDS[_bonus], choices=options(SIDE_CHOICES), default="")
    )


def house_rule_fields() -> dict[str, Any]:
    """A session's house rules on its start form (and a group's defaults), by name, with the contract's defaults."""
    return {
        key: RadioField(
            _(label),
            choices=options((c.value, _(c.description)) for c in choices),
            default=getattr(DEFAULT_HOUSE_RULES, key).value,
        )
        for key, (label, choices) in HOUSE_RULE_CHOICES.items()
    }
