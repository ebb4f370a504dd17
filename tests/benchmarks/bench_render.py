"""Board image benchmark: a program that prints figures, not a test.

    .venv/bin/python tests/benchmarks/bench_render.py [--iterations 200]

Renders each type of Auction Auction board for 12 players, from matches played through the
engine (the samples of `python -m tools.render_samples`): the access results, a location's lots
(Genre Shop with its six lots, and the Black Market with all 12 players bidding), a player's
1-on-1 card and the final table; and the Mars Auction's boards for 5 players: the setup display
of 80 cards with markers, an unlimited card with its bids, and a research auction's
settlement. Prints, per board type, the p50, p95 and maximum time of one
render call (`time.perf_counter_ns` around the call alone: layout, drawing, quantizing and PNG
encoding) and the PNG's size. Text that a board repeats is measured and rasterized once and
kept (`fonts.runs`, `fonts._MASKS`), and the Mars Auction display keeps its cards' tiles with
their words (`KEPT_TILES`), so the same figures are also taken with those caches emptied
before each call, the case of a board whose names and figures are all new (the glyphs,
their advances and pair kernings stay kept, as the faces stay open: new words are set from
them, `fonts._glyph`); and the first call in the process, which also opens the fonts and
rasterizes the glyphs. Runs on one core. Targets: p95 under 30 ms and under 300 KB.

Then the CPU time (`time.process_time_ns`, which other processes on the machine do not add
to) of every sample board of `tools.render_samples` (33 boards of every game), each the least
of `--rounds` calls with the text caches warm: their mean, median and maximum, and their PNG
sizes. This is the figure to compare a change of drawing or encoding by.
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

from games.auction_auction.model import BLACK_MARKET
from games.auction_auction.render import (
    access_board,
    final_board,
    location_board,
    one_on_one_card,
)
from games.core.drawing import Board, fonts
from games.mars_auction.render import KEPT_TILES, display_board, settlement_board
from tools import render_samples

TARGET_P95_NS = 30_000_000
TARGET_BYTES = 300 * 1024


def percentile(ordered: list[int], fraction: float) -> int:
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def boards() -> dict[str, Callable[[], Board]]:
    big = render_samples.twelve_players()
    crowded = render_samples.crowded_black_market()
    assert big.result is not None
    result = big.result
    ma = render_samples.auction_matches()
    assert ma.limited is not None and ma.unlimited is not None and ma.settlement is not None
    limited, unlimited, settlement = ma.limited, ma.unlimited, ma.settlement
    return {
        "access results": lambda: access_board(big.access[0], big.names, house_capacity=3),
        "location: Genre Shop, 6 lots": lambda: location_board(
            big.lots[(1, "genre-shop")], big.names
        ),
        "location: Black Market, 12 bidders": lambda: location_board(
            crowded.lots[(1, BLACK_MARKET)], crowded.names
        ),
        "1-on-1 card": lambda: one_on_one_card(big.views["auction"], big.names),
        "final table": lambda: final_board(result, big.names),
        "Mars Auction: setup display, 5 players, 80 cards": lambda: display_board(
            limited, ma.names
        ),
        "Mars Auction: unlimited card, 3 bids": lambda: display_board(unlimited, ma.names),
        "Mars Auction: settlement, 5 players": lambda: settlement_board(settlement, ma.names),
    }


def ms(ns: int) -> str:
    return f"{ns / 1e6:.1f} ms"


def pair(times: list[int]) -> str:
    return f"{ms(percentile(times, 0.5))} / {ms(percentile(times, 0.95))}"


def timed(render: Callable[[], Board], iterations: int, *, cold: bool) -> list[int]:
    """Sorted times of `iterations` calls; `cold` empties the text caches (and the cards'
    tiles kept with their words) before each."""
    times: list[int] = []
    for _ in range(iterations):
        if cold:
            fonts.clear_text_caches()
            KEPT_TILES.clear()
        start = time.perf_counter_ns()
        render()
        times.append(time.perf_counter_ns() - start)
    return sorted(times)


def sample_cpu(rounds: int) -> dict[str, tuple[int, int]]:
    """Every sample board: (least CPU time of `rounds` calls, PNG bytes), text caches warm."""
    samples = render_samples.boards()
    for render in samples.values():
        render()
    least = dict.fromkeys(samples, sys.maxsize)
    sizes: dict[str, int] = {}
    for _ in range(rounds):
        for name, render in samples.items():
            start = time.process_time_ns()
            board = render()
            least[name] = min(least[name], time.process_time_ns() - start)
            sizes[name] = len(board.png)
    return {name: (least[name], sizes[name]) for name in samples}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=200, help="renders per board type")
    parser.add_argument("--rounds", type=int, default=10, help="calls per sample board")
    args = parser.parse_args()
    pinned = pin_to_one_core()
    cases = boards()

    name, render = next(iter(cases.items()))
    start = time.perf_counter_ns()
    render()
    first = time.perf_counter_ns() - start

    print(f"machine: {os.cpu_count()} cores, {cpu_model()}, {pinned}")
    print(f"python: {sys.version.split()[0]} ({platform.python_implementation()})")
    print(f"first render in the process ({name}, fonts opened): {ms(first)}")
    print(f"{args.iterations} renders per board type and case")
    print()
    print("| board | size (px) | PNG | p50 | p95 | max | text caches emptied: p50 / p95 |")
    print("|---|---|---|---|---|---|---|")
    met = True
    for name, render in cases.items():
        board = render()
        warm = timed(render, args.iterations, cold=False)
        cold = timed(render, args.iterations, cold=True)
        p95 = max(percentile(warm, 0.95), percentile(cold, 0.95))
        met = met and p95 < TARGET_P95_NS and len(board.png) < TARGET_BYTES
        width, height = Image.open(io.BytesIO(board.png)).size
        print(
            f"| {name} | {width} × {height} | {len(board.png) / 1024:.1f} KB | "
            f"{ms(percentile(warm, 0.5))} | {ms(percentile(warm, 0.95))} | {ms(warm[-1])} | "
            f"{pair(cold)} |"
        )
    print()
    print(
        f"targets (p95 < {TARGET_P95_NS / 1e6:.0f} ms, PNG < {TARGET_BYTES // 1024} KB):",
        "met" if met else "MISSED",
    )
    samples = sample_cpu(args.rounds)
    cpu = sorted(ns for ns, _ in samples.values())
    sizes = sorted(size for _, size in samples.values())
    print()
    print(
        f"{len(samples)} sample boards (tools.render_samples), CPU per board, least of "
        f"{args.rounds} calls, text caches warm: mean {ms(sum(cpu) // len(cpu))}, "
        f"median {ms(percentile(cpu, 0.5))}, max {ms(cpu[-1])}; PNG mean "
        f"{sum(sizes) / len(sizes) / 1024:.1f} KB, max {sizes[-1] / 1024:.1f} KB"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
