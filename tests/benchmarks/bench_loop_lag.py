"""Event-loop lag while boards render: `python tests/benchmarks/bench_loop_lag.py`.

A ticker task asks to wake every millisecond and records how late it wakes. First the loop
idles for a while; then, in the same run, 20 twelve-player boards at a time are rendered the
way the bot renders them (`bot.boards`: a pool of worker processes), round after round.
Target (issue #4): the p99 lag while rendering within 2x of the idle p99 — rendering never
blocks the loop. Not a test: it prints figures for docs/performance.md.

It runs twice: on asyncio's default loop, the bot's (epoll on Linux), and on a loop that
waits with select(). epoll_wait() takes its timeout in whole milliseconds, rounded up, so
whenever anything else wakes the loop — a finished board, a Discord message — the ticker's
next wait is rounded up too and it wakes up to 1 ms late without the loop having been busy.
select() takes microseconds, so there a late tick means that the loop was busy or waiting.
"""

from __future__ import annotations

import asyncio
import functools
import os
import platform
import selectors
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from typing import Any

from machine import cpu_model

from bot import boards
from bot.render_samples import twelve_players

TICK = 0.001
SECONDS = 5.0
AT_ONCE = 20


async def ticker(lags: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        asked = time.perf_counter()
        await asyncio.sleep(TICK)
        lags.append(time.perf_counter() - asked - TICK)


def p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98]


async def measure(load: bool) -> tuple[list[float], int]:
    lags: list[float] = []
    stop = asyncio.Event()
    task = asyncio.create_task(ticker(lags, stop))
    renders = jobs()
    done = 0
    deadline = time.perf_counter() + SECONDS
    while time.perf_counter() < deadline:
        if load:
            batch = [renders[i % len(renders)] for i in range(AT_ONCE)]
            await asyncio.gather(*(render() for render in batch))
            done += len(batch)
        else:
            await asyncio.sleep(0.05)
    stop.set()
    await task
    return lags, done


def jobs() -> list[Callable[[], Awaitable[Any]]]:
    """Twelve-player boards of every kind, rendered as the presenter renders them."""
    played = twelve_players()
    assert played.result is not None
    game, names = "auction-auction", played.names
    events = [
        played.access[0],
        *played.lots.values(),
        {"type": "match_ended", **played.result},
    ]
    out: list[Callable[[], Awaitable[Any]]] = [
        functools.partial(boards.board, game, event, names) for event in events
    ]
    out += [functools.partial(boards.card, game, view, names) for view in played.views.values()]
    return out


LOOPS: dict[str, type[selectors.BaseSelector]] = {
    "asyncio's default loop (epoll, timeouts in ms)": selectors.DefaultSelector,
    "select() loop (timeouts in µs)": selectors.SelectSelector,
}


async def run() -> None:
    await asyncio.gather(*(render() for render in jobs()))  # start the workers, load fonts
    idle, _ = await measure(load=False)
    busy, rendered = await measure(load=True)
    print(
        f"  idle:      p50 {statistics.median(idle) * 1e3:.3f} ms  p99 {p99(idle) * 1e3:.3f} ms"
        f"  ({len(idle)} ticks)"
    )
    print(
        f"  rendering: p50 {statistics.median(busy) * 1e3:.3f} ms  p99 {p99(busy) * 1e3:.3f} ms"
        f"  ({len(busy)} ticks, {rendered} boards, {AT_ONCE} at a time, "
        f"{rendered / SECONDS:.0f} boards/s)"
    )
    ratio = p99(busy) / p99(idle)
    verdict = "met" if ratio <= 2 else "MISSED"
    print(f"  p99 while rendering / p99 idle = {ratio:.2f} (target <= 2: {verdict})")


def main() -> int:
    print(
        f"Event-loop lag: Python {platform.python_version()}, {os.cpu_count()} CPUs ({cpu_model()})"
    )
    for name, selector in LOOPS.items():
        print(name)
        loop = functools.partial(asyncio.SelectorEventLoop, selector())
        with asyncio.Runner(loop_factory=loop) as runner:
            runner.run(run())
    return 0


if __name__ == "__main__":
    sys.exit(main())
