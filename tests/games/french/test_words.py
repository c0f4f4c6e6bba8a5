"""French Tarot's own words in French, German and Italian (issue #32): the working of a hand, its line on the
board, the house rules' lines and the refusals are said in the reader's language, every figure kept; English, the
source, is said as before."""

from __future__ import annotations

import html as markup

import pytest

from companion.games import GAMES
from companion.games.common import InvalidHand
from companion.games.french import FrenchHand, Scale, score
from tests.games.conformance.worked import alerts, post_hand, start_session
from tests.games.french.test_web import error_of
from tests.games.words import LANGUAGES, all_said_anew, said, speech

FRENCH = GAMES["french"]
NAMES = ["Ann", "Bob", "Cat"]


def on_the_board(record: FrenchHand) -> list[str]:
    """The hand's line on the board, and the session's line for the older scale."""
    return [FRENCH.describe(record, NAMES), *FRENCH.option_lines({"scale": "older"})]


def refusal(hand: dict[str, object]) -> str:
    with pytest.raises(InvalidHand) as refused:
        FrenchHand.from_json(hand)
    return refused.value.message


#: Hands no deal can give, one for each kind of refusal the engine words itself.
IMPOSSIBLE = {
    "half a point with four": {"players": 4, "taker": 0, "contract": "garde", "bouts": 1, "points": 40.5},
    "too few for the bouts and the dog": {"players": 4, "taker": 0, "contract": "petite", "bouts": 2, "points": 5},
    "too many against the defence's bouts": {"players": 3, "taker": 0, "contract": "garde", "bouts": 0, "points": 90},
    "a chelem short of its cards": {
        **{"players": 4, "taker": 0, "contract": "garde", "bouts": 2, "points": 80},
        "chelem": "announced-made",
    },
    "a chelem without the Petit": {
        **{"players": 4, "taker": 0, "contract": "garde", "bouts": 1, "points": 80},
        "chelem": "announced-made",
    },
    "two poignées for a taker alone": {
        **{"players": 4, "taker": 0, "contract": "garde", "bouts": 2, "points": 50},
        "poignees": [{"size": "simple", "side": "taker"}, {"size": "double", "side": "taker"}],
    },
    "more trumps than the pack": {
        **{"players": 3, "taker": 0, "contract": "garde", "bouts": 2, "points": 50},
        "poignees": [{"size": "triple", "side": "taker"}, {"size": "triple", "side": "defence"}],
    },
    "Petit au bout with no bout": {
        **{"players": 4, "taker": 0, "contract": "garde", "bouts": 0, "points": 60},
        "petit_au_bout": "taker",
    },
    "every player without trumps": {
        **{"players": 3, "taker": 0, "contract": "garde", "bouts": 2, "points": 50},
        "miseres": [{"seat": s, "kind": "trumps"} for s in range(3)],
    },
    "a partner with four": {"players": 4, "taker": 0, "partner": 1, "contract": "garde", "bouts": 2, "points": 50},
    "four bouts": {"players": 4, "taker": 0, "contract": "garde", "bouts": 4, "points": 50},
}


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("hand", IMPOSSIBLE.values(), ids=IMPOSSIBLE.keys())
def test_a_refusal_is_in_the_readers_language_with_its_figures(hand, code):
    english = refusal(hand)
    assert all_said_anew([english], [said(code, refusal, hand)]) == []


def test_english_is_still_the_source_outside_a_request():
    hand = {"players": 4, "taker": 0, "contract": "petite", "bouts": 2, "points": 5}
    assert refusal(hand) == (
        "The taker's side holds 2 bouts (4½ each) and the dog's 6 cards, at least 4 of them not bouts "
        "(½ or more each): at least 11 card points, not 5."
    )


#: A garde sans made by 9 with three players on the older scale, with a Petit au bout of the taker's side: as the
#: hand form enters it, and as its record.
GARDE_SANS = {"taker": "2", "contract": "garde-sans", "bouts": "1", "points": "60", "petit_au_bout": "taker"}
RECORD = {"players": 3, "taker": 2, "contract": "garde-sans", "bouts": 1, "points": 60, "petit_au_bout": "taker"}


def speaking(client, code: str) -> None:
    """The phone chooses ``code`` with the switch at the foot of every page."""
    assert client.post("/language", data={"lang": code, "next": "/"}).status_code == 303


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_preview_the_board_and_a_refusal_speak_the_phones_language(client, code):
    speaking(client, code)
    board = start_session(client, FRENCH, 3, {"scale": "older"})
    record = FRENCH.parse({**RECORD, "scale": "older"}, 3)
    english = score(record, NAMES).working
    working = said(code, score, record, NAMES).working
    preview = markup.unescape(post_hand(client, board, GARDE_SANS, action="preview").text)
    assert [line in preview for line in working] == [True] * len(working)
    assert [line for line in english if line in preview] == []
    # The taker's side holds no bout: Petit au bout cannot be theirs, said beside its field.
    refused = post_hand(client, board, {**GARDE_SANS, "bouts": "0", "points": "70"})
    assert refused.status_code == 422
    no_bout = {**RECORD, "bouts": 0, "points": 70}
    assert error_of(refused.text, "petit_au_bout") == said(code, refusal, no_bout) != refusal(no_bout)
    saved = post_hand(client, board, GARDE_SANS)
    assert saved.status_code == 303, alerts(saved.text)
    scoreboard = markup.unescape(client.get(board).text)
    assert [line in scoreboard for line in said(code, on_the_board, record)] == [True, True]
    assert "Cat · Garde sans · made" not in scoreboard and "Contracts on the older scale" not in scoreboard


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_start_forms_house_rules_are_in_the_readers_language(client, code):
    page = markup.unescape(client.get("/new/french", headers={"Accept-Language": code}).text)
    said = speech(code).gettext
    for english in ("Contracts multiply by", "Not played", "Played: 10 from each other player", Scale.OLDER.label):
        assert said(english) in page and english not in page, english
