"""The reference sheets in a phone browser: offline, printed, and at 360 px."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

PAGES = [
    "/reference/",
    "/reference/bids",
    "/reference/called-cards?young=hearts",
    "/reference/solo",
    "/reference/scoring",
    "/reference/cards",
    "/reference/play",
    "/reference/house-rules",
]


@pytest.mark.e2e
def test_reference_works_offline_once_visited(page: Page, context: BrowserContext, live_server: str):
    page.goto(live_server + "/reference/bids")
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    try:
        page.reload()
        expect(page.locator("h1")).to_have_text("Bids and payments")
        expect(page.locator("#penalty-table")).to_be_visible()
        # Sheets not opened yet were stored when the app was first visited.
        page.goto(live_server + "/reference/called-cards?young=spades")
        expect(page.locator("#lookup")).to_contain_text("Spades young")
        page.goto(live_server + "/reference/cheat-sheet")
        expect(page.locator("h1")).to_have_text("Sussex Tarot cheat sheet")
        # The page's style and scripts come from the cache too.
        assert page.evaluate("getComputedStyle(document.body).fontFamily").startswith("system-ui")
    finally:
        context.set_offline(False)


@pytest.mark.e2e
def test_cheat_sheet_prints_on_one_page(page: Page, live_server: str):
    page.goto(live_server + "/reference/cheat-sheet")
    pdf = page.pdf(format="A4")
    pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
    assert pages == 1
    page.emulate_media(media="print")
    assert not page.locator("header.top").is_visible()


@pytest.mark.e2e
def test_solo_helper_answers_as_you_tick(page: Page, live_server: str):
    page.goto(live_server + "/reference/solo")
    for code in ("F", "XXI", "XX"):
        page.locator(f'#solo-form label[data-value="{code}"]').click()
    expect(page.locator("#solo-call")).to_have_text("Call old trump XX.")
    page.locator('#solo-form label[data-value="F"]').click()
    expect(page.locator("#solo-call")).to_contain_text("cannot announce")


@pytest.mark.e2e
@pytest.mark.parametrize("path", PAGES)
def test_reference_pages_fit_a_360px_phone(page: Page, live_server: str, path: str):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server + path)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
