"""French Tarot for five on a phone: start, score, edit, settle up."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.points_games import check_final, score_hand, start, tap
from tests.e2e.test_accessibility import violations
from tests.e2e.test_groups import fits

pytestmark = pytest.mark.e2e


FRENCH = [
    {"players": 5, "taker": 0, "partner": 3, "contract": "garde", "bouts": 2, "points": 45.5},
    {"players": 5, "taker": 1, "partner": 1, "contract": "petite", "bouts": 1, "points": 48},
    {
        "players": 5,
        "taker": 2,
        "partner": 4,
        "contract": "garde-sans",
        "bouts": 3,
        "points": 50,
        "petit_au_bout": "taker",
    },
    {"players": 5, "taker": 3, "partner": 0, "contract": "garde", "bouts": 0, "points": 55.5},
    {"players": 5, "taker": 4, "partner": 1, "contract": "garde-contre", "bouts": 2, "points": 60},
]


def test_a_french_tarot_session_of_five(phone: Page, live_server: str):
    names = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    board = start(phone, live_server, "#new-french", names, 5, "0/0½")
    phone.goto(board + "/hands/new")
    assert violations(phone) == []  # the hand form, empty
    for hand in FRENCH:
        score_hand(phone, board, "french", hand, 5)
    expect(phone.locator(".deal-count")).to_have_text("All 5 deals played")
    check_final(phone, "french", FRENCH, 5, 1)
    # Edit deal 2: Bob's petite was a garde.
    phone.locator("#deal-2 summary").click()
    phone.get_by_role("link", name="Edit deal 2").click()
    tap(phone, "contract", "garde")
    phone.locator("#save").click()
    expect(phone.locator(".flash")).to_contain_text("changed")
    check_final(phone, "french", [FRENCH[0], {**FRENCH[1], "contract": "garde"}, *FRENCH[2:]], 5, 1)
    assert fits(phone)
    assert violations(phone) == []
