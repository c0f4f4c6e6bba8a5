"""A hostile visitor against a club's privacy: a session's links open that session alone, and a group's new
edit link takes back everything its old one led to."""

from __future__ import annotations

import json
import re

import pytest

from tests.web.helpers import PARTNER_MADE, csrf_from
from tests.web.test_access import edit_link
from tests.web.test_groups import make_group, score, start_group_session


def group_id(url: str) -> str:
    return url.rsplit("/", 1)[1]


@pytest.fixture
def club(app, client):
    """A group with two finished-or-not sessions; ``one`` holds a hand. The owner's phone is ``client``."""
    url = make_group(client)
    one = start_group_session(client, url, deals="8")
    score(client, one, **PARTNER_MADE)
    two = start_group_session(client, url, names=["Eve", "Fay", "Gus", "Hal"])
    return {"url": url, "one": one, "two": two}


def every_page_of_a_session(phone, session_url: str) -> list[str]:
    """What a phone with a session's link can reach from it, htmx fragments included."""
    pages = [session_url, session_url + "/share", session_url + "/hands/1/edit", session_url + "/export.json"]
    found = [phone.get(p) for p in pages]
    found.append(phone.get(session_url, headers={"HX-Request": "true"}))
    return [r.text for r in found if r.status_code == 200]


def test_a_sessions_view_link_never_shows_its_group(app, club):
    viewer = app.test_client()
    seen = every_page_of_a_session(viewer, club["one"])
    assert seen  # the scoreboard at least
    assert not any(group_id(club["url"]) in page for page in seen)
    assert "Tuesday club" not in "".join(seen)
    start = viewer.get("/").text
    assert "Tuesday club" not in start and 'id="my-groups"' not in start


def test_a_finished_group_session_offers_its_viewer_neither_the_group_nor_the_next_session(app, client):
    url = make_group(client)
    one = start_group_session(client, url, deals="8")
    for _ in range(8):
        score(client, one, **PARTNER_MADE)
    viewer = app.test_client()
    board = viewer.get(one).text
    assert "Settle up" in board
    assert group_id(url) not in board and 'id="same-again"' not in board and 'id="to-group"' not in board
    mine = client.get(one).text  # the group's owner: both
    assert 'id="same-again"' in mine and 'id="to-group"' in mine


def test_a_sessions_edit_link_scores_it_but_does_not_open_the_group(app, client, club):
    scorer = app.test_client()
    assert scorer.get(edit_link(client, club["one"])).status_code == 303
    assert scorer.get(club["one"] + "/hands/new").status_code == 200
    backup = scorer.get(club["one"] + "/export.json")
    assert backup.status_code == 200
    data = json.loads(backup.text)
    assert data["groups"] == [] and "group" not in data["sessions"][0]
    assert not any(group_id(club["url"]) in page for page in every_page_of_a_session(scorer, club["one"]))
    assert scorer.get(club["two"]).status_code == 200  # its own link only: nothing of the other session leaks
    assert "Tuesday club" not in scorer.get("/").text


def test_the_groups_own_members_still_see_the_way_to_it(app, client, club):
    member = app.test_client()
    member.get(club["url"])  # the group's view link
    page = member.get(club["one"]).text
    assert f'href="/g/{group_id(club["url"])}"' in page
    assert "group" in json.loads(client.get(club["one"] + "/export.json").text)["sessions"][0]


def group_edit_link(client, url: str) -> str:
    share = client.get(url + "/share").text
    return re.search(r'href="http://localhost(/g/[^"]+/join/[^"]+)"', share).group(1)


def renew_group_link(client, url: str) -> None:
    page = client.get(url + "/share").text
    assert client.post(url + "/share/renew", data={"csrf_token": csrf_from(page)}).status_code == 303


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/hands/new"),
        ("get", "/hands/1/edit"),
        ("get", "/export.json"),
        ("get", "/export.csv"),
        ("get", "/delete"),
        ("post", "/share/renew"),
        ("post", "/delete"),
    ],
)
def test_a_new_group_edit_link_revokes_the_sessions_its_old_one_started(app, client, method, path):
    url = make_group(client)
    helper = app.test_client()
    assert helper.get(group_edit_link(client, url)).status_code == 303
    theirs = start_group_session(helper, url)  # the helper's phone started it: owner of it
    score(helper, theirs, **PARTNER_MADE)
    collected = edit_link(helper, theirs)  # and kept the session's own edit link
    assert helper.get(theirs + "/delete").status_code == 200
    renew_group_link(client, url)

    token = csrf_from(helper.get("/").text)
    response = getattr(helper, method)(theirs + path, data={"csrf_token": token})
    assert response.status_code == 403
    assert helper.get(collected).status_code == 404  # the session's old edit link is dead too
    assert helper.get(theirs + "/hands/new").status_code == 403
    assert helper.get(theirs).status_code == 200  # still follows the scores
    # The group's owner manages every session of the group.
    assert client.get(theirs + "/delete").status_code == 200
    assert client.get(theirs + "/hands/new").status_code == 200
    assert 'id="delete-session"' in client.get(theirs).text


def test_the_new_group_link_gives_the_scoring_back(app, client):
    url = make_group(client)
    helper = app.test_client()
    helper.get(group_edit_link(client, url))
    theirs = start_group_session(helper, url)
    renew_group_link(client, url)
    assert helper.get(theirs + "/hands/new").status_code == 403
    assert helper.get(group_edit_link(client, url)).status_code == 303
    assert helper.get(theirs + "/hands/new").status_code == 200
    assert helper.get(theirs + "/delete").status_code == 403  # deleting stays with the group's owner now
