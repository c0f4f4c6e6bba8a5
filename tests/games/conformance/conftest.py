"""One app (and database) per test module of the conformance suite: the worked hands each start sessions of
their own in it."""

from __future__ import annotations

import pytest

from tests.conftest import make_app


@pytest.fixture(scope="module")
def web_app(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("conformance") / "conformance.sqlite3")
    yield app
    app.extensions["db_engine"].dispose()
