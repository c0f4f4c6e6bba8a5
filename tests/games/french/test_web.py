"""French Tarot's house rules through the start form and the hand form (issue #30, item 8): each off unless
chosen; the older scale and misères scored, shown in the working and on the scoreboard; the rules sheet."""

from __future__ import annotations

import html as markup
import json
import re

from sqlmodel import Session

from companion.games import GAMES
from companion.store import find_sitting
from tests.games.conformance.worked import alerts, post_hand, read_form, start_session, totals_shown

FRENCH = GAMES["french"]
#: Deal 1: a garde sans made by 9 (three players), as the worked hand here-three-garde-sans.
GARDE_SANS = {"taker": "2", "contract": "garde-sans", "bouts": "1", "points": "60"}


def error_of(page: str, field: str) -> str:
    found = re.search(rf'<p class="error" id="{field}-error" role="alert">(.*?)</p>', page)
    assert found, (f"no error beside {field}", alerts(page))
    return markup.unescape(found.group(1))


def test_the_start_form_offers_each_house_rule_off_by_default(client):
    names, sent = read_form(client.get("/new/french").text, "game-form")
    assert "scale" in names and "misere" in names
    assert sent["scale"] == ["fft"] and sent["misere"] == ["no"]
    board = start_session(client, FRENCH, 3, {})
    assert "misere_trumps" not in read_form(client.get(board + "/hands/new").text, "hand-form")[0]
    saved = post_hand(client, board, GARDE_SANS)
    assert saved.status_code == 303, alerts(saved.text)
    assert totals_shown(client.get(board).text) == [-136, -136, 272]  # × 4, as the federation


def test_a_session_on_the_older_scale_scores_and_says_so(client, app):
    board = start_session(client, FRENCH, 3, {"scale": "older"})
    scoreboard = markup.unescape(client.get(board).text)
    assert "Contracts on the older scale: garde sans ×3, garde contre ×4." in scoreboard
    preview = post_hand(client, board, GARDE_SANS, action="preview")
    assert "Garde sans, on the older scale: (25 + 9) × 3 = 102" in markup.unescape(preview.text)
    saved = post_hand(client, board, GARDE_SANS)
    assert saved.status_code == 303, alerts(saved.text)
    assert totals_shown(client.get(board).text) == [-102, -102, 204]
    with Session(app.extensions["db_engine"]) as db:
        sitting = find_sitting(db, board.rsplit("/", 1)[1])
        assert json.loads(sitting.house_rules) == {"scale": "older", "misere": False}


def test_misere_is_on_the_hand_form_only_when_played(client):
    board = start_session(client, FRENCH, 4, {"misere": "yes"})
    scoreboard = markup.unescape(client.get(board).text)
    assert "Misères played: 10 from each other player, whoever wins the hand." in scoreboard
    names, _ = read_form(client.get(board + "/hands/new").text, "hand-form")
    assert "misere_trumps" in names and "misere_heads" in names
    hand = {"taker": "0", "contract": "garde", "bouts": "2", "points": "45", "misere_trumps": "1"}
    preview = markup.unescape(post_hand(client, board, hand, action="preview").text)
    assert "Misère d'atout (no trump) declared by Bob: 10 from each other player, 30 in all" in preview
    saved = post_hand(client, board, hand)
    assert saved.status_code == 303, alerts(saved.text)
    assert totals_shown(client.get(board).text) == [164, -28, -68, -68]  # seed 001: +30, -10 to all others
    _, sent = read_form(client.get(board + "/hands/1/edit").text, "hand-form")
    assert sent["misere_trumps"] == ["1"]


def test_a_misere_no_deal_gives_is_refused_beside_its_field(client):
    board = start_session(client, FRENCH, 4, {"misere": "yes"})
    hand = {"taker": "0", "contract": "garde", "bouts": "2", "points": "45", "misere_heads": ["0", "1", "2", "3"]}
    refused = post_hand(client, board, hand)
    assert refused.status_code == 422
    assert "Every player declared a Misère de têtes" in error_of(refused.text, "misere_heads")
    alone = {**hand, "misere_heads": [], "poignee_taker": "simple", "misere_trumps": "0"}
    refused = post_hand(client, board, alone)
    assert refused.status_code == 422
    assert "showed a poignée of trumps" in error_of(refused.text, "misere_trumps")
    assert totals_shown(client.get(board).text) == [0, 0, 0, 0]


def test_the_rules_sheet_describes_each_house_rule(client):
    page = markup.unescape(client.get("/reference/games/french").text)
    assert 'id="house-rules"' in page and 'id="misere"' in page and 'id="scale"' in page
    assert "Older scale" in page and "×3" in page and "×4" in page
    assert "Misère d'atout" in page or "misère d'atout" in page
