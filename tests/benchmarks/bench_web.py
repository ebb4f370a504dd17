"""The match's web page under load: a program that prints figures, not a test.

    .venv/bin/python tests/benchmarks/bench_web.py [--pollers N] [--phases N]

A 12-player Auction Auction match is played through SimCord (every player bids with `/bid`
each phase, the host closes it) by a bot whose web pages (`bot.web`) are served in its own
event loop (started beside the bot rather than by it, so that SimCord does not wait for the
pollers' requests to settle), twice: once alone, once with N pollers (200 by default) on the
match's page, each as the page's script polls: `GET /m/<token>/now` every 2 s with the ETag
it has (a `304` while the match has not moved), and the board when it changed. The moves
come every half second of real time. The pollers
run in a process of their own (this program, `--poll`), so the figures are the bot's
answers, not the pollers' own work. A first, shorter match, with a few pollers, warms the bot
up (render workers, caches, the pages' worker) and is not counted. Printed: p50 / p95 / p99 /
max of the page's answers (what a poller waited for each), by status, and of the time until
each `/bid` was answered, without and with the pollers; and, for each of the two matches, how
many times the event loop stalled for more than 100 ms (`bench_loop_lag.readiness`: a stamp
another process wrote into a pipe every millisecond waited that long for the loop to read
it), with the longest. Target (issue 44): p95 ≤ 50 ms, and `/bid` unmoved.

A page is built once per version of its match, in the pages' own worker process
(`bot.boards.for_pages`, `bot.web.build`), so neither the pollers nor the page's build should
show in the `/bid` figures or the stalls."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import platform
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import aiohttp
from bench_bot import answer, install_probes, random_bid, timed
from bench_loop_lag import readiness
from machine import cpu_model

from bot.app import create_bot
from bot.flows import lobby
from bot.web.pages import MatchPages
from bot.web.server import WebConfig, WebServer
from tests.bot.conftest import QuickSettlingEnv, Table

POLLERS = 200
#: Pollers of the first match, which is not counted: enough to start the pages' worker.
WARM_POLLERS = 10
#: Seconds between two polls of one poller (the page polls every few seconds).
INTERVAL = 2.0
PHASES = 4
#: Real seconds between two moves: a match is played over time, while its page is open.
PACE = 0.5
PLAYERS = 12
SETTLE_TIMEOUT = 120.0
LOCAL = "127.0.0.1"
#: A stall of the event loop worth counting, in seconds.
STALL = 0.1


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOCAL, 0))
        port: int = probe.getsockname()[1]
        return port


def figures(values: list[float]) -> str:
    """p50 / p95 / p99 / max, in milliseconds."""
    if not values:
        return "none"
    ordered = sorted(values)

    def ms(share: float) -> str:
        return f"{ordered[min(len(ordered) - 1, int(len(ordered) * share))] * 1000:.1f} ms"

    return (
        f"p50 {statistics.median(ordered) * 1000:.1f} ms, p95 {ms(0.95)}, p99 {ms(0.99)}, "
        f"max {ordered[-1] * 1000:.1f} ms ({len(ordered)})"
    )


def stalls(waits: list[float]) -> str:
    """How many times the loop stalled for more than STALL (a run of stamps that waited
    longer, read together once it was free again), and the longest wait."""
    count = sum(1 for i, w in enumerate(waits) if w > STALL and (i == 0 or waits[i - 1] <= STALL))
    longest = max(waits, default=0.0)
    return f"{count} over {STALL * 1000:.0f} ms (longest {longest * 1000:.1f} ms)"


# -- the pollers' process ---------------------------------------------------------------------


async def poll(page: str, pollers: int) -> None:
    """`pollers` pollers on the match page `page` until SIGTERM; then their latencies by
    status, as JSON on stdout."""
    stopped = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stopped.set)
    waited: dict[str, list[float]] = defaultdict(list)

    async def poller(session: aiohttp.ClientSession) -> None:
        etag = ""
        await asyncio.sleep(random.uniform(0, INTERVAL))
        while not stopped.is_set():
            began = started = time.perf_counter()
            headers = {"If-None-Match": etag} if etag else {}
            async with session.get(f"{page}/now", headers=headers) as answered:
                body = await answered.read()
                status = str(answered.status)
                if answered.status == 200:
                    etag = answered.headers["ETag"]
            waited[status].append(time.perf_counter() - started)
            if status == "200" and json.loads(body)["board"]:
                started = time.perf_counter()
                async with session.get(f"{page}/board.png") as board:
                    await board.read()
                waited["board"].append(time.perf_counter() - started)
            rest = INTERVAL - (time.perf_counter() - began)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stopped.wait(), max(0.0, rest))

    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        print("polling", flush=True)
        await asyncio.gather(*(poller(session) for _ in range(pollers)))
    print(json.dumps(waited), flush=True)


# -- the bot's process -----------------------------------------------------------------------


@dataclass
class Played:
    """What one match measured: each `/bid`'s time to its answer, the pollers' latencies by
    status, and how long each stamp of the loop-lag probe waited for the loop."""

    bids: list[float]
    polled: dict[str, Any]
    waits: list[float]


async def play(folder: Path, pollers: int, phases: int) -> Played:
    """The match played, with `pollers` pollers on its page meanwhile."""
    port = free_port()
    public = f"http://{LOCAL}:{port}"
    bot = create_bot(folder / f"web-{port}.db")
    env = QuickSettlingEnv(bot, settle_timeout=SETTLE_TIMEOUT, shard_count=1)
    await env.start()
    # Started here, not by the bot's `setup_hook`: the same event loop, but SimCord then
    # does not count the pollers' requests as the bot's work, which it waits to settle.
    pages = MatchPages(bot, bot.storage, bot.service, bot.presenter.status, public)
    server = WebServer(pages, WebConfig(LOCAL, port, public))
    await server.start()
    rng = random.Random(7)
    bids: list[float] = []
    polled: dict[str, Any] = {}
    process: subprocess.Popen[str] | None = None
    waits: list[float] = []
    stop = asyncio.Event()
    probe = asyncio.create_task(readiness(waits, stop))
    try:
        with env.time_context():
            t = Table(env, PLAYERS)
            await t.start(phase_minutes=60)
            row = await bot.storage.match(t.match_id)
            assert row is not None
            page = await pages.link(row)
            assert page is not None
            if pollers:
                command = [sys.executable, __file__, "--poll", page, "--pollers", str(pollers)]
                process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
                assert process.stdout is not None
                # SimCord's clock is not the pollers': the match starts once they poll.
                await asyncio.to_thread(process.stdout.readline)
            for _ in range(phases):
                for member in t.players:
                    # A thread sleeps, not the loop (SimCord's clock would skip an
                    # `asyncio.sleep`): the pollers are answered meanwhile.
                    await asyncio.to_thread(time.sleep, PACE)
                    move = await random_bid(bot.service, t.match_id, member, rng)
                    if move is None:
                        continue
                    timing, result = await timed(
                        member.slash(t.channel, "bid", target=move["target"], amount=move["amount"])
                    )
                    assert answer(result).startswith("Your sealed bid"), answer(result)
                    bids.append(timing.reply)
                await t.close_phase()
    finally:
        stop.set()
        await probe
        if process is not None:
            process.send_signal(signal.SIGTERM)
            out, _ = await asyncio.to_thread(process.communicate)
            polled = json.loads(out) if out.strip() else {}
        await server.stop()
        await env.shutdown()
        await bot.close()
    return Played(bids, polled, waits)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pollers", type=int, default=POLLERS)
    parser.add_argument("--phases", type=int, default=PHASES)
    parser.add_argument("--poll", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.poll:
        await poll(args.poll, args.pollers)
        return
    lobby.new_seed = lambda: 11  # type: ignore[attr-defined]  # the same match each run
    install_probes()
    print(f"{platform.python_version()} on {cpu_model()}")
    with tempfile.TemporaryDirectory() as folder:
        # The render workers and the pages' worker started, the caches warm.
        await play(Path(folder), WARM_POLLERS, 1)
        alone = await play(Path(folder), 0, args.phases)
        loaded = await play(Path(folder), args.pollers, args.phases)
    print(f"/bid, answered in: without pollers {figures(alone.bids)}")
    print(f"/bid, answered in: with {args.pollers} pollers {figures(loaded.bids)}")
    print(f"the loop's stalls: without pollers {stalls(alone.waits)}")
    print(f"the loop's stalls: with {args.pollers} pollers {stalls(loaded.waits)}")
    polled = loaded.polled
    for status, waited in sorted(polled.items()):
        what = "the board" if status == "board" else f"the poll's {status}s"
        print(f"the page, {what}: {figures(waited)}")
    print(f"the page, every answer: {figures([w for v in polled.values() for w in v])}")


if __name__ == "__main__":
    asyncio.run(main())
