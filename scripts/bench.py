"""`make bench`: what a player feels, beside the bare limit of the stack (prints figures).

1. Server speed: gunicorn (same workers for both) under wrk at 1, 8 and 32
   connections: the session page of a 16-deal session, the hand preview, the
   hand save, and a bare Flask route returning a constant.
2. Page weight: bytes on the wire for the hand-entry page, first and repeat visit.
3. Taps: interactions to score a plain partner hand and a stung hand.
4. Growth: server time of the scoreboard and the start page as data grows.
"""

from __future__ import annotations

import argparse
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.table_client import Phone, form_fields  # noqa: E402

WORKERS = 4
LEVELS = (1, 8, 32)
PARTNER = {"bid": "4", "declarer": 1, "called_card": "7C", "young_trumps": "hearts", "holder": 3, "points": 71}
WRK_REPORT = """
done = function(summary, latency, requests)
  io.write(string.format("RESULT %d %.3f %.3f %d %d\\n", summary.requests, latency:percentile(50) / 1000,
    latency:percentile(95) / 1000, summary.errors.status, summary.errors.connect + summary.errors.read
    + summary.errors.write + summary.errors.timeout))
end
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def gunicorn(app: str, env: dict, workers: int = WORKERS) -> tuple[subprocess.Popen, str]:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-w", str(workers), "-b", f"127.0.0.1:{port}", app],
        cwd=ROOT, env={**os.environ, **env}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    for _ in range(300):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return server, f"http://127.0.0.1:{port}"
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"gunicorn {app} did not start")


def stop(server: subprocess.Popen) -> None:
    os.killpg(server.pid, signal.SIGTERM)
    server.wait(20)


def lua_string(value: str) -> str:
    return "[==[" + value + "]==]"


def wrk(url: str, connections: int, seconds: float, script: str) -> dict:
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as f:
        f.write(script + WRK_REPORT)
        path = f.name
    threads = min(2, connections)
    done = subprocess.run(
        ["wrk", f"-t{threads}", f"-c{connections}", f"-d{int(seconds)}s", "--timeout", "10s", "-s", path, url],
        capture_output=True, text=True,
    )
    os.unlink(path)
    if done.returncode:
        raise SystemExit(f"wrk failed: {done.stderr or done.stdout}")
    out = done.stdout
    requests, p50, p95, bad_status, socket_errors = re.search(r"RESULT (\S+) (\S+) (\S+) (\S+) (\S+)", out).groups()
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    return {"rps": rps, "p50": float(p50), "p95": float(p95), "requests": int(requests),
            "errors": int(bad_status) + int(socket_errors)}


def post_script(entries: list[tuple[str, str, str]], htmx: bool = False) -> str:
    """A wrk script POSTing (path, cookie, body) entries; thread i takes entries i, i+T, i+2T, …"""
    rows = ",\n".join(f"{{{lua_string(p)}, {lua_string(c)}, {lua_string(b)}}}" for p, c, b in entries)
    return f"""
local entries = {{
{rows}
}}
local threads = {{}}
setup = function(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end
init = function(args)
  step = #threads > 0 and #threads or 2
  i = id
end
request = function()
  local e = entries[(i % #entries) + 1]
  i = i + step
  local headers = {{["Content-Type"] = "application/x-www-form-urlencoded", ["Cookie"] = e[2]}}
  {'headers["HX-Request"] = "true"' if htmx else ''}
  return wrk.format("POST", e[1], headers, e[3])
end
"""


def get_script(cookie: str) -> str:
    return f'wrk.headers["Cookie"] = {lua_string(cookie)}\n'


def cookie_of(phone: Phone) -> str:
    return "; ".join(f"{k}={v}" for k, v in phone.cookies.items())


def form_body(fields: dict) -> str:
    from urllib.parse import urlencode

    return urlencode(fields, doseq=True)


def server_speed(seconds: float) -> list[dict]:
    tmp = tempfile.mkdtemp()
    url = f"sqlite:///{tmp}/bench.sqlite3"
    env = {"DATABASE_URL": url, "SECRET_KEY": secrets.token_hex(16)}
    subprocess.run([sys.executable, "-m", "flask", "--app", "wsgi", "upgrade-db"], cwd=ROOT, env={**os.environ, **env},
                   check=True, capture_output=True)
    app, base = gunicorn("wsgi:app", env)
    bare, bare_base = gunicorn("scripts.bare_app:app", {})
    rows = []
    try:
        # A finished 16-deal session for the scoreboard, and one phone's preview request.
        phone = Phone(base)
        board_id = phone.start_session(["Ann", "Bob", "Cat", "Dan"])
        for deal in range(1, 17):
            _, fields = phone.open_form(f"/s/{board_id}/hands/new")
            hand = {**PARTNER, "points": 50 + deal, "declarer": deal % 4, "holder": (deal + 1) % 4}
            phone.post(f"/s/{board_id}/hands/new", {**fields, **form_fields(hand), "action": "save"})
        preview_id = phone.start_session(["Eve", "Fay", "Gus", "Hal"])
        _, fields = phone.open_form(f"/s/{preview_id}/hands/new")
        preview = [(f"/s/{preview_id}/hands/preview", cookie_of(phone), form_body({**fields, **form_fields(PARTNER)}))]
        # Saves: many sessions, each deal once, each from the phone that started it.
        saves = []
        needed = int(seconds * 700 * len(LEVELS))
        while len(saves) < needed:
            creator = Phone(base)
            for _ in range(40):
                sid = creator.start_session(["A", "B", "C", "D"])
                page, fields = creator.open_form(f"/s/{sid}/hands/new")
                for deal in range(1, 17):
                    body = {**fields, "deal": str(deal), "form_token": secrets.token_urlsafe(12),
                            **form_fields(PARTNER), "action": "save"}
                    saves.append((f"/s/{sid}/hands/new", cookie_of(creator), form_body(body)))
        saves.sort(key=lambda e: (e[2].split("deal=")[1][:2], e[0]))  # deal 1 of every session first, …
        endpoints = [
            ("bare route", bare_base + "/", ""),
            ("session page", f"{base}/s/{board_id}", get_script(cookie_of(phone))),
            ("preview", base + "/", post_script(preview, htmx=True)),
        ]
        for connections in LEVELS:
            for name, target, script in endpoints:
                rows.append({"endpoint": name, "connections": connections, **wrk(target, connections, seconds, script)})
            offset = sum(r["requests"] for r in rows if r["endpoint"] == "save")
            rows.append({"endpoint": "save", "connections": connections,
                         **wrk(base + "/", connections, seconds, post_script(saves[offset:], htmx=False))})
    finally:
        stop(app)
        stop(bare)
        shutil.rmtree(tmp, ignore_errors=True)
    return rows


def print_speed(rows: list[dict]) -> None:
    print(f"\n1. Server speed: gunicorn {WORKERS} sync workers each, wrk on loopback, {os.cpu_count()} cores")
    print(f"{'endpoint':<14}{'conns':>6}{'req/s':>9}{'p50 ms':>8}{'p95 ms':>8}{'errors':>7}{'÷ bare':>8}")
    for r in rows:
        bare = next(b for b in rows if b["endpoint"] == "bare route" and b["connections"] == r["connections"])
        print(f"{r['endpoint']:<14}{r['connections']:>6}{r['rps']:>9.0f}{r['p50']:>8.1f}{r['p95']:>8.1f}"
              f"{r['errors']:>7}{r['rps'] / bare['rps']:>8.0%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--only", choices=("speed", "weight", "taps", "growth"))
    args = parser.parse_args()
    if args.only in (None, "speed"):
        print_speed(server_speed(args.seconds))


if __name__ == "__main__":
    main()
