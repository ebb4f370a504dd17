"""The store's write path: commits on the event loop, checkpoints and what syncs off it,
nothing confirmed lost when the process is killed, and the season ledger's checked writes."""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import bot.storage.db as db
from bot.storage import LedgerEntry, LedgerRefused, LedgerWrite, Storage, balances
from bot.storage.db import NewerDatabase
from bot.storage.migrations import MIGRATIONS

ROOT = Path(__file__).resolve().parents[2]

#: Plays moves into a fresh database, printing each seq once `record_move` has returned (a
#: confirmation), checkpointing every few writes, until it is killed.
WRITER = """
import asyncio, sys
import bot.storage.db as db
from bot.storage import Snapshot, Storage

db.CHECKPOINT_EVERY = 8

async def main(path):
    storage = await Storage.open(path)
    match_id = await storage.create_match(
        guild_id=1, channel_id=1, game="auction-auction", host_id=1, options={}, seed=1,
        clocks={"phase": 60}, spectator_channel_id=None, now=0.0,
    )
    await storage.start_match(match_id, state="{}", events=[], timers=[], at=0.0, options={})
    seq = 0
    while True:
        seq += 1
        snapshot = Snapshot("{}", False, [("deadline", 60.0)]) if seq % 5 == 0 else None
        await storage.record_move(
            match_id, seq, actor="1", move={"n": seq}, events=[{"n": seq}], at=0.0,
            snapshot=snapshot,
        )
        print(seq, flush=True)
        await storage.delivered(match_id, [seq])

asyncio.run(main(sys.argv[1]))
"""


def test_a_killed_process_loses_no_confirmed_move(tmp_path: Path) -> None:
    path = tmp_path / "killed.db"
    child = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path)], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    confirmed = [int(child.stdout.readline()) for _ in range(400)]
    child.kill()
    child.wait()
    confirmed += [int(line) for line in child.stdout]
    with sqlite3.connect(path) as reopened:
        assert reopened.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        stored = {seq for (seq,) in reopened.execute("SELECT seq FROM log WHERE seq > 0")}
    assert set(confirmed) <= stored
    assert stored == set(range(1, max(stored) + 1))


async def test_the_reading_connection_cannot_write(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "read-only.db")
    try:
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            await storage.db.execute("INSERT INTO guild_config (guild_id) VALUES (1)")
        await storage.set_host_role(1, 2)
        assert await storage.host_role(1) == 2
    finally:
        await storage.close()


async def test_the_wal_starts_afresh_after_checkpoints_and_only_off_the_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Starting the WAL afresh syncs its header: it happens again and again, after each
    checkpoint, but no write on the loop does it (its header never changes across one),
    whether writes come slowly, back to back, or without the loop running anything else in
    between."""
    path = tmp_path / "wal.db"
    wal = Path(f"{path}-wal")
    monkeypatch.setattr(db, "CHECKPOINT_EVERY", 20)
    on_the_loop: list[bool] = []
    headers: set[bytes] = set()
    write = Storage._write

    def header() -> bytes:
        with wal.open("rb") as file:
            return file.read(24)[12:]  # the checkpoint number and the salts

    async def watched(self: Storage, work: Callable[[sqlite3.Connection], Any]) -> Any:
        def watched_work(writer: sqlite3.Connection) -> Any:
            before = header()
            result = work(writer)
            on_the_loop.append(threading.current_thread() is threading.main_thread())
            assert header() == before, "a write on the loop started the WAL afresh"
            return result

        result = await write(self, watched_work)
        headers.add(header())
        return result

    monkeypatch.setattr(Storage, "_write", watched)
    storage = await Storage.open(path)
    try:
        for number in range(600):
            await storage.set_host_role(number, number)
            if number < 200:
                await asyncio.sleep(0.001 if number % 3 == 0 else 0)
            elif number < 500:
                await asyncio.sleep(0)
    finally:
        await storage.close()
    assert all(on_the_loop) and len(on_the_loop) == 600
    assert len(headers) >= 5, "the WAL was not started afresh after checkpoints"


async def test_season_writes_check_balances_inside_their_transaction(tmp_path: Path) -> None:
    """The ledger's checks read through the writer, inside the write's transaction: members
    enrolled in it are seen, and a refusal leaves nothing written (not even the move)."""
    storage = await Storage.open(tmp_path / "seasons.db")
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
        assert not storage.writer.in_transaction
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
    writer = t.bot.storage.writer
    assert writer.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert writer.execute("PRAGMA synchronous").fetchone()[0] == 2, "FULL: a sync per commit"

    monkeypatch.setenv("DATABASE_SYNC", "normal")
    assert Settings(_env_file=None).database_sync == "normal"
    monkeypatch.setenv("DATABASE_SYNC", "sometimes")
    with pytest.raises(ValueError, match="database_sync"):
        Settings(_env_file=None)
    faster = await Storage.open(tmp_path / "normal.db", "normal")
    try:
        assert faster.writer.execute("PRAGMA synchronous").fetchone()[0] == 1
    finally:
        await faster.close()


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
