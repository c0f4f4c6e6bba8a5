"""`make load`: how many tables at once one app process pool serves (a script that prints figures).

A table is four phones, and a hand takes a few minutes (HAND_SECONDS on
average). In each hand the scorer opens the hand form, makes PREVIEWS
changes while entering it (the form filling in as they go), saves, and
lands on the scoreboard. A change's live preview is worked out in the
phone once its own Python is ready (``static/phone.js``, about
PHONE_READY_SECONDS after the form opens: ``make bench --only phone``);
only the previews before that reach the server (``--server-previews``:
every one, as a phone without it sends them). Each of the three other
phones has the scoreboard on screen for part of the hand (ON_SCREEN of it,
at a random moment; the rest of the time the phone is locked or in a
pocket, and a hidden page asks nothing). Shown again, the page asks at once
whether the board changed since the revision it shows (static/board.js),
then goes on asking: the server holds each question until a save changes
the board (the answer is the new board) or for companion.live.WAIT_SECONDS
(a 204), and the phone asks again at once, but never sooner than ASK_EVERY
after its last question; when the phone is put away its open question is
dropped. A server that answers at once (not under gevent) is so asked every
ASK_EVERY, as the scoreboard polled before. Each phone opened the whole
scoreboard page once, when the table sat down. Phones already following
when a level starts sent their open question at some moment of the
WAIT_SECONDS before (a warm-up, not measured).

Every table runs on its own clock with its own phase, as tables at a pub
do, and the requests are sent when they are due whether or not earlier
ones have been answered (an open loop: a slow server is not given time to
catch up). The number of tables goes up level by level until the 95th
percentile of all answers (a question's wait for a change left out) passes
100 ms, a request fails, or the 95th percentile of the time a save takes to
reach the phones following (from the save sent to the new board received)
passes ASK_EVERY, the most the 3 s polls took; the figure printed is the
most tables served within that. Then every stored hand is checked: payments
match its record, totals sum to zero.

Runs the app under gunicorn (WORKERS gevent workers, as served) on SQLite, then on
PostgreSQL when one answers at TEST_POSTGRES_URL. The load generator runs
on the same two cores as the server, so the figures are a floor.

    .venv/bin/python scripts/load.py           # the figures (several minutes)
    .venv/bin/python scripts/load.py --tiny    # a quick run that it works: 20 tables for 4 s (or BENCH_TINY=1)
    .venv/bin/python scripts/load.py --tiny --only sqlite   # on one database only
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import resource
import secrets
import socket
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import text  # noqa: E402

from companion.db import make_engine, upgrade  # noqa: E402
from companion.games.sussex import HandRecord, score  # noqa: E402
from companion.live import WAIT_SECONDS  # noqa: E402
from companion.testing import form_fields, gunicorn, hidden, stop  # noqa: E402
from scripts.bench_engine import KINDS, make_hand, tiny_default  # noqa: E402

POSTGRES = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
HAND_SECONDS = 180.0  # a hand, from one deal to the next, at a table that plays for money
ENTRY_SECONDS = 40.0  # entering a hand on the phone, first tap to Save
PREVIEWS = 8  # live previews while entering (one per change that completes a choice)
PHONE_READY_SECONDS = 4.5  # from the hand form's request to the phone's own Python ready (4.2 s cold, after load)
FOLLOWERS = 3
ON_SCREEN = 0.5  # of a hand, a follower's scoreboard is on screen (asking for changes)
ASK_EVERY = 3.0  # a scoreboard asks again no sooner than this after its last question (static/board.js)
P95_LIMIT = 0.100
REACH_LIMIT = ASK_EVERY  # a save reaches the phones following within this (p95): as live as the 3 s polls
LEVELS = (250, 500, 750, 1000, 1500, 2000, 3000, 4000, 5000, 6000, 8000)
#: The figures' run, and the quick one (``--tiny``): 20 tables for 4 s make two saves and about 60 requests.
FULL = {"workers": 4, "seconds": 30.0, "levels": list(LEVELS)}
TINY = {"workers": 1, "seconds": 4.0, "levels": [20]}


# -- a small HTTP/1.1 client on asyncio's sockets (the stdlib has none; its streams cost the load twice the CPU):
# a connection of its own for each request, as a proxy in front sends them --


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: str


async def http(host: str, port: int, method: str, path: str, headers: dict[str, str], body: str = "") -> Answer:
    loop = asyncio.get_running_loop()
    data = body.encode()
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}:{port}", "Connection: close", "Accept-Encoding: identity"]
    lines += [f"{k}: {v}" for k, v in headers.items()]
    if method == "POST":
        lines += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(data)}"]
    chunks = []
    with socket.socket() as sock:  # closed also when the question is dropped (cancelled), as a phone's is
        sock.setblocking(False)
        await loop.sock_connect(sock, (host, port))
        await loop.sock_sendall(sock, ("\r\n".join(lines) + "\r\n\r\n").encode() + data)
        while chunk := await loop.sock_recv(sock, 65536):
            chunks.append(chunk)
    raw = b"".join(chunks)
    head, _, payload = raw.partition(b"\r\n\r\n")
    first, *rest = head.decode("latin-1").split("\r\n")
    found: dict[str, str] = {}
    for line in rest:
        name, _, value = line.partition(":")
        key = name.strip().lower()
        found[key] = f"{found[key]}\n{value.strip()}" if key in found else value.strip()
    return Answer(int(first.split()[1]), found, payload.decode("utf-8", "replace"))


# -- tables ---------------------------------------------------------------------------------


@dataclass
class Table:
    n: int
    public_id: str = ""
    cookie: str = ""  # the scorer's session cookie (its device id, CSRF secret)
    follower_cookie: str = ""  # the other phones' (each opened the view link once, so it is on their list)
    revision: int = 0  # the newest revision a board seen from the server showed
    seen: list[int] = field(default_factory=list)  # the revision each follower's board shows
    first_revision: int = 0  # the revision when the session was set up
    csrf: str = ""
    next_deal: int = 1
    saved: set[int] = field(default_factory=set)  # deals whose save was answered "saved" (303)
    changes: list[float] = field(default_factory=list)  # when each save answered "saved" was sent, in order
    save_sent: float = 0.0  # when the newest save was sent
    rng: random.Random = field(default_factory=random.Random)

    @property
    def board(self) -> str:
        return f"/s/{self.public_id}"

    def take_cookie(self, answer: Answer) -> None:
        for line in answer.headers.get("set-cookie", "").splitlines():
            if line.startswith("session="):
                self.cookie = line.split(";", 1)[0]

    def sent_at(self, revision: int) -> float:
        """When the save that made ``revision`` was sent (the newest save's, before its answer came)."""
        n = revision - self.first_revision - 1
        return self.changes[n] if 0 <= n < len(self.changes) else self.save_sent


async def set_up(host: str, port: int, table: Table) -> None:
    """Start the table's 16-deal session and open its hand form once, as its scorer's phone would."""
    page = await http(host, port, "GET", "/", {})
    table.take_cookie(page)
    names = {f"player_{i}": f"T{table.n}{c}" for i, c in enumerate("ABCD")}
    form = {**names, "csrf_token": hidden(page.body, "csrf_token"), "first_dealer": "0", "deals": "16"}
    form.update(stinger_settles_with="declarer", martlet_values="each", coins="0/1 0/3 0/6 1/- 2/- 2/6 10/- 20/-")
    started = await http(host, port, "POST", "/sessions", {"Cookie": table.cookie}, urlencode(form))
    if started.status != 303:
        raise RuntimeError(f"starting a session: HTTP {started.status}")
    table.take_cookie(started)
    table.public_id = started.headers["location"].rsplit("/", 1)[1]
    opened = await http(host, port, "GET", table.board + "/hands/new", {"Cookie": table.cookie})
    table.take_cookie(opened)
    table.csrf = hidden(opened.body, "csrf_token")
    followed = await http(host, port, "GET", table.board, {})
    table.follower_cookie = followed.headers.get("set-cookie", "").split(";", 1)[0]
    table.revision = table.first_revision = revision_in(followed.body) or 0
    table.seen = [table.revision] * FOLLOWERS


@dataclass(order=True)
class Event:
    at: float
    kind: str = field(compare=False)
    table: Table = field(compare=False)
    body: str = field(default="", compare=False)
    deal: int = field(default=0, compare=False)
    until: float = field(default=0.0, compare=False)  # a follower: when the phone is put away
    follower: int = field(default=0, compare=False)  # which


def hand_events(table: Table, start: float, seconds: float, phone_previews: bool) -> list[Event]:
    """One hand at a table: the scorer's requests, then the followers' looks (those due in the window); the
    previews only those the server works out (all, without ``phone_previews``)."""
    rng = table.rng
    fields = list(form_fields(make_hand(rng, rng.choice(KINDS))).items())
    entering = sorted(rng.uniform(2, ENTRY_SECONDS) for _ in range(PREVIEWS))
    events = [Event(start, "hand form", table)]
    for i, at in enumerate(entering):
        if phone_previews and at >= PHONE_READY_SECONDS:
            continue  # worked out in the phone
        so_far = dict(fields[: max(1, len(fields) * (i + 1) // PREVIEWS)])  # the form filling in
        events.append(Event(start + at, "preview", table, urlencode({"csrf_token": table.csrf, **so_far}, True)))
    saved = start + ENTRY_SECONDS + rng.uniform(0, 3)
    if table.next_deal <= 16 and 0 <= saved < seconds:  # a deal number only for a save that is sent
        token = secrets.token_urlsafe(16)
        sent = {"csrf_token": table.csrf, "form_token": token, "deal": table.next_deal, **dict(fields)}
        events.append(Event(saved, "save", table, urlencode({**sent, "action": "save"}, True), table.next_deal))
        table.next_deal += 1
    events.append(Event(saved + 0.4, "after save", table))  # the redirect, followed
    for n in range(FOLLOWERS):  # the scoreboard on screen for a while: shown again, then following
        shown = start + rng.uniform(0, (1 - ON_SCREEN) * HAND_SECONDS)
        until = min(shown + ON_SCREEN * HAND_SECONDS, seconds)
        if shown < 0 < until:  # already on screen: its open question was sent during the warm-up
            events.append(Event(-rng.uniform(0, warm_up(seconds)), "following", table, until=until, follower=n))
        else:
            events.append(Event(shown, "shown again", table, until=until, follower=n))
    return events


def warm_up(seconds: float) -> float:
    """How long before a level the phones already following sent their open questions (not measured)."""
    return min(WAIT_SECONDS, seconds)


def schedule(tables: list[Table], seconds: float, phone_previews: bool) -> list[Event]:
    """Every table's requests due in the next ``seconds``, each table at its own point in a hand; before them,
    the open questions of the phones already following."""
    events: list[Event] = []
    for table in tables:
        start = -table.rng.uniform(0, HAND_SECONDS)  # already part-way through a hand
        while start < seconds:
            gap = table.rng.uniform(0.75, 1.25) * HAND_SECONDS
            hand = hand_events(table, start, seconds, phone_previews)
            events += [e for e in hand if e.kind == "following" or 0 <= e.at < seconds]
            start += gap
    return sorted(events)


EXPECT = {
    "hand form": {200},
    "preview": {200},
    "save": {303},
    "after save": {200},
    "question": {200, 204},
}
SINCE = re.compile(r"[?&]amp;since=(\d+)|[?&]since=(\d+)")


def revision_in(body: str) -> int | None:
    """The revision a scoreboard shows (its question asks from it)."""
    found = SINCE.search(body)
    return int(found.group(1) or found.group(2)) if found else None


@dataclass
class Level:
    """A level's clock and what it measured: answer times by kind, errors, and how long saves took to reach
    the phones following."""

    began: float
    seconds: float
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: list[str] = field(default_factory=list)
    reached: list[float] = field(default_factory=list)
    questions: int = 0  # sent in the level, each held by the server until a change or its time-out (or dropped)

    def counts(self, sent: float) -> bool:
        """Whether a save sent at ``sent`` counts for reaching the followers: sent in the level, early enough
        that its slowest arrival is still seen."""
        return self.began <= sent < self.began + self.seconds - REACH_LIMIT - 1


async def fire(host: str, port: int, event: Event, level: Level) -> None:
    table = event.table
    if event.kind in ("shown again", "following"):
        await follow(host, port, event, level)
        return
    path = {
        "hand form": table.board + "/hands/new",
        "preview": table.board + "/hands/preview",
        "save": table.board + "/hands/new",
        "after save": table.board,
    }[event.kind]
    headers = {"Cookie": table.cookie}
    if event.kind == "preview":
        headers["HX-Request"] = "true"
    start = time.perf_counter()
    if event.kind == "save":
        table.save_sent = start
    answer = await answered(level, event.kind, host, port, path, headers, event.body)
    if answer is None:
        return
    level.times[event.kind].append(time.perf_counter() - start)
    if event.kind == "save":
        table.saved.add(event.deal)
        table.changes.append(start)
    elif event.kind == "after save":
        table.revision = max(table.revision, revision_in(answer.body) or 0)


async def answered(
    level: Level, kind: str, host: str, port: int, path: str, headers: dict[str, str], body: str = ""
) -> Answer | None:
    """The answer, if it came and is what ``kind`` expects; else None, with the error counted."""
    try:
        answer = await http(host, port, "POST" if body else "GET", path, headers, body)
    except OSError as exc:
        level.errors.append(f"{kind}: {exc.__class__.__name__}")
        return None
    if answer.status not in EXPECT[kind]:
        level.errors.append(f"{kind}: HTTP {answer.status}")
        return None
    return answer


async def follow(host: str, port: int, event: Event, level: Level) -> None:
    """A phone following the scoreboard until it is put away (``event.until``), as static/board.js does: it asks
    whether the board changed since the revision it shows, the question held by the server until a change or a
    time-out, and asks again, no sooner than ASK_EVERY after the last question. Shown again after a change, its
    first question is answered at once (timed as "shown again"). Putting the phone away drops its open question."""
    table, n = event.table, event.follower
    headers = {"Cookie": table.follower_cookie}
    put_away = level.began + event.until
    shown_at = time.perf_counter()
    while (asked := time.perf_counter()) < put_away:
        since = table.seen[n]
        behind = table.revision > since  # a change it has not seen: answered at once
        question = answered(level, "question", host, port, f"{table.board}?since={since}", HTMX | headers)
        level.questions += asked >= level.began  # those of the warm-up not counted
        try:
            answer = await asyncio.wait_for(question, put_away - asked)
        except TimeoutError:
            return  # the phone put away, its question dropped
        shown = revision_in(answer.body) if answer is not None and answer.status == 200 else None
        if shown is not None and shown > since:
            if behind:
                level.times["shown again"].append(time.perf_counter() - asked)
            elif table.sent_at(since + 1) >= shown_at and level.counts(table.sent_at(since + 1)):
                level.reached.append(max(0.0, time.perf_counter() - table.sent_at(since + 1)))
            table.seen[n] = shown
            table.revision = max(table.revision, shown)
            continue  # the new board swapped in asks again at once
        await asyncio.sleep(max(0.0, asked + ASK_EVERY - time.perf_counter()))


HTMX = {"HX-Request": "true"}


async def run_level(
    host: str, port: int, tables: list[Table], seconds: float, phone_previews: bool
) -> tuple[Level, float]:
    """The tables' requests for ``seconds``, after the warm-up in which the phones already following ask."""
    events = schedule(tables, seconds, phone_previews)
    level = Level(time.perf_counter() + warm_up(seconds), seconds)
    pending = set()
    for event in events:
        delay = level.began + event.at - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        task = asyncio.create_task(fire(host, port, event, level))
        pending.add(task)
        task.add_done_callback(pending.discard)
    if pending:
        await asyncio.wait(pending, timeout=60)
    return level, time.perf_counter() - level.began


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else 0.0


async def drained(host: str, port: int) -> None:
    """Wait (up to a minute) until the server answers at once again: an overloaded level leaves a queue."""
    for _ in range(120):
        start = time.perf_counter()
        try:
            await http(host, port, "GET", "/reference/", {})
        except OSError:
            pass
        else:
            if time.perf_counter() - start < 0.05:
                return
        await asyncio.sleep(0.5)


def cpu_seconds(pid: int) -> float:
    """CPU time used so far by a process and its children alive now (the server's workers), from /proc (0 elsewhere):
    what the server costs, whatever else the machine runs."""
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        used = 0
        for each in [str(pid), *children]:
            fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
            used += int(fields[11]) + int(fields[12])  # utime, stime
    except OSError:
        return 0.0
    return used / os.sysconf("SC_CLK_TCK")


async def measure(
    base: str, seconds: float, levels: tuple[int, ...], server: int, phone_previews: bool
) -> tuple[int, list[Table]]:
    """Levels in turn until one fails, then once more halfway between the last that passed and it."""
    parts = urlsplit(base)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    tables: list[Table] = []
    print(f"{'tables':>7}{'req/s':>8}{'p50 ms':>8}{'p95 ms':>8}{'p99 ms':>8}{'errors':>8}   p95 by kind (ms)")

    async def passes(level: int) -> bool:
        await drained(host, port)
        while len(tables) < level:  # new tables start their sessions before the clock runs
            numbers = range(len(tables), min(level, len(tables) + 200))
            batch = [Table(n, rng=random.Random(n)) for n in numbers]
            await asyncio.gather(*(set_up(host, port, t) for t in batch))
            tables.extend(batch)
        cpu = cpu_seconds(server), time.process_time()
        done, elapsed = await run_level(host, port, tables[:level], seconds, phone_previews)
        warm = elapsed + warm_up(seconds)  # the CPU counted from before the warm-up
        used = (cpu_seconds(server) - cpu[0]) / warm, (time.process_time() - cpu[1]) / warm
        every = [t for values in done.times.values() for t in values]
        p95, reach = percentile(every, 95), percentile(done.reached, 95)
        kinds = "  ".join(f"{k} {percentile(v, 95) * 1000:.0f}" for k, v in sorted(done.times.items()))
        print(
            f"{level:>7}{(len(every) + done.questions) / elapsed:>8.1f}{percentile(every, 50) * 1000:>8.1f}"
            f"{p95 * 1000:>8.1f}{percentile(every, 99) * 1000:>8.1f}{len(done.errors):>8}   {kinds}"
            f"   | {done.questions / elapsed:.0f} questions/s; saves reached followers: p95 {reach * 1000:.0f}"
            f" max {max(done.reached, default=0) * 1000:.0f} ({len(done.reached)}); CPU (of a core): server"
            f" {used[0]:.0%}, load {used[1]:.0%}; load average {os.getloadavg()[0]:.1f}"
        )
        for e in sorted(set(done.errors))[:5]:
            print("      error:", e)
        return p95 < P95_LIMIT and not done.errors and reach <= REACH_LIMIT

    best = 0
    for level in levels:
        if not await passes(level):
            middle = (best + level) // 2
            if best and middle > best and await passes(middle):
                best = middle
            break
        best = level
    return best, tables


def verify(url: str, tables: list[Table]) -> list[str]:
    problems = []
    engine = make_engine(url)
    with engine.connect() as db:
        for table in tables:
            rows = db.execute(
                text(
                    "select h.deal, h.record, h.pay_0, h.pay_1, h.pay_2, h.pay_3 from hand h "
                    "join sitting s on s.id = h.sitting_id where s.public_id = :p order by h.deal"
                ),
                {"p": table.public_id},
            ).all()
            stored, sent = {r[0] for r in rows}, set(range(1, table.next_deal))
            # Every save answered "saved" is there; a save lost to an overloaded server may or may not be.
            if not table.saved <= stored <= sent:
                problems.append(f"table {table.n}: deals stored {sorted(stored)}, saved {sorted(table.saved)}")
            totals = [0, 0, 0, 0]
            for deal, record, *pays in rows:
                if list(score(HandRecord.from_json(json.loads(record))).net_halfpence) != pays:
                    problems.append(f"table {table.n} deal {deal}: payments do not match the record")
                totals = [t + p for t, p in zip(totals, pays, strict=True)]
            if sum(totals) != 0:
                problems.append(f"table {table.n}: totals sum to {sum(totals)}")
    engine.dispose()
    return problems


def run(label: str, url: str, workers: int, seconds: float, levels: tuple[int, ...], phone_previews: bool) -> bool:
    engine = make_engine(url)
    upgrade(engine)
    engine.dispose()
    # Thousands of tables from one address: the per-address abuse limits would refuse them.
    env = {"DATABASE_URL": url, "SECRET_KEY": secrets.token_hex(16), "FLASK_RATELIMIT_ENABLED": "false"}
    server, base = gunicorn("wsgi:app", env, workers)
    previewed = f"those in the first {PHONE_READY_SECONDS:.1f} s" if phone_previews else "each"
    print(
        f"\n== {label}: gunicorn, {workers} gevent workers; a hand every {HAND_SECONDS:.0f} s a table "
        f"({PREVIEWS} changes previewed, {previewed} by the server; a save; {FOLLOWERS} followers each with the "
        f"scoreboard on screen "
        f"{ON_SCREEN:.0%} of the time, asking for changes as board.js does); {seconds:.0f} s a level "
        f"after {warm_up(seconds):.0f} s of warm-up; a level passes with p95 < {P95_LIMIT * 1000:.0f} ms, "
        f"no errors, and saves reaching the followers within {REACH_LIMIT:.0f} s (p95)"
    )
    try:
        best, tables = asyncio.run(measure(base, seconds, levels, server.pid, phone_previews))
    finally:
        stop(server)
    problems = verify(url, tables)
    hands = sum(len(t.saved) for t in tables)
    print(f"{label}: {best:,} tables at once with p95 < {P95_LIMIT * 1000:.0f} ms and no errors")
    print(
        f"stored data ({hands:,} hands answered saved): "
        + ("each stored once, payments match, totals sum to zero" if not problems else f"{len(problems)} PROBLEMS")
    )
    for p in problems[:10]:
        print("  ", p)
    return not problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, help=f"gunicorn workers ({FULL['workers']})")
    parser.add_argument("--seconds", type=float, help=f"how long each level runs ({FULL['seconds']:.0f})")
    parser.add_argument("--levels", type=int, nargs="+", help="numbers of tables, in order")
    parser.add_argument(
        "--tiny",
        action="store_true",
        default=tiny_default(),
        help="a quick run that it works, not figures: " + ", ".join(f"{k} {v}" for k, v in TINY.items()),
    )
    parser.add_argument(
        "--server-previews",
        action="store_true",
        help="every live preview sent to the server, as from a phone without its own Python (by default only those "
        f"in the {PHONE_READY_SECONDS:.1f} s before it is ready)",
    )
    parser.add_argument("--only", choices=("sqlite", "postgresql"), help="one database (both by default)")
    args = parser.parse_args()
    # Every phone following holds a connection open: as many files as the system allows (gunicorn inherits it).
    _, most = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (most, most))
    for name, value in (TINY if args.tiny else FULL).items():  # what is given on the command line stays
        if getattr(args, name) is None:
            setattr(args, name, value)
    levels = tuple(args.levels)
    ok = True
    if args.only in (None, "sqlite"):
        with tempfile.TemporaryDirectory() as tmp:
            ok &= run(
                "SQLite", f"sqlite:///{tmp}/load.sqlite3", args.workers, args.seconds, levels, not args.server_previews
            )
    if args.only in (None, "postgresql"):
        ok &= on_postgres(args.workers, args.seconds, levels, not args.server_previews)
    sys.exit(0 if ok else 1)


def on_postgres(workers: int, seconds: float, levels: tuple[int, ...], phone_previews: bool) -> bool:
    """The run on a schema of its own at TEST_POSTGRES_URL, when a PostgreSQL answers there (True when none)."""
    ok = True
    schema = "load_" + secrets.token_hex(4)
    admin = make_engine(POSTGRES)
    try:
        with admin.begin() as c:
            c.execute(text(f"CREATE SCHEMA {schema}"))
    except Exception as exc:  # noqa: BLE001 - any failure means: no PostgreSQL here
        print(f"\n== PostgreSQL not answering at {POSTGRES} ({exc.__class__.__name__}): no run on it")
    else:
        try:
            sep = "&" if "?" in POSTGRES else "?"
            url = f"{POSTGRES}{sep}options=-csearch_path%3D{schema}"
            ok = run("PostgreSQL", url, workers, seconds, levels, phone_previews)
        finally:
            with admin.begin() as c:
                c.execute(text(f"DROP SCHEMA {schema} CASCADE"))
    admin.dispose()
    return ok


if __name__ == "__main__":
    main()
