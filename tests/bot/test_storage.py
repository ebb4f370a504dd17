"""The store's write path: commits on the event loop, checkpoints and what syncs off it,
nothing confirmed lost when the process is killed, and the season ledger's checked writes."""

from __future__ import annotations

import asyncio
import contextlib
import math
import shutil
import sqlite3
import subprocess
import sys
import threading
from collections import defaultdict
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import psycopg
import psycopg.types.array
import pytest

import bot.storage.group_commit as group_commit
import bot.storage.sqlite as sqlite_store
from bot.service import EarlierDecision, MatchService
from bot.storage import (
    Durability,
    LedgerEntry,
    LedgerRefused,
    LedgerWrite,
    MatchMoved,
    Snapshot,
    Storage,
    TimerGone,
    balances,
)
from bot.storage.backend import Tx
from bot.storage.migrations import MIGRATIONS, NewerDatabase
from bot.storage.postgres import PostgresBackend
from bot.storage.sqlite import SqliteBackend
from games.auction_auction import ENGINE as AA_ENGINE
from games.registry import engine_for
from tests.bot.stored import new_match

ROOT = Path(__file__).resolve().parents[2]

#: Plays moves into a fresh database for 20 matches at once (so that their moves commit in
#: batches), printing "match seq" once `record_move` has returned (a confirmation),
#: checkpointing every few writes, until it is killed.
WRITER = """
import asyncio, sys
import bot.storage.group_commit as group_commit
import bot.storage.sqlite as sqlite_store
from bot.storage import Snapshot, Storage

sqlite_store.CHECKPOINT_EVERY = 8
# A write that comes alone is committed on the loop, however slow this disk's syncs are.
group_commit.INLINE_SYNC = float("inf")

async def play(storage, match_id):
    seq = 0
    while True:
        seq += 1
        snapshot = Snapshot("{}", False, [("deadline", 60.0)]) if seq % 5 == 0 else None
        await storage.record_move(
            match_id, seq, actor="1", move={"n": seq}, events=[{"n": seq}], at=0.0,
            snapshot=snapshot,
        )
        print(match_id, seq, flush=True)
        await storage.delivered(match_id, [seq])

async def main(path, durability, count):
    storage = await Storage.open(path, durability)
    matches = []
    for channel in range(count):
        match_id = await storage.create_match(
            guild_id=1, channel_id=channel, game="auction-auction", host_id=1, options={},
            seed=1, clocks={"phase": 60}, spectator_channel_id=None, now=0.0,
        )
        await storage.start_match(match_id, state="{}", events=[], timers=[], at=0.0, options={})
        matches.append(match_id)
    await asyncio.gather(*(play(storage, match_id) for match_id in matches))

asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
"""


def on_sqlite(storage: Storage) -> SqliteBackend:
    """The SQLite store under `storage`, whose writer and commit thread these tests read."""
    assert isinstance(storage.backend, SqliteBackend)
    return storage.backend


def on_postgres(storage: Storage) -> PostgresBackend:
    """The PostgreSQL store under `storage`, whose pool these tests read."""
    assert isinstance(storage.backend, PostgresBackend)
    return storage.backend


@pytest.mark.parametrize(("durability", "matches"), [("full", 20), ("normal", 20), ("full", 1)])
def test_a_killed_process_loses_no_confirmed_move(
    tmp_path: Path, durability: str, matches: int
) -> None:
    """Moves of 20 matches committed together, or of one match alone (committed on the
    loop): every move confirmed before the kill is stored, and each match's log has no hole
    (a move is never stored without those before it)."""
    path = tmp_path / "killed.db"
    child = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), durability, str(matches)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    lines = [child.stdout.readline() for _ in range(1000)]
    child.kill()
    child.wait()
    lines += list(child.stdout)
    # A line the kill cut short (the last one, without its newline) confirmed nothing.
    whole = [line for line in lines if line.endswith("\n")]
    confirmed = {(int(m), int(seq)) for m, seq in (line.split() for line in whole)}
    with sqlite3.connect(path) as reopened:
        assert reopened.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        stored = set(reopened.execute("SELECT match_id, seq FROM log WHERE seq > 0"))
    assert confirmed <= stored
    assert len({m for m, _ in confirmed}) == matches
    for match_id in {m for m, _ in stored}:
        seqs = {seq for m, seq in stored if m == match_id}
        assert seqs == set(range(1, max(seqs) + 1))


async def test_the_reading_connection_cannot_write(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "read-only.db")
    try:
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            await on_sqlite(storage).db.execute("INSERT INTO guild_config (guild_id) VALUES (1)")
        await storage.set_host_role(1, 2)
        assert await storage.host_role(1) == 2
    finally:
        await storage.close()


async def test_writes_sent_together_run_off_the_loop_and_the_wal_starts_afresh(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Writes sent together run on the group-commit thread, never on the event loop's; a
    write that comes alone is committed by the loop itself while syncs are quick, and by the
    thread when they are slow (issue 43). After each checkpoint the WAL starts afresh (its
    header changes), again and again, whether writes come slowly, back to back or many at
    once: it does not grow for good."""
    path = tmp_path / "wal.db"
    wal = Path(f"{path}-wal")
    monkeypatch.setattr(sqlite_store, "CHECKPOINT_EVERY", 20)
    threads: dict[str, set[str]] = defaultdict(set)
    part = "alone"
    headers: set[bytes] = set()
    transaction = Storage._transaction

    def header() -> bytes:
        with wal.open("rb") as file:
            return file.read(24)[12:]  # the checkpoint number and the salts

    async def watched(
        self: Storage, work: Callable[[Tx], Coroutine[Any, Any, Any]], *, synced: bool = True
    ) -> Any:
        async def watched_work(w: Tx) -> Any:
            threads[part].add(threading.current_thread().name)
            return await work(w)

        result = await transaction(self, watched_work, synced=synced)
        headers.add(header())
        return result

    monkeypatch.setattr(Storage, "_transaction", watched)
    storage = await Storage.open(path)
    try:
        for number in range(800):
            # Quick syncs, then slow ones, whatever this disk's are.
            quick = number < 400 or number >= 600
            monkeypatch.setattr(
                group_commit, "INLINE_SYNC", math.inf if quick else -1.0, raising=False
            )
            if number < 200 or 400 <= number < 600:
                part = "alone" if quick else "alone, slow syncs"
                await storage.set_host_role(number, number)
                await asyncio.sleep(0.001 if number % 3 == 0 else 0)
            elif number < 400:
                await storage.set_host_role(number, number)
            elif number % 50 == 0:
                part = "together"
                many = range(number, number + 50)
                await asyncio.gather(*(storage.set_host_role(n, n) for n in many))
        assert await storage.host_role(799) == 799
    finally:
        await storage.close()
    # A write alone while a checkpoint's last copy is on the thread waits there behind it.
    assert "MainThread" in threads["alone"]
    assert threads["alone, slow syncs"] == threads["together"] == {"sqlite-group-commit"}
    assert len(headers) >= 5, "the WAL was not started afresh after checkpoints"


async def test_a_lone_move_makes_no_hand_off_and_moves_together_commit_together(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move that arrives alone, while syncs are quick, is committed by the event loop at
    the end of its turn: no hand-off to the group-commit thread and back (issue 43, item 3).
    Moves that arrive together (nine matches' in one turn of the loop) are handed to the
    thread and committed together, in fewer commits than moves."""
    monkeypatch.setattr(group_commit, "INLINE_SYNC", math.inf, raising=False)
    monkeypatch.setattr(sqlite_store, "CHECKPOINT_EVERY", 10_000)
    # Each commit: where it ran, and how many writes it held.
    commits: list[tuple[str, int]] = []
    commit = group_commit.GroupCommit._commit

    def counted_commit(self: group_commit.GroupCommit, batch: list[Any]) -> Any:
        commits.append((threading.current_thread().name, len(batch)))
        return commit(self, batch)

    monkeypatch.setattr(group_commit.GroupCommit, "_commit", counted_commit)
    storage = await Storage.open(tmp_path / "lone.db")
    try:
        matches = [await new_match(storage, channel) for channel in range(10)]
        commits.clear()
        for seq in range(1, 21):
            await storage.record_move(
                matches[0], seq, actor="1", move={"n": seq}, events=[], at=0.0
            )
        assert commits == [("MainThread", 1)] * 20, "handed to the thread"
        commits.clear()
        await asyncio.gather(
            *(
                storage.record_move(match_id, 1, actor="1", move={"n": 1}, events=[], at=0.0)
                for match_id in matches[1:]
            )
        )
        assert {thread for thread, _ in commits} == {"sqlite-group-commit"}
        assert sum(size for _, size in commits) == 9 and len(commits) < 9
        assert [len(await storage.moves(match_id)) for match_id in matches] == [20] + [1] * 9
    finally:
        await storage.close()


async def hold(storage: Storage) -> threading.Event:
    """Keep the group-commit thread busy until the event is set: what is sent meanwhile
    waits in its queue, and is committed in one batch when it is let go."""
    gate, held = threading.Event(), threading.Event()

    def wait(_: sqlite3.Connection) -> None:
        held.set()
        gate.wait()

    on_sqlite(storage).commits.submit(wait, transactional=False)
    while not held.is_set():
        await asyncio.sleep(0.001)
    return gate


def then_hold(storage: Storage) -> threading.Event:
    """Queue a stop behind what the thread was sent so far: the writes sent after it go in
    another batch."""
    gate = threading.Event()
    on_sqlite(storage).commits.submit(lambda _: gate.wait(), transactional=False)
    return gate


async def queued(storage: Storage, jobs: int) -> None:
    """Until `jobs` writes wait in the group-commit thread's queue."""
    while on_sqlite(storage).commits._queue.qsize() < jobs:
        await asyncio.sleep(0.001)


async def test_an_error_in_a_batch_reaches_only_its_callers(tmp_path: Path) -> None:
    """A write that fails in a batch (a move stored twice) fails alone: the others of its
    batch commit. A batch whose commit fails (here a deferred foreign key, checked at the
    commit) fails every write in it, each caller gets the error and none of them is stored;
    the batches before and after it commit. When SQLite rolls a whole transaction back on a
    write's error (a full disk), the writes run before it in the batch fail with it, and
    those after it are committed in the next batch."""
    storage = await Storage.open(tmp_path / "errors.db")
    try:
        ann, bob = await new_match(storage, 1), await new_match(storage, 2)

        def move(match_id: int, seq: int) -> Any:
            return storage.record_move(match_id, seq, actor="1", move={"n": seq}, events=[], at=0.0)

        async def dangling(w: Tx) -> None:
            await w.execute("PRAGMA defer_foreign_keys=ON")
            await w.execute("INSERT INTO log (match_id, seq, events, at) VALUES (999, 1, '[]', 0)")

        first = await hold(storage)
        batch = [
            asyncio.ensure_future(call)
            for call in (move(ann, 1), move(bob, 1), move(ann, 1), move(ann, 2))
        ]
        await queued(storage, 4)
        second = then_hold(storage)
        failing = [
            asyncio.ensure_future(call)
            for call in (move(bob, 2), storage._transaction(dangling), move(ann, 3))
        ]
        await queued(storage, 8)
        first.set()
        second.set()
        settled = await asyncio.gather(*batch, *failing, return_exceptions=True)
        assert settled[:2] == [None, None] and settled[3] is None
        # The move stored twice is refused by the check of the match's last move, alone.
        assert isinstance(settled[2], MatchMoved)
        assert all(isinstance(e, sqlite3.IntegrityError) for e in settled[4:])
        assert all("FOREIGN KEY" in str(e) for e in settled[4:])
        await move(bob, 2)
        assert [seq for seq, _, _ in await storage.moves(ann)] == [1, 2]
        assert [seq for seq, _, _ in await storage.moves(bob)] == [1, 2]

        async def disk_full(w: Tx) -> None:
            """What SQLite does on a full disk: the whole transaction rolled back."""
            await w.execute("ROLLBACK")
            raise sqlite3.OperationalError("database or disk is full")

        third = await hold(storage)
        broken = [
            asyncio.ensure_future(call)
            for call in (move(bob, 3), storage._transaction(disk_full), move(ann, 3))
        ]
        await queued(storage, 3)
        third.set()
        settled = await asyncio.gather(*broken, return_exceptions=True)
        # bob's move was in the transaction rolled back: it fails; ann's, not run yet, commits.
        assert [str(e) for e in settled[:2]] == ["database or disk is full"] * 2
        assert settled[2] is None
        assert [seq for seq, _, _ in await storage.moves(ann)] == [1, 2, 3]
        assert [seq for seq, _, _ in await storage.moves(bob)] == [1, 2]
        assert not on_sqlite(storage).writer.in_transaction
    finally:
        await storage.close()


async def test_season_writes_check_balances_inside_their_transaction(store: Path | str) -> None:
    """The ledger's checks read inside the write's transaction: members enrolled in it are
    seen, and a refusal leaves nothing written (not even the move)."""
    storage = await Storage.open(store)
    try:
        season = await storage.start_season(1, "Spring", 10, by=9, at=0.0)
        with pytest.raises(LedgerRefused, match="season_open"):
            await storage.start_season(1, "Summer", 10, by=9, at=0.0)
        assert await storage.enrol(season, [(5, "ann"), (6, "bob")], 9, 0.0) == [5, 6]
        assert await storage.enrol(season, [(5, "Ann"), (7, "cy")], None, 0.0) == [7]
        match_id = await storage.create_match(
            guild_id=1, channel_id=1, game="auction-auction", host_id=9, options={}, seed=1,
            clocks={"phase": 60}, spectator_channel_id=None, now=0.0,
        )  # fmt: skip
        assert match_id is not None
        assert await storage.start_match(
            match_id, state="{}", events=[], timers=[], at=0.0, options={}, season_id=season.id
        )

        def trade(garnets: int) -> LedgerWrite:
            return LedgerWrite(
                season.id,
                [
                    LedgerEntry(5, "trade", "to bob", garnets=-garnets),
                    LedgerEntry(6, "trade", "from ann", garnets=garnets),
                ],
            )

        with pytest.raises(LedgerRefused, match="overdrawn"):
            await storage.record_move(
                match_id, 1, actor="5", move={}, events=[], at=1.0, ledger=trade(11)
            )
        assert await storage.last_seq(match_id) == 0
        await storage.record_move(
            match_id, 1, actor="5", move={}, events=[], at=1.0, ledger=trade(10)
        )
        with pytest.raises(LedgerRefused, match="overdrawn"):
            await storage.append_ledger(
                season.id, [LedgerEntry(5, "adjust", "a fine", garnets=-1)], by=9, at=2.0
            )
        with pytest.raises(LedgerRefused, match="not_enrolled"):
            await storage.append_ledger(season.id, [LedgerEntry(8, "adjust", "?")], by=9, at=2.0)
        names = await storage.season_names(season.id)
        assert names == {5: "Ann", 6: "bob", 7: "cy"}
        garnets = {b.name: b.garnets for b in balances(await storage.ledger(season.id), names)}
        assert garnets == {"Ann": 0, "bob": 20, "cy": 10}
        assert await storage.last_seq(match_id) == 1

        assert await storage.end_season(season.id, 9, 3.0)
        assert not await storage.end_season(season.id, 9, 3.0)
        with pytest.raises(LedgerRefused, match="name_taken"):
            await storage.start_season(1, "spring", 10, by=9, at=4.0)
        assert (await storage.start_season(1, "Summer", 10, by=9, at=4.0)).open
    finally:
        await storage.close()


@pytest.mark.sqlite_only
async def test_a_confirmed_move_is_synced_to_disk_by_default(
    simcord_env: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Confirmed means durable (issue #12): the connection that committed a confirmed bid
    syncs the WAL at every commit (synchronous=FULL), so a power cut cannot take back what a
    player was told; `DATABASE_SYNC=normal` is the documented faster choice that survives a
    killed bot only."""
    from bot.settings import Settings
    from tests.bot.conftest import Table

    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    r = await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=5)
    assert "Accepted" in r.response.content or "recorded" in r.response.content
    # The bid's messages were marked posted last, a write committed unsynced; a synced one:
    await t.bot.storage.set_host_role(t.guild.id, None)
    writer = on_sqlite(t.bot.storage).writer
    assert writer.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert writer.execute("PRAGMA synchronous").fetchone()[0] == 2, "FULL: a sync per commit"

    monkeypatch.setenv("DATABASE_SYNC", "normal")
    assert Settings(_env_file=None).database_sync == "normal"
    monkeypatch.setenv("DATABASE_SYNC", "sometimes")
    with pytest.raises(ValueError, match="database_sync"):
        Settings(_env_file=None)
    faster = await Storage.open(tmp_path / "normal.db", "normal")
    try:
        assert on_sqlite(faster).writer.execute("PRAGMA synchronous").fetchone()[0] == 1
    finally:
        await faster.close()


async def started(service: MatchService, channel: int) -> tuple[int, list[str]]:
    """An Auction Auction match started in `channel` (four players, one hour phases) through
    the service; its id and the targets player "2" may bid on."""
    storage = service.storage
    match_id = await storage.create_match(
        guild_id=1, channel_id=channel, game="auction-auction", host_id=1, options={},
        seed=channel, clocks={"phase": 3600}, spectator_channel_id=None, now=0.0,
    )  # fmt: skip
    assert match_id is not None
    for user in range(2, 6):
        await storage.add_player(match_id, user, f"p{user}")
    row = await storage.match(match_id)
    assert row is not None
    await service.start(row, await storage.players(match_id))
    row = await service.running(match_id)
    return match_id, AA_ENGINE.targets(await service.state(row), "2")


@pytest.mark.parametrize("durability", ["full", "normal"])
async def test_moves_sent_together_commit_in_one_batch_in_each_matchs_order(
    tmp_path: Path, durability: Durability
) -> None:
    """Moves of five matches, four players each, sent all at once while the writer is busy:
    each match's log holds them in the order they were sent (which is the order the service
    applied them), the stored record rebuilds the state the players were told about, and
    moves of different matches shared commits. With `DATABASE_SYNC=normal` too."""
    storage = await Storage.open(tmp_path / "order.db", durability)
    service = MatchService(storage, lambda: 0.0)
    engine = engine_for("auction-auction")
    try:
        sent: dict[int, list[tuple[str, dict[str, Any]]]] = {}
        for channel in range(5):
            match_id, targets = await started(service, channel)
            # Bids of 1, 2, 3...: each replaces the player's last, so order shows in the state.
            sent[match_id] = [
                (str(user), {"type": "bid", "target": targets[amount % 3], "amount": amount})
                for amount in range(1, 13)
                for user in range(2, 6)
            ]
        commits: list[str] = []
        writer = on_sqlite(storage).writer

        def traced(sql: str) -> None:
            if sql == "COMMIT":
                commits.append(sql)

        writer.set_trace_callback(traced)
        gate = await hold(storage)
        submitted = {
            match_id: [asyncio.ensure_future(service.submit(match_id, *m)) for m in moves]
            for match_id, moves in sent.items()
        }
        await queued(storage, len(sent))
        gate.set()
        for futures in submitted.values():
            outcomes = await asyncio.gather(*futures)
            assert [o.seq for o in outcomes] == list(range(1, len(futures) + 1))
        for match_id, moves in sent.items():
            logged = await storage.moves(match_id)
            assert [(actor, move) for _, actor, move in logged] == moves
            row = await service.running(match_id)
            told = engine.dump_state_json(await service.state(row))
            service.forget(match_id)
            assert engine.dump_state_json(await service.state(row)) == told
            rebuilt = await service.replay(row, logged)
            assert engine.dump_state_json(rebuilt.state) == told
        on_sqlite(storage).writer.set_trace_callback(None)
        assert len(commits) < sum(map(len, sent.values()))
        assert on_sqlite(storage).writer.execute("PRAGMA synchronous").fetchone()[0] == (
            2 if durability == "full" else 1
        )
    finally:
        await storage.close()


async def test_a_move_is_answered_before_the_table_after_it_is_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 43: for a game that presents its moves with the public views around them, a
    move's way to its answer (`MatchService.submit`) builds no view and stores none while
    the view after the move before it is stored (its delivery kept it). The view after a
    move is built when its events are delivered (after the answer); a move that comes before
    that delivery has ended builds it first, from the state it is about to change, and
    stores it with itself (issue 39), so that a crash loses no view."""
    storage = await Storage.open(tmp_path / "views.db")
    service = MatchService(storage, lambda: 0.0, presents_views=lambda game: True)
    built: list[None] = []
    view = type(AA_ENGINE).view

    def counted(self: Any, state: Any, viewer: str | None) -> Any:
        if viewer is None:
            built.append(None)
        return view(self, state, viewer)

    try:
        match_id, targets = await started(service, 1)
        row = await service.running(match_id)
        monkeypatch.setattr(type(AA_ENGINE), "view", counted)

        async def bid(amount: int) -> tuple[int, int]:
            """A bid: its seq, and how many public views its submit built."""
            before = len(built)
            move = {"type": "bid", "target": targets[0], "amount": amount}
            outcome = await service.submit(match_id, str(2 + amount % 4), move)
            return outcome.seq, len(built) - before

        async def delivered(seq: int) -> Any:
            """The view after move `seq` as its delivery asks for it, and keeps it."""
            after = await service.view_after(row, seq)
            assert after is not None
            await storage.delivered(match_id, [seq], 0, (seq, after.model_dump_json()))
            service.viewed(match_id, seq, after)
            return after

        first, made = await bid(1)
        assert made == 1, "the first move after the start stores the view before it"
        after_first = await delivered(first)
        second, made = await bid(2)
        assert made == 0, "the view after the first move is kept: no view on the way"
        assert await storage.delivered_view(match_id) == (first, after_first.model_dump_json())
        assert service.kept_view(match_id, first) is after_first, "the next delivery's, unread"
        assert service.kept_view(match_id, second) is None, "a view no delivery stored"
        # A move before the last one is delivered: the view after that one is built first.
        third, made = await bid(3)
        assert made == 1
        assert len(built) == 3, "one view a move, each built once"
        assert await service.view_after(row, second) is None, "the match has moved past it"
        after_second, after_third = await service.views_around(row, third)
        stored = {i.seq: i.view_before for i in await storage.pending_events(match_id) if i.seq}
        assert stored == {second: None, third: after_second.model_dump_json()}
        assert await storage.view_before_next(match_id, second) == stored[third]
        assert await service.view_after(row, third) == after_third
    finally:
        await storage.close()


async def test_a_move_from_a_control_shown_at_the_match_as_it_is_reads_no_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 43: a control shown at the match's last move is taken without reading the log
    (nothing can have ended its decision since); one shown before is checked against the
    moves since, and refused when its decision is over (its player moved since): against the
    moves this process committed (`Recent`), or, once it has read the match again (a
    restart), against the log."""
    storage = await Storage.open(tmp_path / "shown.db")
    service = MatchService(storage, lambda: 0.0)
    reads: list[str] = []
    for name in ("log_since", "undone"):
        read = getattr(Storage, name)

        async def counted(self: Storage, *args: Any, __name: str = name, __read: Any = read) -> Any:
            reads.append(__name)
            return await __read(self, *args)

        monkeypatch.setattr(Storage, name, counted)
    try:
        match_id, targets = await started(service, 1)
        row = await service.running(match_id)
        shown, _ = await service.decision(row, "2")
        move = {"type": "bid", "target": targets[0], "amount": 1}
        assert (await service.submit(match_id, "2", move, shown=shown)).seq == shown + 1
        assert reads == []
        again = {"type": "bid", "target": targets[0], "amount": 2}
        with pytest.raises(EarlierDecision):
            await service.submit(match_id, "2", again, shown=shown)
        assert reads == []
        service.forget(match_id)
        with pytest.raises(EarlierDecision):
            await service.submit(match_id, "2", again, shown=shown)
        assert reads and await storage.last_seq(match_id) == shown + 1
    finally:
        await storage.close()


async def test_a_batch_holding_a_move_is_synced_and_one_of_delivered_marks_alone_is_not(
    tmp_path: Path,
) -> None:
    """Under `full`, a batch of writes that need no sync of their own (messages marked
    posted) commits without one; a batch holding any other write, a move, commits synced."""
    storage = await Storage.open(tmp_path / "levels.db")
    try:
        match_id = await new_match(storage, 1)
        await storage.record_move(match_id, 1, actor="1", move={}, events=[], at=0.0)
        said: list[str] = []

        def traced(sql: str) -> None:
            if sql.startswith("PRAGMA synchronous") or sql == "COMMIT":
                said.append(sql)

        on_sqlite(storage).writer.set_trace_callback(traced)
        first = await hold(storage)
        marks = [asyncio.ensure_future(storage.delivered(match_id, [seq])) for seq in (0, 1)]
        await queued(storage, 2)
        second = then_hold(storage)
        mixed = [
            asyncio.ensure_future(call)
            for call in (
                storage.delivered(match_id, [1]),
                storage.record_move(match_id, 2, actor="1", move={}, events=[], at=0.0),
            )
        ]
        await queued(storage, 5)
        first.set()
        second.set()
        await asyncio.gather(*marks, *mixed)
        on_sqlite(storage).writer.set_trace_callback(None)
        assert said == ["PRAGMA synchronous=NORMAL", "COMMIT", "PRAGMA synchronous=FULL", "COMMIT"]
    finally:
        await storage.close()


async def test_a_newer_version_still_in_the_wal_is_refused_before_anything_is_written(
    tmp_path: Path,
) -> None:
    """A newer Dealer that stopped before copying its WAL back: the file's header still
    says the old version, the WAL the new one; nothing is migrated or written (#25)."""
    live, copy = tmp_path / "live", tmp_path / "copy"
    live.mkdir()
    copy.mkdir()
    newer = len(MIGRATIONS) + 1
    with contextlib.closing(sqlite3.connect(live / "dealer.db", isolation_level=None)) as db:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA wal_autocheckpoint=0")
        db.execute("CREATE TABLE later (x INTEGER)")
        db.execute(f"PRAGMA user_version={newer}")
        for name in ("dealer.db", "dealer.db-wal"):
            shutil.copyfile(live / name, copy / name)
    path = copy / "dealer.db"
    before = {p.name: p.read_bytes() for p in copy.iterdir()}
    with pytest.raises(NewerDatabase, match=f"database version {newer}; this Dealer knows"):
        await Storage.open(path)
    assert {p.name: p.read_bytes() for p in copy.iterdir() if p.name in before} == before


async def test_two_debits_sent_at_once_cannot_overdraw_a_member(store: Path | str) -> None:
    """Two matches of one season each take a member's 10 garnets at the same moment: one
    move is stored, the other refused with nothing written. On PostgreSQL the two run in
    concurrent transactions; the lock on the season's row makes the second check the
    balance the first left (without it both would read 10 and both pass)."""
    storage = await Storage.open(store)
    try:
        season = await storage.start_season(1, "Spring", 10, by=9, at=0.0)
        await storage.enrol(season, [(5, "ann"), (6, "bob"), (7, "cy")], 9, 0.0)
        matches = []
        for channel in (1, 2):
            match_id = await new_match(storage, channel)
            matches.append(match_id)
        # Reads at once: on PostgreSQL the pool opens a connection for each, so that the two
        # moves then find a connection each and run side by side.
        await asyncio.gather(*(storage.last_seq(m) for m in matches * 2))
        trades = [
            storage.record_move(
                match_id, 1, actor="5", move={}, events=[], at=1.0,
                ledger=LedgerWrite(
                    season.id,
                    [
                        LedgerEntry(5, "trade", "to a rival", garnets=-10),
                        LedgerEntry(receiver, "trade", "from ann", garnets=10),
                    ],
                ),
            )
            for match_id, receiver in zip(matches, (6, 7), strict=True)
        ]  # fmt: skip
        settled = await asyncio.gather(*trades, return_exceptions=True)
        refused = [s for s in settled if isinstance(s, LedgerRefused)]
        assert len(refused) == 1 and refused[0].code == "overdrawn"
        assert settled.count(None) == 1
        names = await storage.season_names(season.id)
        garnets = {b.name: b.garnets for b in balances(await storage.ledger(season.id), names)}
        assert garnets["ann"] == 0 and garnets["bob"] + garnets["cy"] == 30
        assert sorted([await storage.last_seq(m) for m in matches]) == [0, 1]
    finally:
        await storage.close()


async def test_discord_ids_times_and_names_keep_their_value(store: Path | str) -> None:
    """Snowflakes past 2**53 (PostgreSQL's BIGINT, not a float), a time to the microsecond
    (DOUBLE PRECISION, not REAL), JSON options as text, flags as 0/1 read as booleans; a
    season's name is taken whatever its case, on both stores."""
    guild, channel, host = 1456074443980800017, 1456074443980800032, 2**62 + 1
    storage = await Storage.open(store)
    try:
        match_id = await storage.create_match(
            guild_id=guild, channel_id=channel, game="auction-auction", host_id=host,
            options={"lots": [1, 2]}, seed=2**40 + 3, clocks={"phase": 60},
            spectator_channel_id=None, now=1764000000.123456, in_thread=True,
        )  # fmt: skip
        assert match_id is not None
        assert await storage.create_match(
            guild_id=guild, channel_id=channel, game="auction-auction", host_id=host,
            options={}, seed=1, clocks={}, spectator_channel_id=None, now=0.0,
        ) is None  # fmt: skip
        assert await storage.add_player(match_id, host, "ann")
        assert not await storage.add_player(match_id, host, "ann")
        row = await storage.match(match_id)
        assert row is not None
        assert (row.guild_id, row.channel_id, row.host_id) == (guild, channel, host)
        assert row.seed == 2**40 + 3 and row.options == {"lots": [1, 2]}
        assert row.in_thread is True and row.started is False and row.phase_seconds is None
        await storage.start_match(
            match_id, state="{}", events=[], timers=[("deadline", 1764000060.654321)],
            at=0.0, options={},
        )  # fmt: skip
        timer = await storage.next_timer()
        assert timer is not None and timer.due == 1764000060.654321
        assert [(p.user_id, p.dm_closed) for p in await storage.players(match_id)] == [
            (host, False)
        ]
        await storage.start_season(guild, "Spring", 10, by=host, at=0.0)
        assert await storage.season_named(guild, "SPRING") is not None
    finally:
        await storage.close()


async def test_a_process_keeps_the_postgresql_connections_its_setting_says(
    postgres: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`DATABASE_POOL_SIZE` (issue 43): six moves of six matches sent at once, each a
    transaction of its own (with a snapshot), share the two connections it allows, and all
    commit."""
    from bot.settings import Settings

    monkeypatch.setenv("DATABASE_POOL_SIZE", "2")
    size = Settings(_env_file=None).database_pool_size
    assert size == 2
    monkeypatch.setenv("DATABASE_POOL_SIZE", "0")
    with pytest.raises(ValueError, match="database_pool_size"):
        Settings(_env_file=None)
    storage = await Storage.open(postgres, pool_size=size)
    try:
        matches = [await new_match(storage, channel) for channel in range(6)]
        await asyncio.gather(
            *(
                storage.record_move(
                    m,
                    1,
                    actor="1",
                    move={},
                    events=[],
                    at=0.0,
                    snapshot=Snapshot("{}", False, None),
                )
                for m in matches
            )
        )
        assert [await storage.last_seq(m) for m in matches] == [1] * 6
        assert len(on_postgres(storage).pool._idle) == 2
    finally:
        await storage.close()


async def test_a_postgresql_schema_from_a_newer_dealer_is_refused_unchanged(
    postgres: str,
) -> None:
    """The schema version lives in `dealer_schema`: a second start migrates nothing, and a
    version past this Dealer's migrations is refused before anything is written."""
    storage = await Storage.open(postgres)
    await storage.set_host_role(1, 2)
    await storage.close()
    again = await Storage.open(postgres)
    assert await again.host_role(1) == 2
    await again.close()
    newer = len(MIGRATIONS) + 1
    with psycopg.connect(postgres, autocommit=True) as connection:
        assert connection.execute("SELECT version FROM dealer_schema").fetchall() == [
            (len(MIGRATIONS),)
        ]
        connection.execute("UPDATE dealer_schema SET version = %s", (newer,))
        with pytest.raises(NewerDatabase, match=f"database version {newer}; this Dealer knows"):
            await Storage.open(postgres)
        assert connection.execute("SELECT version FROM dealer_schema").fetchall() == [(newer,)]
        assert connection.execute("SELECT guild_id, host_role_id FROM guild_config").fetchall() == [
            (1, 2)
        ]


async def test_a_move_is_refused_unless_the_match_is_as_it_was_decided_on(
    store: Path | str,
) -> None:
    """A move names its match as it was decided on: its last move, paused or not, and the
    due timer it fires. A move decided on anything else is refused (`MatchMoved`, or
    `TimerGone` for a timer fired already) with nothing of it written, its timer kept."""
    storage = await Storage.open(store)
    try:
        match_id = await new_match(storage, 1)
        await storage.set_timers(match_id, [("deadline", 50.0)])
        timer = await storage.next_timer()
        assert timer is not None

        def move(seq: int, **guard: Any) -> Any:
            return storage.record_move(
                match_id, seq, actor="1", move={"n": seq}, events=[], at=0.0, **guard
            )

        await move(1)
        refused = [
            move(1),  # stored already: decided on the match before move 1
            move(3),  # decided on a move 2 that was never stored
            move(2, paused=True),
            move(2, timer=timer.id + 1),  # a timer gone
        ]
        errors = [type(e) for e in await asyncio.gather(*refused, return_exceptions=True)]
        assert errors == [MatchMoved, MatchMoved, MatchMoved, TimerGone]
        assert await storage.next_timer() == timer, "a refused move deletes no timer"
        await move(2, timer=timer.id)
        assert await storage.next_timer() is None, "the timer fired went with its move"
        await storage.pause(match_id, 30.0)
        with pytest.raises(MatchMoved):
            await move(3)
        await move(3, paused=True)
        await storage.set_aside(match_id, "move 2")
        with pytest.raises(MatchMoved):
            await move(4, paused=True)
        assert [seq for seq, _, _ in await storage.moves(match_id)] == [1, 2, 3]
    finally:
        await storage.close()


async def test_two_processes_moving_one_match_at_once_store_one_move(postgres: str) -> None:
    """Two processes send move 1 of a match at once, many times over: each time one is
    stored and the other refused (`MatchMoved`), never both, never neither; both read the
    same log."""
    a, b = await Storage.open(postgres), await Storage.open(postgres)
    try:
        match_id = await new_match(a, 1)
        for seq in range(1, 21):
            settled = await asyncio.gather(
                *(
                    s.record_move(match_id, seq, actor=name, move={"n": seq}, events=[], at=0.0)
                    for s, name in ((a, "a"), (b, "b"))
                ),
                return_exceptions=True,
            )
            assert sorted(type(e).__name__ for e in settled) == ["MatchMoved", "NoneType"]
        logged = await a.moves(match_id)
        assert [seq for seq, _, _ in logged] == list(range(1, 21))
        assert logged == await b.moves(match_id)
    finally:
        await a.close()
        await b.close()


async def test_plain_moves_of_several_matches_go_in_one_statement_on_postgresql(
    postgres: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Moves that write nothing but themselves (no snapshot, ledger, results or timer),
    sent at once for ten matches, are one statement, which commits by itself (no BEGIN, no
    COMMIT): one round trip for all ten. One of them refused (decided on a move its match
    does not have) fails alone. A move with a snapshot is a transaction of its own, its
    statements sent with its BEGIN and its COMMIT."""
    storage = await Storage.open(postgres)
    try:
        matches = [await new_match(storage, channel) for channel in range(10)]
        sent: list[str] = []
        execute = psycopg.AsyncConnection.execute

        async def counted(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
            sent.append(query.decode() if isinstance(query, bytes) else str(query))
            return await execute(self, query, *args, **kwargs)

        monkeypatch.setattr(psycopg.AsyncConnection, "execute", counted)

        def move(match_id: int, seq: int, snapshot: Snapshot | None = None) -> Any:
            return storage.record_move(
                match_id, seq, actor="1", move={"n": seq}, events=[], at=0.0, snapshot=snapshot
            )

        settled = await asyncio.gather(
            *(move(m, 2 if m == matches[3] else 1) for m in matches), return_exceptions=True
        )
        assert [type(e).__name__ for e in settled] == ["NoneType"] * 3 + ["MatchMoved"] + [
            "NoneType"
        ] * 6
        assert [s.split("(")[0] for s in sent] == ["SELECT dealer_append_moves"]
        sent.clear()
        await move(matches[0], 2, Snapshot("{}", False, None))
        assert [s.split(" ")[0] for s in sent] == ["BEGIN", "SELECT", "UPDATE", "COMMIT"]
        monkeypatch.undo()
        assert [seq for seq, _, _ in await storage.moves(matches[0])] == [1, 2]
        assert await storage.snapshot(matches[0]) == ("{}", 2)
        assert [len(await storage.moves(m)) for m in matches] == [2, 1, 1, 0] + [1] * 6
    finally:
        await storage.close()


async def test_plain_moves_sent_together_keep_their_texts_unescaped_on_postgresql(
    postgres: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The moves of one statement (`dealer_append_moves`) go as binary arrays: no text of
    theirs is quoted and escaped into an array's text form (most of the bot's CPU time a move
    on PostgreSQL, issue 43 item 2), and each is stored as it was, quotes, backslashes,
    braces and commas and all, with its wait and its view before (or none)."""
    storage = await Storage.open(postgres)
    try:
        matches = [await new_match(storage, channel) for channel in range(3)]

        def escaped(*args: Any) -> None:
            raise AssertionError("a move's texts were escaped into an array's text form")

        monkeypatch.setattr(psycopg.types.array.ListDumper, "_dump_list", escaped)
        odd = 'a "quoted" \\ back\\slash, {braces} é 🎲 \x00 NUL'
        await asyncio.gather(
            *(
                storage.record_move(
                    match_id,
                    1,
                    actor=odd,
                    move={"say": odd, "n": index},
                    events=[{"said": odd}],
                    at=1.5,
                    wait={"began": [], "must": [odd], "may": []} if index else None,
                    view_before=odd if index == 2 else None,
                )
                for index, match_id in enumerate(matches)
            )
        )
        monkeypatch.undo()
        # A NUL in a JSON text is written `\u0000` and kept; in a plain text, U+FFFD (`_text`).
        stored = odd.replace("\x00", "\ufffd")
        for index, match_id in enumerate(matches):
            [item] = [e for e in await storage.pending_events(match_id) if e.seq == 1]
            assert item.actor == stored and item.events == [{"said": odd}]
            assert item.wait == ({"began": [], "must": [odd], "may": []} if index else None)
            assert item.view_before == (stored if index == 2 else None)
            assert await storage.moves(match_id) == [(1, stored, {"say": odd, "n": index})]
    finally:
        await storage.close()


async def test_a_match_held_by_another_process_holds_up_only_its_own_move(
    postgres: str,
) -> None:
    """Another process holds match A's row (a move of its own under way): A's move, sent
    with B's, waits for it, while B's commits; once the other lets go, A's commits too."""
    storage = await Storage.open(postgres)
    other = await psycopg.AsyncConnection.connect(postgres)
    try:
        ann, bob = await new_match(storage, 1), await new_match(storage, 2)
        await other.execute("SELECT 1 FROM matches WHERE id = %s FOR NO KEY UPDATE", (ann,))
        moves = [
            asyncio.ensure_future(
                storage.record_move(m, 1, actor="1", move={"n": 1}, events=[], at=0.0)
            )
            for m in (ann, bob)
        ]
        await moves[1]
        assert not moves[0].done()
        assert await storage.moves(ann) == []
        await other.commit()
        await moves[0]
        assert [len(await storage.moves(m)) for m in (ann, bob)] == [1, 1]
    finally:
        await other.close()
        await storage.close()
