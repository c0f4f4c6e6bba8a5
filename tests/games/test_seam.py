"""The seam between a game and the rest: ``Game[R]`` is typed by its record, and a game's form module is given
its game rather than importing it (no ``game.py`` ↔ ``form.py`` import cycle)."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games import GAMES
from tests.conftest import ROOT
from tests.games.conformance.worked import form_app

GAMES_DIR = ROOT / "companion" / "games"
#: Every game's package (a folder with a game and a form module).
PACKAGES = sorted(p.parent for p in GAMES_DIR.glob("*/game.py") if (p.parent / "form.py").is_file())


def imported(module: Path) -> set[str]:
    """The modules of its own package that a module imports anywhere (inside functions too), by name:
    ``__init__`` for the package itself."""
    package = module.parent
    found = set()
    for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:  # from .game import GAME
                found.add(node.module.split(".")[0])
            else:  # from . import game, or names the package's __init__ gives
                found.update(a.name if (package / f"{a.name}.py").is_file() else "__init__" for a in node.names)
        elif isinstance(node, ast.ImportFrom | ast.Import):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            prefix = f"companion.games.{package.name}"
            for name in names:
                if name == prefix:
                    found.add("__init__")
                elif name.startswith(prefix + "."):
                    found.add(name.removeprefix(prefix + ".").split(".")[0])
    return found


def reached(package: Path, start: str) -> set[str]:
    """The modules of the package that importing ``start`` imports, directly or through one another."""
    seen, todo = set(), [start]
    while todo:
        name = todo.pop()
        path = package / f"{name}.py"
        if name in seen or not path.is_file():
            continue
        seen.add(name)
        todo.extend(imported(path))
    return seen - {start}


def test_every_game_has_a_package_here():
    assert {p.name for p in PACKAGES} == {type(g).__module__.split(".")[2] for g in GAMES.values()}


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_a_games_form_module_never_imports_its_game_module(package):
    """Not directly, not lazily inside a function, and not through the package's ``__init__`` (which imports the
    game): the game names its form class, and the form gets the game when it is made."""
    found = reached(package, "form")
    assert "game" not in found and "__init__" not in found, found
    assert "form" in imported(package / "game.py")


@pytest.mark.parametrize("game", GAMES.values(), ids=lambda g: g.id)
def test_a_hand_form_is_given_its_game(game):
    names = ["Ann", "Bob", "Cat", "Dan", "Eve"][: game.players[0]]
    with form_app().test_request_context():
        form = game.hand_form(names, game.options({}), meta={"csrf": False})
    assert form.game is game and isinstance(form, game.form_class)


#: Code that mixes two games' records and forms: mypy --strict refuses each line marked ``# refused``.
MIXED = """
from collections.abc import Sequence

from companion.games.base import Game
from companion.games.french.form import FrenchForm
from companion.games.french.rules import FrenchHand
from companion.games.tapp.game import GAME as TAPP
from companion.games.tapp.rules import TappHand, TappResult, score


class Mixed(Game[TappHand]):
    record_class = FrenchHand  # refused
    form_class = FrenchForm  # refused

    def result(self, record: TappHand, names: Sequence[str] | None = None) -> TappResult:
        return score(record, names)

    def describe(self, record: FrenchHand, names: Sequence[str]) -> str:  # refused
        return ""


def mixed(french: FrenchHand) -> int:
    TAPP.score(french)  # refused
    TAPP.form_data(french)  # refused
    points: int = TAPP.result(TAPP.parse({})).net[0]
    bid: int = TAPP.hand_form([], None).to_record()  # refused
    return points + bid
"""


def test_mypy_checks_the_record_type_across_the_seam(tmp_path):
    source = tmp_path / "mixed.py"
    source.write_text(MIXED, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache"), "--no-error-summary", str(source)],
        cwd=ROOT,
        env={**os.environ, "MYPYPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    refused = {n for n, line in enumerate(MIXED.splitlines(), 1) if line.endswith("# refused")}
    errors = {int(m[1]) for m in re.finditer(rf"^{re.escape(str(source))}:(\d+): error:", done.stdout, re.M)}
    assert errors == refused, done.stdout
