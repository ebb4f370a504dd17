"""Auction Auction engine benchmark: a program that prints figures, not a test.

    .venv/bin/python tests/benchmarks/bench_engine.py [--seconds 5] [--players 12]

Plays complete random matches (12 players by default, default options) one after another on
one core, the way the conformance suite's playouts do: `engine.random_move`, then
`engine.apply`, a refused move skipped. Prints matches per second (setup, random moves and
applies, all in), the mean number of moves drawn and accepted per match, and the p50, p99 and
maximum time of one `engine.apply` call (`time.perf_counter_ns` around it alone, refused moves
included), overall and by kind of move. Targets: at least 200 matches per second, p99 under
1 ms.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time

from machine import cpu_model, pin_to_one_core

from games.core.errors import RuleError
from games.registry import engine_for

GAME = "auction-auction"
TARGET_MATCHES_PER_SECOND = 200
TARGET_P99_NS = 1_000_000
WARM_UP_MATCHES = 20


def play(players: list[str], seed: int, timings: dict[str, list[int]] | None) -> tuple[int, int]:
    """One complete random match; returns (moves drawn, moves accepted). Adds the time of each
    apply to `timings` under its kind of move."""
    engine = engine_for(GAME)
    state, _ = engine.setup(players, engine.parse_options({}), seed)
    rnd = random.Random(seed)
    drawn = accepted = 0
    while not engine.is_finished(state):
        actor, move = engine.random_move(state, rnd)
        drawn += 1
        kind = move.type
        start = time.perf_counter_ns()
        try:
            engine.apply(state, actor, move)
        except RuleError:
            kind += " (refused)"
        else:
            accepted += 1
        finally:
            if timings is not None:
                timings.setdefault(kind, []).append(time.perf_counter_ns() - start)
    return drawn, accepted


def percentile(ordered: list[int], fraction: float) -> int:
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def spread(times: list[int]) -> str:
    ordered = sorted(times)
    p50, p99, worst = (percentile(ordered, 0.5), percentile(ordered, 0.99), ordered[-1])
    return f"p50 {p50 / 1000:.1f} us, p99 {p99 / 1000:.1f} us, max {worst / 1000:.1f} us"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="how long to play")
    parser.add_argument("--players", type=int, default=12, help="players per match (4-12)")
    args = parser.parse_args()
    players = [f"p{i}" for i in range(1, args.players + 1)]
    pinned = pin_to_one_core()

    for seed in range(WARM_UP_MATCHES):
        play(players, seed, None)

    timings: dict[str, list[int]] = {}
    matches = drawn = accepted = 0
    seed = WARM_UP_MATCHES
    began = time.perf_counter()
    while time.perf_counter() - began < args.seconds:
        moves, took = play(players, seed, timings)
        matches += 1
        drawn += moves
        accepted += took
        seed += 1
    elapsed = time.perf_counter() - began

    rate = matches / elapsed
    every = sorted(t for times in timings.values() for t in times)
    p99 = percentile(every, 0.99)
    print(f"machine: {os.cpu_count()} cores, {cpu_model()}, {pinned}")
    print(f"python: {sys.version.split()[0]} ({platform.python_implementation()})")
    print(f"{GAME}, {args.players} players, default options, {elapsed:.1f} s")
    print(f"matches: {matches}, {rate:.0f} per second (target >= {TARGET_MATCHES_PER_SECOND})")
    print(f"moves per match: {drawn / matches:.1f} drawn, {accepted / matches:.1f} accepted")
    print(
        f"apply: {spread(every)} over {len(every)} calls "
        f"(target p99 < {TARGET_P99_NS / 1000:.0f} us)"
    )
    for kind, times in sorted(timings.items(), key=lambda item: -len(item[1])):
        print(f"  {kind}: {spread(times)} over {len(times)} calls")
    met = rate >= TARGET_MATCHES_PER_SECOND and p99 < TARGET_P99_NS
    print("targets:", "met" if met else "MISSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
