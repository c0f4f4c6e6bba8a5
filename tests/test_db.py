"""A request's transaction ends as it should: one that only read is committed on PostgreSQL (psycopg then keeps
the statements it prepared), and one that wrote is never committed by its ending."""

from __future__ import annotations

import pytest
from sqlalchemy import text
from sqlmodel import Session, func, select

from companion.db import ended
from companion.games.sussex import DEFAULT_HOUSE_RULES
from companion.models import Sitting
from companion.store import bumped, create_sitting
from tests.conftest import POSTGRES_URL

NAMES = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture
def engine(app):
    return app.extensions["db_engine"]


def revision(engine, public_id: str) -> int:
    with Session(engine) as db:
        return db.exec(select(Sitting.revision).where(Sitting.public_id == public_id)).one()


def started(engine) -> str:
    with Session(engine) as db:
        sitting = create_sitting(db, NAMES, 8, 0, DEFAULT_HOUSE_RULES)
        return sitting.public_id


@pytest.mark.skipif(not POSTGRES_URL, reason="psycopg's prepared statements (the suite's PostgreSQL pass)")
def test_a_page_read_again_and_again_is_read_with_statements_prepared_once(engine):
    public_id = started(engine)
    for _ in range(6):  # psycopg prepares a statement on its fifth use in a connection
        db = Session(engine)
        db.exec(select(Sitting).where(Sitting.public_id == public_id)).one()
        ended(db)
    with engine.connect() as connection:  # the pool's one connection, the requests'
        assert connection.execute(text("SELECT count(*) FROM pg_prepared_statements")).scalar_one() >= 1


def test_an_ending_never_commits_what_was_written(engine):
    public_id = started(engine)
    before = revision(engine, public_id)
    db = Session(engine)
    db.exec(select(func.count()).select_from(Sitting)).one()  # a read first, then a write
    db.exec(bumped(db, Sitting.public_id == public_id))
    ended(db)
    assert revision(engine, public_id) == before


def test_an_ending_never_commits_a_change_not_yet_sent(engine):
    public_id = started(engine)
    db = Session(engine)
    sitting = db.exec(select(Sitting).where(Sitting.public_id == public_id)).one()
    sitting.revision += 5  # changed in memory, not flushed: only a commit would send it
    ended(db)
    assert revision(engine, public_id) == sitting.revision - 5
