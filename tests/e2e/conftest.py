"""A live app on a free loopback port for the browser tests."""

from __future__ import annotations

import threading

import pytest
from werkzeug.serving import make_server

from tests.conftest import make_app


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("live") / "live.sqlite3")
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)
