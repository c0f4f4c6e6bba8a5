"""Tapp Tarock for three and French Tarot for five, on a phone: start, score, edit, settle up."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from companion.games import GAMES
from companion.settle import settle
from tests.e2e.test_accessibility import violations
from tests.e2e.test_groups import fits

pytestmark = pytest.mark.e2e


#: Names as long as a table may type, for checking that forms and sheets still fit a 360 px phone.
LONG_NAMES = ["Annabel-Rose", "Bartholomew", "Catherine-Louise", "Dan"]


def start(page: Page, base: str, button: str, names: list[str], deals: int, stake: str) -> str:
    page.goto(base + "/")
    page.locator(button).click()
    if button == "#new-french":  # three, four or five
        page.get_by_role("link", name=f"{len(names)} players").click()
        # The chip swaps the form in place: wait for it before typing, or the swap takes the names away.
        expect(page.locator(f"#players-{len(names)}")).to_have_attribute("aria-current", "page")
        expect(page.locator(f"#player_{len(names) - 1}")).to_be_visible()
    fill_start_form(page, names, stake, deals=deals)
    expect(page.locator(".deal-count")).to_have_text(f"Deal 1 of {deals}")
    return page.url


def fill_start_form(page: Page, names: list[str], stake: str | None = None, **chips: object) -> None:
    """The open start form filled as a player does: the names in seat order, a tap on each chosen chip
    (``deals=4``, ``stake_per="game"``), the stake typed (the game's usual one if None), then Start."""
    for seat, name in enumerate(names):
        page.fill(f"#player_{seat}", name)
    for box, value in chips.items():
        page.locator(f'#{box}-box label[data-value="{value}"]').click()
    if stake is not None:
        page.fill("#stake", stake)
    page.get_by_role("button", name="Start session").click()


def tap(page: Page, box: str, value: str) -> None:
    page.locator(f'#{box}-box label[data-value="{value}"]').click()


def enter(page: Page, game: str, hand: dict) -> None:
    """A hand entered as a player would: taps, then the points typed."""
    if game == "tapp":
        tap(page, "bid", hand["bid"])
        if hand["bid"] == "bridscher":
            tap(page, "loser", str(hand["loser"]))
        else:
            tap(page, "declarer", str(hand["declarer"]))
            page.fill("#points", str(hand["points"]))
        for claim in hand.get("bonuses", []):
            page.locator("details.section summary").click()
            how = "silent" if not claim.get("announced") else "made" if claim.get("made", True) else "missed"
            page.select_option("#bonus_" + claim["bonus"].replace("-", "_"), f"{how}-{claim['seat']}")
    else:
        tap(page, "taker", str(hand["taker"]))
        if "partner" in hand:
            tap(page, "partner", str(hand["partner"]))
        tap(page, "contract", hand["contract"])
        tap(page, "bouts", str(hand["bouts"]))
        page.fill("#points", str(hand["points"]).replace(".", ","))  # a French phone types a comma
        if hand.get("petit_au_bout"):
            page.locator("details.section summary").click()
            tap(page, "petit_au_bout", hand["petit_au_bout"])


def score_hand(page: Page, board: str, game: str, hand: dict, seats: int) -> None:
    page.goto(board)
    page.locator("#score-hand").click()
    enter(page, game, hand)
    expected = GAMES[game].score(GAMES[game].parse(hand, seats)).net
    for seat, points in enumerate(expected):  # the preview, before saving
        expect(page.locator(f'#preview li[data-seat="{seat}"] .amount')).to_have_attribute("data-points", str(points))
    page.locator("#save").click()
    expect(page.locator(".flash")).to_contain_text("saved")


def shown(page: Page) -> list[int]:
    return [int(t.get_attribute("data-total")) for t in page.locator(".totals li").all()]


def check_final(page: Page, game: str, hands: list[dict], seats: int, stake_halfpence: int) -> None:
    totals = [0] * seats
    for hand in hands:
        for seat, v in enumerate(GAMES[game].score(GAMES[game].parse(hand, seats)).net):
            totals[seat] += v
    assert shown(page) == totals
    payments = settle([t * stake_halfpence for t in totals])
    expect(page.locator(".settlement .payments li")).to_have_count(len(payments))
    for p, item in zip(payments, page.locator(".settlement .payments li").all(), strict=True):
        assert item.inner_text().startswith(f"{page.locator('.totals .name').nth(p.payer).inner_text()} pays")


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
