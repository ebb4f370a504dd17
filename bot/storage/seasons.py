"""Seasons and their ledger: the SQL half of Genius series (mixed into `Storage`).

The ledger is append-only: a balance is the sum of a member's entries, an elimination status
is their latest eliminate/reinstate entry, and nothing is ever updated in place. Every write
that may take a balance below zero checks it inside the same transaction
(`Storage._transaction`), reading the balance through that transaction with the season's row
locked (`Tx.lock`), so two matches of one season (or a match and a host) cannot overdraw a
member between them, on SQLite's one writer as on PostgreSQL's concurrent transactions.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from bot.storage.backend import Backend, Rows, Tx, Work

T = TypeVar("T")

#: Written into the SQL: an entry caused by a match still running is known to that match's
#: players only (a garnet trade is private, AA-14), so public views leave it out until the end.
_PENDING = "(l.match_id IS NOT NULL AND m.status = 'running')"


@dataclass(frozen=True, slots=True)
class Season:
    id: int
    guild_id: int
    name: str
    starting_garnets: int
    status: str
    started_at: float
    ended_at: float | None

    @property
    def open(self) -> bool:
        return self.status == "open"


@dataclass(frozen=True, slots=True)
class SeasonMatch:
    """A match of a season, as its web page lists it: its game, whether it runs, and its own
    web page's token and switch (`matches.web_token`, `matches.web`)."""

    id: int
    game: str
    status: str
    web_token: str | None
    web: str | None


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One change to append. `kind` is what caused it: enrol, trade, refund (a trade of a
    cancelled match), prize, pool, candidate,
    adjust, eliminate or reinstate; `eliminated` is set by eliminate/reinstate only."""

    user_id: int | None
    kind: str
    reason: str
    garnets: int = 0
    tokens: int = 0
    pool: int = 0
    eliminated: bool | None = None


@dataclass(frozen=True, slots=True)
class LedgerWrite:
    """Entries that a match's move causes, written in the move's own transaction."""

    season_id: int
    entries: list[LedgerEntry]


@dataclass(frozen=True, slots=True)
class LedgerRow:
    id: int
    user_id: int | None
    name: str | None
    kind: str
    garnets: int
    tokens: int
    pool: int
    eliminated: bool | None
    reason: str
    by_user: int | None
    match_id: int | None
    at: float
    #: Caused by a match still running: shown to its member only until the match ends.
    pending: bool


@dataclass(frozen=True, slots=True)
class Balance:
    user_id: int
    name: str
    garnets: int
    tokens: int
    eliminated: bool
    #: How many times the member ended a match as an elimination candidate (AA-17).
    candidacies: int


class LedgerRefused(Exception):
    """A ledger write that would break a rule of the ledger; nothing was written.

    `code`: overdrawn (a balance would go below zero), not_enrolled, season_open (one is
    already open), name_taken, season_closed."""

    def __init__(self, code: str, user_id: int | None = None) -> None:
        super().__init__(code)
        self.code = code
        self.user_id = user_id


def balances(rows: Iterable[LedgerRow], names: dict[int, str]) -> list[Balance]:
    """Every enrolled member's balances, folded from their entries in ledger order."""
    totals: dict[int, dict[str, Any]] = {
        user: {"garnets": 0, "tokens": 0, "eliminated": False, "candidacies": 0} for user in names
    }
    for row in rows:
        if row.user_id is None or row.user_id not in totals:
            continue
        total = totals[row.user_id]
        total["garnets"] += row.garnets
        total["tokens"] += row.tokens
        total["candidacies"] += row.kind == "candidate"
        if row.eliminated is not None:
            total["eliminated"] = row.eliminated
    return [Balance(user, names[user], **total) for user, total in totals.items()]


def prize_pool(rows: Iterable[LedgerRow]) -> int:
    return sum(row.pool for row in rows)


_SEASON_COLUMNS = "id, guild_id, name, starting_garnets, status, started_at, ended_at"
_LEDGER_COLUMNS = (
    "l.id, l.user_id, p.name, l.kind, l.garnets, l.tokens, l.pool, l.eliminated, l.reason, "
    f"l.by_user, l.match_id, l.at, {_PENDING}"
)


_OPEN_SEASON = f"SELECT {_SEASON_COLUMNS} FROM seasons WHERE guild_id = ? AND status = 'open'"
#: Names compared blind to case, as the unique index `season_names` compares them (ASCII).
_SEASON_NAMED = (
    f"SELECT {_SEASON_COLUMNS} FROM seasons WHERE guild_id = ? AND lower(name) = lower(?)"
)
#: In the order they enrolled: the order of their `enrol` entries.
_SEASON_NAMES = (
    "SELECT p.user_id, p.name FROM season_players p WHERE p.season_id = ? ORDER BY"
    " (SELECT MIN(l.id) FROM ledger l WHERE l.season_id = p.season_id AND l.user_id = p.user_id"
    " AND l.kind = 'enrol')"
)


def _ledger_row(row: Any) -> LedgerRow:
    values = list(row)
    values[7] = None if values[7] is None else bool(values[7])
    values[12] = bool(values[12])
    return LedgerRow(*values)


def _ledger_query(
    season_id: int, user_id: int | None, pending: bool
) -> tuple[str, tuple[Any, ...]]:
    where = ["l.season_id = ?"]
    args: list[Any] = [season_id]
    if user_id is not None:
        where.append("l.user_id = ?")
        args.append(user_id)
    if not pending:
        where.append(f"NOT {_PENDING}")
    return (
        f"SELECT {_LEDGER_COLUMNS} FROM ledger l"
        " LEFT JOIN season_players p ON p.season_id = l.season_id AND p.user_id = l.user_id"
        " LEFT JOIN matches m ON m.id = l.match_id"
        f" WHERE {' AND '.join(where)} ORDER BY l.id",
        tuple(args),
    )


class SeasonStore:
    """Reads go through the backend's `read`; writes are transactions (`Storage`). A
    transaction's own reads (a balance checked before a debit) go through the `Tx` handed to
    its work, so they see the transaction's writes and, with the season's row locked, nothing
    can change between the check and the write."""

    backend: Backend

    if TYPE_CHECKING:
        # Defined by `Storage` (bot/storage/db.py).
        async def _execute(self, sql: str, parameters: tuple[Any, ...]) -> Rows: ...

        async def _transaction(self, work: Work[T]) -> T: ...

    async def _one(self, sql: str, *args: Any) -> Any:
        rows = await self.backend.read(sql, args)
        return next(iter(rows), None)

    async def _all(self, sql: str, *args: Any) -> list[Any]:
        return await self.backend.read(sql, args)

    # -- seasons ---------------------------------------------------------------------------

    async def open_season(self, guild_id: int) -> Season | None:
        row = await self._one(_OPEN_SEASON, guild_id)
        return Season(*row) if row else None

    async def season(self, season_id: int) -> Season | None:
        row = await self._one(f"SELECT {_SEASON_COLUMNS} FROM seasons WHERE id = ?", season_id)
        return Season(*row) if row else None

    async def season_named(self, guild_id: int, name: str) -> Season | None:
        row = await self._one(_SEASON_NAMED, guild_id, name.strip())
        return Season(*row) if row else None

    async def seasons(self, guild_id: int) -> list[Season]:
        """The server's seasons, newest first."""
        rows = await self._all(
            f"SELECT {_SEASON_COLUMNS} FROM seasons WHERE guild_id = ? ORDER BY id DESC",
            guild_id,
        )
        return [Season(*r) for r in rows]

    async def start_season(
        self, guild_id: int, name: str, starting_garnets: int, by: int, at: float
    ) -> Season:
        """Open a season; LedgerRefused(season_open | name_taken) when it cannot be."""

        async def start(w: Tx) -> int:
            if (await w.execute(_OPEN_SEASON, (guild_id,))).one() is not None:
                raise LedgerRefused("season_open")
            if (await w.execute(_SEASON_NAMED, (guild_id, name.strip()))).one() is not None:
                raise LedgerRefused("name_taken")
            inserted = await w.execute(
                "INSERT INTO seasons (guild_id, name, starting_garnets, status, started_by,"
                " started_at) VALUES (?, ?, ?, 'open', ?, ?) RETURNING id",
                (guild_id, name.strip(), starting_garnets, by, at),
            )
            return int(inserted.rows[0][0])

        season_id = await self._transaction(start)
        return Season(season_id, guild_id, name.strip(), starting_garnets, "open", at, None)

    async def end_season(self, season_id: int, by: int, at: float) -> bool:
        """Close an open season; False when it was not open any more (a second click)."""
        cursor = await self._execute(
            "UPDATE seasons SET status = 'ended', ended_by = ?, ended_at = ? "
            "WHERE id = ? AND status = 'open'",
            (by, at, season_id),
        )
        return cursor.rowcount == 1

    async def season_token(self, season_id: int) -> str:
        """The token of the season's web page, made now the first time (`secrets`, never the
        season's id)."""
        row = await self._one("SELECT web_token FROM seasons WHERE id = ?", season_id)
        if row[0] is None:
            await self._execute(
                "UPDATE seasons SET web_token = ? WHERE id = ? AND web_token IS NULL",
                (secrets.token_urlsafe(24), season_id),
            )
            row = await self._one("SELECT web_token FROM seasons WHERE id = ?", season_id)
        return str(row[0])

    async def season_of_token(self, token: str) -> Season | None:
        """The season whose web page `token` opens."""
        row = await self._one(f"SELECT {_SEASON_COLUMNS} FROM seasons WHERE web_token = ?", token)
        return Season(*row) if row else None

    async def season_matches(self, season_id: int) -> list[SeasonMatch]:
        """The season's started matches, in the order they were made."""
        rows = await self._all(
            "SELECT id, game, status, web_token, web FROM matches WHERE season_id = ? "
            "AND status IN ('running', 'ended') ORDER BY id",
            season_id,
        )
        return [SeasonMatch(*r) for r in rows]

    async def running_matches_of_season(self, season_id: int) -> list[int]:
        rows = await self._all(
            "SELECT channel_id FROM matches WHERE season_id = ? AND status = 'running'",
            season_id,
        )
        return [r[0] for r in rows]

    # -- members and the ledger ------------------------------------------------------------

    async def season_names(self, season_id: int) -> dict[int, str]:
        """Enrolled members -> their name when last enrolled or seen in a match."""
        rows = await self._all(_SEASON_NAMES, season_id)
        return {r[0]: r[1] for r in rows}

    async def enrol(
        self, season: Season, members: list[tuple[int, str]], by: int | None, at: float
    ) -> list[int]:
        """Enrol the members not enrolled yet, each with the season's starting garnets;
        refresh the others' names. Returns the newly enrolled."""
        return await self._transaction(lambda w: self._enrol(w, season, members, by, at))

    async def _enrol(
        self,
        w: Tx,
        season: Season,
        members: list[tuple[int, str]],
        by: int | None,
        at: float,
    ) -> list[int]:
        """Enrol inside the caller's transaction `w`, the season's row locked."""
        await w.lock("seasons", season.id)
        known = dict((await w.execute(_SEASON_NAMES, (season.id,))).rows)
        new = [user for user, _ in members if user not in known]
        await w.executemany(
            "INSERT INTO season_players (season_id, user_id, name) VALUES (?, ?, ?) "
            "ON CONFLICT (season_id, user_id) DO UPDATE SET name = excluded.name",
            [(season.id, user, name) for user, name in members],
        )
        await self._append(
            w,
            season.id,
            [
                LedgerEntry(user, "enrol", "enrolled", garnets=season.starting_garnets)
                for user in new
            ],
            by=by,
            at=at,
        )
        return new

    async def ledger(
        self, season_id: int, user_id: int | None = None, *, pending: bool = True
    ) -> list[LedgerRow]:
        """The season's entries in order (one member's with `user_id`; without the entries of
        running matches unless `pending`)."""
        sql, args = _ledger_query(season_id, user_id, pending)
        rows = await self._all(sql, *args)
        return [_ledger_row(r) for r in rows]

    async def append_ledger(
        self, season_id: int, entries: list[LedgerEntry], *, by: int, at: float
    ) -> None:
        """A host's change (adjust, eliminate, reinstate), checked and written atomically."""
        await self._transaction(lambda w: self._append(w, season_id, entries, by=by, at=at))

    async def _append(
        self,
        w: Tx,
        season_id: int,
        entries: list[LedgerEntry],
        *,
        by: int | None,
        at: float,
        match: tuple[int, int] | None = None,
    ) -> None:
        """Append inside the caller's transaction `w`, the season's row locked (the balances
        it checks are read there too); LedgerRefused when an entry names someone not enrolled
        or would take a garnet or token balance below zero."""
        if not entries:
            return
        await w.lock("seasons", season_id)
        names = dict((await w.execute(_SEASON_NAMES, (season_id,))).rows)
        for user in {e.user_id for e in entries if e.user_id is not None}:
            if user not in names:
                raise LedgerRefused("not_enrolled", user)
            mine = [e for e in entries if e.user_id == user]
            if any(e.garnets < 0 or e.tokens < 0 for e in mine):
                rows = (await w.execute(*_ledger_query(season_id, user, pending=True))).rows
                now = balances(map(_ledger_row, rows), {user: names[user]})[0]
                if now.garnets + sum(e.garnets for e in mine) < 0:
                    raise LedgerRefused("overdrawn", user)
                if now.tokens + sum(e.tokens for e in mine) < 0:
                    raise LedgerRefused("overdrawn", user)
        match_id, seq = match if match else (None, None)
        await w.executemany(
            "INSERT INTO ledger (season_id, user_id, kind, garnets, tokens, pool, eliminated,"
            " reason, by_user, match_id, match_seq, at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    season_id,
                    e.user_id,
                    e.kind,
                    e.garnets,
                    e.tokens,
                    e.pool,
                    None if e.eliminated is None else int(e.eliminated),
                    e.reason,
                    by,
                    match_id,
                    seq,
                    at,
                )
                for e in entries
            ],
        )
