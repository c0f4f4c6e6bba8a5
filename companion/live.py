"""Following a scoreboard live: a phone's question "has it changed since revision N?" waits for the change.

A following phone's scoreboard asks ``GET /s/<id>?since=<revision>``
(htmx; ``static/board.js``). The app answers at once: the new board, or a
204 while nothing changed. Under gunicorn's gevent workers (the production
set-up: ``companion/gunicorn_conf.py`` puts ``Questions`` in front of the
app) the question waits instead, outside the app, until a phone saves a
change (then the app answers it with the new board) or for
``WAIT_SECONDS`` (a 204); the phone then asks again at once. A waiting
phone holds a greenlet and its socket, and nothing else: no database
connection, no request of the app. It asks once every ``WAIT_SECONDS``
instead of every 3 s, and a change reaches it sooner. Elsewhere (``flask
run``, the test client, other workers) nothing waits, and the phone asks
again 3 s after each answer, as it always did.

One ``Watcher`` a process hears of the changes and wakes the phones whose
session moved on:

- on PostgreSQL, a connection of its own LISTENs on ``CHANNEL``;
  ``store._bump_revision`` NOTIFYs it in the transaction of the change, so
  a change saved through any process on any machine wakes the phones
  waiting on every other when it commits (a rolled-back one never does);
- on SQLite (one machine), a loop asks every ``CHECK_SECONDS`` for the
  sessions changed since it last asked (``Sitting.touched``, which goes up
  with every change in the order they commit) and deleted since: one
  indexed query each, whatever the number of phones waiting.

A question is registered before its session's revision is read, so a change
committed in between still wakes it. The watcher keeps the newest revision
it knows of each session asked about lately, so that most questions (the
one a phone asks again after a 204, another phone's of the same table) are
answered without the database: what it knows only ever lags behind the
database, so a revision it knows is newer than the question's means a
change, and an equal one means a wait that the next look or notification
ends if it lagged. While the watcher hears, only a question about a
session not known here (its first since it was last forgotten), or about a
revision newer than the one known, asks the database.
"""

from __future__ import annotations

import logging
import re
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

from flask import Flask
from sqlalchemy import Engine, bindparam
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import col, select

from .db import reading
from .models import DeletedSitting, Sitting
from .store import LAST_TOUCHED
from .web.security import HEADERS

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIEnvironment

#: How long a question waits for a change before the answer "none" (a proxy in front must allow it).
WAIT_SECONDS = 25.0
#: SQLite: how often the sessions changed are looked for (a change reaches the phones within this).
CHECK_SECONDS = 0.5
#: PostgreSQL: the channel ``store._bump_revision`` notifies, with "<public id> <revision>".
CHANNEL = "sitting_revision"
#: PostgreSQL: the sessions one query looks at, at most.
BATCH = 500
#: A session no question asked about for this long is no longer kept in mind.
FORGET_SECONDS = 60.0
#: Known of a session: nothing yet (its notifications are kept from now on).
UNKNOWN = -1

#: What ``show`` answers when nothing changed, headers and all.
UNCHANGED = [("Content-Type", "text/html; charset=utf-8"), ("Vary", "HX-Request"), *HEADERS.items()]
_BOARD = re.compile(r"/s/([A-Za-z0-9_-]{1,40})")
_REVISION = re.compile(r"[0-9]{1,18}")
_REVISION_OF = select(Sitting.revision).where(Sitting.public_id == bindparam("public_id"))
_REVISIONS = select(Sitting.public_id, Sitting.revision).where(col(Sitting.public_id).in_(bindparam("ids")))
#: SQLite: where the order of changes stands, and the sessions changed and deleted since a place in it.
_LATEST = select(LAST_TOUCHED)
_CHANGED = select(Sitting.public_id, Sitting.revision, Sitting.touched).where(col(Sitting.touched) > bindparam("t"))
_DELETED = select(DeletedSitting.public_id, DeletedSitting.touched).where(col(DeletedSitting.touched) > bindparam("t"))

log = logging.getLogger(__name__)


def _always() -> bool:
    return True


#: Whether this process still serves: gunicorn's worker says (``companion/gunicorn_conf.py``), so that a
#: restart answers the waiting phones at once (they ask again, of another) instead of holding the worker.
_serving: Callable[[], bool] = _always


def serve_while(alive: Callable[[], bool]) -> None:
    global _serving
    _serving = alive


def cooperative() -> bool:
    """Whether this process runs on gevent (gunicorn's gevent workers patch threading): a wait holds a greenlet."""
    monkey = sys.modules.get("gevent.monkey")
    return monkey is not None and bool(monkey.is_module_patched("threading"))


def question(environ: WSGIEnvironment) -> tuple[str, int] | None:
    """The session and revision a following scoreboard asks about, if the request is its question."""
    if environ.get("REQUEST_METHOD") != "GET" or environ.get("HTTP_HX_REQUEST") != "true":
        return None
    if environ.get("HTTP_HX_HISTORY_RESTORE_REQUEST") == "true":
        return None  # the back button: the whole page
    board = _BOARD.fullmatch(environ.get("PATH_INFO", ""))
    since = parse_qs(environ.get("QUERY_STRING", "")).get("since", [""])[0]
    if board is None or not _REVISION.fullmatch(since):
        return None
    return board.group(1), int(since)


class Questions:
    """WSGI middleware in front of the app: a following phone's question waits here for a change.

    Once the session changed (or if it had already, or is gone) the app answers it, as it answers any
    request; after ``LIVE_WAIT_SECONDS`` (``WAIT_SECONDS``) without a change, the 204 the app would give.
    """

    def __init__(self, app: Flask):
        self.app = app
        self.seconds = float(app.config.get("LIVE_WAIT_SECONDS", WAIT_SECONDS))
        self.watcher = Watcher(app.extensions["db_engine"])

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        asked = question(environ)
        if asked is None or self.watcher.changed(*asked, self.seconds):
            return self.app(environ, start_response)
        start_response("204 No Content", UNCHANGED)
        return []


class Waiter:
    """One phone's question: woken with ``moved`` when its session changed, without when the process stops."""

    __slots__ = ("since", "event", "moved")

    def __init__(self, since: int):
        self.since = since
        self.event = threading.Event()
        self.moved = False

    def wake(self, moved: bool) -> None:
        self.moved = moved
        self.event.set()

    def wait(self, seconds: float) -> bool:
        """True when the session changed within ``seconds``."""
        self.event.wait(seconds)
        return self.moved


class Watcher:
    """The questions waiting in this process, by session, and the loop that wakes them."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.postgres = engine.dialect.name == "postgresql"
        self.sessions: dict[str, set[Waiter]] = {}
        #: The newest revision known of each session asked about lately (None: gone), from the database, the
        #: looks and the notifications: a question about one of them is answered without the database.
        self.known: dict[str, int | None] = {}
        self.asked: dict[str, float] = {}  # when each was last asked about
        self.hearing = False  # listening (PostgreSQL) or looking (SQLite), so that what is known keeps up
        self.era = 0  # how many times it started hearing (what was read before is not learnt)
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None
        self.forgot = time.monotonic()

    def changed(self, public_id: str, since: int, seconds: float) -> bool:
        """Whether the session is no longer at revision ``since`` (or is gone), waiting up to ``seconds`` for it."""
        with self.waiting(public_id, since) as waiter:
            try:
                now = self.revision(public_id, since)
            except SQLAlchemyError:
                return True  # the app answers, as well as it can
            return now != since or waiter.wait(seconds)

    def revision(self, public_id: str, since: int) -> int | None:
        """The session's revision as known here, if that is at least ``since`` and kept up (while hearing: what is
        known then only lags, and a question waiting is woken when it catches up); else from the database."""
        self.asked[public_id] = time.monotonic()
        known = self.known.setdefault(public_id, UNKNOWN)  # from now on its changes are kept
        if (known is None or known >= since) and self.hearing:
            return known
        era = self.era
        with reading(self.engine) as db:
            now: int | None = db.execute(_REVISION_OF, {"public_id": public_id}).scalar_one_or_none()
        self.learn(public_id, now, era)
        return now

    def learn(self, public_id: str, revision: int | None, era: int | None = None) -> None:
        """The session was at ``revision`` (None: gone, for good) at some moment: the newest is kept (not when read
        before the listening started again: a change in between may have gone unheard)."""
        with self.lock:
            known = self.known.get(public_id, UNKNOWN)
            if known is not None and (revision is None or revision > known) and era in (None, self.era):
                self.known[public_id] = revision

    def forget(self) -> None:
        """Every so often: what is known of the sessions no one asked about lately goes."""
        now = time.monotonic()
        if now - self.forgot < FORGET_SECONDS / 4:
            return
        self.forgot = now
        with self.lock:
            old = [p for p, at in self.asked.items() if now - at > FORGET_SECONDS and p not in self.sessions]
            for public_id in old:
                del self.asked[public_id]
                self.known.pop(public_id, None)

    @contextmanager
    def waiting(self, public_id: str, since: int) -> Iterator[Waiter]:
        waiter = Waiter(since)
        with self.lock:
            self.sessions.setdefault(public_id, set()).add(waiter)
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._run, name="companion-live", daemon=True)
                self.thread.start()
        if not _serving():
            waiter.wake(False)  # stopping: no wait
        try:
            yield waiter
        finally:
            with self.lock:
                waiters = self.sessions.get(public_id)
                if waiters is not None:
                    waiters.discard(waiter)
                    if not waiters:
                        del self.sessions[public_id]

    def heard(self, public_id: str, revision: int | None) -> None:
        """The session changed to ``revision`` (None: deleted): learnt if it is kept in mind, and its questions
        that ask about another woken."""
        if public_id in self.known:
            self.learn(public_id, revision)
        self.moved(public_id, revision)

    def moved(self, public_id: str, revision: int | None) -> None:
        """The session is at ``revision`` now (None: deleted): wake its questions that ask about another."""
        with self.lock:
            waiters = [w for w in self.sessions.get(public_id, ()) if w.since != revision]
        for waiter in waiters:
            waiter.wake(True)

    def look(self) -> None:
        """Once hearing: the revisions of every session waited on (what moved before); wakes those that moved."""
        with self.lock:
            ids = list(self.sessions)
        found = self.revisions(ids)
        for public_id in ids:
            self.learn(public_id, found.get(public_id))
            self.moved(public_id, found.get(public_id))

    def revisions(self, ids: list[str]) -> dict[str, int]:
        """The sessions' revisions (those that still exist), a query for each ``BATCH``."""
        found: dict[str, int] = {}
        with reading(self.engine) as db:
            for start in range(0, len(ids), BATCH):
                found.update(
                    (public_id, n) for public_id, n in db.execute(_REVISIONS, {"ids": ids[start : start + BATCH]})
                )
        return found

    def stop(self) -> None:
        """The process stops serving: every waiting question gets its answer ("no change") now."""
        with self.lock:
            waiters = [w for ws in self.sessions.values() for w in ws]
        for waiter in waiters:
            waiter.wake(False)

    def _run(self) -> None:
        while _serving():
            if not _guarded(self._listen if self.postgres else self._follow):
                time.sleep(1.0)  # the database is away: start again in a moment
        self.stop()

    def _started(self) -> None:
        """Hearing from now on: what was known before may have missed changes, and so may the questions waiting."""
        with self.lock:
            self.known.clear()
            self.era += 1
        self.hearing = True
        self.look()

    def _follow(self) -> None:
        """SQLite: every ``CHECK_SECONDS``, the sessions changed and deleted since the last look (``Sitting.touched``,
        ``DeletedSitting.touched``), until the process stops: an indexed query each, whatever the number of phones
        waiting. None while nobody waits and nothing is kept in mind."""
        touched: int | None = None
        try:
            while _serving():
                time.sleep(CHECK_SECONDS)
                if not self.sessions and not self.known:
                    touched, self.hearing = None, False  # nothing to keep up: until a question comes, no query
                elif touched is None:
                    touched = self._mark()
                else:
                    touched = self.changes(touched)
                    self.forget()
        finally:
            self.hearing = False

    def _mark(self) -> int:
        """SQLite: where the order of changes stands, from which the looks go on."""
        with reading(self.engine) as db:
            touched: int = db.execute(_LATEST).scalar_one()
        self._started()
        return touched

    def changes(self, touched: int) -> int:
        """SQLite: hears of the sessions changed and deleted since ``touched`` (a place in the order of changes);
        where the order stands now."""
        with reading(self.engine) as db:
            changed = db.execute(_CHANGED, {"t": touched}).all()
            gone = db.execute(_DELETED, {"t": touched}).all()
        for public_id, revision, at in changed:
            self.heard(public_id, revision)
            touched = max(touched, at)
        for public_id, at in gone:
            self.heard(public_id, None)
            touched = max(touched, at)
        return touched

    def _listen(self) -> None:
        """PostgreSQL: hear the changes on ``CHANNEL`` until the process stops; first, look for those missed."""
        raw = self.engine.raw_connection()
        connection: Any = raw.driver_connection  # psycopg's
        raw.detach()  # a connection of its own, never back in the pool
        try:
            connection.autocommit = True
            connection.execute(f"LISTEN {CHANNEL}")
            self._started()
            while _serving():
                for note in connection.notifies(timeout=1.0):
                    public_id, _, revision = note.payload.partition(" ")
                    self.heard(public_id, int(revision))
                self.forget()
        finally:
            self.hearing = False
            connection.close()


def _guarded(work: Callable[[], None]) -> bool:
    """Run ``work``; a failure is logged, not raised (the loop goes on; the phones still get their answers)."""
    try:
        work()
    except Exception:  # noqa: BLE001 - the database away for a moment must not end the loop
        log.exception("following live: %s failed", work.__name__)
        return False
    return True
