"""Several bot processes on one PostgreSQL (issue 24, item 3). Each "process" here is what a
bot process holds of a match: its own store connections, its `MatchService` (its caches and
its per-match locks, which do not reach the other process) and its `Dispatcher`; the last
test runs a whole bot through SimCord beside one. Skipped without TEST_DATABASE_URL (CI sets
it)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import psycopg
import pytest

from bot.app import DealerBot
from bot.dispatcher import LOOK_AGAIN, Dispatcher
from bot.service import FRESH_FOR, MatchService, Outcome
from bot.storage import MatchRow, Storage, TimerRow
from bot.storage.postgres import PostgresBackend
from games.auction_auction import ENGINE as AA_ENGINE
from games.core.engine import HOST
from games.registry import engine_for
from tests.bot.conftest import TEST_DATABASE_URL, Table, fresh_schema, make_bot
from tools.demo import SETTLE_TIMEOUT

GAME = "auction-auction"
PHASE = 3600
PLAYERS = (2, 3, 4, 5)


@dataclass
class Clock:
    now: float = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Presenter:
    """What a process posts, counted instead of posted."""

    presented: list[int] = field(default_factory=list)
    reminded: list[int] = field(default_factory=list)

    async def present(self, outcome: Outcome) -> None:
        self.presented.append(outcome.seq)

    async def flush(self, match_id: int | None = None) -> None:
        return None

    async def remind(self, row: MatchRow) -> None:
        self.reminded.append(row.id)


class Computer:
    def wake(self, match_id: int) -> None:
        return None


@dataclass
class Process:
    storage: Storage
    service: MatchService
    dispatcher: Dispatcher
    presenter: Presenter


async def process(url: str, clock: Callable[[], float]) -> Process:
    storage = await Storage.open(url)
    service = MatchService(storage, clock)
    presenter = Presenter()
    dispatcher = Dispatcher(storage, service, presenter, Computer(), clock)  # type: ignore[arg-type]
    return Process(storage, service, dispatcher, presenter)


@pytest.fixture
async def two(postgres: str) -> AsyncIterator[tuple[Process, Process, Clock]]:
    clock = Clock()
    a, b = await process(postgres, clock), await process(postgres, clock)
    yield a, b, clock
    await a.storage.close()
    await b.storage.close()


async def started(p: Process, clock: Clock, channel: int = 7) -> int:
    match_id = await p.storage.create_match(
        guild_id=1, channel_id=channel, game=GAME, host_id=1, options={}, seed=channel,
        clocks={"phase": PHASE}, spectator_channel_id=None, now=clock(),
    )  # fmt: skip
    assert match_id is not None
    for user in PLAYERS:
        await p.storage.add_player(match_id, user, f"p{user}")
    row = await p.storage.match(match_id)
    assert row is not None and await p.service.start(row, await p.storage.players(match_id))
    return match_id


async def bid(p: Process, match_id: int, user: int, amount: int) -> Outcome:
    row = await p.service.running(match_id)
    target = AA_ENGINE.targets(await p.service.state(row), str(user))[0]
    return await p.service.submit(
        match_id, str(user), {"type": "bid", "target": target, "amount": amount}
    )


async def test_moves_of_one_match_are_ordered_across_processes(
    two: tuple[Process, Process, Clock],
) -> None:
    """Process A has the match in memory; B moves it; A's next move is decided on the match
    as B left it (not lost, not refused), and moves sent by both at once all commit, each
    once, one after the other; once what each remembers is `FRESH_FOR` old, both see them
    all."""
    a, b, clock = two
    match_id = await started(a, clock)
    await bid(a, match_id, 2, 5)
    await bid(b, match_id, 3, 6)
    after_b = await bid(a, match_id, 4, 7)
    assert after_b.seq == 3, "A's move follows B's, though A remembered the match before it"
    both = await asyncio.gather(*(bid(p, match_id, 5, n) for p, n in ((a, 8), (b, 9))))
    assert sorted(o.seq for o in both) == [4, 5]
    logged = await a.storage.moves(match_id)
    assert [(seq, actor, move["amount"]) for seq, actor, move in logged[:3]] == [
        (1, "2", 5),
        (2, "3", 6),
        (3, "4", 7),
    ]
    assert sorted(move["amount"] for _, _, move in logged[3:]) == [8, 9]
    engine = engine_for(GAME)
    clock.now += FRESH_FOR + 0.5
    rows = [await p.service.running(match_id) for p in (a, b)]
    states = [
        engine.dump_state_json(await p.service.state(r)) for p, r in zip((a, b), rows, strict=True)
    ]
    assert states[0] == states[1], "both processes see every move"


async def test_a_state_read_again_during_a_move_does_not_replace_the_moved_one(
    two: tuple[Process, Process, Clock], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A's remembered state is `FRESH_FOR` old and B has moved the match: a reader in A (a
    view being drawn) reads it again, and while it does, A's own move commits on the match
    read afresh. What the reader read is older than that move: it must not become what A
    remembers (A's next move would be decided on it, and refused as out of date)."""
    a, b, clock = two
    match_id = await started(a, clock)
    await bid(a, match_id, 2, 5)
    await bid(b, match_id, 3, 6)
    clock.now += FRESH_FOR + 0.5
    read = a.storage.moves
    reading, release = asyncio.Event(), asyncio.Event()

    async def slow_read(*args: Any, **kwargs: Any) -> Any:
        found = await read(*args, **kwargs)
        if not reading.is_set():
            reading.set()
            await release.wait()
        return found

    monkeypatch.setattr(a.storage, "moves", slow_read)
    row = await a.service.running(match_id)
    reader = asyncio.create_task(a.service.state(row))
    await reading.wait()
    moved = await bid(a, match_id, 4, 7)
    release.set()
    await reader
    assert moved.seq == 3
    engine = engine_for(GAME)
    remembered = engine.dump_state_json(await a.service.state(row))
    afresh = engine.dump_state_json(await b.service.state(await b.service.running(match_id)))
    assert remembered == afresh, "A remembers the match with its own move in it"


async def test_each_deadline_fires_once(two: tuple[Process, Process, Clock]) -> None:
    a, b, clock = two
    match_id = await started(a, clock)
    reminder = await a.storage.next_timer()
    assert reminder is not None and reminder.kind == "reminder"
    clock.now = reminder.due
    await asyncio.gather(a.dispatcher._fire(reminder), b.dispatcher._fire(reminder))
    assert a.presenter.reminded + b.presenter.reminded == [match_id]

    deadline = await a.storage.next_timer()
    while deadline is not None and deadline.kind != "deadline":
        await a.storage.delete_timer(deadline)
        deadline = await a.storage.next_timer()
    assert deadline is not None
    clock.now = deadline.due
    await asyncio.gather(a.dispatcher._fire(deadline), b.dispatcher._fire(deadline))
    closes = [m for m in await a.storage.moves(match_id) if m[1] == HOST]
    assert [m[2]["type"] for m in closes] == ["close_phase"], "closed once, by one process"
    assert len(a.presenter.presented + b.presenter.presented) == 1
    nxt = await a.storage.next_timer()
    assert nxt is not None and nxt.due > deadline.due, "the next phase's clock is running"


async def test_a_process_killed_while_firing_a_deadline_leaves_it_to_the_others(
    two: tuple[Process, Process, Clock], postgres: str
) -> None:
    """A process claims the deadline (its transaction holds the timer's row) and dies
    before committing: meanwhile the other skips it; then it fires it, once."""
    a, b, clock = two
    match_id = await started(a, clock)
    found = await a.storage.backend.read(
        "SELECT id, due FROM timers WHERE match_id = ? AND kind = 'deadline'", (match_id,)
    )
    deadline = TimerRow(found[0][0], match_id, "deadline", found[0][1])
    clock.now = deadline.due
    dying = await psycopg.AsyncConnection.connect(postgres)
    await dying.execute("SELECT 1 FROM timers WHERE id = %s FOR UPDATE", (deadline.id,))
    await b.dispatcher._fire(deadline)
    assert [m for m in await b.storage.moves(match_id) if m[1] == HOST] == []
    pid = dying.info.backend_pid
    await dying.close()
    # The server lets go of a closed session's locks as its process ends, a moment after.
    while await b.storage.backend.read("SELECT 1 FROM pg_stat_activity WHERE pid = ?", (pid,)):
        await asyncio.sleep(0.01)
    await b.dispatcher._fire(deadline)
    closes = [m for m in await b.storage.moves(match_id) if m[1] == HOST]
    assert len(closes) == 1


async def test_a_dm_move_and_another_process_move_are_ordered_and_a_restart_loses_nothing(
    simcord_env: Any, postgres: str
) -> None:
    """The bot (shard 0 of 2: every DM reaches it) takes a bid from a player's 1-on-1 while
    another process, on the same database, takes one from a channel command of its shard;
    both count, in order. The bot restarts; the match goes on in both."""
    clock = Clock()
    t = Table(simcord_env, 4, shard=0)
    await t.start(phase_minutes=60)
    other = await process(postgres, lambda: clock())
    try:
        players = [p.id for p in t.players]
        by_dm = await t.bid_by_button(t.players[0], "genre-shop", 30)
        assert "Your sealed bid of $30 on Genre Shop is recorded." in by_dm.response.content
        elsewhere = await bid(other, t.match_id, players[1], 20)
        again = await t.bid_by_button(t.players[0], "genre-shop", 31)
        assert "$31" in again.response.content
        assert elsewhere.seq == 2
        await simcord_env.restart_bot(make_bot(postgres, shard_count=2, shard_ids=[0]))
        after = await bid(other, t.match_id, players[2], 12)
        shown = await t.bid_by_button(t.players[3], "genre-shop", 9)
        assert "$9" in shown.response.content
        logged = await other.storage.moves(t.match_id)
        assert [(actor, move["amount"]) for _, actor, move in logged] == [
            (str(players[0]), 30),
            (str(players[1]), 20),
            (str(players[0]), 31),
            (str(players[2]), 12),
            (str(players[3]), 9),
        ]
        assert after.seq == 4
    finally:
        await other.storage.close()


async def test_a_deadline_of_a_process_that_died_while_firing_it_fires_in_another(
    simcord_env: Any, postgres: str
) -> None:
    """Another process starts a lobby the bot opened (5-minute phases), so the bot is told of
    none of its timers; at the deadline it claims it (its transaction holds the timer's row)
    and dies. Meanwhile the bot leaves the deadline alone; once the dead process's
    connection is gone, the bot closes the phase, once, within `LOOK_AGAIN` seconds (it reads
    the timers at least that often on PostgreSQL; else it would sleep its hour out)."""
    t = Table(simcord_env, 4, shard=0)
    await t.open(phase_minutes=5)
    other = await process(postgres, lambda: discord.utils.utcnow().timestamp())
    row = await other.storage.match(t.match_id)
    assert row is not None
    assert await other.service.start(row, await other.storage.players(t.match_id))
    found = await other.storage.backend.read(
        "SELECT id, due FROM timers WHERE match_id = ? AND kind = 'deadline'", (t.match_id,)
    )
    [(deadline, due)] = found
    dying = await psycopg.AsyncConnection.connect(postgres)
    try:
        await dying.execute("SELECT 1 FROM timers WHERE id = %s FOR UPDATE", (deadline,))
        await simcord_env.advance_time(due - discord.utils.utcnow().timestamp() + 5)

        async def closes() -> int:
            logged = await other.storage.moves(t.match_id)
            return sum(1 for _, actor, move in logged if actor == HOST)

        assert await closes() == 0, "claimed by the other process"
        await dying.close()
        await simcord_env.advance_time(LOOK_AGAIN)
        assert await closes() == 1
        assert "**Round 1 — access results**" in "\n".join(m.content for m in t.channel.history())
    finally:
        await dying.close()
        await other.storage.close()


@pytest.fixture
def simcord_bot(postgres: str) -> DealerBot:
    return make_bot(postgres, shard_count=2, shard_ids=[0])


@pytest.fixture
def db_path(postgres: str) -> Path | str:
    return postgres


async def test_one_process_at_a_time_delivers_a_matchs_events(
    two: tuple[Process, Process, Clock],
) -> None:
    """The presenter delivers a match's events under `Storage.delivering`: while one process
    posts them, the other waits (and then finds them delivered), so none is posted twice;
    another match's delivery does not wait."""
    a, b, _ = two
    order: list[str] = []

    async def deliver(p: Process, match_id: int, name: str) -> None:
        async with p.storage.delivering(match_id):
            order.append(f"{name} in")
            await asyncio.sleep(0.2)
            order.append(f"{name} out")

    await asyncio.gather(deliver(a, 7, "a"), deliver(b, 7, "b"))
    assert order in (["a in", "a out", "b in", "b out"], ["b in", "b out", "a in", "a out"])
    order.clear()
    await asyncio.gather(deliver(a, 7, "a"), deliver(b, 8, "b"))
    assert order[:2] in (["a in", "b in"], ["b in", "a in"]), "two matches at once"


async def test_tasks_of_one_process_take_turns_delivering_without_polling(
    two: tuple[Process, Process, Clock], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two tasks of one process delivering one match's events take turns by a lock of the
    process: the second does not try the server's lock while the first holds it (a retry
    every `LOCK_POLL`, which SimCord's advance_time takes for a timer to wait for)."""
    a, _, _ = two
    backend = a.storage.backend
    assert isinstance(backend, PostgresBackend)
    locking = backend._locking
    refused: list[str] = []

    async def counted(sql: str, key: int) -> bool:
        taken = await locking(sql, key)
        if not taken:
            refused.append(sql)
        return bool(taken)

    monkeypatch.setattr(backend, "_locking", counted)
    order: list[str] = []

    async def deliver(name: str) -> None:
        async with a.storage.delivering(7):
            order.append(f"{name} in")
            await asyncio.sleep(0.2)
            order.append(f"{name} out")

    await asyncio.gather(deliver("first"), deliver("second"))
    assert order == ["first in", "first out", "second in", "second out"]
    assert refused == []


async def test_a_delivery_in_another_schema_does_not_wait(
    two: tuple[Process, Process, Clock],
) -> None:
    """Advisory locks belong to the whole database: a Dealer (or a test) in another schema of
    it delivers its match 7 while this one delivers its own match 7."""
    a, _, _ = two
    schemas = fresh_schema(TEST_DATABASE_URL)
    other = await Storage.open(next(schemas))

    async def deliver_other() -> None:
        async with other.delivering(7):
            return None

    try:
        async with a.storage.delivering(7):
            await asyncio.wait_for(deliver_other(), timeout=SETTLE_TIMEOUT)
    finally:
        await other.close()
        schemas.close()  # type: ignore[attr-defined]
