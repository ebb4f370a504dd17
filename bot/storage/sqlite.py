"""The embedded store: one SQLite file in WAL mode, written by one thread with group commit
(`bot.storage.group_commit`), read on another.

Writes go through `writer`, a plain `sqlite3` connection that the group-commit thread uses
(or the loop, for a write alone while the thread is idle: one of them at a time). It is the
only connection that writes, so a write never waits for a lock, and a transaction runs
alone: `Tx.lock` has nothing to do. Each write is a job sent to that thread; the jobs
waiting together commit in one transaction (each in a savepoint of its own, but for one
alone) and, with the default durability `full` (synchronous=FULL), one sync of the WAL, and
each caller resumes
only after that commit: a move returns with the move on disk, and the event loop does not
wait for the disk meanwhile (but for a write that comes alone while syncs are quick, which
the loop commits itself, without the hand-off: `bot.storage.group_commit`). A match's moves
keep their order: `MatchService` sends them one after the other, and the jobs commit in the
order they were sent. With `normal` (synchronous=NORMAL) a commit does not sync. Reads go
through aiosqlite (`db`), on its own thread; that connection is query-only, so a write sent
there by mistake fails instead of competing with the writer.

A transaction's work is an async function (`bot.storage.backend.Work`), the same that runs
on PostgreSQL; here its statements never wait for anything, so the group-commit thread (or
the loop) runs it to its end in one step (`run_now`), with no event loop.

The writer's automatic checkpoints are off. Every `CHECKPOINT_EVERY` writes,
`_checkpoint_wal` runs a passive checkpoint (it syncs the WAL and the database) in a worker
thread on a connection of its own, `checkpointer`, while reads and writes go on; then, as a
job of the group-commit thread (so with writes held), a second copy of what was written
meanwhile, and a write that starts the WAL afresh (`_start_wal`), so that it ends copied in
full instead of growing while writes never pause.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import AsyncIterator, Coroutine, Iterable
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.storage.backend import LogEntry, Parameters, Rows, Work, append_checked
from bot.storage.group_commit import Durability, GroupCommit
from bot.storage.migrations import MIGRATIONS, Migration, refuse_newer
from bot.storage.results import Rank

log = logging.getLogger(__name__)

T = TypeVar("T")

#: Writes between two checkpoints (a bid is two: its move, then its events delivered); in
#: the benchmark that is 1,300-2,000 pages of WAL, a few MB.
CHECKPOINT_EVERY = 500


def run_now(work: Coroutine[Any, Any, T]) -> T:
    """The result of a transaction's work whose every await is a statement on the SQLite
    writer, which completes at once: run by whoever commits (`GroupCommit`), without a loop."""
    try:
        work.send(None)
    except StopIteration as done:
        result: T = done.value
        return result
    work.close()
    raise RuntimeError("a transaction waited for something other than its own statements")


class SqliteTx:
    """A transaction's statements on the writer (in the group-commit thread, or the loop for
    a write alone)."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection

    async def execute(self, sql: str, parameters: Parameters = ()) -> Rows:
        cursor = self.connection.execute(sql, parameters)
        return Rows(cursor.fetchall(), cursor.rowcount)

    async def send(self, sql: str, parameters: Parameters = ()) -> None:
        self.connection.execute(sql, parameters)

    async def executemany(self, sql: str, rows: Iterable[Parameters]) -> None:
        self.connection.executemany(sql, rows)

    async def lock(self, table: str, row_id: int) -> None:
        """Nothing to do: the one writer runs one transaction at a time."""

    async def claim(self, table: str, row_id: int) -> bool:
        """Whether the row is still there: no other transaction runs meanwhile."""
        cursor = self.connection.execute(f"SELECT 1 FROM {table} WHERE id = ?", (row_id,))
        return cursor.fetchone() is not None

    async def append_move(self, entry: LogEntry) -> None:
        await append_checked(self, entry)


def _connect(path: str) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None, check_same_thread=False)


#: The header of an SQLite database file, and where it keeps `user_version` (4 bytes,
#: big-endian, at offset 60: https://www.sqlite.org/fileformat.html#the_database_header).
_HEADER = b"SQLite format 3\x00"
_USER_VERSION = slice(60, 64)


def _check_version(path: str) -> None:
    """Refuse a database from a newer Dealer before anything writes to it: first by the
    version in the file's header, read as bytes; then, as a newer Dealer that stopped before
    copying its WAL back leaves its version there, by a read-only connection, which cannot
    copy the WAL into the file when it closes. A missing, empty or non-database file is left
    to SQLite."""
    try:
        with open(path, "rb") as file:
            header = file.read(_USER_VERSION.stop)
    except FileNotFoundError:
        return
    if not header.startswith(_HEADER) or len(header) < _USER_VERSION.stop:
        return
    refuse_newer(int.from_bytes(header[_USER_VERSION], "big"))
    uri = f"{Path(path).absolute().as_uri()}?mode=ro"
    with contextlib.closing(sqlite3.connect(uri, uri=True)) as reader:
        refuse_newer(reader.execute("PRAGMA user_version").fetchone()[0])


def _open_writer(path: str, durability: Durability, rank: Rank | None) -> sqlite3.Connection:
    """The writing connection, with the schema migrated (each migration one transaction,
    its backfill included; the schema version is SQLite's `user_version`); a database from a
    newer Dealer is refused first (`NewerDatabase`), unchanged. Its automatic checkpoints are
    off: `SqliteBackend` runs them off the event loop."""
    _check_version(path)
    writer = _connect(path)
    for pragma in (
        "journal_mode=WAL",
        f"synchronous={durability.upper()}",
        "foreign_keys=ON",
        "wal_autocheckpoint=0",
    ):
        writer.execute(f"PRAGMA {pragma}")
    version = writer.execute("PRAGMA user_version").fetchone()[0]
    for number, migration in enumerate(MIGRATIONS[version:], start=version + 1):
        script = migration if isinstance(migration, str) else migration.sql
        try:
            writer.executescript(f"BEGIN;\n{script}")
            if isinstance(migration, Migration) and migration.backfill is not None:
                run_now(migration.backfill(SqliteTx(writer), rank))
            writer.execute(f"PRAGMA user_version={number}")
            writer.execute("COMMIT")
        except BaseException:
            if writer.in_transaction:
                writer.execute("ROLLBACK")
            writer.close()
            raise
    _start_wal(writer)
    return writer


def _start_wal(writer: sqlite3.Connection) -> None:
    """A write of one page (the schema version, unchanged): when the WAL is empty or copied
    in full, this write starts it afresh, syncing its header, so that the next writes do
    not. Run off the loop."""
    version = writer.execute("PRAGMA user_version").fetchone()[0]
    writer.execute(f"PRAGMA user_version={int(version)}")


class SqliteBackend:
    """One SQLite database (see the module's doc)."""

    integrity_error: tuple[type[Exception], ...] = (sqlite3.IntegrityError,)

    def __init__(
        self,
        db: aiosqlite.Connection,
        writer: sqlite3.Connection,
        checkpointer: sqlite3.Connection,
        durability: Durability = "full",
    ) -> None:
        self.db = db
        self.durability = durability
        self.writer = writer
        self.checkpointer = checkpointer
        self.closed = False
        self.commits = GroupCommit(writer, durability)
        self._since_checkpoint = 0
        self._checkpoint: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, path: str, durability: Durability, rank: Rank | None) -> SqliteBackend:
        writer = await asyncio.to_thread(_open_writer, path, durability, rank)
        db = await aiosqlite.connect(path, isolation_level=None)
        await db.execute_fetchall("PRAGMA query_only=ON")
        return cls(db, writer, _connect(path), durability)

    async def close(self) -> None:
        """Writes sent before are committed first. The reader closes last: the last
        connection to close checkpoints the WAL, on the reader's thread."""
        if not self.closed:
            self.closed = True
            if self._checkpoint is not None:
                await self._checkpoint
            await self.commits.stop()
            self.writer.close()
            self.checkpointer.close()
            await self.db.close()

    def in_json_array(self, column: str) -> str:
        return f"{column} IN (SELECT value FROM json_each(?))"

    @contextlib.asynccontextmanager
    async def exclusive(self, key: int) -> AsyncIterator[None]:
        """Nothing to hold: one process uses the file (`MatchService` and the presenter
        order their work with locks of their own)."""
        yield

    async def read(self, sql: str, parameters: Parameters = ()) -> list[tuple[Any, ...]]:
        return [tuple(row) for row in await self.db.execute_fetchall(sql, parameters)]

    async def transaction(self, work: Work[T], *, synced: bool = True) -> T:
        """Run `work` as a job of the group commit (`GroupCommit`), committed (and, when
        `synced`, durable) when this returns; then count the write and start a checkpoint when
        one is due."""
        result = await self.commits.run(
            lambda connection: run_now(work(SqliteTx(connection))), synced=synced
        )
        self._since_checkpoint += 1
        if self._since_checkpoint >= CHECKPOINT_EVERY and self._checkpoint is None:
            self._checkpoint = asyncio.create_task(self._checkpoint_wal())
        return result

    async def _checkpoint_wal(self) -> None:
        """Copy the WAL into the database while writes go on; then, with writes held (a job
        of the group-commit thread), copy what came in meanwhile (a short copy) and, when
        the WAL is copied in full, start it afresh."""
        try:
            self._since_checkpoint = 0
            await asyncio.to_thread(self._checkpoint_once)
            await self.commits.submit(self._finish_checkpoint, transactional=False)
        except sqlite3.Error:
            log.exception("WAL checkpoint failed; the next one will try again")
        finally:
            self._checkpoint = None

    def _finish_checkpoint(self, writer: sqlite3.Connection) -> None:
        if self._checkpoint_once():
            _start_wal(writer)

    def _checkpoint_once(self) -> bool:
        """A passive checkpoint; whether it copied the whole WAL."""
        busy, frames, copied = self.checkpointer.execute(
            "PRAGMA wal_checkpoint(PASSIVE)"
        ).fetchone()
        return bool(busy == 0 and copied == frames)
