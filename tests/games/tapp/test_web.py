"""Tapp Tarock's Kontra through the hand form (issue #30, item 8): off unless chosen, on the game and on an
announced bonus, shown in the working; a Kontra nobody could say is refused beside its field."""

from __future__ import annotations

import html as markup
import re

from companion.games import GAMES
from tests.games.conformance.worked import alerts, post_hand, read_form, start_session, totals_shown

TAPP = GAMES["tapp"]


def error_of(page: str, field: str) -> str:
    found = re.search(rf'<p class="error" id="{field}-error" role="alert">(.*?)</p>', page)
    assert found, (f"no error beside {field}", alerts(page))
    return markup.unescape(found.group(1))


def test_the_hand_form_offers_kontra_off_unless_chosen(client):
    board = start_session(client, TAPP, 3, {})
    names, sent = read_form(client.get(board + "/hands/new").text, "hand-form")
    for field in ("kontra", "kontra_pagat_ultimo", "kontra_trull", "kontra_four_kings", "kontra_announced_points"):
        assert field in names, field
    assert sent["kontra"] == [""]  # the game's Kontra: "No" ticked
    assert all(sent[f] == [""] for f in names if f.startswith("kontra_"))
    # A hand entered as before, nothing said: scored as before.
    saved = post_hand(client, board, {"bid": "three", "declarer": "0", "points": "38"})
    assert saved.status_code == 303, alerts(saved.text)
    assert totals_shown(client.get(board).text) == [20, -10, -10]


def test_kontra_on_the_game_and_rekontra_on_pagat_ultimo_are_scored_and_shown(client):
    board = start_session(client, TAPP, 3, {})
    fields = {
        "bid": "two",
        "declarer": "0",
        "points": "38",
        "kontra": "kontra",
        "bonus_pagat_ultimo": "made-1",
        "kontra_pagat_ultimo": "rekontra",
    }
    preview = post_hand(client, board, fields, action="preview")
    assert "Two, Kontra ×2: the declarer took 38 of 70" in markup.unescape(preview.text)
    saved = post_hand(client, board, fields)
    assert saved.status_code == 303, alerts(saved.text)
    assert totals_shown(client.get(board).text) == [0, 120, -120]  # as the worked hand here-kontra-game-...
    edit = client.get(board + "/hands/1/edit").text
    _, sent = read_form(edit, "hand-form")
    assert sent["kontra"] == ["kontra"] and sent["kontra_pagat_ultimo"] == ["rekontra"]


def test_a_kontra_nobody_could_say_is_refused_beside_its_field(client):
    board = start_session(client, TAPP, 3, {})
    base = {"bid": "three", "declarer": "0", "points": "40"}
    silent = post_hand(client, board, {**base, "bonus_trull": "silent-1", "kontra_trull": "kontra"})
    assert silent.status_code == 422
    assert "a silent Trull was never announced" in error_of(silent.text, "kontra_trull")
    nobody = post_hand(client, board, {**base, "kontra_four_kings": "kontra"})
    assert nobody.status_code == 422
    assert "Kontra doubles an announced bonus" in error_of(nobody.text, "kontra_four_kings")
    # A Kontra left on the game when the bid became a bridscher is not asked: a bridscher has no game to double.
    bridscher = post_hand(client, board, {"bid": "bridscher", "loser": "1", "kontra": "kontra"})
    assert bridscher.status_code == 303, alerts(bridscher.text)
    assert totals_shown(client.get(board).text) == [10, -20, 10]


def test_the_rules_sheet_explains_kontra(client):
    page = markup.unescape(client.get("/reference/games/tapp").text)
    assert 'id="kontra"' in page and "Rekontra" in page and "×4" in page
