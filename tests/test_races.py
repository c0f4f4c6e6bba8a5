"""Requests that meet: the races of "A server that holds under a crowd", each run many rounds, on SQLite and on
PostgreSQL, the requests of a round released together (a barrier, never a sleep).

- A new edit link while phones keep opening the old one: once the renewal has answered, no phone holds a right
  that came through the old key (a session's link; a group's, which also renews the links of its sessions).
- A session's links opened while its owner deletes it: each phone told clearly, never a 500.
- Two editors starting group sessions with the same new name: both started, and the group has one player of it.
- Players added from two phones at once to a nearly full group: the 200-player cap holds.
- The server killed between any two steps of starting a session or a group: none is left that nobody owns.

Each test runs every round, then names the rounds that went wrong, so that a failure says how often.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

import pytest
from sqlalchemy import event, func, insert
from sqlalchemy.orm import Session as OrmSession
from sqlmodel import Session, col, select

from companion.models import Access, GameOptions, Group, GroupAccess, Member, Role, Sitting, name_key, saved_id
from companion.store import (
    MAX_PLAYERS,
    NameTaken,
    TooManyPlayers,
    add_member,
    create_group,
    create_sitting,
    rename_member,
)
from tests.web.helpers import PLAYERS, csrf_from, start_session
from tests.web.test_groups import make_group

ROUNDS = 100
#: How often a phone opens the old edit link in a round, at most: it stops at the first refusal.
TRIES = 40
GROUP_FORM = {"first_dealer": "0", "deals": "8", "stinger_settles_with": "table", "martlet_values": "total"}


def at_once(*calls: Callable[[], Any]) -> list[Any]:
    """Run the calls in threads released together; their results in order (an exception, where one raised: the
    test client raises what would be a 500)."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(i: int, call: Callable[[], Any]) -> None:
        barrier.wait()
        try:
            results[i] = call()
        except Exception as error:  # noqa: BLE001 - a 500, counted by the test
            results[i] = error

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


def status(result: Any) -> int:
    """A response's status; 500 for an exception, as a server would answer it."""
    return 500 if isinstance(result, BaseException) else result.status_code


def keeps_opening(phone, link: str) -> list[Any]:
    """A phone that opens an edit link again and again until it is refused (every answer, or the exception)."""
    answers: list[Any] = []
    for _ in range(TRIES):
        try:
            answer = phone.get(link)
        except Exception as error:  # noqa: BLE001
            return [*answers, error]
        answers.append(answer)
        if answer.status_code == 404:
            break
    return answers


def database(app) -> Session:
    return Session(app.extensions["db_engine"])


def public_id(location: str) -> str:
    return location.rstrip("/").rsplit("/", 1)[-1]


def key_of(app, table: type[Sitting] | type[Group], location: str) -> str:
    with database(app) as db:
        return db.exec(select(table.edit_key).where(table.public_id == public_id(location))).one()


def assert_no_bad_rounds(bad: list[str], what: str) -> None:
    assert not bad, f"{len(bad)} of {ROUNDS} rounds {what}: {bad[:5]}"


# -- a new edit link while phones keep opening the old one -----------------------------------------------------------


def renew_while_joining(app, owner, token: str, location: str, links: list[str], prefix: str) -> list[int]:
    """The owner asks for a new edit link while each phone keeps opening one of the old ``links``; every status."""
    phones = [app.test_client() for _ in links]
    renewed, *opened = at_once(
        partial(owner.post, location + "/share/renew", data={"csrf_token": token}),
        *(partial(keeps_opening, phone, prefix + link) for phone, link in zip(phones, links, strict=True)),
    )
    return [status(renewed), *(status(a) for answers in opened for a in answers)]


def test_a_session_renewed_while_a_phone_keeps_opening_its_old_edit_link_keeps_no_editor(app, client):
    location = start_session(client)
    token = csrf_from(client.get(location + "/share").text)
    with database(app) as db:
        sitting_id = db.exec(select(Sitting.id).where(Sitting.public_id == public_id(location))).one()
    bad = []
    for round_ in range(ROUNDS):
        key = key_of(app, Sitting, location)
        statuses = renew_while_joining(app, client, token, location, [key, key], location + "/join/")
        with database(app) as db:
            editors = db.exec(
                select(func.count()).where(col(Access.sitting_id) == sitting_id, Access.role == Role.EDITOR.value)
            ).one()
        if editors or statuses[0] != 303 or not set(statuses[1:]) <= {303, 404}:
            bad.append((round_, editors, statuses))
    assert_no_bad_rounds(bad, "left an editor that came through the old key, or were not answered 303/404")


def test_a_group_renewed_while_phones_keep_opening_its_old_edit_links_keeps_no_editor(app, client):
    """One phone keeps opening the group's old link, another the old link of one of the group's sessions."""
    group = make_group(client)
    session = start_session_in_group(client, group)
    token = csrf_from(client.get(group + "/share").text)
    with database(app) as db:
        group_id = db.exec(select(Group.id).where(Group.public_id == public_id(group))).one()
        sitting_ids = select(Sitting.id).where(Sitting.group_id == group_id)
    bad = []
    for round_ in range(ROUNDS):
        links = [f"{group}/join/{key_of(app, Group, group)}", f"{session}/join/{key_of(app, Sitting, session)}"]
        statuses = renew_while_joining(app, client, token, group, links, "")
        with database(app) as db:
            group_editors = db.exec(
                select(func.count()).where(GroupAccess.group_id == group_id, GroupAccess.role == Role.EDITOR.value)
            ).one()
            session_rights = db.exec(
                select(func.count()).where(col(Access.sitting_id).in_(sitting_ids), Access.role != Role.VIEWER.value)
            ).one()
        if group_editors or session_rights or statuses[0] != 303 or not set(statuses[1:]) <= {303, 404}:
            bad.append((round_, group_editors, session_rights, statuses))
    assert_no_bad_rounds(bad, "left a right that came through an old key, or were not answered 303/404")


def test_a_group_renewed_while_its_editor_starts_a_session_leaves_the_editor_no_right(app, client, group_editor):
    """The session an editor starts as the group's edit link is renewed: started before the renewal, which then
    takes its rights in it back, or refused (403) after it, the editor no longer being one."""
    group, editor = group_editor
    token = csrf_from(client.get(group + "/share").text)
    form = group_session_form(editor, PLAYERS)
    with database(app) as db:
        group_id = db.exec(select(Group.id).where(Group.public_id == public_id(group))).one()
        sitting_ids = select(Sitting.id).where(Sitting.group_id == group_id)
    bad = []
    for round_ in range(ROUNDS):
        assert editor.get(f"{group}/join/{key_of(app, Group, group)}").status_code == 303
        answers = at_once(
            partial(client.post, group + "/share/renew", data={"csrf_token": token}),
            partial(editor.post, group + "/sessions", data=form),
        )
        with database(app) as db:
            rights = db.exec(
                select(func.count()).where(col(Access.sitting_id).in_(sitting_ids), Access.role != Role.VIEWER.value)
            ).one()
        statuses = [status(a) for a in answers]
        if rights or statuses[0] != 303 or statuses[1] not in (303, 403):
            bad.append((round_, rights, statuses))
    assert_no_bad_rounds(bad, "left the editor a right in a session it started, or were not answered 303/403")


def start_session_in_group(client, group: str, names: list[str] = PLAYERS) -> str:
    response = client.post(group + "/sessions", data=group_session_form(client, names))
    assert response.status_code == 303, response.text
    return response.headers["Location"]


def group_session_form(client, names: list[str]) -> dict[str, str]:
    return {
        "csrf_token": csrf_from(client.get("/").text),
        **GROUP_FORM,
        **{f"player_{i}": n for i, n in enumerate(names)},
    }


# -- a session's links opened while its owner deletes it ------------------------------------------------------------


def test_a_session_opened_while_its_owner_deletes_it_answers_each_phone_clearly(app, client):
    token = csrf_from(client.get("/").text)
    bad = []
    for round_ in range(ROUNDS):
        location = start_session(client)
        join = f"{location}/join/{key_of(app, Sitting, location)}"
        viewer, joiner = app.test_client(), app.test_client()
        deleted, viewed, joined = at_once(
            partial(client.post, location + "/delete", data={"csrf_token": token}),
            partial(viewer.get, location),
            partial(joiner.get, join),
        )
        statuses = status(deleted), status(viewed), status(joined)
        if statuses[0] != 303 or statuses[1] not in (200, 410) or statuses[2] not in (303, 410):
            failure = next((r for r in (deleted, viewed, joined) if isinstance(r, BaseException)), None)
            bad.append((round_, statuses, repr(failure)[:120]))
    assert_no_bad_rounds(bad, "answered a phone other than 200/303 or 410 (deleted)")


# -- two phones adding players to one group at once ----------------------------------------------------------------


@pytest.fixture
def group_editor(app, client):
    """A group and a second phone that joined it with its edit link: (group's address, that phone)."""
    group = make_group(client)
    editor = app.test_client()
    assert editor.get(f"{group}/join/{key_of(app, Group, group)}").status_code == 303
    return group, editor


def test_two_editors_starting_sessions_with_the_same_new_name_both_start_with_one_player(app, client, group_editor):
    group, editor = group_editor
    forms = [group_session_form(phone, PLAYERS) for phone in (client, editor)]
    bad = []
    for round_ in range(ROUNDS):
        new = f"New {round_}"
        answers = at_once(
            partial(client.post, group + "/sessions", data={**forms[0], "player_0": new}),
            partial(editor.post, group + "/sessions", data={**forms[1], "player_3": new.upper()}),
        )
        with database(app) as db:
            named = db.exec(select(func.count()).where(Member.name_key == name_key(new))).one()
        if [status(a) for a in answers] != [303, 303] or named != 1:
            failure = next((repr(a)[:120] for a in answers if isinstance(a, BaseException)), "")
            bad.append((round_, [status(a) for a in answers], named, failure))
    assert_no_bad_rounds(bad, "did not start both sessions with one player of the new name")


def renamed(app, member_id: int, name: str) -> str:
    """A player of a group given a new name, as a phone does it: "renamed", or "taken"."""
    with database(app) as db:
        try:
            rename_member(db, db.get(Member, member_id), name)
        except NameTaken:
            return "taken"
    return "renamed"


def test_a_session_started_with_the_name_a_player_is_being_renamed_to_starts(app):
    """A rename takes no lock of the group: the session's new player, added as the rename commits, is the renamed
    one (or the rename is refused), never a 500."""
    with database(app) as db:
        group_id = saved_id(create_group(db, "Club", GameOptions({})))
        db.exec(insert(Member), params=[{"group_id": group_id, "name": f"P{n}", "name_key": f"p{n}"} for n in range(3)])
        db.commit()
    bad = []
    for round_ in range(ROUNDS):
        with database(app) as db:
            member_id = saved_id(add_member(db, db.get(Group, group_id), f"Old {round_}"))
        new = f"New {round_}"
        answers = at_once(
            partial(renamed, app, member_id, new), partial(start_in, app, group_id, [new, "P0", "P1", "P2"])
        )
        with database(app) as db:
            named = db.exec(select(func.count()).where(Member.name_key == name_key(new))).one()
        if answers[0] not in ("renamed", "taken") or answers[1] != "in" or named != 1:
            bad.append((round_, [repr(a)[:120] for a in answers], named))
    assert_no_bad_rounds(bad, "did not start the session with one player of the name")


def nearly_full(app, short: int) -> int:
    """A new group ``short`` players short of the cap: its id."""
    with database(app) as db:
        group_id = saved_id(create_group(db, "Club", GameOptions({})))
        rows = [{"group_id": group_id, "name": f"P{n}", "name_key": f"p{n}"} for n in range(MAX_PLAYERS - short)]
        db.exec(insert(Member), params=rows)
        db.commit()
    return group_id


def start_in(app, group_id: int, names: list[str]) -> str:
    """A session of the group, as a phone starts it (the store's part of the route): "in", or "full"."""
    with database(app) as db:
        try:
            create_sitting(db, names, 8, 0, None, group=db.get(Group, group_id))
        except TooManyPlayers:
            return "full"
    return "in"


def add_to(app, group_id: int, name: str) -> str:
    """A new player of the group, as a phone adds one: "in", or "full"."""
    with database(app) as db:
        try:
            add_member(db, db.get(Group, group_id), name)
        except TooManyPlayers:
            return "full"
    return "in"


def test_the_player_cap_holds_when_two_phones_add_players_at_once(app):
    """Each round a group two short of the cap: two sessions each with two new names, or one such session and a
    new player, or (one short) two new players; each fits alone, not both. The store's functions the routes call,
    from two threads: a round without the pages."""
    bad = []
    for round_ in range(ROUNDS):
        kind = round_ % 3
        group_id = nearly_full(app, short=1 if kind == 2 else 2)
        sessions = [partial(start_in, app, group_id, [f"New a{i}", f"New b{i}", "P0", "P1"]) for i in range(2)]
        players = [partial(add_to, app, group_id, f"New c{i}") for i in range(2)]
        calls = [sessions, [sessions[0], players[1]], players][kind]
        answers = sorted(str(a) for a in at_once(*calls))
        with database(app) as db:
            count = db.exec(select(func.count()).where(Member.group_id == group_id)).one()
        if count > MAX_PLAYERS or answers != ["full", "in"]:
            bad.append((round_, count, answers))
    assert_no_bad_rounds(bad, "went past the cap, or did not refuse one phone")


# -- the server killed between two steps of a start -----------------------------------------------------------------


class Killed(BaseException):
    """The process dying right after a commit: nothing after it runs, what was committed stays."""


@contextmanager
def killed_after(app, commits: int | None) -> Iterator[list[int]]:
    """Count the app's commits; ``commits``: die right after that one."""
    engine = app.extensions["db_engine"]
    counted = [0]

    def after_commit(db: OrmSession) -> None:
        if db.get_bind() is engine and not db.in_nested_transaction():  # a savepoint's release is no commit
            counted[0] += 1
            if counted[0] == commits:
                raise Killed

    event.listen(OrmSession, "after_commit", after_commit)
    try:
        yield counted
    finally:
        event.remove(OrmSession, "after_commit", after_commit)


def unowned(app) -> set[str]:
    """The sessions and groups that no phone owns (a group's session is owned by the phone that started it)."""
    with database(app) as db:
        owned = select(Access.sitting_id).where(Access.role == Role.OWNER.value)
        sittings = db.exec(select(Sitting.public_id).where(col(Sitting.id).not_in(owned))).all()
        owned = select(GroupAccess.group_id).where(GroupAccess.role == Role.OWNER.value)
        groups = db.exec(select(Group.public_id).where(col(Group.id).not_in(owned))).all()
    return {*sittings, *groups}


def test_a_start_killed_after_any_of_its_commits_leaves_nothing_that_nobody_owns(app, client):
    group = make_group(client)
    token = csrf_from(client.get("/").text)
    group_form = {"csrf_token": token, "name": "Club", "coins": "0/1 0/6 1/- 2/6", **GROUP_FORM}
    names = (f"Player {n}" for n in itertools.count())

    def new_names() -> list[str]:  # players new to the group each time
        return [next(names) for _ in PLAYERS]

    starts = {
        "a session": lambda phone: start_session(phone),
        "a group": lambda phone: phone.post("/groups/new", data=group_form),
        "a group's session": lambda phone: phone.post(group + "/sessions", data=group_session_form(phone, new_names())),
    }
    bad = []
    for what, start in starts.items():
        with killed_after(app, None) as counted:
            start(client)
        for commit in range(1, counted[0] + 1):
            before = unowned(app)
            with killed_after(app, commit), pytest.raises(Killed):
                start(client)
            if left := unowned(app) - before:
                bad.append((what, f"killed after commit {commit} of {counted[0]}", left))
    assert not bad, bad
