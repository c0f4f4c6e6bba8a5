"""Benchmark of the scoring engine (a script that prints figures, not a test).

1. Hands scored per second in-process on one core, for a mix of all four
   kinds of game (parsing the JSON record and scoring it, and scoring alone).
2. Time per line of ``python -m companion score --jsonl`` for 10,000 lines.

Every random hand is one the engine accepts: a candidate is drawn with card
points that fit its bonuses (a valat leaves the other side only its trugs),
and kept only if ``HandRecord.from_json`` takes it.

    .venv/bin/python scripts/bench_engine.py           # the figures (20,000 hands)
    .venv/bin/python scripts/bench_engine.py --tiny    # a quick run that it works (or BENCH_TINY=1)
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.games.sussex import (  # noqa: E402
    PACK,
    TOTAL_CARD_POINTS,
    Bid,
    Category,
    HandRecord,
    InvalidHand,
    Side,
    Suit,
    category_of,
    most_points,
    points_if_valat,
    score,
)

KINDS = ("partner", "silent-solo", "announced-solo", "stung")


#: Bonuses made, one set drawn a hand: none, a trull, or four kings against a valat for declarer's side.
BONUSES = ({}, {"trull": "declarer"}, {"four-kings": "defence", "valat": "declarer"})
#: A warden's trug: 2 cards, at most 10 card points (all a stinger has when declarer wins every trick).
TRUG_POINTS = most_points(2)
#: Draws before giving up on a kind of hand: each candidate is refused only rarely, if ever.
ATTEMPTS = 1000


def candidate(rng: random.Random, kind: str) -> dict:
    """A random hand of ``kind``, its card points drawn within what its bonuses allow."""
    young = rng.choice(list(Suit))
    declarer = rng.randrange(4)
    others = [s for s in range(4) if s != declarer]
    banned = kind == "announced-solo"
    called = rng.choice([c for c in PACK if (category_of(c, young) is Category.BANNED) == banned])
    bonuses = rng.choice(BONUSES)
    valat = bonuses.get("valat")
    # A valat for a side: the other side has only its trugs, so the card points lie in a narrow range.
    possible = points_if_valat(Side(valat), partner_game=kind == "partner") if valat else range(TOTAL_CARD_POINTS + 1)
    points = rng.choice(possible)
    hand = {
        "bid": rng.choice(list(Bid)).id,
        "declarer": declarer,
        "called_card": called.code,
        "young_trumps": young.value,
        "points": points,
        "declarations": rng.choice([[], ["trull"], ["8-old", "full-court"], ["10-old", "three-kings"]]),
        "bonuses": dict(bonuses),
        "announced": rng.choice([[], ["pagat-ultimo"], ["double-martlets"]]),
        "martlets": {"declarer": rng.randrange(4), "defence": rng.randrange(4)},
    }
    if kind in ("silent-solo", "announced-solo"):
        hand["holder"] = declarer
    else:
        hand["holder"] = rng.choice(others)
    if kind == "stung":
        most = TOTAL_CARD_POINTS - points
        if valat == Side.DECLARER.value:  # declarer won every trick: the stinger has only their trug
            most = min(most, TRUG_POINTS)
        hand.update(in_trug=True, stinger_points=rng.randrange(most + 1))
    return hand


def make_hand(rng: random.Random, kind: str) -> dict:
    """A random hand of ``kind`` that the engine accepts: candidates are drawn until ``from_json`` takes one.

    So a check the engine gains later cannot make the benchmark (or ``make load``) crash: the hands it
    refuses are drawn again instead.
    """
    for _ in range(ATTEMPTS):
        hand = candidate(rng, kind)
        try:
            record = HandRecord.from_json(hand)
        except InvalidHand:
            continue
        if record.kind.id == kind:
            return hand
    raise RuntimeError(f"no {kind} hand the engine accepts in {ATTEMPTS} draws: see candidate()")


def best_rate(work, items, repeats: int = 5) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for item in items:
            work(item)
        best = min(best, time.perf_counter() - start)
    return len(items) / best


def tiny_default() -> bool:
    """``BENCH_TINY=1`` in the environment: the quick run, as ``--tiny`` (``make bench-engine BENCH_TINY=1``)."""
    return os.environ.get("BENCH_TINY", "") not in ("", "0")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, help="random hands scored in-process (20,000)")
    parser.add_argument("--lines", type=int, help="lines sent to score --jsonl (10,000)")
    parser.add_argument(
        "--tiny", action="store_true", default=tiny_default(), help="a quick run: 400 hands, 100 lines, timed once"
    )
    args = parser.parse_args()
    count, lines, repeats = (400, 100, 1) if args.tiny else (20_000, 10_000, 5)
    count = count if args.hands is None else args.hands  # what is given on the command line stays
    lines = min(count, lines if args.lines is None else args.lines)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    rng = random.Random(20261121)
    hands = [make_hand(rng, KINDS[i % 4]) for i in range(count)]
    kinds = {k: sum(HandRecord.from_json(h).kind.id == k for h in hands) for k in KINDS}
    records = [HandRecord.from_json(h) for h in hands]

    full = best_rate(lambda h: score(HandRecord.from_json(h)).to_json(), hands, repeats)
    only = best_rate(score, records, repeats)
    print(f"mix of {len(hands):,} hands: " + ", ".join(f"{k} {n:,}" for k, n in kinds.items()))
    print(f"in-process, one core, parse + check + score + result JSON: {full:,.0f} hands/s")
    print(f"in-process, one core, score only (record already built):   {only:,.0f} hands/s")

    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.writelines(json.dumps(h) + "\n" for h in hands[:lines])
        path = f.name
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write(json.dumps(hands[0]) + "\n")
        one = f.name
    cli = [sys.executable, "-m", "companion", "score", "--jsonl"]
    timings = []
    for target in (one, path):
        start = time.perf_counter()
        done = subprocess.run([*cli, target], cwd=ROOT, capture_output=True, text=True, check=True)
        timings.append(time.perf_counter() - start)
    assert len(done.stdout.splitlines()) == lines
    os.unlink(path)
    os.unlink(one)
    startup, total = timings
    print(
        f"--jsonl, {lines:,} lines: {total:.2f} s in all, {total / lines * 1e6:.0f} µs per line "
        f"({(total - startup) / (lines - 1) * 1e6:.0f} µs per line after {startup * 1000:.0f} ms start-up)"
    )


if __name__ == "__main__":
    main()
