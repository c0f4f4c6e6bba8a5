"""What every game is to the companion: the ``Game`` base class, and what a session asks of it as data.

A game is a package under ``companion/games/`` with a subclass of ``Game``
registered in ``companion.games.GAMES``. The sessions, forms, store, backups,
statistics, API and command line reach a game only through it: its record
(``parse``, ``result``, ``score``, ``describe``), how a session of it ends
(``ending``), what a point is worth (``unit`` and ``stakes``), its seats and
partnerships, the facts its hands keep for statistics, and the names of its
templates.

>>> Rounds().deal_choices(3), FixedDeals((8, 16)).deal_choices(4)
((3, 6, 12, 18), (8, 16))
>>> money_at_stake(Stake.PER_GAME, (1, -1, 1, -1), 2, Outcome(True, winners=(0, 2)))
[2, -2, 2, -2]
>>> money_at_stake(Stake.PER_POINT, (19, 6, 6, -3), 1, Outcome(False), zero_sum=False)  # settled pairwise
[48, -4, -4, -40]
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar

from .common.errors import InvalidHand
from .common.words import N_, Said, _, ngettext

if TYPE_CHECKING:
    from .common.form import FormData, GameHandForm


class Unit(Enum):
    """What a game's scores are: money itself (halfpence), or points that a session turns into money."""

    MONEY = "halfpence"
    POINTS = "points"

    @property
    def net_key(self) -> str:
        """The name of a hand's scores in exports: ``net_halfpence`` or ``net_points``."""
        return f"net_{self.value}"


@dataclass(frozen=True)
class StakeWords:
    """What a table reads of a stake, in whole sentences (each language agrees its words with a point or a game),
    English, marked for the catalogue: a page says each with ``_()``."""

    #: The start form's choice: "per point".
    choice: str = ""
    #: The stake's label when there is no choice: "Each point is worth".
    label: str = ""
    #: A stake out of bounds: "A point is worth from 0/0½ to %(most)s."
    bounds: str = ""
    #: The session's line on the scoreboard.
    session: str = ""
    #: The session CSV's row of each player's money.
    money_row: str = ""


class Stake(Enum):
    """(id, what it is per, the usual stake and the most in s/d, its words): how a session of points settles in
    money."""

    #: The scores are money (Sussex Tarot): nothing to choose.
    NONE = ("none", "", "", "", StakeWords())
    #: Each point is worth the stake.
    PER_POINT = (
        "point",
        "point",
        "0/1",
        "1/-",
        StakeWords(
            N_("per point"),
            N_("Each point is worth"),
            N_("A point is worth from 0/0½ to %(most)s."),
            N_("%(game)s, %(players)s players, %(length)s: each point is worth %(stake)s."),
            N_("in money at %(stake)s a point"),
        ),
    )
    #: The game's winners take the stake from its losers; the points only decide who won.
    PER_GAME = (
        "game",
        "game",
        "1/-",
        "£1",
        StakeWords(
            N_("per game"),
            N_("Each game is worth"),
            N_("A game is worth from 0/0½ to %(most)s."),
            N_("%(game)s, %(players)s players, %(length)s: each game is worth %(stake)s."),
            N_("in money at %(stake)s a game"),
        ),
    )

    def __init__(self, id_: str, per: str, usual: str, most: str, words: StakeWords):
        self.id = id_
        self.per = per
        self.usual = usual
        self.most = most
        self.words = words


STAKES = {s.id: s for s in Stake}


@dataclass(frozen=True)
class Scored:
    """What any game's hand comes to: each seat's score in the game's unit, and why, in words."""

    net: tuple[int, ...]
    working: tuple[str, ...]


class Record(Protocol):
    """What the base asks of a game's hand record: its class reads one from JSON (``stored``: a hand as it was
    saved, which checks added since do not refuse), and it writes itself back."""

    @classmethod
    def from_json(cls, data: Any, stored: bool = False) -> Self: ...

    def to_json(self) -> dict[str, Any]: ...


class Result(Protocol):
    """What a game's scoring of a hand gives (``Game.result``), in its own class with whatever else its working
    template shows: each seat's score in the game's unit, and why, in words."""

    @property
    def net(self) -> tuple[int, ...]: ...

    @property
    def working(self) -> tuple[str, ...]: ...


#: A game's hand record.
R = TypeVar("R", bound=Record)


@dataclass(frozen=True)
class Played:
    """What a session gives its game to decide how things stand: each seat's total, how many hands are in and
    the deals it was set to, and the hands' records in deal order (where they were read: statistics go by the
    totals alone)."""

    totals: tuple[int, ...]
    hands: int
    deals: int
    records: tuple[Any, ...] = ()
    #: The players' names in seat order, for lines that name them (none for statistics).
    names: tuple[str, ...] = ()
    #: The session's options (house rules) as its game reads them (``Game.options``); None: the usual ones.
    options: Any = None

    def name(self, seat: int) -> str:
        """A seat's player by name, or by number when the names are not at hand."""
        return self.names[seat] if seat < len(self.names) else _("seat %(number)d", number=seat + 1)


@dataclass(frozen=True)
class Outcome:
    """How a session stands: over or not, who won it (seats), and a line or two saying so or how far each
    side or player is from the end."""

    finished: bool
    winners: tuple[int, ...] = ()
    lines: tuple[str, ...] = ()


class Ending(ABC):
    """How a session of a game ends."""

    @abstractmethod
    def deal_choices(self, players: int) -> tuple[int, ...]:
        """The lengths a session may be set to (for a target, the most deals it may take)."""

    def usual_deals(self, players: int) -> int:
        """The length a new session's form starts with."""
        return self.deal_choices(players)[0]

    def deal_label(self, deals: int) -> str:
        """A length as the start form offers it: as it is described, unless the ending says it otherwise."""
        return self.describe(deals)

    def importable(self, players: int) -> range | tuple[int, ...]:
        """The lengths an imported session may have."""
        return self.deal_choices(players)

    @abstractmethod
    def outcome(self, game: Game[Any], played: Played) -> Outcome:
        """Whether the session is over, and who won it."""

    def describe(self, deals: int) -> str:
        """The session's length in words: "8 deals".

        >>> Rounds().describe(8), Rounds().describe(1)
        ('8 deals', '1 deal')
        """
        return ngettext("%(num)d deal", "%(num)d deals", deals)

    # -- how a session of this length stands, in words ---------------------------------------

    def progress(self, hands: int, deals: int) -> str:
        """How far a session has come, for the lists of sessions: "3 of 8 deals"."""
        return ngettext("%(hands)d of %(num)d deal", "%(hands)d of %(num)d deals", deals, hands=hands)

    def heading(self, deal: int, deals: int) -> str:
        """The scoreboard's heading while the session goes on: "Deal 3 of 8"."""
        return _("Deal %(deal)d of %(deals)d", deal=deal, deals=deals)

    def over(self, deals: int) -> str:
        """The scoreboard's heading once the session is over."""
        return ngettext("%(num)d deal played", "All %(num)d deals played", deals)

    def totals_after(self, hands: int, deals: int) -> str:
        """The printed sheet's line of totals: "Totals after 3 of 8 deals"."""
        return ngettext(
            "Totals after %(hands)d of %(num)d deal", "Totals after %(hands)d of %(num)d deals", deals, hands=hands
        )

    def steps(self, hands: int, deals: int) -> int:
        """How many deals the session's chart is drawn across: its length."""
        return deals


def _leaders(game: Game[Any], totals: Sequence[int]) -> tuple[int, ...]:
    """The seats on top (a side's seats together in a partnership game)."""
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


#: The longest session an import takes of a game played in rounds.
MOST_DEALS = 60


@dataclass(frozen=True)
class FixedDeals(Ending):
    """A set number of deals, chosen from ``choices`` (Sussex Tarot: 8 or 16)."""

    choices: tuple[int, ...]

    def deal_choices(self, players: int) -> tuple[int, ...]:
        return self.choices

    def outcome(self, game: Game[Any], played: Played) -> Outcome:
        if played.hands < played.deals:
            return Outcome(False)
        return Outcome(True, _leaders(game, played.totals))


@dataclass(frozen=True)
class Rounds(FixedDeals):
    """Rounds in which every player deals the same number of times (Tapp Tarock, French Tarot)."""

    choices: tuple[int, ...] = (1, 2, 4, 6)

    def deal_choices(self, players: int) -> tuple[int, ...]:
        return tuple(players * r for r in self.choices)

    def usual_deals(self, players: int) -> int:
        return self.deal_choices(players)[1]  # two rounds: an evening

    def importable(self, players: int) -> range | tuple[int, ...]:
        return range(1, MOST_DEALS + 1)  # whatever the form offered when it was exported


@dataclass(frozen=True)
class Target(Ending):
    """The first to ``score`` or more wins (a side's total in a partnership game); ``most`` deals at most.
    The game says who won from the totals (``Game.winners``): a tie at the top plays on."""

    score: int
    #: A real table never plays this many hands to its target: Ottocento to 800 ends in 5 to 15 (every hand brings
    #: 93 points or more, so a side has 800 by the 18th unless the two are level), Early French Tarot to 50 in
    #: under 20. A session that gets there without a winner is over, drawn, as its scoreboard says. Its pages and
    #: exports are measured at this length (``make bench --only bounds``).
    most: int = 40

    def deal_choices(self, players: int) -> tuple[int, ...]:
        return (self.most,)

    def importable(self, players: int) -> range | tuple[int, ...]:
        return range(1, self.most + 1)

    def outcome(self, game: Game[Any], played: Played) -> Outcome:
        winners = game.winners(played)
        if winners:
            return Outcome(True, winners)
        if played.hands >= played.deals:  # out of deals with nobody there: a drawn game
            drawn = ngettext(
                "No one reached %(score)d in %(num)d deal: a drawn game.",
                "No one reached %(score)d in %(num)d deals: a drawn game.",
                played.deals,
                score=self.score,
            )
            return Outcome(True, lines=(drawn,))
        return Outcome(False, lines=game.to_go(played, self.score))

    def describe(self, deals: int) -> str:
        return _("first to %(score)d", score=self.score)

    def deal_label(self, deals: int) -> str:
        return ngettext(
            "Until someone reaches %(score)d (at most %(num)d deal)",
            "Until someone reaches %(score)d (at most %(num)d deals)",
            deals,
            score=self.score,
        )

    def progress(self, hands: int, deals: int) -> str:
        """
        >>> Target(800).progress(1, 40)
        '1 deal, first to 800'
        """
        return ngettext(
            "%(num)d deal, first to %(score)d", "%(num)d deals, first to %(score)d", hands, score=self.score
        )

    def heading(self, deal: int, deals: int) -> str:
        return _("Deal %(deal)d · first to %(score)d", deal=deal, score=self.score)

    def over(self, deals: int) -> str:
        return _("Game over")

    def totals_after(self, hands: int, deals: int) -> str:
        return ngettext("Totals after %(num)d deal", "Totals after %(num)d deals", hands)

    def steps(self, hands: int, deals: int) -> int:
        """The hands played so far (the deals are only a ceiling), and at least a few, so that the first hands
        are not stretched across the whole chart."""
        return max(hands, MIN_STEPS)


#: The fewest steps a chart of a game played to a target is drawn over.
MIN_STEPS = 4


def money_at_stake(
    stake: Stake, totals: Sequence[int], worth: int, outcome: Outcome, zero_sum: bool = True
) -> list[int]:
    """Each seat's money (halfpence) from its total: zero-sum, so that settling up is the same for every game.

    Points at a stake a point: each point worth ``worth`` when the game's scores are ``zero_sum``; when not,
    each pair of players settles the difference of their totals. A stake a game: once the session is over,
    each loser pays ``worth``, shared by the winners (a halfpenny that will not share goes to the first).

    >>> money_at_stake(Stake.PER_POINT, (2, -1, -1, 0), 1, Outcome(False), zero_sum=False)  # pairwise still
    [8, -4, -4, 0]
    >>> money_at_stake(Stake.PER_GAME, (9, 1, 2, 3), 5, Outcome(True, winners=(0, 1, 2)))
    [2, 2, 1, -5]
    """
    if stake is Stake.NONE:
        return list(totals)
    if stake is Stake.PER_POINT:
        if zero_sum:
            return [t * worth for t in totals]
        n, whole = len(totals), sum(totals)
        return [(n * t - whole) * worth for t in totals]
    if not outcome.finished or not outcome.winners or len(outcome.winners) == len(totals):
        return [0] * len(totals)
    losers = len(totals) - len(outcome.winners)
    share, odd = divmod(worth * losers, len(outcome.winners))
    winners = sorted(outcome.winners)
    money = [-worth] * len(totals)
    for place, seat in enumerate(winners):
        money[seat] = share + (1 if place < odd else 0)
    return money


@dataclass(frozen=True)
class Ledger:
    """A session's money (halfpence) hand by hand, and what its end settles besides."""

    hands: tuple[tuple[int, ...], ...]
    settled: tuple[int, ...]


@dataclass(frozen=True)
class Templates:
    """A game's own templates (under its package's ``templates/``), by what they show."""

    #: The hand form's fields.
    fields: str
    #: A scored hand's working (the preview, another phone's hand, a hand's row).
    working: str = "hands/_points_working.html"
    #: A hand's row on the scoreboard.
    hand_row: str = "sittings/_points_hand_row.html"
    #: The game's reference page.
    reference: str = ""
    #: Its figures on a group player's page.
    figures: str = ""


@dataclass(frozen=True)
class Sheet:
    """One of a game's reference sheets besides its page, at ``/reference/<rule>`` (a Flask URL rule), named
    ``reference.<endpoint>``. The rules index lists it if it has a title; the offline cache keeps it (when its
    rule has no variables) and each of ``also`` (the same sheet with a query string)."""

    rule: str
    endpoint: str
    title: str = ""
    blurb: str = ""
    also: tuple[str, ...] = ()
    #: It follows the house rules of the session it is opened from (``?session=``).
    session: bool = False


@dataclass(frozen=True)
class SheetPage:
    """A sheet to show: its template, what the template needs, and the part an htmx request gets alone."""

    template: str
    context: dict[str, Any] = field(default_factory=dict)
    partial: str | None = None


class Game(ABC, Generic[R]):
    """One game, whose hands are records of class ``R``. A subclass per game, one instance of it in ``GAMES``.

    A subclass names its record class and its hand form's class, and scores a hand in one place (``result``):
    reading a hand (``parse``), its ``Scored``, its hand form and the form's fields for a record are the base's."""

    #: Its id in URLs, JSON and the database (never changes).
    id: ClassVar[str]
    #: Its name, said in the reader's language (``Said``).
    name: ClassVar[Said]
    #: How many players a session of it may have, the usual first.
    players: ClassVar[tuple[int, ...]]
    unit: ClassVar[Unit] = Unit.POINTS
    #: How a session may settle, the usual first.
    stakes: ClassVar[tuple[Stake, ...]] = (Stake.PER_POINT,)
    ending: ClassVar[Ending] = Rounds()
    templates: ClassVar[Templates]
    #: Each hand's scores sum to zero (Sussex, Tapp, French); the other games' do not.
    zero_sum: ClassVar[bool] = True
    #: Where in the year's stored records this game's facts for statistics mean something (see ``facts``).
    figures: ClassVar[dict[str, str]] = {}
    #: Its hand record's class: ``parse`` reads a hand with its ``from_json``.
    record_class: type[R]
    #: Its hand form's class, which ``hand_form`` gives this game (the form's module imports nothing of the game's).
    form_class: type[GameHandForm[R]]
    #: What a hand is told in a session of a number of players the game is not for (``{players}``: the session's);
    #: marked with ``N_``, said in the reader's language when it is told.
    wrong_players: ClassVar[str] = N_("This session has {players} players.")
    #: Which way the deal and the play go round, as its rules say: the start form asks for the players in that
    #: order, so the next seat deals next and is eldest whichever way a game goes. Marked with ``N_``: a page
    #: says it with ``_(game.deal_direction)``.
    deal_direction: ClassVar[str] = N_("the deal and play pass to the left")

    # -- a hand -------------------------------------------------------------------------

    def parse(self, data: Any, players: int | None = None, stored: bool = False) -> R:
        """A checked record of this game (for a session of ``players``); ``InvalidHand`` names the field at fault.

        ``stored``: a hand read back as it was saved (the database, a backup, a restore), which checks added
        since it was saved do not refuse; what a player enters is always checked in full.
        """
        if players is not None and players not in self.players:
            raise InvalidHand("players", _(self.wrong_players).format(players=players))
        record = self.record_class.from_json(data, stored)
        if players is not None and self.players_of(record) != players:
            raise InvalidHand("players", _(self.wrong_players).format(players=players))
        return record

    def players_of(self, record: R) -> int:
        """How many players a hand is for: the game's one number, unless its record says (French Tarot)."""
        return self.players[0]

    @abstractmethod
    def result(self, record: R, names: Sequence[str] | None = None) -> Result:
        """The hand scored, the one place a game scores one: each seat's score and the working (naming the players
        when ``names`` are given), in the game's own class with whatever else its working template shows."""

    def score(self, record: R, names: Sequence[str] | None = None) -> Scored:
        """Each seat's score and the working, naming the players when ``names`` are given."""
        return self.scored(self.result(record, names))

    @staticmethod
    def scored(result: Result) -> Scored:
        """A hand's scores and working from its ``result`` (the one place a ``Scored`` is made)."""
        return Scored(result.net, result.working)

    @abstractmethod
    def describe(self, record: R, names: Sequence[str]) -> str:
        """One line for the list of hands, with the players' names."""

    def notice(self, record: R, names: Sequence[str]) -> str:
        """What the notice after a save says of the hand (before each player's payment)."""
        return self.describe(record, names)

    def result_json(self, record: R, working: bool) -> dict[str, Any]:
        """A hand's result for the API and the command line."""
        return self.json_of(self.result(record), working)

    def json_of(self, result: Result, working: bool) -> dict[str, Any]:
        """What every game's result JSON holds: its game and unit, each seat's score, and the working if asked."""
        out: dict[str, Any] = {"game": self.id, "unit": self.unit.value, "net": list(result.net)}
        if working:
            out["working"] = list(result.working)
        return out

    def csv_columns(self) -> list[str]:
        """The columns that describe a hand in a session's CSV (after its deal and dealer)."""
        return ["hand"]

    def csv_cells(self, record: R, names: Sequence[str]) -> list[object]:
        return [self.describe(record, names)]

    def bid_labels(self) -> dict[str, str]:
        """Its bids (or contracts) by the id ``facts`` gives them, lowest first, as a player says them."""
        return {}

    def facts(self, record: R) -> dict[str, Any]:
        """What a hand row keeps beside its record for statistics: ``bid`` (or contract), ``declarer`` (the
        seat that led the hand, or -1), ``kind``, ``made``, ``partner``, ``stinger``, ``stinger_made``,
        ``declared`` and the bonuses made by each side. Empty: the hand counts for money only."""
        return {}

    # -- a session ----------------------------------------------------------------------

    def partnerships(self, players: int) -> tuple[tuple[int, ...], ...] | None:
        """Fixed sides (seats), or None when each plays for themselves or sides change every hand."""
        return None

    def options(self, stored: Any) -> Any:
        """A session's options (house rules) from what its row keeps."""
        return stored if isinstance(stored, dict) else {}

    #: The game's house rules as a frozen class read by ``from_json`` (``InvalidHand`` naming ``rules``) and
    #: written by ``to_json``, for a game that has one: its options are written and checked through it.
    rules_class: ClassVar[type[Any] | None] = None

    def options_json(self, options: Any) -> dict[str, Any]:
        """A session's options as its row keeps them (JSON)."""
        if self.rules_class is None:
            return dict(options) if isinstance(options, dict) else {}
        rules = options if isinstance(options, self.rules_class) else self.options(options)
        return dict(rules.to_json())

    def check_options(self, stored: Any) -> str | None:
        """What is wrong with a session's options in an import (None: nothing)."""
        if self.rules_class is None:
            return None if stored in ({}, None) else f"{self.name} has no options"
        try:
            self.rules_class.from_json(stored)
        except InvalidHand as refused:
            return f"house_rules of {self.name}: {refused.message}"
        return None

    def option_fields(self) -> dict[str, Any]:
        """The start form's fields for its options (WTForms fields, unbound), by option name."""
        return {}

    def option_lines(self, options: Any) -> list[str]:
        """The session's options in words, for the scoreboard."""
        return []

    def winners(self, played: Played) -> tuple[int, ...]:
        """For a game played to a target: the seats that won (none while nobody has)."""
        return ()

    def to_go(self, played: Played, target: int) -> tuple[str, ...]:
        """For a game played to a target: how far each player or side is from it, in words."""
        return ()

    def ending_for(self, options: Any) -> Ending:
        """How a session with these options ends (a target a table chose, say): by default ``ending``."""
        return self.ending

    def outcome(self, played: Played) -> Outcome:
        """Whether the session is over, who won it, and how far each is from the end: its ending's answer."""
        return self.ending_for(played.options).outcome(self, played)

    def places(self, totals: Sequence[int]) -> tuple[int, ...]:
        """Each seat's place by its total, 1 leading, equal totals sharing a place; in a partnership game the
        sides are placed, and partners share their side's.

        >>> from companion.games import GAMES
        >>> GAMES["tarocchi"].places((30, 10, 30, 10)), GAMES["french"].places((9, 9, -6, -12))
        ((1, 2, 1, 2), (1, 1, 3, 4))
        """
        sides = self.partnerships(len(totals)) or tuple((seat,) for seat in range(len(totals)))
        side_totals = [totals[side[0]] for side in sides]
        places = [0] * len(totals)
        for side, total in zip(sides, side_totals, strict=True):
            for seat in side:
                places[seat] = 1 + sum(other > total for other in side_totals)
        return tuple(places)

    def money(self, stake: Stake, worth: int, played: Played, outcome: Outcome | None = None) -> list[int]:
        """Each seat's money for the session so far (zero-sum halfpence); ``outcome`` if already known.

        The one money rule: the scoreboard, settling up, the CSVs, the leaderboard and the players' pages all
        read a session's money from here (``ledger`` spreads it over the hands)."""
        return money_at_stake(stake, played.totals, worth, outcome or self.outcome(played), self.zero_sum)

    def ledger(
        self, stake: Stake, worth: int, scores: Sequence[Sequence[int]], played: Played, outcome: Outcome | None = None
    ) -> Ledger:
        """The session's money hand by hand: each hand's own money (as ``money`` counts a hand alone, before
        any game is won), and what is left to settle when the session ends (a stake a game, say), so that the
        rows always add up to ``money`` and each is zero-sum.

        >>> from companion.games import GAMES
        >>> GAMES["tarocchi"].ledger(Stake.PER_GAME, 5, [(3, 1, 3, 1), (2, 0, 2, 0)], Played((5, 1, 5, 1), 2, 2))
        Ledger(hands=((0, 0, 0, 0), (0, 0, 0, 0)), settled=(5, -5, 5, -5))
        """
        alone = Outcome(False)
        rows = tuple(
            tuple(self.money(stake, worth, Played(tuple(s), 1, played.deals, options=played.options), alone))
            for s in scores
        )
        whole = self.money(stake, worth, played, outcome)
        settled = tuple(m - sum(row[seat] for row in rows) for seat, m in enumerate(whole))
        return Ledger(rows, settled)

    # -- its pages -------------------------------------------------------------------------

    def hand_form(self, names: Sequence[str], options: Any, **kwargs: Any) -> GameHandForm[R]:
        """Its hand form (WTForms), for a session of these players with these options."""
        return self.form_class(game=self, names=names, options=options, **kwargs)

    def form_data(self, record: R) -> FormData:
        """The hand form's fields for a record, as a browser sends them."""
        return self.form_class.form_data(record)

    def reference_context(self) -> dict[str, Any]:
        """What its reference page's template needs."""
        return {}

    #: Its reference sheets besides its page (``Templates.reference``), in the order the rules index lists them.
    sheets: ClassVar[tuple[Sheet, ...]] = ()

    def sheet(self, endpoint: str, query: Mapping[str, list[str]], options: Any, **values: str) -> SheetPage:
        """One of its ``sheets``, for the request's ``query`` (each key's values) and its rule's ``values``.
        ``options``: those of the session it is opened from if it follows one of this game, else the usual ones.
        ``LookupError``: no such page."""
        raise LookupError(endpoint)


G = TypeVar("G", bound=Game[Any])


@dataclass
class Registry:
    """The games, in the order the start page offers them; the first is the usual one."""

    games: dict[str, Game[Any]] = field(default_factory=dict)

    def register(self, game: G) -> G:
        if game.id in self.games:
            raise ValueError(f"two games with the id {game.id!r}")
        self.games[game.id] = game
        return game
