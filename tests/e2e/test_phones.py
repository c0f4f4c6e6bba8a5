"""A table's phones together, on a Pixel 7 and an iPhone 13: following live, one-thumb entry, undo, print."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_table import DEALS, fill_hand, start

pytestmark = pytest.mark.e2e


def save_hand(page: Page, board: str, hand: dict) -> None:
    page.goto(board + "/hands/new")
    fill_hand(page, hand)
    expect(page.locator("#preview .working")).to_be_visible()
    page.locator("#save").click()
    expect(page.locator(".flash")).to_contain_text("saved")


def test_a_follower_sees_saves_edits_and_deletes_within_5_seconds(phone: Page, new_phone, live_server: str):
    board = start(phone, live_server)
    follower = new_phone()
    follower.goto(board)
    expect(follower.locator("#view-only")).to_be_visible()
    expect(follower.locator("#deal-1")).to_have_count(0)

    save_hand(phone, board, DEALS[0])
    saved = time.monotonic()
    expect(follower.locator("#deal-1")).to_be_visible(timeout=5000)
    assert time.monotonic() - saved < 5
    expect(follower.locator(".deal-count")).to_have_text("Deal 2 of 8")

    phone.goto(board + "/hands/1/edit")
    phone.fill("#points", "40")
    expect(phone.locator("#preview .working")).to_contain_text("failed")
    phone.locator("#save").click()
    expect(phone.locator(".flash")).to_contain_text("Deal 1 changed")
    expect(follower.locator("#deal-1 .outcome")).to_have_text("failed", timeout=5000)

    phone.goto(board + "/hands/1/delete")
    phone.get_by_role("button", name="Delete deal 1").click()
    expect(phone.locator(".flash")).to_contain_text("Deal 1 deleted")
    expect(follower.locator("#deal-1")).to_have_count(0, timeout=5000)
    expect(follower.locator(".deal-count")).to_have_text("Deal 1 of 8")


def test_a_hidden_scoreboard_stops_asking(phone: Page, live_server: str):
    board = start(phone, live_server)
    asked = []
    phone.on("request", lambda r: asked.append(r.url) if "since=" in r.url else None)
    phone.wait_for_timeout(3500)
    assert len(asked) >= 1  # on screen: it asks every 3 s
    phone.evaluate(
        """() => { Object.defineProperty(document, 'hidden', {value: true, configurable: true});
                   Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
                   document.dispatchEvent(new Event('visibilitychange')); }"""
    )
    phone.wait_for_timeout(200)
    before = len(asked)
    phone.wait_for_timeout(6500)
    assert len(asked) == before  # hidden: nothing sent
    phone.evaluate(
        """() => { Object.defineProperty(document, 'hidden', {value: false, configurable: true});
                   Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true});
                   document.dispatchEvent(new Event('visibilitychange')); }"""
    )
    phone.wait_for_timeout(500)
    assert len(asked) == before + 1  # shown again: asks at once
    assert board in asked[-1]
