"""Saving, editing and deleting hands: what is read back, second presses, taken deals, stale edits."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import Session, select

from companion.games import GAMES
from companion.games.sussex import DEFAULT_HOUSE_RULES, HandRecord, score
from companion.models import Hand, Sitting
from companion.store import create_sitting, delete_hand, edit_hand, hand_values, record_hand
from companion.stores import DealTaken, NoSuchDeal, StaleEdit

RECORD = HandRecord.from_json(
    {"bid": "4", "declarer": 1, "called_card": "7C", "young_trumps": "hearts", "holder": 3, "points": 71}
)


@pytest.fixture
def db(app):
    with Session(app.extensions["db_engine"], expire_on_commit=False) as session:
        yield session


def record_of(hand: Hand) -> HandRecord:
    return HandRecord.from_json(json.loads(hand.record))


def revision(db, sitting) -> int:
    return db.exec(select(Sitting.revision).where(Sitting.id == sitting.id)).one()


def test_a_saved_hand_reads_back_whole(db):
    sitting = create_sitting(db, ["Ann", "Bob", "Cat", "Dan"], 8, 0, DEFAULT_HOUSE_RULES)
    before = datetime.now(UTC)
    assert record_hand(db, sitting, 3, RECORD, "token-a") is True
    hand = db.exec(select(Hand).where(Hand.sitting_id == sitting.id)).one()
    assert (hand.deal, hand.version, hand.form_token) == (3, 1, "token-a")
    assert record_of(hand) == RECORD
    assert hand.scores(4) == tuple(score(RECORD).net_halfpence)
    stamp = hand.created_at if hand.created_at.tzinfo else hand.created_at.replace(tzinfo=UTC)
    assert before - timedelta(seconds=1) <= stamp <= datetime.now(UTC) + timedelta(seconds=1)
    assert hand.updated_at == hand.created_at
    assert revision(db, sitting) == 1


def test_a_second_press_and_a_taken_deal_change_nothing(db):
    sitting = create_sitting(db, ["Ann", "Bob", "Cat", "Dan"], 8, 0, DEFAULT_HOUSE_RULES)
    assert record_hand(db, sitting, 1, RECORD, "token-a") is True
    assert record_hand(db, sitting, 1, RECORD, "token-a") is False  # the same form again
    with pytest.raises(DealTaken) as taken:
        record_hand(db, sitting, 1, RECORD, "token-b")  # another phone, the same deal
    assert (taken.value.deal, taken.value.next_deal) == (1, 2)
    with pytest.raises(NoSuchDeal):
        record_hand(db, sitting, 9, RECORD, "token-c")
    assert db.exec(select(Hand.form_token).where(Hand.sitting_id == sitting.id)).all() == ["token-a"]
    assert revision(db, sitting) == 1  # only the real save moved the scoreboard on
    assert record_hand(db, sitting, 2, RECORD, "token-b") is True  # nothing was left half-way
    assert revision(db, sitting) == 2


def test_a_form_token_is_one_hand_across_sessions(db):
    first = create_sitting(db, ["Ann", "Bob", "Cat", "Dan"], 8, 0, DEFAULT_HOUSE_RULES)
    second = create_sitting(db, ["Eve", "Fay", "Gus", "Hal"], 8, 0, DEFAULT_HOUSE_RULES)
    assert record_hand(db, first, 1, RECORD, "token-a") is True
    assert record_hand(db, second, 1, RECORD, "token-a") is False
    assert db.exec(select(Hand.sitting_id)).all() == [first.id]


@pytest.mark.parametrize("token", ["", "nul\x00-in-the-token", "x" * 65, "spaces in token"])
def test_a_doctored_form_token_still_saves_once(db, token):
    sitting = create_sitting(db, ["Ann", "Bob", "Cat", "Dan"], 8, 0, DEFAULT_HOUSE_RULES)
    assert record_hand(db, sitting, 1, RECORD, token) is True
    assert record_hand(db, sitting, 2, RECORD, token) is True  # not taken for a second press of deal 1
    stored = db.exec(select(Hand.form_token).where(Hand.sitting_id == sitting.id)).all()
    assert len(set(stored)) == 2 and token not in stored


OTHER = HandRecord.from_json(
    {"bid": "3", "declarer": 0, "called_card": "9D", "young_trumps": "clubs", "holder": 2, "points": 40}
)


def test_an_edit_replaces_record_and_payments_once(db):
    sitting = create_sitting(db, ["Ann", "Bob", "Cat", "Dan"], 8, 0, DEFAULT_HOUSE_RULES)
    record_hand(db, sitting, 1, RECORD, "token-a")
    edit_hand(db, sitting, 1, OTHER, version=1)
    hand = db.exec(select(Hand).where(Hand.sitting_id == sitting.id)).one()
    db.refresh(hand)
    assert (hand.version, record_of(hand), hand.scores(4)) == (2, OTHER, tuple(score(OTHER).net_halfpence))
    with pytest.raises(StaleEdit):
        edit_hand(db, sitting, 1, RECORD, version=1)  # opened before the first edit
    with pytest.raises(StaleEdit):
        edit_hand(db, sitting, 2, RECORD, version=1)  # no such hand
    db.refresh(hand)
    assert (hand.version, record_of(hand)) == (2, OTHER)
    assert revision(db, sitting) == 2  # the save and the one edit that went in


def test_a_delete_frees_the_deal(db):
    sitting = create_sitting(db, ["Ann", "Bob", "Cat", "Dan"], 8, 0, DEFAULT_HOUSE_RULES)
    record_hand(db, sitting, 1, RECORD, "token-a")
    assert delete_hand(db, sitting, 1) is True
    assert delete_hand(db, sitting, 1) is False
    assert db.exec(select(Hand).where(Hand.sitting_id == sitting.id)).all() == []
    assert record_hand(db, sitting, 1, OTHER, "token-b") is True
    assert revision(db, sitting) == 3


def test_a_delete_of_a_version_since_changed_deletes_nothing(db):
    sitting = create_sitting(db, ["Ann", "Bob", "Cat", "Dan"], 8, 0, DEFAULT_HOUSE_RULES)
    record_hand(db, sitting, 1, RECORD, "token-a")
    edit_hand(db, sitting, 1, OTHER, version=1)  # another phone's edit, after this one read version 1
    with pytest.raises(StaleEdit):
        delete_hand(db, sitting, 1, version=1)
    hand = db.exec(select(Hand).where(Hand.sitting_id == sitting.id)).one()
    assert (hand.deal, hand.version, record_of(hand)) == (1, 2, OTHER)
    assert delete_hand(db, sitting, 1, version=2) is True


def test_hand_values_are_the_record_and_its_payments():
    values = hand_values(GAMES["sussex"], RECORD)
    assert HandRecord.from_json(json.loads(values["record"])) == RECORD
    assert [values[f"pay_{s}"] for s in range(4)] == list(score(RECORD).net_halfpence)


def test_secrets_never_start_like_a_command_line_option():
    from companion.store import new_secret

    secrets = [new_secret() for _ in range(3000)]  # about 47 would start with "-" if nothing prevented it
    assert not any(s.startswith("-") for s in secrets) and len(set(secrets)) == 3000
    assert all(len(s) == 22 for s in secrets)
