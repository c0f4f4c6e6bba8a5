"""Benchmark of the scoring engine (a script that prints figures, not a test).

1. Hands scored per second in-process on one core, for a mix of all four
   kinds of game (parsing the JSON record and scoring it, and scoring alone).
2. Time per line of ``python -m companion score --jsonl`` for 10,000 lines.
"""

from __future__ import annotations

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

from companion.games.sussex import PACK, Bid, Category, HandRecord, Suit, category_of, score  # noqa: E402

KINDS = ("partner", "silent-solo", "announced-solo", "stung")


def make_hand(rng: random.Random, kind: str) -> dict:
    young = rng.choice(list(Suit))
    declarer = rng.randrange(4)
    others = [s for s in range(4) if s != declarer]
    banned = kind == "announced-solo"
    called = rng.choice([c for c in PACK if (category_of(c, young) is Category.BANNED) == banned])
    points = rng.randrange(131)
    hand = {
        "bid": rng.choice(list(Bid)).id,
        "declarer": declarer,
        "called_card": called.code,
        "young_trumps": young.value,
        "points": points,
        "declarations": rng.choice([[], ["trull"], ["8-old", "full-court"], ["10-old", "three-kings"]]),
        "bonuses": rng.choice([{}, {"trull": "declarer"}, {"four-kings": "defence", "valat": "declarer"}]),
        "announced": rng.choice([[], ["pagat-ultimo"], ["double-martlets"]]),
        "martlets": {"declarer": rng.randrange(4), "defence": rng.randrange(4)},
    }
    if kind in ("silent-solo", "announced-solo"):
        hand["holder"] = declarer
    else:
        hand["holder"] = rng.choice(others)
    if kind == "stung":
        hand.update(in_trug=True, stinger_points=rng.randrange(131 - points))
    return hand


def best_rate(work, items, repeats: int = 5) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for item in items:
            work(item)
        best = min(best, time.perf_counter() - start)
    return len(items) / best


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    rng = random.Random(20261121)
    hands = [make_hand(rng, KINDS[i % 4]) for i in range(20_000)]
    kinds = {k: sum(HandRecord.from_json(h).kind.id == k for h in hands) for k in KINDS}
    records = [HandRecord.from_json(h) for h in hands]

    full = best_rate(lambda h: score(HandRecord.from_json(h)).to_json(), hands)
    only = best_rate(score, records)
    print(f"mix of {len(hands):,} hands: " + ", ".join(f"{k} {n:,}" for k, n in kinds.items()))
    print(f"in-process, one core, parse + check + score + result JSON: {full:,.0f} hands/s")
    print(f"in-process, one core, score only (record already built):   {only:,.0f} hands/s")

    lines = 10_000
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
