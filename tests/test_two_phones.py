"""Two phones on one session at the same moment: nothing silently overwritten."""

from __future__ import annotations

import re
import threading

from tests.web.helpers import PARTNER_MADE, hand_form_data, start_session

ROUNDS = 8


def both_at_once(path, *posts):
    """POST (phone, form) pairs to ``path`` in threads released together; responses in order."""
    barrier = threading.Barrier(len(posts))
    results = [None] * len(posts)

    def run(i, phone, data):
        barrier.wait()
        results[i] = phone.post(path, data=data)

    threads = [threading.Thread(target=run, args=(i, *p)) for i, p in enumerate(posts)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return results


def second_phone(app, client, location):
    share = client.get(location + "/share").text
    link = re.search(r'id="share-edit">.*?<a href="http://localhost([^"]+)"', share, re.S).group(1)
    other = app.test_client()
    assert other.get(link).status_code == 303
    return other


def test_saving_the_same_deal_at_once_keeps_one_and_offers_the_next(app, client):
    location = start_session(client, deals="16")
    other = second_phone(app, client, location)
    for deal in range(1, ROUNDS + 1):
        forms = [p.get(location + "/hands/new").text for p in (client, other)]
        assert all(f'name="deal" type="hidden" value="{deal}"' in f for f in forms)
        a, b = both_at_once(
            location + "/hands/new",
            (client, hand_form_data(forms[0], **PARTNER_MADE)),
            (other, hand_form_data(forms[1], **{**PARTNER_MADE, "points": "40"})),
        )
        statuses = sorted([a.status_code, b.status_code])
        assert statuses == [200, 303], statuses
        loser = a if a.status_code == 200 else b
        assert "saved from another phone" in loser.text
        assert f'name="deal" type="hidden" value="{deal + 1}"' in loser.text  # offered the next deal
    board = client.get(location).text
    assert board.count('class="hand"') == ROUNDS


def test_two_edits_at_once_one_wins_the_other_is_told(app, client):
    location = start_session(client)
    other = second_phone(app, client, location)
    client.post(location + "/hands/new", data=hand_form_data(client.get(location + "/hands/new").text, **PARTNER_MADE))
    for _ in range(ROUNDS):
        forms = [p.get(location + "/hands/1/edit").text for p in (client, other)]
        a, b = both_at_once(
            location + "/hands/1/edit",
            (client, hand_form_data(forms[0], **{**PARTNER_MADE, "points": "90"})),
            (other, hand_form_data(forms[1], **{**PARTNER_MADE, "points": "20"})),
        )
        statuses = sorted([a.status_code, b.status_code])
        assert statuses == [200, 303], statuses
        loser, winner_points = (a, "20") if a.status_code == 200 else (b, "90")
        assert "changed on another phone" in loser.text and f"took {winner_points}" in loser.text
        edit = client.get(location + "/hands/1/edit").text
        assert f'value="{winner_points}"' in edit
