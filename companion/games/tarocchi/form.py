"""Piedmontese Tarocchi's hand form: whose cards were counted and their card points (the other side has the rest
of the 78), or instead the face value and number of their cards, which the engine counts in threes.

The dealer is the session's for the deal (a hidden field the form page fills in: see ``fields.html``), so the
engine can tell which side holds the two discards.
"""

from __future__ import annotations

from typing import Any

from wtforms import Field, HiddenField, StringField

from ..common.fields import lazy_gettext as _
from ..common.fields import options, seat_number
from ..common.form import FormData, GameHandForm, entered, radios, whole
from .rules import TOTAL, Side, TarocchiHand

NUMBER = {"inputmode": "numeric", "autocomplete": "off"}


def form_data(record: TarocchiHand) -> FormData:
    """The Tarocchi form's fields for a record, as a browser sends them.

    >>> form_data(TarocchiHand.from_json({"dealer": 1, "side": "east-west", "face": 68, "cards": 38}))
    {'dealer': '1', 'side': 'east-west', 'points': '', 'face': '68', 'cards': '38'}
    """
    by_cards = record.face is not None and record.cards is not None
    return {
        "dealer": str(record.dealer),
        "side": record.side.id,
        "points": "" if by_cards else str(record.points),
        "face": str(record.face) if by_cards else "",
        "cards": str(record.cards) if by_cards else "",
    }


class TarocchiForm(GameHandForm[TarocchiHand]):
    form_data = staticmethod(form_data)
    engine_fields = {"side": "side", "points": "points", "face": "face", "cards": "cards"}
    dealer = HiddenField()
    side = radios(_("Card points counted for"), required=_("Choose whose card points you counted."))
    points = StringField(
        _("Their card points"),
        render_kw=NUMBER,
        description=_("0 to %(total)s: the other side has the rest", total=TOTAL),
    )
    face = StringField(_("Face value of their cards"), render_kw=NUMBER)
    cards = StringField(_("Number of their cards"), render_kw=NUMBER)

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        # The sides by their players, as the table knows them: "Ann & Cat", "Bob & Dan".
        self.side.choices = options((side.id, " & ".join(self.names[s] for s in side.seats)) for side in Side)

    @property
    def by_cards(self) -> bool:
        """Whether the side's cards were entered (face value or number) rather than its points."""
        return entered(self.face) or entered(self.cards)

    def needed(self) -> list[Field]:
        """The points, or the face value and number of cards when either is entered."""
        return [self.face, self.cards] if self.by_cards else [self.points]

    def record_json(self) -> dict[str, Any]:
        record: dict[str, Any] = {
            "dealer": seat_number(self.dealer.data),
            "side": self.side.data,
            # Points typed beside a face value are sent too, for the engine to refuse: one or the other.
            "points": whole(self.points.data),
        }
        if self.by_cards:
            record.update(face=whole(self.face.data), cards=whole(self.cards.data))
        return record
