"""Every registered game's hand form, fuzzed through the app on new, preview and edit: junk in any of its fields
(their names read from its page) is never a 5xx, never a traceback, and never a stored hand that does not
score to what its row holds."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games import GAMES
from tests.web.test_fuzz import FUZZ, check_no_crash, check_stored_hands_are_whole, junk

from .worked import GAME_IDS, alerts, filled, post_hand, read_form, session_options, start_session, valid_of


class Table:
    """A session of one game in the fuzzing app, with deal 1 scored (to edit), and a fresh one when full."""

    def __init__(self, app: Any, game_id: str):
        self.app, self.game = app, GAMES[game_id]
        self.client = app.test_client()
        hands = [w for w in valid_of(game_id) if w.on_the_form and session_options(w, exact=False) is not None]
        self.worked = hands[0] if hands else None
        self.players = self.worked.players if self.worked else self.game.players[0]
        self.options = session_options(self.worked, exact=False) or {} if self.worked else {}
        self.plain = self.game.form_data(self.worked.record()) if self.worked else {}
        self.board = ""
        self.forms: dict[str, tuple[list[str], dict[str, list[str]]]] = {}
        self.fresh()

    def fresh(self) -> None:
        """A new session with the longest length its game offers; deal 1 scored if there is a hand to score."""
        longest = max(self.game.ending.deal_choices(self.players))
        self.board = start_session(self.client, self.game, self.players, self.options, deals=longest)
        self.forms.clear()
        if self.worked is not None:
            saved = post_hand(self.client, self.board, self.plain)
            assert saved.status_code == 303, alerts(saved.text)

    def form(self, where: str) -> tuple[list[str], dict[str, list[str]]]:
        """The form at ``where`` as loaded: the same page until something is saved (``changed``)."""
        if where not in self.forms:
            page = self.client.get(self.board + where)
            if page.status_code != 200:  # every deal recorded (or the game over): another session
                self.fresh()
                page = self.client.get(self.board + where)
            check_no_crash(page)
            self.forms[where] = read_form(page.text, "hand-form")
        return self.forms[where]

    def changed(self) -> None:
        """A hand saved or edited: its forms say another deal, or another version, when loaded again."""
        self.forms.clear()


@pytest.fixture(scope="module")
def tables(web_app):
    found: dict[str, Table] = {}

    def table(game_id: str) -> Table:
        if game_id not in found:
            found[game_id] = Table(web_app, game_id)
        return found[game_id]

    return table


@FUZZ
@pytest.mark.parametrize("game_id", GAME_IDS)
@given(where=st.sampled_from(["/hands/new", "/hands/preview", "/hands/1/edit"]), data=st.data())
def test_fuzzed_hand_form(tables, web_app, game_id, where, data):
    table = tables(game_id)
    if where.endswith("edit") and table.worked is None:
        where = "/hands/new"  # nothing scored to edit
    names, untouched = table.form("/hands/new" if where.endswith("preview") else where)
    fields = sorted(set(names) - {"csrf_token"})
    changes = data.draw(
        st.dictionaries(st.sampled_from(fields), st.one_of(junk, st.lists(junk, max_size=3)), max_size=6), "changes"
    )
    dropped = data.draw(st.lists(st.sampled_from(fields), max_size=4), "dropped")
    sent = filled(untouched, {**table.plain, **changes}, action="save")
    for name in dropped:
        sent.pop(name, None)
    headers = {"HX-Request": "true"} if where.endswith("preview") else {}
    response = table.client.post(table.board + where, data=sent, headers=headers)
    check_no_crash(response)
    if response.status_code == 303:
        table.changed()
        check_stored_hands_are_whole(web_app)
        check_no_crash(table.client.get(table.board))
