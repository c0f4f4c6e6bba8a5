"""Every field of every form, fuzzed through the app: never a 500, never a bad hand saved."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import text
from sqlmodel import Session

from companion.rules import HandRecord, score
from companion.web.hands.forms import HandForm
from companion.web.sittings.forms import NewSittingForm
from tests.conftest import make_app
from tests.web.helpers import PARTNER_MADE, csrf_from, hand_form_data, start_session

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
OK_STATUSES = {200, 303, 400, 403, 413, 422}
junk = st.one_of(
    st.text(max_size=40),
    st.integers(-(10**12), 10**12).map(str),
    st.sampled_from(["", " ", "0", "-1", "131", "1e9", "NaN", "hand-9", "trug-0", "old", "X", "<b>", "'; drop", "½"]),
)


def field_names(form_class, **kwargs) -> list[str]:
    from companion import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": "sqlite://", "WTF_CSRF_ENABLED": False})
    with app.test_request_context():
        form = form_class(**kwargs)
        return [f.name for f in form if f.name != "csrf_token"]


HAND_FIELDS = field_names(HandForm, names=["A", "B", "C", "D"])
SITTING_FIELDS = field_names(NewSittingForm)


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite3")
    yield app
    app.extensions["db_engine"].dispose()


def check_no_crash(response):
    assert response.status_code in OK_STATUSES, response.status_code
    assert "Traceback" not in response.text


def check_stored_hands_are_whole(app):
    with Session(app.extensions["db_engine"]) as db:
        for record, *pays in db.exec(text("select record, pay_0, pay_1, pay_2, pay_3 from hand")):
            assert list(score(HandRecord.from_json(json.loads(record))).net_halfpence) == pays


@FUZZ
@given(
    changes=st.dictionaries(st.sampled_from(HAND_FIELDS), st.one_of(junk, st.lists(junk, max_size=3)), max_size=6),
    dropped=st.lists(st.sampled_from(HAND_FIELDS), max_size=4),
    path=st.sampled_from(["/hands/new", "/hands/preview"]),
)
def test_fuzzed_hand_form(fuzz_app, changes, dropped, path):
    client = fuzz_app.test_client()
    location = start_session(client)
    page = client.get(location + "/hands/new").text
    data = hand_form_data(page, **{**PARTNER_MADE, **changes})
    for name in dropped:
        data.pop(name, None)
    response = client.post(location + path, data=data, headers={"HX-Request": "true"} if "preview" in path else {})
    check_no_crash(response)
    if response.status_code == 303:
        check_stored_hands_are_whole(fuzz_app)


@FUZZ
@given(changes=st.dictionaries(st.sampled_from(HAND_FIELDS), junk, max_size=6))
def test_fuzzed_edit_form(fuzz_app, changes):
    client = fuzz_app.test_client()
    location = start_session(client)
    client.post(location + "/hands/new", data=hand_form_data(client.get(location + "/hands/new").text, **PARTNER_MADE))
    page = client.get(location + "/hands/1/edit").text
    check_no_crash(client.post(location + "/hands/1/edit", data=hand_form_data(page, **{**PARTNER_MADE, **changes})))
    check_stored_hands_are_whole(fuzz_app)


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
