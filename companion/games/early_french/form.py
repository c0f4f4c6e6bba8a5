"""Early French Tarot's hand form: the tricks each player won (12 in all), how many Kings, Queens, Knights and Pages
each holds at the end, and who holds the Magician, the World and the Fool (or that it was set aside).

Every answer is a row of chips (radio buttons), one tap each: no select, nothing to type. The last player's answers
may be left blank: their tricks are what remains of 12 (``rest``), and a trump neither set aside nor held by another
player is theirs (``rest_trumps``), so a table taps three players' tricks, not four, and no trump the last player
holds."""

from __future__ import annotations

from typing import Any, cast

from wtforms import Field, RadioField

from ..common import InvalidHand
from ..common.fields import gettext, lazy_pgettext, options, seat_number
from ..common.fields import lazy_gettext as _
from ..common.form import FormData, GameHandForm, radios, whole
from .rules import COURTS, SEATS, TRICKS, TRUMPS, EarlyFrenchHand, Honour, PileTooSmall

#: The court ranks as the form lists them: the most valuable first.
COURTS_SHOWN = tuple(reversed(COURTS))
#: A trump's answer when it was not dealt (it scores for nobody).
SET_ASIDE = "none"
#: The cards' names on the form, in the players' languages: the engine's own words.
COURT_WORDS = {h.id: _(h.plural) for h in COURTS}
HELD_BY = {
    "kings": _("Kings held by %(name)s"),
    "queens": _("Queens held by %(name)s"),
    "knights": _("Knights held by %(name)s"),
    "pages": _("Pages held by %(name)s"),
}
#: The World in the old French game's words (Ottocento keeps its Italian "Mondo" for the same English).
TRUMP_WORDS = {"magician": _("Magician"), "world": lazy_pgettext("Early French Tarot", "World"), "fool": _("Fool")}
TRUMP_HELD_BY = {
    "magician": _("The Magician (I) is held by"),
    "world": _("The World (XXI) is held by"),
    "fool": _("The Fool is held by"),
}


def tricks_field(seat: int) -> str:
    return f"tricks_{seat}"


def court_field(honour: Honour, seat: int) -> str:
    return f"{honour.id}_{seat}"


def what_remains(tricks: list[int | str | None]) -> int | None:
    """What 12 less every other player's tricks leaves the last player, when theirs are blank and every other's is a
    whole number (None otherwise: nothing to work out). Less than nothing is refused beside the tricks.

    >>> what_remains([5, 3, 3, None]), what_remains([6, 4, 3, None]), what_remains([5, None, 3, None])
    (1, -1, None)
    >>> what_remains([5, 3, 3, 2]) is None
    True
    """
    *others, last = tricks
    if last is not None or not all(isinstance(t, int) for t in others):
        return None
    return TRICKS - sum(t for t in others if isinstance(t, int))


def short_name(honour: Honour) -> str:
    """A trump's name without its article and number: "Magician", "World", "Fool"."""
    return honour.label.removeprefix("the ").split(" (")[0]


def _words() -> bool:
    """The form's English for each card held, and each trump, is the engine's (its words only add the
    translations).

    >>> _words()
    True
    """
    held = all(HELD_BY[h.id] % {"name": "Ann"} == f"{h.plural} held by Ann" for h in COURTS)
    trumps = all(str(TRUMP_WORDS[h.id]) == short_name(h) for h in TRUMPS)
    said = [(TRUMP_HELD_BY[h.id], f"{h.label[0].upper()}{h.label[1:]} is held by") for h in TRUMPS]
    return held and trumps and all(str(ours) == theirs for ours, theirs in said)


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
    #: The tricks of a hand, of which the last player's blank ones are what remains.
    tricks_in_all = TRICKS
    #: The engine's complaint about a list of four stands below that list (its first player's field).
    engine_fields = {
        "tricks": tricks_field(0),
        **{h.id: court_field(h, 0) for h in COURTS},
        **{h.id: h.id for h in TRUMPS},
    }

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        for seat, name in enumerate(self.names):
            self[tricks_field(seat)].label.text = gettext("Tricks won by %(name)s", name=name)
            for honour in COURTS:
                self[court_field(honour, seat)].label.text = HELD_BY[honour.id] % {"name": name}
        holders = options([*enumerate(self.names), (SET_ASIDE, gettext("Set aside"))])
        for field in self.trump_fields():
            field.choices = holders

    def tricks_fields(self) -> list[Field]:
        return [self[tricks_field(seat)] for seat in range(SEATS)]

    def trump_fields(self) -> list[RadioField]:
        return [cast(RadioField, self[honour.id]) for honour in TRUMPS]

    @staticmethod
    def trump_names() -> list[str]:
        """The trumps as their chips name them: "Magician", "World", "Fool"."""
        return [str(TRUMP_WORDS[honour.id]) for honour in TRUMPS]

    @staticmethod
    def court_name(honour: Honour) -> str:
        """A court rank as the form's table names it: "Kings"."""
        return str(COURT_WORDS[honour.id])

    def court_rows(self) -> list[tuple[Honour, list[Field]]]:
        """Each court rank with its field for each player, as the form's table shows them."""
        return [(h, [self[court_field(h, seat)] for seat in range(SEATS)]) for h in COURTS_SHOWN]

    def needed(self) -> list[Field]:
        """Every player's tricks but the last's, which are what remains (a trump left blank is the last player's)."""
        return self.tricks_fields()[:-1]

    def _remains(self) -> int | None:
        return what_remains([whole(f.data) for f in self.tricks_fields()])

    def rest(self) -> int | None:
        """The last player's tricks when left blank: what remains of 12 (None: entered, or not yet known)."""
        remains = self._remains()
        return remains if remains is not None and remains >= 0 else None

    def rest_trumps(self) -> list[Honour]:
        """The trumps left blank: neither set aside nor held by another player, so the last player's."""
        return [h for h, field in zip(TRUMPS, self.trump_fields(), strict=True) if self.rest_trump(field)]

    @staticmethod
    def rest_trump(field: Field) -> bool:
        """Whether a trump is left blank, so that the last player's chip for it stands as theirs."""
        return field.data in (None, "")

    def tricks_problem(self) -> str | None:
        """Why the tricks as entered leave nothing to work out: a player's other than the last's left blank, or more
        than 12 before the last player's blank. None: the engine judges them."""
        blank = [
            name for name, f in zip(self.names[:-1], self.tricks_fields()[:-1], strict=True) if whole(f.data) is None
        ]
        if blank:
            who = (
                gettext("%(names)s and %(last)s", names=", ".join(blank[:-1]), last=blank[-1])
                if blank[1:]
                else blank[0]
            )
            return gettext("Tap the tricks %(who)s won: the last player alone may be left blank.", who=who)
        remains = self._remains()
        if remains is None or remains >= 0:
            return None
        *before, last = self.names[:-1]
        return gettext(
            "%(names)s and %(last)s won %(tricks)s tricks between them: a hand has %(total)s.",
            names=", ".join(before),
            last=last,
            tricks=TRICKS - remains,
            total=TRICKS,
        )

    def preview_extras(self) -> dict[str, Any]:
        """The working says which player's tricks the form worked out as what remains of 12, and which trumps it
        gave them as no one else's."""
        return {"rest_of": self.names[-1] if self.rest() is not None else None, "rest_trumps": self.rest_trumps_said()}

    def rest_trumps_said(self) -> str | None:
        """ "Dan holds the Fool: left blank, …", for the working (None: every trump answered)."""
        trumps = [gettext(h.label) for h in self.rest_trumps()]
        if not trumps:
            return None
        *before, last = trumps
        held = gettext("%(names)s and %(last)s", names=", ".join(before), last=last) if before else last
        return gettext(
            "%(name)s holds %(trumps)s: left blank, neither set aside nor held by another player.",
            name=self.names[-1],
            trumps=held,
        )

    def record_json(self) -> dict[str, Any]:
        tricks = [whole(f.data) for f in self.tricks_fields()]
        rest = self.rest()
        if rest is not None:
            tricks[-1] = rest
        record: dict[str, Any] = {"tricks": tricks}
        for honour in COURTS:
            record[honour.id] = [seat_number(self[court_field(honour, s)].data) for s in range(SEATS)]
        for honour, field in zip(TRUMPS, self.trump_fields(), strict=True):
            if field.data == SET_ASIDE:
                record[honour.id] = None
            else:  # left blank: the last player's, as no one else holds it
                record[honour.id] = SEATS - 1 if self.rest_trump(field) else seat_number(field.data)
        return record

    def to_record(self) -> EarlyFrenchHand | None:
        """As every game's form, and a player holding more scoring cards than cards is named, not numbered; more
        than 12 tricks before the last player's blank, or another's tricks blank, is refused beside the tricks."""
        problem = self.tricks_problem()
        if problem is not None:
            field = self[tricks_field(0)]
            field.errors = [*field.errors, problem]
            return None
        try:
            return self.game.parse(self.record_json(), SEATS)
        except PileTooSmall as exc:
            field = self[tricks_field(0)]
            field.errors = [*field.errors, exc.said(self.names[exc.seat])]
            return None
        except InvalidHand:  # the common form places any other complaint beside its field
            return super().to_record()


for _seat in range(SEATS):
    # The engine judges the tricks (12 in all) and the counts (four of a rank at most): WTForms only offers them.
    setattr(
        EarlyFrenchForm,
        tricks_field(_seat),
        radios(_("Tricks won by player %(number)s", number=_seat + 1), ((n, n) for n in range(TRICKS + 1))),
    )
    for _honour in COURTS:
        setattr(
            EarlyFrenchForm,
            court_field(_honour, _seat),
            RadioField(
                COURT_WORDS[_honour.id], choices=options((n, n) for n in range(5)), default="0", validate_choice=False
            ),
        )
# The trumps after the tricks and courts; one left blank is the last player's (``rest_trumps``).
for _honour in TRUMPS:
    setattr(EarlyFrenchForm, _honour.id, radios(TRUMP_HELD_BY[_honour.id]))
