"""The store, on SQLite or PostgreSQL. Every write that belongs together is one transaction: an
accepted move, its events (to deliver) and, when the move opened a phase, the snapshot and
the phase's timers (and the season ledger entries it caused) commit or fail together, so a
confirmation shown after the commit is never lost."""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Mapping
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pydantic_core

from bot.storage.backend import (
    MATCH_NOW,
    POOL_SIZE,
    WAITS,
    Backend,
    LogEntry,
    Rows,
    Tx,
    Waits,
    Work,
    last_seq,
    substitute,
)
from bot.storage.group_commit import Durability
from bot.storage.results import Rank, ResultRow, ResultStore, write_results
from bot.storage.seasons import LedgerWrite, SeasonStore
from bot.storage.sqlite import SqliteBackend

T = TypeVar("T")

#: Written into the SQL (not bound) so SQLite uses the partial index on open matches.
_OPEN = "status IN ('lobby', 'running')"


@dataclass(frozen=True, slots=True)
class MatchRow:
    id: int
    guild_id: int
    channel_id: int
    game: str
    host_id: int
    status: str
    options: dict[str, Any]
    seed: int
    #: The length a host chose for every phase, by matches created before clocks per kind
    #: (`clocks`); None: none. Stored as 0 for None.
    phase_seconds: int | None
    spectator_channel_id: int | None
    lobby_message_id: int | None
    deadline: float | None
    paused_remaining: float | None
    started: bool
    #: The season the match counts for (set when it starts), or None.
    season_id: int | None
    #: Whether the match is played in a public thread of its channel (chosen at creation).
    in_thread: bool
    #: That thread, once the match has started in it.
    thread_id: int | None
    #: The lengths the host chose, by kind of clock (`Engine.clocks`); a kind left out runs
    #: on its default.
    clocks: dict[str, int]
    #: How the host chose to tell the player to move in a turn-based game (`mention` or
    #: `dm`); None: the game's default (`GameTexts.notify`).
    notify: str | None = None
    #: What of the match's record cannot be read (`"its options"`, `"move 12"`), once found:
    #: the match is set aside (`Storage.set_aside`); None: nothing is known to be damaged.
    damaged: str | None = None

    @property
    def paused(self) -> bool:
        return self.paused_remaining is not None

    @property
    def public_channel_id(self) -> int:
        """Where the match's public messages go: its thread when it plays in one, else its
        channel (which keeps the lobby, and where `/match` commands find it too)."""
        return self.thread_id or self.channel_id


@dataclass(frozen=True, slots=True)
class LoggedWait:
    """A log entry's move and what it did to the match's wait (`Storage.log_since`)."""

    seq: int
    actor: str | None
    move: dict[str, Any]
    #: `bot.service.Wait` as JSON; None in an entry of earlier versions.
    wait: dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class UndoneMove:
    """A move a host took back: its seq, actor and move, when and by whom."""

    seq: int
    actor: str
    move: dict[str, Any]
    undone_at: float
    undone_by: int


@dataclass(frozen=True, slots=True)
class PlayerRow:
    user_id: int
    name: str
    dm_closed: bool
    #: The engine's player id of the seat, when it was handed to this member (or computer
    #: seat) by `/match replace`; None: the member's own from the start (`player_id`).
    seat: str | None = None
    #: A computer seat's level (`games.core.search.LEVELS`); None for a member, and for a
    #: computer seat stored before levels (it plays `normal`).
    level: str | None = None


@dataclass(frozen=True, slots=True)
class Handover:
    """A seat handed over mid-match (`/match replace`): from whom to whom, after how many
    moves of the record, when, and by which host."""

    seat: str
    from_user: int
    from_name: str
    to_user: int
    to_name: str
    moves: int
    at: float
    by_user: int


@dataclass(frozen=True, slots=True)
class OutboxItem:
    """The events of one log entry that the presenter has not delivered yet, and who made
    its move (a player id, the host, or None)."""

    match_id: int
    seq: int
    #: None when the stored JSON cannot be read (damaged): the presenter rebuilds the events
    #: from the match's record.
    events: list[dict[str, Any]] | None
    actor: str | None
    #: What it did to the match's wait (`bot.service.Wait`, as JSON); None in an entry
    #: written before the bot stored it, or whose copy cannot be read.
    wait: dict[str, Any] | None = None
    #: The public view before its move (JSON text), where the move stored it (`log.
    #: view_before`: the view after the move before it was not stored yet).
    view_before: str | None = None


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The state after a move, as JSON; whether it ended the match; the timers of the phase
    it opened (None when it opened none)."""

    state: str
    finished: bool
    timers: list[tuple[str, float]] | None


@dataclass(frozen=True, slots=True)
class TimerRow:
    id: int
    match_id: int
    kind: str
    due: float


_MATCH_COLUMNS = (
    "id, guild_id, channel_id, game, host_id, status, options, seed, phase_seconds, "
    "spectator_channel_id, lobby_message_id, deadline, paused_remaining, state IS NOT NULL, "
    "season_id, in_thread, thread_id, clocks, notify, damaged"
)


def _json(value: Any) -> str:
    """JSON text to store: pydantic's serialiser, compact and several times faster than the
    standard library's (a move's commit is on the way to its reply)."""
    return pydantic_core.to_json(value).decode()


def _readable(text: str | None) -> Any:
    """Stored JSON, or None when it cannot be read (cut short, or not JSON at all)."""
    try:
        return json.loads(text) if text is not None else None
    except ValueError:
        return None


def _match(row: tuple[Any, ...]) -> MatchRow:
    """A match's row. Options or clock lengths that cannot be read do not make it unreadable
    (the lists of a server's or a member's matches would fail with it): the row names them
    as damaged, and the match is set aside when used (`bot.service`)."""
    values = list(row)
    options, clocks = _readable(values[6]), _readable(values[17])
    values[6] = options if isinstance(options, dict) else {}
    values[8] = values[8] or None
    values[13] = bool(values[13])
    values[15] = bool(values[15])
    values[17] = clocks if isinstance(clocks, dict) else {}
    if values[19] is None and not isinstance(options, dict):
        values[19] = "its options"
    elif values[19] is None and not isinstance(clocks, dict):
        values[19] = "its clock lengths"
    return MatchRow(*values)


async def _write_timers(w: Tx, match_id: int, timers: list[tuple[str, float]]) -> None:
    # The match's row before its timers, as every transaction takes them (a deadline fired
    # claims its timer after the row): no two transactions wait for each other in a ring.
    await w.lock("matches", match_id)
    await w.send("DELETE FROM timers WHERE match_id = ?", (match_id,))
    await w.executemany(
        "INSERT INTO timers (match_id, kind, due) VALUES (?, ?, ?)",
        [(match_id, kind, due) for kind, due in timers],
    )
    await w.send("UPDATE matches SET paused_remaining = NULL WHERE id = ?", (match_id,))
    await _keep_deadline(w, match_id)


async def _keep_deadline(w: Tx, match_id: int) -> None:
    """The match's deadline (what `/match status` shows) as its timers hold it: its deadline
    timer's, or none when it has none left."""
    await w.send(
        "UPDATE matches SET deadline = (SELECT MIN(due) FROM timers"
        " WHERE match_id = ? AND kind = 'deadline') WHERE id = ?",
        (match_id, match_id),
    )


async def _refund_trades(
    w: Tx, match_id: int, seqs: list[int] | None, *, reason: str, at: float
) -> None:
    """Give back, as `refund` entries, the garnet trades of a match (of its moves `seqs`, or
    all) not given back already: a cancelled match's (AA-D10), a trade a host undid (AA-D12)."""
    among = f" AND t.match_seq IN ({', '.join('?' * len(seqs))})" if seqs is not None else ""
    await w.send(
        "INSERT INTO ledger (season_id, user_id, kind, garnets, reason, match_id, match_seq, at)"
        " SELECT t.season_id, t.user_id, 'refund', -t.garnets, ?, t.match_id, t.match_seq, ?"
        " FROM ledger t WHERE t.match_id = ? AND t.kind = 'trade'" + among + " AND NOT EXISTS"
        " (SELECT 1 FROM ledger r WHERE r.match_id = t.match_id AND r.match_seq = t.match_seq"
        " AND r.kind = 'refund' AND coalesce(r.user_id, 0) = coalesce(t.user_id, 0))",
        (reason, at, match_id, *(seqs or [])),
    )


async def _write_snapshot(w: Tx, match_id: int, seq: int, snapshot: Snapshot) -> None:
    await w.send(
        "UPDATE matches SET state = ?, state_seq = ?, status = ? WHERE id = ?",
        (snapshot.state, seq, "ended" if snapshot.finished else "running", match_id),
    )
    if snapshot.finished:
        await w.send(
            "UPDATE matches SET deadline = NULL, paused_remaining = NULL WHERE id = ?",
            (match_id,),
        )
        await w.send("DELETE FROM timers WHERE match_id = ?", (match_id,))
    elif snapshot.timers is not None:
        await _write_timers(w, match_id, snapshot.timers)


class DamagedRecord(Exception):
    """A stored part of a match's record cannot be read: `what` names it (`"move 12"`), and
    `readable` holds the moves before it, what remains of the record."""

    def __init__(
        self, match_id: int, what: str, readable: list[tuple[int, str, dict[str, Any]]]
    ) -> None:
        super().__init__(f"match {match_id}: {what} cannot be read")
        self.match_id = match_id
        self.what = what
        self.readable = readable


def is_postgres(location: str | Path) -> bool:
    """Whether a database location is a PostgreSQL URL (else it is an SQLite file's path)."""
    return isinstance(location, str) and location.startswith(("postgresql://", "postgres://"))


#: A password in an address: after the user name, or as a query parameter.
_PASSWORDS = (
    (re.compile(r"(?<=://)([^:/?#@]*):[^@/?#]*@"), r"\1:***@"),
    (re.compile(r"(?<=[?&]password=)[^&]*"), "***"),
)


def redacted(url: str) -> str:
    """The address with its password, if any, replaced by ***: for messages and logs."""
    return substitute(url, _PASSWORDS)


class Storage(SeasonStore, ResultStore):
    """Dealer's store: the SQL of matches, moves, timers, seasons and results, run by a
    backend (`bot.storage.backend`): the SQLite file by default (`bot.storage.sqlite`: one
    writer thread with group commit), PostgreSQL when the location is a `postgresql://` URL
    (`bot.storage.postgres`: a pool, each transaction committed by the server). The methods,
    their SQL and what they promise are the same on both: a method that writes returns once
    its transaction is committed (durable under `DATABASE_SYNC=full`)."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        #: Whether other processes may write to the database too (PostgreSQL): what this
        #: process remembers of a match may then be out of date.
        self.shared = not isinstance(backend, SqliteBackend)

    @classmethod
    async def open(
        cls,
        location: str | Path,
        durability: Durability = "full",
        *,
        rank: Rank | None = None,
        waits: Waits = WAITS,
        pool_size: int = POOL_SIZE,
    ) -> Storage:
        """The database at `location` (an SQLite file's path, or a PostgreSQL URL),
        migrated. `rank` ranks the matches that ended before results were kept
        (`bot.storage.results.backfill`); only a database without any may be opened without
        it. `waits` bound a PostgreSQL connection's waits on other processes; `pool_size`
        is how many connections a process keeps to it."""
        if is_postgres(location):
            from bot.storage.postgres import PostgresBackend

            backend = await PostgresBackend.open(str(location), durability, rank, waits, pool_size)
            return cls(backend)
        return cls(await SqliteBackend.open(str(location), durability, rank))

    async def close(self) -> None:
        """Writes sent before are committed first."""
        await self.backend.close()

    async def _execute(self, sql: str, parameters: tuple[Any, ...]) -> Rows:
        """One statement in a transaction of its own, committed when this returns."""
        return await self._transaction(lambda w: w.execute(sql, parameters))

    async def _transaction(self, work: Work[T], *, synced: bool = True) -> T:
        """Statements that commit or fail together, committed (and, when `synced`, durable)
        when this returns."""
        return await self.backend.transaction(work, synced=synced)

    # -- server configuration ------------------------------------------------------------

    async def host_role(self, guild_id: int) -> int | None:
        row = await self._one("SELECT host_role_id FROM guild_config WHERE guild_id = ?", guild_id)
        return row[0] if row else None

    async def set_host_role(self, guild_id: int, role_id: int | None) -> None:
        await self._execute(
            "INSERT INTO guild_config (guild_id, host_role_id) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET host_role_id = excluded.host_role_id",
            (guild_id, role_id),
        )

    async def language(self, guild_id: int) -> str | None:
        """The language a server chose for its channel posts; None: none chosen."""
        row = await self._one("SELECT language FROM guild_config WHERE guild_id = ?", guild_id)
        return row[0] if row else None

    async def set_language(self, guild_id: int, code: str | None) -> None:
        await self._execute(
            "INSERT INTO guild_config (guild_id, language) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
            (guild_id, code),
        )

    # -- matches and players ---------------------------------------------------------------

    async def create_match(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        host_id: int,
        options: dict[str, Any],
        seed: int,
        clocks: Mapping[str, int],
        spectator_channel_id: int | None,
        now: float,
        rematch_of: int | None = None,
        in_thread: bool = False,
        notify: str | None = None,
    ) -> int | None:
        """A new lobby (the rematch of match `rematch_of`, if given); None when the channel
        already has an open match."""
        try:
            inserted = await self._execute(
                "INSERT INTO matches (guild_id, channel_id, game, host_id, status, options, seed,"
                " phase_seconds, clocks, spectator_channel_id, created_at, rematch_of, in_thread,"
                " notify) VALUES (?, ?, ?, ?, 'lobby', ?, ?, 0, ?, ?, ?, ?, ?, ?) RETURNING id",
                (
                    guild_id,
                    channel_id,
                    game,
                    host_id,
                    _json(options),
                    seed,
                    _json(dict(clocks)),
                    spectator_channel_id,
                    now,
                    rematch_of,
                    int(in_thread),
                    notify,
                ),
            )
        except self.backend.integrity_error:
            return None
        return int(inserted.rows[0][0])

    async def match(self, match_id: int) -> MatchRow | None:
        row = await self._one(f"SELECT {_MATCH_COLUMNS} FROM matches WHERE id = ?", match_id)
        return _match(row) if row else None

    async def open_match_in(self, channel_id: int) -> MatchRow | None:
        row = await self._one(
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE channel_id = ? AND {_OPEN}", channel_id
        )
        return _match(row) if row else None

    async def last_match_in(self, channel_id: int) -> MatchRow | None:
        row = await self._one(
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE channel_id = ? AND status = 'ended'"
            " ORDER BY id DESC LIMIT 1",
            channel_id,
        )
        return _match(row) if row else None

    async def open_matches_of(self, user_id: int) -> list[MatchRow]:
        rows = await self._all(
            f"SELECT {', '.join('m.' + c.strip() for c in _MATCH_COLUMNS.split(','))}"
            " FROM matches m JOIN match_players p ON p.match_id = m.id"
            f" WHERE p.user_id = ? AND m.{_OPEN} ORDER BY m.id",
            user_id,
        )
        return [_match(r) for r in rows]

    async def owing_matches(self, forcing: list[str]) -> list[int]:
        """The running matches, not paused nor set aside, where a move may be owed without
        anyone to make it: those with a computer seat (a user id of 0 or below,
        `bot.players`) and those of the games in `forcing` (whose players may have a move
        made for them), oldest first. One query: a start-up looks at these and costs
        nothing for the others."""
        games = ", ".join("?" * len(forcing)) or "NULL"
        rows = await self._all(
            "SELECT id FROM matches m WHERE status = 'running' AND paused_remaining IS NULL"
            f" AND damaged IS NULL AND (game IN ({games}) OR EXISTS (SELECT 1 FROM"
            " match_players p WHERE p.match_id = m.id AND p.user_id <= 0)) ORDER BY id",
            *forcing,
        )
        return [r[0] for r in rows]

    async def set_aside(self, match_id: int, what: str) -> bool:
        """Mark a match whose record is damaged at `what` (`MatchRow.damaged`); False when it
        was set aside already (its host was told then)."""
        cursor = await self._execute(
            "UPDATE matches SET damaged = ? WHERE id = ? AND damaged IS NULL", (what, match_id)
        )
        return cursor.rowcount == 1

    async def open_matches_in_guild(self, guild_id: int) -> list[MatchRow]:
        """A server's lobbies and running matches, oldest first."""
        rows = await self._all(
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE guild_id = ? AND {_OPEN} ORDER BY id",
            guild_id,
        )
        return [_match(r) for r in rows]

    async def rematch_of(self, match_id: int) -> MatchRow | None:
        """The match opened by match `match_id`'s Rematch button, unless it was cancelled."""
        row = await self._one(
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE rematch_of = ? "
            "AND status != 'cancelled' ORDER BY id DESC LIMIT 1",
            match_id,
        )
        return _match(row) if row else None

    async def running_match_ids(self) -> list[int]:
        return [r[0] for r in await self._all("SELECT id FROM matches WHERE status = 'running'")]

    async def set_lobby_message(self, match_id: int, message_id: int) -> None:
        await self._execute(
            "UPDATE matches SET lobby_message_id = ? WHERE id = ?", (message_id, match_id)
        )

    async def set_thread(self, match_id: int, thread_id: int | None) -> None:
        """The thread a lobby's match is played in (set before it starts)."""
        await self._execute("UPDATE matches SET thread_id = ? WHERE id = ?", (thread_id, match_id))

    async def status_message(self, match_id: int) -> int | None:
        """The match's live status message, once posted."""
        row = await self._one("SELECT status_message_id FROM matches WHERE id = ?", match_id)
        return row[0] if row else None

    async def set_notify(self, match_id: int, notify: str) -> bool:
        """How the player to move is told in an open match; False when it is over."""
        cursor = await self._execute(
            f"UPDATE matches SET notify = ? WHERE id = ? AND {_OPEN}", (notify, match_id)
        )
        return cursor.rowcount == 1

    async def set_status_message(self, match_id: int, message_id: int) -> None:
        """The match's status message, just posted: nothing lies below it yet."""
        await self._execute(
            "UPDATE matches SET status_message_id = ?, status_drift = 0 WHERE id = ?",
            (message_id, match_id),
        )

    async def web_page(self, match_id: int) -> tuple[str, str | None]:
        """The token of the match's web page (made now, the first time: `secrets`, never
        the match id) and whether the page opens (`matches.web`)."""
        row = await self._one("SELECT web_token, web FROM matches WHERE id = ?", match_id)
        if row[0] is None:
            await self._execute(
                "UPDATE matches SET web_token = ? WHERE id = ? AND web_token IS NULL",
                (secrets.token_urlsafe(24), match_id),
            )
            row = await self._one("SELECT web_token, web FROM matches WHERE id = ?", match_id)
        return row[0], row[1]

    async def set_web(self, match_id: int, web: str, *, by_host: bool) -> None:
        """Whether the match's page opens: as its host chose (`by_host`), or as the bot saw
        its channel, which a host's choice outranks."""
        guard = "" if by_host else " AND (web IS NULL OR web IN ('public', 'private'))"
        await self._execute(f"UPDATE matches SET web = ? WHERE id = ?{guard}", (web, match_id))

    async def web_match(self, token: str) -> tuple[int, str | None, int] | None:
        """The match whose page `token` opens: its id, `matches.web`, and the seq of its last
        delivered log entry (what the channel has seen: -1 for none)."""
        row = await self._one(
            "SELECT id, web, (SELECT MAX(seq) FROM log WHERE match_id = matches.id "
            "AND delivered = 1) FROM matches WHERE web_token = ?",
            token,
        )
        return None if row is None else (row[0], row[1], -1 if row[2] is None else row[2])

    async def delivered_events(
        self, match_id: int, up_to: int
    ) -> list[tuple[int, float, list[dict[str, Any]]]]:
        """The events of the log entries up to seq `up_to` that were delivered, in order:
        (seq, when, events); an entry whose events cannot be read is left out."""
        rows = await self._all(
            "SELECT seq, at, events FROM log WHERE match_id = ? AND seq <= ? AND delivered = 1 "
            "ORDER BY seq",
            match_id,
            up_to,
        )
        found = []
        for seq, at, text in rows:
            events = _readable(text)
            if isinstance(events, list):
                found.append((seq, at, events))
        return found

    async def status_board(self, match_id: int) -> tuple[int | None, int]:
        """The match's status message, once posted, and how far it has drifted up its channel
        (`matches.status_drift`)."""
        row = await self._one(
            "SELECT status_message_id, status_drift FROM matches WHERE id = ?", match_id
        )
        return (row[0], row[1]) if row else (None, 0)

    async def cancel_match(self, match_id: int, *, at: float, refund_reason: str) -> bool:
        """Cancel an open match; False when it was no longer open (a second click). In the
        same transaction, every garnet trade of the match goes back to the season's ledger
        as a `refund` entry: the $10 it bought is void with the match (AA-D10)."""

        async def cancel(w: Tx) -> bool:
            cursor = await w.execute(
                "UPDATE matches SET status = 'cancelled', deadline = NULL "
                f"WHERE id = ? AND {_OPEN}",
                (match_id,),
            )
            await w.execute("DELETE FROM timers WHERE match_id = ?", (match_id,))
            if cursor.rowcount == 1:
                await _refund_trades(w, match_id, None, reason=refund_reason, at=at)
            return cursor.rowcount == 1

        return await self._transaction(cancel)

    async def add_player(
        self, match_id: int, user_id: int, name: str, level: str | None = None
    ) -> bool:
        """Seat a player in a lobby (the match's row locked while its seats are counted), a
        computer seat with its `level`; False when already seated."""

        async def seat(w: Tx) -> bool:
            await w.lock("matches", match_id)
            inserted = await w.execute(
                "INSERT INTO match_players (match_id, user_id, name, joined, level) VALUES"
                " (?, ?, ?, (SELECT COUNT(*) FROM match_players WHERE match_id = ?), ?)"
                " ON CONFLICT DO NOTHING",
                (match_id, user_id, name, match_id, level),
            )
            return inserted.rowcount == 1

        return await self._transaction(seat)

    async def remove_player(self, match_id: int, user_id: int) -> bool:
        cursor = await self._execute(
            "DELETE FROM match_players WHERE match_id = ? AND user_id = ?", (match_id, user_id)
        )
        return cursor.rowcount == 1

    async def set_challenge(self, match_id: int, user_id: int) -> None:
        """Mark a lobby as a challenge: its empty seat is `user_id`'s, taken by accepting."""
        await self._execute(
            "INSERT INTO challenges (match_id, user_id) VALUES (?, ?)"
            " ON CONFLICT (match_id) DO UPDATE SET user_id = excluded.user_id",
            (match_id, user_id),
        )

    async def challenged(self, match_id: int) -> int | None:
        """The member a lobby challenges, or None for an open lobby."""
        row = await self._one("SELECT user_id FROM challenges WHERE match_id = ?", match_id)
        return row[0] if row else None

    async def players(self, match_id: int) -> list[PlayerRow]:
        rows = await self._all(
            "SELECT user_id, name, dm_closed, seat, level FROM match_players WHERE match_id = ?"
            " ORDER BY joined",
            match_id,
        )
        return [PlayerRow(r[0], r[1], bool(r[2]), r[3], r[4]) for r in rows]

    async def hand_over(self, match_id: int, handover: Handover) -> bool:
        """Give the seat `handover.seat`, held by `from_user`, to `to_user` (who holds no
        seat of the match), and note it; the match's row locked, so that two hand-overs or a
        hand-over and a move are ordered (a computer seat taking it plays `normal`). False,
        with nothing changed, when the seat is no longer `from_user`'s or `to_user` already
        plays."""

        async def hand(w: Tx) -> bool:
            await w.lock("matches", match_id)
            taken = await w.execute(
                "SELECT 1 FROM match_players WHERE match_id = ? AND user_id = ?",
                (match_id, handover.to_user),
            )
            if taken.one() is not None:
                return False
            moved = await w.execute(
                "UPDATE match_players SET user_id = ?, name = ?, dm_closed = 0, seat = ?,"
                " level = NULL WHERE match_id = ? AND user_id = ?",
                (handover.to_user, handover.to_name, handover.seat, match_id, handover.from_user),
            )
            if moved.rowcount != 1:
                return False
            await w.execute(
                "INSERT INTO seat_handovers (match_id, seat, from_user, from_name, to_user,"
                " to_name, moves, at, by_user) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    match_id,
                    handover.seat,
                    handover.from_user,
                    handover.from_name,
                    handover.to_user,
                    handover.to_name,
                    handover.moves,
                    handover.at,
                    handover.by_user,
                ),
            )
            return True

        return await self._transaction(hand)

    async def handovers(self, match_id: int) -> list[Handover]:
        """The match's seats handed over, in the order they were."""
        rows = await self._all(
            "SELECT seat, from_user, from_name, to_user, to_name, moves, at, by_user"
            " FROM seat_handovers WHERE match_id = ? ORDER BY id",
            match_id,
        )
        return [Handover(*r) for r in rows]

    async def set_dm_closed(self, match_id: int, user_id: int, closed: bool) -> None:
        await self._execute(
            "UPDATE match_players SET dm_closed = ? WHERE match_id = ? AND user_id = ?",
            (int(closed), match_id, user_id),
        )

    # -- private texts kept for players whose DMs are closed --------------------------------

    async def keep_for(self, match_id: int, user_id: int, text: str, at: float) -> None:
        """A private text that could not be sent by DM, kept until the player reads it."""
        await self._execute(
            "INSERT INTO inbox (match_id, user_id, text, at) VALUES (?, ?, ?, ?)",
            (match_id, user_id, text, at),
        )

    async def kept_for(self, match_id: int, user_id: int) -> list[tuple[int, str]]:
        """The texts kept for a player, oldest first: (id, text)."""
        rows = await self._all(
            "SELECT id, text FROM inbox WHERE match_id = ? AND user_id = ? ORDER BY id",
            match_id,
            user_id,
        )
        return [(r[0], r[1]) for r in rows]

    async def read_kept(self, ids: list[int]) -> None:
        """Kept texts the player has been shown."""
        if not ids:
            return
        await self._execute(
            f"DELETE FROM inbox WHERE id IN ({', '.join('?' * len(ids))})", tuple(ids)
        )

    # -- running a match -------------------------------------------------------------------

    async def start_match(
        self,
        match_id: int,
        *,
        state: str,
        events: list[dict[str, Any]],
        timers: list[tuple[str, float]],
        at: float,
        options: dict[str, Any],
        season_id: int | None = None,
        wait: dict[str, Any] | None = None,
    ) -> bool:
        """Lobby -> running with the first snapshot, the setup's events, the timers, and the
        options it was dealt with (the season's garnet balances among them) for its record;
        False when the match was not in its lobby any more (a second click on Start)."""

        async def start(w: Tx) -> bool:
            cursor = await w.execute(
                "UPDATE matches SET status = 'running', state = ?, state_seq = 0, options = ?, "
                "season_id = ? WHERE id = ? AND status = 'lobby'",
                (state, _json(options), season_id, match_id),
            )
            if cursor.rowcount != 1:
                return False
            await w.execute(
                "INSERT INTO log (match_id, seq, events, at, wait) VALUES (?, 0, ?, ?, ?)",
                (match_id, _json(events), at, _json(wait) if wait is not None else None),
            )
            await _write_timers(w, match_id, timers)
            return True

        return await self._transaction(start)

    async def record_move(
        self,
        match_id: int,
        seq: int,
        *,
        actor: str,
        move: dict[str, Any],
        events: list[dict[str, Any]],
        at: float,
        snapshot: Snapshot | None = None,
        ledger: LedgerWrite | None = None,
        results: list[ResultRow] | None = None,
        paused: bool = False,
        timer: int | None = None,
        wait: dict[str, Any] | None = None,
        view_before: str | None = None,
    ) -> None:
        """Append an accepted move, its events, what it did to the match's wait and (for a
        game that presents its moves with the public views around them, when the view after
        the move before is not stored yet) the public view before it, committed when this
        returns, the match's row locked first (`Tx.append_move`: on PostgreSQL the moves of a
        match commit one after the other, whichever process sends them). The snapshot
        (and the match's end, or its new timers), the season ledger entries the move caused
        and the results of a move that ended the match commit in the same transaction, so a
        prize is paid, and a result counted, exactly once. Raises LedgerRefused, with nothing
        written, when an entry would overdraw a balance.

        Under the row lock, the move is checked against the match as it was decided on: its
        last move `seq - 1`, running, paused or not (`paused`); else MatchMoved, nothing
        written. A move that fires a due timer (`timer`: a deadline's close_phase) claims it
        first and deletes it in the same transaction: TimerGone, nothing written, when
        another process fired it or is firing it now. On PostgreSQL a move that writes
        nothing else is one statement, sent and committed in one round trip."""
        entry = LogEntry(
            match_id, seq, actor, _json(move), _json(events), at,
            _json(wait) if wait is not None else None, view_before, paused, timer,
        )  # fmt: skip

        async def record(w: Tx) -> None:
            await w.append_move(entry)
            if ledger is not None:
                await self._append(
                    w, ledger.season_id, ledger.entries, by=None, at=at, match=(match_id, seq)
                )
            if snapshot is not None:
                await _write_snapshot(w, match_id, seq, snapshot)
            if results:
                await write_results(w, match_id, results, at)

        await self._transaction(record)

    async def undo(
        self,
        match_id: int,
        seqs: list[int],
        *,
        state: str,
        state_seq: int,
        timers: list[tuple[str, float]] | None,
        paused_remaining: float | None,
        by: int,
        at: float,
        refund_reason: str,
    ) -> None:
        """Take moves `seqs` out of a running match's log into `undone`, with the snapshot of
        the state rebuilt without them and, when a phase opened again, its clock (`timers`, or
        the time left while paused); their garnet trades are given back. One transaction."""
        among = f"seq IN ({', '.join('?' * len(seqs))})"

        async def undo(w: Tx) -> None:
            await w.lock("matches", match_id)
            await w.execute(
                "INSERT INTO undone (match_id, seq, actor, move, events, at, undone_at, "
                "undone_by) SELECT match_id, seq, actor, move, events, at, ?, ? FROM log "
                f"WHERE match_id = ? AND {among}",
                (at, by, match_id, *seqs),
            )
            await w.execute(f"DELETE FROM log WHERE match_id = ? AND {among}", (match_id, *seqs))
            await w.execute(
                "UPDATE matches SET state = ?, state_seq = ? WHERE id = ?",
                (state, state_seq, match_id),
            )
            if timers is not None:
                await _write_timers(w, match_id, timers)
            if paused_remaining is not None:
                await w.execute(
                    "UPDATE matches SET paused_remaining = ? WHERE id = ?",
                    (paused_remaining, match_id),
                )
            # The view kept for the next delivery is of an entry that is gone.
            await w.execute(
                f"UPDATE matches SET view = NULL, view_seq = NULL WHERE id = ? AND view_seq "
                f"IN ({', '.join('?' * len(seqs))})",
                (match_id, *seqs),
            )
            await _refund_trades(w, match_id, seqs, reason=refund_reason, at=at)

        await self._transaction(undo)

    async def undone(self, match_id: int) -> list[UndoneMove]:
        """The moves hosts took back from a match, oldest undo first."""
        rows = await self._all(
            "SELECT seq, actor, move, undone_at, undone_by FROM undone WHERE match_id = ? "
            "ORDER BY undone_at, seq",
            match_id,
        )
        return [UndoneMove(r[0], r[1], json.loads(r[2]), r[3], r[4]) for r in rows]

    async def snapshot(self, match_id: int) -> tuple[str, int] | None:
        """The latest snapshot of a started match, as JSON text, and the last move it holds."""
        row = await self._one("SELECT state, state_seq FROM matches WHERE id = ?", match_id)
        return (row[0], row[1]) if row and row[0] is not None else None

    async def rebuilt_snapshot(self, match_id: int, state: str, seq: int) -> None:
        """A snapshot rebuilt from the record (the one stored could not be read), of the
        state after move `seq`; written unless a move has written one since."""
        await self._execute(
            "UPDATE matches SET state = ?, state_seq = ? WHERE id = ? AND state_seq <= ?",
            (state, seq, match_id, seq),
        )

    async def moves(
        self, match_id: int, *, after: int = 0
    ) -> list[tuple[int, str, dict[str, Any]]]:
        """The accepted moves with seq > `after`, in order: (seq, actor, move). DamagedRecord
        when one of them cannot be read."""
        rows = await self._all(
            "SELECT seq, actor, move FROM log WHERE match_id = ? AND seq > ? ORDER BY seq",
            match_id,
            max(after, 0),
        )
        moves: list[tuple[int, str, dict[str, Any]]] = []
        for seq, actor, text in rows:
            move = _readable(text)
            if not isinstance(move, dict):
                raise DamagedRecord(match_id, f"move {seq}", moves)
            moves.append((seq, actor, move))
        return moves

    async def log_since(self, match_id: int, seq: int) -> list[LoggedWait]:
        """The log entries after `seq`, in order: what has happened to the decisions of the
        match since (`MatchService.require_current`)."""
        rows = await self._all(
            "SELECT seq, actor, move, wait FROM log WHERE match_id = ? AND seq > ? ORDER BY seq",
            match_id,
            seq,
        )
        return [
            LoggedWait(
                r[0], r[1], json.loads(r[2]) if r[2] else {}, json.loads(r[3]) if r[3] else None
            )
            for r in rows
        ]

    async def phase_began(self, match_id: int, seq: int) -> list[dict[str, Any]]:
        """The phases (as JSON) that the last entry at or before `seq` to begin a wait began,
        the innermost last: the wait the match was in at move `seq`. Empty when no stored
        wait tells it (entries of earlier versions)."""
        rows = await self._all(
            "SELECT wait FROM log WHERE match_id = ? AND seq <= ? AND wait IS NOT NULL "
            "ORDER BY seq DESC LIMIT 500",
            match_id,
            seq,
        )
        for (wait,) in rows:
            began: list[dict[str, Any]] = json.loads(wait).get("began") or []
            if began:
                return began
        return []

    async def last_seq(self, match_id: int) -> int:
        """The seq of the match's last move (`last_seq`); 0 for no such match."""
        row = await self._one(MATCH_NOW, match_id, match_id)
        return last_seq(row) if row else 0

    # -- the outbox: log entries not yet delivered -----------------------------------------

    async def undelivered_matches(self) -> list[int]:
        """The matches with undelivered events (after a restart), oldest first: their ids
        alone, so that one match's damaged events are read with that match only."""
        rows = await self._all("SELECT DISTINCT match_id FROM log WHERE delivered = 0")
        return sorted(r[0] for r in rows)

    async def pending_events(self, match_id: int) -> list[OutboxItem]:
        """A match's undelivered log entries, in order; a copy of events or wait that cannot
        be read comes as None (`OutboxItem`)."""
        rows = await self._all(
            "SELECT match_id, seq, events, actor, wait, view_before FROM log WHERE match_id = ? "
            "AND delivered = 0 ORDER BY seq",
            match_id,
        )
        items = []
        for mid, seq, events, actor, wait, before in rows:
            told, waited = _readable(events), _readable(wait)
            items.append(
                OutboxItem(
                    mid,
                    seq,
                    told if isinstance(told, list) else None,
                    actor,
                    waited if isinstance(waited, dict) else None,
                    before,
                )
            )
        return items

    async def delivered_view(self, match_id: int) -> tuple[int, str] | None:
        """The public view (JSON text) after the match's last delivered log entry, with that
        entry's seq, as its delivery stored it (`delivered`); None where none is stored."""
        row = await self._one("SELECT view_seq, view FROM matches WHERE id = ?", match_id)
        return (row[0], row[1]) if row and row[1] is not None else None

    async def view_before_next(self, match_id: int, seq: int) -> str | None:
        """The public view before the move after log entry `seq` (the view after `seq`), as
        that move stored it (`OutboxItem.view_before`); None where there is none."""
        row = await self._one(
            "SELECT view_before FROM log WHERE match_id = ? AND seq > ? ORDER BY seq LIMIT 1",
            match_id,
            seq,
        )
        return row[0] if row else None

    async def delivered(
        self,
        match_id: int,
        seqs: list[int],
        drift: int = 0,
        view: tuple[int, str] | None = None,
    ) -> None:
        """Mark a match's events posted, add the `drift` of the messages their delivery
        posted below its status message (`matches.status_drift`), and keep the public `view`
        after the last of them (its seq and JSON text: `delivered_view`), in one write."""
        if not seqs and not drift:
            return

        async def mark(w: Tx) -> None:
            if seqs:
                await w.execute(
                    f"UPDATE log SET delivered = 1 WHERE match_id = ? "
                    f"AND seq IN ({', '.join('?' * len(seqs))})",
                    (match_id, *seqs),
                )
            if view is not None:
                await w.execute(
                    "UPDATE matches SET view_seq = ?, view = ? WHERE id = ?",
                    (*view, match_id),
                )
            if drift:
                await w.execute(
                    "UPDATE matches SET status_drift = status_drift + ? WHERE id = ?",
                    (drift, match_id),
                )

        # Committed without a sync of its own (on SQLite: in a batch of synced writes it
        # shares their sync, alone it commits unsynced, and the next synced commit syncs it
        # too): its loss in a power cut costs a repeat at most, the messages posted again and
        # the board posted anew a move later than it would have been. The view it keeps is
        # lost only with its entries' marks, which it goes with: a move stored after it
        # without a view of its own (`record_move`'s `view_before`) is synced after it.
        await self._transaction(mark, synced=False)

    # -- time ------------------------------------------------------------------------------

    async def next_timer(self) -> TimerRow | None:
        row = await self._one("SELECT id, match_id, kind, due FROM timers ORDER BY due, id LIMIT 1")
        return TimerRow(*row) if row else None

    async def delete_timer(self, timer: TimerRow) -> None:
        """Delete a timer that fired without a move taking it (a reminder, a deadline whose
        close_phase was refused, a match no longer running). The match's deadline goes with
        a deadline timer (`_keep_deadline`): it is not left showing a time gone by."""

        async def delete(w: Tx) -> None:
            await w.lock("matches", timer.match_id)
            await w.execute("DELETE FROM timers WHERE id = ?", (timer.id,))
            await _keep_deadline(w, timer.match_id)

        await self._transaction(delete)

    async def lease_timer(self, timer: TimerRow, until: float) -> bool:
        """Take a due timer for the caller to act on outside a transaction (a reminder's
        DMs): it is put off to `until`, so that no other process takes it meanwhile, and the
        caller deletes it when done; a process that dies before leaves it to come due again
        at `until`. False when it is gone or another process took it first."""
        taken = await self._execute(
            "UPDATE timers SET due = ? WHERE id = ? AND due = ?", (until, timer.id, timer.due)
        )
        return taken.rowcount == 1

    def delivering(self, match_id: int) -> AbstractAsyncContextManager[None]:
        """Held while a match's events are delivered, by one process at a time (on SQLite,
        one process uses the file: nothing to hold)."""
        return self.backend.exclusive(match_id)

    async def pause(self, match_id: int, remaining: float) -> bool:
        """Stop the clock; False when it was already stopped."""

        async def pause(w: Tx) -> bool:
            cursor = await w.execute(
                "UPDATE matches SET paused_remaining = ?, deadline = NULL WHERE id = ? "
                "AND status = 'running' AND paused_remaining IS NULL",
                (remaining, match_id),
            )
            if cursor.rowcount != 1:
                return False
            await w.execute("DELETE FROM timers WHERE match_id = ?", (match_id,))
            return True

        return await self._transaction(pause)

    async def pause_remaining(self, match_id: int, remaining: float) -> None:
        await self._execute(
            "UPDATE matches SET paused_remaining = ? WHERE id = ?", (remaining, match_id)
        )

    async def set_timers(self, match_id: int, timers: list[tuple[str, float]]) -> None:
        """Replace a running match's timers (resume, extend) and its deadline."""
        await self._transaction(lambda w: _write_timers(w, match_id, timers))

    # -- members' DM channels -----------------------------------------------------------------

    async def dm_channel(self, user_id: int) -> int | None:
        """The member's DM channel with the bot, once opened."""
        row = await self._one("SELECT channel_id FROM dm_channels WHERE user_id = ?", user_id)
        return row[0] if row else None

    async def save_dm_channel(self, user_id: int, channel_id: int) -> None:
        await self._execute(
            "INSERT INTO dm_channels (user_id, channel_id) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id",
            (user_id, channel_id),
        )

    async def synced_commands(self, scope: str) -> str | None:
        """The fingerprint of the commands last sent to Discord for `scope`, if any."""
        row = await self._one("SELECT fingerprint FROM command_syncs WHERE scope = ?", scope)
        return row[0] if row else None

    async def save_synced_commands(self, scope: str, fingerprint: str) -> None:
        await self._execute(
            "INSERT INTO command_syncs (scope, fingerprint) VALUES (?, ?)"
            " ON CONFLICT (scope) DO UPDATE SET fingerprint = excluded.fingerprint",
            (scope, fingerprint),
        )

    # -- location threads ------------------------------------------------------------------

    async def thread(self, match_id: int, round_: int, location: str) -> int | None:
        row = await self._one(
            "SELECT thread_id FROM threads WHERE match_id = ? AND round = ? AND location = ?",
            match_id,
            round_,
            location,
        )
        return row[0] if row else None

    async def save_thread(self, match_id: int, round_: int, location: str, thread_id: int) -> None:
        await self._execute(
            "INSERT INTO threads (match_id, round, location, thread_id) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (match_id, round, location) DO UPDATE SET thread_id = excluded.thread_id",
            (match_id, round_, location, thread_id),
        )
