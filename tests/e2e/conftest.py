"""The browser tests' fixtures live in ``tests/e2e/browser.py`` (a plugin of the whole suite, as per-game browser
tests live in ``tests/games/<id>/``); the names some tests import from here stay."""

from __future__ import annotations

from tests.e2e.browser import DEVICES, device

__all__ = ["DEVICES", "device"]
