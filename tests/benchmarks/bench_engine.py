"""Engine benchmark: random matches per second, a program that prints figures, not a test.

    .venv/bin/python tests/benchmarks/bench_engine.py [--seconds 5] [--game ID] [--players N]
        [--matches N]

Plays complete random matches of each game (every game of the registry, or `--game`; default
options) one after another on one core, the way the conformance suite's playouts do:
`engine.random_move`, then `engine.apply`, a refused move skipped; no views, dumps or storage.
Players per match (`--players` for all): the counts issue 43 measured, the Mars Auction 5,
Atrades 5, Project Mars 2, Auction Auction 12, the MARSBOT draft 1; any other game its most.
Prints, per game, matches per second (setup, random moves and applies, all in), the mean
number of moves drawn and accepted per match, and the p50, p99 and maximum time of one
`engine.apply` call (`time.perf_counter_ns` around it alone, refused moves included), overall
and by kind of move. Targets: at least 200 matches per second for every game (a computer seat
that searches is as strong as the playouts it can run); Auction Auction's `apply` p99 under
1 ms. The line `engine code:` names the `games` package measured, so that older code can be
measured beside the current one with `PYTHONPATH=/tmp/before` (docs/performance.md).
`--matches N` plays exactly N matches (after the warm-up) instead of playing for `--seconds`:
the same seeds every time, so that a count of instructions (valgrind's cachegrind) of N
matches less that of fewer is the work of the matches between, whatever the machine's load.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from typing import Any

from machine import cpu_model, pin_to_one_core

import games
from games.core.engine import Engine
from games.core.errors import RuleError
from games.registry import ENGINES, engine_for

TARGET_MATCHES_PER_SECOND = 200
#: Auction Auction's own target since issue 13: one `apply` well under a millisecond.
TARGET_P99_NS = {"auction-auction": 1_000_000}
#: Players per match where issue 43 measured the game; any other game plays its most.
PLAYERS = {
    "mars-auction": 5,
    "atrades": 5,
    "project-mars": 2,
    "auction-auction": 12,
    "marsbot-draft": 1,
}
WARM_UP_MATCHES = 5


def play(
    engine: Engine[Any, Any],
    players: list[str],
    seed: int,
    timings: dict[str, list[int]] | None,
) -> tuple[int, int]:
    """One complete random match; returns (moves drawn, moves accepted). Adds the time of each
    apply to `timings` under its kind of move."""
    state, _ = engine.setup(players, engine.parse_options({}), seed)
    rnd = random.Random(seed)
    drawn = accepted = 0
    while not engine.is_finished(state):
        actor, move = engine.random_move(state, rnd)
        drawn += 1
        kind = str(move.type)
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


def measure(game: str, count: int, seconds: float, fixed: int | None = None) -> bool:
    """Plays `game`'s random matches of `count` players for `seconds` (or `fixed` matches),
    prints its figures and returns whether its targets were met."""
    engine = engine_for(game)
    players = [f"p{i}" for i in range(1, count + 1)]
    for seed in range(WARM_UP_MATCHES):
        play(engine, players, seed, None)

    timings: dict[str, list[int]] = {}
    matches = drawn = accepted = 0
    seed = WARM_UP_MATCHES
    began = time.perf_counter()
    while matches < fixed if fixed is not None else time.perf_counter() - began < seconds:
        moves, took = play(engine, players, seed, timings)
        matches += 1
        drawn += moves
        accepted += took
        seed += 1
    elapsed = time.perf_counter() - began

    rate = matches / elapsed
    every = sorted(t for times in timings.values() for t in times)
    p99 = percentile(every, 0.99)
    p99_target = TARGET_P99_NS.get(game)
    print(f"{game}, {count} players, default options, {elapsed:.1f} s")
    print(f"  matches: {matches}, {rate:.1f} per second (target >= {TARGET_MATCHES_PER_SECOND})")
    print(f"  moves per match: {drawn / matches:.1f} drawn, {accepted / matches:.1f} accepted")
    target = "" if p99_target is None else f" (target p99 < {p99_target / 1000:.0f} us)"
    print(f"  apply: {spread(every)} over {len(every)} calls{target}")
    for kind, times in sorted(timings.items(), key=lambda item: -len(item[1])):
        print(f"    {kind}: {spread(times)} over {len(times)} calls")
    met = rate >= TARGET_MATCHES_PER_SECOND and (p99_target is None or p99 < p99_target)
    print("  targets:", "met" if met else "MISSED")
    return met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="how long to play each game")
    parser.add_argument(
        "--game", choices=sorted(ENGINES), action="append", help="a game to measure (repeatable)"
    )
    parser.add_argument("--players", type=int, help="players per match, for every game")
    parser.add_argument(
        "--matches", type=int, help="play this many matches of each game instead of --seconds"
    )
    args = parser.parse_args()
    pinned = pin_to_one_core()
    print(f"machine: {os.cpu_count()} cores, {cpu_model()}, {pinned}")
    print(f"python: {sys.version.split()[0]} ({platform.python_implementation()})")
    print(f"engine code: {os.path.dirname(games.__file__)}, load {os.getloadavg()[0]:.1f}")
    met = []
    for game in args.game or sorted(ENGINES):
        engine = engine_for(game)
        count = args.players or PLAYERS.get(game, engine.max_players)
        met.append(measure(game, count, args.seconds, args.matches))
    print(f"targets met for {sum(met)} of {len(met)} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
