"""Load test (a script that prints figures, not a test): `make load`.

Runs the app under gunicorn (4 workers) on loopback and lets 50 simulated
tables each record a 16-deal session at the same time: start the session,
then for every deal open the form, two live previews, save, read the
scoreboard; then two edits. Once on SQLite and once on PostgreSQL (when one
answers at TEST_POSTGRES_URL). Afterwards every table's every hand is
checked in the database: stored once, payments matching its record, totals
summing to zero.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import text  # noqa: E402

from companion.db import make_engine, upgrade  # noqa: E402
from companion.rules import HandRecord, score  # noqa: E402
from companion.testing import Phone, form_fields, gunicorn, hidden_fields, stop  # noqa: E402
from scripts.bench_engine import KINDS, make_hand  # noqa: E402

POSTGRES = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")


class Table(threading.Thread):
    """One table: a phone recording a whole session."""

    def __init__(self, base: str, n: int, deals: int, timings, errors, lock):
        super().__init__(daemon=True)
        self.base, self.n, self.deals = base, n, deals
        self.timings, self.errors, self.lock = timings, errors, lock
        self.public_id = None
        self.rng = random.Random(n)

    def call(self, label: str, method: str, path: str, expect: int, **kw):
        try:
            reply = self.phone.request(method, path, **kw)
        except Exception as exc:  # noqa: BLE001 - counted, then the table goes on
            with self.lock:
                self.errors.append(f"{label}: {exc.__class__.__name__}")
            return None
        with self.lock:
            self.timings[label].append(reply.seconds)
            if reply.status != expect:
                self.errors.append(f"{label}: HTTP {reply.status}")
        return reply

    def run(self):
        self.phone = Phone(self.base, timeout=30)
        start = time.perf_counter()
        self.public_id = self.phone.start_session([f"T{self.n}{c}" for c in "ABCD"], deals=self.deals)
        with self.lock:
            self.timings["start session"].append(time.perf_counter() - start)
        board = f"/s/{self.public_id}"
        for deal in range(1, self.deals + 1):
            page = self.call("hand form", "GET", board + "/hands/new", 200)
            if page is None:
                continue
            hidden = hidden_fields(page.text)
            fields = form_fields(make_hand(self.rng, KINDS[(deal + self.n) % 4]))
            for _ in range(2):
                self.call("preview", "POST", board + "/hands/preview", 200, form={**hidden, **fields}, htmx=True)
            self.call("save", "POST", board + "/hands/new", 302, form={**hidden, **fields, "action": "save"})
            self.call("scoreboard", "GET", board, 200)
        for deal in (3, 7):
            page = self.call("edit form", "GET", f"{board}/hands/{deal}/edit", 200)
            if page is None:
                continue
            hidden = hidden_fields(page.text)
            fields = form_fields(make_hand(self.rng, "partner"))
            self.call("edit", "POST", f"{board}/hands/{deal}/edit", 302, form={**hidden, **fields, "action": "save"})
        self.call("scoreboard", "GET", board, 200)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def verify(url: str, tables: list[Table], deals: int) -> list[str]:
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
            if [r[0] for r in rows] != list(range(1, deals + 1)):
                problems.append(f"table {table.n}: deals stored {[r[0] for r in rows]}")
            totals = [0, 0, 0, 0]
            for deal, record, *pays in rows:
                if list(score(HandRecord.from_json(json.loads(record))).net_halfpence) != pays:
                    problems.append(f"table {table.n} deal {deal}: payments do not match the record")
                totals = [t + p for t, p in zip(totals, pays, strict=True)]
            if sum(totals) != 0:
                problems.append(f"table {table.n}: totals sum to {sum(totals)}")
    engine.dispose()
    return problems


def run(label: str, url: str, tables: int, deals: int, workers: int) -> bool:
    engine = make_engine(url)
    upgrade(engine)
    engine.dispose()
    server, base = gunicorn("wsgi:app", {"DATABASE_URL": url, "SECRET_KEY": secrets.token_hex(16)}, workers)
    timings, errors, lock = defaultdict(list), [], threading.Lock()
    players = [Table(base, n, deals, timings, errors, lock) for n in range(tables)]
    start = time.perf_counter()
    try:
        for t in players:
            t.start()
        for t in players:
            t.join()
    finally:
        elapsed = time.perf_counter() - start
        stop(server)
    every = [s for values in timings.values() for s in values]
    print(f"\n== {label}: {tables} tables × {deals} deals, gunicorn {workers} workers, {elapsed:.1f} s")
    print(f"requests {len(every):,}  throughput {len(every) / elapsed:,.0f} req/s  errors {len(errors)}")
    print(f"{'endpoint':<15}{'count':>7}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}")
    for name, values in [("all", every), *sorted(timings.items())]:
        print(
            f"{name:<15}{len(values):>7}{percentile(values, 50) * 1000:>9.1f}"
            f"{percentile(values, 95) * 1000:>9.1f}{percentile(values, 99) * 1000:>9.1f}"
        )
    for e in errors[:10]:
        print("  error:", e)
    problems = verify(url, players, deals)
    print(
        "stored data: "
        + (
            "every hand stored once, payments match, totals sum to zero"
            if not problems
            else f"{len(problems)} PROBLEMS"
        )
    )
    for p in problems[:10]:
        print("  ", p)
    return not errors and not problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--deals", type=int, default=16, choices=(8, 16))
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        ok &= run("SQLite", f"sqlite:///{tmp}/load.sqlite3", args.tables, args.deals, args.workers)
    schema = "load_" + secrets.token_hex(4)
    admin = make_engine(POSTGRES)
    try:
        with admin.begin() as c:
            c.execute(text(f"CREATE SCHEMA {schema}"))
    except Exception as exc:  # noqa: BLE001
        print(f"\n== PostgreSQL not answering at {POSTGRES} ({exc.__class__.__name__}): SQLite only")
    else:
        try:
            sep = "&" if "?" in POSTGRES else "?"
            ok &= run(
                "PostgreSQL", f"{POSTGRES}{sep}options=-csearch_path%3D{schema}", args.tables, args.deals, args.workers
            )
        finally:
            with admin.begin() as c:
                c.execute(text(f"DROP SCHEMA {schema} CASCADE"))
    admin.dispose()
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
