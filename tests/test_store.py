"""Saving a hand straight through the driver: what the ORM reads back, second presses, taken deals."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import Session, select

from companion.models import Hand, Sitting
from companion.rules import DEFAULT_HOUSE_RULES, HandRecord, score
from companion.store import DealTaken, NoSuchDeal, create_sitting, record_hand, sitting_revision

RECORD = HandRecord.from_json(
    {"bid": "4", "declarer": 1, "called_card": "7C", "young_trumps": "hearts", "holder": 3, "points": 71}
)


@pytest.fixture
def db(app):
    with Session(app.extensions["db_engine"], expire_on_commit=False) as session:
        yield session


def revision(db, sitting) -> int:
    return db.exec(select(Sitting.revision).where(Sitting.id == sitting.id)).one()


def test_a_saved_hand_reads_back_whole_through_the_orm(app, db):
    sitting = create_sitting(db, ["Ann", "Bob", "Cat", "Dan"], 8, 0, DEFAULT_HOUSE_RULES)
    before = datetime.now(UTC)
    assert record_hand(db, sitting, 3, RECORD, "token-a") is True
    hand = db.exec(select(Hand).where(Hand.sitting_id == sitting.id)).one()
    assert (hand.deal, hand.version, hand.form_token) == (3, 1, "token-a")
    assert hand.hand_record == RECORD
    assert hand.payments == tuple(score(RECORD).net_halfpence)
    stamp = hand.created_at if hand.created_at.tzinfo else hand.created_at.replace(tzinfo=UTC)
    assert before - timedelta(seconds=1) <= stamp <= datetime.now(UTC) + timedelta(seconds=1)
    assert hand.updated_at == hand.created_at
    assert revision(db, sitting) == 1
    assert sitting_revision(app.extensions["db_engine"], sitting.public_id) == (sitting.id, 1)
    assert sitting_revision(app.extensions["db_engine"], "no-such-session") is None


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
