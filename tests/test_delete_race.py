"""Deleting a session while other phones save, edit or delete its hands: each phone gets a clear answer
("this session was deleted"), never a 500, and nothing is left behind (on SQLite and on PostgreSQL)."""

from __future__ import annotations

import threading
from functools import partial

from sqlmodel import Session, select

from companion.models import Hand, Player
from tests.test_two_phones import second_phone
from tests.web.helpers import PARTNER_MADE, csrf_from, hand_form_data, start_session

ROUNDS = 12


def at_once(*calls):
    """Run the calls in threads released together; their responses in order."""
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def run(i, call):
        barrier.wait()
        results[i] = call()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


def test_a_session_deleted_while_its_phones_save_and_edit_answers_each_clearly(app, client):
    told = []
    for _ in range(ROUNDS):
        location = start_session(client, deals="16")
        first = hand_form_data(client.get(location + "/hands/new").text, **PARTNER_MADE)
        assert client.post(location + "/hands/new", data=first).status_code == 303
        saver, editor, remover = (second_phone(app, client, location) for _ in range(3))
        new_form = hand_form_data(saver.get(location + "/hands/new").text, **PARTNER_MADE)
        edit_form = hand_form_data(editor.get(location + "/hands/1/edit").text, **{**PARTNER_MADE, "points": "40"})
        remove_token = csrf_from(remover.get(location + "/hands/1/delete").text)
        token = csrf_from(client.get(location + "/delete").text)
        deleted, *others = at_once(
            partial(client.post, location + "/delete", data={"csrf_token": token}),
            partial(saver.post, location + "/hands/new", data=new_form),
            partial(editor.post, location + "/hands/1/edit", data=edit_form),
            partial(remover.post, location + "/hands/1/delete", data={"csrf_token": remove_token}),
        )
        assert deleted.status_code == 303
        for response in others:
            assert response.status_code in (303, 410), (response.status_code, response.request.path)
            if response.status_code == 410:
                assert "This session was deleted" in response.text
                told.append(response)
        assert client.get(location).status_code == 410
        assert "This session was deleted" in saver.get(location + "/hands/new").text
    with Session(app.extensions["db_engine"]) as db:
        assert db.exec(select(Hand)).all() == [] and db.exec(select(Player)).all() == []
    assert told  # the race was run: at least one phone was told
