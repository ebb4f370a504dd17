"""PostgreSQL's floor beside the bot's moves (issue 43, item 2): a program that prints figures.

    .venv/bin/python tests/benchmarks/bench_postgres.py --postgres postgresql://user:pw@host/db
        [--seconds 5] [--runs 3] [--sync full] [--pool-size 16]

Each run, in a schema of its own (dropped after), one after the other on the same server:

1. the raw floor: 16 connections (as many as the bot keeps by default), each inserting a row of
   a move's size (its JSON as `bench_commit.py`'s bids store it) into a plain table and
   committing it, one after another, as fast as the server confirms: commits per second;
2. the bot: 100 Auction Auction matches at once, a player of each bidding as soon as the last
   bid is confirmed (`bench_commit.throughput`: every bid through `MatchService.submit`):
   confirmed moves per second, the confirmation's p50 / p99 and the CPU time the bot's
   process spent a move (what limits it on a machine it shares), through a pool of
   `--pool-size` connections (`DATABASE_POOL_SIZE`; default the bot's own, 16). It runs on
   the code before issue 43 too (without `--pool-size`), for a before / after.

Prints both, the ratio of the bot to the floor, and the load average at each run's start;
then min / median / max over the runs and in how many each target was met. Targets: at
least 2,000 confirmed moves per second, and at least 50 % of the floor. Both sides run in
this process's event loop (psycopg's async connections), as the bot's do; on a shared,
loaded machine the figures count the time other processes held the cores: compare runs of
one session side by side, and take the figures for the docs on a quiet machine.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import statistics
import sys
import time
from contextlib import contextmanager
from typing import Any

import psycopg
from bench_bot import ms, percentile, us, verdict
from bench_commit import throughput
from machine import cpu_model

from bot.storage import Durability
from tests.bot.conftest import fresh_schema

MATCHES = 100
#: The floor's connections, as issue 43 counts it.
FLOOR_CONNECTIONS = 16
TARGET_MOVES = 2000
TARGET_SHARE = 0.5
#: A bid's log row as the bot stores it: its move, its events and its wait, as JSON.
MOVE = '{"type":"bid","target":"genre-shop","amount":7}'
EVENTS = (
    '[{"type":"bid_placed","audience":{"kind":"players","players":["3"]},'
    '"data":{"player":"3","target":"genre-shop","amount":7}}]'
)
WAIT = '{"began":[],"must":[],"may":["2","3","4","5"],"ended":false}'


async def floor(url: str, seconds: float, connections: int, durability: Durability) -> int:
    """Rows inserted and committed per second by `connections` connections, each one row a
    transaction (autocommit: the INSERT and its COMMIT in one statement)."""
    setup = await psycopg.AsyncConnection.connect(url, autocommit=True)
    async with setup:
        await setup.execute(
            "CREATE TABLE floor (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"
            " match_id BIGINT NOT NULL, seq BIGINT NOT NULL, actor TEXT, move TEXT,"
            " events TEXT, at DOUBLE PRECISION, wait TEXT)"
        )
    opened = [
        await psycopg.AsyncConnection.connect(url, autocommit=True) for _ in range(connections)
    ]
    committed = 0
    ends = time.perf_counter() + seconds

    async def insert(number: int, connection: psycopg.AsyncConnection[Any]) -> None:
        nonlocal committed
        if durability == "normal":
            await connection.execute("SET synchronous_commit = off")
        seq = 0
        while time.perf_counter() < ends:
            seq += 1
            await connection.execute(
                "INSERT INTO floor (match_id, seq, actor, move, events, at, wait)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s)",
                (number, seq, "3", MOVE, EVENTS, time.time(), WAIT),
            )
            committed += 1

    began = time.perf_counter()
    try:
        await asyncio.gather(*(insert(n, c) for n, c in enumerate(opened)))
    finally:
        for connection in opened:
            await connection.close()
    return round(committed / (time.perf_counter() - began))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--postgres",
        default=os.environ.get("DATABASE_URL") or os.environ.get("TEST_DATABASE_URL"),
        help="the PostgreSQL database (default: DATABASE_URL, else TEST_DATABASE_URL)",
    )
    parser.add_argument("--seconds", type=float, default=5.0, help="of each side of a run")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sync", choices=["full", "normal"], default="full")
    parser.add_argument(
        "--pool-size",
        type=int,
        default=None,
        help="the bot's connections (DATABASE_POOL_SIZE; default the bot's own, 16)",
    )
    args = parser.parse_args(argv)
    if not args.postgres:
        parser.error("no PostgreSQL database: give --postgres or set DATABASE_URL")
    print(
        f"Dealer PostgreSQL benchmark: Python {platform.python_version()} on "
        f"{os.cpu_count()} CPUs ({cpu_model()}); psycopg {psycopg.__version__}; "
        f"DATABASE_SYNC={args.sync}; {args.seconds:g} s a side; the bot's pool: "
        f"{args.pool_size or 'its default'} connections"
    )
    runs: list[dict[str, float]] = []
    for run in range(1, args.runs + 1):
        load = os.getloadavg()[0]
        with contextmanager(fresh_schema)(args.postgres) as url:
            raw = asyncio.run(floor(url, args.seconds, FLOOR_CONNECTIONS, args.sync))
        with contextmanager(fresh_schema)(args.postgres) as url:
            sized = {} if args.pool_size is None else {"pool_size": args.pool_size}
            rate, times, refused, cpu = asyncio.run(
                throughput(url, MATCHES, args.seconds, args.sync, **sized)
            )
        share = rate / raw
        per_move = cpu / max(len(times), 1)
        runs.append({"load": load, "raw": raw, "rate": rate, "share": share, "cpu": per_move})
        print(
            f"  run {run} (load {load:.1f}): the floor, {FLOOR_CONNECTIONS} connections: "
            f"{raw:6} commits/s;"
            f" the bot, {MATCHES} matches: {rate:6} moves/s (confirmation p50 "
            f"{ms(percentile(times, 50))}, p99 {ms(percentile(times, 99))}; the bot's CPU "
            f"{us(per_move)} a move): {share:.0%} of the floor"
            + (f"   refused {refused}!" if refused else "")
        )

    def spread(key: str) -> str:
        values = [r[key] for r in runs]
        return f"{min(values):,.0f} / {statistics.median(values):,.0f} / {max(values):,.0f}"

    loads = [r["load"] for r in runs]
    moves_met = sum(r["rate"] >= TARGET_MOVES for r in runs)
    share_met = sum(r["share"] >= TARGET_SHARE for r in runs)
    shares = sorted(r["share"] for r in runs)
    print(
        f"min / median / max of {len(runs)} runs (load {min(loads):.1f}-{max(loads):.1f}):\n"
        f"  the floor: {spread('raw')} commits/s\n"
        f"  the bot:   {spread('rate')} moves/s (>= {TARGET_MOVES:,}: met in {moves_met} of"
        f" {len(runs)}: {verdict(moves_met * 3 >= len(runs) * 2)})\n"
        f"  the bot's CPU a move: {' / '.join(us(c) for c in sorted(r['cpu'] for r in runs))}\n"
        f"  the bot / the floor: {shares[0]:.0%} / {statistics.median(shares):.0%} / "
        f"{shares[-1]:.0%} (>= {TARGET_SHARE:.0%}: met in {share_met} of {len(runs)}: "
        f"{verdict(share_met * 3 >= len(runs) * 2)})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
