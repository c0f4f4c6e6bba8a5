"""Ottocento on a phone: a session started, the seed's 407 entered by tapping its cards, the working in the
preview, the hand edited, the game played to 800 and settled; the form and the sheet clean under axe."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from companion.games import GAMES
from companion.games.ottocento.cards import CARDS
from companion.games.ottocento.combinations import KINDS
from companion.games.ottocento.form import quick_of
from companion.testing import hidden_fields
from tests.e2e.points_games import fill_start_form
from tests.e2e.test_accessibility import violations
from tests.e2e.test_groups import fits

pytestmark = pytest.mark.e2e

NAMES = ["Ann", "Bob", "Cat", "Dan"]
SEED = json.loads((Path(__file__).resolve().parent / "data" / "a_seed_407.json").read_text())
HAND = SEED["hand"]
OTTOCENTO = GAMES["ottocento"]


def start(page: Page, base: str) -> str:
    page.goto(base + "/")
    page.locator("#new-ottocento").click()
    expect(page.locator("#stake_per-box input[value=game]")).to_be_checked()  # a stake per game, as usual
    expect(page.locator("#stake")).to_have_value("1/-")
    fill_start_form(page, NAMES)
    expect(page.locator(".deal-count")).to_have_text("Deal 1 · first to 800")
    return page.url


def tap_cards(page: Page, group: str, combos: list[dict]) -> None:
    """A group's combinations as a table enters them: the group, then each kind's quick choice (a cricca all four or
    without one card, a sequence down to its last card), then the cards beside it one by one."""
    page.locator(f"#{group}-group > summary").click()
    for combo in combos:
        box = page.locator(f"#{group}_{combo['kind']}-box")
        value, rest = quick_of(KINDS[combo["kind"]], [CARDS[code] for code in combo["cards"]])
        if value:
            box.locator(f'label[data-quick="{value}"]').click()
        if any(not card.wild for card in rest):
            box.locator("details.otto-each > summary").click()
        for card in rest:
            box.locator(f'label[data-value="{card.code}"]').click()
        expect(box.locator("[data-count]")).to_have_text(re.compile(rf"^{len(combo['cards'])}\b"))


def side_points(page: Page, side: int):
    return page.locator(f'#preview li[data-side="{side}"] .amount')


def save_over_http(page: Page, board: str, hand: dict) -> None:
    """A hand saved by this phone over plain HTTP (its own cookies), as the form would send it."""
    form = page.request.get(board + "/hands/new").text()
    fields = {**hidden_fields(form), "action": "save", **OTTOCENTO.form_data(OTTOCENTO.parse(hand, 4))}
    response = page.request.post(
        board + "/hands/new",
        data=urlencode(fields, doseq=True),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
        max_redirects=0,
    )
    assert response.status == 303, response.text()


@pytest.mark.layout
def test_an_ottocento_session_on_a_phone(phone: Page, live_server: str):
    board = start(phone, live_server)
    phone.locator("#score-hand").click()
    expect(phone.locator("h1")).to_contain_text("Score deal 1")
    assert violations(phone) == []  # the hand form, empty

    # The seed's hand: Ann & Cat's seven combinations in 11 taps (issue #30, 6: 47 card by card), then 57 card
    # points and the last trick.
    tap_cards(phone, "c0", HAND["captured"][0])
    expect(phone.locator("#c0-group [data-held]")).to_have_text(
        "Tarocchi 3 · 18, Queens 3 · 14, Knights 3 · 13, Pages 3 · 12, Grande 17 · 80, Swords 6 · 25, Moors 3 · 10"
    )
    expect(phone.locator('#c0_grande-box label[data-value="begato"]')).to_have_class(re.compile("otto-wild"))
    phone.fill("#card_points_0", "57")
    expect(phone.locator("#card_points_1")).to_have_value("30")  # the rest of the 87
    phone.locator('#last_trick-box label[data-value="0"]').click()
    expect(side_points(phone, 0)).to_have_attribute("data-points", "407")
    expect(side_points(phone, 1)).to_have_attribute("data-points", "30")
    working = phone.locator("#preview .why")
    expect(working).to_contain_text("Ann & Cat captured cricche worth 114")
    expect(working).to_contain_text("Ann & Cat captured sequences worth 230")
    parts = "114 in cricche, 230 in sequences, 57 in card points and 6 for the last trick"
    expect(working).to_contain_text(f"Ann & Cat score 407 for the hand: {parts}.")
    expect(phone.locator('#summary li[data-seat="0"]')).to_contain_text("+407")
    assert fits(phone)
    assert violations(phone) == []  # the form filled in, its folds open
    phone.locator("#save").click()
    expect(phone.locator(".flash")).to_contain_text("Deal 1 saved: Ann dealt · Ann & Cat 407, Bob & Dan 30")
    assert [t.get_attribute("data-total") for t in phone.locator(".totals li").all()] == ["407", "30", "407", "30"]
    expect(phone.locator(".to-go")).to_have_text("To reach 800: 393 for Ann & Cat (407), 770 for Bob & Dan (30).")

    # Edit: "none" and the Bégato untapped take the Moors off again (two sequences are not doubled: 80 + 25), and
    # the last trick was Bob & Dan's: 114 + 105 + 57 = 276, and 36.
    phone.locator("#deal-1 summary").click()
    phone.get_by_role("link", name="Edit deal 1").click()
    expect(phone.locator("#c0-group")).to_have_attribute("open", "")
    phone.locator('#c0_moors-box label[data-quick=""]').click()
    phone.locator('#c0_moors-box label[data-value="begato"]').click()
    phone.locator('#last_trick-box label[data-value="1"]').click()
    expect(side_points(phone, 0)).to_have_attribute("data-points", "276")
    expect(side_points(phone, 1)).to_have_attribute("data-points", "36")
    expect(phone.locator("#c0-group [data-held]")).not_to_contain_text("Moors")
    phone.locator("#save").click()
    expect(phone.locator(".flash")).to_contain_text("Deal 1 changed")

    # Two more hands like the seed's, saved over HTTP: 683 is short of 800, 1090 past it. The game is over there, and
    # each of the losing pair pays the stake.
    save_over_http(phone, board, {**HAND, "dealer": 1})
    phone.goto(board)
    expect(phone.locator(".to-go")).to_have_text("To reach 800: 117 for Ann & Cat (683), 734 for Bob & Dan (66).")
    save_over_http(phone, board, {**HAND, "dealer": 2})
    phone.goto(board)
    expect(phone.locator(".deal-count")).to_have_text("Game over")
    expect(phone.locator("#winners")).to_have_text("Ann and Cat won.")
    payments = phone.locator(".settlement .payments li")
    expect(payments).to_have_count(2)
    assert sorted(p.inner_text().split("\n")[0] for p in payments.all()) == ["Bob pays Ann 1/-", "Dan pays Cat 1/-"]
    expect(phone.locator(".sides li").first).to_contain_text("Ann & Cat")
    assert fits(phone)
    assert violations(phone) == []

    phone.goto(live_server + "/reference/games/ottocento")
    expect(phone.locator("h1")).to_contain_text("Ottocento")
    assert fits(phone)
    assert violations(phone) == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_refused_hand_marks_its_cards_and_stays_accessible(browser, playwright, live_server: str, scheme: str):
    from tests.e2e.browser import device

    context = browser.new_context(**device(playwright, "Pixel 7"), color_scheme=scheme)
    phone = context.new_page()
    try:
        start(phone, live_server)
        phone.locator("#score-hand").click()
        # Bob & Dan's Swords without its King, a wild card standing in: refused beside those cards, by name.
        tap_cards(phone, "c1", [{"kind": "swords", "cards": ["QS", "NS", "begato"]}])
        phone.fill("#card_points_1", "40")
        phone.locator('#last_trick-box label[data-value="1"]').click()
        phone.locator("#save").click()
        needs = "it needs the real King of Swords at its head (a wild card cannot stand for it)"
        expect(phone.locator("#c1_swords-error")).to_have_text(f"Bob & Dan's Swords sequence: {needs}.")
        expect(phone.locator("#c1_swords-0")).to_be_focused()  # the first of its cards, on screen
        expect(phone.locator("#card_points_0")).to_have_value("47")
        assert fits(phone)
        assert violations(phone) == []
        # Bob shows three Kings and calls his side out: what play gave is left out (its section goes), and the
        # hand needs nothing more.
        tap_cards(phone, "d1", [{"kind": "kings", "cards": ["KS", "KB", "KC"]}])
        phone.locator("#call-out > summary").click()
        # Tapped as a player does, and known to have taken before the sections are looked at.
        phone.locator('#called_out-box input[value="1"]').check()
        for part in phone.locator(".otto-played").all():  # the card points and the captured combinations
            expect(part).to_be_hidden()
        expect(phone.locator("#preview")).to_contain_text("Bob called their side out")
        assert violations(phone) == []
    finally:
        context.close()


def test_card_points_typed_for_both_sides_are_both_kept_and_checked(phone: Page, live_server: str):
    """Issue #30, 2: typing the second side's card points once wrote over the first, so the 87 check never spoke."""
    start(phone, live_server)
    phone.locator("#score-hand").click()
    phone.fill("#card_points_0", "50")
    expect(phone.locator("#card_points_1")).to_have_value("37")  # an empty side takes the rest
    phone.fill("#card_points_1", "40")  # the other side counted too, to another figure
    expect(phone.locator("#card_points_0")).to_have_value("50")  # what was typed stays
    phone.locator('#last_trick-box label[data-value="0"]').click()
    phone.locator("#save").click()
    expect(phone.locator("#card_points_1-error")).to_contain_text("add up to 87 (counted in pairs); these add up to 90")


def test_card_points_typed_before_the_script_arrived_still_fill_the_rest(phone: Page, live_server: str):
    """On a slow line a player types one side before ottocento.js has run: the empty side still takes the rest
    once it runs (CI once typed first and found the other side empty)."""
    start(phone, live_server)
    held = []
    phone.route(re.compile(r"/static/ottocento.*\.js"), lambda route: held.append(route))
    phone.locator("#score-hand").click()
    phone.fill("#card_points_0", "50")
    expect(phone.locator("#card_points_1")).to_have_value("")  # the script has not run yet
    assert held, "the script was asked for"
    held[0].continue_()
    expect(phone.locator("#card_points_1")).to_have_value("37")
    phone.fill("#card_points_0", "52")  # and it follows the typed side from then on, as usual
    expect(phone.locator("#card_points_1")).to_have_value("35")


# -- the groups as tiles opened one at a time, each kind one flow of chips (issue #30, item 6) ----------------------

#: Wholly on screen and clear of the bar beside Save, as a thumb needs a chip to tap it without scrolling.
CLEAR = """(el) => new Promise((done) => requestAnimationFrame(() => {
  const box = el.getBoundingClientRect(), bar = document.querySelector(".actions").getBoundingClientRect();
  done(box.height > 0 && box.top >= 0 && box.bottom <= bar.top);
}))"""


def in_reach(page: Page, selector: str) -> bool:
    return page.locator(selector).evaluate(CLEAR)


def preview_after(page: Page, selector: str) -> None:
    """A tap, and the live preview's answer to it settled."""
    with page.expect_response(lambda r: r.url.endswith("/preview")):
        page.locator(selector).click()
    page.wait_for_timeout(100)  # the swap settled and painted


@pytest.mark.layout
def test_the_groups_are_tiles_opened_one_at_a_time_and_the_others_stay_a_tap_away(phone: Page, live_server: str):
    start(phone, live_server)
    phone.locator("#score-hand").click()
    phone.fill("#card_points_0", "52")
    # The last trick tapped, every group's tile comes up on screen.
    preview_after(phone, '#last_trick-box label[data-value="0"]')
    groups = ("d0", "d1", "d2", "d3", "c0", "c1")
    assert [group for group in groups if not in_reach(phone, f"#{group}-group > summary")] == []
    # Bob's declarations open below the tiles: the Grande to the 16 and Swords to the Knight without a scroll.
    phone.locator("#d1-group > summary").click()
    for chip in ('#d1_grande-box label[data-quick="t16"]', '#d1_swords-box label[data-quick="NS"]'):
        assert in_reach(phone, chip)
        preview_after(phone, chip)
    expect(phone.locator("#d1-group [data-held]")).to_have_text("Grande 5 · 20, Swords 3 · 10")
    # Ann & Cat's tile is still in reach; opened, it folds Bob's (whose tile keeps what he declared).
    assert in_reach(phone, "#c0-group > summary")
    phone.locator("#c0-group > summary").click()
    expect(phone.locator("#c0-group")).to_have_attribute("open", "")
    expect(phone.locator("#d1-group")).not_to_have_attribute("open", "")
    expect(phone.locator("#d1-group [data-held]")).to_have_text("Grande 5 · 20, Swords 3 · 10")
    phone.locator('#c0_kings-box label[data-quick="no-KB"]').click()
    expect(phone.locator("#c0-group [data-held]")).to_have_text("Kings 3 · 17")
    expect(side_points(phone, 1)).to_have_attribute("data-points", "65")  # 35, the rest of 87, and Bob's 30
    expect(phone.locator("#preview .why")).to_contain_text("Bob declared 30")
    assert fits(phone)
    assert violations(phone) == []


@pytest.mark.layout
def test_a_kinds_quick_choices_share_its_row_and_its_cards_one_by_one_open_below(phone: Page, live_server: str):
    start(phone, live_server)
    phone.locator("#score-hand").click()
    phone.locator("#d0-group > summary").click()
    swords = phone.locator("#d0_swords-box")
    # The name and the first choices on one line: no line for the name alone.
    name, knight = swords.locator(".otto-kind-name"), swords.locator('label[data-quick="NS"]')
    assert abs(name.bounding_box()["y"] - knight.bounding_box()["y"]) < knight.bounding_box()["height"]
    # Card by card ends the row; opened, its cards take a line of their own: King to Knight and the Ace is 15.
    knight.click()
    swords.locator("details.otto-each > summary").click()
    ace = swords.locator('.otto-cards label[data-value="AS"]')
    assert ace.bounding_box()["y"] > knight.bounding_box()["y"] + knight.bounding_box()["height"]
    ace.click()
    expect(swords.locator("[data-count]")).to_have_text("4 · 15")
    assert fits(phone)


@pytest.mark.layout
def test_a_tap_deep_in_a_group_leaves_the_page_where_the_thumb_left_it(phone: Page, live_server: str):
    """The preview's answer to a tap in an open group once pulled the page back to the group's top, so the next
    chip of the same row had to be scrolled to again."""
    start(phone, live_server)
    phone.locator("#score-hand").click()
    phone.locator("#c0-group > summary").click()
    moors = phone.locator('#c0_moors-box label[data-quick="2"]')
    moors.evaluate("(el) => el.scrollIntoView({block: 'center'})")
    before = phone.evaluate("scrollY")
    preview_after(phone, '#c0_moors-box label[data-quick="2"]')
    assert phone.evaluate("scrollY") == before
    assert in_reach(phone, '#c0_moors-box label[data-value="begato"]')
