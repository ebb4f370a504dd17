"""Results: what each member's finished matches count for `/stats` and `/leaderboard` (the
SQL half, mixed into `Storage`).

A match's results are written in the transaction that ends it (`Storage.record_move`), one
row per member who played it, so a crash can neither lose nor double them; a cancelled match
has none. A computer seat is no member and has no row; a match of one member against
computer seats is marked `practice`. The matches that ended before results were kept were
ranked once, by the migration that made the table (`backfill`).

A rated match (`ResultRow.rated`) also moves its members' ratings of the game in the server
(`bot.rating`), in that same transaction: `ratings` holds each member's skill now, and each
result row the skill before and after the match (`prior_mu`, `prior_sigma`, `mu`, `sigma`;
NULL in a match not rated). The results' primary key and the move's own check (its seq)
make the transaction that ends a match happen once, so a match moves ratings once, in the
order matches end (a member's rating row is locked while it is read and written).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.rating import PRIOR, Skill, rerated
from bot.storage.backend import Backend, Tx

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One member's result of a finished match."""

    user_id: int
    #: Their place (1 is first), or None when the game did not rank them (removed).
    place: int | None
    won: bool
    #: One member against computer seats.
    practice: bool
    #: The match moves its members' ratings: a contest of two members or more.
    rated: bool


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


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What a rated match did to one member's rating of its game."""

    user_id: int
    before: Skill
    after: Skill


async def write_results(w: Tx, match_id: int, rows: list[ResultRow], at: float) -> None:
    """The match's results, in the caller's transaction; the server, channel and game come
    from the match's own row. A rated match moves its members' ratings."""
    await _insert(w, match_id, rows, at)
    if rows and rows[0].rated:
        await _rate(w, match_id, rows)


async def _insert(w: Tx, match_id: int, rows: list[ResultRow], at: float) -> None:
    await w.executemany(
        "INSERT INTO results (match_id, user_id, guild_id, channel_id, game, place, won,"
        " practice, ended_at) SELECT id, ?, guild_id, channel_id, game, ?, ?, ?, ?"
        " FROM matches WHERE id = ?",
        [(r.user_id, r.place, int(r.won), int(r.practice), at, match_id) for r in rows],
    )


async def _rate(w: Tx, match_id: int, rows: list[ResultRow]) -> None:
    """Move the ratings of a rated match's members (its results written), in the caller's
    transaction: each member's rating row made if new, then locked and read, both in one
    order (by user id, by row id), so that two matches ending at once with members in common
    wait for each other instead of deadlocking."""
    found = (await w.execute("SELECT guild_id, game FROM matches WHERE id = ?", (match_id,))).one()
    assert found is not None, "the results were written from the match's row"
    guild_id, game = found
    await w.executemany(
        "INSERT INTO ratings (guild_id, game, user_id, mu, sigma) VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT (guild_id, game, user_id) DO NOTHING",
        [(guild_id, game, u, PRIOR.mu, PRIOR.sigma) for u in sorted(r.user_id for r in rows)],
    )
    members = ", ".join("?" * len(rows))
    keys = (guild_id, game, *(r.user_id for r in rows))
    rating_rows = (
        await w.execute(
            "SELECT id FROM ratings WHERE guild_id = ? AND game = ?"
            f" AND user_id IN ({members}) ORDER BY id",
            keys,
        )
    ).rows
    for (rating_id,) in rating_rows:
        await w.lock("ratings", rating_id)
    now = {
        user_id: Skill(mu, sigma)
        for user_id, mu, sigma in await w.execute(
            "SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = ?"
            f" AND user_id IN ({members})",
            keys,
        )
    }
    before = [now[r.user_id] for r in rows]
    after = rerated(before, [r.place for r in rows])
    await w.executemany(
        "UPDATE ratings SET mu = ?, sigma = ? WHERE guild_id = ? AND game = ? AND user_id = ?",
        [(a.mu, a.sigma, guild_id, game, r.user_id) for r, a in zip(rows, after, strict=True)],
    )
    await w.executemany(
        "UPDATE results SET prior_mu = ?, prior_sigma = ?, mu = ?, sigma = ?"
        " WHERE match_id = ? AND user_id = ?",
        [
            (b.mu, b.sigma, a.mu, a.sigma, match_id, r.user_id)
            for r, b, a in zip(rows, before, after, strict=True)
        ],
    )


async def backfill(w: Tx, rank: Rank | None) -> None:
    """Results of the matches that ended before they were kept, ranked from each match's
    last snapshot and dated by its last move; in the migration's transaction. A match that
    cannot be ranked is left out, and logged."""
    ended = (
        await w.execute(
            "SELECT m.id, m.game, m.state, (SELECT MAX(at) FROM log WHERE match_id = m.id)"
            " FROM matches m WHERE m.status = 'ended' ORDER BY m.id"
        )
    ).rows
    if not ended:
        return
    if rank is None:
        raise RuntimeError("ranking the matches that have ended needs their games' engines")
    for match_id, game, state, at in ended:
        try:
            rows = rank(game, state, await _seated(w, match_id))
        except ValueError as error:
            log.warning("match %s is left out of the results: %s", match_id, error)
            continue
        # Unrated: the ratings came with a later migration, which rates these (`rerate`).
        await _insert(w, match_id, rows, at)


async def rerate(w: Tx, rank: Rank | None) -> None:
    """The stored results under today's rules, in the migration's transaction: each ended
    match ranked again from its last snapshot (`Rank`), in the order the matches ended; a
    match of two members or more is no practice, whatever computer seats filled the table,
    and a rated one moves its members' ratings. A match that cannot be ranked keeps its
    results as they were, unrated, and is logged."""
    ended = (
        await w.execute(
            "SELECT m.id, m.game, m.state FROM matches m WHERE m.status = 'ended'"
            " AND EXISTS (SELECT 1 FROM results r WHERE r.match_id = m.id)"
            " ORDER BY (SELECT MIN(ended_at) FROM results r WHERE r.match_id = m.id), m.id"
        )
    ).rows
    if not ended:
        return
    if rank is None:
        raise RuntimeError("ranking the matches that have ended needs their games' engines")
    for match_id, game, state in ended:
        try:
            rows = rank(game, state, await _seated(w, match_id))
        except ValueError as error:
            log.warning("match %s is left unrated: %s", match_id, error)
            continue
        await w.executemany(
            "UPDATE results SET practice = ? WHERE match_id = ? AND user_id = ?",
            [(int(r.practice), match_id, r.user_id) for r in rows],
        )
        if rows and rows[0].rated:
            await _rate(w, match_id, rows)


async def _seated(w: Tx, match_id: int) -> list[int]:
    """A match's seated players' user ids, in seat order."""
    return [
        user_id
        for (user_id,) in await w.execute(
            "SELECT user_id FROM match_players WHERE match_id = ? ORDER BY joined", (match_id,)
        )
    ]


class ResultStore:
    """Reads of the results (through the backend's `read`, like every read of `Storage`).
    A query's channels (those the asker may read) are bound as one JSON array."""

    backend: Backend

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
            " WHERE guild_id = ? AND user_id = ? AND (CAST(? AS TEXT) IS NULL OR game = ?)"
            f" AND {self.backend.in_json_array('channel_id')}"
            " GROUP BY game, practice ORDER BY game, practice",
            guild_id,
            user_id,
            game,
            game,
            json.dumps(sorted(channels)),
        )
        return [Tally(r[0], bool(r[1]), r[2], int(r[3])) for r in rows]

    async def past_matches(
        self, guild_id: int, user_id: int, game: str | None, channels: Collection[int], limit: int
    ) -> list[PastMatch]:
        """A member's last finished matches in `channels` of a server, the latest first."""
        rows = await self._all(
            "SELECT match_id, channel_id, game, place, won, practice, ended_at FROM results"
            " WHERE guild_id = ? AND user_id = ? AND (CAST(? AS TEXT) IS NULL OR game = ?)"
            f" AND {self.backend.in_json_array('channel_id')}"
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
        # An empty `NOT IN ()` is SQLite's alone.
        others = f" AND game NOT IN ({', '.join('?' * len(left_out))})" if left_out else ""
        rows = await self._all(
            "SELECT user_id, COUNT(*) AS played, SUM(won) AS won FROM results"
            " WHERE guild_id = ? AND practice = 0 AND (CAST(? AS TEXT) IS NULL OR game = ?)"
            f" AND {self.backend.in_json_array('channel_id')}{others}"
            " GROUP BY user_id"
            " ORDER BY SUM(won) DESC, CAST(SUM(won) AS REAL) / COUNT(*) DESC, COUNT(*), user_id",
            guild_id,
            game,
            game,
            json.dumps(sorted(channels)),
            *left_out,
        )
        return [Standing(r[0], r[1], int(r[2])) for r in rows]

    async def rating_changes(self, match_id: int) -> list[RatingChange]:
        """What a finished match did to its members' ratings, by place (the unranked last);
        none for a match not rated."""
        rows = await self._all(
            "SELECT user_id, prior_mu, prior_sigma, mu, sigma FROM results"
            " WHERE match_id = ? AND mu IS NOT NULL ORDER BY place IS NULL, place, user_id",
            match_id,
        )
        return [RatingChange(r[0], Skill(r[1], r[2]), Skill(r[3], r[4])) for r in rows]

    async def skills(self, guild_id: int, game: str) -> dict[int, Skill]:
        """Every rated member's skill at a game in a server now, from all its rated matches."""
        rows = await self._all(
            "SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = ?",
            guild_id,
            game,
        )
        return {r[0]: Skill(r[1], r[2]) for r in rows}

    async def rated_matches(
        self, guild_id: int, game: str, channels: Collection[int]
    ) -> list[list[tuple[int, int | None]]]:
        """The rated matches of a game in `channels` of a server, in the order they ended:
        each its members' (user id, place), for rating them again (`bot.rating.replayed`)."""
        rows = await self._all(
            "SELECT match_id, user_id, place FROM results"
            " WHERE guild_id = ? AND game = ? AND mu IS NOT NULL"
            f" AND {self.backend.in_json_array('channel_id')}"
            " ORDER BY ended_at, match_id, user_id",
            guild_id,
            game,
            json.dumps(sorted(channels)),
        )
        matches: dict[int, list[tuple[int, int | None]]] = {}
        for match_id, user_id, place in rows:
            matches.setdefault(match_id, []).append((user_id, place))
        return list(matches.values())
