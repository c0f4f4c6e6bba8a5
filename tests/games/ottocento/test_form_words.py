"""Ottocento's hand form in the phone's language (issue #32): its headings, labels, chips, hints and refusals are
said in French, German or Italian, the players' names kept; in English it says what it always said."""

from __future__ import annotations

import html as markup
import re

import pytest

from tests.games.ottocento.test_web import error_of, played, post_hand, start
from tests.games.words import LANGUAGES, speech

#: What the English form says, word for word: a group's title and summary, a kind's chips and how they are
#: picked, the card points' labels and hint, the call-out's choices, the sheet's helps.
ENGLISH = [
    "Ann's declarations",
    "Ann & Cat captured",
    "Ann & Cat's card points",
    ">nothing<",
    ">all four<",
    ">no Swords<",
    ">Angel down to<",
    ">how many<",
    ">which<",
    ">Moor 3<",
    "> (wild)<",
    "card by card",
    ">After play<",
    ">Sequences <",
    "three or four of a kind",
    "from the head down; ✱ wild card",
    "Count one side's cards in pairs, one off each pair, and type it: the other side has the rest of 87.",
    "Open a player or a side and tap each combination whole",
    "Call-out (chiamarsi fuori)",
    "No: the hand was played",
    "Ann called out",
    "Rules: Captured combinations",
]


def speaking(client, code: str) -> None:
    """The phone chooses ``code`` with the switch at the foot of every page."""
    assert client.post("/language", data={"lang": code, "next": "/"}).status_code == 303


def form_in(client, code: str) -> str:
    speaking(client, code)
    return markup.unescape(client.get(start(client) + "/hands/new").text)


def test_the_english_form_says_what_it_always_said(client):
    form = form_in(client, "en")
    assert [said for said in ENGLISH if said not in form] == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_english_is_left_on_the_form(client, code):
    form = form_in(client, code)
    assert [said for said in ENGLISH if said in form] == []
    catalogue = speech(code)
    # The players' names stay as they are, within the language's own sentences.
    assert catalogue.gettext("%(name)s's declarations") % {"name": "Ann"} in form
    assert catalogue.gettext("%(side)s captured") % {"side": "Bob & Dan"} in form
    assert catalogue.gettext("%(name)s called out") % {"name": "Dan"} in form
    # A chip of a cricca says the suit left out, and the Moors are told apart by number, in the language's words.
    assert ">" + catalogue.gettext("no %(card)s") % {"card": catalogue.gettext("Swords")} + "<" in form
    assert ">" + catalogue.gettext("Moor %(number)s") % {"number": 3} + "<" in form


@pytest.mark.parametrize("code", LANGUAGES)
def test_what_is_still_to_enter_is_refused_in_the_phones_language(client, code):
    speaking(client, code)
    board = start(client)
    refused = post_hand(client, board, **played(points=("", ""), last=""))
    assert refused.status_code == 422
    catalogue = speech(code)
    points = catalogue.gettext("Type one side's card points: the other side has the rest of %(points)s.")
    last = catalogue.gettext("Choose who took the last trick: %(first)s or %(second)s.")
    assert markup.unescape(error_of(refused.text, "card_points_0")) == points % {"points": 87}
    assert markup.unescape(error_of(refused.text, "last_trick")) == last % {"first": "Ann & Cat", "second": "Bob & Dan"}


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_combination_and_a_whole_hand_are_refused_in_the_players_names(client, code):
    speaking(client, code)
    board = start(client)
    # Two Kings are no cricca: refused beside Ann's Kings, as hers (not "Ann's's" or "Seat 1's").
    two = post_hand(client, board, **played(declarations=({"kings": ["KS", "KB"]}, {}, {}, {})))
    beside = markup.unescape(error_of(two.text, "d0_kings"))
    catalogue = speech(code)
    owners = catalogue.gettext("%(owner)s's %(kind)s") % {"owner": "Ann", "kind": catalogue.gettext("cricca of Kings")}
    assert beside.startswith(owners), beside
    # Ann and Cat both declare the King of Swords: the seats the engine names are the players', in any language.
    both = post_hand(
        client, board, **played(declarations=({"kings": ["KS", "KB", "KC"]}, {}, {"kings": ["KS", "KB", "KD"]}, {}))
    )
    beside = markup.unescape(error_of(both.text, "d2_kings"))
    seats = [catalogue.gettext(said) % {"number": n} for said in ("Seat %(number)d", "seat %(number)d") for n in (1, 3)]
    assert "Ann" in beside and "Cat" in beside and not any(seat in beside for seat in seats), beside


def test_a_combination_refused_in_english_is_its_owners(client):
    board = start(client)
    two = post_hand(client, board, **played(declarations=({"kings": ["KS", "KB"]}, {}, {}, {})))
    assert re.match(r"Ann's cricca of Kings: ", error_of(two.text, "d0_kings"))
