"""The hand form on a phone: what the table sees after Back, Save, a second phone and help, and how few
interactions a hand takes; what is on screen on a Pixel 7 and on an iPhone 13 (``layout``)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scripts.bench_entry import HANDS, score_one
from scripts.bench_entry import start as start_game
from tests.e2e.conftest import DEVICES, device
from tests.e2e.points_games import enter, fill_start_form
from tests.e2e.test_accessibility import violations
from tests.e2e.test_phones import on_screen
from tests.e2e.test_table import DEALS, fill_hand, start, tap

pytestmark = pytest.mark.e2e

#: A plain partner hand, made: Cat's four, the J♣ called under young spades and held by Ann.
PLAIN = {**DEALS[1], "points": 71}


def open_form(page: Page, board: str) -> None:
    page.goto(board)
    page.locator("#score-hand").click()
    expect(page.locator("h1")).to_contain_text("Score deal")


def editor(page: Page, new_phone, board: str) -> Page:
    """A second phone that joined with the session's edit link."""
    page.goto(board + "/share")
    link = page.locator("#share-edit .share-link").get_attribute("href")
    other = new_phone()
    other.goto(link)
    expect(other.locator("#score-hand")).to_be_visible()
    return other


# -- 2. Back after Save, Back mid-hand ------------------------------------------------


def test_back_after_save_shows_an_empty_form_and_saves_no_second_copy(phone: Page, live_server: str):
    board = start(phone, live_server)
    open_form(phone, board)
    fill_hand(phone, PLAIN)
    expect(phone.locator("#summary .summary-pays li")).to_have_count(4)
    phone.locator("#save").click()
    expect(phone.locator(".flash")).to_contain_text("Deal 1 saved")

    phone.go_back()
    expect(phone.locator("h1")).to_contain_text("Score deal 2")
    for box in ("bid", "declarer", "called_suit", "young_trumps", "held_by"):
        expect(phone.locator(f"#{box}-box input:checked")).to_have_count(0)
    expect(phone.locator("#points")).to_have_value("")
    expect(phone.locator("#summary")).to_contain_text("To fill in: Bid, Declarer, Called card")
    phone.locator("#points").fill("65")
    phone.locator("#save").click()
    expect(phone.locator("#summary")).to_contain_text("Not saved")
    phone.goto(board)
    expect(phone.locator(".hands .hand")).to_have_count(1)


def test_without_javascript_back_after_save_shows_an_empty_form_too(browser, playwright, live_server: str):
    context = browser.new_context(**device(playwright, DEVICES[0]), java_script_enabled=False)
    try:
        page = context.new_page()
        board = start(page, live_server)
        open_form(page, board)
        fill_hand(page, PLAIN)
        page.locator("#save").click()
        expect(page.locator(".flash")).to_contain_text("Deal 1 saved")
        page.go_back()
        expect(page.locator("h1")).to_contain_text("Score deal 2")
        expect(page.locator("#hand-form input:checked")).to_have_count(1)  # only "Counted for: declarer's side"
        expect(page.locator("#summary")).to_contain_text("To fill in: Bid, Declarer")
    finally:
        context.close()


def test_back_mid_hand_brings_the_hand_back_as_left_with_its_bar(phone: Page, live_server: str):
    board = start(phone, live_server)
    open_form(phone, board)
    tap(phone, "bid", "3")
    tap(phone, "declarer", "2")
    phone.locator('#called_suit-box .suits label[data-value="C"]').click()
    phone.locator('#called_suit-box .ranks label[data-value="J"]').click()
    phone.locator("#points").fill("65")
    summary = phone.locator("#summary")
    expect(summary).to_have_text("To fill in: Young trumps, Held by")

    phone.locator("#rules-link").click()
    expect(phone.locator("h1")).to_have_text("Rules for the table")
    phone.go_back()
    expect(phone.locator('#bid-box input[value="3"]')).to_be_checked()
    expect(phone.locator('#called_suit-box input[value="J"]')).to_be_checked()
    expect(phone.locator("#points")).to_have_value("65")
    expect(summary).to_have_text("To fill in: Young trumps, Held by")
    expect(phone.locator("#preview")).to_contain_text("Still to fill in: Young trumps, Held by.")

    phone.reload()  # a reload keeps it too
    expect(phone.locator("#points")).to_have_value("65")
    tap(phone, "young_trumps", "spades")
    tap(phone, "held_by", "hand-0")
    expect(summary.locator(".summary-pays li")).to_have_count(4)


def test_taps_made_before_the_scripts_arrived_are_previewed_once_they_do(phone: Page, live_server: str):
    """On a slow line a player taps before htmx has run: once it runs, the preview shows what was tapped."""
    board = start(phone, live_server)
    phone.goto(board)
    held: list = []
    phone.route(re.compile(r"/vendor/htmx"), lambda route: held.append(route))
    phone.locator("#score-hand").click()
    tap(phone, "bid", "3")
    assert held, "htmx was asked for"
    expect(phone.locator("#preview")).to_contain_text("Still to fill in: Bid, Declarer")  # not previewed yet
    held[0].continue_()
    expect(phone.locator("#preview")).to_contain_text("Still to fill in: Declarer")


# -- 3. two phones on one deal -----------------------------------------------------------


@pytest.mark.layout
def test_two_phones_on_one_deal_see_the_saved_hand_and_discard_first(phone: Page, new_phone, live_server: str):
    board = start(phone, live_server)
    other = editor(phone, new_phone, board)
    open_form(phone, board)
    open_form(other, board)
    fill_hand(phone, PLAIN)
    expect(phone.locator("#summary .summary-pays li")).to_have_count(4)
    phone.locator("#save").click()
    expect(phone.locator(".flash")).to_contain_text("Deal 1 saved")

    fill_hand(other, {**PLAIN, "points": 40})
    expect(other.locator("#summary .summary-pays li")).to_have_count(4)
    other.locator("#save").click()
    theirs = other.locator("#theirs")
    expect(theirs).to_contain_text("Deal 1 as the other phone saved it")
    expect(theirs).to_contain_text("Cat bid four · partner game · made")
    for seat, amount in enumerate(("+0/6", "−0/6", "+0/6", "−0/6")):
        expect(theirs.locator(f'.summary-pays li[data-seat="{seat}"]')).to_contain_text(amount)
    assert on_screen(other, "#theirs .summary-pays")
    expect(other.locator("#summary")).to_contain_text("−1/3")  # mine, beside it: 40 points, failed
    choices = other.locator(".actions .buttons > *")
    expect(choices.first).to_have_text("Discard mine")
    expect(choices.nth(1)).to_have_text("Save mine as deal 2")
    expect(other.locator("#save")).to_have_count(0)  # no plain Save that stores it as the next deal
    choices.first.click()
    expect(other.locator(".deal-count")).to_have_text("Deal 2 of 8")
    expect(other.locator(".hands .hand")).to_have_count(1)


def test_a_second_phones_hand_goes_in_as_the_next_deal_only_when_asked(phone: Page, new_phone, live_server: str):
    board = start(phone, live_server)
    other = editor(phone, new_phone, board)
    open_form(phone, board)
    open_form(other, board)
    for page, points in ((phone, 65), (other, 88)):
        fill_hand(page, {**PLAIN, "points": points})
        expect(page.locator("#summary .summary-pays li")).to_have_count(4)
        page.locator("#save").click()
    other.get_by_role("button", name="Save mine as deal 2").click()
    expect(other.locator(".flash")).to_contain_text("Deal 2 saved")
    expect(other.locator(".hands .hand")).to_have_count(2)


# -- 4. the first screen after Save ------------------------------------------------------------


@pytest.mark.layout
def test_the_first_screen_after_save_names_the_hand_and_each_payment(phone: Page, live_server: str):
    board = start(phone, live_server)
    open_form(phone, board)
    fill_hand(phone, PLAIN)
    expect(phone.locator("#summary .summary-pays li")).to_have_count(4)
    phone.locator("#save").click()
    notice = phone.locator(".flash")
    expect(notice).to_have_text("Deal 1 saved: Cat's four made — Ann +0/6 · Bob −0/6 · Cat +0/6 · Dan −0/6")
    assert on_screen(phone, ".flash") and on_screen(phone, "#score-hand")


@pytest.mark.layout
def test_a_points_games_notice_gives_each_players_points(phone: Page, live_server: str):
    start_game(phone, live_server, "french", 4)
    phone.locator("#score-hand").click()
    enter(phone, "french", {"taker": 1, "contract": "garde", "bouts": 2, "points": 45})
    expect(phone.locator("#summary .summary-pays li")).to_have_count(4)
    phone.locator("#save").click()
    expect(phone.locator(".flash")).to_have_text(
        "Deal 1 saved: Bob · Garde · made — Ann −58 · Bob +174 · Cat −58 · Dan −58"
    )
    assert on_screen(phone, ".flash")


# -- 5. the called card's sentence ---------------------------------------------------------------


@pytest.mark.layout
def test_the_called_card_reads_as_one_sentence(phone: Page, live_server: str):
    board = start(phone, live_server)
    open_form(phone, board)
    phone.locator('#called_suit-box .suits label[data-value="D"]').click()
    phone.locator('#called_suit-box .ranks label[data-value="7"]').click()
    tap(phone, "young_trumps", "clubs")
    facts = phone.locator("#called-facts")
    expect(facts).to_have_text("Called card 7 of Diamonds: gubber, penalty factor 1.")
    card, category = (facts.locator("strong").nth(i).bounding_box() for i in range(2))
    assert abs(card["y"] - category["y"]) < 2  # on one line, not in a grid's rows
    assert card["x"] > facts.bounding_box()["x"] + 20  # after "Called card", not in a column of its own


# -- 6. Tapp Tarock's and French Tarot's help, sheets offline ----------------------------------------------


def open_help(page: Page, beside: str, words: str) -> None:
    page.locator(f"{beside} .help").click()
    dialog = page.locator("dialog#help")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(words)
    heading = dialog.locator("#help-body h2, #help-body h3").first
    assert heading.bounding_box()["y"] >= dialog.locator(".dialog-bar").bounding_box()["y"] + 50
    page.locator("#help-close").click()
    expect(dialog).to_be_hidden()


@pytest.mark.layout
def test_french_help_opens_over_the_form_and_keeps_the_hand(phone: Page, live_server: str):
    start_game(phone, live_server, "french", 5)
    phone.locator("#score-hand").click()
    enter(phone, "french", {"taker": 1, "partner": 3, "contract": "garde", "bouts": 2, "points": 45.5})
    url = phone.url
    open_help(phone, "#partner-box", "called King")
    open_help(phone, "#contract-box", "Multiplies by")
    open_help(phone, "#bouts-box", "What the taker needs")
    phone.locator("details.section summary").click()
    open_help(phone, "#petit_au_bout-box", "last trick")
    open_help(phone, "#poignees-box", "Trumps shown before play")
    open_help(phone, "#chelem-box", "Every trick")
    assert phone.url == url
    expect(phone.locator('#contract-box input[value="garde"]')).to_be_checked()
    expect(phone.locator("#points")).to_have_value("45,5")
    expect(phone.locator("#summary .summary-pays li")).to_have_count(5)


@pytest.mark.layout
def test_tapp_help_opens_over_the_form_and_keeps_the_hand(phone: Page, live_server: str):
    start_game(phone, live_server, "tapp", 3)
    phone.locator("#score-hand").click()
    enter(phone, "tapp", {"bid": "two", "declarer": 2, "points": 40})
    open_help(phone, "#bid-box", "Cards from the tapp")
    open_help(phone, "#points-box", "Sküs")
    phone.locator("details.section summary").click()
    open_help(phone, "details.section", "Made when")
    expect(phone.locator("#points")).to_have_value("40")
    expect(phone.locator('#declarer-box input[value="2"]')).to_be_checked()


def test_every_games_sheets_work_offline_once_the_rules_were_opened(phone: Page, live_server: str):
    phone.goto(live_server + "/reference/")
    phone.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.ready.then(() => true)")
    phone.context.set_offline(True)
    try:
        for path, title in (("/reference/games/tapp", "Tapp Tarock"), ("/reference/games/french", "French Tarot")):
            phone.goto(live_server + path)
            expect(phone.locator("h1")).to_contain_text(title)
    finally:
        phone.context.set_offline(False)


@pytest.mark.layout
def test_the_called_card_help_opens_with_its_heading_below_the_bar(phone: Page, live_server: str):
    phone.clock.install()  # the dialog's settling on Playwright's clock, run at once
    board = start(phone, live_server)
    open_form(phone, board)
    phone.locator("#called_suit-box .help").click()
    heading = phone.locator("dialog#help #lookup")
    expect(heading).to_have_text("♣ Clubs young")
    phone.clock.run_for(200)  # htmx scrolls to the anchor once the dialog has settled
    bar = phone.locator(".dialog-bar").bounding_box()
    box = heading.bounding_box()
    assert box["y"] >= bar["y"] + bar["height"], (box, bar)
    assert box["y"] + box["height"] <= phone.viewport_size["height"]
    phone.locator("#help-close").click()
    tap(phone, "young_trumps", "hearts")  # the lookup follows the young trumps chosen since the form opened
    phone.locator("#called_suit-box .help").click()
    expect(heading).to_have_text("♥ Hearts young")


# -- 9. a double tap on Save -------------------------------------------------------------------------------


def test_a_double_tap_on_save_says_saved_once(phone: Page, live_server: str):
    board = start(phone, live_server)
    open_form(phone, board)
    fill_hand(phone, PLAIN)
    expect(phone.locator("#summary .summary-pays li")).to_have_count(4)
    cdp = phone.context.new_cdp_session(phone)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 400, "downloadThroughput": 200_000, "uploadThroughput": 90_000},
    )
    # Two taps 250 ms apart, while the first is on its way (Playwright waits out a navigation between its own).
    phone.evaluate(
        "() => { const save = document.getElementById('save'); save.click(); setTimeout(() => save.click(), 250); }"
    )
    expect(phone.locator(".deal-count")).to_have_text("Deal 2 of 8", timeout=15000)
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    expect(phone.locator(".flash")).to_have_count(1)
    expect(phone.locator(".flash")).to_contain_text("Deal 1 saved")
    expect(phone.locator(".hands .hand")).to_have_count(1)


# -- 10. taps --------------------------------------------------------------------------------------------------


@pytest.mark.layout
def test_each_tap_moves_on_to_the_next_unanswered_field_and_the_points_get_the_keyboard(phone: Page, live_server: str):
    board = start(phone, live_server)
    open_form(phone, board)
    tap(phone, "bid", "3")
    assert phone.evaluate("document.activeElement.name") == "declarer"
    tap(phone, "declarer", "2")
    assert phone.evaluate("document.activeElement.name") == "called_suit"
    phone.locator('#called_suit-box .suits label[data-value="C"]').click()
    assert phone.evaluate("document.activeElement.name") == "called_rank"
    phone.locator('#called_suit-box .ranks label[data-value="J"]').click()
    assert phone.evaluate("document.activeElement.name") == "young_trumps"
    assert on_screen(phone, "#young_trumps-box")
    tap(phone, "young_trumps", "spades")
    assert phone.evaluate("document.activeElement.name") == "held_by"
    assert on_screen(phone, "#held_by-box")
    tap(phone, "held_by", "hand-0")
    assert phone.evaluate("document.activeElement.id") == "points"
    phone.keyboard.type("65")
    expect(phone.locator("#summary .summary-pays li")).to_have_count(4)


def test_eldests_four_names_eldest_declarer(phone: Page, live_server: str):
    board = start(phone, live_server)
    open_form(phone, board)  # deal 1: Ann deals, Bob is eldest
    tap(phone, "bid", "4")
    expect(phone.locator('#declarer-box input[value="1"]')).to_be_checked()
    assert phone.evaluate("document.activeElement.name") == "called_suit"
    tap(phone, "declarer", "3")  # still anyone's to change
    tap(phone, "bid", "3")
    tap(phone, "bid", "4")
    expect(phone.locator('#declarer-box input[value="3"]')).to_be_checked()  # a chosen declarer stays


@pytest.mark.layout
@pytest.mark.parametrize("hand", ["Sussex, plain partner hand", "French Tarot, plain (4)"])
def test_a_plain_hand_takes_few_interactions_and_no_scroll(phone: Page, live_server: str, hand: str):
    """Counted as `make bench` counts them (scripts/bench_entry.py): taps, keystrokes and scrolls."""
    _, game, players, how = next(h for h in HANDS if h[0] == hand)
    board = start_game(phone, live_server, game, players)
    thumb = score_one(phone, board, how)
    assert thumb.scrolls == 0, thumb.log
    assert thumb.total <= (9 if game == "sussex" else 7), (thumb.taps, thumb.keys, thumb.log)
    expect(phone.locator(".flash")).to_contain_text(re.compile(r"Deal 1 saved: .+ — "))


# -- what is new, checked by axe-core in light and dark ------------------------------------------------------


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_new_views_have_no_accessibility_violations(browser, playwright, live_server: str, scheme: str):
    found = {}
    contexts = [browser.new_context(**device(playwright, "Pixel 7"), color_scheme=scheme) for _ in range(2)]
    try:
        phone, other = (c.new_page() for c in contexts)
        board = start(phone, live_server)
        phone.goto(board + "/share")
        other.goto(phone.locator("#share-edit .share-link").get_attribute("href"))
        open_form(phone, board)
        open_form(other, board)
        for page, points in ((phone, 71), (other, 40)):
            fill_hand(page, {**PLAIN, "points": points})
            expect(page.locator("#summary .summary-pays li")).to_have_count(4)
            page.locator("#save").click()
        expect(other.locator("#theirs")).to_be_visible()
        found["another phone's hand beside this one"] = violations(other)
        expect(phone.locator(".flash")).to_be_visible()
        found["the notice after Save"] = violations(phone)
        start_game(phone, live_server, "french", 5)
        phone.locator("#score-hand").click()
        phone.locator("details.section summary").click()
        found["French Tarot's form, help beside each rule"] = violations(phone)
        phone.locator("#poignees-box .help").click()
        expect(phone.locator("dialog#help")).to_contain_text("Trumps shown before play")
        found["French Tarot's help"] = violations(phone)
    finally:
        for context in contexts:
            context.close()
    assert not {name: problems for name, problems in found.items() if problems}


@pytest.mark.layout
def test_long_names_and_sums_stay_in_their_own_column(phone: Page, live_server: str):
    """Each player's payment in the preview keeps to its own share of the row, at any name or sum."""
    names = ["Bartholomew-Featherstonehaugh", "Cornelius", "Dorothea", "Evangeline", "Fitzwilliam"]
    phone.goto(f"{live_server}/new/french?players=5")
    fill_start_form(phone, names, "1/-")  # the most a point may be worth
    phone.locator("#score-hand").click()
    enter(phone, "french", {"taker": 0, "partner": 2, "contract": "garde-contre", "bouts": 3, "points": 60})
    cells = phone.locator("#summary .summary-pays li")
    expect(cells).to_have_count(5)
    width = phone.viewport_size["width"]
    boxes = [cells.nth(seat).bounding_box() for seat in range(5)]
    for seat, box in enumerate(boxes):
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (names[seat], box)
        for other in boxes[seat + 1 :]:
            same_row = abs(other["y"] - box["y"]) < 1
            assert not same_row or other["x"] >= box["x"] + box["width"], (box, other)
        text = cells.nth(seat).locator("span")
        span = text.bounding_box()
        assert span["x"] + span["width"] <= box["x"] + box["width"] + 0.5, (names[seat], span, box)
