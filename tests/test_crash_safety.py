"""Killing the server mid-stream loses nothing acknowledged and leaves nothing half-saved.

The app runs under gunicorn in a separate process group; four phones record
hands over HTTP; the whole group gets SIGKILL while they are still sending.
"""

from __future__ import annotations

import json
import re
import signal
import sqlite3
import threading
import time
from pathlib import Path

from sqlalchemy import text

from companion.db import make_engine
from companion.games.sussex import HandRecord, score
from companion.testing import Phone, form_fields, gunicorn, stop
from tests.conftest import EXAMPLES, load_example, make_app

HANDS = [
    load_example(p)["hand"]
    for p in EXAMPLES
    if "expect" in load_example(p)
    and "house_rules" not in load_example(p)["hand"]
    and "called_card" in load_example(p)["hand"]
]
PHONES = 4
KILL_AFTER = 40  # acknowledged hands


def serve(url: str, port: int | None = None):
    return gunicorn(
        "wsgi:app", {"DATABASE_URL": url, "SECRET_KEY": "crash-test"}, workers=2, port=port, extra=("--threads", "2")
    )


def record_until_killed(base: str, seat: int, acked: list, lock: threading.Lock, stopping: threading.Event):
    phone = Phone(base, timeout=5)
    try:
        public_id = phone.start_session([f"P{seat}a", f"P{seat}b", f"P{seat}c", f"P{seat}d"])
        deal = 0
        while not stopping.is_set():
            deal += 1
            if deal > 16:
                public_id, deal = phone.start_session([f"Q{seat}a", f"Q{seat}b", f"Q{seat}c", f"Q{seat}d"]), 1
            hand = {**HANDS[(deal + seat) % len(HANDS)], "points": 40 + deal + seat}
            if hand.get("in_trug"):
                hand["stinger_points"] = min(hand["stinger_points"], 130 - hand["points"])
            _, hidden = phone.open_form(f"/s/{public_id}/hands/new")
            reply = phone.post(f"/s/{public_id}/hands/new", {**hidden, **form_fields(hand), "action": "save"})
            if reply.status == 303:
                with lock:
                    acked.append((public_id, deal, hand["points"]))
    except Exception:  # noqa: BLE001 - the server dying under us is the point
        return


def test_sigkill_mid_stream_loses_no_acknowledged_hand(tmp_path: Path):
    app = make_app(tmp_path / "crash.sqlite3")
    url = app.config["DATABASE_URL"]
    app.extensions["db_engine"].dispose()
    server, base = serve(url)
    assert Phone(base, timeout=60).get("/").status == 200  # the app loaded before the phones' 5 s timeouts count
    acked: list = []
    lock, stopping = threading.Lock(), threading.Event()
    phones = [
        threading.Thread(target=record_until_killed, args=(base, s, acked, lock, stopping)) for s in range(PHONES)
    ]
    for p in phones:
        p.start()
    deadline = time.monotonic() + 120
    while len(acked) < KILL_AFTER and time.monotonic() < deadline:
        time.sleep(0.02)
    stop(server, signal.SIGKILL)  # master and workers, mid-stream
    stopping.set()
    for p in phones:
        p.join(30)
    assert len(acked) >= KILL_AFTER, f"only {len(acked)} hands acknowledged before the deadline"

    engine = make_engine(url)
    with engine.connect() as db:
        if url.startswith("sqlite"):
            assert db.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
        rows = db.execute(
            text(
                "select s.public_id, h.deal, h.record, h.pay_0, h.pay_1, h.pay_2, h.pay_3 "
                "from hand h join sitting s on s.id = h.sitting_id"
            )
        ).all()
        players = dict(db.execute(text("select sitting_id, count(*) from player group by sitting_id")).all())
        sittings = [sid for (sid,) in db.execute(text("select id from sitting"))]
    engine.dispose()

    stored = {}
    for public_id, deal, record, *pays in rows:
        assert (public_id, deal) not in stored, "a hand stored twice"
        hand = HandRecord.from_json(json.loads(record))
        assert list(score(hand).net_halfpence) == pays, "a hand whose payments do not match its record"
        stored[public_id, deal] = hand.points
    for public_id, deal, points in acked:
        assert stored.get((public_id, deal)) == points, f"acknowledged hand lost: {public_id} deal {deal}"
    assert all(players.get(sid) == 4 for sid in sittings), "a session saved without its four players"
    # Anything saved but not acknowledged (in flight at the kill) is whole too: checked above.

    server, base = serve(url, port=int(base.rsplit(":", 1)[1]))  # the app comes back, every session readable
    try:
        phone = Phone(base)
        for public_id in {p for p, _, _ in acked}:
            page = phone.get(f"/s/{public_id}")
            assert page.status == 200
            totals = [int(t) for t in re.findall(r'data-total="(-?\d+)"', page.text)]
            assert len(totals) == 4 and sum(totals) == 0
    finally:
        stop(server)
    if url.startswith("sqlite"):
        assert sqlite3.connect(url.removeprefix("sqlite:///")).execute("pragma integrity_check").fetchone()[0] == "ok"
