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
    app.config["BASE_URL"] = f"http://127.0.0.1:{server.server_port}"  # share links lead back here
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)


#: The two phones every player-facing test runs on (Chromium in both; iPhone 13's own browser type dropped).
DEVICES = ("Pixel 7", "iPhone 13")


def device(playwright, name: str) -> dict:
    settings = dict(playwright.devices[name])
    settings.pop("default_browser_type", None)
    return settings


@pytest.fixture(params=DEVICES)
def phone(request, browser, playwright):
    """A page on a fresh phone (its own cookies), once as a Pixel 7 and once as an iPhone 13."""
    context = browser.new_context(**device(playwright, request.param))
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def new_phone(browser, playwright, request):
    """More phones of the same kind as ``phone``, each with its own cookies (another player's)."""
    contexts = []

    def make(name: str | None = None):
        kind = name or getattr(request.node, "callspec", None) and request.node.callspec.params.get("phone")
        context = browser.new_context(**device(playwright, kind or DEVICES[0]))
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()
