"""A club on a phone: make a group, play two short sessions, and see who is up."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from companion.games.sussex import HandRecord, score
from tests.e2e.test_accessibility import violations
from tests.e2e.test_phones import post_hand, save_hand
from tests.e2e.test_table import DEALS, PLAYERS

pytestmark = pytest.mark.e2e


def net_of(hands: list[dict]) -> list[int]:
    """Each seat's net over these hands, from the engine."""
    totals = [0] * 4
    for hand in hands:
        for seat, amount in enumerate(score(HandRecord.from_json(hand)).net_halfpence):
            totals[seat] += amount
    return totals


def fits(page: Page) -> bool:
    """No sideways scrolling: the page is no wider than the phone."""
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.layout
def test_a_club_plays_two_sessions_and_sees_the_leaderboard(phone: Page, live_server: str):
    phone.goto(live_server + "/")
    phone.locator("#new-group").click()
    phone.fill("#name", "Tuesday club")
    phone.locator("#make-group").click()
    expect(phone.locator("h1")).to_have_text("Tuesday club")
    group = phone.url

    phone.locator("#new-group-session").click()
    for seat, name in enumerate(PLAYERS):
        phone.fill(f"#player_{seat}", name)
    phone.locator('#deals-box label[data-value="8"]').click()
    phone.get_by_role("button", name="Start session").click()
    expect(phone.locator(".deal-count")).to_have_text("Deal 1 of 8")
    first = phone.url
    save_hand(phone, first, DEALS[0])  # a group's session scores as any other: the rest over HTTP
    for hand in DEALS[1:]:
        post_hand(phone, first, hand)
    phone.goto(first)
    expect(phone.locator(".deal-count")).to_have_text("All 8 deals played")

    # The next night: from the start page, two taps to the new scoreboard.
    phone.goto(live_server + "/")
    phone.locator("#my-groups a", has_text="Tuesday club").click()
    phone.locator("#same-as-last-time").click()
    expect(phone.locator(".deal-count")).to_have_text("Deal 1 of 8")
    second = phone.url
    assert second != first
    second_night = DEALS[4:]  # a shorter evening: four deals
    for hand in second_night:
        post_hand(phone, second, hand)

    # Another night with a new face: four taps on the group's players, one name typed.
    phone.goto(group)
    phone.locator("#new-group-session").click()
    for name in ("Dan", "Ann", "Bob", "Dan"):  # Dan's second tap changes nothing: he is seated
        phone.locator("#pick-players [data-pick]", has_text=name).click()
    expect(phone.locator("#player_3")).to_have_value("")
    phone.fill("#player_3", "Eve")
    expect(phone.locator('#first_dealer-box label[data-value="0"]')).to_have_text("Dan")
    phone.get_by_role("button", name="Start session").click()
    expect(phone.locator(".deal-count")).to_have_text("Deal 1 of 16")

    phone.goto(group)
    expected = net_of(DEALS)  # the second night is unfinished: its money counts once it ends
    rows = phone.locator("table.leaderboard tbody tr")
    expect(rows).to_have_count(4)
    shown = {row.locator("a").inner_text(): int(row.get_attribute("data-net")) for row in rows.all()}
    assert shown == dict(zip(PLAYERS, expected, strict=True))
    nets = [int(row.get_attribute("data-net")) for row in rows.all()]
    assert nets == sorted(nets, reverse=True)
    expect(phone.locator("#money-legend li")).to_have_count(4)
    assert fits(phone)
    assert violations(phone) == []

    # Only the first night was played to its last deal: one first place in all, and the second night says
    # it was left unfinished. Both were started within a minute: their numbers tell them apart.
    assert sum(int(row.locator("td").nth(3).inner_text()) for row in rows.all()) == 1
    listed = phone.locator("#group-sessions li .meta")
    expect(listed.nth(1)).to_contain_text("No. 2")
    expect(listed.nth(2)).to_contain_text("No. 1")
    expect(listed.nth(1)).to_contain_text("(unfinished)")
    expect(listed.nth(2)).not_to_contain_text("unfinished")

    leader = rows.first.locator("a")
    name = leader.inner_text()
    leader.click()
    expect(phone.locator("h1")).to_have_text(name)
    expect(phone.locator("#session-count")).to_have_text("2")
    expect(phone.locator("#wins")).to_contain_text("of 1 finished sessions (1 left unfinished: no money, no places)")
    latest = phone.locator("ol.sessions li .meta")
    expect(latest.first).to_contain_text("No. 2")
    expect(latest.first).to_contain_text("unfinished, 4 of 8 deals")
    expect(latest.nth(1)).to_contain_text("No. 1")
    assert fits(phone)
    assert violations(phone) == []
