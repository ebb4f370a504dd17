"""What `Storage` asks of a store, so that its SQL runs on SQLite and on PostgreSQL alike.

Every statement of `bot/storage/` is written once, with `?` placeholders, in the subset both
dialects share (`INSERT … ON CONFLICT`, `RETURNING`, JSON kept as text, `coalesce`, explicit
casts for parameters whose type PostgreSQL cannot infer). A backend runs those statements:
reads one at a time, writes as transactions. A transaction is an async function of a `Tx`
(its statements, its row locks); it commits when it returns and rolls back when it raises.
Where the dialects truly differ (placeholders, a row lock, a list bound as one parameter,
the types of the schema), the difference lives in the backend (`bot.storage.sqlite`,
`bot.storage.postgres`), nowhere else.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Coroutine, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from bot.i18n import N_

T = TypeVar("T")

Parameters = Sequence[Any]


@dataclass(frozen=True, slots=True)
class Rows:
    """What a statement returned (its rows, fetched whole) and how many rows it changed."""

    rows: list[tuple[Any, ...]]
    rowcount: int

    def one(self) -> tuple[Any, ...] | None:
        return self.rows[0] if self.rows else None

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return iter(self.rows)


class Tx(Protocol):
    """The statements of one transaction."""

    async def execute(self, sql: str, parameters: Parameters = ()) -> Rows:
        """Run a statement and wait for what it returned."""

    async def send(self, sql: str, parameters: Parameters = ()) -> None:
        """Run a statement whose result the transaction does not read: on PostgreSQL it goes
        with the next statement that is waited for, or with the commit, in one round trip
        (an error it raises fails the transaction there)."""

    async def executemany(self, sql: str, rows: Iterable[Parameters]) -> None:
        """Run a statement once per row of parameters, as `send` does."""

    async def lock(self, table: str, row_id: int) -> None:
        """Hold row `row_id` of `table` until the transaction ends: another transaction
        that locks it waits, so what this one read of it and of the rows it stands for (a
        match's log, a season's ledger) stays true until it commits."""

    async def claim(self, table: str, row_id: int) -> bool:
        """Hold row `row_id` of `table` until the transaction ends, unless another
        transaction holds it (it is acting on it now) or it is gone: then False, at once
        (`FOR UPDATE SKIP LOCKED`). A job (a due timer) claimed this way is done by one
        process; if that one dies mid-way, its transaction rolls back and the job is
        claimable again."""

    async def append_move(self, entry: LogEntry) -> None:
        """Append a move to its match's log, checked under the match's row lock against the
        match as the move was decided on (`LogEntry`): MatchMoved, or TimerGone for the due
        timer it fires, and the transaction fails with nothing of it written. On SQLite its
        statements (`append_checked`); on PostgreSQL one call of the schema's function
        `dealer_append_move`, sent without waiting, whose refusal fails the transaction
        where its result comes back (at the commit, or at the next statement waited for)."""


class MatchMoved(Exception):
    """The match is not as the move was decided on: another process (on a shared database)
    added a move, paused or resumed it, or ended it since this one read it. Nothing was
    written; `MatchService` reads the match again and decides the move anew."""


class TimerGone(Exception):
    """The due timer a move was to fire is gone or being fired by another process: it fired
    once already, or the phase it timed has closed. Nothing was written."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """An accepted move as its match's log keeps it (its move, events and wait as JSON
    text, and the public view before it where it keeps one: `Storage.record_move`), and the
    match it was decided on: its last move `seq - 1`, running, paused or not (`paused`),
    nothing of its record known to be damaged; `timer`, the due timer the move fires (a
    deadline's close_phase), claimed and deleted with it."""

    match_id: int
    seq: int
    actor: str
    move: str
    events: str
    at: float
    wait: str | None
    view_before: str | None
    paused: bool
    timer: int | None


#: A match as a move finds it: its status, whether it is paused, its snapshot's seq and its
#: log's last (`last_seq`), and what of its record is damaged (`MatchRow.damaged`).
MATCH_NOW = (
    "SELECT status, paused_remaining, state_seq,"
    " (SELECT MAX(seq) FROM log WHERE match_id = ?), damaged FROM matches WHERE id = ?"
)


def last_seq(found: tuple[Any, ...]) -> int:
    """The seq of a match's last move from a `MATCH_NOW` row: the highest in its log, or
    past it the snapshot's (moves a host took back leave their seqs unused)."""
    return max(int(found[2] or 0), int(found[3] or 0))


async def append_checked(w: Tx, entry: LogEntry) -> None:
    """`Tx.append_move` as statements of the transaction (SQLite's; PostgreSQL's function
    `dealer_append_move`, in `bot.storage.migrations`, does the same on the server)."""
    match_id = entry.match_id
    await w.lock("matches", match_id)
    if entry.timer is not None:
        if not await w.claim("timers", entry.timer):
            raise TimerGone
        await w.send("DELETE FROM timers WHERE id = ?", (entry.timer,))
    found = (await w.execute(MATCH_NOW, (match_id, match_id))).one()
    if (
        found is None
        or found[0] != "running"
        or (found[1] is not None) != entry.paused
        or found[4] is not None
        or last_seq(found) != entry.seq - 1
    ):
        raise MatchMoved
    await w.send(
        "INSERT INTO log (match_id, seq, actor, move, events, at, wait, view_before)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            match_id, entry.seq, entry.actor, entry.move, entry.events, entry.at, entry.wait,
            entry.view_before,
        ),
    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class Waits:
    """How long a PostgreSQL connection of Dealer's waits on others, in seconds (the settings
    `DATABASE_LOCK_TIMEOUT` and the others of `bot.settings`; docs/deploying.md says what
    they bound). SQLite has one process and its own bound (`bot.storage.sqlite`)."""

    #: A statement waiting for a row (a match's) another transaction holds gives up
    #: (`lock_timeout`): the move is refused (`Busy`) and rolled back.
    lock: float = 5
    #: A statement running longer is cancelled (`statement_timeout`).
    statement: float = 30
    #: The server ends a session that sits in a transaction, sending nothing, this long
    #: (`idle_in_transaction_session_timeout`): a frozen process's transaction is rolled back
    #: and its row locks let go.
    idle_in_transaction: float = 10
    #: TCP keepalives, on both ends of every connection (libpq's `keepalives_idle`,
    #: `keepalives_interval`, `keepalives_count`; the server's `tcp_keepalives_*`): a peer
    #: that has vanished (a paused machine, a partition) is noticed after
    #: `keepalive_idle + keepalive_interval * keepalive_count` seconds of silence and its
    #: connection closed, with its locks.
    keepalive_idle: int = 30
    keepalive_interval: int = 10
    keepalive_count: int = 3


#: The waits of a connection when no setting says otherwise.
WAITS = Waits()

#: The PostgreSQL connections a process keeps when no setting says otherwise
#: (`DATABASE_POOL_SIZE`): matches moving at once commit side by side, one connection each,
#: and a move that finds every one lent waits for the first back.
POOL_SIZE = 16


class Busy(Exception):
    """A transaction gave up waiting for a row another process holds (PostgreSQL's
    `lock_timeout`) and was rolled back: nothing of it was written."""

    message = N_(
        "Another of Dealer's processes is holding this match and has not let go in time, so "
        "nothing was changed. Please try again in a moment."
    )

    def __init__(self) -> None:
        super().__init__(self.message)


#: A transaction's work: statements on the `Tx`, and what the caller gets back.
Work = Callable[[Tx], Coroutine[Any, Any, T]]


class Backend(Protocol):
    #: What a statement that breaks a unique or foreign key raises.
    integrity_error: tuple[type[Exception], ...]

    def in_json_array(self, column: str) -> str:
        """SQL true when `column` is one of the numbers of a JSON array bound as `?`."""

    async def read(self, sql: str, parameters: Parameters = ()) -> list[tuple[Any, ...]]: ...

    async def transaction(self, work: Work[T], *, synced: bool = True) -> T:
        """Run `work` in a transaction, committed when this returns: durable when `synced`
        (under `DATABASE_SYNC=full`); else a write whose loss in a power cut costs only a
        repeat (a delivered mark)."""

    def exclusive(self, key: int) -> AbstractAsyncContextManager[None]:
        """Hold the lock named `key` (a match's id) across every process on the database,
        waiting for it while another holds it; a process that dies lets go of its locks.
        For work that is not a transaction: delivering a match's events to Discord."""

    async def close(self) -> None:
        """Commit what was sent, then let go of the database."""


def substitute(text: str, rules: Iterable[tuple[re.Pattern[str], str]]) -> str:
    """`text` with each rule's pattern replaced in turn (a password hidden, SQLite's SQL
    written for PostgreSQL)."""
    for pattern, replacement in rules:
        text = pattern.sub(replacement, text)
    return text
