"""What the table sees: the final standings, a follower's open hand, the start pages and wide tables, on phones."""

from __future__ import annotations

import struct
import threading
import zlib
from dataclasses import dataclass

import pytest
from playwright.sync_api import Page, expect
from sqlmodel import Session
from werkzeug.serving import make_server

from companion.games import GAMES
from companion.games.sussex import HandRecord
from companion.store import create_sitting, find_sitting, load_scoreboard, new_secret, record_hand
from companion.views import Scoreboard
from companion.web.filters import points, pounds
from tests.conftest import make_app
from tests.e2e.test_groups import fits

pytestmark = pytest.mark.e2e


@dataclass
class Table:
    """A live app whose sessions a test writes straight into the database, as another phone's saves would."""

    url: str
    app: object

    def db(self) -> Session:
        return Session(self.app.extensions["db_engine"], expire_on_commit=False)

    def session(self, game: str, names: list[str], hands: list, deals: int | None = None, stake: int = 2) -> str:
        """A session of ``game`` with ``hands`` saved (all its deals unless ``deals`` says more): its scoreboard."""
        with self.db() as db:
            sitting = create_sitting(db, names, deals or len(hands), 0, None, game=GAMES[game], stake=stake)
            for deal, hand in enumerate(hands, 1):
                self.save(sitting.public_id, deal, hand)
            return f"{self.url}/s/{sitting.public_id}"

    def save(self, public_id: str, deal: int, hand) -> None:
        with self.db() as db:
            sitting = find_sitting(db, public_id)
            record = hand if isinstance(hand, HandRecord) else GAMES[sitting.game].parse(hand, sitting.seats)
            record_hand(db, sitting, deal, record, new_secret())

    def board(self, url: str) -> Scoreboard:
        with self.db() as db:
            return load_scoreboard(db, find_sitting(db, url.rsplit("/", 1)[1]))


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("board") / "board.sqlite3")
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield Table(f"http://127.0.0.1:{server.server_port}", app)
    server.shutdown()
    thread.join(timeout=5)


def sussex(**fields) -> HandRecord:
    return HandRecord.from_json({"young_trumps": "hearts", "in_trug": False, **fields})


SUSSEX = [
    sussex(bid="4", declarer=1, called_card="7C", holder=3, points=71),
    sussex(bid="3", declarer=0, called_card="7C", holder=2, points=60),
    sussex(bid="4", declarer=3, called_card="7C", holder=3, points=70),
    sussex(bid="4", declarer=2, called_card="7C", holder=0, points=80),
] * 2
TAPP = [
    {"bid": "three", "declarer": 0, "points": 38},
    {"bid": "two", "declarer": 1, "points": 52, "bonuses": [{"bonus": "pagat-ultimo", "seat": 2}]},
    {"bid": "bridscher", "loser": 2},
]
FRENCH_4 = [
    {"players": 4, "taker": 0, "contract": "garde", "bouts": 2, "points": 45},
    {"players": 4, "taker": 1, "contract": "petite", "bouts": 1, "points": 48},
    {"players": 4, "taker": 2, "contract": "garde-sans", "bouts": 3, "points": 50},
    {"players": 4, "taker": 3, "contract": "garde-contre", "bouts": 0, "points": 20},
]
#: Five players, one of them far behind: long totals in points and in money, and the longest names allowed.
FRENCH_5 = [
    {"players": 5, "taker": 0, "partner": 3, "contract": "garde-contre", "bouts": 0, "points": 20},
    {"players": 5, "taker": 1, "partner": 1, "contract": "petite", "bouts": 1, "points": 48},
    {"players": 5, "taker": 2, "partner": 4, "contract": "garde-sans", "bouts": 3, "points": 50},
    {"players": 5, "taker": 3, "partner": 0, "contract": "garde", "bouts": 0, "points": 55.5},
    {"players": 5, "taker": 0, "partner": 1, "contract": "garde-contre", "bouts": 1, "points": 30},
]
LONG = "Bartholomew Fotheringay-Phipps"  # 30 characters, the most a name may have

FINISHED = {
    "sussex": ("sussex", ["Anna", LONG, "Cleo", "Dai"], SUSSEX, 2),
    "tapp of 3": ("tapp", ["Anna", "Ben", "Cleo"], TAPP, 2),
    "french of 4": ("french", ["Anna", "Ben", "Cleo", LONG], FRENCH_4, 2),
    "french of 5": ("french", ["Dora", LONG, "Ed", "Fay", "Hal"], FRENCH_5, 1),
}

#: Where each piece of text is drawn, for the whole of the first place it occurs inside ``root``.
DRAWN = """([root, text]) => {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.data.indexOf(text);
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + text.length);
    const r = range.getBoundingClientRect();
    return {x: r.left, y: r.top, right: r.right, bottom: r.bottom};
  }
  return null;
}"""


def box(page: Page, locator) -> dict:
    return locator.evaluate(
        "e => { const r = e.getBoundingClientRect(); return {x: r.left, y: r.top, right: r.right, bottom: r.bottom}; }"
    )


def inside(inner: dict, outer: dict, slack: float = 0.5) -> bool:
    return (
        inner["x"] >= outer["x"] - slack
        and inner["right"] <= outer["right"] + slack
        and inner["y"] >= outer["y"] - slack
        and inner["bottom"] <= outer["bottom"] + slack
    )


def each_row_holds_its_player(page: Page, expected: list[list[str]]) -> None:
    """Row by row: the texts of one player (name, points, money) drawn inside that row, the rows inside the list."""
    standings = page.locator(".standings")
    whole = box(page, standings)
    rows = standings.locator("li")
    expect(rows).to_have_count(len(expected))
    above = whole["y"]
    for n, texts in enumerate(expected):
        row = rows.nth(n)
        drawn = box(page, row)
        assert inside(drawn, whole), (n, texts, drawn, whole)
        assert drawn["y"] >= above - 0.5, (n, texts, "overlaps the row above")
        above = drawn["bottom"]
        for text in texts:
            where = row.evaluate(f"(root, text) => ({DRAWN})([root, text])", text)
            assert where is not None, (n, text, row.inner_text())
            assert inside(where, drawn), (n, texts, text, where, drawn)


def expected_rows(board: Scoreboard) -> list[list[str]]:
    if board.shows_points:
        return [[name, points(v), pounds(board.money[seat])] for seat, name, v in board.standings]
    return [[name, pounds(v)] for _, name, v in board.standings]


# -- 1. Final standings: one row per player, with that player's name, points and money --------------------


@pytest.mark.parametrize("game", list(FINISHED))
def test_final_standings_keep_each_players_money_on_their_own_row(phone: Page, table: Table, game: str):
    game_id, names, hands, stake = FINISHED[game]
    url = table.session(game_id, names, hands, stake=stake)
    expected = expected_rows(table.board(url))
    if game == "french of 5":
        assert expected[-1] == ["Dora", "−1464", "−£3 1/-"]  # the longest figures a row has to hold
    own_width = phone.viewport_size["width"]
    for scheme in ("light", "dark"):
        phone.emulate_media(color_scheme=scheme)
        for width in (own_width, 360):
            phone.set_viewport_size({"width": width, "height": 800})
            phone.goto(url)
            expect(phone.locator(".deal-count")).to_contain_text("deals played")
            each_row_holds_its_player(phone, expected)
            assert fits(phone), (scheme, width)


# -- 9. Smaller things a table notices ---------------------------------------------------------------------


def chip(page: Page, n: int):
    return page.locator(".chips a", has_text=f"{n} players")


def looks_chosen(page: Page, n: int, other: int) -> bool:
    """Told apart from another chip in words (a tick) and in how it is drawn: its fill and its weight."""
    style = "e => { const s = getComputedStyle(e); return [s.backgroundColor, s.fontWeight]; }"
    chosen, plain = chip(page, n).evaluate(style), chip(page, other).evaluate(style)
    return chip(page, n).inner_text().startswith("✓") and chosen[0] != plain[0] and int(chosen[1]) > int(plain[1])


def test_the_player_chips_show_the_choice_and_keep_what_was_typed(phone: Page, table: Table):
    for scheme in ("light", "dark"):
        phone.emulate_media(color_scheme=scheme)
        phone.goto(table.url + "/new/french")
        assert looks_chosen(phone, 4, 3) and looks_chosen(phone, 4, 5), scheme
        assert not chip(phone, 3).inner_text().startswith("✓")
    for seat, name in enumerate(["Anna", "Ben", "Cleo", "Dai"]):
        phone.fill(f"#player_{seat}", name)
    phone.fill("#stake", "0/2")
    chip(phone, 5).click()
    expect(phone.locator("#player_4")).to_be_visible()
    assert looks_chosen(phone, 5, 4)
    assert [phone.input_value(f"#player_{seat}") for seat in range(5)] == ["Anna", "Ben", "Cleo", "Dai", ""]
    assert phone.input_value("#stake") == "0/2"
    expect(phone.locator('#first_dealer-box label[data-value="1"]')).to_have_text("Ben")
    chip(phone, 3).click()
    expect(phone.locator("#player_3")).to_have_count(0)
    assert [phone.input_value(f"#player_{seat}") for seat in range(3)] == ["Anna", "Ben", "Cleo"]
    assert phone.url.endswith("/new/french?players=3")
    phone.get_by_role("button", name="Start session").click()
    expect(phone.locator(".deal-count")).to_have_text("Deal 1 of 6")
    expect(phone.locator(".totals .name")).to_have_text(["Anna", "Ben", "Cleo"])


def test_house_rules_and_coins_keep_the_space_before_their_note(phone: Page, table: Table):
    for path in ("/", "/new/tapp", "/new/french"):  # every game's form: its house rules (options) and coins
        phone.goto(table.url + path)
        summary = phone.locator("details.house-rules summary")
        said = summary.evaluate(f"(root, text) => ({DRAWN})([root, text])", "House rules")
        note = box(phone, summary.locator("small"))
        assert note["x"] - said["right"] >= 3, (path, said, note)  # a space's width at least, on the same line
        assert note["y"] < said["bottom"]


def test_a_followers_open_hand_stays_open_and_in_place_when_the_next_hand_arrives(phone: Page, table: Table):
    url = table.session("sussex", ["Anna", "Ben", "Cleo", "Dai"], SUSSEX[:3], deals=8)
    phone.goto(url)
    expect(phone.locator("#view-only")).to_be_visible()
    phone.locator("#deal-2 summary").click()
    working = phone.locator("#deal-2 .working")
    expect(working).to_be_visible()
    phone.locator("#deal-2").evaluate("e => e.scrollIntoView({block: 'center'})")
    phone.wait_for_timeout(100)
    assert phone.evaluate("window.scrollY") > 0
    phone.locator("#deal-2 summary").focus()  # where a keyboard (or a screen reader) is
    before = box(phone, phone.locator("#deal-2"))
    table.save(url.rsplit("/", 1)[1], 4, SUSSEX[3])
    expect(phone.locator("#deal-4")).to_have_count(1, timeout=6000)
    expect(phone.locator(".deal-count")).to_have_text("Deal 5 of 8")
    assert phone.locator("#deal-2 details").evaluate("d => d.open")
    expect(working).to_be_visible()
    after = box(phone, phone.locator("#deal-2"))
    assert abs(after["y"] - before["y"]) <= 1, (before, after)  # the page did not jump
    assert phone.evaluate("document.activeElement === document.querySelector('#deal-2 summary')")


def test_a_returning_phone_finds_its_running_session_and_groups_first(phone: Page, table: Table):
    phone.goto(table.url + "/")
    expect(phone.locator("h1")).to_have_text("New session")  # a new phone: the form first
    for seat, name in enumerate(["Anna", "Ben", "Cleo", "Dai"]):
        phone.fill(f"#player_{seat}", name)
    phone.get_by_role("button", name="Start session").click()
    expect(phone.locator(".deal-count")).to_have_text("Deal 1 of 16")
    phone.goto(table.url + "/groups/new")
    phone.fill("#name", "Tuesday club")
    phone.locator("#make-group").click()
    expect(phone.locator("h1")).to_have_text("Tuesday club")

    phone.goto(table.url + "/")
    screen = phone.viewport_size["height"]
    running = phone.get_by_role("link", name="Anna, Ben, Cleo, Dai").first
    group = phone.get_by_role("link", name="Tuesday club")
    form = phone.locator("#player_0")
    for what in (running, group):
        where = box(phone, what)
        assert where["y"] >= 0 and where["bottom"] <= screen, where  # on the first screen, without scrolling
        assert where["bottom"] <= box(phone, form)["y"]  # above the empty form
    running.click()
    expect(phone.locator(".deal-count")).to_have_text("Deal 1 of 16")


def strip(page: Page, element, x: float, width: float = 10) -> bytes:
    """A screenshot of a thin upright strip of ``element``, from ``x`` pixels in."""
    where = box(page, element)
    clip = {"x": where["x"] + x, "y": where["y"], "width": width, "height": min(where["bottom"] - where["y"], 300)}
    return page.screenshot(clip=clip)


def pixels(png: bytes) -> bytes:
    """The colour values of a PNG screenshot (8 bits a channel, as Chromium writes them), row after row."""
    width, height, depth, kind = struct.unpack(">IIBB", png[16:26])
    assert depth == 8 and kind in (2, 6), (depth, kind)
    channels = 3 if kind == 2 else 4
    data, at = b"", 8
    while at < len(png):
        (length,), name = struct.unpack(">I", png[at : at + 4]), png[at + 4 : at + 8]
        if name == b"IDAT":
            data += png[at + 8 : at + 8 + length]
        at += 12 + length
    raw, stride, out, above = zlib.decompress(data), width * channels, bytearray(), bytearray(width * channels)
    for y in range(height):
        kind, row = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            left = row[i - channels] if i >= channels else 0
            up, corner = above[i], above[i - channels] if i >= channels else 0
            if kind == 1:
                row[i] = (row[i] + left) & 255
            elif kind == 2:
                row[i] = (row[i] + up) & 255
            elif kind == 3:
                row[i] = (row[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                near = min((abs(p - left), 0, left), (abs(p - up), 1, up), (abs(p - corner), 2, corner))[2]
                row[i] = (row[i] + near) & 255
        out += row
        above = row
    return bytes(out)


def shaded(page: Page, element, x: float) -> bool:
    """Whether the box's own background (the shadow) shows in that strip: drawn, then drawn without it,
    told apart by more than the text's own anti-aliasing changes."""
    shot = pixels(strip(page, element, x))
    element.evaluate("e => { e.style.background = 'none'; }")
    plain = pixels(strip(page, element, x))
    element.evaluate("e => { e.style.background = ''; }")
    return sum(abs(a - b) for a, b in zip(shot, plain, strict=True)) / len(shot) > 2


@pytest.mark.parametrize("sheet", ["/reference/bids", "/reference/scoring", "/reference/cheat-sheet"])
def test_a_table_wider_than_the_phone_says_it_scrolls(phone: Page, table: Table, sheet: str):
    for scheme in ("light", "dark"):
        phone.emulate_media(color_scheme=scheme)
        phone.set_viewport_size({"width": 360, "height": 800})
        phone.goto(table.url + sheet)
        boxes = phone.locator(".scroll")
        wide = 0
        for n in range(boxes.count()):
            scroller = boxes.nth(n)
            overflows = scroller.evaluate("e => e.scrollWidth > e.clientWidth + 1")
            hint = scroller.locator("xpath=preceding-sibling::*[1][contains(@class, 'scroll-hint')]")
            if not overflows:
                expect(hint).to_be_hidden()
                continue
            wide += 1
            scroller.scroll_into_view_if_needed()
            expect(hint).to_be_visible()
            expect(hint).to_contain_text("Scroll →")
            said, drawn = box(phone, hint), box(phone, scroller)
            assert said["bottom"] <= drawn["y"] + 1 and drawn["y"] - said["bottom"] < 24, (said, drawn)  # just above
            assert said["right"] <= 360
            width = drawn["right"] - drawn["x"]
            assert shaded(phone, scroller, width - 10), (scheme, n)  # a shadow at the edge with more beyond it
            scroller.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
            assert not shaded(phone, scroller, width - 10), (scheme, n)  # none at the end of the table
            assert shaded(phone, scroller, 0), (scheme, n)  # and now one at the edge it came from
        assert wide, f"no table on {sheet} is wider than 360 px"


def test_players_level_on_the_chart_are_all_seen(phone: Page, table: Table):
    """A partner game made: declarer and partner win the same, the two others lose the same. Each pair's lines
    run through the same totals; each line stays visible beside the other, with its own marker."""
    url = table.session("sussex", ["Anna", "Ben", "Cleo", "Dai"], SUSSEX[:1], deals=8)
    phone.goto(url)
    lines = phone.locator("#chart polyline, .chart polyline")
    expect(lines).to_have_count(4)
    drawn = [lines.nth(i).get_attribute("points") for i in range(4)]
    last = sorted(float(points.split()[-1].split(",")[1]) for points in drawn)  # each line's end, on screen
    assert all(b - a >= 2 for a, b in zip(last, last[1:], strict=False)), last  # none hidden under another
