"""On a phone, the points games as a player enters them: their start forms, their hands, their totals and settling
up (tests/games/tapp/test_e2e.py and tests/games/french/test_e2e.py play a session of each)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from companion.games import GAMES
from companion.settle import settle

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
