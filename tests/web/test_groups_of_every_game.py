"""A club plays any game: its Tapp Tarock and French Tarot evenings count on the leaderboard (in money, at each
session's stake) and on each player's page (with that game's own figures)."""

from __future__ import annotations

import re

from companion.testing import hidden_fields
from tests.web.helpers import PARTNER_MADE, csrf_from
from tests.web.test_groups import leaderboard, make_group, play_out, start_group_session


def start_game_session(client, group_url: str, game: str, names: list[str], deals: str, stake: str, **extra) -> str:
    page = client.get(f"{group_url}/start", query_string={"game": game, "players": len(names)})
    assert page.status_code == 200 and f'id="game-{game}" href' in page.text
    action = re.search(r'<form method="post" action="([^"]+)"', page.text).group(1).replace("&amp;", "&")
    data = {f"player_{i}": n for i, n in enumerate(names)}
    data.update(csrf_token=csrf_from(page.text), first_dealer="0", deals=deals, stake=stake, coins="0/1 1/-")
    data.update(extra)
    response = client.post(action, data=data)
    assert response.status_code == 303, response.text
    return response.headers["Location"]


def save(client, board: str, **fields) -> None:
    form = client.get(board + "/hands/new")
    response = client.post(board + "/hands/new", data={**hidden_fields(form.text), "action": "save", **fields})
    assert response.status_code == 303, response.text


def test_a_tapp_evening_in_a_group_counts_on_the_leaderboard_and_the_players_page(client):
    url = make_group(client)
    sussex = start_group_session(client, url)
    play_out(client, sussex, **PARTNER_MADE)  # Bob and Dan +0/6, Ann and Cat -0/6, each of 8 deals
    tapp = start_game_session(client, url, "tapp", ["Ann", "Bob", "Eve"], "3", "0/1", counting="traditional")
    for _ in range(3):
        save(client, tapp, bid="three", declarer="0", points="38")  # Ann +20 points, Bob and Eve -10 each
    page = client.get(url).text
    # Money at each session's stake: a penny a point in the Tapp Tarock evening.
    assert dict(leaderboard(page)) == {"Ann": -96 + 120, "Bob": 96 - 60, "Cat": -96, "Dan": 96, "Eve": -60}
    assert "2 sessions played" in page
    ann = re.search(r'href="(/g/[^"]+/players/\d+)">Ann<', page).group(1)
    mine = client.get(ann).text
    assert 'id="session-count">2<' in mine
    assert 'id="figures-sussex-h"' in mine and 'id="figures-tapp-h"' in mine
    tapp_figures = mine[mine.index('id="figures-tapp-h"') :]
    assert re.search(r'data-bid="three"><th scope="row">Three</th><td>3 of 3', tapp_figures)


def test_a_french_evening_of_five_in_a_group_counts_every_seat(client):
    url = make_group(client)
    names = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    french = start_game_session(client, url, "french", names, "5", "0/0½")
    # Garde, 0 bouts, 66: 70 from each defender; Ann (taker) 140, Dan (partner) 70; Bob, Cat, Eve -70 each.
    for _ in range(5):
        save(client, french, taker="0", partner="3", contract="garde", bouts="0", points="66")
    board = dict(leaderboard(client.get(url).text))
    assert board == {"Ann": 700, "Dan": 350, "Bob": -350, "Cat": -350, "Eve": -350}  # the fifth seat's, 0/0½ a point
    eve = re.search(r'href="(/g/[^"]+/players/\d+)">Eve<', client.get(url).text).group(1)
    assert 'id="net">−14/7<' in client.get(eve).text
