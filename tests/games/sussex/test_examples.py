"""The worked hands of tests/data/examples through the command line, beyond what the conformance suite runs for
every game (tests/games/conformance/test_worked_hands.py: each hand through the engine, the API, the command line
and the hand form; each invalid one refused by each, naming its field)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.cli import run_cli
from tests.conftest import EXAMPLES, ROOT, load_example

VALID = [p for p in EXAMPLES if "expect" in load_example(p)]
INVALID = [p for p in EXAMPLES if "expect_error_field" in load_example(p)]


def test_the_examples_are_there():
    assert len(VALID) >= 15 and len(INVALID) >= 6, "tests/data/examples is incomplete"


def test_python_m_companion_scores_and_refuses_as_a_program(tmp_path):
    """The one run in a process of its own: ``__main__``, the exit status, UTF-8 out, a file named."""

    def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "companion", *args],
            input=stdin,
            capture_output=True,
            text=True,
            encoding="utf-8",
            cwd=ROOT,
            timeout=60,
        )

    example = load_example(VALID[0])
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(example["hand"]), encoding="utf-8")
    done = run("score", str(path))
    assert done.returncode == 0 and done.stderr == "", done.stderr
    got = json.loads(done.stdout)
    assert got["net_halfpence"] == example["expect"]["net_halfpence"] and got["net_sd"] == example["expect"]["net_sd"]
    invalid = load_example(INVALID[0])
    refused = run("score", stdin=json.dumps(invalid["hand"]))
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.startswith(f"invalid hand: {invalid['expect_error_field']}:")
    assert "Traceback" not in refused.stderr
    assert run("score", "--no-such-option").returncode == 2  # argparse's own refusal


def test_cli_jsonl_keeps_order_and_flags_invalid_lines():
    hands = [load_example(p)["hand"] for p in EXAMPLES]
    proc = run_cli("score", "--jsonl", stdin="\n".join(json.dumps(h) for h in hands) + "\n")
    assert proc.returncode == 2  # some examples are invalid
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(out) == len(EXAMPLES)
    for path, got in zip(EXAMPLES, out, strict=True):
        example = load_example(path)
        if "expect" in example:
            assert got["net_halfpence"] == example["expect"]["net_halfpence"]
            assert got["lines"] == example["expect"]["lines"]
        else:
            assert got["field"] == example["expect_error_field"] and got["error"]


def test_cli_jsonl_all_valid_exits_zero():
    hands = [load_example(p)["hand"] for p in VALID]
    proc = run_cli("score", "--jsonl", stdin="".join(json.dumps(h) + "\n" for h in hands))
    assert proc.returncode == 0
    assert len(proc.stdout.splitlines()) == len(VALID)


def test_cli_reads_a_file(tmp_path):
    hand = load_example(VALID[0])["hand"]
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand))
    proc = run_cli("score", str(path))
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["net_halfpence"] == load_example(VALID[0])["expect"]["net_halfpence"]


def test_cli_a_file_that_is_not_utf8_is_refused_without_traceback(tmp_path):
    path = tmp_path / "hand.json"
    path.write_bytes(b'{"bid": "4", "declarer": "\xff"}')
    proc = run_cli("score", str(path))
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == "invalid hand: hand: The input is not UTF-8 text.\n"


@pytest.mark.parametrize(
    ("stdin", "field"),
    [("not json", "hand"), ("[1, 2]", "hand"), ('{"bid": "4"}', "declarer"), ("[" * 100000, "hand"), ("", "hand")],
)
def test_cli_nonsense_is_refused_without_traceback(stdin, field):
    proc = run_cli("score", stdin=stdin)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1 and field in proc.stderr
    assert "Traceback" not in proc.stderr


def test_cli_missing_file_is_status_2():
    proc = run_cli("score", "/no/such/hand.json")
    assert proc.returncode == 2 and proc.stdout == "" and "Traceback" not in proc.stderr


def test_cli_working_adds_the_sentences():
    hand = load_example(VALID[0])["hand"]
    plain = json.loads(run_cli("score", stdin=json.dumps(hand)).stdout)
    explained = json.loads(run_cli("score", "--working", stdin=json.dumps(hand)).stdout)
    assert "working" not in plain
    assert explained["working"] and all(s.endswith(".") for s in explained["working"])
    assert {k: v for k, v in explained.items() if k != "working"} == plain
