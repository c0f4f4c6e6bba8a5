"""`make bench`: what a player feels, beside the bare limit of the stack (prints figures).

1. Server speed: gunicorn (same workers for both) under wrk at 1, 8 and 32
   connections: the session page of a 16-deal session, the hand preview, the
   hand save, and a bare Flask route returning a constant; five rounds of
   all four in turn at each level, the median shown.
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
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.testing import Phone, form_fields, gunicorn, stop  # noqa: E402

WORKERS = 4
LEVELS = (1, 8, 32)
ROUNDS = 5
PREVIEW_LEAVES_OUT = {"csrf_token", "form_token", "deal", "version"}
PARTNER = {"bid": "4", "declarer": 1, "called_card": "7C", "young_trumps": "hearts", "holder": 3, "points": 71}
WRK_REPORT = """
done = function(summary, latency, requests)
  io.write(string.format("RESULT %d %.3f %.3f %d %d\\n", summary.requests, latency:percentile(50) / 1000,
    latency:percentile(95) / 1000, summary.errors.status, summary.errors.connect + summary.errors.read
    + summary.errors.write + summary.errors.timeout))
end
"""


def lua_string(value: str) -> str:
    return "[==[" + value + "]==]"


def wrk(url: str, connections: int, seconds: float, script: str) -> dict:
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as f:
        f.write(script + WRK_REPORT)
        path = f.name
    threads = min(2, connections)
    done = subprocess.run(
        ["wrk", f"-t{threads}", f"-c{connections}", f"-d{int(seconds)}s", "--timeout", "10s", "-s", path, url],
        capture_output=True,
        text=True,
    )
    os.unlink(path)
    if done.returncode:
        raise SystemExit(f"wrk failed: {done.stderr or done.stdout}")
    out = done.stdout
    requests, p50, p95, bad_status, socket_errors = re.search(r"RESULT (\S+) (\S+) (\S+) (\S+) (\S+)", out).groups()
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    return {
        "rps": rps,
        "p50": float(p50),
        "p95": float(p95),
        "requests": int(requests),
        "errors": int(bad_status) + int(socket_errors),
    }


def static_script(method: str, headers: dict[str, str], body: str = "") -> str:
    """One fixed request: wrk sends it without running Lua per request (as for the bare route)."""
    lines = [f"wrk.method = {lua_string(method)}", f"wrk.body = {lua_string(body)}"]
    lines += [f"wrk.headers[ {lua_string(k)} ] = {lua_string(v)}" for k, v in headers.items()]  # "[[" opens a string
    return "\n".join(lines) + "\n"


def form_headers(cookie: str, htmx: bool = False) -> dict[str, str]:
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie}
    if htmx:
        headers["HX-Request"] = "true"
    return headers


def saves_script(entries: list[tuple[str, str, str]]) -> str:
    """Many different POSTs (path, cookie, body), each sent once: thread i takes entries i, i+T, i+2T, …

    Every request is formatted once, before the clock starts, so that wrk's
    own work per request stays as small as for the other endpoints.
    """
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
  local step = #threads > 0 and #threads or 2
  prepared = {{}}
  for i = id + 1, #entries, step do
    local e = entries[i]
    table.insert(prepared, wrk.format("POST", e[1], {{["Content-Type"] = "application/x-www-form-urlencoded",
      ["Cookie"] = e[2]}}, e[3]))
  end
  n = 0
end
request = function()
  n = n + 1
  return prepared[((n - 1) % #prepared) + 1]
end
"""


def cookie_of(phone: Phone) -> str:
    return "; ".join(f"{k}={v}" for k, v in phone.cookies.items())


def form_body(fields: dict) -> str:
    from urllib.parse import urlencode

    return urlencode(fields, doseq=True)


def server_speed(seconds: float) -> list[dict]:
    app, base, tmp = app_server(WORKERS)
    bare, bare_base = gunicorn("scripts.bare_app:app", {}, WORKERS)
    rows = []
    try:
        # A finished 16-deal session for the scoreboard, and one phone's preview request.
        phone = Phone(base)
        board_id = phone.start_session(["Ann", "Bob", "Cat", "Dan"])
        for deal in range(1, 17):
            _, fields = phone.open_form(f"/s/{board_id}/hands/new")
            hand = {**PARTNER, "points": 50 + deal, "declarer": deal % 4, "holder": (deal + 1) % 4}
            phone.post(f"/s/{board_id}/hands/new", {**fields, **form_fields(hand), "action": "save"})
        phone.get(f"/s/{board_id}")  # the page a browser goes to after a save: it says "Deal 16 saved." once
        preview_id = phone.start_session(["Eve", "Fay", "Gus", "Hal"])
        _, fields = phone.open_form(f"/s/{preview_id}/hands/new")
        preview_path = f"/s/{preview_id}/hands/preview"
        # As the phone sends it: the form's fields but the four the preview does not
        # need (hx-params) and the empty ones (form.js), the CSRF token in htmx's header.
        preview_fields = {**fields, **form_fields(PARTNER)}
        preview_headers = {**form_headers(cookie_of(phone), True), "X-CSRFToken": preview_fields["csrf_token"]}
        preview_body = form_body({k: v for k, v in preview_fields.items() if k not in PREVIEW_LEAVES_OUT and v != ""})
        # Saves: many sessions, each deal once, each from the phone that started it. A
        # pub night has tens of tables at once, not thousands: the saves go to 64
        # sessions at a time (deal 1 of each, then deal 2, …), then to the next 64.
        saves = []
        per_run = int(seconds * 5000)  # more than a run can save
        needed = int(seconds * 2500 * len(LEVELS) * ROUNDS)
        block: list[tuple[str, str, dict]] = []
        while len(saves) < needed:
            creator = Phone(base)  # a phone starts a few sessions, so its cookie holds a few edit grants
            for _ in range(4):
                sid = creator.start_session(["A", "B", "C", "D"])
                block.append((sid, cookie_of(creator), creator.open_form(f"/s/{sid}/hands/new")[1]))
            if len(block) < 64:
                continue
            for deal in range(1, 17):
                for sid, cookie, fields in block:
                    body = {
                        **fields,
                        "deal": str(deal),
                        "form_token": secrets.token_urlsafe(12),
                        **form_fields(PARTNER),
                        "action": "save",
                    }
                    saves.append((f"/s/{sid}/hands/new", cookie, form_body(body)))
            block = []
        endpoints = [
            ("bare route", bare_base + "/", ""),
            ("session page", f"{base}/s/{board_id}", static_script("GET", {"Cookie": cookie_of(phone)})),
            ("preview", base + preview_path, static_script("POST", preview_headers, preview_body)),
        ]
        used = 0  # saves already sent: each deal of each session is saved once
        for connections in LEVELS:
            # Rounds of every endpoint in turn, so that a change in the machine's
            # speed during the run touches all of them alike; the median round counts.
            runs: dict[str, list[dict]] = {}
            for _ in range(ROUNDS):
                for name, target, script in endpoints:
                    runs.setdefault(name, []).append(wrk(target, connections, seconds, script))
                done = wrk(base + "/", connections, seconds, saves_script(saves[used : used + per_run]))
                if done["requests"] >= min(per_run, len(saves) - used):
                    raise SystemExit("make bench: too few prepared saves; raise per_run and needed")
                used += done["requests"]
                runs.setdefault("save", []).append(done)
            bare_runs = runs["bare route"]
            for name, results in runs.items():
                ratios = [r["rps"] / b["rps"] for r, b in zip(results, bare_runs, strict=True)]
                middle = sorted(range(ROUNDS), key=lambda i: results[i]["rps"])[ROUNDS // 2]
                rows.append(
                    {
                        "endpoint": name,
                        "connections": connections,
                        **results[middle],
                        "errors": sum(r["errors"] for r in results),
                        "ratio": statistics.median(ratios),
                        "ratios": ratios,
                    }
                )
    finally:
        stop(app)
        stop(bare)
        shutil.rmtree(tmp, ignore_errors=True)
    return rows


def print_speed(rows: list[dict]) -> None:
    print(f"\n1. Server speed: gunicorn {WORKERS} sync workers each, wrk on loopback, {os.cpu_count()} cores")
    print(f"   {ROUNDS} rounds of every endpoint in turn; the median round is shown, and the median ratio")
    header = f"{'endpoint':<14}{'conns':>6}{'req/s':>9}{'p50 ms':>8}{'p95 ms':>8}{'errors':>7}{'÷ bare':>8}"
    print(header + "  rounds ÷ bare")
    for r in rows:
        rounds = " ".join(f"{x:.0%}" for x in r["ratios"])
        print(
            f"{r['endpoint']:<14}{r['connections']:>6}{r['rps']:>9.0f}{r['p50']:>8.1f}{r['p95']:>8.1f}"
            f"{r['errors']:>7}{r['ratio']:>8.0%}  {rounds}"
        )


# -- 2. page weight -------------------------------------------------------------


def app_server(workers: int = 2) -> tuple[subprocess.Popen, str, str]:
    """The app under gunicorn on a fresh SQLite database: (process, base URL, its folder)."""
    tmp = tempfile.mkdtemp()
    env = {"DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3", "SECRET_KEY": secrets.token_hex(16)}
    subprocess.run(
        [sys.executable, "-m", "flask", "--app", "wsgi", "upgrade-db"],
        cwd=ROOT,
        env={**os.environ, **env},
        check=True,
        capture_output=True,
    )
    server, base = gunicorn("wsgi:app", env, workers=workers)
    return server, base, tmp


def phone_browser(playwright, base: str, phone: Phone):
    browser = playwright.chromium.launch(
        executable_path=shutil.which("chromium"),
        args=["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
    )
    device = dict(playwright.devices["Pixel 7"])
    context = browser.new_context(**device)
    host = base.split("//")[1].split(":")[0]
    context.add_cookies([{"name": k, "value": v, "domain": host, "path": "/"} for k, v in phone.cookies.items()])
    return browser, context


def wire_bytes(context, page, url: str) -> tuple[int, list[tuple[str, int]]]:
    """Bytes received (headers and compressed bodies) while loading ``url`` until the network is idle."""
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    urls, sizes = {}, {}
    cdp.on("Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]))
    cdp.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
    page.goto(url, wait_until="networkidle")
    page.wait_for_timeout(300)
    cdp.detach()
    items = [(urls.get(r, r).split("/", 3)[-1], int(n)) for r, n in sizes.items() if n]
    return sum(n for _, n in items), items


def page_weight() -> dict:
    from playwright.sync_api import sync_playwright

    server, base, tmp = app_server()
    try:
        phone = Phone(base)
        board = phone.start_session(["Ann", "Bob", "Cat", "Dan"])
        url = f"{base}/s/{board}/hands/new"
        with sync_playwright() as pw:
            browser, context = phone_browser(pw, base, phone)
            page = context.new_page()
            first, first_items = wire_bytes(context, page, url)
            repeat, repeat_items = wire_bytes(context, page, url)
            browser.close()
    finally:
        stop(server)
        shutil.rmtree(tmp, ignore_errors=True)
    return {"first": first, "first_items": first_items, "repeat": repeat, "repeat_items": repeat_items}


def print_weight(w: dict) -> None:
    print("\n2. Page weight of the hand-entry page, bytes on the wire (compressed, with headers)")
    for label, key in (("first visit", "first"), ("repeat visit", "repeat")):
        print(f"{label:<13}{w[key]:>8,} B  ({w[key] / 1024:.1f} KB)")
        for name, n in sorted(w[key + "_items"], key=lambda i: -i[1]):
            print(f"    {n:>7,} B  /{name[:70]}")


# -- 3. taps ------------------------------------------------------------------------


class Thumb:
    """Counts every tap and keystroke a player makes."""

    def __init__(self, page):
        self.page, self.taps, self.keys = page, 0, 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).click()
        self.taps += 1

    def type(self, selector: str, text: str) -> None:
        self.tap(selector)  # putting the cursor in the field is a tap too
        self.page.keyboard.type(text)
        self.keys += len(text)

    @property
    def total(self) -> int:
        return self.taps + self.keys


def score_quickly(page, board_url: str, held_by: str, stinger: str | None) -> Thumb:
    page.goto(board_url)
    thumb = Thumb(page)
    thumb.tap("#score-hand")
    thumb.tap('#bid-box label[data-value="4"]')
    thumb.tap('#declarer-box label[data-value="1"]')
    thumb.tap('#called_suit-box .suits label[data-value="C"]')
    thumb.tap('#called_suit-box .ranks label[data-value="7"]')
    thumb.tap('#young_trumps-box label[data-value="hearts"]')
    thumb.tap(f'#held_by-box label[data-value="{held_by}"]')
    thumb.type("#points", "50" if stinger else "71")
    if stinger:
        thumb.type("#stinger_points", stinger)
    thumb.tap("#save")
    page.wait_for_url(re.compile(r".*/s/[^/]+(#deal-\d+)?$"))
    if "saved" not in page.locator(".flash").inner_text():
        raise SystemExit("the hand was not saved")
    return thumb


def taps() -> dict:
    from playwright.sync_api import sync_playwright

    server, base, tmp = app_server()
    try:
        phone = Phone(base)
        board = f"{base}/s/{phone.start_session(['Ann', 'Bob', 'Cat', 'Dan'])}"
        with sync_playwright() as pw:
            browser, context = phone_browser(pw, base, phone)
            page = context.new_page()
            partner = score_quickly(page, board, "hand-3", None)
            stung = score_quickly(page, board, "trug-2", "55")
            browser.close()
    finally:
        stop(server)
        shutil.rmtree(tmp, ignore_errors=True)
    return {"partner": partner, "stung": stung}


def print_taps(t: dict) -> None:
    print("\n3. Interactions to score a hand, scoreboard → scoreboard (taps + keystrokes)")
    for name, thumb in t.items():
        print(f"{name + ' hand':<14}{thumb.total:>3}  ({thumb.taps} taps, {thumb.keys} keystrokes)")


# -- 4. growth ----------------------------------------------------------------------


def _median_ms(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return sorted(times)[len(times) // 2]


def growth() -> dict:
    from companion.web.cache import clear_caches
    from sqlalchemy import insert
    from sqlmodel import Session

    from companion import create_app
    from companion.db import upgrade
    from companion.models import Player, Sitting
    from companion.rules import HandRecord, HouseRules
    from companion.store import create_sitting, record_hand

    tmp = tempfile.mkdtemp()
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp}/growth.sqlite3", "SECRET_KEY": "bench"})
    engine = app.extensions["db_engine"]
    upgrade(engine)
    client = app.test_client()
    out = {"board": [], "start": []}
    record = HandRecord.from_json(PARTNER)
    for hands in (16, 160, 1600):
        with Session(engine, expire_on_commit=False) as db:
            sitting = create_sitting(db, ["Ann", "Bob", "Cat", "Dan"], hands, 0, HouseRules())
            for deal in range(1, hands + 1):
                record_hand(db, sitting, deal, record, f"g{hands}-{deal}")
        url = f"/s/{sitting.public_id}"

        def cold(url=url):
            clear_caches(app)
            assert client.get(url).status_code == 200

        def warm(url=url):
            assert client.get(url).status_code == 200

        out["board"].append((hands, _median_ms(cold, 5), _median_ms(warm, 20)))
    made = 3  # the three sessions above
    for total in (10, 1000, 10000):
        with engine.begin() as connection:
            rows = [
                {
                    "public_id": secrets.token_urlsafe(16),
                    "edit_key": secrets.token_urlsafe(16),
                    "deals": 16,
                    "first_dealer": 0,
                    "house_rules": "{}",
                    "coins": "1/-",
                    "revision": 0,
                }
                for _ in range(total - made)
            ]
            if rows:
                connection.execute(insert(Sitting), rows)
                ids = [
                    i
                    for (i,) in connection.exec_driver_sql(
                        "select id from sitting order by id desc limit ?", (len(rows),)
                    )
                ]
                connection.execute(
                    insert(Player), [{"sitting_id": i, "seat": s, "name": f"P{s}"} for i in ids for s in range(4)]
                )
        made = total
        out["start"].append((total, _median_ms(lambda: client.get("/"), 20)))
    engine.dispose()
    shutil.rmtree(tmp, ignore_errors=True)
    return out


def print_growth(g: dict) -> None:
    print("\n4. Growth: server time in-process (median ms)")
    base = g["board"][0]
    print(f"{'scoreboard hands':<18}{'first view':>11}{'cached':>9}{'× rows':>8}{'× time':>8}")
    for hands, cold, warm in g["board"]:
        print(f"{hands:<18}{cold:>11.1f}{warm:>9.2f}{hands / base[0]:>8.0f}{cold / base[1]:>8.1f}")
    first = g["start"][0]
    print(f"{'start page, sessions':<22}{'ms':>7}{'rows shown':>12}{'× time':>8}")
    for total, ms in g["start"]:
        print(f"{total:<22}{ms:>7.2f}{min(total, 20):>12}{ms / first[1]:>8.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--only", choices=("speed", "weight", "taps", "growth"))
    args = parser.parse_args()
    if args.only in (None, "speed"):
        print_speed(server_speed(args.seconds))
    if args.only in (None, "weight"):
        print_weight(page_weight())
    if args.only in (None, "taps"):
        print_taps(taps())
    if args.only in (None, "growth"):
        print_growth(growth())


if __name__ == "__main__":
    main()
