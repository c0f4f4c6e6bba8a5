"""`make bench`: what a player feels (a script that prints figures).

1. Time on a slow phone: Chromium as a Pixel 7 on Slow 4G against gunicorn
   here. From the last input to the live preview painted (after a tap, and
   after typing the points), and from pressing Save to the scoreboard
   painted; median and worst of several hands. Slow 4G as Lighthouse
   defines it: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up. Then the
   same under DevTools' own "Slow 4G" preset, which adds 562.5 ms to every
   request (it stands for connection set-up too), for comparison.
2. Page weight: bytes on the wire for the hand-entry page, first and repeat visit.
3. Taps: interactions to score each game's hand kinds (bench_entry's, and Early French Tarot's worked
   hands), scoreboard to saved scoreboard, on a Pixel 7 and an iPhone 13.
4. Growth: server time of the scoreboard and the start page as data grows.
5. A club's statistics: a group of 500 sessions (8,000 hands) on SQLite, and
   on PostgreSQL when one answers (TEST_POSTGRES_URL): the group page and a
   player's page, rendered in-process, and the statistics queries alone.
6. Bounds at their limits, on SQLite and PostgreSQL: the costliest scoreboard a
   visitor can store (French Tarot of five, the most deals, every hand worth
   the most, a point at the most, the most awkward coins; and a game played to
   a target at its most hands, ``Target.most``), the start page of a phone in
   3,000 sessions and 3,001 groups, a group of 3,000 sessions (the most
   players, and four), its pages again, first after a change to one session,
   and first after a restart, and its
   CSV and JSON exports (300 sessions of a game to a target at its most
   hands), streamed. Floor: 50 ms a page. Then, under gunicorn, a phone's
   p95 while four clients loop the costliest of those pages, and the exports
   (floor 100 ms, no worker timeout).
7. The phone's own Python (Pyodide and the app's code, after the load event):
   its bytes on the wire, how long after the load event it is ready (cold,
   then warm), and, on a Pixel 7 once it is ready, tap and typing to the
   preview painted with no signal and on DevTools' Slow 4G (goal 100 ms).

    .venv/bin/python scripts/bench.py                 # the figures (several minutes)
    .venv/bin/python scripts/bench.py --only growth   # one part
    .venv/bin/python scripts/bench.py --tiny          # a quick run that every part works (or BENCH_TINY=1):
                                                      # tiny sizes, one app server for the browser parts
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.testing import Phone, gunicorn, stop  # noqa: E402

PARTNER = {"bid": "4", "declarer": 1, "called_card": "7C", "young_trumps": "hearts", "holder": 3, "points": 71}
#: Lighthouse's Slow 4G (its "mobileSlow4G" network), as Chromium's network emulation takes it: bytes a second.
SLOW_4G = {"latency": 150, "downloadThroughput": 1.6 * 1024 * 1024 / 8 * 0.9, "uploadThroughput": 750 * 1024 / 8 * 0.9}
#: DevTools' "Slow 4G" preset: the same throughput, 562.5 ms added to each request.
DEVTOOLS_SLOW_4G = {**SLOW_4G, "latency": 562.5}
FLOORS = {"preview after a tap": 600, "preview after typing": 600, "save to scoreboard": 900}


def app_server(workers: int = 2, limits: bool = True) -> tuple[subprocess.Popen, str, str]:
    """The app under gunicorn on a fresh SQLite database: (process, base URL, its folder)."""
    tmp = tempfile.mkdtemp()
    env = {"DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3", "SECRET_KEY": secrets.token_hex(16)}
    if not limits:
        env["FLASK_RATELIMIT_ENABLED"] = "false"
    subprocess.run(
        [sys.executable, "-m", "flask", "--app", "wsgi", "upgrade-db"],
        cwd=ROOT,
        env={**os.environ, **env},
        check=True,
        capture_output=True,
    )
    server, base = gunicorn("wsgi:app", env, workers=workers)
    return server, base, tmp


@contextmanager
def served(base: str | None = None) -> Iterator[str]:
    """``base``, or else an app of its own (``app_server``) for as long as a part runs."""
    if base is not None:
        yield base
        return
    server, url, tmp = app_server()
    try:
        yield url
    finally:
        stop(server)
        shutil.rmtree(tmp, ignore_errors=True)


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
    """Bytes received (headers and compressed bodies) while loading ``url`` until its load event; what comes
    after it (the phone's own Python, fetched once in the background) is ``phone_part``'s."""
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    urls, sizes = {}, {}
    cdp.on("Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]))
    cdp.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
    page.goto(url, wait_until="load")
    cdp.detach()
    items = [(urls.get(r, r).split("/", 3)[-1], int(n)) for r, n in sizes.items() if n]
    return sum(n for _, n in items), items


def page_weight(base: str | None = None) -> dict:
    """The hand-entry page's weight, on an app of its own unless given ``base``."""
    from playwright.sync_api import sync_playwright

    with served(base) as base:
        phone = Phone(base)
        board = phone.start_session(["Ann", "Bob", "Cat", "Dan"])
        url = f"{base}/s/{board}/hands/new"
        with sync_playwright() as pw:
            browser, context = phone_browser(pw, base, phone)
            page = context.new_page()
            first, first_items = wire_bytes(context, page, url)
            repeat, repeat_items = wire_bytes(context, page, url)
            browser.close()
    return {"first": first, "first_items": first_items, "repeat": repeat, "repeat_items": repeat_items}


def print_weight(w: dict) -> None:
    print("\n2. Page weight of the hand-entry page, bytes on the wire (compressed, with headers)")
    for label, key in (("first visit", "first"), ("repeat visit", "repeat")):
        print(f"{label:<13}{w[key]:>8,} B  ({w[key] / 1024:.1f} KB)")
        for name, n in sorted(w[key + "_items"], key=lambda i: -i[1]):
            print(f"    {n:>7,} B  /{name[:70]}")


# -- 3. taps: scripts/bench_entry.py drives every game's hand form on both phones -----------------


#: Early French Tarot's worked hands (the research's hands 1 to 3, players A to D as Ann to Dan): the tricks each
#: won, the court cards each holds at the end by (seat, rank), and each trump's holder ("none": set aside).
EARLY_FRENCH = {
    "five courts held": (
        (5, 3, 3, 1),
        {(0, "kings"): 1, (0, "queens"): 1, (1, "knights"): 1, (2, "pages"): 2, (2, "kings"): 1},
        {"magician": "0", "world": "1", "fool": "3"},
    ),
    "Fool lost": (
        (6, 4, 2, 0),
        {(0, "kings"): 1, (1, "queens"): 1, (1, "knights"): 1, (2, "pages"): 1},
        {"magician": "none", "world": "1", "fool": "0"},
    ),
    "both to 51": (
        (3, 4, 2, 3),
        {(0, "kings"): 1, (0, "knights"): 1, (1, "kings"): 1, (3, "pages"): 1},
        {"magician": "none", "world": "3", "fool": "1"},
    ),
}


def _early_french(kind: str):
    """A thumb entering one of Early French Tarot's worked hands in the form's order: the trumps set aside, then each
    player's court cards, trumps and tricks (the last player's tricks and trumps left to the form: what remains)."""
    tricks, courts, trumps = EARLY_FRENCH[kind]

    def chip(name: str, value: object) -> str:
        return f'label:has(> input[name="{name}"][value="{value}"])'

    def enter(thumb) -> None:
        for trump in (t for t, holder in trumps.items() if holder == "none"):
            thumb.tap(chip(trump, "none"))
        for seat, won in enumerate(tricks):
            for rank, held in ((r, n) for (s, r), n in courts.items() if s == seat):
                thumb.tap(chip(f"{rank}_{seat}", held))
            if seat < len(tricks) - 1:  # the last player's trumps and tricks are left to the form: what remains
                for trump in (t for t, holder in trumps.items() if holder == str(seat)):
                    thumb.tap(chip(trump, seat))
                thumb.tap(chip(f"tricks_{seat}", won))

    return enter


#: Every game's hand kinds besides bench_entry's own: (label, game, players, how the hand is entered).
MORE_HANDS = [(f"Early French, {kind}", "early-french", 4, _early_french(kind)) for kind in EARLY_FRENCH]


def taps(sizes: Sizes, base: str | None = None) -> dict:
    from bench_entry import HANDS, PHONES, measure

    return measure(base, sizes.entry_hands or HANDS + MORE_HANDS, sizes.entry_phones or PHONES)


def print_taps(found: dict) -> None:
    from bench_entry import print_table

    print_table(found, number="3. ")


# -- 1. time on a slow phone ----------------------------------------------------------

WATCH = """() => {
  window.__inputs = 0; window.__lastInput = 0; window.__shown = 0;
  const mark = () => { window.__inputs += 1; window.__lastInput = performance.now(); window.__shown = 0; };
  document.addEventListener("input", mark, true);
  document.addEventListener("change", mark, true);
  // Each preview request carries how many inputs it has seen; the one that has seen them all is the answer.
  document.body.addEventListener("htmx:configRequest", (e) => {
    e.detail.headers["X-Inputs-Seen"] = String(window.__inputs);
  });
  document.body.addEventListener("htmx:afterSettle", (e) => {
    const seen = e.detail.requestConfig && e.detail.requestConfig.headers["X-Inputs-Seen"];
    if (e.detail.target && e.detail.target.id === "preview" && seen === String(window.__inputs)) {
      // The next frame, then the task after it: the preview has been painted.
      requestAnimationFrame(() => setTimeout(() => { window.__shown = performance.now(); }, 0));
    }
  });
  document.getElementById("save").addEventListener("click",
    () => sessionStorage.setItem("saveAt", String(performance.timeOrigin + performance.now())), true);
}"""
PAINTED = """() => new Promise((resolve) => new PerformanceObserver((list, observer) => {
  const fcp = list.getEntriesByName("first-contentful-paint")[0];
  if (!fcp) return;
  observer.disconnect();
  resolve(performance.timeOrigin + fcp.startTime - Number(sessionStorage.getItem("saveAt")));
}).observe({ type: "paint", buffered: true }))"""


def preview_after(page) -> float:
    """Milliseconds from the last input to the preview painted with the payments."""
    page.wait_for_function(
        "() => window.__shown > window.__lastInput && document.querySelector('#preview .working')", timeout=20000
    )
    return page.evaluate("() => window.__shown - window.__lastInput")


def glance(page) -> None:
    """A player looks at the screen before the last input: the previews in flight arrive, and a moment passes.

    A script taps far faster than a thumb; without this pause the last input
    would wait behind previews no person would have had time to send.
    """
    page.wait_for_function("() => !document.querySelector('#preview.htmx-request')", timeout=20000)
    page.wait_for_timeout(400)


def enter_hand(page) -> tuple[float, float]:
    """PARTNER's hand entered on the open form: milliseconds to the preview after its last tap, and after a
    keystroke that changes its points."""
    page.evaluate(WATCH)
    for selector in (
        '#bid-box label[data-value="4"]',
        '#declarer-box label[data-value="1"]',
        '#called_suit-box .suits label[data-value="C"]',
        '#called_suit-box .ranks label[data-value="7"]',
        '#young_trumps-box label[data-value="hearts"]',
    ):
        page.locator(selector).click()
    page.locator("#points").click()
    page.keyboard.type("71")
    glance(page)
    page.locator('#held_by-box label[data-value="hand-3"]').click()  # the hand is complete with this tap
    tap = preview_after(page)
    page.locator("#points").click()
    page.keyboard.press("Backspace")
    glance(page)
    page.keyboard.type("2")  # 72: the last input is a keystroke
    return tap, preview_after(page)


def one_hand(page, board_url: str) -> dict[str, float]:
    page.goto(board_url)
    page.locator("#score-hand").click()
    page.wait_for_load_state("load")
    tap, typed = enter_hand(page)
    page.locator("#save").click()
    page.wait_for_url(re.compile(r".*/s/[^/]+(#deal-\d+)?$"))
    saved = page.evaluate(PAINTED)
    return {"preview after a tap": tap, "preview after typing": typed, "save to scoreboard": saved}


def slow_phone(hands: int, devtools_hands: int = 3, base: str | None = None) -> dict:
    """Hands timed on each network, on an app of its own unless given ``base``."""
    from playwright.sync_api import sync_playwright

    results = {}
    runs = [("Slow 4G", SLOW_4G, hands), ("DevTools Slow 4G", DEVTOOLS_SLOW_4G, devtools_hands)]
    runs = [run for run in runs if run[2]]  # a network with no hands to time is left out
    with served(base) as base, sync_playwright() as pw:
        for label, network, count in runs:
            phone = Phone(base)
            board = f"{base}/s/{phone.start_session(['Ann', 'Bob', 'Cat', 'Dan'])}"
            browser, context = phone_browser(pw, base, phone)
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", {"offline": False, **network})
            page.goto(board)  # the first visit fills the cache, as on any phone that has been here before
            timed = [one_hand(page, board) for _ in range(count)]
            results[label] = {k: [r[k] for r in timed] for k in FLOORS}
            browser.close()
    return results


def print_slow_phone(results: dict) -> None:
    print("\n1. Time a player waits on a Pixel 7 (Chromium), ms: median and worst of each run")
    print(f"{'':<24}{'median':>8}{'worst':>8}{'floor':>8}")
    for label, series in results.items():
        print(label)
        for name, values in series.items():
            floor = FLOORS[name]
            verdict = ("ok" if max(values) < floor else "OVER") if label == "Slow 4G" else ""
            print(f"  {name:<22}{statistics.median(values):>8.0f}{max(values):>8.0f}{floor:>8} {verdict}")


# -- 7. the phone's own Python: its download, its start, and a preview answered in the phone ------------------

READY = "() => document.documentElement.dataset.phone === 'ready'"
SINCE_LOAD = """() => performance.getEntriesByName("phone-ready")[0].startTime
  - performance.getEntriesByType("navigation")[0].loadEventEnd"""


def _ready_after_load(page) -> float:
    page.wait_for_function(READY, timeout=180_000)
    return page.evaluate(SINCE_LOAD)


def _open_form(page, board: str) -> None:
    page.goto(board)
    page.locator("#score-hand").click()
    page.wait_for_function(READY, timeout=180_000)


def _local_previews(page, label: str, results: dict) -> None:
    """A hand entered on the open form once the phone's Python is ready: tap and typing to the preview painted."""
    tap, typed = enter_hand(page)
    results.setdefault(f"{label}: tap to preview", []).append(tap)
    results.setdefault(f"{label}: typing to preview", []).append(typed)


def _offline_bytes(base: str) -> tuple[int, int]:
    """What the worker fetches once (its script, the manifest, Pyodide's files, the bundle), as a phone's browser
    is sent them: bodies compressed as the server compresses them for one that accepts Brotli; and the bundle's
    own size."""
    from urllib.request import Request, urlopen

    from companion.web.phone.routes import PYODIDE_FILES

    def size(path: str) -> int:
        with urlopen(Request(base + path, headers={"Accept-Encoding": "br, gzip"})) as answer:
            return len(answer.read())

    with urlopen(base + "/phone/manifest.json") as answer:
        where = json.loads(answer.read())
    files = [where["pyodide"] + name for name in PYODIDE_FILES]
    paths = ["/phone/worker.js", "/phone/manifest.json", where["bundle"], *files]
    return sum(size(path) for path in paths), size(where["bundle"])


def _saves_with_no_signal(page, context, board: str, hands: int, timed: dict) -> None:
    """Hands scored one after another with no signal, from the phone's own scoreboard: Save to it painted."""
    _open_form(page, board)
    page.goto(board)
    context.set_offline(True)
    for _ in range(hands):
        page.locator("#score-hand").click()
        page.wait_for_function(READY, timeout=180_000)
        enter_hand(page)
        page.locator("#save").click()
        page.wait_for_url(re.compile(r".*/s/[^/]+$"))
        timed.setdefault("no signal: Save to scoreboard", []).append(page.evaluate(PAINTED))
        page.wait_for_function(READY, timeout=180_000)


def _starts_with_no_signal(page, base: str, sessions: int, timed: dict) -> None:
    """Sessions started one after another with no signal, from the phone's own start page: Start to the new
    session's scoreboard painted (timed from just before the tap)."""
    for _ in range(sessions):
        page.goto(base + "/")
        page.wait_for_function(READY, timeout=180_000)
        for seat, name in enumerate(["Ann", "Bob", "Cat", "Dan"]):
            page.fill(f"#player_{seat}", name)
        page.evaluate("() => sessionStorage.setItem('saveAt', String(performance.timeOrigin + performance.now()))")
        page.get_by_role("button", name="Start session").click()
        page.wait_for_url(re.compile(r".*/s/[^/]+$"))
        timed.setdefault("no signal: Start to scoreboard", []).append(page.evaluate(PAINTED))
        page.wait_for_function(READY, timeout=180_000)


def _cold_start_with_no_signal(context, board: str) -> float:
    """The browser opened again with no signal, the scoreboard asked for: milliseconds to it on screen."""
    page = context.new_page()
    start = time.perf_counter()
    page.goto(board)
    page.locator(".deal-count").wait_for(timeout=180_000)
    taken = (time.perf_counter() - start) * 1000
    page.close()
    return taken


def phone_part(hands: int, base: str | None = None) -> dict:
    """The offline part's bytes on the wire, its start cold and warm, previews in the phone, and with no signal
    at all: saves, and the scoreboard opened in a browser opened again."""
    from playwright.sync_api import sync_playwright

    out: dict = {}
    with served(base) as base, sync_playwright() as pw:
        phone = Phone(base)
        board = f"{base}/s/{phone.start_session(['Ann', 'Bob', 'Cat', 'Dan'])}"
        browser, context = phone_browser(pw, base, phone)
        page = context.new_page()
        page.goto(board + "/hands/new")
        out["cold"] = _ready_after_load(page)
        out["download"], out["bundle"] = _offline_bytes(base)
        page.reload()
        out["warm"] = _ready_after_load(page)
        timed: dict = {}
        for _ in range(hands):  # the form opened while there is signal, then none
            _open_form(page, board)
            context.set_offline(True)
            _local_previews(page, "no signal", timed)
            context.set_offline(False)
        _saves_with_no_signal(page, context, board, hands, timed)
        _starts_with_no_signal(page, base, hands, timed)
        page.close()
        out["reopened"] = _cold_start_with_no_signal(context, board)
        context.set_offline(False)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {"offline": False, **DEVTOOLS_SLOW_4G})
        for _ in range(hands):
            _open_form(page, board)
            _local_previews(page, "DevTools Slow 4G", timed)
        out["previews"] = timed
        browser.close()
    return out


def print_phone_part(found: dict) -> None:
    print("\n7. The phone's own Python (Pyodide and the app's code, fetched after the load event, once)")
    print(f"  bundle of the app's Python   {found['bundle']:>10,} B (zip)")
    print(f"  downloaded after the load    {found['download']:>10,} B on the wire (Pyodide, the bundle, the worker)")
    print(f"  ready after the load event   {found['cold']:>10.0f} ms cold (nothing cached), {found['warm']:.0f} warm")
    print(f"  no signal, browser reopened  {found['reopened']:>10.0f} ms to the scoreboard on screen")
    print(f"  {'':<34}{'median':>8}{'worst':>8}{'goal':>8}")
    for label, values in found["previews"].items():
        goal = 200 if "Save" in label or "Start" in label else 100
        verdict = "ok" if max(values) <= goal else "OVER"
        print(f"  {label:<34}{statistics.median(values):>8.0f}{max(values):>8.0f}{goal:>8} {verdict}")


# -- 4. growth ---------------------------------------------------------------------


def _median_ms(fn, runs: int, before=None) -> float:
    """``fn``'s median time of ``runs``, each after ``before`` (untimed)."""
    times = []
    for _ in range(runs):
        if before is not None:
            before()
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return sorted(times)[len(times) // 2]


def growth(sizes: Sizes) -> dict:
    from sqlalchemy import insert
    from sqlmodel import Session

    from companion import create_app
    from companion.db import upgrade
    from companion.games.sussex import HandRecord, HouseRules
    from companion.models import Player, Sitting
    from companion.store import create_sitting, record_hand

    tmp = tempfile.mkdtemp()
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp}/growth.sqlite3", "SECRET_KEY": "bench"})
    engine = app.extensions["db_engine"]
    upgrade(engine)
    client = app.test_client()
    out = {"board": [], "start": []}
    record = HandRecord.from_json(PARTNER)
    for hands in sizes.board_hands:
        with Session(engine, expire_on_commit=False) as db:
            sitting = create_sitting(db, ["Ann", "Bob", "Cat", "Dan"], hands, 0, HouseRules())
            for deal in range(1, hands + 1):
                record_hand(db, sitting, deal, record, f"g{hands}-{deal}")
        url = f"/s/{sitting.public_id}"

        def view(url=url):
            assert client.get(url).status_code == 200

        out["board"].append((hands, _median_ms(view, sizes.board_runs)))
    made = len(sizes.board_hands)  # the sessions above
    for total in sizes.start_sessions:
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
        out["start"].append((total, _median_ms(lambda: client.get("/"), sizes.start_runs)))
    engine.dispose()
    shutil.rmtree(tmp, ignore_errors=True)
    return out


def print_growth(g: dict) -> None:
    print("\n4. Growth: server time in-process (median ms)")
    base = g["board"][0]
    print(f"{'scoreboard hands':<18}{'ms':>8}{'× rows':>8}{'× time':>8}")
    for hands, ms in g["board"]:
        print(f"{hands:<18}{ms:>8.1f}{hands / base[0]:>8.0f}{ms / base[1]:>8.1f}")
    first = g["start"][0]
    print(f"{'start page, sessions':<22}{'ms':>7}{'rows shown':>12}{'× time':>8}")
    for total, ms in g["start"]:
        print(f"{total:<22}{ms:>7.2f}{min(total, 20):>12}{ms / first[1]:>8.1f}")


# -- 5. a club's statistics ------------------------------------------------------------

STATS_SESSIONS, STATS_DEALS, STATS_PLAYERS = 500, 16, 8


def club_statistics(url: str, sessions: int = STATS_SESSIONS, runs: int = 9) -> dict:
    """Fill a group with 500 sessions of 16 hands (worked hands, players drawn from 8), then time its pages."""
    import json
    import random
    from datetime import UTC, datetime, timedelta

    from sqlalchemy import func, insert
    from sqlmodel import Session, select

    from companion import create_app
    from companion.db import upgrade
    from companion.games import GAMES
    from companion.games.sussex import HandRecord, HouseRules
    from companion.models import Group, Hand, Player, Sitting
    from companion.stats import group_stats
    from companion.store import create_group, hand_values, members_named

    examples = sorted((ROOT / "tests" / "data" / "examples").glob("*.json"))
    worked = [json.loads(p.read_text()) for p in examples]
    sussex = GAMES["sussex"]
    values = [hand_values(sussex, HandRecord.from_json(w["hand"])) for w in worked if "expect" in w]  # not refused ones
    app = create_app({"DATABASE_URL": url, "SECRET_KEY": "bench"})
    engine = app.extensions["db_engine"]
    upgrade(engine)
    rng = random.Random(5)
    with Session(engine, expire_on_commit=False) as db:
        group = create_group(db, "Tuesday club", HouseRules())
        members = members_named(db, group, [f"Player {n + 1}" for n in range(STATS_PLAYERS)])
        db.commit()
        group_id, member_ids, public_id = group.id, [m.id for m in members], group.public_id
    with engine.begin() as connection:
        for n in range(sessions):
            hands = [rng.choice(values) for _ in range(STATS_DEALS)]
            sitting_id = connection.execute(
                insert(Sitting).returning(Sitting.id),
                {
                    "public_id": secrets.token_urlsafe(16),
                    "edit_key": secrets.token_urlsafe(16),
                    "deals": STATS_DEALS,
                    "first_dealer": 0,
                    "house_rules": "{}",
                    "coins": "1/-",
                    "revision": 0,
                    "group_id": group_id,
                    "created_at": datetime(2025, 1, 1, 20, tzinfo=UTC) + timedelta(days=n),
                    **_stood(hands),  # how it stands on its row, as saving its hands leaves it
                },
            ).scalar_one()
            four = rng.sample(member_ids, 4)
            connection.execute(
                insert(Player),
                [{"sitting_id": sitting_id, "seat": s, "name": f"P{m}", "member_id": m} for s, m in enumerate(four)],
            )
            connection.execute(
                insert(Hand),
                [
                    {"sitting_id": sitting_id, "deal": d, "form_token": secrets.token_urlsafe(16), **hand}
                    for d, hand in enumerate(hands, 1)
                ],
            )
    client = app.test_client()
    client.get(f"/g/{public_id}")  # this phone opens the group once (its viewer row)
    page = client.get(f"/g/{public_id}", headers={"Accept-Encoding": "br"})
    out = {
        "bytes": len(page.data),  # as sent to a phone: compressed
        "group page": _median_ms(lambda: client.get(f"/g/{public_id}"), runs),
        "player page": _median_ms(lambda: client.get(f"/g/{public_id}/players/{member_ids[0]}"), runs),
    }
    with Session(engine) as db:
        group = db.get(Group, group_id)
        out["statistics alone"] = _median_ms(lambda: group_stats(db, group), runs)
        out["hands"] = db.exec(select(func.count()).select_from(Hand)).one()
    engine.dispose()
    return out


def print_club_statistics(sizes: Sizes) -> None:
    sessions = sizes.stats_sessions
    print(
        f"\n5. A club's statistics: {sessions} sessions, {sessions * STATS_DEALS:,} hands, "
        f"{STATS_PLAYERS} players (median ms, in-process; floor 200)"
    )
    tmp = tempfile.mkdtemp()
    runs = [("SQLite", f"sqlite:///{tmp}/club.sqlite3")]
    postgres = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
    ready = subprocess.run([sys.executable, str(ROOT / "scripts" / "postgres_ready.py"), postgres], capture_output=True)
    schema = None
    if ready.returncode == 0:
        from sqlalchemy import text

        from companion.db import make_engine

        schema = "bench_" + secrets.token_hex(4)
        engine = make_engine(postgres)
        with engine.begin() as connection:
            connection.execute(text(f"CREATE SCHEMA {schema}"))
        sep = "&" if "?" in postgres else "?"
        runs.append(("PostgreSQL", f"{postgres}{sep}options=-csearch_path%3D{schema}"))
    print(f"{'':<12}{'group page':>12}{'player page':>13}{'stats alone':>13}{'page bytes':>12}")
    try:
        for name, url in runs:
            r = club_statistics(url, sessions, sizes.runs)
            print(
                f"{name:<12}{r['group page']:>12.1f}{r['player page']:>13.1f}{r['statistics alone']:>13.1f}"
                f"{r['bytes']:>12,}"
            )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        if schema:
            with engine.begin() as connection:
                connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
            engine.dispose()


# -- 6. bounds at their limits -----------------------------------------------------------

#: A French Tarot hand worth the most to its taker at a table of five: +3,872 points, −968 from each other.
#: The longest session a points game's import takes, and the most a point may be worth (halfpence).
MAX_DEALS = 60
MAX_STAKE = 24

BIGGEST_FRENCH = {
    "players": 5,
    "contract": "garde-contre",
    "bouts": 3,
    "points": 89,
    "poignees": [{"size": "triple", "side": "taker"}],
    "chelem": "announced-made",
    "petit_au_bout": "taker",
    "partner": 0,  # the taker called their own King: alone against four
}
#: Twelve coins near £5, the costliest set the settle-up takes (a change table of 7,999 entries), and halfpennies
#: alone (the most coins to count out).
AWKWARD_COINS = {
    "12 coins near £5": "99/6½ 99/7 99/7½ 99/8 99/8½ 99/9 99/9½ 99/10 99/10½ 99/11 99/11½ 100/-",
    "costliest taken": "3/11 18/5½ 19/7½ 23/2 40/5½ 64/1½ 65/10½ 84/11½ 87/10½ 92/5 98/1½ 100/-",
    "halfpennies alone": "0/0½",
}
LIMIT_SESSIONS, LIMIT_DEALS, PAGE_FLOOR = 3000, 16, 50
#: A phone's 95th percentile (ms) that a crowd looping the costliest page or the exports must leave it under.
PHONE_FLOOR = 100
#: Sessions and groups of one phone, behind its start page.
PHONE_SESSIONS, PHONE_GROUPS = 3000, 3001
#: Sessions of the group whose exports are timed: each an Ottocento session at the most hands a game to a target
#: takes, as rich as its target leaves room for.
EXPORT_SESSIONS = 300
#: A rich Ottocento hand: every player declares (a sequence and a cricca each), both sides capture cricche and
#: sequences (some doubled): 424 points to 129, and a working of twelve lines.
RICH_OTTOCENTO = {
    "declarations": [
        [
            {"kind": "kings", "cards": ["KS", "KC", "KD", "KB"]},
            {"kind": "swords", "cards": ["KS", "QS", "NS", "PS", "AS"]},
        ],
        [
            {"kind": "moors", "cards": ["moor1", "moor2", "moor3", "moor4"]},
            {"kind": "queens", "cards": ["QB", "QC", "QD"]},
        ],
        [
            {"kind": "grande", "cards": ["angel", "world", "sun", "moon", "t16", "t15", "t14"]},
            {"kind": "knights", "cards": ["NB", "NC", "ND"]},
        ],
        [{"kind": "pages", "cards": ["PB", "PC", "PD"]}, {"kind": "aces", "cards": ["AB", "AC", "AD"]}],
    ],
    "captured": [
        [
            {"kind": "kings", "cards": ["KS", "KC", "KD", "KB"]},
            {"kind": "knights", "cards": ["NB", "NC", "ND"]},
            {"kind": "tarocchi", "cards": ["angel", "world", "begato", "matto"]},
            {"kind": "grande", "cards": ["angel", "world", "sun", "moon", *(f"t{n}" for n in range(16, 4, -1))]},
            {"kind": "swords", "cards": ["KS", "QS", "NS", "PS", "AS"]},
        ],
        [
            {"kind": "queens", "cards": ["QB", "QC", "QD"]},
            {"kind": "pages", "cards": ["PB", "PC", "PD"]},
            {"kind": "moors", "cards": ["moor1", "moor2", "moor3", "moor4"]},
            {"kind": "aces", "cards": ["AB", "AC", "AD"]},
        ],
    ],
}


def ottocento_hands(count: int, target: int) -> list[dict]:
    """An Ottocento session of ``count`` hands to ``target`` that nobody wins before its last hand, each hand a
    record of its own: rich (``RICH_OTTOCENTO``, to one side or the other in turn) while the target leaves room,
    plain (card points and the last trick alone: 50 to 43 at most) otherwise."""
    from companion.games import GAMES

    game = GAMES["ottocento"]
    totals, hands = [0, 0], []
    for deal in range(1, count + 1):
        points, rules = 59 + deal % 10, {"target": target}
        rich = {**RICH_OTTOCENTO, "dealer": (deal - 1) % 4, "card_points": [points, 87 - points], "last_trick": 0}
        if len(hands) % 2:  # the other side's turn: every player's declarations pass to the next seat
            declared = RICH_OTTOCENTO["declarations"]
            rich.update(
                declarations=declared[3:] + declared[:3],
                captured=RICH_OTTOCENTO["captured"][::-1],
                card_points=[87 - points, points],
                last_trick=1,
            )
        plain = {"dealer": (deal - 1) % 4, "declarations": [[]] * 4, "captured": [[], []], "last_trick": deal % 2}
        plain["card_points"] = [44, 43] if deal % 4 else [43, 44]
        sides = game.score(game.parse({**rich, "rules": rules}, 4)).net[:2]
        after = [totals[0] + sides[0], totals[1] + sides[1]]
        hand = rich if max(after) + 50 * (count - deal) < target else plain
        sides = game.score(game.parse({**hand, "rules": rules}, 4)).net[:2]
        totals = [totals[0] + sides[0], totals[1] + sides[1]]
        hands.append({**hand, "rules": rules})
    return hands


def _ottocento_session(db, hands: int, target: int, group=None, names=("Ann", "Bob", "Cat", "Dan"), started=None):
    """A stored Ottocento session of ``ottocento_hands`` at a stake a game, as saving its hands would leave it."""
    from companion.games import GAMES
    from companion.models import Hand
    from companion.store import create_sitting, hand_values, restand

    game = GAMES["ottocento"]
    options = game.options({"target": target})
    sitting = create_sitting(
        db, list(names), game.ending.most, 0, options, group=group, game=game, stake=24, commit=False
    )
    for deal, record in enumerate(ottocento_hands(hands, target), 1):
        values = hand_values(game, game.parse(record, 4))
        db.add(Hand(sitting_id=sitting.id, deal=deal, form_token=secrets.token_urlsafe(16), **values))
    if started is not None:
        sitting.created_at = started
    restand(db, sitting)
    return sitting


def _forget() -> None:
    """Everything an app process keeps between requests (parsed hands, each session's figures): the next page is
    built as the first after a restart."""
    from companion import stats, views

    views.stored_record.cache_clear()
    for kept in (stats._evenings, stats._seat_counts, stats._player_counts, stats._added_ups):
        kept.clear()


def _temporary_databases(name: str) -> tuple[list[tuple[str, str]], object]:
    """A SQLite file, and a schema of its own on PostgreSQL when one answers: (label, URL) each, and a clean-up."""
    from sqlalchemy import text

    from companion.db import make_engine

    tmp = tempfile.mkdtemp()
    runs = [("SQLite", f"sqlite:///{tmp}/{name}.sqlite3")]
    postgres = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
    ready = subprocess.run([sys.executable, str(ROOT / "scripts" / "postgres_ready.py"), postgres], capture_output=True)
    schema = "bench_" + secrets.token_hex(4) if ready.returncode == 0 else None
    if schema:
        with make_engine(postgres).begin() as connection:
            connection.execute(text(f"CREATE SCHEMA {schema}"))
        sep = "&" if "?" in postgres else "?"
        runs.append(("PostgreSQL", f"{postgres}{sep}options=-csearch_path%3D{schema}"))

    def clean_up() -> None:
        shutil.rmtree(tmp, ignore_errors=True)
        if schema:
            engine = make_engine(postgres)
            with engine.begin() as connection:
                connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
            engine.dispose()

    return runs, clean_up


def _app_on(url: str):
    from companion import create_app
    from companion.db import upgrade

    app = create_app({"DATABASE_URL": url, "SECRET_KEY": "bench"})
    upgrade(app.extensions["db_engine"])
    return app


def worst_scoreboard(url: str, deals: int = MAX_DEALS, coin_sets: int = len(AWKWARD_COINS), runs: int = 9) -> dict:
    """The costliest scoreboard: each coin set's view with its change table made already, and made afresh."""
    from sqlmodel import Session

    from companion.games import GAMES
    from companion.models import Hand
    from companion.settle import _change_table
    from companion.store import create_sitting, hand_values

    app = _app_on(url)
    engine = app.extensions["db_engine"]
    client = app.test_client()
    out = {}
    for label, coins in list(AWKWARD_COINS.items())[:coin_sets]:
        with Session(engine, expire_on_commit=False) as db:
            names = ["Ann", "Bob", "Cat", "Dan", "Eve"]
            french = GAMES["french"]
            sitting = create_sitting(db, names, deals, 0, {}, coins, game=french, stake=MAX_STAKE)
            for deal in range(1, deals + 1):  # Ann takes every hand, a point or two fewer now and then
                record = french.parse({**BIGGEST_FRENCH, "taker": 0, "points": 89 - deal % 3}, 5)
                db.add(
                    Hand(
                        sitting_id=sitting.id,
                        deal=deal,
                        form_token=secrets.token_urlsafe(16),
                        **hand_values(french, record),
                    )
                )
            db.commit()
            url_of = f"/s/{sitting.public_id}"
        page = client.get(url_of)
        assert page.status_code == 200 and b"Settle up" in page.data

        def fresh(url_of=url_of):
            _change_table.cache_clear()
            client.get(url_of)

        quick = _median_ms(lambda url_of=url_of: client.get(url_of), 1) < 10 * PAGE_FLOOR
        times = runs if quick else min(runs, 3)  # fewer when slow
        out[label] = {
            "view": _median_ms(lambda url_of=url_of: client.get(url_of), times),
            "fresh coins": _median_ms(fresh, times),
            "bytes": len(page.data),
        }
    engine.dispose()
    return out


def _stood(hands: list[dict]) -> dict:
    """How a Sussex Tarot session played to its last deal stands, as ``store.restand`` writes it on its row: over,
    won by the seats on top."""
    totals = [sum(h[f"pay_{seat}"] for h in hands) for seat in range(4)]
    top = " ".join(str(seat) for seat in range(4) if totals[seat] == max(totals))
    return {"played": len(hands), "finished": True, "winners": top}


def _fill_group(engine, sessions: int, players: int, deals: int) -> tuple[str, list[int]]:
    """A group of ``players`` and ``sessions`` of ``deals`` worked hands each, four players drawn for each, each
    session standing on its row as its hands leave it."""
    import json
    import random
    from datetime import UTC, datetime, timedelta

    from sqlalchemy import insert
    from sqlmodel import Session

    from companion.games import GAMES
    from companion.games.sussex import HandRecord, HouseRules
    from companion.models import Hand, Player, Sitting
    from companion.store import create_group, hand_values, members_named

    worked = [json.loads(p.read_text()) for p in sorted((ROOT / "tests" / "data" / "examples").glob("*.json"))]
    sussex = GAMES["sussex"]
    values = [hand_values(sussex, HandRecord.from_json(w["hand"])) for w in worked if "expect" in w]
    rng = random.Random(6)
    with Session(engine, expire_on_commit=False) as db:
        group = create_group(db, "A big club", HouseRules())
        members = members_named(db, group, [f"Player {n + 1}" for n in range(players)])
        db.commit()
        group_id, member_ids, public_id = group.id, [m.id for m in members], group.public_id
    played = [[rng.choice(values) for _ in range(deals)] for _ in range(sessions)]
    with engine.begin() as connection:  # a statement a table, every row at once
        nights = [
            {
                "public_id": secrets.token_urlsafe(16),
                "edit_key": secrets.token_urlsafe(16),
                "deals": deals,
                "house_rules": "{}",
                "coins": "1/-",
                "group_id": group_id,
                "created_at": datetime(2020, 1, 1, 20, tzinfo=UTC) + timedelta(days=n),
                **_stood(played[n]),
            }
            for n in range(sessions)
        ]
        ids = connection.execute(insert(Sitting).returning(Sitting.id, sort_by_parameter_order=True), nights).scalars()
        ids = list(ids)
        seats = [(i, s, m) for i in ids for s, m in enumerate(rng.sample(member_ids, 4))]
        connection.execute(
            insert(Player), [{"sitting_id": i, "seat": s, "name": f"P{m}", "member_id": m} for i, s, m in seats]
        )
        connection.execute(
            insert(Hand),
            [
                {"sitting_id": i, "deal": d, "form_token": secrets.token_urlsafe(16), **hand}
                for i, hands in zip(ids, played, strict=True)
                for d, hand in enumerate(hands, 1)
            ],
        )
    return public_id, member_ids


def _first_and_again(client, path: str, runs: int) -> tuple[float, float, int]:
    """A page's server time in-process: the first after a restart (nothing kept, ``_forget``), then the median of
    ``runs`` again; and its bytes."""

    def first() -> None:
        _forget()
        client.get(path)

    page = client.get(path)
    assert page.status_code == 200, (path, page.status_code)
    cold = _median_ms(first, max(1, runs // 3))
    return cold, _median_ms(lambda: client.get(path), runs), len(page.data)


def _after_a_change(client, path: str, engine, sitting_id: int, runs: int) -> float:
    """A page's server time in-process, median of ``runs``, each the first after a change to one session (its
    revision moves on, as a save's does: what was kept of it is worked out again, the rest is not)."""
    from sqlmodel import Session

    from companion.models import Sitting
    from companion.store import bumped

    def change() -> None:
        with Session(engine) as db:
            db.exec(bumped(db, Sitting.id == sitting_id))
            db.commit()

    def shown() -> None:
        assert client.get(path).status_code == 200, path

    shown()
    return _median_ms(shown, runs, before=change)


def _editor(app, client, thing: str, public_id: str) -> None:
    """``client`` opens the edit link of the group (``thing`` "g") or session ("s") of ``public_id``."""
    from sqlmodel import Session, select

    from companion.models import Group, Sitting

    table = Group if thing == "g" else Sitting
    with Session(app.extensions["db_engine"]) as db:
        edit_key = db.exec(select(table.edit_key).where(table.public_id == public_id)).one()
    assert client.get(f"/{thing}/{public_id}/join/{edit_key}").status_code == 303


def target_scoreboard(url: str, hands: int, runs: int = 9) -> dict:
    """The costliest scoreboard of a game played to a target: Ottocento at its highest target, ``hands`` hands
    (``ottocento_hands``), seen by a phone that scores it (each hand's Edit and Delete)."""
    from sqlmodel import Session

    from companion.games.ottocento.house import TARGET_RANGE

    app = _app_on(url)
    with Session(app.extensions["db_engine"], expire_on_commit=False) as db:
        sitting = _ottocento_session(db, hands, TARGET_RANGE[1])
        db.commit()
    client = app.test_client()
    _editor(app, client, "s", sitting.public_id)
    path = f"/s/{sitting.public_id}"
    first, again, size = _first_and_again(client, path, runs)
    app.extensions["db_engine"].dispose()
    return {"path": path, "first": first, "again": again, "bytes": size}


def start_page(url: str, sessions: int, groups: int, runs: int = 9) -> dict:
    """The start page of a phone in ``sessions`` sessions (the newest 20 of them still being played) and
    ``groups`` groups of 200 players: its first page, and the last of its sessions and of its groups."""
    from datetime import UTC, datetime, timedelta

    from sqlalchemy import event, insert

    from companion.models import Access, Group, GroupAccess, Member, Player, Sitting
    from companion.store import MAX_PLAYERS

    app = _app_on(url)
    engine = app.extensions["db_engine"]
    client = app.test_client()
    with client.session_transaction() as cookie:
        cookie["device"] = device = secrets.token_urlsafe(16)
    now = datetime.now(UTC)
    with engine.begin() as connection:
        rows = [
            {"public_id": secrets.token_urlsafe(16), "edit_key": "-", "name": f"Club {n:05}"} for n in range(groups)
        ]
        group_ids = list(connection.execute(insert(Group).returning(Group.id, sort_by_parameter_order=True), rows))
        players = [
            {"group_id": i, "name": f"P{k}", "name_key": f"p{k}"} for (i,) in group_ids for k in range(MAX_PLAYERS)
        ]
        connection.execute(insert(Member), players)
        connection.execute(
            insert(GroupAccess), [{"device": device, "role": "viewer", "group_id": i} for (i,) in group_ids]
        )
        rows = [
            {
                "public_id": secrets.token_urlsafe(16),
                "edit_key": "-",
                "deals": 16,
                "created_at": now - timedelta(minutes=n),
                "played": 3,
            }
            for n in range(sessions)
        ]
        ids = list(connection.execute(insert(Sitting).returning(Sitting.id, sort_by_parameter_order=True), rows))
        connection.execute(
            insert(Player), [{"sitting_id": i, "seat": s, "name": f"P{s}"} for (i,) in ids for s in range(4)]
        )
        connection.execute(insert(Access), [{"device": device, "role": "owner", "sitting_id": i} for (i,) in ids])
    queries: list[str] = []
    event.listen(engine, "before_cursor_execute", lambda *args: queries.append(args[2]))
    out = {}
    pages = {
        "first page": "/",
        "last of sessions": f"/?page={-(-sessions // 20)}",
        "last of groups": f"/?groups={-(-groups // 20)}",
    }
    for label, path in pages.items():
        queries.clear()
        page = client.get(path)
        assert page.status_code == 200, (path, page.status_code)
        asked = len(queries)
        out[label] = (_median_ms(lambda path=path: client.get(path), runs), len(page.data), asked)
    engine.dispose()
    return out


def biggest_group(url: str, players: int, sessions: int = LIMIT_SESSIONS, runs: int = 9) -> dict:
    """A group of 3,000 sessions and ``players``: each of its pages, in-process, as a phone that scores them: the
    first after a restart (each session worked out afresh), then again, and the first after a change to the
    newest session of the first player's; and its bytes."""
    from sqlalchemy import func, select

    from companion.models import Player

    app = _app_on(url)
    engine = app.extensions["db_engine"]
    public_id, member_ids = _fill_group(engine, sessions, players, LIMIT_DEALS)
    with engine.connect() as connection:
        theirs = connection.execute(select(func.max(Player.sitting_id)).where(Player.member_id == member_ids[0]))
        changing = theirs.scalar_one()
    client = app.test_client()
    _editor(app, client, "g", public_id)  # this phone may start the group's sessions
    pages = {
        "group page": f"/g/{public_id}",
        "player page": f"/g/{public_id}/players/{member_ids[0]}",
        "leaderboard": f"/g/{public_id}/leaderboard?page={-(-players // 50)}",
        "sessions": f"/g/{public_id}/sessions?page={max(1, sessions // 20)}",
        "start page": f"/g/{public_id}/start?again",
    }
    out = {
        label: (path, *_first_and_again(client, path, runs), _after_a_change(client, path, engine, changing, runs))
        for label, path in pages.items()
    }
    engine.dispose()
    return out


def group_exports(url: str, sessions: int, hands: int) -> dict:
    """A group of ``sessions`` Ottocento sessions of ``hands`` hands (each hand its own record: its target is its
    session's), and its CSV and JSON exports made in-process as a phone that scores them: the server's time in
    all and its longest step between two pauses for the worker's other requests (a phone waits at most that for
    the worker), in CPU time; bytes."""
    import gc
    import itertools
    from datetime import UTC, datetime, timedelta
    from unittest.mock import patch

    from sqlmodel import Session

    from companion import backup
    from companion.games.ottocento.house import TARGET_RANGE
    from companion.games.sussex import HouseRules
    from companion.store import create_group

    app = _app_on(url)
    engine = app.extensions["db_engine"]
    with Session(engine, expire_on_commit=False) as db:
        group = create_group(db, "Ottocento club", HouseRules())
        for n in range(sessions):
            started = datetime(2020, 1, 1, 20, tzinfo=UTC) + timedelta(days=n)
            _ottocento_session(db, hands, TARGET_RANGE[1] - n, group, started=started)
        db.commit()
    client = app.test_client()
    _editor(app, client, "g", group.public_id)
    out = {}
    for kind in ("csv", "json"):
        path = f"/g/{group.public_id}/export.{kind}"
        _forget()
        gc.collect()
        gc.freeze()  # what filling the database left in this process is no worker's: its collections are not timed
        size = 0
        pauses = [time.process_time()]  # the export's own time (its database's too on SQLite), not the machine's
        with patch.object(backup, "pause", lambda pauses=pauses: pauses.append(time.process_time())):
            response = client.get(path, buffered=False)
            for chunk in response.response:
                size += len(chunk)
            response.close()
        pauses.append(time.process_time())
        gc.unfreeze()
        steps = [b - a for a, b in itertools.pairwise(pauses)]
        out[kind] = {"path": path, "seconds": pauses[-1] - pauses[0], "longest": max(steps) * 1000, "bytes": size}
    engine.dispose()
    return out


def _phone_session(url: str) -> str:
    """A phone's own session (Sussex Tarot, 8 deals, all scored): the page a phone at a table keeps asking for."""
    import json

    from sqlmodel import Session

    from companion.games.sussex import HandRecord, HouseRules
    from companion.store import create_sitting, record_hand

    worked = [json.loads(p.read_text()) for p in sorted((ROOT / "tests" / "data" / "examples").glob("*.json"))]
    records = [HandRecord.from_json(w["hand"]) for w in worked if "expect" in w][:8]
    app = _app_on(url)
    with Session(app.extensions["db_engine"], expire_on_commit=False) as db:
        sitting = create_sitting(db, ["Ann", "Bob", "Cat", "Dan"], 8, 0, HouseRules())
        for deal, record in enumerate(records, 1):
            record_hand(db, sitting, deal, record, secrets.token_urlsafe(16))
    app.extensions["db_engine"].dispose()
    return f"/s/{sitting.public_id}"


def _loop(base: str, path: str, join: str, until: float, counts) -> None:
    """One client of a crowd, a process of its own (never slowing the phone's clock): asks for ``path`` again and
    again until ``until``, after opening ``join`` if any; puts (answered, errors) on ``counts``."""
    client, done, errors = Phone(base, timeout=60), 0, 0
    if join:
        client.get(join)
    while time.perf_counter() < until:
        try:
            done += client.get(path).status == 200
        except OSError:
            errors += 1
    counts.put((done, errors))


def _asked(base: str, path: str, until: float) -> tuple[list[float], int]:
    """A phone asking for ``path`` every 50 ms until ``until``: each answer's time (ms), quickest first; errors."""
    phone, times, errors = Phone(base, timeout=60), [], 0
    phone.get(path)
    while time.perf_counter() < until:
        try:
            times.append(phone.get(path).seconds * 1000)
        except OSError:
            errors += 1
        time.sleep(0.05)
    return sorted(times), errors


def _warm(base: str, paths: set[tuple[str, str]]) -> None:
    """Each worker imports the app and opens its database on its first requests (and works out a group's sessions
    on its first visit): not timed. Exports need no warming."""
    for path, join in paths:
        for _ in range(2):
            client = Phone(base, timeout=60)
            for asked in (join, path) if join else (path,):
                if "/export." not in asked:
                    client.get(asked)


def crowd(url: str, phone_path: str, loads: dict[str, list[tuple[str, str]]], seconds: float) -> dict:
    """A phone asking for its scoreboard every 50 ms, against gunicorn as served (two gevent workers): alone, then
    while each crowd of ``loads`` loops its pages ((path, link to open first) each client, a process each). Its
    p50, p95 and worst (ms), the crowd's requests answered, errors and gunicorn's worker timeouts."""
    import multiprocessing

    log = Path(tempfile.mkdtemp()) / "gunicorn.log"
    env = {"DATABASE_URL": url, "SECRET_KEY": secrets.token_hex(16), "FLASK_RATELIMIT_ENABLED": "false"}
    server, base = gunicorn("wsgi:app", env, workers=2, extra=("--error-logfile", str(log)))
    out: dict[str, dict] = {}
    try:
        _warm(base, {(phone_path, ""), *(client for clients in loads.values() for client in clients)})
        for label, clients in {"alone": [], **loads}.items():
            until, counts = time.perf_counter() + seconds, multiprocessing.Queue()
            crowd = [multiprocessing.Process(target=_loop, args=(base, *c, until, counts)) for c in clients]
            for process in crowd:
                process.start()
            times, errors = _asked(base, phone_path, until)
            done = [counts.get(timeout=120) for _ in crowd]
            for process in crowd:
                process.join()
            timeouts = log.read_text().count("WORKER TIMEOUT") if log.exists() else 0
            nan = float("nan")
            out[label] = {
                "p50": statistics.median(times) if times else nan,
                "p95": times[min(len(times) - 1, int(len(times) * 0.95))] if times else nan,
                "worst": times[-1] if times else nan,
                "crowd": sum(d for d, _ in done),
                "errors": errors + sum(e for _, e in done),
                "timeouts": timeouts - sum(o["timeouts"] for o in out.values()),
            }
    finally:
        stop(server)
        shutil.rmtree(log.parent, ignore_errors=True)
    return out


#: Per database: the pages measured, (ms again, path, link to open first), for the crowd to loop the costliest.
Costs = dict[str, list[tuple[float, str, str]]]


def _print_scoreboards(runs: list[tuple[str, str]], sizes: Sizes, costly: Costs) -> None:
    from companion.games.base import Target

    print(f"Scoreboard: French Tarot of five, {sizes.bound_deals} deals each +3,872 points to one player, ", end="")
    print(f"a point worth {MAX_STAKE} halfpence")
    print(f"{'':<12}{'coins':<20}{'view':>8}{'fresh coins':>13}{'bytes':>10}")
    for name, url in runs:
        for label, r in worst_scoreboard(url, sizes.bound_deals, sizes.coin_sets, sizes.runs).items():
            worst = _verdict(max(r["view"], r["fresh coins"]))
            print(f"{name:<12}{label:<20}{r['view']:>8.1f}{r['fresh coins']:>13.1f}{r['bytes']:>10,} {worst}")
    print(
        f"Scoreboard of a game to a target: Ottocento to its highest target, {sizes.target_hands} hands (at most "
        f"{Target(0).most}), rich while the target leaves room, to a phone that scores it: first view after a "
        "change, then again"
    )
    print(f"{'':<12}{'':<20}{'first':>8}{'again':>8}{'bytes':>10}")
    for name, url in runs:
        r = target_scoreboard(url, sizes.target_hands, sizes.runs)
        costly[name].append((r["again"], r["path"], ""))
        print(f"{name:<12}{'scoreboard':<20}{r['first']:>8.1f}{r['again']:>8.1f}{r['bytes']:>10,} ", end="")
        print(_verdict(r["first"]))


def _print_start_pages(runs: list[tuple[str, str]], sizes: Sizes) -> None:
    print(f"Start page of a phone in {sizes.phone_sessions:,} sessions and {sizes.phone_groups:,} groups (20 a page)")
    print(f"{'':<12}{'page':<20}{'ms':>8}{'queries':>8}{'bytes':>10}")
    for name, url in runs:
        for label, (ms, size, queries) in start_page(url, sizes.phone_sessions, sizes.phone_groups, sizes.runs).items():
            print(f"{name:<12}{label:<20}{ms:>8.1f}{queries:>8}{size:>10,} {_verdict(ms)}")


def _print_groups(runs: list[tuple[str, str]], sizes: Sizes, costly: Costs) -> None:
    from companion.store import MAX_PLAYERS

    for players in (MAX_PLAYERS, 4):  # the most players; four, each of them in every session
        print(
            f"A group of {sizes.limit_sessions:,} sessions of {LIMIT_DEALS} deals and {players} players "
            "(ms, median: again; after a change to one of its sessions; after a restart, every session worked out "
            "afresh in steps, the phones served between them)"
        )
        print(f"{'':<12}{'page':<14}{'again':>8}{'changed':>8}{'bytes':>10}{'restart':>8}")
        for name, url in runs:
            found = biggest_group(url, players, sizes.limit_sessions, sizes.runs)
            for label, (path, first, ms, size, changed) in found.items():
                costly[name].append((ms, path, _join_link(url, path.split("/")[2])))  # its start page: an editor's
                print(f"{name:<12}{label:<14}{ms:>8.1f}{changed:>8.1f}{size:>10,}{first:>8.0f} ", end="")
                print(_verdict(max(ms, changed)))


def _print_exports(runs: list[tuple[str, str]], sizes: Sizes) -> dict[str, list[str]]:
    """The exports' figures; their paths, by database."""
    print(
        f"A group's exports, streamed: {sizes.export_sessions} Ottocento sessions of {sizes.target_hands} hands "
        "(server CPU time in all, s; its longest step between two pauses, ms: a phone's longest wait for the worker)"
    )
    print(f"{'':<12}{'export':<14}{'seconds':>8}{'longest':>8}{'MB':>8}")
    exports: dict[str, list[str]] = {}
    for name, url in runs:
        for kind, r in group_exports(url, sizes.export_sessions, sizes.target_hands).items():
            exports.setdefault(name, []).append(r["path"])
            print(f"{name:<12}{kind:<14}{r['seconds']:>8.2f}{r['longest']:>8.1f}{r['bytes'] / 1e6:>8.1f}")
    return exports


def _print_crowds(runs: list[tuple[str, str]], sizes: Sizes, costly: Costs, exports: dict[str, list[str]]) -> None:
    print(
        f"A phone's scoreboard under gunicorn (2 gevent workers) while a crowd loops the costliest page, then the "
        f"exports, {sizes.crowd_seconds:g} s each (ms; floor {PHONE_FLOOR} ms at p95, and no worker timeout)"
    )
    print(f"{'':<12}{'while':<38}{'p50':>7}{'p95':>7}{'worst':>7}{'crowd':>7}{'errors':>7}{'timeouts':>9}")
    clients = sizes.crowd_clients
    for name, url in runs:
        ms, path, join = max(costly[name])
        print(f"{name:<12}(the costliest page: {path}, {ms:.1f} ms)")
        join_group = _join_link(url, exports[name][0].split("/")[2])
        loads = {
            f"{clients} loop the costliest page": [(path, join)] * clients,
            f"{clients} loop the exports (CSV and JSON)": [(p, join_group) for p in exports[name] * clients][:clients],
        }
        for label, r in crowd(url, _phone_session(url), loads, sizes.crowd_seconds).items():
            ok = "ok" if r["p95"] < PHONE_FLOOR and not r["timeouts"] else "OVER"
            print(f"{name:<12}{label:<38}{r['p50']:>7.0f}{r['p95']:>7.0f}{r['worst']:>7.0f}{r['crowd']:>7}", end="")
            print(f"{r['errors']:>7}{r['timeouts']:>9} {ok}")


def print_bounds(sizes: Sizes) -> None:
    runs, clean_up = _temporary_databases("bounds")
    costly: Costs = {name: [] for name, _ in runs}
    try:
        print(f"\n6. Bounds at their limits (server time in-process, median ms; floor {PAGE_FLOOR} ms)")
        _print_scoreboards(runs, sizes, costly)
        _print_start_pages(runs, sizes)
        _print_groups(runs, sizes, costly)
        _print_crowds(runs, sizes, costly, _print_exports(runs, sizes))
    finally:
        clean_up()


def _verdict(ms: float) -> str:
    return "ok" if ms < PAGE_FLOOR else "OVER"


def _join_link(url: str, public_id: str) -> str:
    """The edit link of the group of ``public_id``, as a path."""
    from sqlmodel import Session, select

    from companion.db import make_engine
    from companion.models import Group

    engine = make_engine(url)
    with Session(engine) as db:
        edit_key = db.exec(select(Group.edit_key).where(Group.public_id == public_id)).one()
    engine.dispose()
    return f"/g/{public_id}/join/{edit_key}"


# -- how much each part does ------------------------------------------------------------


@dataclass(frozen=True)
class Sizes:
    """How much each part does: the figures' run (these defaults), or the quick one (tiny_sizes) that shows it works."""

    hands: int = 5  # timed on Slow 4G
    devtools_hands: int = 3  # timed on DevTools' Slow 4G
    entry_hands: list | None = None  # bench_entry's hands (None: all of them)
    entry_phones: tuple[str, ...] | None = None  # bench_entry's phones (None: both)
    board_hands: tuple[int, ...] = (16, 160, 1600)  # growth: hands on a scoreboard
    start_sessions: tuple[int, ...] = (10, 1000, 10000)  # growth: sessions behind the start page
    stats_sessions: int = STATS_SESSIONS
    bound_deals: int = MAX_DEALS
    coin_sets: int = len(AWKWARD_COINS)
    limit_sessions: int = LIMIT_SESSIONS
    target_hands: int = 40  # bounds: hands of a game played to a target (``Target.most``)
    phone_sessions: int = PHONE_SESSIONS
    phone_groups: int = PHONE_GROUPS
    export_sessions: int = EXPORT_SESSIONS
    crowd_seconds: float = 10  # bounds: each crowd loops this long
    crowd_clients: int = 4
    runs: int = 9  # times each page is asked for, for its median
    board_runs: int = 5  # growth: the same, for a scoreboard
    start_runs: int = 20  # growth: the same, for the start page
    shared_server: bool = False  # one app server (one worker) for the browser parts; each starts its own otherwise


def tiny_sizes() -> Sizes:
    from bench_entry import TINY_HANDS, TINY_PHONES

    return Sizes(
        hands=1,
        devtools_hands=0,
        entry_hands=TINY_HANDS,
        entry_phones=TINY_PHONES,
        board_hands=(16, 32),
        start_sessions=(10, 40),
        stats_sessions=20,
        bound_deals=4,
        coin_sets=1,
        limit_sessions=40,
        target_hands=4,
        phone_sessions=40,
        phone_groups=41,
        export_sessions=3,
        crowd_seconds=1,
        runs=1,
        board_runs=1,
        start_runs=1,
        shared_server=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, help="hands timed on Slow 4G (5; 1 with --tiny)")
    parser.add_argument("--only", choices=("time", "weight", "taps", "growth", "statistics", "bounds", "phone"))
    parser.add_argument(
        "--tiny",
        action="store_true",
        default=os.environ.get("BENCH_TINY", "") not in ("", "0"),
        help="a quick run that every part works, not figures: tiny sizes (or BENCH_TINY=1)",
    )
    args = parser.parse_args()
    sizes = tiny_sizes() if args.tiny else Sizes()
    hands = sizes.hands if args.hands is None else args.hands
    browser_parts = args.only in (None, "time", "weight", "taps", "phone")
    shared = sizes.shared_server and browser_parts
    server, base, tmp = app_server(workers=1, limits=False) if shared else (None, None, None)
    try:
        if args.only in (None, "time"):
            print_slow_phone(slow_phone(hands, sizes.devtools_hands, base))
        if args.only in (None, "weight"):
            print_weight(page_weight(base))
        if args.only in (None, "taps"):
            print_taps(taps(sizes, base))
        if args.only in (None, "phone"):
            print_phone_part(phone_part(max(hands, 1), base))
    finally:
        if server is not None:
            stop(server)
            shutil.rmtree(tmp, ignore_errors=True)
    if args.only in (None, "growth"):
        print_growth(growth(sizes))
    if args.only in (None, "statistics"):
        print_club_statistics(sizes)
    if args.only in (None, "bounds"):
        print_bounds(sizes)


if __name__ == "__main__":
    main()
