import re

import pytest

from tests.web.helpers import PLAYERS, csrf_from, start_session


def test_start_page_offers_a_new_session(client):
    page = client.get("/")
    assert page.status_code == 200
    for label in ("Player 1", "Player 4", "Deals first", "16 deals", "House rules"):
        assert label in page.text
    assert "None yet" in page.text


def test_session_address_is_unguessable_and_listed_newest_first(client):
    first = start_session(client, names=["A1", "B1", "C1", "D1"])
    second = start_session(client, names=["A2", "B2", "C2", "D2"])
    for location in (first, second):
        public_id = location.rsplit("/", 1)[1]
        assert len(public_id) >= 22 and not public_id.isdigit()
    page = client.get("/").text
    assert page.index("A2, B2") < page.index("A1, B1")


def test_scoreboard_shows_totals_dealer_and_deals_left(client):
    location = start_session(client)
    page = client.get(location).text
    assert "Deal 1 of 8" in page
    assert re.search(r"Dealer <strong>Ann</strong> · eldest <strong>Bob</strong>", page)
    for name in PLAYERS:
        assert name in page
    assert page.count("0/-") >= 4
    assert "stinger settles one game value with declarer alone" in page


def test_missing_and_duplicate_names_are_refused_beside_the_field(client):
    page = client.get("/")
    response = client.post(
        "/sessions",
        data={
            "csrf_token": csrf_from(page.text),
            "player_0": "Ann",
            "player_1": "",
            "player_2": "ann",
            "player_3": "Dan",
            "first_dealer": "0",
            "deals": "16",
            "stinger_settles_with": "declarer",
            "martlet_values": "each",
            "coins": "1/- 0/6",
        },
    )
    assert response.status_code == 422
    assert "Enter the second player" in response.text
    assert 'id="player_1-error"' in response.text
    assert "None yet" in response.text


def test_bad_coins_and_bad_length_are_refused(client):
    page = client.get("/")
    base = {
        "csrf_token": csrf_from(page.text),
        "player_0": "A",
        "player_1": "B",
        "player_2": "C",
        "player_3": "D",
        "first_dealer": "0",
        "stinger_settles_with": "declarer",
        "martlet_values": "each",
    }
    assert client.post("/sessions", data={**base, "deals": "16", "coins": "lots"}).status_code == 422
    assert client.post("/sessions", data={**base, "deals": "12", "coins": "1/-"}).status_code == 422


def test_names_are_escaped_and_stripped(client):
    location = start_session(client, names=["  <b>Ann</b> ", "Bob", "Cat", "Dan"])
    page = client.get(location).text
    assert "<b>Ann</b>" not in page and "&lt;b&gt;Ann&lt;/b&gt;" in page


def test_csrf_is_enforced_when_starting_a_session(client):
    response = client.post(
        "/sessions",
        data={"player_0": "A", "player_1": "B", "player_2": "C", "player_3": "D", "first_dealer": "0", "deals": "8"},
    )
    assert response.status_code == 400
    assert "None yet" in client.get("/").text


def test_unknown_session_is_a_friendly_404(client):
    response = client.get("/s/not-a-session")
    assert response.status_code == 404 and "Not found" in response.text


def test_house_rules_are_kept_with_the_session(client):
    location = start_session(client, stinger_settles_with="table")
    assert "with each of the other three players" in client.get(location).text


def test_odd_page_numbers_show_the_first_page(client):
    """Found by fuzzing: '²' passes str.isdigit() but not int()."""
    for page in ("²", "0", "-1", "x", "99999999999"):
        response = client.get("/", query_string={"page": page})
        assert response.status_code == 200 and "New session" in response.text


@pytest.mark.parametrize("junk", ["%00", "a%00b", "x" * 41, "%C3%A9t%C3%A9", "a.b"])
def test_a_session_address_that_could_not_be_one_is_not_found(client, junk):
    location = start_session(client)
    for path in (f"/s/{junk}", f"/s/{junk}/hands/new", f"/s/{junk}/share", f"/s/{junk}/export.json"):
        assert client.get(path).status_code == 404, path
    page = client.get(f"/reference/house-rules?session={junk}")
    assert page.status_code == 200 and location.rsplit("/", 1)[1] not in page.text


@pytest.mark.parametrize("name", ["Ann\x00", "Ann\tBob", "Ann\nBob", "\x1b[31mAnn"])
def test_a_name_with_control_characters_is_refused_beside_it(client, name):
    page = client.get("/")
    data = {f"player_{i}": n for i, n in enumerate([name, "Bob", "Cat", "Dan"])}
    data.update(csrf_token=csrf_from(page.text), first_dealer="0", deals="16", coins="1/- 0/6")
    data.update(stinger_settles_with="declarer", martlet_values="each")
    response = client.post("/sessions", data=data)
    assert response.status_code == 422
    assert 'id="player_0-error"' in response.text and "control characters" in response.text
    assert "None yet" in response.text


def test_a_name_of_spaces_is_no_name(client):
    page = client.get("/")
    data = {"player_0": "   ", "player_1": "Bob", "player_2": "Cat", "player_3": "Dan"}
    data.update(csrf_token=csrf_from(page.text), first_dealer="0", deals="8")
    response = client.post("/sessions", data=data)
    assert response.status_code == 422 and 'id="player_0-error"' in response.text
    assert "None yet" in client.get("/").text


@pytest.mark.parametrize("coins", [" ".join(["1/-"] * 3000), "9" * 5000 + "/-", "£999"])
def test_a_coin_set_of_thousands_or_a_huge_coin_is_refused_beside_the_field(client, coins):
    page = client.get("/")
    data = {f"player_{i}": n for i, n in enumerate(PLAYERS)}
    data.update(csrf_token=csrf_from(page.text), first_dealer="0", deals="8", coins=coins)
    data.update(stinger_settles_with="declarer", martlet_values="each")
    response = client.post("/sessions", data=data)
    assert response.status_code == 422 and 'id="coins-error"' in response.text
    assert "None yet" in client.get("/").text


def test_a_coin_set_stored_before_the_cap_still_shows_the_scoreboard(app, client):
    from sqlalchemy import update
    from sqlmodel import Session

    from companion.models import Sitting

    location = start_session(client)
    with Session(app.extensions["db_engine"]) as db:
        db.exec(update(Sitting).values(coins=" ".join(f"0/{n % 12}½" for n in range(3000))))
        db.commit()
    page = client.get(location)
    assert page.status_code == 200 and "2/6 (half crown)" in page.text


def poll_url(html: str) -> str:
    return re.search(r'id="board" data-poll hx-get="([^"]+)"', html).group(1).replace("&amp;", "&")


def test_a_scoreboard_poll_is_204_until_a_hand_changes_then_the_board_alone(app, client):
    from tests.web.helpers import PARTNER_MADE, hand_form_data

    location = start_session(client)
    follower = app.test_client()
    poll = poll_url(follower.get(location).text)
    assert poll.startswith(location + "?since=")
    unchanged = follower.get(poll, headers={"HX-Request": "true"})
    assert unchanged.status_code == 204 and unchanged.data == b"" and "HX-Request" in unchanged.headers["Vary"]
    page = client.get(location + "/hands/new").text
    assert client.post(location + "/hands/new", data=hand_form_data(page, **PARTNER_MADE)).status_code == 303
    changed = follower.get(poll, headers={"HX-Request": "true"})
    assert changed.status_code == 200 and 'id="deal-1"' in changed.text
    assert changed.text.lstrip().startswith('<div id="board"') and "<html" not in changed.text
    assert poll_url(changed.text) != poll  # the next poll asks from the new revision
    assert follower.get(poll_url(changed.text), headers={"HX-Request": "true"}).status_code == 204
    assert "<html" in follower.get(poll).text  # without htmx: the whole page


def test_same_players_again_fills_the_start_form_from_the_last_session(app, client):
    location = start_session(client, names=["Ann", "Bob", "Cat", "Dan"], stinger_settles_with="table", first_dealer="2")
    public_id = location.rsplit("/", 1)[1]
    page = client.get("/", query_string={"again": public_id}).text
    for seat, name in enumerate(["Ann", "Bob", "Cat", "Dan"]):
        assert re.search(rf'<input[^>]*id="player_{seat}"[^>]*value="{name}"', page)
    assert re.search(r'<input checked id="stinger_settles_with-\d"[^>]*value="table"', page)
    assert '<input checked id="first_dealer-2"' in page
    stranger = app.test_client().get("/", query_string={"again": public_id}).text
    assert "Ann" not in stranger  # another phone's session is not filled in


def test_a_returning_phone_finds_its_running_sessions_first_and_not_finished_or_old_ones(app, client):
    from datetime import timedelta

    from sqlmodel import Session

    from companion.models import now
    from companion.store import find_sitting

    assert "<h1>New session</h1>" in client.get("/").text  # a new phone: the form first
    running = start_session(client, names=["Ann", "Bob", "Cat", "Dan"])
    old = start_session(client, names=["Eve", "Fay", "Gus", "Hal"])
    with Session(app.extensions["db_engine"]) as db:
        sitting = find_sitting(db, old.rsplit("/", 1)[1])
        sitting.created_at = now() - timedelta(days=3)  # left unfinished three days ago
        db.add(sitting)
        db.commit()
    page = client.get("/").text
    assert page.index("Back to the table") < page.index("Ann, Bob, Cat, Dan") < page.index('id="new-session-h"')
    playing = page[page.index('id="running"') : page.index('id="new-session-h"')]
    assert "Ann, Bob, Cat, Dan" in playing and "Eve, Fay" not in playing
    assert page.index('id="new-session-h"') < page.index("Eve, Fay, Gus, Hal")  # still listed, further down
    assert client.get("/?page=2").text.count("Ann, Bob, Cat, Dan") == 0
    assert running in page


def test_another_number_of_players_keeps_the_names_and_settings_typed(client):
    carried = {"player_0": "Ann", "player_1": "Bob", "player_2": "Cat", "player_3": "Dan", "stake": "0/2"}
    page = client.get("/new/french", query_string={"players": "3", **carried, "deals": "12"}).text
    for seat, name in enumerate(["Ann", "Bob", "Cat"]):
        assert re.search(rf'<input[^>]*id="player_{seat}"[^>]*value="{name}"', page)
    assert 'id="player_3"' not in page and "Dan" not in page  # three players: three names
    assert re.search(r'<input[^>]*id="stake"[^>]*value="0/2"', page)
    assert '<input checked id="deals-1"' in page  # the length is the new number's: 6, not 12
    assert re.search(
        r'<a id="players-3"[^>]*aria-current="page"><span class="tick" aria-hidden="true">✓</span> 3', page
    )


def test_final_standings_give_each_player_a_row_of_their_own(client):
    from tests.web.test_games import save, start

    def rows(board: str) -> list[tuple[str, ...]]:
        return re.findall(
            r'<li data-seat="(\d)"><span class="place">(.*?)</span>\s*<span class="name">(\w+)</span>'
            r'\s*<span class="points">(.*?)</span> <span class="money">(.*?)</span>',
            client.get(board).text,
        )

    board = start(client, "tapp", ["Ann", "Bob", "Cat"], "3", stake="0/1")
    for declarer in ("0", "1", "0"):  # each made three: +20 to declarer, −10 from each other
        save(client, board, bid="three", declarer=declarer, points="38")
    assert rows(board) == [
        ("0", "1st", "Ann", "+30", "2/6"),
        ("1", "2nd", "Bob", "0", "0/-"),
        ("2", "3rd", "Cat", "−30", "−2/6"),
    ]
    square = start(client, "tapp", ["Ann", "Bob", "Cat"], "3", stake="0/1")
    for declarer in ("0", "1", "2"):
        save(client, square, bid="three", declarer=declarer, points="38")
    assert [(place, name) for _, place, name, *_ in rows(square)] == [
        ("1st <small>equal</small>", "Ann"),
        ("1st <small>equal</small>", "Bob"),
        ("1st <small>equal</small>", "Cat"),
    ]
