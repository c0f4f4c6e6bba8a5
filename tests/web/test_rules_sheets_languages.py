"""The rules sheets in French, German and Italian: each game's page and each Sussex Tarot sheet is written in the
reader's language (its own template, not the English one), and the words the engines make (a chelem, a bonus, a
cricca…) come through the catalogue onto it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from flask import template_rendered
from flask_babel import gettext

from companion.games import GAMES
from companion.games.sussex import PACK
from companion.i18n import LANGUAGES, written_in
from companion.web.filters import sentence

WRITTEN = [code for code in LANGUAGES if code != "en"]
#: What fills a sheet's address: one card's own page stands for them all.
RULE_VALUES = {"code": PACK[0].code}
VARIABLE = re.compile(r"<(?:\w+:)?(\w+)>")


def sheets() -> list[tuple[str, str, str | None]]:
    """Every written sheet, from the registry: its address, its English template and its htmx part's (if any)."""
    found = []
    for game in GAMES.values():
        page = game.templates.reference
        # Sussex Tarot's page is the rules index, which the catalogue says line by line: no sheet of its own.
        if page.startswith(f"games/{game.id}/"):
            found.append((f"/reference/games/{game.id}", page, None))
        for sheet in game.sheets:
            values = {name: RULE_VALUES[name] for name in VARIABLE.findall(sheet.rule)}
            shown = game.sheet(sheet.endpoint, {}, game.options({}), **values)
            url = VARIABLE.sub(lambda m: RULE_VALUES[m[1]], sheet.rule)
            found.append((f"/reference/{url}", shown.template, shown.partial))
    return found


@contextmanager
def rendered(app) -> Iterator[list[str]]:
    """The names of the templates rendered within the block."""
    names: list[str] = []

    def record(sender, template, context, **extra):
        names.append(template.name)

    with template_rendered.connected_to(record, app):
        yield names


def prose(page: str) -> set[str]:
    """The sheet's own runs of words between tags (30 characters or more), without the page around it."""
    body = page.split("<main>", 1)[-1].split("</main>", 1)[0]
    body = re.sub(r'<nav class="crumbs".*?</nav>', "", body, flags=re.S)
    runs = (" ".join(text.split()) for text in re.split(r"<[^>]+>", body))
    return {run for run in runs if len(run) >= 30}


def check_written(app, client, url: str, template: str, htmx: bool) -> None:
    asked = {"HX-Request": "true"} if htmx else {}
    english = client.get(url, headers={**asked, "Accept-Language": "en"})
    assert english.status_code == 200
    english_prose = prose(english.text)
    assert english_prose, f"{url}: no English sentences to compare with"
    for code in WRITTEN:
        with rendered(app) as names:
            page = client.get(url, headers={**asked, "Accept-Language": code})
        assert page.status_code == 200, (url, code)
        if not htmx:
            assert f'<html lang="{code}">' in page.text, (url, code)
        assert written_in(template, code) in names, f"{url} in {code}: rendered {names}"
        # The English sheet with a few engine words in another language is not a written sheet: its sentences
        # would all still be there.
        kept = english_prose & prose(page.text)
        assert page.text != english.text and 2 * len(kept) < len(english_prose), (url, code, sorted(kept))


@pytest.mark.parametrize(("url", "template", "partial"), sheets(), ids=[url for url, _, _ in sheets()])
def test_each_sheet_is_written_in_french_german_and_italian(app, client, url, template, partial):
    check_written(app, client, url, template, htmx=False)
    if partial:  # what the sheet answers an htmx request with (the solo helper's call)
        check_written(app, client, url, partial, htmx=True)


def test_every_games_page_and_every_sussex_sheet_is_checked():
    """The list comes from the registry: a game added later is checked without a word here."""
    checked = [url for url, _, _ in sheets()]
    pages = {url for url in checked if url.startswith("/reference/games/")}
    assert pages == {f"/reference/games/{game}" for game in GAMES if game != "sussex"}
    assert len(checked) - len(pages) == sum(len(game.sheets) for game in GAMES.values()) == 9


#: Words an engine marks for the catalogue, each as its sheet prints it (``sentence``: with a capital).
MARKED = [
    ("/reference/games/french", "announced and made", "{} +400", False),
    ("/reference/games/early-french", "Kings", '<th scope="row">{}</th>', False),
    ("/reference/games/tapp", "Four Kings", '<th scope="row">{}</th>', False),
    ("/reference/games/ottocento", "three Moors or more, two of them real", "<td>{}</td>", False),
    ("/reference/scoring", "Ten old", "<th>{}</th>", False),
    ("/reference/scoring", "at least 10 old trumps (the Fool counts)", "<td>{} <span", True),
    ("/reference/bids", "declarer makes game", "<th>{}<br>", True),
    ("/reference/house-rules", "The stinger settles one game value with declarer alone.", ">{}</dd>", False),
]


@pytest.mark.parametrize(("url", "english", "shown", "capital"), MARKED, ids=[m[1] for m in MARKED])
def test_the_french_sheet_says_the_engines_words_in_french(app, client, url, english, shown, capital):
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        french = gettext(english)
    assert french != english, f"the French catalogue does not translate {english!r}: choose a translated one"
    page = client.get(url, headers={"Accept-Language": "fr"}).text
    assert shown.format(sentence(french) if capital else french) in page
