"""A table's phones together: following live, one-thumb entry, undo, print; what is on the first screen on a
Pixel 7 and on an iPhone 13 (``layout``)."""

from __future__ import annotations

from datetime import datetime, timedelta
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from companion.games import GAMES
from tests.e2e.test_table import DEALS, fill_hand, start
from tests.games.conformance.worked import alerts, as_lists, filled, hidden_fields, read_form

pytestmark = pytest.mark.e2e
SUSSEX = GAMES["sussex"]
#: When a phone's clock starts, where a test stops it.
EVENING = datetime(2026, 11, 26, 20, 0)


def save_hand(page: Page, board: str, hand: dict) -> None:
    page.goto(board + "/hands/new")
    fill_hand(page, hand)
    expect(page.locator("#preview .working")).to_be_visible()
    page.locator("#save").click()
    expect(page.locator(".flash")).to_contain_text("saved")


def post_hand(page: Page, board: str, hand: dict) -> None:
    """A hand saved over HTTP with this phone's cookies, its hand form as Save sends it: where a test needs hands
    played, not the taps that enter them (``save_hand`` taps)."""
    form = page.request.get(board + "/hands/new")
    assert form.ok, form.status
    _, untouched = read_form(form.text(), "hand-form")
    hidden = hidden_fields(form.text(), "hand-form")
    entered = {k: v for k, v in SUSSEX.form_data(SUSSEX.parse(hand, 4)).items() if k not in hidden}
    done = page.request.post(
        board + "/hands/new",
        data=urlencode(as_lists(filled(untouched, entered, action="save"))),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
        max_redirects=0,
    )
    assert done.status == 303, alerts(done.text())


def test_a_follower_sees_saves_edits_and_deletes_within_5_seconds(phone: Page, new_phone, live_server: str):
    board = start(phone, live_server)
    follower = new_phone()
    follower.clock.install(time=EVENING)  # its 5 seconds on Playwright's clock, stopped: run at once, not waited out
    follower.goto(board)
    expect(follower.locator("#view-only")).to_be_visible()
    expect(follower.locator("#deal-1")).to_have_count(0)
    with follower.expect_response(lambda r: "since=" in r.url):  # the ask that falls due on the way, answered
        follower.clock.pause_at(EVENING + timedelta(minutes=1))

    save_hand(phone, board, DEALS[0])
    follower.clock.run_for(5000)
    expect(follower.locator("#deal-1")).to_be_visible()
    expect(follower.locator(".deal-count")).to_have_text("Deal 2 of 8")

    phone.goto(board + "/hands/1/edit")
    phone.fill("#points", "40")
    expect(phone.locator("#preview .working")).to_contain_text("failed")
    phone.locator("#save").click()
    expect(phone.locator(".flash")).to_contain_text("Deal 1 changed")
    follower.clock.run_for(5000)
    expect(follower.locator("#deal-1 .outcome")).to_have_text("failed")

    phone.goto(board + "/hands/1/delete")
    phone.get_by_role("button", name="Delete deal 1").click()
    expect(phone.locator(".flash")).to_contain_text("Deal 1 deleted")
    follower.clock.run_for(5000)
    expect(follower.locator("#deal-1")).to_have_count(0)
    expect(follower.locator(".deal-count")).to_have_text("Deal 1 of 8")


def asked_so_far(page: Page, asked: list[str]) -> int:
    """How many times the scoreboard has asked, every request it sent counted: a request of our own sent after
    them arrives after theirs."""
    with page.expect_request(lambda r: r.url.endswith("/barrier")):
        page.evaluate("fetch('/barrier').catch(() => null)")
    return len(asked)


def test_a_hidden_scoreboard_stops_asking(phone: Page, live_server: str):
    phone.clock.install()  # the page's timers on Playwright's clock: seconds of polling without waiting them out
    board = start(phone, live_server)
    asked = []
    phone.on("request", lambda r: asked.append(r.url) if "since=" in r.url else None)
    # On screen it asks every 3 s. Its first question may still be on its way when the clock moves on, its
    # next then set from the answer: Playwright's clock also runs on by itself, so that one is awaited.
    with phone.expect_request(lambda r: "since=" in r.url):
        phone.clock.run_for(3500)
    assert asked_so_far(phone, asked) >= 1
    phone.evaluate(
        """() => { Object.defineProperty(document, 'hidden', {value: true, configurable: true});
                   Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
                   document.dispatchEvent(new Event('visibilitychange')); }"""
    )
    before = asked_so_far(phone, asked)
    phone.clock.run_for(6500)
    assert asked_so_far(phone, asked) == before  # hidden: nothing sent
    with phone.expect_request(lambda r: "since=" in r.url):
        phone.evaluate(
            """() => { Object.defineProperty(document, 'hidden', {value: false, configurable: true});
                       Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true});
                       document.dispatchEvent(new Event('visibilitychange')); }"""
        )
    assert asked_so_far(phone, asked) == before + 1  # shown again: asks at once
    assert board in asked[-1]


def on_screen(page: Page, selector: str) -> bool:
    """Wholly inside the viewport, without scrolling."""
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] and box["x"] >= 0


@pytest.mark.layout
def test_after_save_the_notice_totals_and_next_deal_are_on_the_first_screen(phone: Page, live_server: str):
    board = start(phone, live_server)
    for deal, hand in enumerate(DEALS, start=1):
        save_hand(phone, board, hand)
        assert phone.evaluate("window.scrollY") == 0
        for selector in (".flash", "h1.deal-count"):
            assert on_screen(phone, selector), (deal, selector)
        if deal < len(DEALS):  # after the last deal, the final standings stand in for the totals (below)
            assert on_screen(phone, ".totals li:last-child") and on_screen(phone, "#score-hand"), deal
            expect(phone.locator("#score-hand")).to_have_text(f"Score deal {deal + 1}")
    for selector in ("#settle-h", ".settlement .payments li:last-child", ".standings li:last-child"):
        assert on_screen(phone, selector), selector
    # Totals keep their seats: the tiles never move, places say who leads.
    seats = [phone.locator(".totals li").nth(i).get_attribute("data-seat") for i in range(4)]
    assert seats == ["0", "1", "2", "3"]
    assert sorted(phone.locator(".totals li").nth(i).get_attribute("data-place") for i in range(4))[0] == "1"


@pytest.mark.layout
def test_while_entering_each_payment_stays_beside_save(phone: Page, live_server: str):
    board = start(phone, live_server)
    phone.goto(board + "/hands/new")
    summary = phone.locator("#summary")
    expect(summary).to_contain_text("To fill in: Bid, Declarer")
    assert on_screen(phone, "#summary") and on_screen(phone, "#save")
    fill_hand(phone, DEALS[0])
    expect(summary.locator(".summary-pays li")).to_have_count(4)
    phone.locator("#points").scroll_into_view_if_needed()
    assert on_screen(phone, "#summary") and on_screen(phone, "#save")  # sticky, wherever the thumb is
    expect(summary.locator('li[data-seat="1"]')).to_contain_text("Bob")
    expect(summary.locator('li[data-seat="1"]')).to_contain_text("+2/-")


@pytest.mark.layout
def test_a_refused_save_puts_its_first_problem_on_screen_focused_and_says_it_once(phone: Page, live_server: str):
    board = start(phone, live_server)
    phone.goto(board + "/hands/new")
    fill_hand(phone, {**DEALS[0], "points": 140})
    phone.locator("#save").click()
    expect(phone.locator("#points-error")).to_have_text("Card points run from 0 to 130.")
    assert phone.evaluate("document.activeElement.id") == "points"
    assert on_screen(phone, "#points") and on_screen(phone, "#points-error")
    assert phone.locator("text=Card points run from 0 to 130.").count() == 1
    expect(phone.locator("#summary")).to_contain_text("Not saved")


@pytest.mark.layout
def test_rules_help_opens_over_the_form_and_leaves_it_as_it_was(phone: Page, live_server: str):
    board = start(phone, live_server)
    phone.goto(board + "/hands/new")
    fill_hand(phone, DEALS[0])
    pages = len(phone.context.pages)
    url = phone.url
    phone.locator("#bid-box .help").click()
    dialog = phone.locator("dialog#help")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Game value")
    assert phone.url == url and len(phone.context.pages) == pages  # no new tab, no navigation
    box = phone.locator("#bid-box .help").bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    phone.locator("#help-close").click()
    expect(dialog).to_be_hidden()
    expect(phone.locator("#points")).to_have_value("80")  # the hand as entered


def test_the_other_sides_points_and_only_possible_holders(phone: Page, live_server: str):
    board = start(phone, live_server)
    phone.goto(board + "/hands/new")
    hand = DEALS[0]  # Bob declares: Bob's own trug cannot hold the called card
    fill_hand(phone, {**hand, "points": 130 - hand["points"]})
    expect(phone.locator('#held_by-box label[data-value="trug-1"]')).to_be_hidden()
    expect(phone.locator('#held_by-box label[data-value="trug-0"]')).to_be_visible()
    phone.locator('#points_of-box label[data-value="defence"]').click()
    expect(phone.locator("#summary .summary-pays li")).to_have_count(4)
    phone.locator("#save").click()
    expect(phone.locator(".flash")).to_contain_text("Deal 1 saved")
    phone.goto(board + "/hands/1/edit")
    expect(phone.locator("#points")).to_have_value(str(hand["points"]))


def test_back_after_save_opens_a_fresh_form_for_the_next_deal(phone: Page, live_server: str):
    board = start(phone, live_server)
    save_hand(phone, board, DEALS[0])
    phone.go_back()
    expect(phone.locator("h1")).to_contain_text("Score deal 2")
    expect(phone.locator("#points")).to_have_value("")


def test_a_deleted_hand_comes_back_from_the_notice(phone: Page, live_server: str):
    board = start(phone, live_server)
    save_hand(phone, board, DEALS[0])
    save_hand(phone, board, DEALS[1])
    totals = [phone.locator(".totals li").nth(i).get_attribute("data-total") for i in range(4)]
    phone.goto(board + "/hands/1/delete")
    phone.get_by_role("button", name="Delete deal 1").click()
    expect(phone.locator("#deal-1")).to_have_count(0)
    phone.locator("#restore").click()
    expect(phone.locator(".flash")).to_contain_text("Deal 1 restored")
    expect(phone.locator("#deal-1")).to_be_visible()
    assert [phone.locator(".totals li").nth(i).get_attribute("data-total") for i in range(4)] == totals


def test_same_players_again_in_two_taps(phone: Page, live_server: str):
    board = start(phone, live_server)
    for hand in DEALS:
        post_hand(phone, board, hand)
    phone.goto(board)
    phone.locator("#same-again").click()
    for seat, name in enumerate(["Ann", "Bob", "Cat", "Dan"]):
        expect(phone.locator(f"#player_{seat}")).to_have_value(name)
    expect(phone.locator('#first_dealer-box label[data-value="0"]')).to_have_text("Ann")
    phone.get_by_role("button", name="Start session").click()
    expect(phone.locator(".deal-count")).to_have_text("Deal 1 of 8")
    assert phone.url != board


def test_deals_first_follows_the_names_as_typed(phone: Page, live_server: str):
    phone.goto(live_server + "/")
    expect(phone.locator('#first_dealer-box label[data-value="2"]')).to_have_text("Player 3")
    phone.fill("#player_2", "Cat")
    expect(phone.locator('#first_dealer-box label[data-value="2"]')).to_have_text("Cat")


def test_the_scoreboard_prints_as_one_page(phone: Page, live_server: str):
    board = start(phone, live_server, deals="16")
    for hand in DEALS + DEALS:
        post_hand(phone, board, hand)
    phone.goto(board)
    phone.emulate_media(media="print")
    expect(phone.locator(".score-sheet")).to_be_visible()
    expect(phone.locator(".score-sheet tbody tr")).to_have_count(16)
    expect(phone.locator(".score-sheet tfoot")).to_contain_text("Totals after 16 of 16 deals")
    expect(phone.locator(".score-sheet")).to_contain_text("Settle up")
    for hidden in ("#board .status", ".hands-list", ".chart", "header.top"):
        expect(phone.locator(hidden).first).to_be_hidden()
    pdf = phone.pdf(format="A4")
    assert pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages") == 1


@pytest.mark.layout
def test_reference_sheets_fit_the_phone_and_use_the_forms_words(phone: Page, live_server: str):
    width = phone.viewport_size["width"]
    for path in (
        "/reference/cheat-sheet",
        "/reference/bids",
        "/reference/called-cards?young=clubs",
        "/reference/scoring",
    ):
        phone.goto(live_server + path)
        assert phone.evaluate("document.documentElement.scrollWidth") <= width, path
        smallest = phone.evaluate(
            """() => Math.min(...[...document.querySelectorAll('main *')].filter(e => e.offsetParent
                 && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
                 .map(e => parseFloat(getComputedStyle(e).fontSize)))"""
        )
        assert smallest >= 14, (path, smallest)
    phone.goto(live_server + "/reference/called-cards?young=clubs")
    expect(phone.locator('.chip[data-card="TC"]')).to_have_text("10♣")


def test_the_chart_tells_players_apart_without_colour(phone: Page, live_server: str):
    board = start(phone, live_server)
    save_hand(phone, board, DEALS[0])
    lines = phone.locator(".chart polyline")
    expect(lines).to_have_count(4)
    dashes = {lines.nth(i).get_attribute("stroke-dasharray") for i in range(4)}
    markers = {lines.nth(i).get_attribute("marker-mid") for i in range(4)}
    assert len(dashes) == 4 and len(markers) == 4
    expect(phone.locator(".legend li")).to_have_text(["Ann", "Bob", "Cat", "Dan"])
