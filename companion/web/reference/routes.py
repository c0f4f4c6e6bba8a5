"""Reference sheets for the table, in our own words, from the engine's data."""

from __future__ import annotations

from flask import Blueprint, abort, request
from werkzeug.wrappers import Response

from ...extensions import db
from ...games import DEFAULT, GAMES, Game
from ...games.sussex import (
    DECIDING_CARDS,
    OLD_TRUMPS,
    Bid,
    Bonus,
    Category,
    Declaration,
    HouseRules,
    MartletKind,
    MartletValues,
    Money,
    StingerSettlesWith,
    Suit,
    card,
    cards_by_category,
    category_of,
    martlet_worth,
    solo_call,
    suit_cards,
)
from ...games.sussex import GAME as SUSSEX_TAROT
from ...models import Sitting
from ...store import find_sitting
from .. import render
from .tables import CALLABLE, game_rows, penalty_rows

bp = Blueprint("reference", __name__, url_prefix="/reference")

SHEETS = (
    ("reference.bids", "Bids and payments", "What each bid needs and pays, made or failed, with calling penalties."),
    ("reference.called_cards", "Called cards", "Pick the young trumps: every card's category, penalty and ultimo."),
    ("reference.solo", "Announcing a solo", "Tick your cards: which banned card you must call."),
    ("reference.scoring", "Declarations and bonuses", "Values, martlets and their cancelling, announcements."),
    ("reference.cards", "The cards", "Card points and the order of each suit."),
    ("reference.play", "How the play goes", "Deal, auction, exchanges, following suit."),
    ("reference.house_rules", "House rules and interpretations", "This session's choices, and where we decided."),
    ("reference.cheat_sheet", "Cheat sheet", "One printable page."),
)


def _young() -> Suit:
    value = request.args.get("young", "")
    return next((s for s in Suit if s.value == value), Suit.CLUBS)


def _others() -> list[Game]:
    """The games besides the usual one, whose sheets the index lists under it."""
    return [g for g in GAMES.values() if g is not DEFAULT]


@bp.get("/")
def index() -> Response:
    return render("reference/index.html", sheets=SHEETS, others=_others())


@bp.get("/games/<game_id>")
def game(game_id: str) -> Response:
    """A game's own sheet (the usual game's is the index of its sheets)."""
    found = GAMES.get(game_id)
    if found is None:
        abort(404)
    context = {"sheets": SHEETS, "others": _others(), **found.reference_context()}
    return render(found.templates.reference, game=found, **context)


@bp.get("/bids")
def bids() -> Response:
    rules, sitting = _session_rules()
    return render(
        "reference/bids.html",
        rules=rules,
        sitting=sitting,
        StingerSettlesWith=StingerSettlesWith,
        bids=list(Bid),
        games=game_rows(rules),
        penalties=penalty_rows(),
        categories=CALLABLE,
        banned=Category.BANNED,
    )


@bp.get("/cards")
def cards() -> Response:
    return render("reference/cards.html", old_trumps=OLD_TRUMPS, suits=[(s, suit_cards(s)) for s in Suit])


@bp.get("/cards/<code>")
def card_facts(code: str) -> Response:
    try:
        found = card(code)
    except KeyError:
        abort(404)
    per_suit = [(s, category_of(found, s)) for s in Suit]
    return render("reference/card.html", card=found, per_suit=per_suit, young=_young())


@bp.get("/called-cards")
def called_cards() -> Response:
    young = _young()
    return render("reference/called_cards.html", young=young, suits=list(Suit), groups=cards_by_category(young))


@bp.get("/solo")
def solo() -> Response:
    held = set(request.args.getlist("held"))
    asked = "asked" in request.args
    return render(
        "reference/solo.html",
        "reference/_solo_answer.html",
        deciding=DECIDING_CARDS,
        held=held,
        call=solo_call(held) if asked else None,
    )


def _martlet_table() -> list[tuple[MartletKind, list[tuple[int, dict[MartletValues, Money]]]]]:
    return [
        (kind, [(n, {rule: martlet_worth(kind, n, rule) for rule in MartletValues}) for n in range(1, kind.most + 1)])
        for kind in MartletKind
    ]


@bp.get("/scoring")
def scoring() -> Response:
    return render(
        "reference/scoring.html",
        declarations=list(Declaration),
        bonuses=list(Bonus),
        martlets=_martlet_table(),
        categories=list(Category),
    )


@bp.get("/play")
def play() -> Response:
    return render("reference/play.html")


def _session_rules() -> tuple[HouseRules, Sitting | None]:
    sitting = find_sitting(db.session, request.args.get("session", "")) if request.args.get("session") else None
    if sitting is None:
        return HouseRules(), None
    return SUSSEX_TAROT.house_rules_of(sitting.game, sitting.house_rules), sitting


@bp.get("/house-rules")
def house_rules() -> Response:
    rules, sitting = _session_rules()
    return render(
        "reference/house_rules.html",
        rules=rules,
        sitting=sitting,
        choices=[(StingerSettlesWith, rules.stinger_settles_with), (MartletValues, rules.martlet_values)],
    )


@bp.get("/cheat-sheet")
def cheat_sheet() -> Response:
    """One printable page, under the session's house rules (``?session=``) or the defaults."""
    rules, sitting = _session_rules()
    return render(
        "reference/cheat_sheet.html",
        rules=rules,
        sitting=sitting,
        bids=list(Bid),
        games=game_rows(rules),
        categories=list(Category),
        declarations=list(Declaration),
        bonuses=list(Bonus),
        martlets=_martlet_table(),
        MartletValues=MartletValues,
        StingerSettlesWith=StingerSettlesWith,
    )
