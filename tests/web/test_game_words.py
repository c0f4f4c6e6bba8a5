"""Each game in its own words and sides (issue 30, item 7): a session's pages are headed with its game, pages of no
one game with the app's own name; a partnership game stands by side (places, final standings, the chart's lines);
every list of sessions names each session's game."""

from __future__ import annotations

import re

from tests.games.tarocchi.test_web import WORKED_GAME, as_form, save, start
from tests.web import test_games as games
from tests.web.helpers import start_session
from tests.web.test_groups import make_group
from tests.web.test_groups_of_every_game import start_game_session

NAMES = ["Ann", "Bob", "Cat", "Dan"]


def brand(html: str) -> str:
    """The heading every page starts with (its link back to the start page), in words."""
    found = re.search(r'<a class="brand"[^>]*>(.*?)</a>', html, re.S)
    assert found, "no brand"
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split())


def title(html: str) -> str:
    return re.search(r"<title>(.*?)</title>", html, re.S).group(1)


def standings_of(page: str) -> str:
    """The final standings' list."""
    at = page.index('<ol class="standings')
    return page[at : page.index("</ol>", at)]


def finished_tarocchi(client) -> str:
    """The research's worked game of four hands: Ann & Cat 163, Bob & Dan 149."""
    board = start(client, "tarocchi", "4", "1/-")
    for hand in WORKED_GAME["hands"]:
        save(client, board, **as_form(hand))
    return board


# -- the heading -------------------------------------------------------------------------------------------------


def test_a_sessions_pages_are_headed_with_its_game_never_another(client):
    board = start(client, "tarocchi", "4", "1/-")
    save(client, board, side="north-south", points="48")
    pages = {
        "scoreboard": board,
        "hand form": board + "/hands/new",
        "edit a hand": board + "/hands/1/edit",
        "delete a hand": board + "/hands/1/delete",
        "share": board + "/share",
        "delete the session": board + "/delete",
        "the game's start form": "/new/tarocchi",
        "the game's rules page": "/reference/games/tarocchi",
    }
    for what, url in pages.items():
        html = client.get(url).text
        assert brand(html) == "Piedmontese Tarocchi", what
        assert title(html).endswith(" · Piedmontese Tarocchi"), what
        assert "Sussex Tarot" not in brand(html) + title(html), what


def test_a_sussex_session_is_headed_sussex_tarot(client):
    board = start_session(client)
    assert brand(client.get(board).text) == "Sussex Tarot"
    assert brand(client.get(board + "/hands/new").text) == "Sussex Tarot"


def test_pages_of_no_one_game_keep_the_apps_own_name(client):
    group = make_group(client)
    for url in ("/", "/groups/new", group, group + "/sessions", "/s/no-such-session"):
        html = client.get(url).text
        assert brand(html) == "Tarot Companion", url
        assert title(html).endswith(" · Tarot Companion"), url


# -- a partnership game stands by side --------------------------------------------------------------------------


def test_the_final_standings_of_a_partnership_game_are_its_sides(client):
    page = client.get(finished_tarocchi(client)).text
    standings = standings_of(page)
    row = r'<li data-seats="([\d ]+)"><span class="place">(.*?)</span>\s*<span class="name">(.*?)</span>'
    rows = re.findall(row, standings)
    assert rows == [("0 2", "1st", "Ann &amp; Cat"), ("1 3", "2nd", "Bob &amp; Dan")]
    assert "equal" not in standings and "data-seat=" not in standings
    assert re.search(r'data-seats="0 2">.*?\+163.*?1/- each', standings, re.S)


def test_places_are_the_sides_never_shared_between_partners(client):
    page = client.get(finished_tarocchi(client)).text
    # Partners share their side's total: a place shared by partners alone is not "equal".
    assert "equal" not in page
    tile = r'<li data-seats="([\d ]+)"><span class="name">([^<]+)</span> <span class="amount[^"]*">([^<]+)</span> '
    sides = re.findall(tile + r'<span class="place">([^<]+)</span>', page)
    assert sides == [("0 2", "Ann &amp; Cat", "+163", "1st"), ("1 3", "Bob &amp; Dan", "+149", "2nd")]


def test_sides_level_on_points_share_their_place(client):
    board = start(client, "tarocchi", "4", "1/-")
    for side in ("north-south", "east-west", "north-south", "east-west"):
        save(client, board, side=side, points="40")  # 156 each
    standings = standings_of(client.get(board).text)
    places = re.findall(r'<span class="place">(.*?)</span>', standings)
    assert places == ["1st <small>equal</small>", "1st <small>equal</small>"]


def test_a_partnership_games_chart_draws_a_line_a_side(client):
    page = client.get(finished_tarocchi(client)).text
    lines = re.findall(r'<polyline fill="none"[^>]*points="([^"]+)"><title>([^<]+)</title>', page)
    assert [name for _, name in lines] == ["Ann &amp; Cat", "Bob &amp; Dan"]
    assert lines[0][0] != lines[1][0]
    legend = re.search(r'<ul class="legend" id="chart-legend">(.*?)</ul>', page, re.S).group(1)
    assert re.findall(r"</svg>([^<]+)</li>", legend) == ["Ann &amp; Cat", "Bob &amp; Dan"]


def test_a_game_each_plays_alone_still_stands_by_player(client):
    """French Tarot of five: the called partner changes every hand, so each player stands alone."""
    board = games.start(client, "french", ["Ann", "Bob", "Cat", "Dan", "Eve"], "5", stake="0/0½")
    games.save(client, board, taker="0", partner="3", contract="garde", bouts="0", points="66")  # 140 −70 −70 70 −70
    page = client.get(board).text
    assert 'class="sides' not in page and "data-seats=" not in page
    lines = re.findall(r'<polyline fill="none"[^>]*points="[^"]+"><title>([^<]+)</title>', page)
    assert lines == ["Ann", "Bob", "Cat", "Dan", "Eve"]
    places = re.findall(
        r'data-seat="(\d)" data-total="-?\d+" data-place="\d">.*?<span class="place">([^<]+)</span>', page, re.S
    )
    assert places == [("0", "1st"), ("1", "3rd equal"), ("2", "3rd equal"), ("3", "2nd"), ("4", "3rd equal")]


# -- every list of sessions names the game ----------------------------------------------------------------------


def test_every_list_of_sessions_names_each_sessions_game(client):
    group = make_group(client)
    board = start_game_session(client, group, "tarocchi", NAMES, "4", "1/-")
    for hand in WORKED_GAME["hands"]:
        save(client, board, **as_form(hand))
    running = start_game_session(client, group, "tarocchi", NAMES, "4", "1/-")
    save(client, running, side="north-south", points="48")

    def item(html: str, url: str) -> str:
        at = html.index(f'href="{url.removeprefix("http://localhost")}"')
        return html[at : html.index("</li>", at)]

    start_page = client.get("/").text
    running_list = start_page[start_page.index('id="running"') :]
    assert "Piedmontese Tarocchi" in item(running_list, running)
    recent = start_page[start_page.index('id="recent-h"') :]
    assert "Piedmontese Tarocchi" in item(recent, board)
    group_page = client.get(group).text
    assert "Piedmontese Tarocchi" in item(group_page[group_page.index('id="group-sessions"') :], board)
    assert "Piedmontese Tarocchi" in item(client.get(group + "/sessions").text, board)
    ann = re.search(r'href="(/g/[^"]+/players/\d+)">Ann<', group_page).group(1)
    player = client.get(ann).text
    assert "Piedmontese Tarocchi" in item(player[player.index('id="their-sessions-h"') :], board)


def test_a_finished_game_says_in_words_who_won_it(client):
    page = client.get(finished_tarocchi(client)).text
    assert '<p class="winners">Ann &amp; Cat win the game, 163 to 149.</p>' in page


def test_a_game_to_a_target_out_of_deals_with_no_winner_says_it_is_drawn_not_how_far_to_go():
    from companion.games import GAMES
    from companion.games.base import Played

    game = GAMES["ottocento"]
    going = game.outcome(Played((712, 90, 712, 90), 4, 40, names=("Ann", "Bob", "Cat", "Dan")))
    over = game.outcome(Played((712, 90, 712, 90), 40, 40, names=("Ann", "Bob", "Cat", "Dan")))
    assert not going.finished and going.lines[0].startswith("To reach 800: 88 for Ann & Cat")
    assert over.finished and over.winners == () and over.lines == ("No one reached 800 in 40 deals: a drawn game.",)


def test_every_games_rules_sheets_are_headed_with_that_game(client):
    from companion.games import GAMES

    assert sum(len(game.sheets) for game in GAMES.values()) >= 8
    for game in GAMES.values():
        for sheet in game.sheets:
            if "<" in sheet.rule:
                continue
            page = client.get("/reference/" + sheet.rule).text
            assert f'<a class="brand" href="/">{game.name}</a>' in page, sheet.rule
