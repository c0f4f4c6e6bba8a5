"""Ottocento's hand form as the server makes it: the groups are tiles opened one at a time (details sharing a name),
so the page opens one, the one a player needs first (issue #30, item 6)."""

from __future__ import annotations

import re

from tests.games.ottocento.test_web import SEED, played, post_hand, save, start

GROUPS = ("d0", "d1", "d2", "d3", "c0", "c1")


def opened(html: str) -> list[str]:
    """The groups the page shows unfolded."""
    return re.findall(r'id="(\w\w)-group" data-group open>', html)


def test_every_group_is_one_of_a_set_opened_one_at_a_time(client):
    board = start(client)
    form = post_hand(client, board, action="preview", **played()).text
    tiles = re.findall(r'<details name="otto-group" class="section otto-group[^"]*" id="(\w\w)-group"', form)
    assert tiles == list(GROUPS) and opened(form) == []
    # The captures go with the rest of what play gave when a side calls out: hidden there as the card points are.
    assert re.findall(r'class="section otto-group otto-played" id="(\w\w)-group"', form) == ["c0", "c1"]


def test_the_page_opens_the_first_group_holding_anything(client):
    board = start(client)
    # Bob's Kings declared and Ann & Cat's Grande captured: Bob's opens; Ann & Cat's tile says what it holds.
    hand = played(({"grande": ["angel", "world", "sun"]}, {}), declarations=({}, {"kings": ["KS", "KB", "KC"]}, {}, {}))
    form = post_hand(client, board, action="preview", **hand).text
    assert opened(form) == ["d1"]
    assert re.search(r'id="c0-title">Ann &amp; Cat captured</span>\s*<small class="otto-held" data-held>Grande 3', form)
    save(client, board, SEED)  # Ann & Cat's seven captured combinations, nothing declared
    assert opened(client.get(board + "/hands/1/edit").text) == ["c0"]


def test_a_refused_group_opens_before_one_holding_anything(client):
    board = start(client)
    # Ann's Kings are fine; Bob & Dan's Swords without its King is refused: theirs opens, its problem in view.
    hand = played(({}, {"swords": ["QS", "NS", "begato"]}), declarations=({"kings": ["KS", "KB", "KC"]}, {}, {}, {}))
    refused = post_hand(client, board, **hand)
    assert refused.status_code == 422 and opened(refused.text) == ["c1"]
