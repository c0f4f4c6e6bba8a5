"""Each game is a package of its own: the shared modules reach a game only through the registry
(issue: Sussex Tarot is one package among six)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "companion"
#: An import of Sussex Tarot's package, absolute or relative.
SUSSEX_IMPORT = re.compile(r"games\.sussex|games import (\(\s*)?([\w, ]*\b)?sussex\b|from \.+sussex\b")


def test_no_shared_module_imports_sussex_tarot():
    # The migrations keep their import of the record as it was when they were written.
    shared = [p for p in ROOT.rglob("*.py") if not p.is_relative_to(ROOT / "games") and "migrations" not in p.parts]
    assert shared
    found = [
        f"{path.relative_to(ROOT.parent)}:{n}: {line.strip()}"
        for path in shared
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if SUSSEX_IMPORT.search(line)
    ]
    assert found == []


def test_the_shared_reference_templates_are_only_the_layout_and_index():
    """Sussex Tarot's sheets are in its package, as every other game's page is in its own."""
    shared = ROOT.parent / "templates" / "reference"
    assert sorted(p.name for p in shared.iterdir()) == ["_layout.html", "_nav.html", "index.html"]
    assert (ROOT / "games" / "sussex" / "templates" / "games" / "sussex" / "sheets" / "bids.html").is_file()
