"""Each benchmark script that the Makefile runs, at its tiny size (``--tiny``): it exits 0 and prints its figures.

The figures themselves are not checked here (they depend on the machine); that the scripts still run is. Each
runs as ``make`` runs it, in a process of its own, from the project's root.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from tests.conftest import POSTGRES_URL, ROOT

#: Seconds a tiny run may take at most: a hang, not a slow machine. bench.py takes about 80 s on an idle two-core
#: machine (its browser parts start Pyodide page after page), twice that beside the rest of the suite.
TIMEOUT = 900


def run_script(name: str, *args: str, env: dict[str, str] | None = None) -> str:
    """``python scripts/<name> --tiny <args>``: its output, after checking that it exited 0."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / name), "--tiny", *args],
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert done.returncode == 0, f"{name} exited {done.returncode}\n{done.stdout}\n{done.stderr}"
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


def figure(output: str, pattern: str) -> str:
    """The line of ``output`` that matches ``pattern`` (which must carry a number)."""
    found = re.search(pattern, output, re.MULTILINE)
    assert found, f"no line matching {pattern!r} in:\n{output}"
    return found.group(0)


def test_bench_engine():
    out = run_script("bench_engine.py")
    figure(out, r"^mix of [\d,]+ hands: partner [\d,]+, silent-solo [\d,]+, announced-solo [\d,]+, stung [\d,]+$")
    figure(out, r"^in-process, one core, parse \+ check \+ score \+ result JSON: +[\d,]+ hands/s$")
    figure(out, r"^in-process, one core, score only .*: +[\d,]+ hands/s$")
    figure(out, r"^--jsonl, [\d,]+ lines: [\d.]+ s in all, \d+ µs per line")


@pytest.mark.long
def test_load():
    """On the suite's database: SQLite, or PostgreSQL on the suite's PostgreSQL pass (TEST_DATABASE_URL)."""
    if POSTGRES_URL:
        out = run_script("load.py", "--only", "postgresql", env={"TEST_POSTGRES_URL": POSTGRES_URL})
        label = "PostgreSQL"
    else:
        out = run_script("load.py", "--only", "sqlite")
        label = "SQLite"
    figure(out, r"^ +\d+ +[\d.]+ +[\d.]+ +[\d.]+ +[\d.]+ +\d+ ")  # the level's line: tables, req/s, p50, p95, p99
    figure(out, rf"^{label}: \d+ tables at once with p95 < 100 ms and no errors$")
    saved = figure(out, r"^stored data \(([\d,]+) hands answered saved\): each stored once, payments match")
    assert not re.search(r"^ +error:", out, re.MULTILINE), out  # every request answered as expected
    assert int(re.search(r"\((\d+) hands", saved).group(1)) > 0, out  # the tiny run saves two hands


@pytest.mark.e2e
@pytest.mark.long
def test_bench():
    out = run_script("bench.py")
    figure(out, r"^  preview after a tap +\d+ +\d+ +600 ")
    figure(out, r"^first visit +[\d,]+ B ")
    figure(out, r"^Sussex, plain partner hand +\d+ \(\d+\+\d+\+\d+\)")
    figure(out, r"^16 +[\d.]+ +1 +1\.0$")  # growth: the scoreboard of 16 hands
    figure(out, r"^SQLite +[\d.]+ +[\d.]+ +[\d.]+ +[\d,]+$")  # a club's statistics
    figure(out, r"^SQLite +group page +[\d.]+ +[\d.]+ +[\d,]+ +\d+ (ok|OVER)$")  # bounds: the biggest group's page
