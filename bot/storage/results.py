"""Results: what each member's finished matches count for `/stats` and `/leaderboard` (the
SQL half, mixed into `Storage`).

A match's results are written in the transaction that ends it (`Storage.record_move`), one
row per member who played it, so a crash can neither lose nor double them; a cancelled match
has none. A computer seat is no member and has no row; its matches are marked `practice` for
their human players. The matches that ended before results were kept were
ranked once, by the migration that made the table (`backfill`).
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import aiosqlite

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One member's result of a finished match."""

    user_id: int
    #: Their place (1 is first), or None when the game did not rank them (removed).
    place: int | None
    won: bool
    #: Played with a computer seat.
    practice: bool


#: Ranks a match that ended before results were kept, from what is stored of it: its game,
#: its last snapshot (the state at its end) and its seated players' user ids in seat order.
#: Raises ValueError for a match it cannot rank (a game this Dealer does not know).
Rank = Callable[[str, str, list[int]], list[ResultRow]]


@dataclass(frozen=True, slots=True)
class Tally:
    """A member's finished matches of one game, practice ones apart."""

    game: str
    practice: bool
    played: int
    won: int


@dataclass(frozen=True, slots=True)
class PastMatch:
    """One finished match of a member, for the list of their last matches."""

    match_id: int
    channel_id: int
    game: str
    place: int | None
    won: bool
    practice: bool
    ended_at: float


@dataclass(frozen=True, slots=True)
class Standing:
    """A member's line in a server's leaderboard (practice matches left out)."""

    user_id: int
    played: int
    won: int


def write_results(w: sqlite3.Connection, match_id: int, rows: list[ResultRow], at: float) -> None:
    """The match's results, in the caller's transaction; the server, channel and game come
    from the match's own row."""
    w.executemany(
        "INSERT INTO results (match_id, user_id, guild_id, channel_id, game, place, won,"
        " practice, ended_at) SELECT id, ?, guild_id, channel_id, game, ?, ?, ?, ?"
        " FROM matches WHERE id = ?",
        [(r.user_id, r.place, int(r.won), int(r.practice), at, match_id) for r in rows],
    )


def backfill(w: sqlite3.Connection, rank: Rank | None) -> None:
    """Results of the matches that ended before they were kept, ranked from each match's
    last snapshot and dated by its last move; in the migration's transaction. A match that
    cannot be ranked is left out, and logged."""
    ended = w.execute(
        "SELECT m.id, m.game, m.state, (SELECT MAX(at) FROM log WHERE match_id = m.id)"
        " FROM matches m WHERE m.status = 'ended' ORDER BY m.id"
    ).fetchall()
    if not ended:
        return
    if rank is None:
        raise RuntimeError("ranking the matches that have ended needs their games' engines")
    for match_id, game, state, at in ended:
        seated = [
            user_id
            for (user_id,) in w.execute(
                "SELECT user_id FROM match_players WHERE match_id = ? ORDER BY joined", (match_id,)
            )
        ]
        try:
            rows = rank(game, state, seated)
        except ValueError as error:
            log.warning("match %s is left out of the results: %s", match_id, error)
            continue
        write_results(w, match_id, rows, at)


#: Results of the channels listed in the query's JSON array argument (the channels the
#: asker may read).
_IN_CHANNELS = "channel_id IN (SELECT value FROM json_each(?))"


class ResultStore:
    """Reads of the results (through `db`, like every read of `Storage`)."""

    db: aiosqlite.Connection

    if TYPE_CHECKING:
        # Defined by `SeasonStore` (bot/storage/seasons.py), mixed into `Storage` with this.
        async def _all(self, sql: str, *args: Any) -> list[Any]: ...

    async def result_channels(self, guild_id: int) -> list[int]:
        """The channels of a server that finished matches were played in."""
        rows = await self._all(
            "SELECT DISTINCT channel_id FROM results WHERE guild_id = ? ORDER BY channel_id",
            guild_id,
        )
        return [r[0] for r in rows]

    async def tallies(
        self, guild_id: int, user_id: int, game: str | None, channels: Collection[int]
    ) -> list[Tally]:
        """A member's finished matches in `channels` of a server, per game (or of one game),
        practice matches apart, by game."""
        rows = await self._all(
            "SELECT game, practice, COUNT(*), SUM(won) FROM results"
            f" WHERE guild_id = ? AND user_id = ? AND (? IS NULL OR game = ?) AND {_IN_CHANNELS}"
            " GROUP BY game, practice ORDER BY game, practice",
            guild_id,
            user_id,
            game,
            game,
            json.dumps(sorted(channels)),
        )
        return [Tally(r[0], bool(r[1]), r[2], r[3]) for r in rows]

    async def past_matches(
        self, guild_id: int, user_id: int, game: str | None, channels: Collection[int], limit: int
    ) -> list[PastMatch]:
        """A member's last finished matches in `channels` of a server, the latest first."""
        rows = await self._all(
            "SELECT match_id, channel_id, game, place, won, practice, ended_at FROM results"
            f" WHERE guild_id = ? AND user_id = ? AND (? IS NULL OR game = ?) AND {_IN_CHANNELS}"
            " ORDER BY ended_at DESC, match_id DESC LIMIT ?",
            guild_id,
            user_id,
            game,
            game,
            json.dumps(sorted(channels)),
            limit,
        )
        return [PastMatch(r[0], r[1], r[2], r[3], bool(r[4]), bool(r[5]), r[6]) for r in rows]

    async def standings(
        self,
        guild_id: int,
        game: str | None,
        channels: Collection[int],
        left_out: Sequence[str] = (),
    ) -> list[Standing]:
        """Every member who finished a match in `channels` of the server (of one game, or of
        any but the games `left_out`), with how many they played and won, practice matches
        left out: most wins first, then the better win rate, then fewer matches played."""
        others = ", ".join("?" * len(left_out))
        rows = await self._all(
            "SELECT user_id, COUNT(*) AS played, SUM(won) AS won FROM results"
            f" WHERE guild_id = ? AND practice = 0 AND (? IS NULL OR game = ?) AND {_IN_CHANNELS}"
            f" AND game NOT IN ({others})"
            " GROUP BY user_id"
            " ORDER BY won DESC, CAST(won AS REAL) / played DESC, played, user_id",
            guild_id,
            game,
            game,
            json.dumps(sorted(channels)),
            *left_out,
        )
        return [Standing(r[0], r[1], r[2]) for r in rows]
