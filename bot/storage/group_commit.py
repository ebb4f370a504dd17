"""Group commit: the one thread that writes to the SQLite file (or the loop, for a write alone).

Every write is a job: a function run on the writing connection. The thread takes the jobs
waiting in its queue, in the order they were sent, and runs them together in one
transaction, each inside a savepoint of its own (one alone needs none), then commits once:
with `full` durability that is one sync of the WAL for all of them, off the event loop. A
caller's future is settled only after that commit has returned, so a move is confirmed only
once it is durable, and the loop goes on meanwhile.

A write that arrives alone does not pay the hand-off to the thread and back (issue 43): a
write sent while the thread has nothing waits for the end of the event loop's current turn
(its caller's task yields once: `run`) and, if no other write came meanwhile, that task
commits it itself, the same way, at once, and goes on: no callback, no future to wake it,
no further turn. The loop then waits for that one sync; so it does so only while syncs are
quick (their recent time, `sync_time`, under `INLINE_SYNC`): on a disk whose syncs are slow
every write goes to the thread at once. A second write in the same turn, or one that finds
the thread with writes, goes to the thread at once (with the one gathered before it, first),
so that writes arriving together still commit together, synced while the loop makes the next
ones.

Failures stay with their jobs: a job that raises is rolled back to its savepoint (a job
alone, with its transaction) and its caller gets its error while the others of the batch go
on; a commit that fails fails every job in that batch (each caller gets the error, nothing
of them is written) and no other. Jobs of one sender that did not wait for each other
commit in the order they were sent, in one batch or in consecutive ones, since the queue is
first in, first out.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import sqlite3
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

T = TypeVar("T")

#: What a commit promises (`DATABASE_SYNC`): `full` syncs the WAL to disk before the commit
#: returns, so a move confirmed to a player survives a power cut or an OS crash; `normal`
#: leaves that sync to the next checkpoint, so a killed bot loses nothing but an OS crash or
#: power cut can lose the last commits.
Durability = Literal["full", "normal"]

#: The longest sync (seconds, smoothed over the last synced commits) for which a write that
#: arrives alone is committed on the event loop: a loop that waits this long for the disk
#: holds up nothing a member would notice, and the hand-off it saves (two wake-ups of a thread,
#: the GIL passed each way) cost a lone move 0.6-0.7 ms more CPU on a loaded machine whose
#: syncs took 1-4 ms (`bench_answer.py`, at 12906a0).
INLINE_SYNC = 0.005
#: The weight of the newest synced commit in `GroupCommit.sync_time`.
SYNC_WEIGHT = 0.2

#: The most jobs committed together: enough for every match of a busy bot to have a move in
#: one batch, few enough that a batch's own work stays short beside its sync.
MAX_BATCH = 512


@dataclass(slots=True)
class _Job:
    work: Callable[[sqlite3.Connection], Any]
    future: asyncio.Future[Any]
    #: Whether its commit must be synced under `full` (false: a delivered mark, whose loss in
    #: a power cut costs only a repeated message).
    synced: bool
    #: False: run alone, outside any transaction (a checkpoint's last copy).
    transactional: bool


#: A job's result or its error, for its caller.
_Settled = tuple[_Job, Any, BaseException | None]


def _settle(settled: list[_Settled]) -> None:
    """On the loop: hand each caller its result or its error (unless it stopped waiting)."""
    for job, result, error in settled:
        if job.future.done():
            continue
        if error is None:
            job.future.set_result(result)
        else:
            job.future.set_exception(error)


class GroupCommit:
    """The writing connection and the thread that uses it, or the loop for a write alone
    (one of them at a time; see the module's doc)."""

    def __init__(self, connection: sqlite3.Connection, durability: Durability) -> None:
        self.connection = connection
        self.durability = durability
        self._loop = asyncio.get_running_loop()
        #: The connection's `synchronous` level now: `durability`'s, or NORMAL for a batch
        #: of unsynced writes only.
        self._level = durability.upper()
        self._stopped = False
        self._queue: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        #: Jobs sent to the thread and not settled yet: while there are any, the thread may
        #: be using the connection, and the loop does not.
        self._sent = 0
        #: The write that came alone in the loop's current turn, waiting for the turn's end
        #: to be committed by its caller's task (`run`); None: none is waiting.
        self._gathering: _Job | None = None
        #: How long the synced commits took lately (seconds, smoothed: `SYNC_WEIGHT`).
        self.sync_time = 0.0
        self._thread = threading.Thread(target=self._run, name="sqlite-group-commit", daemon=True)
        self._thread.start()

    async def run(
        self,
        work: Callable[[sqlite3.Connection], T],
        *,
        synced: bool = True,
        transactional: bool = True,
    ) -> T:
        """Run `work` in a batch and return its result once that batch is committed. A write
        alone (module doc) waits one turn of the loop for others, then, if none came, is
        committed by its caller's task itself: no other callback and no other turn."""
        job = self._job(work, synced, transactional)
        future: asyncio.Future[T] = job.future
        alone = self._gathering is None and not self._sent and transactional
        if not alone or (synced and self.durability == "full" and self.sync_time > INLINE_SYNC):
            # Not alone (or syncs are slow): to the thread at once, after the write gathered
            # if any, so that it commits while the loop makes the writes that follow.
            self._send_gathered()
            self._send(job)
            return await future
        self._gathering = job
        try:
            # The writes sent meanwhile find this one gathered, and take it to the thread.
            await asyncio.sleep(0)
        finally:
            # Alone all along (or cancelled meanwhile, which leaves the write to commit as a
            # write on the thread would): the thread is idle, as it was when this came.
            if self._gathering is job:
                self._gathering = None
                _settle(self._commit([job])[0])
        return await future

    def submit(
        self,
        work: Callable[[sqlite3.Connection], T],
        *,
        synced: bool = True,
        transactional: bool = True,
    ) -> asyncio.Future[T]:
        """Queue `work` for the thread at once (after the write gathered, if any); the
        future is settled after the commit of the batch it ran in."""
        job = self._job(work, synced, transactional)
        self._send_gathered()
        self._send(job)
        return job.future

    def _job(
        self, work: Callable[[sqlite3.Connection], T], synced: bool, transactional: bool
    ) -> _Job:
        if self._stopped:
            raise sqlite3.ProgrammingError("Cannot operate on a closed database.")
        future: asyncio.Future[T] = self._loop.create_future()
        return _Job(work, future, synced, transactional)

    async def stop(self) -> None:
        """Commit what was sent before, then end the thread; later writes are refused."""
        self._stopped = True
        self._send_gathered()
        self._queue.put(None)
        await asyncio.to_thread(self._thread.join)

    def _send(self, job: _Job) -> None:
        self._sent += 1
        self._queue.put(job)

    def _send_gathered(self) -> None:
        """Hand the write gathered in the loop's turn to the thread, before what follows it."""
        gathered, self._gathering = self._gathering, None
        if gathered is not None:
            self._send(gathered)

    def _settled(self, settled: list[_Settled]) -> None:
        """On the loop: the thread is done with these jobs."""
        self._sent -= len(settled)
        _settle(settled)

    def _run(self) -> None:
        waiting: deque[_Job | None] = deque()
        while True:
            if not waiting:
                waiting.append(self._queue.get())
            while len(waiting) < MAX_BATCH:
                try:
                    waiting.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            first = waiting[0]
            if first is None:
                return
            if not first.transactional:
                waiting.popleft()
                self._report([self._alone(first)])
                continue
            batch: list[_Job] = []
            while waiting and (job := waiting[0]) is not None and job.transactional:
                batch.append(job)
                waiting.popleft()
            settled, unrun = self._commit(batch)
            waiting.extendleft(reversed(unrun))
            self._report(settled)

    def _report(self, settled: list[_Settled]) -> None:
        with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits any more
            self._loop.call_soon_threadsafe(self._settled, settled)

    def _alone(self, job: _Job) -> _Settled:
        try:
            return job, job.work(self.connection), None
        except BaseException as error:
            return job, None, error

    def _commit(self, batch: list[_Job]) -> tuple[list[_Settled], list[_Job]]:
        """Run `batch` in one transaction and commit it. Returns each job run with its
        result or error, and the jobs not run (when SQLite rolled the whole transaction back
        on a job's error, as it does for a full disk: they go in the next batch)."""
        w = self.connection
        synced = self.durability == "full" and any(job.synced for job in batch)
        level = "FULL" if synced else "NORMAL"
        done: list[_Settled] = []
        unrun: list[_Job] = []
        try:
            if level != self._level:
                w.execute(f"PRAGMA synchronous={level}")
                self._level = level
            w.execute("BEGIN IMMEDIATE")
            if len(batch) == 1:
                # A job alone needs no savepoint: when it raises, the transaction's rollback
                # undoes what it did, as its savepoint's would, and the job gets its error.
                done.append((batch[0], batch[0].work(w), None))
            else:
                for index, job in enumerate(batch):
                    w.execute("SAVEPOINT job")
                    try:
                        result = job.work(w)
                    except BaseException as error:
                        if not w.in_transaction:
                            unrun = batch[index + 1 :]
                            raise
                        w.execute("ROLLBACK TO job")
                        w.execute("RELEASE job")
                        done.append((job, None, error))
                        continue
                    w.execute("RELEASE job")
                    done.append((job, result, None))
            started = time.perf_counter()
            w.execute("COMMIT")
            if synced:
                took = time.perf_counter() - started
                self.sync_time += SYNC_WEIGHT * (took - self.sync_time)
        except BaseException as error:
            if w.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    w.execute("ROLLBACK")
            # Nothing of the batch was written: every job run keeps its own error or gets
            # this one, and so do the job that raised it and those after it in the batch
            # (but not those SQLite's rollback left unrun).
            failed = batch[len(done) : len(batch) - len(unrun)]
            done = [(job, None, own or error) for job, _, own in done]
            done += [(job, None, error) for job in failed]
        return done, unrun
