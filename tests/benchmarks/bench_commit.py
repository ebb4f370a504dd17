"""Group commit (issue 24): a program that prints figures, not a test.

    .venv/bin/python tests/benchmarks/bench_commit.py [--seconds 5] [--sync full] [--quick]
        [--postgres postgresql://user:password@host/database]

1. Throughput: 1, 10 and 100 Auction Auction matches in progress at once (4 players each,
   in a long Access phase), one player of each match bidding after another as fast as the
   bot confirms: every bid goes through `MatchService.submit`, whose return is the
   confirmation (a handler replies after it). Prints confirmed moves per second and the
   confirmation's p50 / p99 for each: from the move's arrival (its task ready to run, so
   waiting for the loop counts) to `submit`'s return. Target: at least 2,000
   confirmed moves per second with 100 matches. With `--postgres` (or `DATABASE_URL`
   set), the same on that PostgreSQL database too, in a schema of its own dropped after.
2. The disk: what one `fdatasync` of a small write costs in the database's folder (p50 /
   p99), beside the figures it bounds (with `DATABASE_SYNC=full` a commit waits for one).
3. The reply: `bench_bot.py`'s `/bid` against `/help` through SimCord, 100 matches in
   progress: each one's p99 until its reply exists, their ratio (target <= 1.5), and the
   move's commit as the handler waited for it.

"Before": the same program on a checkout of the code before group commit, run with that
checkout first on the import path (docs/performance.md says how). It prints which `bot`
package it measured.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bench_bot import install_probes, latency, ms, percentile, us, verdict
from machine import cpu_model

import bot
from bot.service import MatchService
from bot.storage import Durability, Storage
from games.auction_auction import ENGINE as AA_ENGINE
from tests.bot.conftest import fresh_schema

GAME = "auction-auction"
PLAYERS = 4
SEED = 1
CONCURRENCY = (1, 10, 100)
TARGET_MOVES = 2000
TARGET_RATIO = 1.5


async def throughput(
    location: Path | str, matches: int, seconds: float, durability: Durability, **options: Any
) -> tuple[int, list[float], int, float]:
    """Confirmed moves, each one's time to its confirmation, the moves refused, and the CPU
    time this process spent while they were made (seconds); `options` go to `Storage.open`
    (`pool_size`: none, so that the program runs on code before it)."""
    storage = await Storage.open(location, durability, **options)
    service = MatchService(storage, time.time)
    players = [str(user) for user in range(2, 2 + PLAYERS)]
    tables: list[tuple[int, list[str]]] = []
    for channel in range(matches):
        match_id = await storage.create_match(
            guild_id=1,
            channel_id=channel,
            game=GAME,
            host_id=1,
            options={},
            seed=channel,
            clocks={"phase": 86_400},
            spectator_channel_id=None,
            now=time.time(),
        )
        assert match_id is not None
        for player in players:
            await storage.add_player(match_id, int(player), f"p{player}")
        row = await storage.match(match_id)
        assert row is not None
        await service.start(row, await storage.players(match_id))
        row = await service.running(match_id)
        tables.append((match_id, AA_ENGINE.targets(await service.state(row), "2")))
    confirmations: list[float] = []
    refused = 0
    ends = time.perf_counter() + seconds

    async def bid(match_id: int, targets: list[str]) -> None:
        nonlocal refused
        number = 0
        while time.perf_counter() < ends:
            number += 1
            move = {"type": "bid", "target": targets[number % len(targets)], "amount": number % 10}
            started = time.perf_counter()
            # The move arrives and waits for its turn on the event loop, as an interaction
            # does: without this, a commit that never yields (one made on the loop) would
            # let one match play alone, and its wait would fall outside the measured time.
            await asyncio.sleep(0)
            try:
                await service.submit(match_id, players[number % PLAYERS], move)
            except Exception:  # a refusal: counted, and the benchmark goes on
                refused += 1
                continue
            confirmations.append(time.perf_counter() - started)

    began, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*(bid(match_id, targets) for match_id, targets in tables))
    elapsed, cpu = time.perf_counter() - began, time.process_time() - cpu
    await storage.close()
    return round(len(confirmations) / elapsed), confirmations, refused, cpu


class SyncProbe:
    """One 4 KB write and its `fdatasync` at a time, in `folder`: each write past the end of
    the file (`growing`, as a WAL that grows) or over one of its first 64 blocks (as a WAL
    started afresh)."""

    def __init__(self, folder: Path, *, growing: bool) -> None:
        self.path = folder / "fsync.probe"
        self.growing = growing
        self.block = os.urandom(4096)
        self.written = 0
        self.fd = os.open(self.path, os.O_WRONLY | os.O_CREAT, 0o600)

    def once(self) -> float:
        """How long one write and its sync took (seconds, wall clock)."""
        started = time.perf_counter()
        os.pwrite(self.fd, self.block, (self.written if self.growing else self.written % 64) * 4096)
        os.fdatasync(self.fd)
        self.written += 1
        return time.perf_counter() - started

    def close(self) -> None:
        os.close(self.fd)
        self.path.unlink()


def fsync_times(folder: Path, *, growing: bool, count: int = 300) -> list[float]:
    """The time of `count` writes and syncs in a row (`SyncProbe`)."""
    probe = SyncProbe(folder, growing=growing)
    try:
        return [probe.once() for _ in range(count)]
    finally:
        probe.close()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Dealer's group-commit benchmark")
    parser.add_argument("--seconds", type=float, default=5.0, help="per concurrency level")
    parser.add_argument("--sync", choices=["full", "normal"], default="full")
    parser.add_argument("--samples", type=int, default=500, help="of /bid and of /help (3.)")
    parser.add_argument("--quick", action="store_true", help="small sizes, to check the program")
    parser.add_argument("--dir", type=Path, default=None, help="where the databases go")
    parser.add_argument(
        "--postgres",
        default=os.environ.get("DATABASE_URL") or None,
        help="a PostgreSQL database to measure 1. on too (default: DATABASE_URL)",
    )
    args = parser.parse_args(argv)
    seconds, samples = (1.0, 50) if args.quick else (args.seconds, args.samples)
    code = Path(bot.__file__).resolve().parents[1]
    commit = subprocess.run(
        ["git", "-C", str(code), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    print(
        f"Dealer group-commit benchmark: Python {platform.python_version()} on "
        f"{os.cpu_count()} CPUs ({cpu_model()}); code measured: {code} ({commit or 'no git'});"
        f" DATABASE_SYNC={args.sync}; load average before: {os.getloadavg()[0]:.2f}"
    )
    with tempfile.TemporaryDirectory(prefix="dealer-commit-", dir=args.dir) as name:
        folder = Path(name)
        print(f"\n1. Confirmed moves, {seconds:g} s for each number of matches at once")
        for matches in CONCURRENCY:
            rate, times, refused, _ = asyncio.run(
                throughput(folder / f"commit-{matches}.db", matches, seconds, args.sync)
            )
            target = (
                f"   (target >= {TARGET_MOVES}: {verdict(rate >= TARGET_MOVES)})"
                if matches == max(CONCURRENCY)
                else ""
            )
            print(
                f"  {matches:3} matches: {rate:6} moves/s   confirmation p50 "
                f"{ms(percentile(times, 50)):>8}   p99 {ms(percentile(times, 99)):>8}"
                f"   n={len(times)}{target}" + (f"   refused {refused}!" if refused else "")
            )
            if args.postgres:
                with contextmanager(fresh_schema)(args.postgres) as url:
                    rate, times, refused, _ = asyncio.run(
                        throughput(url, matches, seconds, args.sync)
                    )
                print(
                    f"      PostgreSQL: {rate:6} moves/s   confirmation p50 "
                    f"{ms(percentile(times, 50)):>8}   p99 {ms(percentile(times, 99)):>8}"
                    f"   n={len(times)}" + (f"   refused {refused}!" if refused else "")
                )
        print("\n2. One 4 KB write and its fdatasync here:")
        for growing in (False, True):
            syncs = fsync_times(folder, growing=growing)
            print(
                f"  {'past the end' if growing else 'over the file'}: p50 "
                f"{us(percentile(syncs, 50))}   p99 {us(percentile(syncs, 99))}   "
                f"mean {us(statistics.fmean(syncs))}"
            )
        install_probes()
        result = asyncio.run(latency(folder, 100, samples, random.Random(SEED), args.sync))
    reply = {command: [t.reply for t in timings] for command, timings in result.times.items()}
    ratio = percentile(reply["/bid"], 99) / percentile(reply["/help"], 99)
    commits = [t.commits[0] for t in result.times["/bid"] if t.commits]
    print(
        f"\n3. To the reply, 100 matches in progress ({samples} of each, SimCord): /bid p99 "
        f"{ms(percentile(reply['/bid'], 99))}, /help p99 {ms(percentile(reply['/help'], 99))}: "
        f"ratio {ratio:.2f} (target <= {TARGET_RATIO}: {verdict(ratio <= TARGET_RATIO)})"
    )
    print(
        f"  the move's commit as the handler waited for it: p50 {us(percentile(commits, 50))}"
        f"   p99 {us(percentile(commits, 99))}; beside it, one fdatasync past the end (2.): "
        f"p50 {us(percentile(syncs, 50))}   p99 {us(percentile(syncs, 99))}"
    )
    if result.refused:
        print(f"  warning: the bot refused {result.refused} of the bids")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
