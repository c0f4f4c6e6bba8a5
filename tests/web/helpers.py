"""Helpers for driving the app through the Flask test client."""

from __future__ import annotations

import re

from companion.testing import hidden_fields

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def csrf_from(html: str) -> str:
    return re.search(r'name="csrf_token"(?: type="hidden")? value="([^"]+)"', html).group(1)


def start_session(client, names=PLAYERS, deals="8", **extra) -> str:
    page = client.get("/")
    data = {f"player_{i}": n for i, n in enumerate(names)}
    data.update(
        csrf_token=csrf_from(page.text),
        first_dealer="0",
        deals=deals,
        stinger_settles_with="declarer",
        martlet_values="each",
        coins="0/0½ 0/1 0/3 0/6 1/- 2/- 2/6 10/- 20/-",
    )
    data.update(extra)
    response = client.post("/sessions", data=data)
    assert response.status_code == 303, response.text
    return response.headers["Location"]


def hand_form_data(page_html: str, **fields) -> dict:
    """The hidden fields of a loaded hand form plus the given answers."""
    data = {
        **hidden_fields(page_html),
        "vibrant_courts": "0",
        "full_courts": "0",
        "martlets_declarer": "0",
        "martlets_defence": "0",
        "young_martlets_declarer": "0",
        "young_martlets_defence": "0",
        "action": "save",
    }
    data.update(fields)
    return data


PARTNER_MADE = dict(
    bid="4", declarer="1", called_suit="C", called_rank="7", young_trumps="hearts", held_by="hand-3", points="71"
)
