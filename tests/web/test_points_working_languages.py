"""A points game's working says each player's money at the stake in the reader's language (issue #32), as one
sentence its language orders: "+3/4 zu 0/1 je Punkt", where English says "+3/4 at 0/1 a point"."""

from __future__ import annotations

import html as markup
import re

import pytest

from companion.games import GAMES
from tests.games.conformance.worked import alerts, post_hand, start_session

#: A Two made with 38 at a penny a point: the declarer is paid 20 by each of the two others.
TWO = {"bid": "two", "declarer": "0", "points": "38"}
SAID = {
    "en": ["+3/4 at 0/1 a point", "−1/8 at 0/1 a point"],
    "fr": ["+3/4 à 0/1 le point", "−1/8 à 0/1 le point"],
    "de": ["+3/4 zu 0/1 je Punkt", "−1/8 zu 0/1 je Punkt"],
    "it": ["+3/4 a 0/1 al punto", "−1/8 a 0/1 al punto"],
}


@pytest.mark.parametrize("code", SAID)
def test_each_players_money_at_the_stake_is_said_in_the_readers_language(client, code):
    assert client.post("/language", data={"lang": code, "next": "/"}).status_code == 303
    board = start_session(client, GAMES["tapp"], 3, {"counting": "traditional"})
    saved = post_hand(client, board, TWO)
    assert saved.status_code == 303, alerts(saved.text)
    page = markup.unescape(client.get(board).text)
    items = re.findall(r'<small class="items">(.*?)</small>', page)
    assert items == [SAID[code][0], SAID[code][1], SAID[code][1]]
