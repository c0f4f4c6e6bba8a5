"""Fixtures: app, client and runner as in the Flask tutorial, plus the worked hands."""

from __future__ import annotations

import json
import os
import secrets
import shutil
from pathlib import Path

import pytest
from sqlalchemy import text

from companion import create_app
from companion.db import make_engine, upgrade

ROOT = Path(__file__).resolve().parent.parent
#: The worked hands (inputs and exact results), the tests' own copy.
EXAMPLES = sorted((ROOT / "tests" / "data" / "examples").glob("*.json"))


def load_example(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


#: Set by `make test` for its second run: the whole suite again on PostgreSQL.
POSTGRES_URL = os.environ.get("TEST_DATABASE_URL", "")
_schemas: list[str] = []


def database_url(db_path: Path) -> str:
    """A fresh, empty database: a SQLite file, or a schema of its own on PostgreSQL."""
    if not POSTGRES_URL:
        return f"sqlite:///{db_path}"
    schema = "t_" + secrets.token_hex(6)
    engine = make_engine(POSTGRES_URL)
    with engine.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    engine.dispose()
    _schemas.append(schema)
    sep = "&" if "?" in POSTGRES_URL else "?"
    return f"{POSTGRES_URL}{sep}options=-csearch_path%3D{schema}"


def make_app(db_path: Path, **config):
    limits = {"LIMIT_NEW_SESSIONS": "1000 per minute", "LIMIT_SAVES": "1000 per minute"}  # test_limits.py: tight
    base = {"TESTING": True, "SECRET_KEY": "test", "BASE_URL": "http://localhost", **limits}
    app = create_app({**base, "DATABASE_URL": database_url(db_path), **config})
    upgrade(app.extensions["db_engine"])
    return app


@pytest.fixture(scope="session", autouse=True)
def _drop_test_schemas():
    yield
    if POSTGRES_URL and _schemas:
        engine = make_engine(POSTGRES_URL)
        for schema in _schemas:  # one transaction each: all at once outgrows PostgreSQL's lock table
            with engine.begin() as connection:
                connection.execute(text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
        engine.dispose()


def pytest_report_header(config):
    return f"database: {'PostgreSQL ' + POSTGRES_URL if POSTGRES_URL else 'SQLite (one file per test)'}"


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
