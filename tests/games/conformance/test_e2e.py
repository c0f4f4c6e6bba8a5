"""Every registered game on a phone: start a session from the start page, score its first worked hand as a player
does, edit it into its second, play the session to its end and settle up.

The hand form is filled from ``game.form_data(record)`` alone, the way a player enters it: a radio or a checkbox
by tapping its label, a select by choosing, a text field by typing; a field in a closed ``<details>`` after
opening it. A game whose form needs more than that (a field no tap or typing reaches) fails here, naming it.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Locator, Page, expect

from companion.games import DEFAULT, GAMES, Game
from companion.games.base import Played, Stake
from companion.games.common import Money
from companion.settle import settle
from companion.web.filters import pounds
from tests.games.conformance.worked import (
    GAME_IDS,
    NAMES,
    Worked,
    alerts,
    as_lists,
    filled,
    fits,
    hidden_fields,
    read_form,
    session_options,
    stored_options,
    through_form,
    valid_of,
)

#: The PostgreSQL pass's browser tests: a session of every game, on one phone.
pytestmark = [pytest.mark.e2e, pytest.mark.smoke]


def plan(game_id: str) -> tuple[list[Worked], dict[str, str]]:
    """The most worked hands the hand form can enter in one session (the same players and options), and its
    options."""
    tables: dict[tuple[int, str], list[Worked]] = {}
    for worked in valid_of(game_id):
        options = session_options(worked, exact=False) if worked.on_the_form else None
        if options is not None:
            tables.setdefault((worked.players, json.dumps(options)), []).append(worked)
    assert tables, "no worked hand the hand form can enter (tests/games/conformance says why)"
    (_, options), hands = max(tables.items(), key=lambda table: len(table[1]))  # the first of the largest
    return hands, json.loads(options)


def fitting(hands: list[Worked], html: str) -> list[Worked]:
    """The hands that fit a hand form's page: those agreeing with what it filled in itself (the deal's dealer)."""
    hidden = hidden_fields(html, "hand-form")
    return [w for w in hands if fits(w, hidden)]


def variants(worked: Worked) -> list[Worked]:
    """The same hand entered other ways (its ``also``)."""
    return [Worked(worked.game_id, worked.path, {**worked.data, "hand": other, "also": []}) for other in worked.also]


# -- a player's taps -------------------------------------------------------------------------------------------


def reveal(target: Locator) -> None:
    """Open the closed ``<details>`` sections around a control, outermost first."""
    closed = target.locator("xpath=ancestor::details[not(@open)]")
    for _ in range(5):
        if not closed.count():
            return
        closed.first.locator("xpath=./summary").click()


def reachable(target: Locator) -> bool:
    reveal(target)
    return target.is_visible()


def enter(page: Page, form: str, name: str, value: Any) -> bool:
    """Enter one field as a player does; False if the player cannot reach it (yet)."""
    controls = page.locator(f'{form} [name="{name}"]')
    if not controls.count():
        return value in ("", [], None)
    kind = controls.first.evaluate("e => e.tagName === 'INPUT' ? e.type : e.tagName.toLowerCase()")
    if kind in ("radio", "checkbox"):
        return _tick(controls, kind, set(value) if isinstance(value, list) else {str(value)})
    value = (value[0] if value else "") if isinstance(value, list) else str(value)
    control = controls.first
    if control.input_value() == value:
        return True
    if kind == "hidden" or not reachable(control):
        return False
    if kind == "select":
        control.select_option(value)
    else:
        control.fill(value)
    return True


#: Each box's value ("on" without one) and whether it is ticked, read in one go.
STATES = "boxes => boxes.map(b => [b.getAttribute('value') ?? 'on', b.checked])"


def _tick(boxes: Locator, kind: str, wanted: set[str]) -> bool:
    """Tick the boxes whose values are wanted and untick the others, in order, each by tapping its label; every
    box read again after each tap (a tap may change others)."""
    start = 0
    while True:
        states = boxes.evaluate_all(STATES)
        todo = [
            n
            for n, (value, checked) in enumerate(states)
            if n >= start and checked != (value in wanted) and not (kind == "radio" and value not in wanted)
        ]
        if not todo:
            break
        n = todo[0]
        box = boxes.nth(n)
        label = box.locator("xpath=ancestor::label[1]")
        target = label if label.count() else box
        if not reachable(target):
            return False
        target.click()
        if box.is_checked() != (states[n][0] in wanted):
            return False
        start = n + 1
    values = {value for value, _ in states}
    if kind == "radio" and not wanted & values:  # "none chosen": only as it was left
        return wanted <= {""} and not any(checked for _, checked in states)
    return True


def fill(page: Page, form: str, fields: dict[str, Any], untouched: dict[str, list[str]] | None = None) -> None:
    """Enter ``fields`` in the order the game gives them (each may show the next); then put the rest of the form
    back as it comes (``untouched``) where a player can reach it."""
    todo = list(fields.items()) + [(k, v) for k, v in (untouched or {}).items() if k not in fields]
    for _ in range(3):  # a field shown only once another is entered gets another go
        todo = [(name, value) for name, value in todo if not enter(page, form, name, value)]
        if not todo:
            return
    stuck = [name for name, _ in todo if name in fields]
    assert not stuck, f"a player cannot enter {stuck} on this form: the game's form needs a hook for them"


# -- the session ---------------------------------------------------------------------------------------------


def start(page: Page, base: str, game: Game, players: int, options: dict[str, str], deals: int) -> str:
    page.goto(base + "/")
    if game is not DEFAULT:  # the usual game's form is the start page's own
        page.locator(f"#new-{game.id}").click()
    if len(game.players) > 1:
        chip = page.locator(f"#players-{players}")
        if chip.get_attribute("aria-current") != "page":
            chip.click()  # swaps the form in place: wait for it before typing
            expect(page.locator(f"#players-{players}")).to_have_attribute("aria-current", "page")
            expect(page.locator(f"#player_{players - 1}")).to_be_visible()
    for seat in range(players):
        page.fill(f"#player_{seat}", NAMES[seat])
    fill(page, "#game-form", {"deals": str(deals), **options})
    page.get_by_role("button", name="Start session").click()
    expect(page.locator(".deal-count")).to_contain_text("Deal 1")
    return page.url


def save(page: Page, done: str) -> None:
    """Tap Save: the scoreboard, with its notice that the hand was ``done`` (else the form's problems)."""
    # The next page's load, not any navigation: the hand form's own history entry changes as Save is tapped (it
    # drops the hand kept for Back), which ``expect_navigation`` may take for the page that follows.
    with page.expect_event("load"):
        page.locator("#save").click()
    assert page.locator(".flash").count(), f"not {done} ({page.url}): {alerts(page.content())}"
    expect(page.locator(".flash")).to_contain_text(done)


def shown_totals(page: Page, players: int) -> list[int]:
    expect(page.locator(".totals li")).to_have_count(players)
    return [int(t.get_attribute("data-total") or "") for t in page.locator(".totals li").all()]


def net(worked: Worked) -> list[int]:
    return list(worked.game.score(worked.record()).net)


def play_on(page: Page, board: str, hands: list[Worked], deals: int, options: dict[str, str]) -> list[Any]:
    """Save worked hands (over HTTP, with this phone's cookies) until the session is over, each on a form as its
    page fills it in (the deal's dealer): the records saved."""
    game, names = hands[0].game, hands[0].names
    saved: list[Any] = []
    while "settle-h" not in page.request.get(board).text():
        assert len(saved) < deals, "the worked hands never end a session of this game"
        form = page.request.get(board + "/hands/new")
        assert form.ok, form.status
        fields, sent = read_form(form.text(), "hand-form")
        hidden = hidden_fields(form.text(), "hand-form")
        turn = len(saved) % len(hands)
        for worked in hands[turn:] + hands[:turn]:  # the next worked hand the form takes here
            entered = {k: v for k, v in game.form_data(worked.record()).items() if k not in hidden}
            data = filled(sent, entered, action="save")
            _, record = through_form(game, names, stored_options(game, options), data)
            if record is not None:
                break
        else:
            raise AssertionError(f"no worked hand goes in as deal {len(saved) + 2} ({hidden})")
        done = page.request.post(
            board + "/hands/new",
            data=urlencode(as_lists(data)),
            headers={"Content-Type": "application/x-www-form-urlencoded"},
            max_redirects=0,
        )
        assert done.status == 303, alerts(done.text())
        saved.append(record)
    return saved


def check_settlement(page: Page, game: Game, players: int, records: tuple[Any, ...], deals: int) -> None:
    """The Settle up section: the payments that clear each player's money, as the game settles at the stake."""
    totals = [sum(game.score(r).net[seat] for r in records) for seat in range(players)]
    assert shown_totals(page, players) == totals
    stake = game.stakes[0]  # the start form's usual stake
    worth = Money.from_sd(stake.usual).halfpence if stake is not Stake.NONE else 0
    money = game.money(stake, worth, Played(tuple(totals), len(records), deals, records))
    assert sum(money) == 0
    payments = settle(money)
    expect(page.locator("#settle-h")).to_be_visible()
    items = page.locator(".settlement .payments li")
    expect(items).to_have_count(len(payments))
    flows = [0] * players
    for payment, item in zip(payments, items.all(), strict=True):
        payer, payee = item.locator("strong").all_inner_texts()
        assert (payer, payee) == (NAMES[payment.payer], NAMES[payment.payee])
        assert item.locator(".amount").inner_text() == pounds(payment.amount.halfpence)
        flows[payment.payer] -= payment.amount.halfpence
        flows[payment.payee] += payment.amount.halfpence
    assert flows == money  # the payments clear each player's money, and sum to zero
    if not payments:
        expect(page.locator(".settlement")).to_contain_text("Everyone is square")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_session_of_every_game(phone: Page, live_server: str, game_id: str):
    game = GAMES[game_id]
    hands, options = plan(game_id)
    players = hands[0].players
    deals = min(game.ending.deal_choices(players))  # as quickly as the game allows
    board = start(phone, live_server, game, players, options, deals)

    # Deal 1: the first worked hand that fits it, as a player enters it.
    blank = phone.request.get(board + "/hands/new").text()
    found = fitting(hands, blank)
    assert found, f"no worked hand fits deal 1: {hidden_fields(blank, 'hand-form')}"
    first = found[0]
    phone.locator("#score-hand").click()
    fill(phone, "#hand-form", game.form_data(first.record()))
    save(phone, "saved")
    assert shown_totals(phone, players) == net(first)

    # Edit deal 1 into another hand that fits it (one that scores otherwise if there is one; else the same hand
    # entered another way), putting back what it does not say as the form comes.
    names, sent = read_form(phone.request.get(board + "/hands/new").text(), "hand-form")
    untouched = {name: sent.get(name, []) for name in names}  # a box left unticked: nothing sent
    phone.locator("#deal-1 summary").click()
    phone.get_by_role("link", name="Edit deal 1").click()
    expect(phone.locator("#save")).to_be_visible()
    others = [w for w in fitting(hands, phone.content()) if w is not first]
    others = [w for w in others if net(w) != net(first)] or others or fitting(variants(first), phone.content())
    assert others, "no other worked hand (nor another way of entering this one) fits deal 1, to edit it into"
    second = others[0]
    fill(phone, "#hand-form", game.form_data(second.record()), untouched)
    save(phone, "changed")
    assert shown_totals(phone, players) == net(second)

    rest = play_on(phone, board, hands, deals, options)
    phone.goto(board)
    check_settlement(phone, game, players, (second.record(), *rest), deals)
