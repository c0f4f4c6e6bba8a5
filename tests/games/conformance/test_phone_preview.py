"""One engine, two places: every game's live preview, as the phone's own Python answers it (``companion.phone``,
run in Pyodide beside the hand form), is the server's answer byte for byte, for each worked hand, each hand a
rulebook refuses and the empty form, in English and in each other language. The phone keeps the session as the
server hands it to a phone that may score it (``/s/<id>/phone.json``)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import pytest

from companion.i18n import LANGUAGES
from companion.phone import answer, create_phone_app, journal_of
from companion.web.phone.bundle import served

from .worked import INVALID_ON_THE_FORM, ON_THE_FORM, Worked, filled, form_for_invalid, read_form, session_options
from .worked import start_session as start


@pytest.fixture(scope="module")
def phone(web_app):
    """The phone's app, knowing this server's addresses as its bundle would."""
    with web_app.app_context():
        return create_phone_app(served(web_app))


@pytest.fixture(scope="module")
def boards(web_app):
    """A session per game and options, started once in the module's app: its client and scoreboard path."""
    client, found = web_app.test_client(), {}

    def board(worked: Worked) -> tuple[Any, str]:
        options = (session_options(worked, exact=False) or {}) if worked.valid else {}
        key = (worked.game_id, worked.players, tuple(sorted(options.items())))
        if key not in found:
            longest = max(worked.game.ending.deal_choices(worked.players))
            found[key] = start(client, worked.game, worked.players, options, deals=longest)
        return client, found[key]

    return board


def both_previews(phone: Any, client: Any, board: str, fields: dict[str, Any], code: str) -> tuple[bytes, bytes]:
    """The preview of the hand form filled with ``fields``: the server's body and the phone's."""
    page = client.get(board + "/hands/new", headers={"Accept-Language": code})
    assert page.status_code == 200
    kept = client.get(board + "/phone.json")
    assert kept.status_code == 200
    assert board.endswith(journal_of(phone).keep(kept.text))
    _, untouched = read_form(page.text, "hand-form")
    data = filled(untouched, {k: v for k, v in fields.items() if k not in ("deal", "dealer")})
    headers = {"HX-Request": "true", "Accept-Language": code}
    answered = client.post(board + "/hands/preview", data=data, headers=headers)
    assert answered.status_code == 200
    body = urlencode([(name, value) for name, values in data.items() for value in values]).encode()
    form_type = {"Content-Type": "application/x-www-form-urlencoded"}
    status, _, phoned = answer(phone, "POST", f"{board}/hands/preview", "", {**headers, **form_type}, body)
    assert status == 200
    return answered.data, phoned


@pytest.mark.parametrize("code", list(LANGUAGES))
@pytest.mark.parametrize("worked", ON_THE_FORM)
def test_the_phones_preview_of_each_worked_hand_is_the_servers(phone, boards, worked, code):
    client, board = boards(worked)
    server, phoned = both_previews(phone, client, board, worked.game.form_data(worked.record()), code)
    assert b'id="summary"' in server  # the preview and the bar beside Save (a hand whose dealer is not deal 1's
    assert phoned == server  # is refused alike: who deals is the session's word)


@pytest.mark.parametrize("worked", INVALID_ON_THE_FORM)
def test_the_phone_refuses_each_impossible_hand_in_the_servers_words(phone, boards, worked):
    client, board = boards(worked)
    fields = form_for_invalid(worked)
    assert fields is not None
    server, phoned = both_previews(phone, client, board, fields, "fr")
    assert phoned == server


@pytest.mark.parametrize("worked", ON_THE_FORM[:1])
def test_the_phone_says_what_is_missing_on_an_empty_form_as_the_server_does(phone, boards, worked):
    client, board = boards(worked)
    server, phoned = both_previews(phone, client, board, {}, "de")
    assert b"todo" in server
    assert phoned == server
