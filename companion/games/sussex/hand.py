"""The hand record: everything entered about one hand, checked on the way in.

A ``HandRecord`` is the one currency of the product: the form, the API, the
command line and the database all turn into one and back. Building one
checks it, so a record that exists is a hand that can be scored.

>>> hand = HandRecord.from_json({"bid": "4", "declarer": 1, "called_card": "7C",
...     "young_trumps": "hearts", "holder": 3, "points": 71})
>>> hand.kind.id, hand.category.id, hand.partner
('partner', 'gubber', 3)
>>> HandRecord.from_json(hand.to_json()) == hand
True
>>> HandRecord.from_json({**hand.to_json(), "points": 131})
Traceback (most recent call last):
...
companion.games.common.errors.InvalidHand: points: Card points must be a whole number from 0 to 130.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeGuard, TypeVar

from ..common import InvalidHand, InvalidSeat
from ..common.cards import BY_CODE, Card, Suit, most_points
from ..common.enums import GameEnum
from ..common.words import N_, _, ngettext
from .bids import BY_ID as BIDS
from .bids import TOTAL_CARD_POINTS, Bid
from .bonuses import ANNOUNCEABLE, Bonus, MartletKind, MartletLevel, Side
from .bonuses import BY_ID as BONUSES
from .categories import BY_ID as CATEGORIES
from .categories import Category, category_of
from .declarations import BY_ID as DECLARATIONS
from .declarations import Declaration, declarations_problem
from .house import DEFAULT_HOUSE_RULES, HouseRules

T = TypeVar("T")

SEATS = range(4)


class GameKind(GameEnum):
    """What kind of game was played, derived from who held the called card (its label English, said with ``_``)."""

    PARTNER = ("partner", N_("partner game"))
    SILENT_SOLO = ("silent-solo", N_("silent solo"))
    ANNOUNCED_SOLO = ("announced-solo", N_("announced solo"))
    STUNG = ("stung", N_("stung"))

    def __init__(self, id_: str, label: str):
        self.id = id_
        self.label = label

    @property
    def is_solo(self) -> bool:
        return self in (GameKind.SILENT_SOLO, GameKind.ANNOUNCED_SOLO)


@dataclass(frozen=True, slots=True)
class Tally:
    """Martlets (or Young Martlets) seen at the table, before cancelling."""

    declarer: int = 0
    defence: int = 0

    def of(self, side: Side) -> int:
        return self.declarer if side is Side.DECLARER else self.defence

    def cancelled(self) -> Tally:
        """When both sides have some, each scores as if it had one fewer."""
        if self.declarer and self.defence:
            return Tally(self.declarer - 1, self.defence - 1)
        return self


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand as entered: the input of the scoring engine (contract §14)."""

    bid: Bid
    declarer: int
    category: Category
    holder: int
    points: int
    called_card: Card | None = None
    young_trumps: Suit | None = None
    in_trug: bool = False
    stinger_points: int | None = None
    declarations: tuple[Declaration, ...] = ()
    #: (bonus, side credited) pairs, in the order of ``Bonus``.
    bonuses: tuple[tuple[Bonus, Side], ...] = ()
    announced: tuple[Bonus | MartletLevel, ...] = ()
    martlets: Tally = field(default_factory=Tally)
    young_martlets: Tally = field(default_factory=Tally)
    house_rules: HouseRules = DEFAULT_HOUSE_RULES

    def __post_init__(self) -> None:
        _check(self)

    # -- what follows from the record -----------------------------------
    @property
    def kind(self) -> GameKind:
        if self.category is Category.BANNED:
            return GameKind.ANNOUNCED_SOLO
        if self.in_trug:
            return GameKind.STUNG
        if self.holder == self.declarer:
            return GameKind.SILENT_SOLO
        return GameKind.PARTNER

    @property
    def partner(self) -> int | None:
        return self.holder if self.kind is GameKind.PARTNER else None

    @property
    def stinger(self) -> int | None:
        return self.holder if self.in_trug else None

    @property
    def made(self) -> bool:
        return self.points >= self.bid.target

    @property
    def stinger_made(self) -> bool | None:
        """The stinger succeeds with strictly more card points than declarer."""
        if not self.in_trug or self.stinger_points is None:  # a stung hand always has the stinger's points
            return None
        return self.stinger_points > self.points

    def side_of(self, seat: int) -> Side:
        return Side.DECLARER if seat in (self.declarer, self.partner) else Side.DEFENCE

    @property
    def hundred(self) -> Side | None:
        """The side that took 100 card points or more, if any."""
        if self.points >= 100:
            return Side.DECLARER
        if TOTAL_CARD_POINTS - self.points >= 100:
            return Side.DEFENCE
        return None

    def bonus_sides(self) -> dict[Bonus, Side]:
        """Bonuses made, by the side credited, Hundred included."""
        made = dict(self.bonuses)
        if self.hundred:
            made[Bonus.HUNDRED] = self.hundred
        return made

    # -- JSON, both ways ----------------------------------------------------
    @classmethod
    def from_json(cls, data: Any, stored: bool = False) -> HandRecord:
        """Parse and check a hand record; raises ``InvalidHand``.

        ``stored``: a hand read back from the database or a backup, perhaps saved before valats were checked
        against the card points: it is read as it was saved.
        """
        record = _parse(data)
        if not stored:
            _check_valat(record)
        return record

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"bid": self.bid.id, "declarer": self.declarer}
        if self.called_card is not None:
            out["called_card"] = self.called_card.code
        else:
            out["called_category"] = self.category.id
        if self.young_trumps is not None:
            out["young_trumps"] = self.young_trumps.value
        out.update(holder=self.holder, in_trug=self.in_trug, points=self.points)
        if self.stinger_points is not None:
            out["stinger_points"] = self.stinger_points
        out["declarations"] = [d.id for d in self.declarations]
        out["bonuses"] = {b.id: s.value for b, s in self.bonuses}
        out["announced"] = [a.id for a in self.announced]
        out["martlets"] = {"declarer": self.martlets.declarer, "defence": self.martlets.defence}
        out["young_martlets"] = {
            "declarer": self.young_martlets.declarer,
            "defence": self.young_martlets.defence,
        }
        out["house_rules"] = self.house_rules.to_json()
        return out


# -- parsing -------------------------------------------------------------------

_FIELDS = frozenset(
    [
        "bid",
        "declarer",
        "called_card",
        "called_category",
        "young_trumps",
        "holder",
        "in_trug",
        "points",
        "stinger_points",
        "declarations",
        "bonuses",
        "announced",
        "martlets",
        "young_martlets",
        "house_rules",
    ]
)


def _is_int(value: object) -> TypeGuard[int]:
    return type(value) is int  # JSON integers; excludes True/False


def _seat(data: dict[str, Any], name: str, who: str) -> int:
    """The seat in ``name``, else InvalidSeat (``who``: English, marked; InvalidSeat says it in the reader's
    language)."""
    value = data.get(name)
    if not _is_int(value) or value not in SEATS:
        raise InvalidSeat(name, who, len(SEATS))
    return value


def _pick(table: dict[str, T], value: Any, name: str, message: str, **named: str) -> T:
    """``table[value]`` for a text value, else InvalidHand: ``message`` (marked, said in the reader's language)
    may name the value given as ``%(value)s``, and whatever else ``named`` gives."""
    found = table.get(value) if type(value) is str else None
    if found is None:
        raise InvalidHand(name, _(message, value=repr(value), **named))
    return found


_SUITS = {s.value: s for s in Suit}
_SIDES = {s.value: s for s in Side}
_BONUS_ORDER = {b: i for i, b in enumerate(Bonus)}
_ANNOUNCE_ORDER = {a: i for i, a in enumerate(ANNOUNCEABLE.values())}
_NO_TALLY = Tally()


def _tally(data: dict[str, Any], name: str, kind: MartletKind) -> Tally:
    raw = data.get(name)
    if raw is None:
        return _NO_TALLY
    if type(raw) is dict and raw.keys() <= {"declarer", "defence"}:
        declarer, defence = raw.get("declarer", 0), raw.get("defence", 0)
        if _is_int(declarer) and _is_int(defence) and 0 <= declarer <= kind.most and 0 <= defence <= kind.most:
            return Tally(declarer, defence)
    raise InvalidHand(
        name,
        _(
            '%(martlets)s are counted per side, each 0 to %(most)s: {"declarer": n, "defence": m}.',
            martlets=_(kind.label),
            most=kind.most,
        ),
    )


def _called_card(value: Any) -> Card:
    """A card code exactly as §4 writes it: upper case, nothing around it."""
    found = BY_CODE.get(value) if type(value) is str else None
    if found is None:
        raise InvalidHand(
            "called_card", _("No card has the code %(code)s: use codes like F, XXI, KS, 7H.", code=repr(value))
        )
    return found


def _called(data: dict[str, Any], young: Suit | None) -> tuple[Card | None, Category]:
    """The called card (if given) and its category, from ``called_card`` and/or ``called_category``."""
    called = data.get("called_card")
    named = data.get("called_category")
    if called is None and named is None:
        raise InvalidHand("called_card", _("Say which card declarer called."))
    category = None
    if named is not None:
        category = _pick(
            CATEGORIES, named, "called_category", N_("The category must be banned, ale, small-beer, water or gubber.")
        )
    if called is None:
        assert category is not None  # one of the two was given
        return None, category
    card = _called_card(called)
    try:
        derived = category_of(card, young)
    except ValueError:
        raise InvalidHand(
            "young_trumps", _("Name the young-trump suit: the called card's category depends on it.")
        ) from None
    if category is not None and category is not derived:
        raise InvalidHand(
            "called_category",
            _(
                "The called card %(card)s is %(category)s here, not %(named)s.",
                card=card.code,
                category=_(derived.label),
                named=_(category.label),
            ),
        )
    return card, derived


def _card_points(data: dict[str, Any]) -> tuple[int, int | None]:
    """``points`` and ``stinger_points`` (None when not given), each checked alone."""
    points = data.get("points")
    if not _is_int(points) or not 0 <= points <= TOTAL_CARD_POINTS:
        raise InvalidHand("points", _("Card points must be a whole number from 0 to %(most)s.", most=TOTAL_CARD_POINTS))
    stinger_points = data.get("stinger_points")
    if stinger_points is not None and not (_is_int(stinger_points) and stinger_points >= 0):
        raise InvalidHand("stinger_points", _("The stinger's card points must be a whole number from 0."))
    return points, stinger_points


def _declarations(data: dict[str, Any]) -> tuple[Declaration, ...]:
    raw = data.get("declarations", ())
    if type(raw) not in (list, tuple):
        raise InvalidHand("declarations", _("Declarations must be a list."))
    picked = [_pick(DECLARATIONS, d, "declarations", N_("No declaration is called %(value)s.")) for d in raw]
    # A set at the table: kept in the sheet's order, so a hand reads (and compares) the same however entered.
    return tuple(sorted(picked, key=list(Declaration).index))


def _bonuses(data: dict[str, Any]) -> tuple[tuple[Bonus, Side], ...]:
    raw = data.get("bonuses", {})
    if raw is None:
        raw = {}
    if type(raw) is not dict:
        raise InvalidHand("bonuses", _('Bonuses must be an object such as {"trull": "declarer"}.'))
    bonuses = []
    for key, side in raw.items():
        bonus = _pick(BONUSES, key, "bonuses", N_("No bonus is called %(value)s."))
        if bonus.derived:
            raise InvalidHand("bonuses", _("Hundred is worked out from the card points: do not enter it."))
        made_by = N_("%(bonus)s must be made by 'declarer' or 'defence'.")
        bonuses.append((bonus, _pick(_SIDES, side, "bonuses", made_by, bonus=_(bonus.label))))
    return tuple(sorted(bonuses, key=lambda pair: _BONUS_ORDER[pair[0]]))


def _announced(data: dict[str, Any]) -> tuple[Bonus | MartletLevel, ...]:
    raw = data.get("announced", ())
    if type(raw) not in (list, tuple):
        raise InvalidHand("announced", _("Announced bonuses must be a list."))
    announced = {_pick(ANNOUNCEABLE, a, "announced", N_("Declarer cannot announce %(value)s.")) for a in raw}
    if len(announced) != len(raw):
        raise InvalidHand("announced", _("Each bonus can be announced only once."))
    return tuple(sorted(announced, key=_ANNOUNCE_ORDER.__getitem__))


def _house_rules(data: dict[str, Any]) -> HouseRules:
    raw = data.get("house_rules")
    if raw is None:
        return DEFAULT_HOUSE_RULES
    if type(raw) is not dict:
        raise InvalidHand("house_rules", _('House rules must be an object such as {"martlet_values": "total"}.'))
    try:
        return HouseRules.from_json(raw)
    except (KeyError, ValueError, TypeError) as exc:
        raise InvalidHand("house_rules", _("Unknown house rule or choice: %(problem)s.", problem=str(exc))) from None


def _parse(data: Any) -> HandRecord:
    if type(data) is not dict:
        raise InvalidHand("hand", _("A hand must be a JSON object."))
    if not _FIELDS.issuperset(data):
        unknown = sorted(set(data) - _FIELDS)[0]
        raise InvalidHand(unknown or "hand", _("A hand record has no field %(field)s.", field=repr(unknown)))

    bid = _pick(BIDS, data.get("bid"), "bid", N_("Choose a bid: 4, 3, 3-high, 2 or 2-high."))
    declarer = _seat(data, "declarer", N_("the declarer"))
    young = data.get("young_trumps")
    if young is not None:
        young = _pick(_SUITS, young, "young_trumps", N_("Young trumps must be clubs, diamonds, hearts or spades."))
    called, category = _called(data, young)
    holder = _seat(data, "holder", N_("who held the called card"))
    in_trug = data.get("in_trug", False)
    if type(in_trug) is not bool:
        raise InvalidHand("in_trug", _("In trug must be true or false."))
    points, stinger_points = _card_points(data)
    return HandRecord(
        bid=bid,
        declarer=declarer,
        category=category,
        holder=holder,
        points=points,
        called_card=called,
        young_trumps=young,
        in_trug=in_trug,
        stinger_points=stinger_points,
        declarations=_declarations(data),
        bonuses=_bonuses(data),
        announced=_announced(data),
        martlets=_tally(data, "martlets", MartletKind.OLD),
        young_martlets=_tally(data, "young_martlets", MartletKind.YOUNG),
        house_rules=_house_rules(data),
    )


# -- checks across fields ------------------------------------------------------


def _check(h: HandRecord) -> None:
    _check_called(h)
    _check_stinger_points(h)
    problem = declarations_problem(h.declarations)
    if problem:
        raise InvalidHand("declarations", problem)
    _check_anointed(h)
    kinds = [a.kind for a in h.announced if isinstance(a, MartletLevel)]
    if len(kinds) != len(set(kinds)):
        raise InvalidHand("announced", _("Announce one level of Martlets and one of Young Martlets at most."))


def _check_called(h: HandRecord) -> None:
    if h.category is Category.BANNED and (h.holder != h.declarer or h.in_trug):
        raise InvalidHand(
            "called_card" if h.called_card is not None else "called_category",
            _("A banned card can only be called to announce a solo: declarer must hold it."),
        )
    if h.in_trug and h.holder == h.declarer:
        raise InvalidHand("in_trug", _("Only a warden has a trug: the stinger cannot be declarer."))


def _check_stinger_points(h: HandRecord) -> None:
    if not h.in_trug:
        if h.stinger_points is not None:
            raise InvalidHand("stinger_points", _("Stinger points are only entered when declarer was stung."))
        return
    if h.stinger_points is None:
        raise InvalidHand("stinger_points", _("When declarer is stung, enter the stinger's own card points."))
    if h.points + h.stinger_points > TOTAL_CARD_POINTS:
        raise InvalidHand(
            "stinger_points",
            _("Declarer's and the stinger's points together cannot pass %(total)s.", total=TOTAL_CARD_POINTS),
        )


def _check_anointed(h: HandRecord) -> None:
    made = dict(h.bonuses)
    if Bonus.ANOINTED_ULTIMO in made or Bonus.ANOINTED_ULTIMO in h.announced:
        where = "bonuses" if Bonus.ANOINTED_ULTIMO in made else "announced"
        if h.category is Category.BANNED:
            raise InvalidHand(where, _("No anointed ultimo when a banned card was called."), item="anointed-ultimo")
    if h.in_trug and made.get(Bonus.ANOINTED_ULTIMO) is Side.DECLARER:
        raise InvalidHand(
            "bonuses",
            _("The called card lay in a trug, so declarer's side cannot have made the anointed ultimo."),
            item="anointed-ultimo",
        )


# -- valats: what a side that won every trick leaves the other -------------------
#
# The deal leaves 72 cards for the 18 tricks of four and 6 in three trugs of two.
# Declarer takes up the trug in front of them and lays down two cards as the trug
# of the warden on their right, and each warden then changes the cards of their
# own trug; so in play every warden has a trug of 2 cards and declarer has none.
# A trug's cards count for its warden's side, and the trugs are the only cards
# outside the tricks. So when one side wins every trick (a valat), the other side
# has exactly the card points of its own trugs:
#   - declarer's side keeps the partner's trug in a partner game, and nothing in
#     a solo or when stung (declarer has no trug);
#   - the defence keeps the trugs of its wardens: two in a partner game, all
#     three in a solo or when stung.
# Which cards a warden may not lay in a trug is lost from the rules text (the list
# after "players must not lay down" is missing) and the contract does not fill it,
# so the bound allows any cards: 2 cards hold at most 10 card points (two of the
# Fool, XXI, the Pagat and the Kings, 5 each), 4 at most 20, 6 at most 30. Hence:
#   - valat for declarer's side: the defence has at most 20 (partner game) or 30,
#     so declarer's side has at least 110 or 100 of the 130;
#   - valat for the defence: declarer's side has at most 10 (partner game) or 0;
#   - when stung, the stinger's own points are then only their trug: at most 10.

#: Cards in each warden's trug; declarer has none in play.
TRUG_CARDS = 2
#: The wardens, each with a trug.
WARDENS = 3


def points_if_valat(side: Side, partner_game: bool) -> range:
    """The card points declarer's side can have when ``side`` wins every trick.

    >>> points_if_valat(Side.DECLARER, partner_game=True)   # the defence keeps 2 trugs: 20 at most
    range(110, 131)
    >>> points_if_valat(Side.DECLARER, partner_game=False)  # the defence keeps all 3 trugs: 30 at most
    range(100, 131)
    >>> points_if_valat(Side.DEFENCE, partner_game=True)    # declarer's side keeps the partner's trug
    range(0, 11)
    >>> points_if_valat(Side.DEFENCE, partner_game=False)   # declarer alone, with no trug
    range(0, 1)
    """
    ours = 1 if partner_game else 0  # trugs of declarer's side
    if side is Side.DECLARER:
        return range(TOTAL_CARD_POINTS - most_points(TRUG_CARDS * (WARDENS - ours)), TOTAL_CARD_POINTS + 1)
    return range(most_points(TRUG_CARDS * ours) + 1)


def _valat_problem(h: HandRecord, side: Side) -> str | None:
    partner_game = h.kind is GameKind.PARTNER
    possible = points_if_valat(side, partner_game)
    if side is Side.DECLARER:
        if h.points < possible.start:
            return _declarer_valat_short(h, partner_game, possible.start)
        if h.stinger_points is not None and h.stinger_points > most_points(TRUG_CARDS):
            return _(
                "A valat for declarer means declarer won every trick: the stinger then has only their trug, "
                "at most %(most)s card points, not %(stinger)s.",
                most=most_points(TRUG_CARDS),
                stinger=h.stinger_points,
            )
    elif h.points >= possible.stop:
        if partner_game:
            return _(
                "A valat for the defence means the defence won every trick: declarer's side then has only the "
                "partner's trug, at most %(most)s card points, so cannot have taken %(points)s card points.",
                most=possible.stop - 1,
                points=h.points,
            )
        return _(
            "A valat for the defence means the defence won every trick: declarer then has no trug, "
            "so cannot have taken %(points)s card points.",
            points=h.points,
        )
    return None


def _declarer_valat_short(h: HandRecord, partner_game: bool, least: int) -> str:
    """Declarer's side claims a valat with fewer card points than the defence's trugs leave it."""
    trugs = WARDENS - (1 if partner_game else 0)
    said = {"num": trugs, "most": TOTAL_CARD_POINTS - least, "least": least, "points": h.points}
    if partner_game:
        return ngettext(
            "A valat for declarer's side means declarer's side won every trick: the defence then has only its "
            "one trug, at most %(most)s card points, so declarer's side took at least %(least)s, not %(points)s.",
            "A valat for declarer's side means declarer's side won every trick: the defence then has only its "
            "%(num)d trugs, at most %(most)s card points, so declarer's side took at least %(least)s, not %(points)s.",
            **said,
        )
    return ngettext(
        "A valat for declarer means declarer won every trick: the defence then has only its "
        "one trug, at most %(most)s card points, so declarer took at least %(least)s, not %(points)s.",
        "A valat for declarer means declarer won every trick: the defence then has only its "
        "%(num)d trugs, at most %(most)s card points, so declarer took at least %(least)s, not %(points)s.",
        **said,
    )


def _check_valat(h: HandRecord) -> None:
    side = dict(h.bonuses).get(Bonus.VALAT)
    problem = None if side is None else _valat_problem(h, side)
    if problem:
        raise InvalidHand("bonuses", problem, item=Bonus.VALAT.id)
