"""Event-loop lag while boards render: `python tests/benchmarks/bench_loop_lag.py`.

Two probes, each first with the loop idle and then, in the same run, while 20 twelve-player
boards at a time are rendered the way the bot renders them (`bot.boards`: worker processes
whose pipes the loop reads), round after round. Target (issue #4): the p99 while rendering
within 2x of the idle p99 — rendering never blocks the loop. Not a test: it prints figures
for docs/performance.md.

I/O readiness (the verdict). What a user feels is how long a Discord interaction, a socket
becoming readable, waits for the loop. Another process writes its `time.monotonic_ns()` into
a pipe about every millisecond; the loop watches the pipe (`loop.add_reader`) and, for each
stamp it reads, records the time of the read minus the stamp. CLOCK_MONOTONIC is one clock
for all processes on Linux, so the two ends compare. The writer is a process, not a thread:
a thread would take the GIL from the loop to write, and its own turns at the GIL would be
in the figures.

Sleep ticker (kept for comparison). A task asks to wake every millisecond
(`asyncio.sleep(0.001)`) and records how late it wakes. On asyncio's default loop this
measures epoll's timer granularity rather than a busy loop: epoll_wait() takes its timeout
in whole milliseconds and `selectors.EpollSelector` rounds it up, so whenever anything else
wakes the loop (a finished board, a Discord message) the ticker's next wait is rounded up and
it wakes up to 1 ms late although the loop was free. select() takes microseconds, so there a
late tick means that the loop was busy.

Both probes run on asyncio's default loop, the bot's (epoll on Linux), and on a loop that
waits with select(); one probe at a time, so that neither wakes the loop for the other. The
full garbage collections of the process (generation 2) in each window are reported beside
the figures: one stops the loop for its length (about 14 ms here), whatever caused it.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import os
import platform
import selectors
import statistics
import struct
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from machine import cpu_model

from bot import boards
from bot.games.registry import plugin_for
from tools.render_samples import twelve_players

TICK = 0.001
SECONDS = 5.0
#: Each phase starts with this long unrecorded (the writer process starting, say).
WARM_UP = 0.3
AT_ONCE = 20
STAMP = struct.Struct("!q")

#: The writer: its CLOCK_MONOTONIC time in ns, about every TICK seconds, into stdout.
WRITER = f"""
import os, struct, sys, time
stamp = struct.Struct({STAMP.format!r})
out = sys.stdout.fileno()
while True:
    time.sleep({TICK})
    os.write(out, stamp.pack(time.monotonic_ns()))
"""

Probe = Callable[[list[float], asyncio.Event], Coroutine[Any, Any, None]]

#: (when it started, seconds of the loop's thread's CPU) of each full garbage collection.
FULL_GCS: list[tuple[float, float]] = []
_gc_started = [0.0, 0.0]


def _note_full_gcs(phase: str, info: dict[str, Any]) -> None:
    if info["generation"] != 2:
        return
    if phase == "start":
        _gc_started[:] = [time.perf_counter(), time.thread_time()]
    else:
        FULL_GCS.append((_gc_started[0], time.thread_time() - _gc_started[1]))


async def ticker(lags: list[float], stop: asyncio.Event) -> None:
    """How late `asyncio.sleep(TICK)` wakes, in seconds."""
    while not stop.is_set():
        asked = time.perf_counter()
        await asyncio.sleep(TICK)
        lags.append(time.perf_counter() - asked - TICK)


async def readiness(waits: list[float], stop: asyncio.Event) -> None:
    """How long each stamp the writer process wrote waited for the loop to read it."""
    writer = subprocess.Popen([sys.executable, "-c", WRITER], stdout=subprocess.PIPE)
    assert writer.stdout is not None
    pipe = writer.stdout.fileno()
    os.set_blocking(pipe, False)
    pending = bytearray()

    def ready() -> None:
        now = time.monotonic_ns()
        pending.extend(os.read(pipe, 1 << 16))
        whole = len(pending) - len(pending) % STAMP.size
        for (written,) in STAMP.iter_unpack(pending[:whole]):
            waits.append((now - written) / 1e9)
        del pending[:whole]

    loop = asyncio.get_running_loop()
    loop.add_reader(pipe, ready)
    try:
        await stop.wait()
    finally:
        loop.remove_reader(pipe)
        with writer:
            writer.kill()


@dataclass
class Window:
    samples: list[float]
    rendered: int
    #: How long each full garbage collection in the window took.
    full_gcs: list[float]


async def measure(probe: Probe, renders: list[Callable[[], Awaitable[Any]]] | None) -> Window:
    """The probe's samples over SECONDS, idle or while `renders` go AT_ONCE at a time."""
    samples: list[float] = []
    stop = asyncio.Event()
    task = asyncio.create_task(probe(samples, stop))
    await asyncio.sleep(WARM_UP)
    first = len(samples)
    done = 0
    start = time.perf_counter()
    deadline = start + SECONDS
    while time.perf_counter() < deadline:
        if renders:
            batch = [renders[i % len(renders)] for i in range(AT_ONCE)]
            await asyncio.gather(*(render() for render in batch))
            done += len(batch)
        else:
            await asyncio.sleep(0.05)
    end = time.perf_counter()
    stop.set()
    await task
    gcs = [took for at, took in FULL_GCS if start <= at < end]
    return Window(samples[first:], done, gcs)


def jobs() -> list[Callable[[], Awaitable[Any]]]:
    """Twelve-player boards of every kind, rendered as the presenter renders them."""
    played = twelve_players()
    assert played.result is not None
    game, names = "auction-auction", played.names
    events = [
        told.model_dump(mode="json")
        for told in (played.access[0], *played.lots.values(), played.result)
    ]
    out: list[Callable[[], Awaitable[Any]]] = [
        functools.partial(boards.board, plugin_for(game).texts, event, names) for event in events
    ]
    out += [
        functools.partial(boards.card, plugin_for(game).texts, view, names)
        for view in played.views.values()
    ]
    return out


def p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98]


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:.3f} ms"


@dataclass
class Figures:
    idle: Window
    busy: Window

    @property
    def ratio(self) -> float:
        return p99(self.busy.samples) / p99(self.idle.samples)

    def verdict(self) -> str:
        return "met" if self.ratio <= 2 else "MISSED"

    def show(self, unit: str) -> None:
        for label, window in (("idle", self.idle), ("rendering", self.busy)):
            values = window.samples
            gcs = ", ".join(ms(took) for took in window.full_gcs) or "none"
            print(
                f"    {label + ':':<11}p50 {ms(statistics.median(values))}  p99 "
                f"{ms(p99(values))}  max {ms(max(values))}  ({len(values)} {unit}; "
                f"full GCs: {gcs})"
            )
        rendered = self.busy.rendered
        print(
            f"    {rendered} boards, {AT_ONCE} at a time, {rendered / SECONDS:.0f} "
            f"boards/s; p99 rendering / p99 idle = {self.ratio:.2f} (<= 2: {self.verdict()})"
        )


PROBES: dict[str, tuple[Probe, str, str]] = {
    "io": (
        readiness,
        "I/O readiness: how long a pipe write from another process waits for the loop",
        "writes",
    ),
    "sleep": (
        ticker,
        "sleep ticker: how late asyncio.sleep(1 ms) wakes (on epoll: timer rounding, see above)",
        "ticks",
    ),
}


async def run() -> dict[str, Figures]:
    renders = jobs()
    await asyncio.gather(*(render() for render in renders))  # start the workers, load fonts
    out: dict[str, Figures] = {}
    for key, (probe, title, unit) in PROBES.items():
        out[key] = Figures(await measure(probe, None), await measure(probe, renders))
        print(f"  {title}")
        out[key].show(unit)
    return out


LOOPS: dict[str, type[selectors.BaseSelector]] = {
    "default": selectors.DefaultSelector,
    "select": selectors.SelectSelector,
}
TITLES = {
    "default": "asyncio's default loop, the bot's (epoll: timeouts in whole ms, rounded up)",
    "select": "select() loop, for comparison (timeouts in µs)",
}


def main() -> int:
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"Event-loop lag: Python {platform.python_version()}, {os.cpu_count()} CPUs "
        f"({cpu_model()}), load average {load}"
    )
    gc.callbacks.append(_note_full_gcs)
    # Every board drawn by a worker, as the target means: the same boards, round after round,
    # would otherwise be answered from the replies `bot.boards` keeps.
    boards._REPLIES.limit = 0
    results: dict[str, dict[str, Figures]] = {}
    for key, selector in LOOPS.items():
        print(TITLES[key])
        loop = functools.partial(asyncio.SelectorEventLoop, selector())
        with asyncio.Runner(loop_factory=loop) as runner:
            results[key] = runner.run(run())
    io, sleep = results["default"]["io"], results["default"]["sleep"]
    print(
        f"Verdict (issue #4, I/O readiness on the default loop): p99 {ms(p99(io.busy.samples))} "
        f"while 20 boards render, {ms(p99(io.idle.samples))} idle: {io.ratio:.2f}x, target "
        f"{io.verdict()}.\n"
        f"  Beside it, the sleep ticker on the default loop: {sleep.ratio:.2f}x "
        f"({sleep.verdict()}), which is epoll's 1 ms timer rounding; on the select() loop "
        f"{results['select']['sleep'].ratio:.2f}x."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
