"""Sussex Tarot's reference sheets: the bids and what they pay, the called cards, the solo helper, declarations
and bonuses, the cards, the play, the house rules and the cheat sheet (``Game.sheets`` and ``Game.sheet``).

Their addresses stay under ``/reference/`` as they always were (``/reference/bids``); their templates are in
this package's ``templates/games/sussex/sheets/``, their tables worked out by the engine (``tables``).

>>> page = sheet_page("called_cards", {"young": ["hearts"]}, HouseRules())
>>> page.template, page.context["young"]
('games/sussex/sheets/called_cards.html', <Suit.HEARTS: 'hearts'>)
>>> sheet_page("card_facts", {}, HouseRules(), code="nonsense")
Traceback (most recent call last):
...
KeyError: 'nonsense'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..base import Sheet, SheetPage
from ..common.cards import OLD_TRUMPS, Suit, card, suit_cards
from ..common.money import Money
from ..common.words import N_
from .bids import Bid
from .bonuses import Bonus, MartletKind, martlet_worth
from .categories import Category, cards_by_category, category_of
from .declarations import Declaration
from .house import HouseRules, MartletValues, StingerSettlesWith
from .solo import DECIDING_CARDS, solo_call
from .tables import CALLABLE, game_rows, penalty_rows

#: The sheets, in the order the rules index lists them (a card's own page is reached from the others); titles and
#: blurbs English, said with ``_``.
SHEETS = (
    Sheet("bids", "bids", N_("Bids and payments"),
          N_("What each bid needs and pays, made or failed, with calling penalties."), session=True),
    Sheet("called-cards", "called_cards", N_("Called cards"),
          N_("Pick the young trumps: every card's category, penalty and ultimo."),
          also=tuple(f"young={suit.value}" for suit in Suit)),
    Sheet("solo", "solo", N_("Announcing a solo"), N_("Tick your cards: which banned card you must call.")),
    Sheet("scoring", "scoring", N_("Declarations and bonuses"),
          N_("Values, martlets and their cancelling, announcements.")),
    Sheet("cards", "cards", N_("The cards"), N_("Card points and the order of each suit.")),
    Sheet("play", "play", N_("How the play goes"), N_("Deal, auction, exchanges, following suit.")),
    Sheet("house-rules", "house_rules", N_("House rules and interpretations"),
          N_("This session's choices, and where we decided."), session=True),
    Sheet("cheat-sheet", "cheat_sheet", N_("Cheat sheet"), N_("One printable page."), session=True),
    Sheet("cards/<code>", "card_facts"),
)  # fmt: skip

Query = Mapping[str, list[str]]
_FOLDER = "games/sussex/sheets/"


def _first(query: Query, key: str) -> str:
    return next(iter(query.get(key, ())), "")


def _young(query: Query) -> Suit:
    value = _first(query, "young")
    return next((s for s in Suit if s.value == value), Suit.CLUBS)


def _martlet_table() -> list[tuple[MartletKind, list[tuple[int, dict[MartletValues, Money]]]]]:
    return [
        (kind, [(n, {rule: martlet_worth(kind, n, rule) for rule in MartletValues}) for n in range(1, kind.most + 1)])
        for kind in MartletKind
    ]


def _bids(query: Query, rules: HouseRules) -> dict[str, Any]:
    return {
        "rules": rules,
        "StingerSettlesWith": StingerSettlesWith,
        "bids": list(Bid),
        "games": game_rows(rules),
        "penalties": penalty_rows(),
        "categories": CALLABLE,
        "banned": Category.BANNED,
    }


def _cards(query: Query, rules: HouseRules) -> dict[str, Any]:
    return {"old_trumps": OLD_TRUMPS, "suits": [(s, suit_cards(s)) for s in Suit]}


def _card_facts(query: Query, rules: HouseRules, code: str = "") -> dict[str, Any]:
    found = card(code)  # KeyError: no such card
    return {"card": found, "per_suit": [(s, category_of(found, s)) for s in Suit], "young": _young(query)}


def _called_cards(query: Query, rules: HouseRules) -> dict[str, Any]:
    young = _young(query)
    return {"young": young, "suits": list(Suit), "groups": cards_by_category(young)}


def _solo(query: Query, rules: HouseRules) -> dict[str, Any]:
    held = set(query.get("held", ()))
    return {"deciding": DECIDING_CARDS, "held": held, "call": solo_call(held) if "asked" in query else None}


def _scoring(query: Query, rules: HouseRules) -> dict[str, Any]:
    return {
        "declarations": list(Declaration),
        "bonuses": list(Bonus),
        "martlets": _martlet_table(),
        "categories": list(Category),
    }


def _play(query: Query, rules: HouseRules) -> dict[str, Any]:
    return {}


def _house_rules(query: Query, rules: HouseRules) -> dict[str, Any]:
    return {
        "rules": rules,
        "choices": [(StingerSettlesWith, rules.stinger_settles_with), (MartletValues, rules.martlet_values)],
    }


def _cheat_sheet(query: Query, rules: HouseRules) -> dict[str, Any]:
    """One printable page, under the session's house rules or the defaults."""
    return {
        "rules": rules,
        "bids": list(Bid),
        "games": game_rows(rules),
        "categories": list(Category),
        "declarations": list(Declaration),
        "bonuses": list(Bonus),
        "martlets": _martlet_table(),
        "MartletValues": MartletValues,
        "StingerSettlesWith": StingerSettlesWith,
    }


_CONTEXTS: dict[str, Callable[..., dict[str, Any]]] = {
    "bids": _bids,
    "called_cards": _called_cards,
    "solo": _solo,
    "scoring": _scoring,
    "cards": _cards,
    "play": _play,
    "house_rules": _house_rules,
    "cheat_sheet": _cheat_sheet,
    "card_facts": _card_facts,
}
#: The template of each sheet, where it is not named after its endpoint.
_TEMPLATES = {"card_facts": "card"}
#: The part of a sheet an htmx request gets alone.
_PARTIALS = {"solo": "_solo_answer"}


def sheet_page(endpoint: str, query: Query, rules: HouseRules, **values: str) -> SheetPage:
    """One of ``SHEETS`` (by endpoint) for a request's query, under ``rules``; KeyError: no such sheet or card."""
    context = _CONTEXTS[endpoint](query, rules, **values)
    partial = _PARTIALS.get(endpoint)
    return SheetPage(
        f"{_FOLDER}{_TEMPLATES.get(endpoint, endpoint)}.html", context, f"{_FOLDER}{partial}.html" if partial else None
    )
