"""Flask-Limiter's counts kept in the app's own database, so that every app process counts together.

With ``memory://`` each gunicorn worker keeps its own counts, and one address
gets the documented limit once per worker. Here a limited request is one
short transaction: forget the key's hits older than its window, count the
rest, and add this one if there is room. The key is locked first (the
transaction's first statement is a write on SQLite, which takes the
database's write lock; an advisory lock on PostgreSQL), so two processes
never both take the last place.

The moving window (each hit counts for exactly its window after it) holds
the documented total over any stretch of time, where a fixed window lets
twice the limit through across a window's edge.
"""

from __future__ import annotations

import time
from typing import Any

from limits.storage import MovingWindowSupport, Storage
from sqlalchemy import Engine, delete, func, insert, select, text
from sqlalchemy.exc import SQLAlchemyError

from .models import RateLimitHit

#: Hits older than this are forgotten whatever their key (no limit here is longer than an hour).
LONGEST_WINDOW = 24 * 3600

hits = RateLimitHit.__table__  # type: ignore[attr-defined]  # SQLModel declares it at runtime


class DatabaseStorage(Storage, MovingWindowSupport):
    """``RATELIMIT_STORAGE_URI = "database://"``: the hits in the ``rate_limit_hit`` table.

    The engine comes in ``RATELIMIT_STORAGE_OPTIONS`` (``create_app`` passes the app's own).
    Only the moving-window strategy is served (``create_app`` sets it with this storage).
    """

    STORAGE_SCHEME = ["database"]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options: Any) -> None:
        engine = options.pop("engine", None)
        if not isinstance(engine, Engine):
            raise ValueError("database:// needs the app's engine in RATELIMIT_STORAGE_OPTIONS")
        super().__init__(uri, wrap_exceptions, **options)
        self.engine = engine

    @property
    def base_exceptions(self) -> type[Exception]:
        return SQLAlchemyError

    def acquire_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        if amount > limit:
            return False
        now = time.time()
        with self.engine.begin() as db:
            if db.dialect.name == "postgresql":
                db.execute(text("SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))"), {"key": key})
            # First a write: on SQLite that takes the write lock before anything is counted.
            db.execute(delete(hits).where(hits.c.key == key, hits.c.at <= now - expiry))
            db.execute(delete(hits).where(hits.c.at <= now - LONGEST_WINDOW))
            counted = db.execute(select(func.count()).where(hits.c.key == key)).scalar_one()
            if counted + amount > limit:
                return False
            db.execute(insert(hits), [{"key": key, "at": now}] * amount)
        return True

    def get_moving_window(self, key: str, limit: int, expiry: int) -> tuple[float, int]:
        now = time.time()
        with self.engine.connect() as db:
            oldest, counted = db.execute(
                select(func.min(hits.c.at), func.count()).where(hits.c.key == key, hits.c.at > now - expiry)
            ).one()
        return (oldest if oldest is not None else now), counted

    def clear(self, key: str) -> None:
        with self.engine.begin() as db:
            db.execute(delete(hits).where(hits.c.key == key))

    def reset(self) -> int | None:
        with self.engine.begin() as db:
            return db.execute(delete(hits)).rowcount

    def check(self) -> bool:
        with self.engine.connect() as db:
            db.execute(select(1))
        return True

    # The fixed-window strategy's calls: never made, as create_app sets the moving window with this storage.
    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        raise NotImplementedError("database:// serves the moving-window strategy")

    def get(self, key: str) -> int:
        raise NotImplementedError("database:// serves the moving-window strategy")

    def get_expiry(self, key: str) -> float:
        raise NotImplementedError("database:// serves the moving-window strategy")
