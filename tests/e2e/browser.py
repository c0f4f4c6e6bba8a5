"""The browser tests' fixtures, wherever the tests live (tests/e2e/, tests/games/<id>/test_e2e.py): a live app on a
free loopback port, and phones.

``phone`` is a Pixel 7; a layout test (``@pytest.mark.layout``: what is on screen, widths, boxes) runs on an
iPhone 13 too, the narrower and shorter of the two.
"""

from __future__ import annotations

import threading

import pytest
from werkzeug.serving import make_server

from tests.conftest import make_app


def _serve(path, **config):
    app = make_app(path, **config)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    app.config["BASE_URL"] = f"http://127.0.0.1:{server.server_port}"  # share links lead back here
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)
    app.extensions["db_engine"].dispose()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """The app, its hand forms previewed by the server alone: each phone starting Pyodide beside every hand form
    would cost a test seconds of both cores (``phone_server`` has it, for the tests of the phone's own Python)."""
    yield from _serve(tmp_path_factory.mktemp("live") / "live.sqlite3", PHONE_WORKER=False)


@pytest.fixture(scope="session")
def phone_server(tmp_path_factory):
    """The app as served: a hand form starts the phone's own Python beside it (``static/phone.js``)."""
    yield from _serve(tmp_path_factory.mktemp("phone") / "phone.sqlite3")


#: The two phones a layout test runs on (Chromium in both; iPhone 13's own browser type dropped); other tests
#: run on the first.
DEVICES = ("Pixel 7", "iPhone 13")

#: Layout tests in files being edited elsewhere, marked here until they carry ``@pytest.mark.layout`` themselves:
#: (file name, test name).
LAYOUT_ELSEWHERE = frozenset(
    {
        ("test_board.py", "test_final_standings_keep_each_players_money_on_their_own_row"),
        ("test_board.py", "test_house_rules_and_coins_keep_the_space_before_their_note"),
        ("test_board.py", "test_a_followers_open_hand_stays_open_and_in_place_when_the_next_hand_arrives"),
        ("test_board.py", "test_a_returning_phone_finds_its_running_session_and_groups_first"),
        ("test_board.py", "test_a_table_wider_than_the_phone_says_it_scrolls"),
    }
)


def is_layout(definition: pytest.Function) -> bool:
    return bool(definition.get_closest_marker("layout")) or (definition.path.name, definition.originalname) in (
        LAYOUT_ELSEWHERE
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "phone" in metafunc.fixturenames:
        devices = DEVICES if is_layout(metafunc.definition) else DEVICES[:1]
        metafunc.parametrize("phone", devices, indirect=True)


def device(playwright, name: str) -> dict:
    settings = dict(playwright.devices[name])
    settings.pop("default_browser_type", None)
    return settings


@pytest.fixture
def phone(request, browser, playwright):
    """A page on a fresh phone (its own cookies): a Pixel 7, and for a layout test an iPhone 13 too."""
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
