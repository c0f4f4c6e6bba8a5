"""On phones (issue 30, items 7 and 8): a group's leaderboard fits a 360 px phone; the screen is kept awake while a
scoreboard or a hand form is open (the Screen Wake Lock API, nothing harmful where it is missing); and the pages
that now speak by game and by side still pass axe-core, light and dark."""

from __future__ import annotations

import threading

import pytest
from playwright.sync_api import Page, expect
from sqlmodel import Session
from werkzeug.serving import make_server

from companion.games import GAMES
from companion.store import create_sitting, find_group, new_secret, record_hand
from tests.conftest import make_app
from tests.e2e.browser import device
from tests.e2e.points_games import fill_start_form
from tests.e2e.test_accessibility import violations
from tests.e2e.test_groups import fits

pytestmark = pytest.mark.e2e

LONG = "Bartholomew Fotheringay-Phipps"  # 30 characters, the most a name may have
#: French Tarot of five, one player far behind: the longest figures a leaderboard row holds (−£3 1/- and more).
FRENCH_5 = [
    {"players": 5, "taker": 0, "partner": 3, "contract": "garde-contre", "bouts": 0, "points": 20},
    {"players": 5, "taker": 1, "partner": 1, "contract": "petite", "bouts": 1, "points": 48},
    {"players": 5, "taker": 2, "partner": 4, "contract": "garde-sans", "bouts": 3, "points": 50},
    {"players": 5, "taker": 3, "partner": 0, "contract": "garde", "bouts": 0, "points": 55.5},
    {"players": 5, "taker": 0, "partner": 1, "contract": "garde-contre", "bouts": 1, "points": 30},
]
#: Piedmontese Tarocchi's worked game (research §2.4): Ann & Cat 163, Bob & Dan 149.
TAROCCHI = [
    {"dealer": 0, "side": "north-south", "face": 76, "cards": 42},
    {"dealer": 1, "side": "north-south", "face": 62, "cards": 40},
    {"dealer": 2, "side": "north-south", "face": 67, "cards": 42},
    {"dealer": 3, "side": "north-south", "face": 70, "cards": 44},
]


class Table:
    """A live app whose sessions a test writes straight into the database."""

    def __init__(self, url: str, app) -> None:
        self.url, self.app = url, app

    def session(self, game: str, names: list[str], hands: list[dict], deals: int, group_url: str = "") -> str:
        with Session(self.app.extensions["db_engine"], expire_on_commit=False) as db:
            group = find_group(db, group_url.rsplit("/", 1)[1]) if group_url else None
            sitting = create_sitting(db, names, deals, 0, None, game=GAMES[game], stake=2, group=group)
            for deal, hand in enumerate(hands, 1):
                record_hand(db, sitting, deal, GAMES[game].parse(hand, len(names)), new_secret())
            return f"{self.url}/s/{sitting.public_id}"


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("words") / "words.sqlite3")
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield Table(f"http://127.0.0.1:{server.server_port}", app)
    server.shutdown()
    thread.join(timeout=5)
    app.extensions["db_engine"].dispose()


def make_group(page: Page, table: Table, name: str = "The Tuesday night tarot club") -> str:
    page.goto(table.url + "/groups/new")
    page.fill("#name", name)
    page.locator("#make-group").click()
    expect(page.locator("h1")).to_have_text(name)
    return page.url


def club(page: Page, table: Table) -> str:
    """A group of this phone's with the widest leaderboard a club makes: the longest name, the longest sums,
    sessions left unfinished."""
    group = make_group(page, table)
    names = ["Dora", LONG, "Ed", "Fay", "Hal"]
    table.session("french", names, FRENCH_5, 5, group)
    table.session("french", names, FRENCH_5[:2], 5, group)  # unfinished: "(1 unfinished)" beside the count
    table.session("tarocchi", ["Ann", LONG, "Cat", "Dan"], TAROCCHI, 4, group)
    return group


# -- the group's leaderboard on a 360 px phone ---------------------------------------------------------------------

#: Whether the leaderboard's table is drawn whole inside its box and the box inside the phone: nothing to scroll.
LEADERBOARD_FITS = """() => {
  const box = document.querySelector('.leaderboard').closest('.scroll') || document.querySelector('.leaderboard');
  const table = document.querySelector('table.leaderboard').getBoundingClientRect();
  return {scrolls: box.scrollWidth > box.clientWidth + 0.5, right: table.right,
          page: document.documentElement.scrollWidth, width: window.innerWidth};
}"""


@pytest.mark.layout
def test_the_group_leaderboard_fits_a_360_px_phone(phone: Page, table: Table):
    group = club(phone, table)
    for scheme in ("light", "dark"):
        phone.emulate_media(color_scheme=scheme)
        phone.set_viewport_size({"width": 360, "height": 800})
        for url in (group, group + "/leaderboard"):
            phone.goto(url)
            expect(phone.locator("table.leaderboard tbody tr")).to_have_count(8)
            drawn = phone.evaluate(LEADERBOARD_FITS)
            assert not drawn["scrolls"] and drawn["right"] <= drawn["width"], (scheme, url, drawn)
            assert fits(phone), (scheme, url, drawn)
            expect(phone.locator(".leaderboard").get_by_text(LONG)).to_be_visible()


# -- the screen kept awake -------------------------------------------------------------------------------------

#: A stand-in for the Screen Wake Lock API that counts the requests and releases its lock when the page is hidden,
#: as a browser does; ``window.__shown(false)`` hides the page, ``window.__shown(true)`` shows it again.
WAKE_LOCK = """(() => {
  window.__asked = 0;
  let hidden = false, held = null;
  Object.defineProperty(document, 'hidden', {get: () => hidden, configurable: true});
  Object.defineProperty(document, 'visibilityState', {get: () => hidden ? 'hidden' : 'visible', configurable: true});
  const sentinel = () => {
    const lock = new EventTarget();
    lock.released = false;
    lock.type = 'screen';
    lock.release = async () => { lock.released = true; lock.dispatchEvent(new Event('release')); };
    return lock;
  };
  Object.defineProperty(Navigator.prototype, 'wakeLock', {configurable: true, get: () => ({
    request: async (type) => { window.__asked += 1; held = sentinel(); return held; },
  })});
  window.__shown = (shown) => {
    hidden = !shown;
    if (hidden && held && !held.released) held.release();
    document.dispatchEvent(new Event('visibilitychange'));
  };
})();"""


def asked(page: Page, times: int) -> bool:
    """Whether the page asked for the lock ``times`` times by now, given a moment (the page's CSP forbids
    ``wait_for_function``'s eval)."""
    for _ in range(40):
        if page.evaluate("window.__asked") >= times:
            break
        page.wait_for_timeout(50)
    return bool(page.evaluate("window.__asked") == times)


def own_session(page: Page, table: Table) -> str:
    """A session of Piedmontese Tarocchi this phone starts (and so may score): its scoreboard."""
    page.goto(table.url + "/new/tarocchi")
    fill_start_form(page, ["Ann", "Bob", "Cat", "Dan"], "1/-", deals=4)
    expect(page.locator(".deal-count")).to_have_text("Deal 1 of 4")
    return page.url


def test_the_screen_is_kept_awake_on_the_scoreboard_and_the_hand_form(browser, playwright, table: Table):
    context = browser.new_context(**device(playwright, "Pixel 7"))
    context.add_init_script(WAKE_LOCK)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(table.url + "/")
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)
    assert page.evaluate("window.__asked") == 0  # the start page lets the phone sleep
    board = own_session(page, table)

    page.goto(board)
    assert asked(page, 1)
    page.evaluate("window.__shown(false)")  # the phone locked: the browser lets the lock go
    page.evaluate("window.__shown(true)")  # and unlocked: asked again
    assert asked(page, 2)
    page.wait_for_timeout(300)
    assert asked(page, 2)  # once each time it is shown, not once per swap of the board

    page.goto(board + "/hands/new")
    assert asked(page, 1)
    page.evaluate("window.__shown(false)")
    page.evaluate("window.__shown(true)")
    assert asked(page, 2)
    assert errors == []
    context.close()


def test_a_phone_without_the_wake_lock_api_scores_without_an_error(browser, playwright, table: Table):
    context = browser.new_context(**device(playwright, "Pixel 7"))
    context.add_init_script("delete Navigator.prototype.wakeLock;")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    board = own_session(page, table)
    for url in (board, board + "/hands/new"):
        page.goto(url)
        page.wait_for_load_state("load")
        assert page.evaluate("'wakeLock' in navigator") is False
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.locator('#side-box label[data-value="north-south"]').click()
    page.fill("#points", "40")
    page.locator("#save").click()
    expect(page.locator(".flash")).to_contain_text("Deal 1 saved")
    assert errors == []
    context.close()


def test_a_refused_lock_is_no_error(browser, playwright, table: Table):
    """A browser may refuse the lock (low battery, a policy): the page goes on, the phone sleeps as it would."""
    context = browser.new_context(**device(playwright, "Pixel 7"))
    refuse = "Object.defineProperty(Navigator.prototype, 'wakeLock', {configurable: true, get: () => ({"
    refuse += "request: async () => { window.__refused = true; throw new DOMException('no', 'NotAllowedError'); }})});"
    context.add_init_script(refuse)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(table.session("tarocchi", ["Ann", "Bob", "Cat", "Dan"], TAROCCHI[:1], 4))
    for _ in range(40):
        if page.evaluate("window.__refused === true"):
            break
        page.wait_for_timeout(50)
    assert page.evaluate("window.__refused === true")
    assert errors == []
    context.close()


# -- axe-core on the pages that changed -------------------------------------------------------------------------


@pytest.fixture(params=["light", "dark"])
def scheme(request, browser, playwright):
    context = browser.new_context(**device(playwright, "Pixel 7"), color_scheme=request.param)
    yield context.new_page()
    context.close()


def test_the_pages_by_game_and_by_side_have_no_accessibility_violations(scheme: Page, table: Table):
    page = scheme
    group = club(page, table)
    finished = table.session("tarocchi", ["Ann", "Bob", "Cat", "Dan"], TAROCCHI, 4)
    playing = table.session("tarocchi", ["Ann", "Bob", "Cat", "Dan"], TAROCCHI[:2], 4)
    found = {}
    for url in (finished, playing, playing + "/hands/new", playing + "/share", table.url + "/", group,
                group + "/leaderboard", group + "/sessions"):  # fmt: skip
        page.goto(url)
        problems = violations(page)
        if problems:
            found[url] = problems
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(group)
    if problems := violations(page):
        found["group page at 360 px"] = problems
    assert not found, found
