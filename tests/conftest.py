"""Fixtures: app, client and runner as in the Flask tutorial, plus the worked hands; and how the suite runs.

``make test`` runs the suite twice: on SQLite (every test), then with ``TEST_DATABASE_URL`` on PostgreSQL, where
only the tests that send SQL run (``sends_sql``), with one phone's session of every game in the browser
(``@pytest.mark.smoke``). Each test gets a database of its own, as migrated: the migrations run once per run
(``migrate_once``), each test's database is a copy of what they made.
"""

from __future__ import annotations

import atexit
import inspect
import json
import os
import pickle
import secrets
import shutil
import tempfile
import types
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from playwright.sync_api import expect
from sqlalchemy import event, text

from companion import create_app
from companion.db import make_engine, upgrade

#: Hypothesis checks what always holds (zero-sum, round trips), never how fast: speed is ``make bench``'s. Its
#: per-example deadline failed a hand on a busy CI machine (382 ms where 200 were allowed, 161 on the retry).
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")

pytest_plugins = ["tests.e2e.browser"]

ROOT = Path(__file__).resolve().parent.parent
#: The worked hands (inputs and exact results), the tests' own copy.
EXAMPLES = sorted((ROOT / "tests" / "data" / "examples").glob("*.json"))


def load_example(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


#: Set by `make test` for its second run: the tests that send SQL again, on PostgreSQL.
POSTGRES_URL = os.environ.get("TEST_DATABASE_URL", "")
_schemas: list[str] = []


# -- a fresh database for each test, migrated once per run ----------------------------------------------------


def _postgres_url(schema: str) -> str:
    """The test's own schema; commits not waiting for the disk (what they make is seen at once all the same, and
    only a crash of PostgreSQL itself, which no test makes, would lose them)."""
    sep = "&" if "?" in POSTGRES_URL else "?"
    return f"{POSTGRES_URL}{sep}options=-csearch_path%3D{schema}%20-csynchronous_commit%3Doff"


@cache
def _admin() -> Any:
    """One engine on PostgreSQL for making and dropping the tests' schemas."""
    engine = make_engine(POSTGRES_URL)
    atexit.register(engine.dispose)
    return engine


#: Where the run's migrated database (SQLite) or migration script (PostgreSQL) is, for its worker processes.
TEMPLATE = "COMPANION_TEST_TEMPLATE"


def migrate_once() -> Path:
    """What the migrations make of an empty database, made by running them for real, into a file of its own.

    On SQLite: a database file, copied for each test. On PostgreSQL (a schema cannot be copied): what the
    migrations sent to an empty schema, in order, sent again to each test's own schema (their questions left out:
    they change nothing, and on an empty schema their answers were empty), those without parameters as one script.
    """
    folder = Path(tempfile.mkdtemp(prefix="companion-template-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    if not POSTGRES_URL:
        path = folder / "migrated.sqlite3"
        engine = make_engine(f"sqlite:///{path}")
        upgrade(engine)
        with engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")  # all of it in the file itself
        engine.dispose()
        return path
    schema = "t_template_" + secrets.token_hex(6)
    with _admin().begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    engine = make_engine(_postgres_url(schema))
    sent: list[tuple[str, Any]] = []

    def record(_conn, _cursor, statement, parameters, _context, _executemany):
        if statement.lstrip()[:6].upper() == "SELECT":
            return
        statement = statement.replace(schema, "{schema}")
        if not parameters and sent and sent[-1][1] is None:
            sent[-1] = (f"{sent[-1][0]};\n{statement}", None)
        else:
            sent.append((statement, parameters or None))

    with engine.connect():  # connecting sends the dialect's own questions: not the migrations'
        pass
    event.listen(engine, "before_cursor_execute", record)
    try:
        upgrade(engine)
    finally:
        event.remove(engine, "before_cursor_execute", record)
        engine.dispose()
        with _admin().begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
    path = folder / "migrations.pickle"
    path.write_bytes(pickle.dumps(sent))
    return path


def pytest_configure(config):
    """The run's own process migrates, before any worker process starts (they inherit where it put it)."""
    if not hasattr(config, "workerinput") and TEMPLATE not in os.environ:
        os.environ[TEMPLATE] = str(migrate_once())


@cache
def migrated_template() -> Any:
    """The run's migrated database file (SQLite), or its migrations' statements (PostgreSQL)."""
    path = Path(os.environ[TEMPLATE]) if TEMPLATE in os.environ else migrate_once()  # e.g. a script's own import
    return path if not POSTGRES_URL else pickle.loads(path.read_bytes())


def database_url(db_path: Path) -> str:
    """A fresh database, as the migrations make it: a SQLite file, or a schema of its own on PostgreSQL."""
    template = migrated_template()
    if not POSTGRES_URL:
        if not db_path.exists():
            shutil.copyfile(template, db_path)
        return f"sqlite:///{db_path}"
    schema = "t_" + secrets.token_hex(6)
    with _admin().begin() as connection:
        connection.exec_driver_sql(
            f"SET LOCAL synchronous_commit TO off; CREATE SCHEMA {schema}; SET LOCAL search_path TO {schema}"
        )
        for statement, parameters in template:
            connection.exec_driver_sql(statement.replace("{schema}", schema), parameters)
    _schemas.append(schema)
    return _postgres_url(schema)


def make_app(db_path: Path, **config):
    limits = {"LIMIT_NEW_SESSIONS": "1000 per minute", "LIMIT_SAVES": "1000 per minute"}  # test_limits.py: tight
    base = {"TESTING": True, "SECRET_KEY": "test", "BASE_URL": "http://localhost", **limits}
    existed = not POSTGRES_URL and db_path.exists()
    app = create_app({**base, "DATABASE_URL": database_url(db_path), **config})
    if existed:  # a database a test made before: brought up to date, as the app's upgrade-db would
        upgrade(app.extensions["db_engine"])
    return app


@pytest.fixture(scope="session", autouse=True)
def _drop_test_schemas():
    yield
    if POSTGRES_URL and _schemas:
        for schema in _schemas:  # one transaction each: all at once outgrows PostgreSQL's lock table
            with _admin().begin() as connection:
                connection.execute(text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))


@pytest.fixture
def app(tmp_path):
    """An app on a fresh database, CSRF on as in production."""
    app = make_app(tmp_path / "test.sqlite3")
    yield app
    app.extensions["db_engine"].dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


# -- which tests run on PostgreSQL --------------------------------------------------------------------------


#: Fixtures that hand a test a database.
SQL_FIXTURES = frozenset({"app", "client", "runner"})
#: Names whose use in a test, or in a fixture it uses, makes a database (or an app on one).
SQL_NAMES = frozenset({"make_app", "create_app", "make_engine", "database_url", "POSTGRES_URL"})
#: Fixtures every test has that send no SQL of the test's (dropping the run's schemas at its end).
NOT_THE_TESTS = frozenset({"_drop_test_schemas"})


def _names(code: types.CodeType) -> set[str]:
    found = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            found |= _names(const)
    return found


def _uses_sql_names(function: Any) -> bool:
    code = getattr(inspect.unwrap(function), "__code__", None)
    return code is not None and bool(SQL_NAMES & _names(code))


def sends_sql(item: pytest.Item) -> bool:
    """Whether a test sends SQL: a database fixture in its closure, ``@pytest.mark.sql``, or a database (or an app)
    made by the test itself or by one of its fixtures."""
    if not isinstance(item, pytest.Function):
        return False  # doctests
    if item.get_closest_marker("sql") or SQL_FIXTURES & set(item.fixturenames):
        return True
    fixtures = [
        d.func for name, defs in item._fixtureinfo.name2fixturedefs.items() if name not in NOT_THE_TESTS for d in defs
    ]
    return any(_uses_sql_names(f) for f in [item.function, *fixtures])


def on_postgres(item: pytest.Item) -> bool:
    """The PostgreSQL pass: the tests that send SQL, and of the browser's only the marked smoke sessions."""
    if item.get_closest_marker("smoke"):
        return True
    return not item.get_closest_marker("e2e") and sends_sql(item)


def pytest_collection_modifyitems(config, items):
    for item in items:  # every browser test is marked e2e, wherever it lives
        if {"phone", "new_phone", "page", "live_server", "phone_server", "browser"} & set(
            getattr(item, "fixturenames", ())
        ):
            item.add_marker(pytest.mark.e2e)
    # The longest first, spread over the processes as they start (make test: --dist load), so that none is left
    # running one alone at the end: the tests marked long, then the browser's, then the rest, each in its order.
    items.sort(key=lambda item: 0 if item.get_closest_marker("long") else 1 if item.get_closest_marker("e2e") else 2)
    if not POSTGRES_URL:
        return
    kept = [item for item in items if on_postgres(item)]
    if len(kept) < len(items):
        config.hook.pytest_deselected(items=[item for item in items if not on_postgres(item)])
        items[:] = kept


def pytest_report_header(config):
    if POSTGRES_URL:
        return f"database: PostgreSQL {POSTGRES_URL} (the tests that send SQL, and the smoke sessions)"
    return "database: SQLite (one file per test, copied from one migrated once)"


# -- Playwright on Debian's Chromium ------------------------------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.fail("Chromium is not installed: run `make test`, which installs Debian's chromium.")
    return {
        **browser_type_launch_args,
        "executable_path": chromium,
        "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args, playwright):
    """A phone: Pixel 7 (412 px wide, touch)."""
    return {**browser_context_args, **playwright.devices["Pixel 7"]}


# What a page shows is asserted here, not how soon (make bench measures that): a page on a busy two-core machine
# (three test processes, a browser each, the phone's Python starting) can take longer than Playwright's 5 s.
expect.set_options(timeout=15_000)
