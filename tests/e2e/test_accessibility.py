"""axe-core (npm, injected into the page) finds nothing on any kind of page, in light and in dark mode."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from companion.testing import ROOT
from tests.e2e.test_phones import post_hand
from tests.e2e.test_table import DEALS, fill_hand, start

pytestmark = pytest.mark.e2e
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def violations(page: Page) -> list[str]:
    """axe's default rules (WCAG 2 A and AA, and its best practices) on the page as it stands."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text())  # through DevTools: the page's CSP allows no script but its own
    found = page.evaluate("async () => (await axe.run(document)).violations")
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}" for v in found]


@pytest.fixture(params=["light", "dark"])
def scheme(request, browser, playwright):
    from tests.e2e.browser import device

    context = browser.new_context(**device(playwright, "Pixel 7"), color_scheme=request.param)
    page = context.new_page()
    yield page
    context.close()


def save(page: Page, board: str, hand: dict) -> None:
    page.goto(board + "/hands/new")
    fill_hand(page, hand)
    expect(page.locator("#summary .summary-pays")).to_be_visible()
    page.locator("#save").click()
    expect(page.locator(".flash")).to_be_visible()


def test_every_kind_of_page_has_no_accessibility_violations(scheme: Page, live_server: str, new_phone):
    page = scheme
    found: dict[str, list[str]] = {}

    def check(name: str) -> None:
        problems = violations(page)
        if problems:
            found[name] = problems

    page.goto(live_server + "/")
    check("start page (empty)")
    board = start(page, live_server)
    check("scoreboard (no hands)")
    page.goto(board + "/hands/new")
    check("hand form (empty)")
    fill_hand(page, DEALS[0])
    expect(page.locator("#summary .summary-pays")).to_be_visible()
    check("hand form (filled, live preview)")
    page.locator("#held_by-box .help").click()
    expect(page.locator("dialog#help")).to_be_visible()
    check("rules help dialog")
    page.locator("#help-close").click()
    page.fill("#points", "140")
    page.locator("#save").click()
    expect(page.locator("#points-error")).to_be_visible()
    check("hand form (refused save)")
    page.fill("#points", "80")
    expect(page.locator("#summary .summary-pays")).to_be_visible()
    page.locator("#save").click()
    check("scoreboard (a hand saved, notice)")
    page.goto(board + "/hands/1/edit")
    check("edit form")
    page.goto(board + "/hands/1/delete")
    check("delete a hand")
    page.get_by_role("button", name="Delete deal 1").click()
    check("scoreboard (restore notice)")
    page.locator("#restore").click()
    expect(page.locator(".flash")).to_contain_text("restored")
    for hand in DEALS[1:8]:
        post_hand(page, board, hand)
    page.goto(board)
    check("scoreboard (final, settle up)")
    page.goto(board + "/share")
    check("share page")
    page.goto(board + "/delete")
    check("delete a session")
    page.goto(live_server + "/")
    check("start page (sessions listed)")
    page.goto(live_server + "/?again=" + board.rsplit("/", 1)[1])
    check("start page (same players again)")
    page.goto(live_server + "/groups/new")
    check("new group")
    page.fill("#name", "Tuesday club")
    page.locator("#make-group").click()
    check("group page (empty, notice)")
    group = page.url
    page.locator("#new-group-session").click()
    check("group's session form")
    for seat, name in enumerate(["Ann", "Bob", "Cat", "Dan"]):
        page.fill(f"#player_{seat}", name)
    page.get_by_role("button", name="Start session").click()
    save(page, page.url, DEALS[0])
    check("scoreboard of a group's session")
    page.goto(group)
    check("group page (leaderboard, chart)")
    page.locator("#group-players a").first.click()
    check("player page")
    page.goto(group + "/sessions")
    check("group's sessions")
    page.goto(group + "/share")
    check("group share page")
    page.goto(live_server + "/s/no-such-session")
    check("not found page")
    follower = new_phone("Pixel 7")
    follower.goto(board)
    problems = violations(follower)
    if problems:
        found["scoreboard (view only)"] = problems
    for path in (
        "/reference/",
        "/reference/bids",
        "/reference/called-cards?young=hearts",
        "/reference/cards/XXI?young=hearts",
        "/reference/solo",
        "/reference/solo?asked=1&held=F&held=XXI",
        "/reference/scoring",
        "/reference/cards",
        "/reference/play",
        "/reference/house-rules",
        "/reference/cheat-sheet",
        "/reference/games/tapp",
        "/reference/games/french",
        "/new/tapp",
        "/new/french?players=4",
    ):
        page.goto(live_server + path)
        check(path)
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)
