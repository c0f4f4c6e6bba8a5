"""Piedmontese Tarocchi on a phone: a game of four hands started, entered by tapping (points, or the cards counted in
threes), previewed with its working, edited, finished and settled; the form and the sheet axe-clean."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from companion.games import GAMES
from tests.e2e.points_games import LONG_NAMES, fill_start_form
from tests.e2e.test_accessibility import violations
from tests.e2e.test_groups import fits
from tests.e2e.test_hand_entry import open_help

pytestmark = pytest.mark.e2e

GAME = GAMES["tarocchi"]
NAMES = ["Ann", "Bob", "Cat", "Dan"]
WORKED = json.loads((Path(__file__).parent / "data" / "game.json").read_text())["hands"]


def start(page: Page, base: str, stake: str, per: str) -> str:
    page.goto(base + "/")
    page.locator("#new-tarocchi").click()
    fill_start_form(page, NAMES, stake, deals=4, stake_per=per)
    expect(page.locator(".deal-count")).to_have_text("Deal 1 of 4")
    return page.url


def enter(page: Page, hand: dict) -> None:
    """A hand as a player enters it: a tap on the side counted, then its points, or its cards' face value and
    number in the folded section."""
    page.locator(f'#side-box label[data-value="{hand["side"]}"]').click()
    if "points" in hand:
        expect(page.locator("#points")).to_be_focused()  # the tap moves on to the points, with the keyboard
        page.fill("#points", str(hand["points"]))
    else:
        page.locator("details.section summary").click()
        page.fill("#face", str(hand["face"]))
        page.fill("#cards", str(hand["cards"]))


def expect_preview(page: Page, hand: dict) -> None:
    for seat, points in enumerate(GAME.score(GAME.parse(hand, 4)).net):
        expect(page.locator(f'#preview li[data-seat="{seat}"] .amount')).to_have_attribute("data-points", str(points))


def score_hand(page: Page, board: str, deal: int, hand: dict) -> None:
    page.goto(board)
    expect(page.locator("#score-hand")).to_have_text(f"Score deal {deal}")
    page.locator("#score-hand").click()
    expect(page.locator("h1 small")).to_have_text(f"{NAMES[hand['dealer']]} dealt")
    enter(page, hand)
    expect_preview(page, hand)
    page.locator("#save").click()
    expect(page.locator(".flash")).to_contain_text(f"Deal {deal} saved")


@pytest.mark.layout
def test_a_game_of_four_hands_on_a_phone(phone: Page, live_server: str):
    board = start(phone, live_server, "1/-", "game")
    phone.goto(board + "/hands/new")
    assert violations(phone) == []  # the hand form, empty
    for deal, hand in enumerate(WORKED, start=1):
        score_hand(phone, board, deal, hand)
    expect(phone.locator(".deal-count")).to_have_text("All 4 deals played")
    assert [int(t.get_attribute("data-total")) for t in phone.locator(".totals li").all()] == [163, 149, 163, 149]
    payments = phone.locator(".settlement .payments li")
    expect(payments).to_have_count(2)
    expect(payments.nth(0)).to_contain_text("Bob pays Ann 1/-")
    expect(payments.nth(1)).to_contain_text("Dan pays Cat 1/-")
    # Deal 3 was 39 each; East–West had 41 after all: 161 to 151, still North–South's game.
    phone.locator("#deal-3 summary").click()
    phone.get_by_role("link", name="Edit deal 3").click()
    expect(phone.locator("#face")).to_have_value("67")  # entered as cards: shown as cards
    phone.fill("#face", "")
    phone.fill("#cards", "")
    phone.locator('#side-box label[data-value="east-west"]').click()
    phone.fill("#points", "41")
    expect(phone.locator('#preview li[data-seat="1"] .amount')).to_have_attribute("data-points", "41")
    expect(phone.locator("#preview .tarocchi-verdict")).to_contain_text("Bob & Dan win the hand, 41 to 37.")
    assert violations(phone) == []  # the form filled in, with its preview
    phone.locator("#save").click()
    expect(phone.locator(".flash")).to_contain_text("Deal 3 changed")
    assert [int(t.get_attribute("data-total")) for t in phone.locator(".totals li").all()] == [161, 151, 161, 151]
    expect(payments.nth(0)).to_contain_text("Bob pays Ann 1/-")
    assert fits(phone)
    assert violations(phone) == []


@pytest.mark.layout
def test_a_stake_a_point_and_the_sheet(phone: Page, live_server: str):
    board = start(phone, live_server, "0/1", "point")
    for deal, hand in enumerate(WORKED, start=1):
        score_hand(phone, board, deal, hand)
    payments = phone.locator(".settlement .payments li")
    expect(payments).to_have_count(2)
    expect(payments.nth(0)).to_contain_text("Bob pays Ann 1/2")  # 14 points at a penny, each loser to one winner
    # Each "?" opens the rules for its field over the form, which keeps the hand as it was.
    phone.goto(board)
    phone.locator("#deal-1 summary").click()
    phone.get_by_role("link", name="Edit deal 1").click()
    expect(phone.locator("details.section")).to_have_attribute("open", "")  # entered as cards: the cards show
    open_help(phone, "#side-box", "How to count")
    open_help(phone, "#points-box", "Winning a hand")
    open_help(phone, "details.section", "Cards and points")
    expect(phone.locator("#face")).to_have_value("76")
    expect(phone.locator('#side-box input[value="north-south"]')).to_be_checked()
    phone.goto(live_server + "/reference/games/tarocchi")
    expect(phone.locator("h1")).to_contain_text("Piedmontese Tarocchi")
    assert fits(phone)
    assert violations(phone) == []


def test_the_form_and_the_sheet_fit_a_360px_phone_with_long_names(page: Page, live_server: str):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server + "/new/tarocchi")
    fill_start_form(page, LONG_NAMES)
    page.locator("#score-hand").click()
    page.locator('#side-box label[data-value="north-south"]').click()
    page.fill("#points", "48")
    page.locator("details.section summary").click()
    expect(page.locator('#preview li[data-seat="2"] .amount')).to_have_attribute("data-points", "48")
    assert fits(page)
    page.goto(live_server + "/reference/games/tarocchi")
    assert fits(page)
