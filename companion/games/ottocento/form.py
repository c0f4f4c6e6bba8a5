"""Ottocento's hand form: the combinations as the table lays them out, each in one tap or two.

Each player's declarations and each side's captured combinations are a *group*; in a group each kind of cricca
or sequence is one set of checkboxes, its cards (a player or side has at most one of each kind, so a kind's
ticked cards are that combination). Beside them each kind has a *quick* choice (``d1_grande_quick``), a row of
radio buttons that each stand for a whole combination: a cricca "all four" or "no Swords" (every cricca the
engine takes is one of these five), a sequence by its last card (its head, the Angel or the King, is always
there: "Angel down to 5" is one tap), the Moors by how many. The form sends both, and the kind's cards are the
quick choice's and the ticked ones together, so the wild cards, a gap or an odd Ace are still tapped one by one.
Then one side's card points (the other side's are the rest of 87), who took the last trick, and a call-out,
which leaves out what play would have given.

Without JavaScript it is plain checkboxes, text and radio buttons with a Preview button; ``ottocento.js`` keeps
the folded groups' summaries and the other side's card points up to date as the table taps.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import Any, cast

from wtforms import Field, HiddenField, RadioField, StringField

from ..common import InvalidHand
from ..common.fields import MultiCheckboxField, gettext, options, seat_number
from ..common.fields import lazy_gettext as _
from ..common.form import FormData, GameHandForm, by_name, entered, radios, whole
from .cards import ACES, CARDS, MOORS, PACK_POINTS, Card, Numbering, label, printed, short
from .combinations import ORDER, Combination, Cricca, Kind, cards_for, sequence_value
from .combinations import Sequence as Run
from .hand import SEATS, OttocentoHand, side_name, with_names
from .house import DEFAULT_RULES, OttocentoRules

#: Each player's declarations (``d0`` … ``d3``), then each side's captured combinations (``c0``, ``c1``).
DECLARED = tuple(f"d{seat}" for seat in range(SEATS))
CAPTURED = ("c0", "c1")
GROUPS = DECLARED + CAPTURED
CRICCHE = tuple(k for k in ORDER if isinstance(k, Cricca))
RUNS = tuple(k for k in ORDER if isinstance(k, Run))


def kind_field(group: str, kind: Kind) -> str:
    """The name of one kind's checkboxes in one group: ``d2_kings``, ``c0_grande``."""
    return f"{group}_{kind.id}"


def quick_field(group: str, kind: Kind) -> str:
    """The name of one kind's quick choice in one group: ``c0_grande_quick``."""
    return f"{kind_field(group, kind)}_quick"


#: A quick choice: (value sent, what its chip says, the cards it stands for).
Quick = tuple[str, str, tuple[Card, ...]]
MOOR_COUNTS = {2: _("two"), 3: _("three"), 4: _("four")}


def quick_choices(kind: Kind, rules: OttocentoRules = DEFAULT_RULES) -> list[Quick]:
    """The whole combinations of a kind that one tap enters: all four or all but one of a cricca (or the Aces); a
    sequence from its head down to a card; two, three or four Moors (they are alike: the first ones).

    >>> [(value, text) for value, text, _ in quick_choices(Cricca.KINGS)][:3]
    [('all', 'all four'), ('no-KS', 'no Swords'), ('no-KB', 'no Batons')]
    >>> [(value, text, len(cards)) for value, text, cards in quick_choices(Run.SWORDS)]
    [('NS', 'Knight', 3), ('PS', 'Page', 4), ('AS', 'Ace', 5)]
    >>> grande = quick_choices(Run.GRANDE)
    >>> len(grande), grande[0][:2], grande[-1][:2], len(grande[-1][2])
    (14, ('sun', 'Sun'), ('t5', '5'), 16)
    >>> [cards[-1].code for _, _, cards in quick_choices(Run.MOORS)]
    ['moor2', 'moor3', 'moor4']
    """
    if isinstance(kind, Cricca) or kind is Run.ACES:
        four = kind.members if isinstance(kind, Cricca) else ACES
        but_one = [(f"no-{c.code}", gettext("no %(card)s", card=chip(c, kind, rules.numbering)),
                    tuple(x for x in four if x != c)) for c in four]  # fmt: skip
        return [("all", gettext("all four"), four), *but_one]
    if kind is Run.MOORS:
        return [(str(n), str(word), MOORS[:n]) for n, word in MOOR_COUNTS.items()]
    # The head, then the rest in order: the Grande's trumps, or a suit's Queen, Knight, Page and Ace.
    run = [c for c in cards_for(kind, rules) if not c.wild]
    shortest = 3  # the head and two more
    return [
        (c.code, chip(c, kind, rules.numbering), tuple(run[: i + 1])) for i, c in enumerate(run) if i >= shortest - 1
    ]


def quick_of(
    kind: Kind, cards: Sequence[Card], rules: OttocentoRules = DEFAULT_RULES, choices: list[Quick] | None = None
) -> tuple[str, list[Card]]:
    """How the form shows a kind's cards: the largest quick choice among them (of ``choices``, the kind's
    ``quick_choices`` already worked out, if given), and the cards left to tick.

    >>> from .cards import PACK
    >>> value, rest = quick_of(Run.SWORDS, [c for c in PACK if c.code in ("KS", "QS", "NS", "AS", "begato")])
    >>> value, [c.code for c in rest]
    ('NS', ['AS', 'begato'])
    >>> quick_of(Cricca.KINGS, [c for c in PACK if c.code in ("KS", "KB")])[0]   # no cricca: ticked one by one
    ''
    >>> quick_of(Cricca.TAROCCHI, [c for c in PACK if c.code in ("angel", "world", "begato")])
    ('no-matto', [])
    """
    held = set(cards)
    real = held if isinstance(kind, Cricca) else {c for c in held if not c.wild}  # the tarocchi's own Bégato
    # A set (cricca, Aces, Moors) only as a whole; a sequence's run may go on with cards ticked beside it.
    whole_set = isinstance(kind, Cricca) or kind in (Run.ACES, Run.MOORS)
    fits = [(value, set(of)) for value, _text, of in (quick_choices(kind, rules) if choices is None else choices)]
    fits = [(value, of) for value, of in fits if (of == real if whole_set else of <= real)]
    value, of = max(fits, key=lambda fit: len(fit[1]), default=("", set()))
    return value, sorted(held - of, key=lambda c: (c.wild, c.order))


def chip(card: Card, kind: Kind, numbering: Numbering = Numbering.BOLOGNESE) -> str:
    """A card as its tap target says it within a combination: a King of a cricca by its suit, a sequence's
    cards by rank, the alike Moors numbered only to tell them apart; trumps as the table's pack numbers them.

    >>> king, angel = Cricca.KINGS.members[0], Cricca.TAROCCHI.members[0]
    >>> chip(king, Cricca.KINGS), chip(king, Run.SWORDS), chip(MOORS[2], Run.MOORS)
    ('Swords', 'King', 'Moor 3')
    >>> chip(MOORS[0], Run.MOORS, Numbering.MODERN), chip(angel, Run.GRANDE, Numbering.MODERN)
    ('Moor 2', 'Angel 21')
    """
    if card in MOORS:
        number = printed(card, numbering)
        return gettext("Moor %(number)s", number=number if number is not None else MOORS.index(card) + 1)
    if card.suit is not None and (isinstance(kind, Cricca) or kind is Run.ACES):
        return gettext(card.suit.label)
    if isinstance(kind, Cricca):
        return label(card, numbering)
    named, number = short(card, numbering), printed(card, numbering)
    if numbering is Numbering.BOLOGNESE or number is None or named.isdigit():
        return named
    return f"{named} {number}"  # a named trump of a numbered pack: both, as the card prints them


def nominal(kind: Kind, count: int) -> int | None:
    """What so many cards of a kind are worth before any check or doubling (the summaries' figure), if anything."""
    if isinstance(kind, Cricca):
        return kind.worth(count) if count in (3, 4) else None
    return sequence_value(count) if count >= 3 else None


def held_text(held: Sequence[tuple[Kind, int]]) -> str:
    """A group's summary: "Kings 3 · 17, Swords 6 · 25", or "nothing" (``ottocento.js`` writes the same).

    >>> held_text([(Cricca.KINGS, 3), (Run.SWORDS, 2)]), held_text([])
    ('Kings 3 · 17, Swords 2', 'nothing')
    """
    parts = []
    for kind, count in held:
        parts.append(f"{gettext(kind.label)} {count_worth(kind, count)}")
    return ", ".join(parts) or gettext("nothing")


def count_worth(kind: Kind, count: int) -> str:
    """So many cards of a kind and, if they make one, their worth: "3 · 17", "2".

    >>> count_worth(Cricca.KINGS, 3), count_worth(Run.SWORDS, 2)
    ('3 · 17', '2')
    """
    worth = nominal(kind, count)
    return f"{count} · {worth}" if worth is not None else str(count)


def _yes(value: Any) -> bool:
    """A yes-or-no house rule from its radio button ("yes"/"no") or as stored (true/false)."""
    return value is True or value == "yes"


def option_fields() -> dict[str, Any]:
    """A session's house rules on its start form: wild cards in a suit sequence and in the Grande's gaps, Moors
    after the Grande, and how the pack numbers its trumps."""
    return {
        "max_wilds_in_suit": RadioField(
            _("Wild cards in a suit sequence"),
            choices=options([(2, _("Up to two (Barilli)")), (1, _("One at most (Parlett)"))]),
            default=DEFAULT_RULES.max_wilds_in_suit,
            coerce=int,
        ),
        "moors_after_grande": RadioField(
            _("The Moors after the Grande's 5"),
            choices=options([("no", _("No: the Moors make their own sequence")), ("yes", _("Yes, 5 each (Barilli)"))]),
            default=DEFAULT_RULES.moors_after_grande,
            coerce=_yes,
        ),
        "grande_gaps": RadioField(
            _("Gaps in the Grande filled by wild cards"),
            choices=options(
                [
                    (1, _("One in all: the other wild card only lengthens it (the rules text)")),
                    (2, _("One per wild card")),
                ]
            ),
            default=DEFAULT_RULES.grande_gaps,
            coerce=int,
        ),
        "numbering": RadioField(
            _("How the pack numbers its trumps"),
            choices=options(
                [
                    (Numbering.BOLOGNESE.value, _("Bolognese: 16 down to 5, the Moors unnumbered")),
                    (Numbering.MODERN.value, _("1 to 21 (a 78-card pack): each trump one higher, the Moors 2 to 5")),
                ]
            ),
            default=DEFAULT_RULES.numbering.value,
        ),
    }


def form_data(record: OttocentoHand) -> FormData:
    """The Ottocento form's fields for a record, as a browser sends them (the kinds nobody holds: unsent).

    >>> data = form_data(OttocentoHand.from_json({"dealer": 1, "declarations": [[], [], [{"kind": "kings",
    ...     "cards": ["KS", "KB", "KC"]}], []], "card_points": [50, 37], "last_trick": 1}))
    >>> data["d2_kings_quick"], data["d2_kings"], data["card_points_0"], data["last_trick"], data["called_out"]
    ('no-KD', [], '50', '1', '')
    """
    data: FormData = {
        "dealer": str(record.dealer),
        "called_out": "" if record.called_out is None else str(record.called_out),
        "card_points_0": "",
        "card_points_1": "",
        "last_trick": "",
    }
    groups = list(zip(DECLARED, record.declarations, strict=True))
    if record.played:
        groups += list(zip(CAPTURED, record.captured, strict=True))
        assert record.card_points is not None
        data.update(card_points_0=str(record.card_points[0]), card_points_1=str(record.card_points[1]))
        data["last_trick"] = str(record.last_trick)
    for group, combos in groups:
        for combo in combos:  # as a player enters it: its quick choice, and the cards ticked beside it
            quick, rest = quick_of(combo.kind, combo.cards)
            data[kind_field(group, combo.kind)] = [c.code for c in rest]
            if quick:
                data[quick_field(group, combo.kind)] = quick
    return data


class OttocentoForm(GameHandForm[OttocentoHand]):
    form_data = staticmethod(form_data)
    pack_points = PACK_POINTS
    #: Filled from the session (whose deal it is) when the form is first shown; a record's own when editing.
    dealer = HiddenField()
    called_out = radios(_("Who called their side out"))
    card_points_0 = StringField(_("Card points"), render_kw={"inputmode": "numeric", "autocomplete": "off"})
    card_points_1 = StringField(_("Card points"), render_kw={"inputmode": "numeric", "autocomplete": "off"})
    last_trick = radios(_("Last trick"))

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        #: Each kind's cards its checkboxes show ticked: those its quick choice does not stand for.
        self._rest: dict[str, list[str]] = {}
        self.rules = self.options if isinstance(self.options, OttocentoRules) else self.game.options(self.options)
        names = self.names
        self.sides = [side_name(side, names) for side in (0, 1)]
        callers = [(seat, gettext("%(name)s called out", name=name)) for seat, name in enumerate(names)]
        self.called_out.choices = options([("", gettext("No: the hand was played")), *callers])
        if self.called_out.data is None:
            self.called_out.data = ""
        self.last_trick.choices = options(enumerate(self.sides))
        for side, who in enumerate(self.sides):
            self[f"card_points_{side}"].label.text = gettext("%(side)s's card points", side=who)
        # Each kind's chips and quick choices are the same in all six groups: worked out once a form.
        self._quicks = {kind: quick_choices(kind, self.rules) for kind in ORDER}
        chips = {kind: [(c.code, chip(c, kind, self.rules.numbering)) for c in cards_for(kind, self.rules)]
                 for kind in ORDER}  # fmt: skip
        for group in GROUPS:
            for kind in ORDER:
                field = cast(MultiCheckboxField, self[kind_field(group, kind)])
                field.choices = options(chips[kind])
                title, said = self.group_title(group), gettext(kind.label)
                field.label.text = f"{title}: {said}"
                quick = cast(RadioField, self[quick_field(group, kind)])
                quick.choices = options([("", gettext("none")), *((v, text) for v, text, _cards in self._quicks[kind])])
                quick.label.text = f"{title}: {said}, {self.quick_title(kind)}"
                self._rest[kind_field(group, kind)] = self._take_quick(kind, field, quick)

    def _take_quick(self, kind: Kind, field: MultiCheckboxField, quick: RadioField) -> list[str]:
        """The kind's cards made whole (its quick choice's and those ticked), and the cards its checkboxes show
        ticked beside the quick choice that now stands for the most of them (as the record is kept: so a hand
        brought back, or a preview without JavaScript, shows what was chosen)."""
        chosen: dict[str | None, tuple[Card, ...]] = {"": (), None: ()}
        chosen.update((value, cards) for value, _text, cards in self._quicks[kind])
        ticked = list(field.data or [])
        if quick.data not in chosen:
            return ticked  # no such choice: refused beside it
        codes = {c.code for c in chosen[quick.data]} | set(ticked)
        allowed = [c.code for c in cards_for(kind, self.rules)]
        if not codes <= set(allowed):
            return ticked  # a card not of the kind: refused beside its checkboxes as it was sent
        field.data = [code for code in allowed if code in codes]
        quick.data, rest = quick_of(kind, [CARDS[code] for code in field.data], self.rules, self._quicks[kind])
        return [c.code for c in rest]

    # -- what the template shows --------------------------------------------------------------------------------

    def group_title(self, group: str) -> str:
        """ "Ann's declarations", "Ann & Cat captured"."""
        number = int(group[1:])
        if group in DECLARED:
            return gettext("%(name)s's declarations", name=self.names[number])
        return gettext("%(side)s captured", side=self.sides[number])

    def kinds(self, group: str, cricche: bool) -> list[tuple[Kind, Field]]:
        """A group's cricche (or sequences) with each one's checkboxes, in the order the working lists them."""
        return [(kind, self[kind_field(group, kind)]) for kind in (CRICCHE if cricche else RUNS)]

    def quick_title(self, kind: Kind) -> str:
        """What a kind's quick choice picks: "which", "Angel down to", "King down to", "how many"."""
        if kind is Run.MOORS:
            return gettext("how many")
        if isinstance(kind, Run) and kind is not Run.ACES:
            head = cards_for(kind, self.rules)[0]
            return gettext("%(card)s down to", card=chip(head, kind, self.rules.numbering))
        return gettext("which")

    def quick(self, group: str, kind: Kind) -> tuple[Field, dict[str, str]]:
        """A kind's quick choice, and each choice's cards (``ottocento.js`` counts them): {value: "KS KB KC"}."""
        cards = {value: " ".join(c.code for c in of) for value, _text, of in self._quicks[kind]}
        return self[quick_field(group, kind)], cards

    def ticked(self, field: Field) -> list[str]:
        """The cards a kind's checkboxes show ticked: those its quick choice does not stand for."""
        return self._rest.get(field.name, list(field.data or []))

    def held(self, group: str) -> list[tuple[Kind, int]]:
        """The kinds a group has cards ticked in, and how many."""
        ticked = [(kind, self[kind_field(group, kind)].data) for kind in ORDER]
        return [(kind, len(cards)) for kind, cards in ticked if cards]

    def held_text(self, group: str) -> str:
        return held_text(self.held(group))

    def count_text(self, kind: Kind, field: Field) -> str:
        """One kind's summary: "3 · 17" (cards ticked, and their worth), or nothing."""
        return count_worth(kind, len(field.data)) if field.data else ""

    def opens(self, group: str) -> bool:
        """Whether a group is shown unfolded: the groups open one at a time, so the first with a problem, else the
        first holding anything (the others say what they hold on their tiles)."""
        return group == self._open_group

    @cached_property
    def _open_group(self) -> str | None:
        wrong = (g for g in GROUPS if any(f.errors or self[f"{f.name}_quick"].errors for f in self.kind_fields(g)))
        held = (g for g in GROUPS if any(f.data for f in self.kind_fields(g)))
        return next(wrong, None) or next(held, None)

    def kind_fields(self, group: str) -> list[Field]:
        """A group's checkboxes, a set a kind."""
        return [f for _what, f in self.kinds(group, True) + self.kinds(group, False)]

    def dealer_seat(self, dealer: int) -> str:
        """The dealer the form sends: as entered, else the session's for this deal."""
        return self.dealer.data if self.dealer.data not in (None, "") else str(dealer)

    # -- the hand as entered -------------------------------------------------------------------------------------

    @property
    def calls_out(self) -> bool:
        return self.called_out.data not in (None, "")

    def needed(self) -> list[Field]:
        """A played hand needs one side's card points and the last trick; a call-out, nothing more."""
        if self.calls_out:
            return []
        typed = entered(self.card_points_0) or entered(self.card_points_1)
        return [self.last_trick] if typed else [self.card_points_0, self.last_trick]

    def combinations(self, group: str) -> list[dict[str, Any]]:
        return [
            {"kind": kind.id, "cards": list(self[kind_field(group, kind)].data)} for kind, _count in self.held(group)
        ]

    def card_points(self) -> list[int | str | None]:
        """Both sides' card points: as typed, the one left empty being the rest of the pack's 87."""
        typed = [whole(self.card_points_0.data), whole(self.card_points_1.data)]
        for side in (0, 1):
            other = typed[1 - side]
            if typed[side] is None and isinstance(other, int) and _in_pack(other):
                typed[side] = PACK_POINTS - other
        return typed

    def record_json(self) -> dict[str, Any]:
        record: dict[str, Any] = {
            "dealer": seat_number(self.dealer.data),
            "declarations": [self.combinations(group) for group in DECLARED],
        }
        if self.calls_out:
            record["called_out"] = seat_number(self.called_out.data)
        else:
            record["captured"] = [self.combinations(group) for group in CAPTURED]
            record["card_points"] = self.card_points()
            record["last_trick"] = seat_number(self.last_trick.data)
        record["rules"] = self.rules.to_json()
        return record

    # -- the engine's word, beside the part it is about ---------------------------------------------------------

    def to_record(self) -> OttocentoHand | None:
        """Each combination checked on its own first (its problem beside its cards), then what is still to fill
        in, then the whole hand (its problem beside the part it names, in the players' names)."""
        if not self._each_combination() or not self._play_entered():
            return None
        try:
            record = self.game.parse(self.record_json(), SEATS)
        except InvalidHand as refused:
            self.refuse(self._field_of(refused), with_names(by_name(refused, self.names), self.names))
            return None
        return record

    def refuse(self, field: str | None, message: str) -> None:
        if field is None:
            if message not in self.form_errors:
                self.form_errors.append(message)
        elif message not in self[field].errors:
            self[field].errors = [*self[field].errors, message]

    def _each_combination(self) -> bool:
        fine = True
        for group in DECLARED if self.calls_out else GROUPS:  # a call-out leaves out what play would have given
            who = self.names[int(group[1:])] if group in DECLARED else self.sides[int(group[1:])]
            for kind, _count in self.held(group):
                name = kind_field(group, kind)
                data = {"kind": kind.id, "cards": list(self[name].data)}
                try:
                    Combination.from_json(data, self.rules, name, owner=who)
                except InvalidHand as refused:
                    self.refuse(name, refused.message)
                    fine = False
        return fine

    def _play_entered(self) -> bool:
        if self.calls_out:
            return True
        fine = True
        if not (entered(self.card_points_0) or entered(self.card_points_1)):
            self.refuse(
                "card_points_0",
                gettext("Type one side's card points: the other side has the rest of %(points)s.", points=PACK_POINTS),
            )
            fine = False
        if self.last_trick.data not in ("0", "1"):
            self.refuse(
                "last_trick",
                gettext(
                    "Choose who took the last trick: %(first)s or %(second)s.",
                    first=self.sides[0],
                    second=self.sides[1],
                ),
            )
            fine = False
        return fine

    def _field_of(self, refused: InvalidHand) -> str | None:
        """The field a refusal of the whole hand stands beside (None: above the form)."""
        where, _colon, what = (refused.item or "").partition(":")
        if refused.field in ("declarations", "captured") and where.isdigit():
            group = ("d" if refused.field == "declarations" else "c") + where
            return self._kind_holding(group, what)
        if refused.field == "card_points":
            wrong = [s for s, points in enumerate(self.card_points()) if not _in_pack(points)]
            side = int(where) if where.isdigit() else (wrong or [1])[0]
            return f"card_points_{side}"
        return refused.field if refused.field in ("last_trick", "called_out") else None

    def _kind_holding(self, group: str, what: str) -> str | None:
        """The group's kind named (``kings``), or holding the card named (``KS``), or its first one held."""
        held = [kind for kind, _count in self.held(group)]
        for kind in held:
            if what == kind.id or what in (self[kind_field(group, kind)].data or []):
                return kind_field(group, kind)
        return kind_field(group, held[0]) if held else None


for _group in GROUPS:
    for _kind in ORDER:
        setattr(OttocentoForm, kind_field(_group, _kind), MultiCheckboxField(_kind.label, choices=[]))
        setattr(OttocentoForm, quick_field(_group, _kind), RadioField(_kind.label, choices=[], default=""))


def _in_pack(points: int | str | None) -> bool:
    """Card points a side can have: a whole number from 0 to the pack's 87."""
    return isinstance(points, int) and 0 <= points <= PACK_POINTS
