"""Atrades's picture benchmark: a program that prints figures, not a test.

    .venv/bin/python tests/benchmarks/bench_atrades_render.py [--iterations 200]

Plays a seeded 5-player game of greedy computer seats to its end with the engine's playout
(`tools.render_samples.atrades_match`: six regions, 16 companies, one sold to the
Government), then renders its map (`games.atrades.render.render_map`) from the public view
many times, and a guild board (`render_guild`) from a player's view in a merger's auction.
Prints, per picture, the PNG's size and the p50, p95 and maximum time of one render call
(`time.perf_counter_ns` around the call alone: layout, drawing, quantizing and PNG encoding),
and the p50 and p95 of the CPU time the call took (`time.thread_time_ns`: on a machine shared
with other work, the wall-clock figures grow with the load and these do not), in three
cases:

- *warm*: as the bot's render worker renders a match's map after each move: the map's
  unchanging layer and its tiles already drawn and kept;
- *text caches emptied* before each call (`fonts.clear_text_caches`): every name and
  figure measured and rasterized anew;
- *new map*: every cache of the Atrades pictures and of the text emptied before each call,
  the cost of the first picture of a match.

The first call in the process (fonts opened) is printed too. Runs on one core. Targets (issue
23): p95 at most 60 ms for the 5-player map at the end of a game, warm and with the text
caches emptied, and at most 300 KB.
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import sys
import time
from collections.abc import Callable

from machine import cpu_model, pin_to_one_core
from PIL import Image

from games.atrades.render import clear_caches, render_guild, render_map
from games.core.drawing import Board, fonts
from tools import render_samples

TARGET_P95_NS = 60_000_000
TARGET_BYTES = 300 * 1024
MAP = "map: 5 players, game over"


def percentile(ordered: list[int], fraction: float) -> int:
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def forget_map() -> None:
    """Empty every cache a map is drawn from: its layer, its tiles, the glyphs, the text."""
    clear_caches()
    fonts.clear_text_caches()


CASES: dict[str, Callable[[], None]] = {
    "warm": lambda: None,
    "text caches emptied": fonts.clear_text_caches,
    "new map": forget_map,
}


def timed(
    render: Callable[[], Board], iterations: int, before: Callable[[], None]
) -> tuple[list[int], list[int]]:
    """Sorted wall-clock and CPU times of `iterations` calls, `before` run ahead of each (and
    not timed)."""
    wall: list[int] = []
    cpu: list[int] = []
    for _ in range(iterations):
        before()
        start, start_cpu = time.perf_counter_ns(), time.thread_time_ns()
        render()
        cpu.append(time.thread_time_ns() - start_cpu)
        wall.append(time.perf_counter_ns() - start)
    return sorted(wall), sorted(cpu)


def ms(ns: int) -> str:
    return f"{ns / 1e6:.1f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=200, help="renders per picture and case")
    args = parser.parse_args()
    pinned = pin_to_one_core()
    played = render_samples.atrades_match()
    ended = played.ended
    assert ended.ended and len(ended.guilds) == 5, "the sample game must be over"
    pictures: dict[str, Callable[[], Board]] = {
        MAP: lambda: render_map(ended, played.names),
        "guild board: in a merger's auction": lambda: render_guild(played.auction, played.names),
    }
    start = time.perf_counter_ns()
    pictures[MAP]()
    first = time.perf_counter_ns() - start

    print(f"machine: {os.cpu_count()} cores, {cpu_model()}, {pinned}")
    print(f"python: {sys.version.split()[0]} ({platform.python_implementation()})")
    print(f"load average: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    print(f"first render in the process ({MAP}, fonts opened): {ms(first)}")
    print(
        f"{args.iterations} renders per picture and case; the game: {ended.round} rounds, "
        f"{len(ended.regions)} regions, {len(ended.companies)} companies"
    )
    print()
    print("| picture | case | size (px) | PNG | p50 | p95 | max | CPU p50 / p95 |")
    print("|---|---|---|---|---|---|---|---|")
    met = True
    for name, render in pictures.items():
        board = render()
        width, height = Image.open(io.BytesIO(board.png)).size
        for case, before in CASES.items():
            times, cpu = timed(render, args.iterations, before)
            p95 = percentile(times, 0.95)
            if name == MAP and case != "new map":
                met = met and p95 <= TARGET_P95_NS and len(board.png) <= TARGET_BYTES
            print(
                f"| {name} | {case} | {width} × {height} | {len(board.png) / 1024:.1f} KB | "
                f"{ms(percentile(times, 0.5))} | {ms(p95)} | {ms(times[-1])} | "
                f"{ms(percentile(cpu, 0.5))} / {ms(percentile(cpu, 0.95))} |"
            )
    print()
    print(
        f"targets for the map (p95 ≤ {TARGET_P95_NS / 1e6:.0f} ms warm and with text caches "
        f"emptied, PNG ≤ {TARGET_BYTES // 1024} KB):",
        "met" if met else "MISSED",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
