"""Early French Tarot's hand form in the phone's language (issue #32): when the last player's trumps are left blank,
the working names the trumps the form gave them in the phone's language, not in English."""

from __future__ import annotations

import html as markup

import pytest

from tests.games.early_french.test_web import WORKED, fields
from tests.games.tarocchi.test_web import preview_of, start
from tests.games.words import LANGUAGES, speech


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_trump_left_blank_is_named_in_the_phones_language(client, code):
    assert client.post("/language", data={"lang": code, "next": "/"}).status_code == 303
    board = start(client, "early-french", "40", "0/1")
    hand = {k: v for k, v in fields(WORKED[0]["hand"]).items() if k not in ("tricks_3", "fool")}  # Dan's Fool
    shown = markup.unescape(preview_of(client, board, **hand))
    catalogue = speech(code)
    held = catalogue.gettext("%(name)s holds %(trumps)s: left blank, neither set aside nor held by another player.")
    assert held % {"name": "Dan", "trumps": catalogue.gettext("the Fool")} in shown
    assert "the Fool" not in shown


def test_in_english_the_trump_left_blank_is_named_as_before(client):
    board = start(client, "early-french", "40", "0/1")
    hand = {k: v for k, v in fields(WORKED[0]["hand"]).items() if k not in ("tricks_3", "world", "fool")}
    said = "Dan holds the World (XXI) and the Fool: left blank, neither set aside nor held by another player."
    assert said in markup.unescape(preview_of(client, board, **hand))


@pytest.mark.parametrize(("code", "world"), [("fr", "Monde"), ("de", "Welt"), ("it", "Mondo"), ("en", "World")])
def test_the_world_is_the_old_french_games_not_ottocentos(client, code, world):
    """One English word, two games: Ottocento keeps the Italian "Mondo" in every language; the old French game's
    chips say the World in the reader's own word."""
    assert client.post("/language", data={"lang": code, "next": "/"}).status_code == 303
    form = client.get(start(client, "early-french", "40", "0/1") + "/hands/new").text
    assert world in form and (world == "Mondo") == ("Mondo" in form)
