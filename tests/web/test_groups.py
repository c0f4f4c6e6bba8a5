"""Groups through the web: making one, its players, starting its sessions, its pages, links and exports."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from tests.web.helpers import PARTNER_MADE, PLAYERS, csrf_from, hand_form_data


def make_group(client, name="Tuesday club", **extra) -> str:
    page = client.get("/groups/new")
    data = {
        "csrf_token": csrf_from(page.text),
        "name": name,
        "stinger_settles_with": "table",
        "martlet_values": "total",
        "coins": "0/1 0/6 1/- 2/6",
        **extra,
    }
    response = client.post("/groups/new", data=data)
    assert response.status_code == 303, response.text
    return response.headers["Location"]


def start_group_session(client, group_url, names=PLAYERS, deals="8", first_dealer="0") -> str:
    page = client.get(group_url + "/start")
    assert page.status_code == 200
    data = {f"player_{i}": n for i, n in enumerate(names)}
    data.update(
        csrf_token=csrf_from(page.text),
        first_dealer=first_dealer,
        deals=deals,
        stinger_settles_with="table",
        martlet_values="total",
        coins="0/1 0/6 1/- 2/6",
    )
    response = client.post(group_url + "/sessions", data=data)
    assert response.status_code == 303, response.text
    return response.headers["Location"]


def score(client, session_url, **fields):
    form = client.get(session_url + "/hands/new")
    response = client.post(session_url + "/hands/new", data=hand_form_data(form.text, **fields))
    assert response.status_code == 303, response.text


def play_out(client, session_url, deals=8, **fields):
    """Every deal of a session the same hand: only a finished session's money counts in the group."""
    for _ in range(deals):
        score(client, session_url, **fields)


def leaderboard(html: str) -> list[tuple[str, int]]:
    rows = re.findall(r'<tr data-member="\d+" data-net="(-?\d+)">.*?<a href="[^"]+">([^<]+)</a>', html, re.S)
    return [(name, int(net)) for net, name in rows]


def test_a_group_is_listed_on_its_phone_and_starts_with_its_house_rules(client):
    url = make_group(client)
    assert "Tuesday club" in client.get("/").text
    start = client.get(url + "/start").text
    assert '<input checked id="stinger_settles_with-1" name="stinger_settles_with" type="radio" value="table">' in start
    assert 'value="0/1 0/6 1/- 2/6"' in start
    assert '<datalist id="members">' in start


def test_sessions_fill_the_leaderboard_and_a_new_name_joins_the_group(client):
    url = make_group(client)
    one = start_group_session(client, url)
    play_out(client, one, **PARTNER_MADE)  # Bob declares with Dan: +0/6 each, Ann and Cat -0/6, 8 times
    two = start_group_session(client, url, names=["Eve", "ann", "Bob", "Cat"])
    score(client, two, **PARTNER_MADE)  # ann (seat 1) declares with Cat (seat 3)
    page = client.get(url).text
    # The second session is unfinished: its money does not count yet.
    assert leaderboard(page) == [("Bob", 96), ("Dan", 96), ("Eve", 0), ("Ann", -96), ("Cat", -96)]
    play_out(client, two, deals=7, **PARTNER_MADE)
    page = client.get(url).text
    # Ann: -96 then +96; Bob: +96 then -96; Cat: -96 then +96; Dan +96; Eve -96 (halfpence).
    assert leaderboard(page) == [("Dan", 96), ("Ann", 0), ("Bob", 0), ("Cat", 0), ("Eve", -96)]
    players = re.search(r'<ul class="chips" id="group-players">(.*?)</ul>', page, re.S).group(1)
    assert re.findall(r">([^<]+)</a>", players) == ["Ann", "Bob", "Cat", "Dan", "Eve"]  # "ann" is Ann
    assert "2 sessions played" in page
    assert '<svg class="chart"' in page and "Money over the sessions" in page


def test_same_as_last_time_is_one_tap(client):
    url = make_group(client)
    first = start_group_session(client, url, first_dealer="2")
    page = client.get(url).text
    response = client.post(url + "/again", data={"csrf_token": csrf_from(page)})
    assert response.status_code == 303
    second = response.headers["Location"]
    assert second != first
    board = client.get(second).text
    assert all(name in board for name in PLAYERS)
    assert "Dealer <strong>Cat</strong>" in board  # last time's first dealer
    assert "Tuesday club" in board  # the way back to the group


def test_the_player_page_and_a_rename(client):
    url = make_group(client)
    one = start_group_session(client, url)
    play_out(client, one, **PARTNER_MADE)
    page = client.get(url).text
    bob = re.search(r'href="(/g/[^"]+/players/\d+)">Bob<', page).group(1)
    mine = client.get(bob).text
    assert 'id="net">4/-<' in mine
    assert re.search(r'data-bid="4"><th scope="row">Four</th><td>8 of 8', mine)
    response = client.post(bob, data={"csrf_token": csrf_from(mine), "name": "Robert"})
    assert response.status_code == 303
    assert "Robert" in client.get(one).text  # the old scoreboard says so too
    assert leaderboard(client.get(url).text) == [("Dan", 96), ("Robert", 96), ("Ann", -96), ("Cat", -96)]
    taken = client.post(bob, data={"csrf_token": csrf_from(mine), "name": "DAN"})
    assert taken.status_code == 422 and "Another player of the group has that name." in taken.text


def test_adding_a_player_and_a_duplicate(client):
    url = make_group(client)
    page = client.get(url).text
    assert client.post(url + "/players", data={"csrf_token": csrf_from(page), "name": "Fay"}).status_code == 303
    again = client.post(url + "/players", data={"csrf_token": csrf_from(page), "name": " fay "})
    assert again.status_code == 422 and "already" in again.text
    empty = client.post(url + "/players", data={"csrf_token": csrf_from(page), "name": " "})
    assert empty.status_code == 422 and "Enter the player&#39;s name." in empty.text


def test_a_bad_group_name_is_refused_beside_its_field(client):
    page = client.get("/groups/new")
    response = client.post("/groups/new", data={"csrf_token": csrf_from(page.text), "name": "", "coins": "0/1"})
    assert response.status_code == 422 and "Name the group" in response.text


def test_the_view_link_only_views_and_the_edit_link_scores(app, client):
    url = make_group(client)
    one = start_group_session(client, url)
    share = client.get(url + "/share").text
    assert "<h1>Share this group</h1>" in share and "<h1>Share this session</h1>" in client.get(one + "/share").text
    edit = re.search(r'href="http://localhost(/g/[^"]+/join/[^"]+)"', share).group(1)
    viewer = app.test_client()
    assert viewer.get(url).status_code == 200
    assert "same-as-last-time" not in viewer.get(url).text
    assert viewer.get(url + "/start").status_code == 403
    assert viewer.get(one + "/hands/new").status_code == 403
    assert viewer.get(url + "/export.csv").status_code == 403
    assert viewer.get(edit).status_code == 303
    assert viewer.get(one + "/hands/new").status_code == 200  # the group's edit link scores its sessions
    renew = client.post(url + "/share/renew", data={"csrf_token": csrf_from(share)})
    assert renew.status_code == 303
    assert viewer.get(one + "/hands/new").status_code == 403
    assert app.test_client().get(edit).status_code == 404


@pytest.mark.parametrize("path", ["/g/nope", "/g/nope/players/1", "/g/%00/start"])
def test_unknown_groups_are_404(client, path):
    assert client.get(path).status_code == 404


def test_another_groups_player_is_404(client):
    a, b = make_group(client, name="A"), make_group(client, name="B")
    start_group_session(client, a)
    player = re.search(r'href="/g/[^"]+/players/(\d+)"', client.get(a).text).group(1)
    assert client.get(f"{b}/players/{player}").status_code == 404


def test_exports_hold_the_groups_sessions(client):
    url = make_group(client)
    one = start_group_session(client, url)
    play_out(client, one, **PARTNER_MADE)
    start_group_session(client, url, names=["Eve", "Ann", "Bob", "Cat"])
    rows = list(csv.reader(io.StringIO(client.get(url + "/export.csv").text)))
    header = rows[0]
    assert header[:3] == ["session", "started", "deal"]
    assert header[-5:] == ["Ann (s/d)", "Bob (s/d)", "Cat (s/d)", "Dan (s/d)", "Eve (s/d)"]
    assert rows[1][-5:] == ["\u22120/6", "0/6", "\u22120/6", "0/6", ""]
    assert rows[-1][-5:] == ["\u22124/-", "4/-", "\u22124/-", "4/-", "0/-"]
    backup = json.loads(client.get(url + "/export.json").text)
    [group] = backup["groups"]
    assert group["name"] == "Tuesday club" and sorted(group["players"]) == ["Ann", "Bob", "Cat", "Dan", "Eve"]
    assert [s["group"] for s in backup["sessions"]] == [group["id"]] * 2


def test_the_group_page_lists_its_latest_sessions_and_pages_the_rest(app, client):
    url = make_group(client)
    for _ in range(12):
        start_group_session(client, url)
    page = client.get(url).text
    latest = re.search(r'<ul class="sessions" id="group-sessions">(.*?)</ul>', page, re.S).group(1)
    assert latest.count("<li>") == 10 and 'id="older-sessions"' in page
    first = client.get(url + "/sessions").text
    assert first.count('<li><a href="/s/') == 12 and ">Older<" not in first
    assert "No sessions on this page." in client.get(url + "/sessions?page=2").text
    assert client.get(url + "/sessions?page=x").status_code == 200


def test_settings_change_the_next_sessions_house_rules_not_the_last(client):
    url = make_group(client)
    first = start_group_session(client, url)
    page = client.get(url + "/settings")
    assert page.status_code == 200 and 'value="Tuesday club"' in page.text
    data = {
        "csrf_token": csrf_from(page.text),
        "name": "Thursday club",
        "stinger_settles_with": "declarer",
        "martlet_values": "each",
        "coins": "0/6 1/-",
    }
    assert client.post(url + "/settings", data=data).status_code == 303
    show = client.get(url).text
    assert "<h1>Thursday club</h1>" in show and "Coins: 1/- (shilling), 0/6 (sixpence)</li>" in show
    again = client.post(url + "/again", data={"csrf_token": csrf_from(show)}).headers["Location"]
    assert "Coins: 1/- (shilling), 0/6 (sixpence)</li>" in client.get(again).text
    assert "2/6 (half crown)" in client.get(first).text  # the first session keeps its coins
    bad = client.post(url + "/settings", data={**data, "coins": "lots"})
    assert bad.status_code == 422 and "Coins:" in bad.text
    assert "<h1>Thursday club</h1>" in client.get(url).text


def test_a_player_page_lists_their_latest_ten_sessions(client):
    url = make_group(client)
    for _ in range(12):
        score(client, start_group_session(client, url), **PARTNER_MADE)
    page = client.get(url).text
    bob = re.search(r'href="(/g/[^"]+/players/\d+)">Bob<', page).group(1)
    mine = client.get(bob).text
    assert 'id="session-count">12<' in mine and 'id="net">0/-<' in mine  # none finished: no money yet
    listed = re.search(r'<ol class="sessions" reversed>(.*?)</ol>', mine, re.S).group(1)
    assert listed.count("<li>") == 10 and "And 2 earlier" in mine
    assert 'id="up">none' in mine  # one hand of eight each time: no session was finished
    assert "12 left unfinished" in mine and mine.count("unfinished, 1 of 8 deals") == 10


@pytest.mark.parametrize("member_id", [2**31, 2**63, 10**30])
def test_a_player_id_past_the_databases_integers_is_404(client, member_id):
    url = make_group(client)
    page = client.get(url).text
    assert client.get(f"{url}/players/{member_id}").status_code == 404
    rename = client.post(f"{url}/players/{member_id}", data={"csrf_token": csrf_from(page), "name": "Zed"})
    assert rename.status_code == 404


def fill_group(app, url: str, players: int) -> None:
    """The group of ``url`` with ``players`` more players, added straight to the database."""
    from sqlmodel import Session

    from companion.store import find_group, members_named

    with Session(app.extensions["db_engine"]) as db:
        group = find_group(db, url.rsplit("/", 1)[-1])
        members_named(db, group, [f"Player {n}" for n in range(players)])
        db.commit()


def test_a_full_group_refuses_another_player_beside_the_name(app, client):
    from companion.store import MAX_PLAYERS

    url = make_group(client)
    fill_group(app, url, MAX_PLAYERS - 1)
    page = client.get(url).text
    assert client.post(url + "/players", data={"csrf_token": csrf_from(page), "name": "Fay"}).status_code == 303
    full = client.post(url + "/players", data={"csrf_token": csrf_from(page), "name": "Gus"})
    assert full.status_code == 422
    assert re.search(r'id="name-error"[^>]*>[^<]*at most 200 players', full.text)
    taken = client.post(url + "/players", data={"csrf_token": csrf_from(page), "name": "fay"})
    assert taken.status_code == 422 and "already" in taken.text  # a name the group has is told so, full or not


def test_a_full_group_starts_no_session_with_a_new_name(app, client):
    from companion.store import MAX_PLAYERS

    url = make_group(client)
    fill_group(app, url, MAX_PLAYERS - 2)
    page = client.get(url + "/start")
    data = {
        "csrf_token": csrf_from(page.text),
        "first_dealer": "0",
        "deals": "8",
        "stinger_settles_with": "table",
        "martlet_values": "total",
        "coins": "0/1 0/6 1/- 2/6",
    }
    names = {"player_0": "Player 1", "player_1": "Ann", "player_2": "Bob", "player_3": "Cat", **data}
    refused = client.post(url + "/sessions", data=names)
    assert refused.status_code == 422
    assert [f for f in ("player_0", "player_1", "player_2", "player_3") if f'id="{f}-error"' in refused.text] == [
        "player_1",
        "player_2",
        "player_3",
    ]
    assert "at most 200 players" in refused.text and client.get(url).text.count('id="group-players"') == 1
    fits = client.post(url + "/sessions", data={**names, "player_3": "Player 2"})  # two new names: room for them
    assert fits.status_code == 303


def test_the_leaderboard_pages_and_the_chart_draws_the_leaders(app, client):
    from sqlmodel import Session

    from companion.games.sussex import DEFAULT_HOUSE_RULES, HandRecord
    from companion.store import create_sitting, find_group, record_hand

    url = make_group(client)
    with Session(app.extensions["db_engine"], expire_on_commit=False) as db:
        group = find_group(db, url.rsplit("/", 1)[-1])
        for night in range(6):  # 24 players, four a night
            names = [f"P{night:02}{seat}" for seat in range(4)]
            sitting = create_sitting(db, names, 8, 0, DEFAULT_HOUSE_RULES, group=group)
            hand = {"bid": "4", "declarer": night % 4, "called_card": "7C", "young_trumps": "hearts", "holder": 3}
            record_hand(db, sitting, 1, HandRecord.from_json({**hand, "points": 71, "in_trug": False}), f"n{night}")
    page = client.get(url).text
    assert len(leaderboard(page)) == 20 and 'id="whole-leaderboard"' in page and "24 players" in page
    assert re.search(r'<ul class="legend" id="money-legend">(.*?)</ul>', page, re.S).group(1).count("<li>") == 8
    assert "the leading 8" in page
    whole = client.get(url + "/leaderboard").text
    assert [n for n, _ in leaderboard(whole)[:20]] == [n for n, _ in leaderboard(page)]
    assert len(leaderboard(whole)) == 24 and re.findall(r"<td>(\d+)</td>\s*<th", whole)[-1] == "24"
    assert "No players on this page." in client.get(url + "/leaderboard?page=2").text
