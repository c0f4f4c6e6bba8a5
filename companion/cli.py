"""``python -m companion``: score hands from the command line.

``score [FILE]`` reads one hand record (JSON) from FILE or standard input and
prints the result. A hand names its game in ``"game"`` (``sussex``, ``tapp``
or ``french``); without it, it is a Sussex Tarot hand. ``score --jsonl`` reads one hand per line and writes one
result per line. Invalid input exits with status 2 and says which field is
at fault; it never prints a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO

from .games import score_json
from .games.common import InvalidHand

EXIT_INVALID = 2


def _parse_json(text: str) -> object:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidHand("hand", f"Not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") from None
    except RecursionError:
        raise InvalidHand("hand", "Not valid JSON (nested too deeply)") from None


def score_one(source: IO[str], out: IO[str], err: IO[str], working: bool = False) -> int:
    try:
        result = score_json(_parse_json(source.read()), working)
    except InvalidHand as exc:
        err.write(f"invalid hand: {exc.field}: {exc.message}\n")
        return EXIT_INVALID
    out.write(json.dumps(result, ensure_ascii=False) + "\n")
    return 0


def score_lines(source: IO[str], out: IO[str], err: IO[str], working: bool = False) -> int:
    status = 0
    for number, line in enumerate(source, start=1):
        try:
            result = score_json(_parse_json(line), working)
        except InvalidHand as exc:
            result = exc.to_json()
            err.write(f"line {number}: invalid hand: {exc.field}: {exc.message}\n")
            status = EXIT_INVALID
        out.write(json.dumps(result, ensure_ascii=False) + "\n")
    return status


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m companion", description="Sussex Tarot companion.")
    commands = parser.add_subparsers(dest="command", required=True)
    score = commands.add_parser("score", help="score a hand record (JSON) and print the result")
    score.add_argument("file", nargs="?", help="hand record file (default: standard input)")
    score.add_argument("--jsonl", action="store_true", help="one hand per line in, one result per line out")
    score.add_argument("--working", action="store_true", help="add the working (one sentence per line) to results")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)  # exits 2 itself on bad usage
    run = score_lines if args.jsonl else score_one
    try:
        if args.file is None:
            return run(sys.stdin, sys.stdout, sys.stderr, args.working)
        with open(args.file, encoding="utf-8") as source:
            return run(source, sys.stdout, sys.stderr, args.working)
    except OSError as exc:
        sys.stderr.write(f"invalid hand: hand: cannot read {args.file}: {exc.strerror}\n")
    except UnicodeDecodeError:
        sys.stderr.write("invalid hand: hand: The input is not UTF-8 text.\n")
    return EXIT_INVALID
