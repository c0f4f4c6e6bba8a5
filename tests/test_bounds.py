"""What a page costs does not grow with what was stored beyond what it shows, and every bound the app sets holds.

A game played to a target takes at most ``Target.most`` hands, at save and at import (a stored longer session
still shows); the start page lists a page of a phone's groups; a group's exports stream, reading its sessions a
batch at a time; a group's pages read a line a session once its hands were worked out; a scoreboard seen again
parses no hand again. No timings here: ``make bench --only bounds`` measures them.
"""

from __future__ import annotations

import csv
import io
import json
import re
import secrets

import pytest
from flask import request_finished
from sqlalchemy import event
from sqlmodel import Session, select

from companion import backup, store, views
from companion.games import GAMES
from companion.games.base import Target
from companion.games.sussex import DEFAULT_HOUSE_RULES, HandRecord
from companion.models import Group, Hand, Member, Role, Sitting
from companion.store import create_group, create_sitting, grant, hand_values, record_hand, restand
from companion.stores import NoSuchDeal
from tests.web.helpers import PARTNER_MADE, csrf_from
from tests.web.test_groups import make_group, play_out, score, start_group_session

MOST = Target(0).most
OTTOCENTO = GAMES["ottocento"]
NAMES = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture
def db(app):
    with Session(app.extensions["db_engine"], expire_on_commit=False) as session:
        yield session


@pytest.fixture
def answered(app):
    """Every response the app makes, as it leaves the view (the test client's own always reads as streamed)."""
    responses: list[object] = []

    def keep(_app, response, **_extra):
        responses.append(response)

    request_finished.connect(keep, app)
    yield responses
    request_finished.disconnect(keep, app)


@pytest.fixture
def sent(app):
    """Every SQL statement the app sends, as it sends it."""
    statements: list[str] = []
    engine = app.extensions["db_engine"]

    def record(_conn, _cursor, statement, *_args):
        statements.append(statement)

    event.listen(engine, "before_cursor_execute", record)
    yield statements
    event.remove(engine, "before_cursor_execute", record)


def plain(deal: int, target: int = 5000) -> dict:
    """An Ottocento hand of card points alone: 50 to 43, far from any target in a few dozen hands."""
    return {
        "dealer": (deal - 1) % 4,
        "declarations": [[], [], [], []],
        "captured": [[], []],
        "card_points": [44, 43],
        "last_trick": 0,
        "rules": {"target": target},
    }


def ottocento_export(deals: int, hands: int) -> dict:
    """An export of one Ottocento session of ``deals`` deals (99: as exports made before the bound say) and
    ``hands`` plain hands."""
    session = {
        "game": "ottocento",
        "stake": 24,
        "stake_per": "game",
        "id": "AkJVpIB1z3LvPsKUxKqOsw",
        "players": NAMES,
        "deals": deals,
        "first_dealer": 0,
        "house_rules": {"target": 5000},
        "coins": "0/1 0/6 1/- 2/6",
        "hands": [{"deal": d, "hand": plain(d)} for d in range(1, hands + 1)],
    }
    return {"format": backup.FORMAT, "version": backup.VERSION, "sessions": [session]}


# -- hands of a game played to a target -------------------------------------------------------------------------


def test_a_game_played_to_a_target_is_started_with_its_bound_and_takes_no_hand_past_it(client, db):
    page = client.get("/new/ottocento")
    assert f"at most {MOST} deals" in page.text and "at most 99 deals" not in page.text
    data = {f"player_{seat}": name for seat, name in enumerate(NAMES)}
    data.update(csrf_token=csrf_from(page.text), first_dealer="0", stake="1/-", stake_per="game")
    data.update(coins="0/1 0/6 1/- 2/6", max_wilds_in_suit="2", moors_after_grande="no", target="5000")
    assert client.post("/new/ottocento", data={**data, "deals": "99"}).status_code == 422
    started = client.post("/new/ottocento", data={**data, "deals": str(MOST)})
    assert started.status_code == 303, started.text
    sitting = db.exec(select(Sitting).where(Sitting.public_id == started.headers["Location"].rsplit("/", 1)[1])).one()
    assert sitting.deals == MOST
    with pytest.raises(NoSuchDeal):
        record_hand(db, sitting, MOST + 1, OTTOCENTO.parse(plain(MOST + 1), 4), secrets.token_urlsafe(16))


def test_an_import_past_the_bound_is_refused_in_one_line(db):
    with pytest.raises(backup.ImportError_) as refused:
        backup.import_all(db, ottocento_export(99, MOST + 1))
    assert str(refused.value) == f"session 1: a game played to a target takes at most {MOST} hands, not {MOST + 1}"
    assert db.exec(select(Sitting)).first() is None


def test_an_export_of_before_the_bound_comes_back_within_it(db):
    [imported] = backup.import_all(db, ottocento_export(99, 12))
    assert (imported.sitting.deals, imported.hands, imported.sitting.played) == (MOST, 12, 12)
    assert not imported.sitting.finished


def test_a_stored_session_longer_than_the_bound_still_shows(client, db):
    """Saved before the bound (99 deals), past it: its scoreboard shows every hand, and takes the next."""
    sitting = create_sitting(db, NAMES, 99, 0, OTTOCENTO.options({"target": 5000}), game=OTTOCENTO)
    for deal in range(1, MOST + 6):
        values = hand_values(OTTOCENTO, OTTOCENTO.parse(plain(deal), 4))
        db.add(Hand(sitting_id=sitting.id, deal=deal, form_token=secrets.token_urlsafe(16), **values))
    restand(db, sitting)
    db.commit()
    page = client.get(f"/s/{sitting.public_id}")
    assert page.status_code == 200
    assert f'id="deal-{MOST + 5}"' in page.text and f"Deal {MOST + 6}" in page.text


# -- the start page ------------------------------------------------------------------------------------------------


def phone_in_groups(client, db, count: int) -> None:
    """This phone has opened ``count`` groups of three players each."""
    with client.session_transaction() as cookie:
        cookie["device"] = device = store.new_secret()
    for n in range(count):
        group = create_group(db, f"Club {n:03}", DEFAULT_HOUSE_RULES)
        store.members_named(db, group, ["Ann", "Bob", "Cat"])
        db.commit()
        grant(db, device, group, Role.VIEWER)


def listed_groups(html: str) -> list[str]:
    found = re.search(r'<ul class="sessions" id="my-groups">(.*?)</ul>', html, re.S)
    return re.findall(r"<strong>(Club \d+)</strong>", found.group(1)) if found else []


def test_the_start_page_lists_a_page_of_groups_and_loads_none_of_their_players(client, db, sent):
    phone_in_groups(client, db, 45)
    loaded: list[object] = []

    def count(target, _context):
        loaded.append(target)

    event.listen(Member, "load", count)
    try:
        sent.clear()
        first = client.get("/")
        asked = len(sent)
    finally:
        event.remove(Member, "load", count)
    assert listed_groups(first.text) == [f"Club {n:03}" for n in range(20)]
    assert "3 players" in first.text and 'id="more-groups"' in first.text
    assert loaded == []  # each group's players counted in the database, none of them read
    third = client.get("/?groups=3")
    assert listed_groups(third.text) == [f"Club {n:03}" for n in range(40, 45)]
    assert 'id="more-groups"' not in third.text and "Previous groups" in third.text
    phone_in_groups(client, db, 5)  # another phone, with fewer groups: as many questions
    sent.clear()
    assert len(listed_groups(client.get("/").text)) == 5
    assert len(sent) == asked


# -- a group's exports -----------------------------------------------------------------------------------------


@pytest.fixture
def club(client, db):
    """A group made on this phone (which may download its exports) with 25 sessions of two hands each."""
    public_id = make_group(client).rsplit("/", 1)[1]
    group = db.exec(select(Group).where(Group.public_id == public_id)).one()
    record = HandRecord.from_json(
        {"bid": "4", "declarer": 1, "called_card": "7C", "young_trumps": "hearts", "holder": 3, "points": 71}
    )
    for _ in range(25):
        sitting = create_sitting(db, NAMES, 2, 0, DEFAULT_HOUSE_RULES, group=group)
        for deal in (1, 2):
            record_hand(db, sitting, deal, record, secrets.token_urlsafe(16))
    return group


@pytest.mark.parametrize("kind", ["csv", "json"])
def test_a_groups_exports_stream_a_batch_of_sessions_at_a_time(
    app, client, db, club, sent, answered, kind, monkeypatch
):
    pauses: list[None] = []
    monkeypatch.setattr(backup, "pause", lambda: pauses.append(None), raising=False)
    engine = app.extensions["db_engine"]
    held = engine.pool.checkedout()
    sent.clear()
    response = client.get(f"/g/{club.public_id}/export.{kind}", buffered=False)
    assert answered[-1].is_streamed and response.headers["Cache-Control"] == "no-store"
    body = b"".join(response.response).decode()
    response.close()
    assert len(pauses) == 25 + -(-25 // backup.BATCH)  # after each session and each read, for the worker's others
    hands = [s for s in sent if re.search(r"\bFROM hand\b", s)]
    assert 0 < len(hands) <= -(-25 // backup.BATCH)  # a query a batch, never one a session
    assert engine.pool.checkedout() == held  # the stream's own database session closed at its end
    db.expire_all()  # the group's players as they are now, not as the fixture first read them
    sittings = db.exec(select(Sitting).where(Sitting.group_id == club.id).order_by(Sitting.created_at)).all()
    if kind == "json":
        assert json.loads(body) == json.loads(json.dumps(backup.export_all(db, list(sittings))))
    else:
        rows = list(csv.reader(io.StringIO(body)))
        assert rows[0][:6] == ["session", "started", "deal", "dealer", "game", "hand"] and rows[-1][0] == "total"
        assert [r[0] for r in rows[1:-1]] == [s.public_id for s in sittings for _ in range(2)]


def test_a_sessions_backup_streams_as_the_whole_export_says(client, db, answered):
    url = start_group_session(client, make_group(client))
    score(client, url, **PARTNER_MADE)
    response = client.get(url + "/export.json", buffered=False)
    assert answered[-1].is_streamed
    sitting = db.exec(select(Sitting)).one()
    assert json.loads(response.get_data()) == json.loads(json.dumps(backup.export_all(db, [sitting])))


# -- a group's pages -------------------------------------------------------------------------------------------


def shown(html: str) -> str:
    """A page as a phone reads it: its forms' CSRF tokens (a new one each time) left out."""
    return re.sub(r'name="csrf_token"( type="hidden")? value="[^"]+"', "", html)


def test_a_groups_pages_read_a_line_a_session_once_its_hands_are_worked_out(client, db, sent):
    group_url = make_group(client)
    nights = [start_group_session(client, group_url) for _ in range(3)]
    for url in nights:
        play_out(client, url, **PARTNER_MADE)
    member = db.exec(select(Member).where(Member.name == "Bob")).one()
    pages = [group_url, f"{group_url}/leaderboard", f"{group_url}/players/{member.id}"]
    client.get(nights[-1])  # the last save's notice read
    first = [shown(client.get(page).text) for page in pages]
    sent.clear()
    again = [shown(client.get(page).text) for page in pages]
    assert again == first
    assert not [s for s in sent if re.search(r"\b(FROM|JOIN) hand\b", s)]  # not a hand read
    confirm = client.get(nights[1] + "/hands/8/delete").text
    assert client.post(nights[1] + "/hands/8/delete", data={"csrf_token": csrf_from(confirm)}).status_code == 303
    after = client.get(f"{group_url}/players/{member.id}").text  # the changed session worked out again
    assert re.search(r'id="session-count">3<', after) and "unfinished, 7 of 8 deals" in after
    assert shown(after) != first[2]


# -- a scoreboard ------------------------------------------------------------------------------------------------


def test_a_scoreboard_seen_again_parses_none_of_its_hands_again(client, monkeypatch):
    views.stored_record.cache_clear()
    parsed: list[object] = []
    sussex = GAMES["sussex"]
    real = sussex.parse
    monkeypatch.setattr(sussex, "parse", lambda *args, **kw: parsed.append(args) or real(*args, **kw))
    url = start_group_session(client, make_group(client))
    play_out(client, url, deals=3, **PARTNER_MADE)
    client.get(url)
    parsed.clear()
    page = client.get(url)
    assert page.status_code == 200 and 'id="deal-3"' in page.text
    assert parsed == []
