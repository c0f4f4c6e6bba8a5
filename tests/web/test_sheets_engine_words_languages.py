"""The words the rules sheets take from the engines, in the reader's language (issue #32): Tapp Tarock's ways of
counting and what makes each bonus, Piedmontese Tarocchi's counting cards, Early French Tarot's Magician and World;
and what the hand forms now do, said on every copy of a sheet: Early French Tarot's last player left blank, and
Ottocento's six tiles opened one at a time."""

from __future__ import annotations

import html as markup

import pytest

from companion.games.early_french import Honour
from companion.games.tapp import Counting, TappBonus
from companion.games.tarocchi import CardValue
from companion.web.filters import sentence
from tests.games.words import LANGUAGES, speech

#: Each sheet's labels from its engine, as the catalogue has them, and whether the sheet prints them with a capital
#: (``sentence``: the Early French trumps are said within a sentence elsewhere, "the Magician (I)").
LABELS = {
    "tapp": ([*(c.label for c in Counting), *(b.meaning for b in TappBonus)], False),
    "tarocchi": ([v.label for v in CardValue], False),
    "early-french": ([h.label for h in Honour if not h.is_court], True),
}


def sheet(client, game: str, code: str) -> str:
    page = client.get(f"/reference/games/{game}", headers={"Accept-Language": code})
    assert page.status_code == 200
    return markup.unescape(page.text)


def shown(text: str, capital: bool) -> str:
    return sentence(text) if capital else text


@pytest.mark.parametrize("game", LABELS)
def test_the_english_sheet_prints_the_engines_words_as_before(client, game):
    page = sheet(client, game, "en")
    labels, capital = LABELS[game]
    assert [label for label in labels if shown(label, capital) not in page] == []


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game", LABELS)
def test_each_sheet_prints_the_engines_words_in_its_language(client, game, code):
    catalogue = speech(code)
    page = sheet(client, game, code)
    labels, capital = LABELS[game]
    said = {shown(label, capital): shown(catalogue.gettext(label), capital) for label in labels}
    assert [english for english, its in said.items() if its not in page] == []
    # A label its language says as English does (Cavaliers in French) may stay; any other is not English here.
    assert [english for english, its in said.items() if its != english and english in page] == []


#: What each copy of a sheet now says of the hand form, in its own words.
SAYS = {
    ("early-french", "en"): "The last player's answers may be left blank",
    ("early-french", "fr"): "Le dernier joueur peut être laissé en blanc",
    ("early-french", "de"): "Beim letzten Spieler darf alles leer bleiben",
    ("early-french", "it"): "Per l'ultimo giocatore si può lasciare tutto in bianco",
    ("ottocento", "en"): "are six tiles, two a row, opened one at a time",
    ("ottocento", "fr"): "sont six tuiles, deux par rangée, qui s'ouvrent une à la fois",
    ("ottocento", "de"): "sechs Kacheln, zwei pro Reihe, von denen immer nur eine offen ist",
    ("ottocento", "it"): "sono sei riquadri, due per riga, che si aprono uno alla volta",
}


@pytest.mark.parametrize(("game", "code"), SAYS, ids=[f"{g}-{c}" for g, c in SAYS])
def test_every_copy_of_the_sheet_says_how_the_form_is_filled_in(client, game, code):
    assert SAYS[game, code] in " ".join(sheet(client, game, code).split())
