"""Following live under the production server (gunicorn's gevent workers, ``companion.live`` in front of the app): a
following phone's question waits for the next change, which reaches it at once, through any process sharing the
database; waiting holds no database connection; a stopping server answers the waiting phones at once."""

from __future__ import annotations

import re
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta

import pytest

from companion.live import CHANNEL, question
from companion.testing import Phone, Reply, gunicorn, stop
from tests.conftest import POSTGRES_URL, make_app
from tests.web.helpers import PARTNER_MADE, hand_form_data

NAMES = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture
def database(tmp_path) -> str:
    """A fresh database (SQLite, or a schema of its own on the suite's PostgreSQL pass)."""
    app = make_app(tmp_path / "live.sqlite3")
    app.extensions["db_engine"].dispose()
    return app.config["DATABASE_URL"]


def serve(database: str, wait: float, workers: int = 2):
    """The app as production serves it, a question waiting at most ``wait`` seconds."""
    env = {"DATABASE_URL": database, "SECRET_KEY": "live-test", "FLASK_LIVE_WAIT_SECONDS": str(wait)}
    return gunicorn("wsgi:app", env, workers)


def question_url(html: str) -> str:
    """What the scoreboard asks: its hx-get."""
    return re.search(r'id="board" data-poll hx-get="([^"]+)"', html).group(1).replace("&amp;", "&")


def follow(base: str, public_id: str) -> tuple[Phone, str]:
    """A phone that opened the view link: its cookies and its scoreboard's question."""
    follower = Phone(base)
    return follower, question_url(follower.get(f"/s/{public_id}").text)


def ask(base: str, follower: Phone, url: str, timeout: float = 30) -> Reply:
    """The question on a connection of its own, as the scoreboard sends it."""
    phone = Phone(base, timeout=timeout)
    phone.cookies = dict(follower.cookies)
    return phone.get(url, htmx=True)


def save_hand(base: str, scorer: Phone, public_id: str) -> float:
    """A hand saved by the scoring phone; when the save was answered."""
    scorer.connection = None  # a fresh connection: the last one may have been idle past the keep-alive
    page = scorer.get(f"/s/{public_id}/hands/new").text
    assert scorer.post(f"/s/{public_id}/hands/new", hand_form_data(page, **PARTNER_MADE)).status == 303
    return time.monotonic()


def test_a_question_waits_for_the_change_and_gets_the_new_board_at_once(database):
    server, base = serve(database, wait=20)
    try:
        scorer = Phone(base)
        public_id = scorer.start_session(NAMES)
        follower, url = follow(base, public_id)
        with ThreadPoolExecutor(1) as pool:
            waiting = pool.submit(ask, base, follower, url)
            time.sleep(1.5)
            assert not waiting.done()  # nothing changed: the question waits
            saved = save_hand(base, scorer, public_id)
            answer = waiting.result(timeout=10)
            arrived = time.monotonic()
        assert answer.status == 200 and 'id="deal-1"' in answer.text and "<html" not in answer.text
        assert arrived - saved < 3  # at once (SQLite: within a look for the changes, 0.5 s)
        again = question_url(answer.text)
        assert again != url  # the new board asks from the new revision
    finally:
        stop(server)


def test_a_question_without_a_change_is_the_apps_204_after_the_wait(database):
    server, base = serve(database, wait=2)
    try:
        public_id = Phone(base).start_session(NAMES)
        follower, url = follow(base, public_id)
        direct = Phone(base)
        direct.cookies = dict(follower.cookies)
        start = time.monotonic()
        answer = ask(base, follower, url)
        waited = time.monotonic() - start
        assert answer.status == 204 and answer.text == ""
        assert 1.9 <= waited < 6
        assert "HX-Request" in answer.headers["Vary"]
        assert "frame-ancestors 'none'" in answer.headers["Content-Security-Policy"]
        assert "Set-Cookie" not in answer.headers
        stale = url.replace("since=", "since=9")  # a revision it is not at: the board, at once
        assert direct.get(stale, htmx=True).status == 200
    finally:
        stop(server)


def test_a_change_saved_through_one_server_reaches_a_phone_waiting_on_another(database):
    """Two servers (two machines) on one database: PostgreSQL's NOTIFY, or SQLite's look, reaches across."""
    first, first_base = serve(database, wait=20, workers=1)
    second, second_base = serve(database, wait=20, workers=1)
    try:
        scorer = Phone(first_base)
        public_id = scorer.start_session(NAMES)
        follower, url = follow(second_base, public_id)
        with ThreadPoolExecutor(1) as pool:
            waiting = pool.submit(ask, second_base, follower, url)
            time.sleep(1.5)
            assert not waiting.done()
            saved = save_hand(first_base, scorer, public_id)
            answer = waiting.result(timeout=10)
        assert answer.status == 200 and 'id="deal-1"' in answer.text
        assert time.monotonic() - saved < 3
    finally:
        stop(first)
        stop(second)


def test_waiting_phones_hold_no_database_connection(database):
    """Far more phones waiting on one process than its pool has connections (15): the scoreboard still opens at
    once, and a save wakes every one of them."""
    server, base = serve(database, wait=20, workers=1)
    phones = 60
    try:
        scorer = Phone(base)
        public_id = scorer.start_session(NAMES)
        follower, url = follow(base, public_id)
        with ThreadPoolExecutor(phones) as pool:
            waiting = [pool.submit(ask, base, follower, url) for _ in range(phones)]
            time.sleep(2)
            assert not any(w.done() for w in waiting)
            opened = Phone(base, timeout=20).get(f"/s/{public_id}")
            assert opened.status == 200 and opened.seconds < 10  # not the pool's 30 s for a connection
            save_hand(base, scorer, public_id)
            answers = [w.result(timeout=15) for w in waiting]
        assert all(a.status == 200 and 'id="deal-1"' in a.text for a in answers)
    finally:
        stop(server)


def test_a_stopping_server_answers_its_waiting_phones_at_once(database):
    server, base = serve(database, wait=20, workers=1)
    try:
        public_id = Phone(base).start_session(NAMES)
        follower, url = follow(base, public_id)
        with ThreadPoolExecutor(1) as pool:
            waiting = pool.submit(ask, base, follower, url)
            time.sleep(1.5)
            assert not waiting.done()
            start = time.monotonic()
            server.send_signal(signal.SIGTERM)  # gunicorn's graceful stop
            answer = waiting.result(timeout=10)
            answered = time.monotonic() - start
        assert answer.status == 204 and answered < 5  # at once (the watcher looks every second at most)
        server.wait(10)
    finally:
        if server.poll() is None:
            stop(server)


def mine(notes, public_id: str) -> list:
    """This session's notices only: other tests running beside this one notify on the same channel."""
    return [n for n in notes if n.payload.split()[0] == public_id]


@pytest.mark.skipif(not POSTGRES_URL, reason="NOTIFY is PostgreSQL's (the suite's PostgreSQL pass)")
def test_a_change_notifies_the_waiting_processes_when_it_commits_and_never_when_rolled_back(app):
    from sqlmodel import Session

    from companion.store import create_sitting, find_sitting

    engine = app.extensions["db_engine"]
    listener = engine.raw_connection()
    heard = listener.driver_connection
    heard.autocommit = True
    heard.execute(f"LISTEN {CHANNEL}")
    try:
        with Session(engine) as db:
            sitting = create_sitting(db, NAMES, 8, 0)
            public_id, revision = sitting.public_id, sitting.revision
        from companion.store import _bump_revision

        with Session(engine) as db:
            _bump_revision(db, find_sitting(db, public_id))
            assert mine(heard.notifies(timeout=0.5), public_id) == []  # nothing before the commit
            db.rollback()
        assert mine(heard.notifies(timeout=0.5), public_id) == []  # nor for a change rolled back
        with Session(engine) as db:
            _bump_revision(db, find_sitting(db, public_id))
            db.commit()
        notes = mine(heard.notifies(timeout=2), public_id)
        assert [(n.channel, n.payload) for n in notes] == [(CHANNEL, f"{public_id} {revision + 1}")]
    finally:
        listener.close()


@pytest.mark.parametrize(
    ("method", "path", "query", "headers", "asked"),
    [
        ("GET", "/s/AbC_d-9", "since=12", {"HTTP_HX_REQUEST": "true"}, ("AbC_d-9", 12)),
        ("GET", "/s/AbC", "since=3&since=4", {"HTTP_HX_REQUEST": "true"}, ("AbC", 3)),  # the first, as Flask
        ("GET", "/s/AbC", "since=3", {}, None),  # not htmx: the whole page
        ("GET", "/s/AbC", "since=3", {"HTTP_HX_REQUEST": "true", "HTTP_HX_HISTORY_RESTORE_REQUEST": "true"}, None),
        ("POST", "/s/AbC", "since=3", {"HTTP_HX_REQUEST": "true"}, None),
        ("GET", "/s/AbC/hands/new", "since=3", {"HTTP_HX_REQUEST": "true"}, None),
        ("GET", "/s/AbC", "", {"HTTP_HX_REQUEST": "true"}, None),
        ("GET", "/s/AbC", "since=x", {"HTTP_HX_REQUEST": "true"}, None),  # the app answers what it makes of it
        ("GET", "/s/" + "a" * 41, "since=3", {"HTTP_HX_REQUEST": "true"}, None),
    ],
)
def test_which_requests_are_a_following_scoreboards_question(method, path, query, headers, asked):
    environ = {"REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": query, **headers}
    assert question(environ) == asked


def test_one_look_answers_more_sessions_than_a_query_takes(app):
    """PostgreSQL's look once it listens (what changed before), a query for each ``BATCH``: the questions about
    sessions that moved on or are gone are woken, the others wait."""
    from contextlib import ExitStack

    from sqlmodel import Session

    from companion.live import BATCH, Watcher
    from companion.store import create_sitting

    engine = app.extensions["db_engine"]
    with Session(engine) as db:
        sitting = create_sitting(db, NAMES, 8, 0)
        public_id, revision = sitting.public_id, sitting.revision
    watcher = Watcher(engine)
    gone = [f"gone{n}" for n in range(BATCH + 10)]
    with ExitStack() as stack:
        unchanged = stack.enter_context(watcher.waiting(public_id, revision))
        moved = stack.enter_context(watcher.waiting(public_id, revision - 1))
        lost = [stack.enter_context(watcher.waiting(p, 0)) for p in gone]
        watcher.look()
        assert moved.event.is_set() and moved.moved
        assert all(w.event.is_set() and w.moved for w in lost)
        assert not unchanged.event.is_set()
    assert watcher.sessions == {}  # each question forgotten when answered


HIDE = """() => { Object.defineProperty(document, 'hidden', {value: %s, configurable: true});
                  Object.defineProperty(document, 'visibilityState', {value: '%s', configurable: true});
                  document.dispatchEvent(new Event('visibilitychange')); }"""


def test_a_following_phone_asks_at_once_sees_a_save_at_once_and_drops_its_question_when_hidden(database, phone):
    """In Chromium, the page's timers on Playwright's clock, stopped (they run only when the test says); the
    server's wait, 20 s, in real time."""
    from playwright.sync_api import expect

    from tests.e2e.test_phones import asked_so_far

    server, base = serve(database, wait=20)
    try:
        scorer = Phone(base)
        public_id = scorer.start_session(NAMES)
        asked = []
        phone.on("request", lambda r: asked.append(r.url) if "since=" in r.url else None)
        phone.clock.install()
        phone.goto(f"{base}/s/{public_id}")
        # Paused from the page's own now (a busy machine may take a while to get here): 2 s on, before any timer.
        shown = datetime.fromtimestamp(phone.evaluate("Date.now()") / 1000)
        phone.clock.pause_at(shown + timedelta(seconds=2))
        assert asked_so_far(phone, asked) == 1  # asked as soon as the board is shown
        phone.clock.run_for(10_000)
        assert asked_so_far(phone, asked) == 1  # still waiting: nothing changed
        save_hand(base, scorer, public_id)
        expect(phone.locator("#deal-1")).to_be_visible(timeout=5000)  # the answer, at once
        phone.clock.run_for(100)  # htmx settles the new board
        assert asked_so_far(phone, asked) == 2 and asked[1] != asked[0]  # it asks at once, from its revision
        with phone.expect_event("requestfailed", lambda r: r.url == asked[1], timeout=5000):
            phone.evaluate(HIDE % ("true", "hidden"))  # hidden: its open question dropped
        phone.clock.run_for(10_000)
        assert asked_so_far(phone, asked) == 2  # and none other asked
        with phone.expect_request(lambda r: "since=" in r.url, timeout=5000):
            phone.evaluate(HIDE % ("false", "visible"))  # shown again: it asks at once
    finally:
        stop(server)


def test_a_question_about_a_session_asked_about_lately_sends_no_sql(app):
    """What is known of a session (from the database, then kept up by the looks or the notifications) answers the
    next questions; a change still wakes them."""
    from sqlalchemy import event
    from sqlmodel import Session

    from companion.live import Watcher
    from companion.store import _bump_revision, create_sitting, find_sitting

    engine = app.extensions["db_engine"]
    with Session(engine) as db:
        sitting = create_sitting(db, NAMES, 8, 0)
        public_id, revision = sitting.public_id, sitting.revision
    watcher = Watcher(engine)
    with watcher.waiting("warm-up", 0):  # starts its loop: it listens (PostgreSQL) or looks (SQLite)
        deadline = time.monotonic() + 10
        while not watcher.hearing and time.monotonic() < deadline:
            time.sleep(0.05)
    sent = []
    event.listen(engine, "before_cursor_execute", lambda *args: sent.append(args[2]))
    assert not watcher.changed(public_id, revision, 0.1)  # asked of the database
    asked = len(sent)
    assert not watcher.changed(public_id, revision, 0.1)  # then known here
    assert watcher.changed(public_id, revision - 1, 0.1)
    assert len(sent) == asked
    with Session(engine) as db:
        _bump_revision(db, find_sitting(db, public_id))
        db.commit()
    assert watcher.changed(public_id, revision, 5)  # woken by the look or the notification
    assert watcher.known[public_id] == revision + 1


def test_a_phone_shown_again_after_a_change_nobody_here_waited_for_gets_it_at_once(app):
    """A change made while nobody here waits for its session reaches what is known here all the same (SQLite: the
    next look; PostgreSQL: its notification): a phone shown again gets it at once."""
    from sqlmodel import Session

    from companion.live import CHECK_SECONDS, Watcher
    from companion.store import _bump_revision, create_sitting, find_sitting

    engine = app.extensions["db_engine"]
    with Session(engine) as db:
        sitting = create_sitting(db, NAMES, 8, 0)
        public_id, revision = sitting.public_id, sitting.revision
    watcher = Watcher(engine)
    assert not watcher.changed(public_id, revision, 0.1)  # the phone followed, then was put away
    with Session(engine) as db:
        _bump_revision(db, find_sitting(db, public_id))  # a hand saved while nobody here waits
        db.commit()
    time.sleep(CHECK_SECONDS + 0.1)  # a look later (no look asks about it: nobody waits)
    assert watcher.changed(public_id, revision, 0)  # shown again: the change at once, no wait


@pytest.mark.skipif(bool(POSTGRES_URL), reason="SQLite's looks (PostgreSQL notifies)")
def test_a_look_reads_the_sessions_changed_since_the_last_whatever_the_phones_waiting(app):
    """SQLite's look every half second asks for the sessions changed and deleted since the last look: two
    statements, however many sessions have phones waiting (it read each of theirs before: 8.6 ms a look for
    3,000). A deleted session's place in the order of changes is kept with its id, so that a change after it is
    never numbered at or below a place already looked past (it was, when the deleted row had the highest)."""
    from contextlib import ExitStack

    from sqlalchemy import event
    from sqlmodel import Session

    from companion.live import _LATEST, Watcher
    from companion.store import _bump_revision, create_sitting, delete_sitting, find_sitting

    engine = app.extensions["db_engine"]
    with Session(engine) as db:
        waited = [(s.public_id, s.revision) for s in (create_sitting(db, NAMES, 8, 0) for _ in range(30))]
    with engine.connect() as connection:
        touched = connection.execute(_LATEST).scalar_one()
    watcher = Watcher(engine)
    watcher.thread = threading.current_thread()  # no loop of its own: the test looks
    sent: list[str] = []
    event.listen(engine, "before_cursor_execute", lambda *args: sent.append(args[2]))

    def change(*deleted: str, bumped: str = "") -> int:
        """Sessions deleted, then one changed; a look: where the order of changes stands after it."""
        with Session(engine) as db:
            for public_id in deleted:
                delete_sitting(db, find_sitting(db, public_id))
            if bumped:
                _bump_revision(db, find_sitting(db, bumped))
                db.commit()
        sent.clear()
        found = watcher.changes(touched)
        assert len(sent) == 2
        return found

    with ExitStack() as stack:
        waiters = [stack.enter_context(watcher.waiting(*w)) for w in waited]
        watcher.known.update(waited)
        touched = change(waited[7][0], bumped=waited[3][0])
        woken = [w for w in waiters if w.event.is_set()]
        assert woken == [waiters[3], waiters[7]] and all(w.moved for w in woken)
        assert watcher.known[waited[3][0]] == waited[3][1] + 1 and watcher.known[waited[7][0]] is None
        assert change() == touched  # nothing since
        touched = change(bumped=waited[5][0])  # session 5 now the last changed ...
        touched = change(waited[5][0])  # ... and deleted: its place in the order goes with its id
        change(bumped=waited[9][0])  # the next change comes after it, not in its place
        assert waiters[9].event.is_set() and watcher.known[waited[9][0]] == waited[9][1] + 1
