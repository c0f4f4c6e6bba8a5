"""The phone's own Python (``static/phone.js``, ``static/phone-worker.js``, ``companion/phone.py`` in Pyodide, the
relay in ``sw.js``): once it is ready, the live preview is answered in the phone, in the page's language, with the
figures the server gives; with no signal at all the table scores on (the hand form, its preview, Save, the
scoreboard, a reload, the browser closed and opened again), and what was saved reaches the server once the signal
returns; a deal another phone saved meanwhile comes back as the usual choice. Until the phone is ready, or where
it cannot start, the server answers as before."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect

from companion.games import GAMES
from tests.e2e.browser import DEVICES, device
from tests.e2e.points_games import tap
from tests.games.conformance.worked import as_lists, start_form

#: Each test starts the phone's Python in a fresh browser, often page after page: started first (make test).
pytestmark = pytest.mark.long

NAMES = ["Ann", "Bob", "Cat", "Dan"]
#: Pyodide's first start in a fresh browser profile: downloads, compiles, unpacks (about 4 s here, quiet).
READY_MS = 90_000


def fresh(browser: Browser, playwright: Playwright, kind: str, **options: Any) -> BrowserContext:
    """A phone with its own cookies, waiting as long for a page as for the phone's Python (a page the phone draws
    itself comes after a Pyodide start, which a busy machine makes long)."""
    context = browser.new_context(**device(playwright, kind), **options)
    context.set_default_timeout(READY_MS)
    return context


def french_board(page: Page, base: str) -> str:
    """A French Tarot session of four started with this phone's cookies, its scoreboard open: its address. Sent
    as the start form sends it, not from the start page, which would start the phone's Python too (seconds of
    both cores for a worker the next page replaces; the start page's own is tested below)."""
    url = base + "/new/french?players=4"
    form = start_form(GAMES["french"], 4, {}, page.request.get(url).text())
    kind = {"Content-Type": "application/x-www-form-urlencoded"}
    started = page.request.post(url, data=urlencode(as_lists(form)), headers=kind, max_redirects=0)
    assert started.status == 303, started.status
    page.goto(base + started.headers["location"])
    return page.url


def french_hand_form(page: Page, base: str) -> None:
    """The same, and its hand form open."""
    french_board(page, base)
    page.locator("#score-hand").click()


def ready(page: Page) -> None:
    expect(page.locator("html")).to_have_attribute("data-phone", "ready", timeout=READY_MS)


def score(page: Page, hand: dict[str, str], points: str, pays: str) -> None:
    """A hand scored from the scoreboard as a player does: its preview, then Save."""
    page.locator("#score-hand").click()
    for box, value in hand.items():
        tap(page, box, value)
    page.fill("#points", points)
    expect(page.locator('#preview li[data-seat="0"] .amount')).to_have_text(pays, timeout=READY_MS)
    page.locator("#save").click()
    expect(page.locator(".flash").last).to_contain_text("saved")


def garde_made_by_nine(page: Page) -> None:
    """Ann's garde, 50 card points with 2 bouts: +204, and 68 from each defender."""
    tap(page, "taker", "0")
    tap(page, "contract", "garde")
    tap(page, "bouts", "2")
    page.fill("#points", "50")


@pytest.mark.parametrize("kind", DEVICES)
def test_once_ready_a_phone_previews_with_no_signal_in_its_language(browser, playwright, phone_server: str, kind):
    context = fresh(browser, playwright, kind, locale="fr-FR")
    try:
        page = context.new_page()
        french_hand_form(page, phone_server)
        expect(page.locator("html")).to_have_attribute("data-phone", "ready", timeout=READY_MS)
        context.set_offline(True)
        garde_made_by_nine(page)
        preview = page.locator("#preview")
        expect(preview).to_contain_text("contrat réussi de 9")  # the working, in French
        expect(preview.locator('li[data-seat="0"] .amount')).to_have_text("+204")
        expect(page.locator("#summary li")).to_have_text(["Ann +204", "Bob −68", "Cat −68", "Dan −68"])
        page.fill("#points", "40")  # and again, as the table corrects a count
        expect(preview).to_contain_text("contrat chuté de 1")
        expect(preview.locator('li[data-seat="0"] .amount')).to_have_text("−156")
    finally:
        context.close()


def test_the_server_previews_while_the_phones_python_cannot_start(browser, playwright, phone_server: str):
    context = fresh(browser, playwright, DEVICES[0])
    try:
        page = context.new_page()
        # A browser that cannot start it (the worker's script may come from the service worker, out of reach of
        # page.route, once a start page has installed it).
        page.add_init_script("window.Worker = function () { throw new Error('no workers here'); };")
        french_hand_form(page, phone_server)
        expect(page.locator("html")).to_have_attribute("data-phone", "failed", timeout=READY_MS)
        previews: list[str] = []
        page.on("request", lambda request: previews.append(request.url) if "/hands/preview" in request.url else None)
        garde_made_by_nine(page)
        expect(page.locator('#preview li[data-seat="0"] .amount')).to_have_text("+204")
        assert previews, "the server was asked"
    finally:
        context.close()


GARDE = {"taker": "0", "contract": "garde", "bouts": "2"}
PETITE = {"taker": "1", "contract": "petite", "bouts": "1"}


def test_a_table_scores_on_with_no_signal_and_the_server_gets_it_when_it_returns(
    browser, playwright, phone_server: str
):
    kind = DEVICES[0]  # what the phone draws is the server's page; the layouts are tested on both phones elsewhere
    context = fresh(browser, playwright, kind)
    try:
        page = context.new_page()
        board = french_board(page, phone_server)
        ready(page)
        expect(page.locator("#offline-state")).to_have_text("This phone is ready to score this session with no signal.")
        context.set_offline(True)
        score(page, GARDE, "50", "+204")
        expect(page.locator("#on-phone")).to_be_visible()  # the phone's own page, and it says so
        score(page, PETITE, "40", "+36")  # Bob's petite, down 11: Ann, a defender, gets 25 + 11
        page.reload()  # nothing lost
        expect(page.locator(".deal-count")).to_have_text("Deal 3 of 8")
        page.close()  # the browser closed, and opened again, still with no signal
        page = context.new_page()
        page.goto(board)
        expect(page.locator(".deal-count")).to_have_text("Deal 3 of 8", timeout=READY_MS)
        totals = [t.inner_text() for t in page.locator("[data-total]").all()]
        context.set_offline(False)  # the signal returns: the two deals reach the server, once
        expect(page.locator("#on-phone")).to_have_count(0, timeout=READY_MS)
        other = fresh(browser, playwright, kind).new_page()
        other.goto(board)
        expect(other.locator(".deal-count")).to_have_text("Deal 3 of 8")
        assert [t.inner_text() for t in other.locator("[data-total]").all()] == totals
        other.context.close()
    finally:
        context.close()


def test_a_deal_another_phone_saved_meanwhile_comes_back_as_the_usual_choice(browser, playwright, phone_server: str):
    context = fresh(browser, playwright, DEVICES[0])
    try:
        page = context.new_page()
        board = french_board(page, phone_server)
        page.goto(board + "/share")
        link = page.locator("#share-edit .share-link").get_attribute("href")
        page.goto(board)
        ready(page)
        context.set_offline(True)
        score(page, GARDE, "50", "+204")  # deal 1, here with no signal
        other = fresh(browser, playwright, DEVICES[0]).new_page()
        other.goto(link)  # another phone of the table, with a signal, saves deal 1 first
        score(other, PETITE, "40", "+36")
        context.set_offline(False)
        expect(page.locator("#discard")).to_be_visible(timeout=READY_MS)  # this phone's deal beside theirs
        expect(page.locator(".form-errors, [role=alert]").first).to_contain_text("saved from another phone meanwhile")
        other.context.close()
    finally:
        context.close()


def test_a_session_started_with_no_signal_reaches_the_server_at_its_address(browser, playwright, phone_server: str):
    kind = DEVICES[0]  # a minute of Pyodide starting page after page: once is enough
    context = fresh(browser, playwright, kind)
    try:
        page = context.new_page()
        french_board(page, phone_server)
        ready(page)  # a session's page makes the phone ready
        context.set_offline(True)
        page.close()  # no page left open that could answer: the next one starts the phone's Python itself
        page = context.new_page()
        page.goto(phone_server + "/new/french?players=4")
        expect(page.locator("#on-phone")).to_be_visible(timeout=READY_MS)
        page.locator("#players-5").click()  # the chips answer with no signal too (once the page's worker is ready)
        expect(page.locator("#player_4")).to_be_visible(timeout=READY_MS)
        page.locator("#players-4").click()
        expect(page.locator("#player_4")).to_have_count(0)
        for seat, name in enumerate(NAMES):
            page.fill(f"#player_{seat}", name)
        page.get_by_role("button", name="Start session").click()
        expect(page).to_have_url(re.compile(r"/s/[^/]+$"))
        board = page.url
        expect(page.locator(".deal-count")).to_have_text("Deal 1 of 8")
        score(page, GARDE, "50", "+204")
        page.goto(phone_server + "/")  # the table moves on: the start page, still with no signal
        running = f'#running a[href="{board.split(phone_server)[1]}"]'
        expect(page.locator(running)).to_be_visible()
        page.close()  # and leaves the app; later, with a signal, the server's start page is opened
        context.set_offline(False)
        page = context.new_page()
        page.goto(phone_server + "/")  # the session, then its deal, reach the server from there
        expect(page.locator(running)).to_be_visible(timeout=READY_MS)
        expect(page.locator("#on-phone")).to_have_count(0)  # the server's page
        other = fresh(browser, playwright, kind).new_page()
        other.goto(board)  # the same address, on another phone
        expect(other.locator(".deal-count")).to_have_text("Deal 2 of 8")
        assert [t.get_attribute("data-total") for t in other.locator("[data-total]").all()] == [
            "204",
            "-68",
            "-68",
            "-68",
        ]
        other.context.close()
    finally:
        context.close()


def club_page(page: Page, base: str) -> str:
    """A group made by this phone, its first session started, sent as the forms send them: the group's page open
    (which makes the phone ready to start its next session with no signal)."""
    kind = {"Content-Type": "application/x-www-form-urlencoded"}
    new = page.request.get(base + "/groups/new").text()
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', new).group(1)
    group = {"csrf_token": csrf, "name": "Friday club", "stinger_settles_with": "table", "martlet_values": "total"}
    made = page.request.post(base + "/groups/new", data=urlencode(group), headers=kind, max_redirects=0)
    url = base + made.headers["location"]
    form = start_form(GAMES["sussex"], 4, {}, page.request.get(url + "/start").text())
    started = page.request.post(url + "/sessions", data=urlencode(as_lists(form)), headers=kind, max_redirects=0)
    assert started.status == 303, started.status
    page.goto(url)
    return url


def test_a_groups_same_as_last_time_starts_with_no_signal_and_reaches_the_server(browser, playwright, phone_server):
    context = fresh(browser, playwright, DEVICES[0])
    try:
        page = context.new_page()
        club_page(page, phone_server)
        ready(page)  # the group's page makes the phone ready to start its next session
        context.set_offline(True)
        page.locator("#same-as-last-time").click()
        expect(page).to_have_url(re.compile(r"/s/[^/]+$"))
        board = page.url
        expect(page.locator("#on-phone")).to_be_visible()  # the phone's own page
        expect(page.locator(".deal-count")).to_have_text("Deal 1 of 16")
        context.set_offline(False)  # the signal returns: the session reaches the server, at the same address
        expect(page.locator("#on-phone")).to_have_count(0, timeout=READY_MS)
        other = fresh(browser, playwright, DEVICES[0]).new_page()
        other.goto(board)
        expect(other.locator(".deal-count")).to_have_text("Deal 1 of 16")
        other.context.close()
    finally:
        context.close()
