"""Discord bot benchmarks through SimCord: a program that prints figures, not a test.

    .venv/bin/python tests/benchmarks/bench_bot.py [--quick]

1. Latency: with 100 Auction Auction matches in progress at once (100 channels, 4-12
   players each), the wall-clock time around `await member.slash(channel, "bid", ...)`
   beside the same for `/help`, the two interleaved at random in one run; also the time
   until the reply exists, and what a `/bid` costs in SQLite round trips. Target: `/bid`
   p99 within 1.5x of `/help`'s.
2. Start-up: a database holding 1,000 in-progress matches (written through `Storage` and
   `MatchService`, as the bot would have left them, every event delivered, and the garbage
   of building them collected); the time of `env.start()` (the bot's `setup_hook` and
   READY), of the first `/match status` after it, and until a `/match status` in each of the
   1,000 channels has answered. Target: serving within 2 s.
3. Memory per in-progress match held in the service's cache: tracemalloc and RSS before and
   after loading the 1,000 stored matches into a fresh `MatchService`, divided by 1,000.
   Target: under 250 KB.

SimCord settles the bot after every command, so the wall clock around a command includes the
messages the bot sends because of it (the DM confirming a bid). SimCord runs commands one
after another (its operations cannot overlap), so "in progress at once" means 100 matches
held by one bot, not 100 commands in flight. `--quick` runs small sizes, to check the program.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import platform
import random
import resource
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Awaitable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite
from machine import cpu_model
from simcord import ChannelHandle, Env, MemberActor
from simcord.backend.models.interaction import Interaction as SimInteraction

from bot.app import create_bot
from bot.players import player_id
from bot.service import MatchService
from bot.storage import Durability, Storage
from games.auction_auction import ENGINE as AA_ENGINE
from games.auction_auction.views import PlayerView
from games.core.engine import HOST
from tools.demo import SETTLE_TIMEOUT

GAME = "auction-auction"
CHANNELS_PER_GUILD = 100
PHASE_SECONDS = 86_400
SEED = 1
SETTLE_POLL = 0.001
TARGET_RATIO = 1.5
TARGET_START = 2.0
TARGET_MEMORY_KB = 250


@dataclass
class Table:
    """One match in progress: its channel and its seated members."""

    match_id: int
    channel: ChannelHandle
    members: list[MemberActor]


# -- a database of matches in progress ----------------------------------------------------------


async def build(
    env: Env, path: Path, matches: int, rng: random.Random, durability: Durability
) -> list[Table]:
    """Guilds, channels and members in SimCord (100 channels a guild), and as many running
    matches in the database at `path`, each some way into its rounds, every event delivered."""
    storage = await Storage.open(path, durability)
    service = MatchService(storage, lambda: env.now().timestamp())
    tables: list[Table] = []
    for number in range(matches):
        if number % CHANNELS_PER_GUILD == 0:
            guild = env.create_guild(f"bench {number // CHANNELS_PER_GUILD}")
            host = guild.add_member(env.create_user(f"host{number // CHANNELS_PER_GUILD}"))
        channel = guild.create_text_channel(f"match-{number}")
        members = [
            guild.add_member(env.create_user(f"p{number}-{seat}"))
            for seat in range(rng.randint(4, 12))
        ]
        match_id = await storage.create_match(
            guild_id=guild.id,
            channel_id=channel.id,
            game=GAME,
            host_id=host.id,
            options={},
            seed=rng.randrange(2**31),
            clocks={"phase": PHASE_SECONDS},
            spectator_channel_id=None,
            now=env.now().timestamp(),
        )
        assert match_id is not None
        for member in members:
            await storage.add_player(match_id, member.id, member.name)
        row = await storage.match(match_id)
        assert row is not None
        await service.start(row, await storage.players(match_id))
        await advance(service, match_id, members, rng)
        tables.append(Table(match_id, channel, members))
    for match_id in await storage.undelivered_matches():
        pending = await storage.pending_events(match_id)
        await storage.delivered(match_id, [item.seq for item in pending])
    await storage.close()
    return tables


async def advance(
    service: MatchService, match_id: int, members: list[MemberActor], rng: random.Random
) -> None:
    """Close 0-4 phases (up to round 3's Access phase), everyone bidding in each, then let
    half of the players bid in the phase left open."""
    closes = rng.randint(0, 4)
    for phase in range(closes + 1):
        bidders = members if phase < closes else rng.sample(members, k=len(members) // 2)
        for member in bidders:
            move = await random_bid(service, match_id, member, rng)
            if move is not None:
                await service.submit(match_id, player_id(member.id), move)
        if phase < closes:
            await service.submit(match_id, HOST, {"type": "close_phase"})


async def random_bid(
    service: MatchService, match_id: int, member: MemberActor, rng: random.Random
) -> dict[str, Any] | None:
    """A bid the player may make now, chosen from their view; None when they cannot bid."""
    row = await service.storage.match(match_id)
    assert row is not None
    state, player = await service.state(row), player_id(member.id)
    view = AA_ENGINE.view(state, player)
    targets = AA_ENGINE.targets(state, player)
    if not isinstance(view, PlayerView) or not targets:
        return None
    me = view.me
    target = rng.choice(targets)
    if view.phase == "access":
        amount = rng.randint(0, me.cash // 3)
    elif me.uncommitted < 1:
        return None
    else:
        amount = rng.randint(1, max(1, me.uncommitted // 3))
    return {"type": "bid", "target": target, "amount": amount}


# -- probes (in SimCord and aiosqlite; the bot is not touched) ------------------------------------


@dataclass
class Probe:
    """What happened during one command."""

    started: float = 0.0
    replied: float | None = None
    sqlite_calls: int = 0
    sqlite_calls_before_reply: int = 0
    sqlite_seconds: float = 0.0
    #: How long each write took to its commit (and sync), as its caller waited for it.
    commits: list[float] = field(default_factory=list)


PROBE = Probe()


def install_probes() -> None:
    """Note when each interaction is answered and every round trip to SQLite's thread. And
    make SimCord's settling poll every millisecond instead of every 50 ms: while the bot keeps
    a task alive for good (the dispatcher sleeping until the next deadline), a command that
    answers without any I/O (/help) otherwise waits out a whole 50 ms poll."""
    respond = SimInteraction.respond_with_message

    def respond_with_message(self: SimInteraction, message_id: int, *, ephemeral: bool) -> None:
        if PROBE.replied is None:
            PROBE.replied = time.perf_counter()
            PROBE.sqlite_calls_before_reply = PROBE.sqlite_calls
        respond(self, message_id, ephemeral=ephemeral)

    execute = aiosqlite.Connection._execute

    async def timed_execute(self: aiosqlite.Connection, fn: Any, *args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return await execute(self, fn, *args, **kwargs)  # type: ignore[no-untyped-call]
        finally:
            PROBE.sqlite_calls += 1
            PROBE.sqlite_seconds += time.perf_counter() - started

    write = Storage._transaction

    async def timed_write(self: Storage, work: Any, *, synced: bool = True) -> Any:
        started = time.perf_counter()
        try:
            return await write(self, work, synced=synced)
        finally:
            PROBE.commits.append(time.perf_counter() - started)

    settle = Env._settle_internal

    async def settle_quickly(self: Env, **options: Any) -> None:
        options.setdefault("idle", SETTLE_POLL)
        await settle(self, **options)

    SimInteraction.respond_with_message = respond_with_message  # type: ignore[method-assign]
    aiosqlite.Connection._execute = timed_execute  # type: ignore[method-assign]
    Env._settle_internal = settle_quickly  # type: ignore[method-assign]
    Storage._transaction = timed_write  # type: ignore[method-assign]


@dataclass
class Timing:
    wall: float  # around `await member.slash(...)`: the reply and every follow-up settled
    reply: float  # until the interaction's reply existed
    sqlite_calls: int
    sqlite_calls_before_reply: int
    sqlite_seconds: float
    commits: list[float]


async def timed(command: Awaitable[Any]) -> tuple[Timing, Any]:
    """Await a command (a coroutine not started yet) and time it."""
    global PROBE
    PROBE = Probe(started=time.perf_counter())
    result = await command
    ended = time.perf_counter()
    replied = PROBE.replied if PROBE.replied is not None else ended
    timing = Timing(
        ended - PROBE.started,
        replied - PROBE.started,
        PROBE.sqlite_calls,
        PROBE.sqlite_calls_before_reply,
        PROBE.sqlite_seconds,
        PROBE.commits,
    )
    return timing, result


def answer(result: Any) -> str:
    return str(result.response.content) if result.response is not None else ""


class FullCollections:
    """Full (generation 2) garbage collections while it is open: how many, how long."""

    def __init__(self) -> None:
        self.pauses: list[float] = []
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.pauses.append(time.perf_counter() - self._started)

    def __enter__(self) -> FullCollections:
        gc.callbacks.append(self)
        return self

    def __exit__(self, *_: object) -> None:
        gc.callbacks.remove(self)


# -- the three measurements ---------------------------------------------------------------------


@dataclass
class Latency:
    times: dict[str, list[Timing]]
    refused: int
    full_collections: list[float]


async def latency(
    folder: Path, matches: int, samples: int, rng: random.Random, durability: Durability
) -> Latency:
    path = folder / "live.db"
    bot = create_bot(path, database_sync=durability)
    env = Env(bot, shard_count=1, settle_timeout=SETTLE_TIMEOUT)
    tables = await build(env, path, matches, rng, durability)
    await env.start()
    times: dict[str, list[Timing]] = {"/bid": [], "/help": []}
    refused = 0
    try:
        with env.time_context(), FullCollections() as collections:
            for table in tables:  # warm up: every match's state in the service's cache
                await table.members[0].slash(table.channel, "match status")
                # and its live status message posted, as the bot posts it when a match starts
                bot.presenter.status.refresh(table.match_id)
                await env.settle()
            order = ["/bid"] * samples + ["/help"] * samples
            rng.shuffle(order)
            for command in order:
                table = rng.choice(tables)
                member = rng.choice(table.members)
                if command == "/help":
                    timing, _ = await timed(member.slash(table.channel, "help"))
                    times[command].append(timing)
                    continue
                move = await random_bid(bot.service, table.match_id, member, rng)
                if move is None:
                    continue
                timing, result = await timed(
                    member.slash(table.channel, "bid", target=move["target"], amount=move["amount"])
                )
                refused += not answer(result).startswith("Your sealed bid")
                times[command].append(timing)
    finally:
        await env.shutdown()
        await bot.close()
    return Latency(times, refused, collections.pauses)


async def startup(folder: Path, matches: int, rng: random.Random) -> dict[str, float]:
    path = folder / "stored.db"
    bot = create_bot(path)
    env = Env(bot, shard_count=1, settle_timeout=SETTLE_TIMEOUT)
    started = time.perf_counter()
    # Building the stored matches is set-up, not measured: its commits need not sync.
    tables = await build(env, path, matches, rng, "normal")
    built = time.perf_counter() - started
    # The set-up's garbage is collected now, not by a full collection that the allocations
    # of the build happen to start inside the measured window (docs/performance.md).
    gc.collect()
    try:
        started = time.perf_counter()
        await env.start()
        ready = time.perf_counter() - started
        with env.time_context():
            statuses: list[float] = []
            for table in tables:
                timing, result = await timed(table.members[0].slash(table.channel, "match status"))
                assert answer(result).startswith("**Auction Auction"), answer(result)
                statuses.append(timing.wall)
            everyone = time.perf_counter() - started
            cached: list[float] = []
            for table in tables:
                timing, _ = await timed(table.members[0].slash(table.channel, "match status"))
                cached.append(timing.wall)
    finally:
        await env.shutdown()
        await bot.close()
    return {
        "build": built,
        "database_mb": path.stat().st_size / 1e6,
        "start": ready,
        "first": statuses[0],
        "all": everyone,
        "cold_mean": statistics.fmean(statuses),
        "cached_mean": statistics.fmean(cached),
    }


def rss_kb() -> int:
    """The resident set size now (Linux), in KB."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


async def memory(folder: Path) -> dict[str, float]:
    """Load every match stored by `startup` into a fresh service's cache; KB per match."""
    storage = await Storage.open(folder / "stored.db")
    service = MatchService(storage, time.time)
    rows = [row for i in await storage.running_match_ids() if (row := await storage.match(i))]
    snapshots = [stored[0] for row in rows if (stored := await storage.snapshot(row.id))]
    snapshot_kb = sum(len(text) for text in snapshots) / len(rows) / 1024
    gc.collect()
    rss_before = rss_kb()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    for row in rows:
        await service.state(row)
    gc.collect()
    after = tracemalloc.take_snapshot()
    traced = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    tracemalloc.stop()
    rss_after = rss_kb()
    await storage.close()
    return {
        "loaded": len(rows),
        "traced_kb": traced / len(rows) / 1024,
        "rss_kb": (rss_after - rss_before) / len(rows),
        "snapshot_kb": snapshot_kb,
    }


# -- report ---------------------------------------------------------------------------------------


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def us(seconds: float) -> str:
    return f"{seconds * 1e6:.0f} µs"


def verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def report_latency(result: Latency, matches: int, samples: int, durability: Durability) -> None:
    print(f"\n1. Command latency, {matches} matches in progress ({samples} of each, interleaved)")
    for kind, what in (
        ("wall", "wall clock around `await member.slash(...)` (follow-up messages included)"),
        ("reply", "until the reply exists"),
    ):
        print(f"  {what}:")
        p99: dict[str, float] = {}
        for command, timings in result.times.items():
            values = [getattr(t, kind) for t in timings]
            p99[command] = percentile(values, 99)
            print(
                f"    {command:6} p50 {ms(percentile(values, 50)):>8}   p99 {ms(p99[command]):>8}"
                f"   mean {ms(statistics.fmean(values)):>8}   n={len(values)}"
            )
        ratio = p99["/bid"] / p99["/help"]
        print(
            f"    /bid p99 / /help p99 = {ratio:.2f} "
            f"(target <= {TARGET_RATIO}: {verdict(ratio <= TARGET_RATIO)})"
        )
    bids = result.times["/bid"]
    print(
        f"  a /bid makes {statistics.fmean(t.sqlite_calls for t in bids):.0f} round trips to "
        f"SQLite's thread ({statistics.fmean(t.sqlite_calls_before_reply for t in bids):.0f} "
        f"before its reply), awaiting them {ms(statistics.fmean(t.sqlite_seconds for t in bids))}"
        " in all"
    )
    moves = [t.commits[0] for t in bids if t.commits]
    others = [c for t in bids for c in t.commits[1:]]
    print(
        f"  a /bid makes {(len(moves) + len(others)) / len(bids):.1f} writes "
        f"(DATABASE_SYNC={durability}); to its commit, the move's (before the reply): "
        f"p50 {us(percentile(moves, 50))}   p99 {us(percentile(moves, 99))}   "
        f"mean {us(statistics.fmean(moves))}"
    )
    if others:
        print(
            f"    the others (its events marked delivered, after the reply): "
            f"p50 {us(percentile(others, 50))}   p99 {us(percentile(others, 99))}   "
            f"mean {us(statistics.fmean(others))}"
        )
    pauses = result.full_collections
    if pauses:
        print(
            f"  full garbage collections during the run: {len(pauses)}, "
            f"{ms(statistics.fmean(pauses))} each on average"
        )
    if result.refused:
        print(f"  warning: the bot refused {result.refused} of the bids")


def report_startup(figures: dict[str, float], matches: int) -> None:
    serving = figures["start"] + figures["first"]
    print(f"\n2. Start-up with {matches} stored in-progress matches")
    print(f"  database built in {figures['build']:.1f} s ({figures['database_mb']:.1f} MB)")
    print(f"  env.start() (setup_hook, READY)          {ms(figures['start']):>9}")
    print(f"  then the first /match status answered    {ms(figures['first']):>9}")
    print(
        f"  serving after                            {ms(serving):>9} "
        f"(target < {TARGET_START:.0f} s: {verdict(serving < TARGET_START)})"
    )
    print(
        f"  a /match status answered in each of the {matches} channels, one after another, "
        f"{figures['all']:.2f} s after the start ({ms(figures['cold_mean'])} each loading its "
        f"match; {ms(figures['cached_mean'])} each once cached)"
    )


def report_memory(used: dict[str, float]) -> None:
    worst = max(used["traced_kb"], used["rss_kb"])
    print(f"\n3. Memory per in-progress match ({used['loaded']:.0f} in the service's cache)")
    print(
        f"  tracemalloc {used['traced_kb']:.1f} KB, RSS {used['rss_kb']:.1f} KB per match "
        f"(its stored snapshot: {used['snapshot_kb']:.1f} KB of JSON); "
        f"target < {TARGET_MEMORY_KB} KB: {verdict(worst < TARGET_MEMORY_KB)}"
    )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Dealer's Discord bot benchmarks (SimCord)")
    parser.add_argument("--quick", action="store_true", help="small sizes, to check the program")
    parser.add_argument(
        "--sync",
        choices=["full", "normal"],
        default="full",
        help="DATABASE_SYNC of the latency part (default full, as the bot runs)",
    )
    args = parser.parse_args(argv)
    live, samples, stored = (10, 50, 50) if args.quick else (100, 1000, 1000)
    install_probes()
    print(
        f"Dealer bot benchmark: Python {platform.python_version()} on {os.cpu_count()} CPUs "
        f"({cpu_model()}, not pinned: the bot's threads and workers run as they would); the "
        "bot in discord.py against SimCord's in-memory Discord"
    )
    with tempfile.TemporaryDirectory(prefix="dealer-bench-") as folder:
        result = asyncio.run(latency(Path(folder), live, samples, random.Random(SEED), args.sync))
        report_latency(result, live, samples, args.sync)
        figures = asyncio.run(startup(Path(folder), stored, random.Random(SEED)))
        report_startup(figures, stored)
        report_memory(asyncio.run(memory(Path(folder))))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\npeak RSS of the whole run: {peak:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
