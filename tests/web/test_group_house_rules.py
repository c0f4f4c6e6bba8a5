"""A group keeps each game's house rules: its settings page, its next sessions and "Same as last time" take
those of the game being started (issue: Sussex Tarot is one package among six)."""

from __future__ import annotations

import json
import re

from sqlmodel import Session, select

from companion.games import GAMES
from companion.games.sussex import HouseRules, MartletValues, StingerSettlesWith
from companion.models import GameOptions, Group
from tests.web.helpers import csrf_from
from tests.web.test_groups import make_group, start_group_session

SUSSEX, TAPP = GAMES["sussex"], GAMES["tapp"]


def checked(html: str, name: str) -> list[str]:
    """The values ticked in a form's radio group ``name``."""
    return re.findall(rf'<input checked id="{name}-\d+" name="{name}" type="radio" value="([^"]+)">', html)


def stored(app, url: str) -> dict:
    with Session(app.extensions["db_engine"]) as db:
        group = db.exec(select(Group).where(Group.public_id == url.rsplit("/", 1)[1])).one()
        return json.loads(group.house_rules)


def save_settings(client, url: str, game: str | None = None, **fields) -> None:
    query = {"game": game} if game else {}
    page = client.get(url + "/settings", query_string=query)
    assert page.status_code == 200
    data = {"csrf_token": csrf_from(page.text), "name": "Tuesday club", "coins": "0/6 1/-", **fields}
    response = client.post(url + "/settings", query_string=query, data=data)
    assert response.status_code == 303, response.text


def start_tapp(client, url: str, counting: str | None = None) -> str:
    page = client.get(url + "/start", query_string={"game": "tapp", "players": 3}).text
    action = re.search(r'<form method="post" action="([^"]+)"', page).group(1).replace("&amp;", "&")
    data = {"player_0": "Ann", "player_1": "Bob", "player_2": "Eve", "first_dealer": "0", "deals": "3"}
    data |= {"stake": "0/1", "coins": "0/6 1/-", "counting": counting or checked(page, "counting")[0]}
    response = client.post(action, data={**data, "csrf_token": csrf_from(page)})
    assert response.status_code == 303, response.text
    return response.headers["Location"]


def test_a_group_keeps_tapp_tarocks_house_rules_apart_from_sussex_tarots(app, client):
    url = make_group(client)  # Sussex Tarot: the stinger settles with the table, martlet values are totals
    tapp_settings = client.get(url + "/settings?game=tapp").text
    assert checked(tapp_settings, "counting") == ["traditional"] and "stinger_settles_with" not in tapp_settings
    assert re.search(r'id="rules-tapp" href="[^"]+" aria-current="page">', tapp_settings)
    save_settings(client, url, "tapp", counting="simplified")
    assert stored(app, url) == {
        "sussex": {"stinger_settles_with": "table", "martlet_values": "total"},
        "tapp": {"counting": "simplified"},
    }
    sussex_settings = client.get(url + "/settings").text
    assert checked(sussex_settings, "stinger_settles_with") == ["table"]
    assert checked(sussex_settings, "martlet_values") == ["total"] and "counting" not in sussex_settings
    # Each game's next session starts with its own house rules, and the group's coins.
    tapp_start = client.get(url + "/start?game=tapp&players=3").text
    assert checked(tapp_start, "counting") == ["simplified"] and 'value="0/6 1/-"' in tapp_start
    assert checked(client.get(url + "/start").text, "stinger_settles_with") == ["table"]
    show = client.get(url).text
    assert "<li>Tapp Tarock: Card points counted simply added" in show
    assert "<li>Sussex Tarot: The stinger settles one game value with each of the other three players.</li>" in show
    # Changing Sussex Tarot's leaves Tapp Tarock's as they were.
    save_settings(client, url, stinger_settles_with="declarer", martlet_values="each")
    assert stored(app, url)["tapp"] == {"counting": "simplified"}
    assert checked(client.get(url + "/settings?game=tapp").text, "counting") == ["simplified"]
    assert checked(client.get(url + "/start").text, "stinger_settles_with") == ["declarer"]


def test_every_games_settings_answer_and_a_game_without_house_rules_changes_only_the_coins(app, client):
    url = make_group(client)
    for game in GAMES:
        assert client.get(url + "/settings", query_string={"game": game}).status_code == 200, game
    save_settings(client, url, "tarocchi")
    assert stored(app, url) == {"stinger_settles_with": "table", "martlet_values": "total"}  # as it was
    assert 'value="0/6 1/-"' in client.get(url + "/start?game=tarocchi&players=4").text


def test_same_as_last_time_takes_the_groups_house_rules_for_the_game_it_starts(client):
    url = make_group(client)
    start_tapp(client, url, counting="simplified")
    again = client.post(url + "/again", data={"csrf_token": csrf_from(client.get(url).text)})
    # No house rules of the group's for Tapp Tarock: last time's.
    assert "Card points counted simply added" in client.get(again.headers["Location"]).text
    save_settings(client, url, "tapp", counting="traditional")
    again = client.post(url + "/again", data={"csrf_token": csrf_from(client.get(url).text)})
    board = client.get(again.headers["Location"]).text
    assert "Card points counted in threes" in board and "Coins: 1/- (shilling), 0/6 (sixpence)" in board
    # A Sussex Tarot evening after it: the group's Sussex Tarot house rules, untouched by Tapp Tarock's.
    sussex = start_group_session(client, url)
    assert "The stinger settles one game value with each of the other three players." in client.get(sussex).text


def test_a_groups_house_rules_as_kept_before_are_sussex_tarots():
    flat = HouseRules(StingerSettlesWith.TABLE, MartletValues.TOTAL).to_json()
    group = Group(public_id="x", edit_key="y", name="Old club", house_rules=json.dumps(flat))
    assert group.options_for(SUSSEX) == HouseRules(StingerSettlesWith.TABLE, MartletValues.TOTAL)
    assert group.options_for(TAPP) == {"counting": "traditional"} and not group.defaults.keeps(TAPP)
    # Kept as before while only Sussex Tarot's are chosen (a group's backup reads them so).
    assert group.defaults.choosing(SUSSEX, HouseRules()).to_json() == HouseRules().to_json()
    both = group.defaults.choosing(TAPP, {"counting": "simplified"})
    assert both.to_json() == {"sussex": flat, "tapp": {"counting": "simplified"}}
    assert GameOptions.from_json(both.to_json()) == both
    assert Group(public_id="x", edit_key="y", name="New").options_for(SUSSEX) == HouseRules()


def test_a_backup_keeps_each_games_house_rules_and_refuses_an_unknown_game(app, client, tmp_path):
    from companion.backup import check_export, import_all
    from tests.conftest import make_app

    url = make_group(client)
    save_settings(client, url, "tapp", counting="simplified")
    start_group_session(client, url)  # a group's backup holds it with its sessions
    backup = json.loads(client.get(url + "/export.json").text)
    other = make_app(tmp_path / "other.sqlite3")
    with Session(other.extensions["db_engine"]) as db:
        import_all(db, backup)
        db.commit()
        [group] = db.exec(select(Group)).all()
        assert GameOptions.from_json(json.loads(group.house_rules)).by_game["tapp"] == {"counting": "simplified"}
    backup["groups"][0]["house_rules"]["nim"] = {}
    try:
        check_export(backup)
    except ValueError as refused:
        assert "no game is called 'nim'" in str(refused)
    else:
        raise AssertionError("a group's house rules for an unknown game were taken")
    other.extensions["db_engine"].dispose()
