"""Every worked hand of tests/data/examples, through the engine and the command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.games.sussex import HandRecord, InvalidHand, score, score_json
from tests.conftest import EXAMPLES, ROOT, load_example

VALID = [p for p in EXAMPLES if "expect" in load_example(p)]
INVALID = [p for p in EXAMPLES if "expect_error_field" in load_example(p)]
EXPECTED_KEYS = ("kind", "made", "stinger_made", "category", "net_halfpence", "net_sd", "lines")


def test_the_examples_are_there():
    assert len(VALID) >= 15 and len(INVALID) >= 6, "tests/data/examples is incomplete"


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_engine_scores_example(path):
    example = load_example(path)
    got = score_json(example["hand"])
    for key in EXPECTED_KEYS:
        assert got[key] == example["expect"][key], key


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_example_record_round_trips(path):
    hand = HandRecord.from_json(load_example(path)["hand"])
    again = HandRecord.from_json(json.loads(json.dumps(hand.to_json())))
    assert again == hand
    assert score(again).lines == score(hand).lines


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_engine_refuses_example(path):
    example = load_example(path)
    with pytest.raises(InvalidHand) as caught:
        score_json(example["hand"])
    assert caught.value.field == example["expect_error_field"]


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "companion", *args], input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60
    )


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_cli_scores_example_file(path):
    example = load_example(path)
    proc = run_cli("score", stdin=json.dumps(example["hand"]))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    got = json.loads(proc.stdout)
    for key in EXPECTED_KEYS:
        assert got[key] == example["expect"][key], key


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_cli_refuses_example(path):
    example = load_example(path)
    proc = run_cli("score", stdin=json.dumps(example["hand"]))
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and example["expect_error_field"] in lines[0]
    assert "Traceback" not in proc.stderr


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
