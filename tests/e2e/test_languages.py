"""A table in its own language: a French phone plays a French Tarot session of five, a German phone a Tapp Tarock
session, an Italian phone an Ottocento session. On every page they see, no English is on screen but the players'
names, and axe-core finds nothing.

English is caught without a list of English words: each page is asked for again in English, and a word on the
phone's screen that is also on the English page is English unless the language's own catalogue uses it too (the
game's own terms, Garde or Solo, are in both). So a text left unmarked, or marked and not translated, is found.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

import pytest
from babel.dates import get_day_names, get_month_names
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from playwright.sync_api import Page, expect

from companion.i18n import LANGUAGES, TRANSLATIONS
from tests.conftest import ROOT
from tests.e2e.browser import device
from tests.e2e.points_games import tap
from tests.e2e.test_accessibility import violations
from tests.e2e.test_table import DEALS, fill_hand
from tests.games.early_french.test_e2e import WORKED as EARLY_FRENCH
from tests.games.early_french.test_e2e import enter as enter_early_french

pytestmark = pytest.mark.e2e

WORD = re.compile(r"[^\W\d_]{2,}")
JINJA = re.compile(r"{[{%#].*?[}%#]}", re.DOTALL)


@cache
def catalogue(code: str) -> Catalog:
    """The language's catalogue, as its translators keep it (``messages.po``)."""
    with (TRANSLATIONS / code / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f, locale=code)


@cache
def own_words(code: str) -> frozenset[str]:
    """Every word the language says here, lower case: its catalogue's (the game's own terms among them), its
    rules sheets' (written in it, outside their Jinja), and its names of days and months (CLDR's)."""
    said = [s for m in catalogue(code) for s in ([m.string] if isinstance(m.string, str) else m.string) if s]
    for sheet in (ROOT / "companion" / "games").glob(f"*/templates/games/**/{code}/*.html"):
        said.append(JINJA.sub(" ", sheet.read_text(encoding="utf-8")))
    for width in ("abbreviated", "wide"):
        said += [*get_day_names(width, locale=code).values(), *get_month_names(width, locale=code).values()]
    return frozenset(w.lower() for w in WORD.findall(" ".join(said)))


def said_as(code: str, english: str) -> str:
    """``english`` as the language's catalogue says it."""
    return str(catalogue(code)[english].string)


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


def english_on(page: Page, code: str, names: list[str]) -> list[str]:
    """The words on the phone's screen that are the English page's and not the language's own."""
    on_screen = words(page.locator("body").inner_text())
    in_english = page.context.request.get(page.url, headers={"Accept-Language": "en-GB"}).text()
    in_english = re.sub(r"<[^>]+>", " ", in_english)
    allowed = own_words(code) | words(" ".join([*names, *LANGUAGES.values()]))  # the switch names each in itself
    return sorted((on_screen & words(in_english)) - allowed)


def check(page: Page, code: str, names: list[str], where: str, found: dict[str, list[str]]) -> None:
    problems = [f"English: {w}" for w in english_on(page, code, names)] + violations(page)
    if problems:
        found[where] = problems


def start(page: Page, base: str, game: str, names: list[str]) -> str:
    page.goto(base + f"/new/{game}")
    if game == "french":
        page.locator(f"#players-{len(names)}").click()
        expect(page.locator(f"#players-{len(names)}")).to_have_attribute("aria-current", "page")
    for seat, name in enumerate(names):
        page.fill(f"#player_{seat}", name)
    page.locator("#game-form button[type=submit]").click()
    expect(page.locator("#score-hand")).to_be_visible()
    return page.url


def french_hand(page: Page) -> None:
    tap(page, "taker", "0")
    tap(page, "partner", "3")
    tap(page, "contract", "garde")
    tap(page, "bouts", "2")
    page.fill("#points", "45,5")


def tapp_hand(page: Page) -> None:
    tap(page, "bid", "three")
    tap(page, "declarer", "0")
    page.fill("#points", "38")


def ottocento_hand(page: Page) -> None:
    page.fill("#card_points_0", "50")
    tap(page, "last_trick", "0")


def sussex_hand(page: Page) -> None:
    fill_hand(page, DEALS[1])  # no declarations or bonuses: their sections open by their English titles


def tarocchi_hand(page: Page) -> None:
    page.locator('#side-box label[data-value="north-south"]').click()
    page.fill("#points", "45")


def early_french_hand(page: Page) -> None:
    enter_early_french(page, EARLY_FRENCH[0])


#: The issue's three tables, then a table of each other game in one of the languages.
TABLES: list[tuple[str, str, list[str], Callable[[Page], None]]] = [
    ("fr", "french", ["Amélie", "Bastien", "Chloé", "Damien", "Élodie"], french_hand),
    ("de", "tapp", ["Jürgen", "Käthe", "Lukas"], tapp_hand),
    ("it", "ottocento", ["Giulia", "Marco", "Paola", "Luca"], ottocento_hand),
    ("fr", "early-french", ["Amélie", "Bastien", "Chloé", "Damien"], early_french_hand),
    ("it", "tarocchi", ["Giulia", "Marco", "Paola", "Luca"], tarocchi_hand),
    ("de", "sussex", ["Jürgen", "Käthe", "Lukas", "Magda"], sussex_hand),
]


@pytest.mark.parametrize(("code", "game", "names", "hand"), TABLES, ids=[f"{t[0]}-{t[1]}" for t in TABLES])
def test_a_table_plays_a_session_in_its_own_language(browser, playwright, live_server, code, game, names, hand):
    context = browser.new_context(**device(playwright, "Pixel 7"), locale=code)
    page = context.new_page()
    found: dict[str, list[str]] = {}
    try:
        page.goto(live_server + f"/new/{game}")
        check(page, code, names, "start form", found)
        page.fill("#player_1", "X")
        page.fill("#player_1", "")  # a name typed and taken back: "Deals first" names the seat in the language
        player_2 = said_as(code, "Player %(number)s") % {"number": 2}
        expect(page.locator('#first_dealer-box label[data-value="1"] span')).to_have_text(player_2)
        start(page, live_server, game, names)
        check(page, code, names, "scoreboard (no hands)", found)
        page.locator("#score-hand").click()
        hand(page)
        expect(page.locator("#preview .why")).to_be_visible()
        check(page, code, names, "hand form with its preview", found)
        page.locator("#save").click()
        expect(page.locator(".flash")).to_be_visible()
        check(page, code, names, "scoreboard after a hand", found)
        page.locator("#deal-1 summary").click()
        check(page, code, names, "a hand's working, open", found)
        page.goto(live_server + "/")
        check(page, code, names, "start page", found)
        page.goto(live_server + f"/reference/games/{game}")
        check(page, code, names, "the game's rules", found)
        assert page.locator("html").get_attribute("lang") == code
    finally:
        context.close()
    assert found == {}, "\n".join(f"{where}: {', '.join(problems)}" for where, problems in found.items())
