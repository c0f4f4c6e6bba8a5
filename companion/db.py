"""The database engine and a session per request.

SQLite in ``instance/`` is the default (WAL, so readers never wait for the
writer); ``DATABASE_URL`` may point at PostgreSQL instead.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from flask import Flask, current_app, g
from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import ConnectionPoolEntry
from sqlmodel import Session

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def _sqlite_pragmas(dbapi_connection: DBAPIConnection, _record: ConnectionPoolEntry) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def private_file(path: Path) -> Path:
    """``path`` readable and writable by its owner alone (0600), created empty if it is not there.

    The database and its backups hold every edit key: no other user of the machine may read them.
    """
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    os.close(fd)
    os.chmod(path, 0o600)  # also one made before this rule, or with a looser umask
    return path


def normalise_url(url: str) -> str:
    """``postgresql://…`` means psycopg 3 here (SQLAlchemy would pick psycopg2)."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def make_engine(url: str) -> Engine:
    url = normalise_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})
        if engine.url.database not in (None, "", ":memory:"):
            # SQLite gives its -wal and -shm files the database file's mode.
            private_file(Path(engine.url.database))
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    engine = create_engine(url, pool_pre_ping=True)
    event.listen(engine, "begin", _reads_only)
    event.listen(engine, "before_cursor_execute", _maybe_writes)
    return engine


# PostgreSQL: psycopg forgets the statements it prepared (and sends DEALLOCATE ALL) at every ROLLBACK, a read's
# usual end, so a page's queries were planned again each time: 560 us of the server's time for a scoreboard's three
# where 280 did once prepared. A transaction that only read ends with COMMIT instead (``ended``), the same for a read.
READS_ONLY = "reads_only"


def _reads_only(connection: Connection) -> None:
    connection.info[READS_ONLY] = True


def _maybe_writes(connection: Connection, _cursor: Any, statement: str, *_: Any) -> None:
    """Anything but a plain SELECT may write (``WITH … UPDATE``, ``SELECT pg_notify``): the transaction then ends as
    asked, never committed for it."""
    if statement.lstrip()[:6].upper() != "SELECT" or "pg_notify" in statement:
        connection.info[READS_ONLY] = False


def read_only(connection: Connection) -> bool:
    """Whether the connection's transaction has only read (PostgreSQL; never said on SQLite)."""
    return bool(connection.info.get(READS_ONLY))


def ended(session: Session) -> None:
    """The request's session closed: a transaction that only read is committed first (the same as a rollback for it,
    and psycopg keeps its prepared statements); anything else is rolled back, as closing does."""
    try:
        unsent = session.new or session.dirty or session.deleted
        if session.in_transaction() and not unsent and read_only(session.connection()):
            session.commit()
    except SQLAlchemyError:
        pass  # it only read: the rollback in close() loses nothing
    finally:
        session.close()


@contextmanager
def reading(engine: Engine) -> Iterator[Connection]:
    """A connection for reads alone, ended as ``ended`` ends a request's."""
    with engine.connect() as connection:
        yield connection
        if read_only(connection):
            connection.commit()


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Create or upgrade the schema with the Alembic migrations."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            # SQLite alters a table by copying it and dropping the old one: with
            # foreign keys on, that drop would cascade and delete every hand.
            # The pragma only works outside a transaction, hence before begin().
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()  # ends SQLAlchemy's autobegun block; no BEGIN was sent for a PRAGMA
        try:
            with connection.begin():
                config.attributes["connection"] = connection
                command.upgrade(config, revision)
                if sqlite and connection.exec_driver_sql("PRAGMA foreign_key_check").first():
                    raise RuntimeError("the upgrade left rows pointing at nothing; it was rolled back")
        finally:
            if sqlite:
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                connection.commit()


class Database:
    """Holds the engine of each app; hands out one session per request."""

    def init_app(self, app: Flask) -> None:
        app.extensions["db_engine"] = make_engine(app.config["DATABASE_URL"])
        app.teardown_appcontext(self._close)

    @property
    def engine(self) -> Engine:
        engine: Engine = current_app.extensions["db_engine"]
        return engine

    @property
    def session(self) -> Session:
        if "db_session" not in g:
            g.db_session = Session(self.engine, expire_on_commit=False)
        session: Session = g.db_session
        return session

    @staticmethod
    def _close(exc: BaseException | None) -> None:
        session = g.pop("db_session", None)
        if session is None:
            return
        if exc is None:
            ended(session)
        else:
            session.close()
