"""Every field of every form, fuzzed through the app: never a 500, never a bad hand saved. (Every game's hand form:
tests/games/conformance/test_forms.py.)"""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import text
from sqlmodel import Session

from companion import backup
from companion.games import DEFAULT, GAMES
from companion.games.sussex import DEFAULT_HOUSE_RULES, HandRecord
from companion.store import create_group, create_sitting, find_sitting, record_hand
from companion.web.sittings.forms import sitting_form
from tests.conftest import EXAMPLES, load_example, make_app
from tests.web.helpers import PARTNER_MADE, csrf_from, hand_form_data, start_session
from tests.web.test_groups import make_group, start_group_session

#: FUZZ_EXAMPLES=600 for a longer hunt than the suite's.
FUZZ = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],  # requests between draws
)
#: 404: no such player or hand; 410: a deleted session (never a 5xx).
OK_STATUSES = {200, 303, 400, 403, 404, 410, 413, 422}
junk = st.one_of(
    st.text(max_size=40),
    st.integers(-(10**12), 10**12).map(str),
    st.sampled_from(["", " ", "0", "-1", "131", "1e9", "NaN", "hand-9", "trug-0", "old", "X", "<b>", "'; drop", "½"]),
    # Numbers no one types: past 308 digits a float overflows, past 4,300 Python's int() refuses the text.
    st.sampled_from(["1" * 320, "9" * 4301, "7" * 5000, "4" * 20 + ".5", "-" + "3" * 400]),
)


def field_names(form_class, **kwargs) -> list[str]:
    from companion import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": "sqlite://", "WTF_CSRF_ENABLED": False})
    with app.test_request_context():
        form = form_class(**kwargs)
        return [f.name for f in form if f.name != "csrf_token"]


SITTING_FIELDS = field_names(lambda: sitting_form(DEFAULT, 4))


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory):
    # Thousands of requests from one address in a long hunt: the limits are tested in test_limits.py.
    app = make_app(tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite3", RATELIMIT_ENABLED=False)
    yield app
    app.extensions["db_engine"].dispose()


def check_no_crash(response):
    assert response.status_code in OK_STATUSES, response.status_code
    assert "Traceback" not in response.text


def check_stored_hands_are_whole(app):
    """Every stored hand, of any game, scores now to what its row holds."""
    query = (
        "select game, seats, record, pay_0, pay_1, pay_2, pay_3, pay_4"
        " from hand join sitting on sitting.id = hand.sitting_id"
    )
    with Session(app.extensions["db_engine"]) as db:
        for game, seats, record, *pays in db.exec(text(query)):
            found = GAMES[game].score(GAMES[game].parse(json.loads(record), seats, stored=True)).net
            assert list(found) == pays[:seats]


@FUZZ
@given(changes=st.dictionaries(st.sampled_from(SITTING_FIELDS), junk, max_size=8))
def test_fuzzed_new_session_form(fuzz_app, changes):
    client = fuzz_app.test_client()
    data = {
        "player_0": "A",
        "player_1": "B",
        "player_2": "C",
        "player_3": "D",
        "first_dealer": "0",
        "deals": "16",
        "stinger_settles_with": "declarer",
        "martlet_values": "each",
        "coins": "1/- 0/6",
    }
    data.update(changes, csrf_token=csrf_from(client.get("/").text))
    response = client.post("/sessions", data=data)
    check_no_crash(response)
    if response.status_code == 303:
        board = client.get(response.headers["Location"])
        assert board.status_code == 200
        assert all(len(data[f"player_{i}"].strip()) <= 30 for i in range(4))


@FUZZ
@given(query=st.dictionaries(st.sampled_from(["young", "held", "asked", "session", "page"]), junk, max_size=4))
def test_fuzzed_reference_and_start_queries(fuzz_app, query):
    client = fuzz_app.test_client()
    for path in ("/", "/reference/called-cards", "/reference/solo", "/reference/house-rules", "/reference/cards/XXI"):
        check_no_crash(client.get(path, query_string=query))


# -- the other games' start forms, and the forms that start sessions and groups and change a group ----------
# (Every game's hand form, new, previewed and edited: tests/games/conformance/test_forms.py.)

POINTS_GAMES = {
    "tapp": (["Ann", "Bob", "Cat"], "6", {"bid": "three", "declarer": "0", "points": "38"}),
    "french": (
        ["Ann", "Bob", "Cat", "Dan", "Eve"],
        "5",
        {"taker": "0", "partner": "1", "contract": "garde", "bouts": "2", "points": "45"},
    ),
}


@FUZZ
@given(
    game=st.sampled_from(sorted(POINTS_GAMES)),
    changes=st.dictionaries(
        st.sampled_from(["player_0", "player_1", "first_dealer", "deals", "stake", "coins", "counting"]),
        junk,
        max_size=5,
    ),
    players=junk,
)
def test_fuzzed_points_game_start_forms(fuzz_app, game, changes, players):
    client = fuzz_app.test_client()
    page = client.get(f"/new/{game}", query_string={"players": players})
    check_no_crash(page)
    data = {f"player_{i}": f"N{i}" for i in range(5)}
    data.update(csrf_token=csrf_from(page.text), first_dealer="0", deals=POINTS_GAMES[game][1], stake="0/1")
    data.update(coins="0/1 1/-")
    data.update(changes)
    check_no_crash(client.post(f"/new/{game}", query_string={"players": players}, data=data))


@pytest.fixture(scope="module")
def a_group(fuzz_app):
    client = fuzz_app.test_client()
    url = make_group(client, name="Fuzzers")
    start_group_session(client, url)
    return client, url


@FUZZ
@given(
    where=st.sampled_from(["/players", "/players/1", "/players/99999999999", "/settings", "/sessions", "/again"]),
    changes=st.dictionaries(
        st.sampled_from(
            ["name", "coins", "stinger_settles_with", "martlet_values", "player_0", "deals", "first_dealer"]
        ),
        junk,
        max_size=5,
    ),
)
def test_fuzzed_group_forms(a_group, where, changes):
    client, url = a_group
    data = {"csrf_token": csrf_from(client.get(url).text), "name": "Fay", **changes}
    check_no_crash(client.post(url + where, data=data))
    if where not in ("/players", "/again"):  # POST only
        check_no_crash(client.get(url + where))


# -- the API and the import: any JSON at all, and worked hands or exports with parts replaced by junk ---------

json_junk = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | junk,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=12), inner, max_size=3),
    max_leaves=8,
)
WORKED_HANDS = [load_example(p)["hand"] for p in EXAMPLES]


def replace_parts(value, paths: list[list[int]], junk_values: list) -> object:
    """``value`` with the parts chosen by ``paths`` (indexes into its keys, level by level) replaced by junk."""
    value = json.loads(json.dumps(value))
    for path, new in zip(paths, junk_values, strict=False):
        parent, key = None, None
        node = value
        for step in path:
            keys = list(node) if isinstance(node, dict) else list(range(len(node))) if isinstance(node, list) else []
            if not keys:
                break
            parent, key = node, keys[step % len(keys)]
            node = node[key]
        if parent is not None:
            parent[key] = new
    return value


paths = st.lists(st.lists(st.integers(0, 40), min_size=1, max_size=5), min_size=1, max_size=3)


def check_api_answer(response):
    assert response.status_code in (200, 413, 422), response.status_code
    if response.status_code != 200:
        assert set(response.json) == {"error", "field"} and response.json["error"]


@FUZZ
@given(body=json_junk)
def test_fuzzed_api_with_any_json(fuzz_app, body):
    check_api_answer(fuzz_app.test_client().post("/api/score", json=body))


@FUZZ
@given(hand=st.sampled_from(WORKED_HANDS), where=paths, junk_values=st.lists(json_junk, min_size=3, max_size=3))
def test_fuzzed_api_with_worked_hands_partly_replaced(fuzz_app, hand, where, junk_values):
    response = fuzz_app.test_client().post("/api/score", json=replace_parts(hand, where, junk_values))
    check_api_answer(response)
    if response.status_code == 200:  # whatever was accepted scores to a zero-sum result in whole halfpence
        assert sum(response.json["net_halfpence"]) == 0


GUBBER_PARTNER = {"bid": "4", "declarer": 1, "called_card": "7C", "young_trumps": "hearts", "holder": 3, "points": 71}


@pytest.fixture(scope="module")
def an_export(fuzz_app):
    client = fuzz_app.test_client()
    location = start_session(client, names=["Exa", "Exb", "Exc", "Exd"])
    for deal in range(2):
        page = client.get(location + "/hands/new").text
        client.post(location + "/hands/new", data=hand_form_data(page, **{**PARTNER_MADE, "points": str(60 + deal)}))
    with Session(fuzz_app.extensions["db_engine"], expire_on_commit=False) as db:
        sitting = find_sitting(db, location.rsplit("/", 1)[1])
        group = create_group(db, "Fuzz club", DEFAULT_HOUSE_RULES)  # and a session of a group, with its players
        club = create_sitting(db, ["Exa", "Exb", "Exc", "Exe"], 8, 0, DEFAULT_HOUSE_RULES, group=group)
        record_hand(db, club, 1, HandRecord.from_json(GUBBER_PARTNER), "fuzz-club-1")
        return json.loads(json.dumps(backup.export_all(db, [sitting, club])))


@FUZZ
@given(where=paths, junk_values=st.lists(json_junk, min_size=3, max_size=3))
def test_fuzzed_import(fuzz_app, an_export, where, junk_values):
    data = replace_parts(an_export, where, junk_values)
    engine = fuzz_app.extensions["db_engine"]
    with Session(engine) as db:
        before = db.exec(text("select count(*) from sitting")).one()[0]
    with Session(engine, expire_on_commit=False) as db:
        try:
            imported = len(backup.import_all(db, data))
        except backup.ImportError_ as refused:
            imported = 0
            assert str(refused) and all(line.strip() for line in str(refused).splitlines())
    with Session(engine) as db:
        assert db.exec(text("select count(*) from sitting")).one()[0] == before + imported
    check_stored_hands_are_whole(fuzz_app)
