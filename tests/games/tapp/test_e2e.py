"""Tapp Tarock for three on a phone: start, score, edit, settle up."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.points_games import check_final, score_hand, start
from tests.e2e.test_accessibility import violations
from tests.e2e.test_groups import fits

pytestmark = pytest.mark.e2e


TAPP = [
    {"bid": "three", "declarer": 0, "points": 38},
    {"bid": "two", "declarer": 1, "points": 52, "bonuses": [{"bonus": "pagat-ultimo", "seat": 2}]},
    {"bid": "bridscher", "loser": 2},
]


def test_a_tapp_tarock_session_of_three(phone: Page, live_server: str):
    board = start(phone, live_server, "#new-tapp", ["Ann", "Bob", "Cat"], 3, "0/1")
    for hand in TAPP:
        score_hand(phone, board, "tapp", hand, 3)
    expect(phone.locator(".deal-count")).to_have_text("All 3 deals played")
    check_final(phone, "tapp", TAPP, 3, 2)
    # Edit deal 1: Ann fell short after all.
    phone.locator("#deal-1 summary").click()
    phone.get_by_role("link", name="Edit deal 1").click()
    phone.fill("#points", "30")
    expect(phone.locator('#preview li[data-seat="0"] .amount')).to_have_attribute("data-points", "-20")
    phone.locator("#save").click()
    expect(phone.locator(".flash")).to_contain_text("changed")
    check_final(phone, "tapp", [{**TAPP[0], "points": 30}, *TAPP[1:]], 3, 2)
    assert fits(phone)
    assert violations(phone) == []
