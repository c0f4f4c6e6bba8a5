"""Each game's start form says which way its deal and play go round, from the game's own source, and a table that
enters its players in that order gets the right dealer for every deal (issue #30, item 5).

The companion's seat arithmetic knows no direction: the next seat in the list deals next and is eldest
(``models.dealer_seat``). So the list must be entered the way the deal goes: the start form says which way.
"""

from __future__ import annotations

import re

import pytest

from companion.games import GAMES
from companion.testing import hidden, hidden_fields
from tests.web.helpers import csrf_from

#: Which way each game's deal passes, as its source says it.
SOURCES = {
    # Sussex Tarot rules, "The deal": "for each subsequent hand the deal passes to the left".
    "sussex": "left",
    # Seed 003, Tapp Tarock, bidding: "the player to the right of the dealer (game is played counter-clockwise)".
    "tapp": "right",
    # FFT rulebook R-RO201206, "La distribution": the deal and play go counter-clockwise.
    "french": "right",
    # Seed 001, Ottocento: "Officially, the deal and play are both counter-clockwise".
    "ottocento": "right",
    # Seed 002, Piedmontese Tarocchi, "The Deal": "with deal moving to the right after each hand".
    "tarocchi": "right",
    # Research on seed 004 (caidwiki "Tarots", du Coeur's reconstruction): the deal rotates left.
    "early-french": "left",
}


def legend_of(html: str) -> str:
    """The words in brackets after "in seat order" in the start form's players' legend."""
    found = re.search(r"<legend>[^<]*in seat order <small>\(([^)]*)\)</small></legend>", html)
    assert found, "no players' legend"
    return found.group(1)


def test_every_game_has_its_source():
    assert set(SOURCES) == set(GAMES)


@pytest.mark.parametrize("game_id", sorted(SOURCES))
def test_each_start_form_says_its_own_direction(client, game_id):
    game = GAMES[game_id]
    direction = SOURCES[game_id]
    for players in game.players:
        page = client.get(f"/new/{game_id}", query_string={"players": players})
        assert page.status_code == 200
        words = legend_of(page.text)
        assert words == game.deal_direction
        assert f"pass to the {direction}" in words
        assert ("left" if direction == "right" else "right") not in words


# -- a table of Piedmontese Tarocchi, as it sits ----------------------------------------------------------------

#: Round the table clockwise (as seen from above), so each player's left-hand neighbour is the next one here.
CLOCKWISE = ["Ann", "Bob", "Cat", "Dan"]


def next_to(player: str, side: str) -> str:
    """The neighbour on a player's ``side`` ("left" or "right") at the table above."""
    step = 1 if side == "left" else -1
    return CLOCKWISE[(CLOCKWISE.index(player) + step) % len(CLOCKWISE)]


def seat_order(first: str, words: str) -> list[str]:
    """The players listed as the start form's words say: from ``first``, each next one on the side the deal goes."""
    side = re.search(r"to the (left|right)", words).group(1)
    order = [first]
    while len(order) < len(CLOCKWISE):
        order.append(next_to(order[-1], side))
    return order


def test_a_tarocchi_table_that_follows_the_form_gets_each_dealer(client):
    page = client.get("/new/tarocchi")
    names = seat_order("Ann", legend_of(page.text))
    data = {f"player_{i}": n for i, n in enumerate(names)}
    data.update(csrf_token=csrf_from(page.text), first_dealer="0", deals="4", stake="1/-", stake_per="game")
    data["coins"] = "0/1 0/3 0/6 1/- 2/6"
    started = client.post("/new/tarocchi", data=data)
    assert started.status_code == 303, started.text
    board = started.headers["Location"]
    # Seed 002: the deal moves to the right, and eldest is the player on the dealer's right.
    dealer = "Ann"
    for deal in (1, 2, 3):
        eldest = next_to(dealer, "right")
        shown = client.get(board).text
        assert f"Dealer <strong>{dealer}</strong> · eldest <strong>{eldest}</strong>" in shown, deal
        form = client.get(board + "/hands/new").text
        partner = next_to(eldest, "right")
        assert f"{dealer} dealt: the two discards count for {dealer} &amp; {partner}." in " ".join(form.split())
        fields = {**hidden_fields(form), "dealer": hidden(form, "dealer"), "action": "save"}
        # The dealer's side counted from its cards: 10 tricks and the two discards, as a table counts them.
        fields.update(side=side_of(names, dealer), face="76", cards="42")
        saved = client.post(board + "/hands/new", data=fields)
        assert saved.status_code == 303, saved.text
        dealer = eldest


def side_of(names: list[str], player: str) -> str:
    """The side a player's seat plays for: seats 1 and 3 are North–South."""
    return "north-south" if names.index(player) % 2 == 0 else "east-west"
