"""Fixtures: app, client and runner as in the Flask tutorial, plus the worked hands."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from companion import create_app
from companion.db import upgrade

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT.parent / "shared" / "examples").glob("*.json"))


def load_example(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def make_app(db_path: Path, **config):
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": f"sqlite:///{db_path}", **config})
    upgrade(app.extensions["db_engine"])
    return app


@pytest.fixture
def app(tmp_path):
    """An app on a fresh SQLite database, CSRF on as in production."""
    return make_app(tmp_path / "test.sqlite3")


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
