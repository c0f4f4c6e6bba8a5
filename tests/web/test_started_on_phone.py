"""A session a phone started with no signal, sent when the signal returns: the start form with the id the phone gave
it (``public_id``), made once however many times it comes, owned by that phone alone."""

from __future__ import annotations

import pytest
from sqlmodel import Session, func, select

from companion.models import Role, Sitting
from companion.store import find_sitting, role_of
from companion.stores import new_secret
from companion.web.sittings import routes
from tests.conftest import make_app
from tests.games.conformance.worked import hidden_fields
from tests.web.helpers import PLAYERS, csrf_from

#: The usual game's start form, as the start page sends it.
SUSSEX_FORM = {
    **{f"player_{i}": n for i, n in enumerate(PLAYERS)},
    "first_dealer": "0",
    "deals": "8",
    "stinger_settles_with": "declarer",
    "martlet_values": "each",
    "coins": "0/0½ 0/1 0/3 0/6 1/- 2/- 2/6 10/- 20/-",
}
#: French Tarot's, for four.
FRENCH = "/new/french?players=4"
FRENCH_FORM = {
    **{f"player_{i}": n for i, n in enumerate(PLAYERS)},
    "first_dealer": "0",
    "deals": "4",
    "stake": "0/1",
    "coins": "0/1 0/6 1/- 2/6",
}


def token(client) -> str:
    """The phone's form token, as it asks for one before sending what it did with no signal."""
    answer = client.get("/phone/token")
    assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
    return answer.get_json()["csrf"]


def send(client, public_id: str | None, path: str = "/sessions", form: dict | None = None):
    data = {**(form or SUSSEX_FORM), "csrf_token": token(client)}
    if public_id is not None:
        data["public_id"] = public_id
    return client.post(path, data=data)


def sittings(app) -> list[Sitting]:
    with Session(app.extensions["db_engine"]) as db:
        return list(db.exec(select(Sitting)).all())


def device_of(client) -> str | None:
    with client.session_transaction() as cookie:
        return cookie.get("device")


def role_in(app, client, public_id: str) -> Role | None:
    with Session(app.extensions["db_engine"]) as db:
        return role_of(db, device_of(client), find_sitting(db, public_id))


def test_the_session_takes_the_phones_id_and_the_phone_owns_it(app, client):
    public_id = new_secret()
    answer = send(client, public_id)
    assert answer.status_code == 303 and answer.headers["Location"] == f"/s/{public_id}"
    [sitting] = sittings(app)
    assert sitting.public_id == public_id and sitting.game == "sussex" and sitting.deals == 8
    assert role_in(app, client, public_id) is Role.OWNER
    assert client.get(f"/s/{public_id}/delete").status_code == 200  # the owner's page


def test_a_start_sent_twice_is_made_once(app, client):
    public_id = new_secret()
    first, second = send(client, public_id), send(client, public_id)
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"] == f"/s/{public_id}"
    assert [s.public_id for s in sittings(app)] == [public_id]


def test_a_start_sent_again_after_its_answer_was_lost_is_made_once(app, client):
    """The answer (and the cookie it set) never reached the phone: the token gave it its device id before."""
    public_id = new_secret()
    data = {**SUSSEX_FORM, "csrf_token": token(client), "public_id": public_id}
    before = client.get_cookie("session").value
    assert client.post("/sessions", data=data).status_code == 303
    client.set_cookie("session", before)  # as the phone still has it
    again = client.post("/sessions", data=data)
    assert again.status_code == 303 and again.headers["Location"] == f"/s/{public_id}"
    assert len(sittings(app)) == 1


def test_another_phone_sending_the_id_is_refused_and_changes_nothing(app, client):
    public_id = new_secret()
    assert send(client, public_id).status_code == 303
    other = app.test_client()
    names = {**SUSSEX_FORM, "player_0": "Zed"}
    assert send(other, public_id, form=names).status_code == 403
    [sitting] = sittings(app)
    assert sitting.names == PLAYERS
    assert role_in(app, other, public_id) is None and role_in(app, client, public_id) is Role.OWNER


def test_a_deleted_sessions_id_is_gone_for_good(app, client):
    public_id = new_secret()
    assert send(client, public_id).status_code == 303
    confirm = client.get(f"/s/{public_id}/delete")
    assert client.post(f"/s/{public_id}/delete", data={"csrf_token": csrf_from(confirm.text)}).status_code == 303
    again = send(client, public_id)
    assert again.status_code == 410 and "This session was deleted" in again.text
    assert sittings(app) == []


@pytest.mark.parametrize("public_id", ["a", "two words", "x" * 41, "x" * 21, "a/b", "ab\x00cd"])
def test_a_malformed_id_is_refused_with_the_start_page(app, client, public_id):
    answer = send(client, public_id)
    assert answer.status_code == 422 and 'name="player_0"' in answer.text and 'action="/sessions"' in answer.text
    assert sittings(app) == []


def test_the_token_alone_lets_a_phone_send_its_start(app):
    """A phone that never loaded a page of the server's since (its cookie new): the token is all it needs."""
    phone = app.test_client()
    public_id = new_secret()
    data = {**SUSSEX_FORM, "csrf_token": phone.get("/phone/token").get_json()["csrf"], "public_id": public_id}
    answer = phone.post("/sessions", data=data)
    assert answer.status_code == 303 and answer.headers["Location"] == f"/s/{public_id}"
    assert role_in(app, phone, public_id) is Role.OWNER


def test_another_game_started_on_a_phone_is_made_once_too(app, client):
    public_id = new_secret()
    first = send(client, public_id, FRENCH, FRENCH_FORM)
    second = send(client, public_id, FRENCH, FRENCH_FORM)
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"] == f"/s/{public_id}"
    [sitting] = sittings(app)
    assert sitting.public_id == public_id and sitting.game == "french" and sitting.seats == 4
    assert role_in(app, client, public_id) is Role.OWNER
    other = app.test_client()
    assert send(other, public_id, FRENCH, FRENCH_FORM).status_code == 403
    assert send(client, "not an id", FRENCH, FRENCH_FORM).status_code == 422
    assert len(sittings(app)) == 1


def _first_look_misses(monkeypatch, public_id: str) -> None:
    """The request's first look for the id finds nothing, as when two sends of one start race: both look, then
    both insert. The unique id decides."""
    missed: list[str] = []
    real = routes.find_sitting

    def find(db, asked):
        if asked == public_id and not missed:
            missed.append(asked)
            return None
        return real(db, asked)

    monkeypatch.setattr(routes, "find_sitting", find)


def test_two_sends_at_once_make_one_session(app, client, monkeypatch):
    public_id = new_secret()
    assert send(client, public_id).status_code == 303
    _first_look_misses(monkeypatch, public_id)
    late = send(client, public_id)
    assert late.status_code == 303 and late.headers["Location"] == f"/s/{public_id}"
    assert [s.public_id for s in sittings(app)] == [public_id]
    assert client.get(f"/s/{public_id}").status_code == 200  # the request's database session rolled back cleanly


def test_another_phone_losing_the_race_is_refused(app, client, monkeypatch):
    public_id = new_secret()
    assert send(client, public_id).status_code == 303
    _first_look_misses(monkeypatch, public_id)
    assert send(app.test_client(), public_id).status_code == 403
    with Session(app.extensions["db_engine"]) as db:
        assert db.exec(select(func.count()).select_from(Sitting)).one() == 1


def test_a_phones_starts_count_against_the_limit_on_new_sessions(tmp_path):
    """Each send is a start, sent again or not (``@starts``): a phone resending in a loop is held up too."""
    app = make_app(tmp_path / "limits.sqlite3", LIMIT_NEW_SESSIONS="2 per minute")
    try:
        client, public_id = app.test_client(), new_secret()
        answers = [send(client, public_id), send(client, public_id), send(client, new_secret())]
        assert [a.status_code for a in answers] == [303, 303, 429]
        assert answers[0].headers["Location"] == answers[1].headers["Location"] == f"/s/{public_id}"
        assert len(sittings(app)) == 1
    finally:
        app.extensions["db_engine"].dispose()


def test_a_start_form_sent_twice_from_its_page_starts_one_session(app, client):
    """A second tap on Start (or the first answer lost on a weak signal): the form's id, chosen as it was shown,
    makes the same start once."""
    page = client.get(FRENCH).text
    form = {**FRENCH_FORM, "csrf_token": csrf_from(page), "public_id": hidden_fields(page, "game-form")["public_id"]}
    first, second = client.post(FRENCH, data=form), client.post(FRENCH, data=form)
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"]
    assert len(sittings(app)) == 1


def test_the_same_page_filled_otherwise_starts_another_session(app, client):
    """Back to the start form, other players typed: another session, under an id of its own."""
    page = client.get(FRENCH).text
    form = {**FRENCH_FORM, "csrf_token": csrf_from(page), "public_id": hidden_fields(page, "game-form")["public_id"]}
    first = client.post(FRENCH, data=form)
    second = client.post(FRENCH, data={**form, "player_0": "Zoë"})
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] != second.headers["Location"]
    assert sorted(s.names[0] for s in sittings(app)) == [PLAYERS[0], "Zoë"]
