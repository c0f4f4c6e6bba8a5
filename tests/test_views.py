"""The view objects behind the seam (``companion.views``): plain Python that any store builds. A board built from
plain rows, as the phone keeps them (``journal``), is the server's board figure for figure; and every module the
phone's bundle ships imports with no database library at all."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from companion.games import GAMES
from companion.journal import KeptHand
from companion.phone import MODULES
from companion.store import load_scoreboard
from companion.views import HandRow, HandView, Scoreboard, SessionDocument, SessionRow
from tests.conftest import ROOT
from tests.test_figures_agree import SESSIONS, club, db  # noqa: F401  (fixtures)


def plain_board(sitting: Any, stored: Any) -> Scoreboard:
    """``sitting``'s board built again from plain copies of its rows, as the phone keeps them (``journal``)."""
    document = SessionDocument.of(sitting)
    rows: list[HandRow] = [KeptHand(h.deal, h.version, json.dumps(h.record.to_json()), h.payments) for h in stored]
    row: SessionRow = document
    return Scoreboard(row, [HandView.of(h, row) for h in rows])


def figures(board: Scoreboard) -> tuple[Any, ...]:
    return (
        board.totals,
        board.money,
        board.outcome,
        board.ledger,
        [(p.payer, p.payee, p.amount) for p in board.settlement],
        board.heading,
        board.progress,
        [(s.name, s.total, s.money, s.place, s.equal) for s in board.ranking],
        [h.scored for h in board.hands],
    )


def test_a_board_built_from_plain_rows_is_the_servers_board(db, club):  # noqa: F811
    _, sittings = club
    assert len(sittings) == len(SESSIONS) and {s.game for s in sittings} == set(GAMES)
    for sitting in sittings:
        server = load_scoreboard(db, sitting)
        assert server.hands and figures(plain_board(sitting, server.hands)) == figures(server), sitting.game


def test_every_module_the_phone_ships_imports_without_a_database_library():
    assert "views.py" in MODULES
    shipped = [m.removesuffix(".py").replace("/", ".") for m in MODULES if m.endswith(".py")]
    blocked = (
        "import sys\nfor name in ('sqlmodel', 'sqlalchemy', 'psycopg', 'sqlite3'):\n    sys.modules[name] = None\n"  # noqa: E501
    )
    imports = "".join(f"import companion.{m}\n".replace("companion.__init__", "companion") for m in shipped)
    done = subprocess.run([sys.executable, "-c", blocked + imports], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
