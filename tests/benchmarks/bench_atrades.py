"""Atrades simulation benchmark: a program that prints figures, not a test.

    .venv/bin/python tests/benchmarks/bench_atrades.py [--games 1000] [--players 4] [--runs 3]

Plays `--games` whole games of greedy computer seats (`games.atrades.simulate`: the seats
read their views, the engine applies their moves and checks conservation after each) on one
core, `--runs` times, and prints for each run the wall-clock time and the process's CPU time,
then min / median / max of both and in how many runs the target was met. Target: 1,000
games in under 60 s on one core. On a shared, loaded machine the wall clock counts the time
other processes held the core; the CPU time is this process's own, and `uptime`'s load is
printed beside them.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

from machine import cpu_model, pin_to_one_core

from games.atrades.simulate import simulate

TARGET_SECONDS = 60.0
TARGET_GAMES = 1_000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=TARGET_GAMES, help="games per run")
    parser.add_argument("--players", type=int, default=4, help="seats per game (2-5)")
    parser.add_argument("--runs", type=int, default=3, help="how many runs")
    args = parser.parse_args()
    pinned = pin_to_one_core()
    print(f"machine: {os.cpu_count()} cores, {cpu_model()}, {pinned}")
    print(f"python: {sys.version.split()[0]} ({platform.python_implementation()})")
    target = TARGET_SECONDS * args.games / TARGET_GAMES
    walls, cpus = [], []
    for run in range(1, args.runs + 1):
        load = os.getloadavg()[0]
        began, cpu = time.perf_counter(), time.process_time()
        report = simulate(args.games, seed=run * 1_000_000, players=args.players)
        wall, used = time.perf_counter() - began, time.process_time() - cpu
        walls.append(wall)
        cpus.append(used)
        print(
            f"run {run}: {args.games} games of {args.players}, wall {wall:.1f} s, "
            f"cpu {used:.1f} s, load {load:.1f}; ended {report['ended']}, "
            f"stuck {report['stuck']}, violations {report['conservation_violations']}"
        )
    for what, figures in (("wall", walls), ("cpu", cpus)):
        met = sum(f < target for f in figures)
        print(
            f"{what}: min {min(figures):.1f} s, median {statistics.median(figures):.1f} s, "
            f"max {max(figures):.1f} s; under {target:.0f} s in {met} of {len(figures)} runs"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
