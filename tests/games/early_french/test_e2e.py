"""Early French Tarot on a phone: a session to 50 started, hands entered by tapping (tricks, court cards, the three
trumps' holders), previewed with their working, edited, played on through a tie at the top, finished and settled;
the form and the sheet axe-clean."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from companion.games import GAMES
from companion.games.early_french import COURTS, TRUMPS, settle_per_game, settle_per_point
from companion.settle import settle
from tests.e2e.points_games import LONG_NAMES, fill_start_form
from tests.e2e.test_accessibility import violations
from tests.e2e.test_groups import fits
from tests.e2e.test_hand_entry import open_help

pytestmark = pytest.mark.e2e

GAME = GAMES["early-french"]
NAMES = ["Ann", "Bob", "Cat", "Dan"]
DATA = Path(__file__).parent / "data"
WORKED = [json.loads(p.read_text())["hand"] for p in sorted(DATA.glob("hand-*.json"))]
#: From 40, 19, 3 and −15 (the worked hands 1 and 2) to the 45, 38, 12 and −5 the worked hand 3 starts from.
TO_45 = {"tricks": [3, 4, 3, 2], "kings": [1, 1, 1, 1], "queens": [0, 1, 0, 2], "knights": [0, 0, 0, 2],
         "pages": [1, 0, 0, 0], "magician": 1, "world": 1, "fool": 2}  # fmt: skip
#: After the tie at 51: Ann 4 tricks, Bob 2, nothing else scored.
TIE_BROKEN = {"tricks": [4, 2, 3, 3]}
HANDS = [WORKED[0], WORKED[1], TO_45, WORKED[2], TIE_BROKEN]


def start(page: Page, base: str, stake: str, per: str) -> str:
    page.goto(base + "/")
    page.locator("#new-early-french").click()
    fill_start_form(page, NAMES, stake, stake_per=per)
    expect(page.locator(".deal-count")).to_contain_text("Deal 1 · first to 50")
    return page.url


def chip(name: str, value: object) -> str:
    return f'label:has(> input[name="{name}"][value="{value}"])'


def enter(page: Page, hand: dict) -> None:
    """A hand as a player enters it, a tap a choice in the form's order: the trumps set aside, then each player's
    court cards, trumps and tricks; the last player's tricks and trumps are left to the form (what remains)."""
    for honour in TRUMPS:
        if hand.get(honour.id) is None:
            page.locator(chip(honour.id, "none")).click()
    for seat, tricks in enumerate(hand["tricks"]):
        for honour in COURTS:
            count = hand.get(honour.id, [0] * 4)[seat]
            if count:
                page.locator(chip(f"{honour.id}_{seat}", count)).click()
        for honour in TRUMPS:
            if hand.get(honour.id) == seat and seat < 3:
                page.locator(chip(honour.id, seat)).click()
        if seat < 3:
            page.locator(chip(f"tricks_{seat}", tricks)).click()
            expect(page.locator(f"#tricks_{seat + 1}-0")).to_be_focused()  # on to the next player's tricks


def expect_preview(page: Page, hand: dict) -> None:
    for seat, points in enumerate(GAME.score(GAME.parse(hand, 4)).net):
        expect(page.locator(f'#preview li[data-seat="{seat}"] .amount')).to_have_attribute("data-points", str(points))


def score_hand(page: Page, board: str, deal: int, hand: dict) -> None:
    page.goto(board)
    page.locator("#score-hand").click()
    enter(page, hand)
    expect_preview(page, hand)
    page.locator("#save").click()
    expect(page.locator(".flash")).to_contain_text(f"Deal {deal} saved")


def shown(page: Page) -> list[int]:
    return [int(t.get_attribute("data-total")) for t in page.locator(".totals li").all()]


def check_payments(page: Page, money: list[int]) -> None:
    expected = settle(money)
    items = page.locator(".settlement .payments li")
    expect(items).to_have_count(len(expected))
    for p, item in zip(expected, items.all(), strict=True):
        assert item.inner_text().startswith(f"{NAMES[p.payer]} pays {NAMES[p.payee]}")


@pytest.mark.layout
def test_a_session_to_50_on_a_phone(phone: Page, live_server: str):
    board = start(phone, live_server, "0/1", "point")
    phone.goto(board + "/hands/new")
    assert violations(phone) == []  # the hand form, empty
    for deal, hand in enumerate(HANDS[:4], start=1):
        score_hand(phone, board, deal, hand)
    # Two players past 50 and level at the top: another hand decides.
    assert shown(phone) == [51, 51, 8, 0]
    expect(phone.locator(".to-go")).to_have_text("Two players share the top on 51, past 50: another hand decides.")
    # Edit deal 1: Cat held one Page, not two: a point less for Cat, and the tie at the top stands.
    phone.locator("#deal-1 summary").click()
    phone.get_by_role("link", name="Edit deal 1").click()
    expect(phone.locator("#tricks_0-5")).to_be_checked()
    expect(phone.locator("#tricks_3-1")).to_be_checked()  # Dan's trick, worked out when saved, is kept
    phone.locator(chip("pages_2", 1)).click()
    expect(phone.locator('#preview li[data-seat="2"] .amount')).to_have_attribute("data-points", "5")
    phone.locator("#save").click()
    expect(phone.locator(".flash")).to_contain_text("Deal 1 changed")
    assert shown(phone) == [51, 51, 7, 0]
    score_hand(phone, board, 5, TIE_BROKEN)
    expect(phone.locator(".deal-count")).to_have_text("Game over")
    expect(phone.locator("#winners")).to_have_text("Ann won.")
    final = [55, 47, 7, 0]
    assert shown(phone) == final
    check_payments(phone, list(settle_per_point(final, 2)))
    assert fits(phone)
    assert violations(phone) == []


@pytest.mark.layout
def test_a_stake_a_game_the_refusals_and_the_sheet(phone: Page, live_server: str):
    board = start(phone, live_server, "1/-", "game")
    phone.locator("#score-hand").click()
    # Dan wins no trick yet holds the Fool: refused beside the tricks, in Dan's name.
    enter(phone, {**WORKED[1], "fool": 3})
    expect(phone.locator("#summary")).to_contain_text(
        "Dan won 0 tricks (0 cards) but is entered holding 1 scoring card."
    )
    phone.locator("#save").click()
    expect(phone.locator("#tricks_0-error")).to_have_text(
        "Dan won 0 tricks (0 cards) but is entered holding 1 scoring card."
    )
    expect(phone.locator("#tricks_0-0")).to_be_focused()
    assert violations(phone) == []  # the form with its refusal beside the tricks
    open_help(phone, "#tricks_0-box", "Scoring a hand")
    open_help(phone, "#trumps-box", "The scoring cards")
    phone.locator(chip("fool", 0)).click()
    expect_preview(phone, WORKED[1])
    phone.locator("#save").click()
    expect(phone.locator(".flash")).to_contain_text("Deal 1 saved")
    for deal, hand in enumerate([WORKED[0], *HANDS[2:]], start=2):  # the same hands as before, in another order
        score_hand(phone, board, deal, hand)
    expect(phone.locator("#winners")).to_have_text("Ann won.")
    assert shown(phone) == [55, 47, 8, 0]
    check_payments(phone, list(settle_per_game(0, 24)))  # 1/- from each of the others
    phone.goto(live_server + "/reference/games/early-french")
    expect(phone.locator("h1")).to_contain_text("Early French Tarot")
    assert fits(phone)
    assert violations(phone) == []


def test_the_form_and_the_sheet_fit_a_360px_phone_with_long_names(page: Page, live_server: str):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server + "/new/early-french")
    fill_start_form(page, LONG_NAMES)
    page.locator("#score-hand").click()
    enter(page, WORKED[0])
    expect_preview(page, WORKED[0])
    assert fits(page)
    # Each player's block too: no chip pushed out of sight.
    assert page.evaluate("[...document.querySelectorAll('.ef-player')].every(b => b.scrollWidth <= b.clientWidth)")
    page.goto(live_server + "/reference/games/early-french")
    assert fits(page)


# -- the last player's answers left to the form, and a player's block on screen (issue #30, item 6) ------------------


def rest_chips(page: Page) -> list[str]:
    """The chips of Dan's block the form fills while his answers are left blank: "fool 3", "tricks_3 1"."""
    found = page.locator("#player_3-box label.rest input")
    return [f"{i.get_attribute('name')} {i.get_attribute('value')}" for i in found.all()]


def test_the_last_players_chips_show_what_remains_as_the_table_taps(phone: Page, live_server: str):
    start(phone, live_server, "0/1", "point")
    phone.locator("#score-hand").click()
    # Nothing placed yet: every trump would be Dan's; no trick is worked out before the others' are in.
    assert rest_chips(phone) == ["magician 3", "world 3", "fool 3"]
    # The first worked hand, Dan's answers untapped: his 1 trick and the Fool show as his as the others are tapped.
    enter(phone, WORKED[0])
    expect(phone.locator("#player_3-box label.rest")).to_have_count(2)
    assert rest_chips(phone) == ["fool 3", "tricks_3 1"]
    expect(phone.locator("#tricks_3-1")).not_to_be_checked()  # shown, not chosen: the server works it out too
    expect_preview(phone, WORKED[0])
    # Cat took 2 tricks, not 3: what remains follows; the Fool set aside is no longer Dan's.
    phone.locator(chip("tricks_2", 2)).click()
    phone.locator(chip("fool", "none")).click()
    expect(phone.locator("#player_3-box label.rest")).to_have_count(1)
    assert rest_chips(phone) == ["tricks_3 2"]
    expect_preview(phone, {**WORKED[0], "tricks": [5, 3, 2, 2], "fool": None})
    # Dan's own tap on his tricks stands instead of what remains.
    phone.locator(chip("tricks_3", 2)).click()
    expect(phone.locator("#player_3-box label.rest")).to_have_count(0)


@pytest.mark.layout
def test_a_first_tap_in_a_players_block_brings_the_whole_block_on_screen(phone: Page, live_server: str):
    start(phone, live_server, "0/1", "point")
    phone.locator("#score-hand").click()
    with phone.expect_response(lambda r: r.url.endswith("/preview")):
        phone.locator(chip("kings_0", 1)).click()  # Ann's first answer: her trumps and tricks come up above the bar
    expect(phone.locator("#tricks_0-box")).to_be_in_viewport(ratio=1)
    # All of the block clear of the bar beside Save, once the preview has settled the bar's height.
    on_screen = """(el) => new Promise((done) => requestAnimationFrame(() => { const box = el.getBoundingClientRect();
      done(box.top >= 0 && box.bottom <= document.querySelector(".actions").getBoundingClientRect().top); }))"""
    assert phone.locator("#player_0-box").evaluate(on_screen)
