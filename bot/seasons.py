"""Genius series: what a season does to matches, and how its ledger reads.

A season is per server. Members are enrolled (with the season's starting garnets) when they
first play one of its matches, or by a host. A match of the season is dealt each player's
garnet balance (AA-14 trades spend it); a garnet trade debits the ledger in the move's own
transaction, and the end of the match pays its prizes (AA-17) in the transaction that ends
it, so a crash can neither pay a prize twice nor lose it (`MatchService.submit`).

Entries caused by a match still running are private to their member (a trade is, AA-14;
AA-D9): standings, other members' histories and the export leave them out until the match
ends, and say only that they may, never how many (a count would tell that someone traded).
A trade must also be covered by the ledger at the moment it is made (AA-D8), and a cancelled
match gives its trades back (AA-D10, `Storage.cancel_match`).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from bot.errors import UserError
from bot.players import holder
from bot.season_board import WITHHELD, season_called
from bot.storage import (
    Balance,
    LedgerEntry,
    LedgerRefused,
    LedgerRow,
    LedgerWrite,
    MatchRow,
    PlayerRow,
    Season,
    Storage,
    balances,
    prize_pool,
)
from games.core.contract import SeasonOutcome
from games.core.drawing.words import join, ordinal, plural, signed
from games.core.errors import typed
from games.core.events import Audience, Event
from games.registry import ENGINES, engine_for

#: The most a host may add or remove in one adjustment.
MAX_ADJUST = 1000
SEASON_SETTLED = "season_settled"
#: The ledger entries written when a season match ends.
SETTLING = frozenset({"prize", "pool", "candidate"})


@dataclass(frozen=True, slots=True)
class Standings:
    season: Season
    balances: list[Balance]
    pool: int
    #: Whether a match of the season is running: its entries are left out until it ends
    #: (whether it has any is not told, AA-D9).
    running: bool


def season_games() -> str:
    """The titles of the games whose matches count for a season (`Engine.takes_garnets`),
    joined by "or"."""
    return join([e.title for e in ENGINES.values() if e.takes_garnets], "or")


def refusal(error: LedgerRefused, names: dict[int, str]) -> UserError:
    """The sentence for a refused ledger write."""
    who = names.get(error.user_id or 0, "That member")
    return UserError(
        {
            "overdrawn": f"{who} does not have that many to take away: balances never go "
            "below zero.",
            "not_enrolled": f"{who} is not enrolled in this season.",
            "season_open": "This server already has an open season; end it first with "
            "`/season end`.",
            "name_taken": "This server already had a season of that name; choose another.",
        }.get(error.code, "That change to the ledger was refused.")
    )


class SeasonService:
    def __init__(self, storage: Storage, now: Callable[[], float]) -> None:
        self.storage = storage
        self.now = now

    async def open(self, guild_id: int) -> Season:
        season = await self.storage.open_season(guild_id)
        if season is None:
            raise UserError(
                "This server has no open season. A host can start one with `/season start`."
            )
        return season

    async def find(self, guild_id: int, name: str | None) -> Season:
        """The season named (open or ended), or the open one, or else the latest."""
        if name:
            season = await self.storage.season_named(guild_id, name)
            if season is None:
                raise UserError(f"This server has no season named {typed(name)}.")
            return season
        season = await self.storage.open_season(guild_id)
        if season is None:
            past = await self.storage.seasons(guild_id)
            if not past:
                raise UserError(
                    "This server has no season yet. A host can start one with `/season start`."
                )
            season = past[0]
        return season

    # -- host commands -----------------------------------------------------------------------

    async def start(self, guild_id: int, name: str, starting_garnets: int, by: int) -> Season:
        name = " ".join(name.split())
        if not name:
            raise UserError("Give the season a name.")
        try:
            return await self.storage.start_season(guild_id, name, starting_garnets, by, self.now())
        except LedgerRefused as error:
            raise refusal(error, {}) from None

    async def end(self, season: Season, by: int) -> None:
        await self.refuse_while_matches_run(season)
        if not await self.storage.end_season(season.id, by, self.now()):
            raise UserError("This season has already ended.")

    async def refuse_while_matches_run(self, season: Season) -> None:
        """Refuses while matches of the season are running (their prizes are still to come)."""
        running = await self.storage.running_matches_of_season(season.id)
        if running:
            channels = ", ".join(f"<#{c}>" for c in running)
            raise UserError(
                f"Matches of this season are still running ({channels}); finish or cancel "
                "them first, so that their prizes reach the ledger."
            )

    async def enrol(
        self, season: Season, members: list[tuple[int, str]], by: int | None
    ) -> list[int]:
        return await self.storage.enrol(season, members, by, self.now())

    async def change(
        self, season: Season, member: tuple[int, str], entry: LedgerEntry, by: int
    ) -> Balance:
        """A host's adjustment, elimination or reinstatement (the member is enrolled first
        if need be); returns the member's balance after it."""
        if not season.open:
            raise UserError("This season has ended; its ledger can no longer change.")
        await self.enrol(season, [member], by)
        try:
            await self.storage.append_ledger(season.id, [entry], by=by, at=self.now())
        except LedgerRefused as error:
            raise refusal(error, {member[0]: member[1]}) from None
        return await self.balance(season, member[0])

    async def balance(self, season: Season, user_id: int) -> Balance:
        names = await self.storage.season_names(season.id)
        rows = await self.storage.ledger(season.id, user_id)
        return balances(rows, {user_id: names.get(user_id, str(user_id))})[0]

    async def eliminated(self, season: Season, user_ids: list[int]) -> list[int]:
        names = await self.storage.season_names(season.id)
        wanted = {u: names[u] for u in user_ids if u in names}
        rows = [r for r in await self.storage.ledger(season.id) if r.user_id in wanted]
        return [b.user_id for b in balances(rows, wanted) if b.eliminated]

    # -- reading -----------------------------------------------------------------------------

    async def standings(self, season: Season) -> Standings:
        """The public standings: entries of running matches left out (AA-14 trades are
        private until the match ends)."""
        names = await self.storage.season_names(season.id)
        shown = await self.storage.ledger(season.id, pending=False)
        table = sorted(
            balances(shown, names),
            key=lambda b: (b.eliminated, -b.tokens, -b.garnets, b.name.lower()),
        )
        return Standings(season, table, prize_pool(shown), await self.running(season))

    async def history(
        self, season: Season, user_id: int | None, *, asker: int
    ) -> tuple[list[LedgerRow], bool]:
        """Ledger entries (one member's, or all) as `asker` may read them, and whether a
        match of the season is running: entries of running matches are shown to their own
        member only (AA-D9)."""
        rows = await self.storage.ledger(season.id, user_id)
        shown = [r for r in rows if not r.pending or r.user_id == asker]
        return shown, await self.running(season)

    async def export(self, season: Season) -> tuple[bytes, bool]:
        """The ledger as CSV, entries of running matches left out; and whether a match of
        the season is running (AA-D9)."""
        rows = await self.storage.ledger(season.id, pending=False)
        return ledger_csv(season, rows), await self.running(season)

    async def running(self, season: Season) -> bool:
        """Whether a match of the season is running."""
        return bool(await self.storage.running_matches_of_season(season.id))

    async def playing(self, season: Season, user_id: int) -> bool:
        """Whether the member plays in a running match of the season."""
        return any(
            m.status == "running" and m.season_id == season.id
            for m in await self.storage.open_matches_of(user_id)
        )

    # -- matches ---------------------------------------------------------------------------

    async def season_for(self, row: MatchRow) -> Season | None:
        """The open season a match of this server counts for, if its game takes garnets."""
        if not engine_for(row.game).takes_garnets:
            return None
        return await self.storage.open_season(row.guild_id)

    async def deal(self, season: Season, members: list[tuple[int, str]]) -> dict[int, int]:
        """Enrol a season match's players; their garnet balances, to deal into it (AA-14): as
        the standings show them, entries of running matches left out (AA-D9: a trade in
        another match would show in this one's record, which its host reads while it runs; a
        trade here that the ledger cannot cover is refused when made, AA-D8)."""
        await self.enrol(season, members, None)
        names = dict(members)
        rows = [
            r for r in await self.storage.ledger(season.id, pending=False) if r.user_id in names
        ]
        return {b.user_id: b.garnets for b in balances(rows, names)}

    async def settle(
        self,
        row: MatchRow,
        events: list[Event],
        outcome: SeasonOutcome | None,
        players: list[PlayerRow],
    ) -> LedgerWrite | None:
        """What one accepted move of a season match writes to the ledger: the garnets its
        player spent (AA-14 trades); the end of the match (its `outcome`) pays its prizes
        (AA-17) and names its elimination candidates (announced from the ledger:
        `announcement`). Each goes to the member holding the seat now (`players`: a seat
        handed over counts for whoever finished it)."""
        if row.season_id is None:
            return None

        engine = engine_for(row.game)
        title = f"{engine.title} match #{row.id}"
        # A computer seat has no ledger: it gives and gets nothing.
        entries = [
            LedgerEntry(user, "trade", f"spent in {title}", garnets=-n)
            for player, n in engine.garnets_spent(events).items()
            if n and (user := holder(players, player)) is not None
        ]
        if outcome is None:
            return LedgerWrite(row.season_id, entries) if entries else None
        tokens, garnets = outcome.tokens_of_life, outcome.garnets
        for player in dict.fromkeys([*tokens, *garnets]):
            place = outcome.places.get(player)
            user = holder(players, player)
            if user is None:
                continue
            entries.append(
                LedgerEntry(
                    user,
                    "prize",
                    f"{ordinal(place)} place, {title}" if place else f"prize, {title}",
                    garnets=garnets.get(player, 0),
                    tokens=tokens.get(player, 0),
                )
            )
        entries += [
            LedgerEntry(user, "candidate", f"elimination candidate, {title}")
            for p in outcome.candidates
            if (user := holder(players, p)) is not None
        ]
        if outcome.pool_increase:
            reason = outcome.pool_reason or "the prize pool grows"
            entries.append(
                LedgerEntry(None, "pool", f"{reason}, {title}", pool=outcome.pool_increase)
            )
        return LedgerWrite(row.season_id, entries)

    async def announcement(self, row: MatchRow) -> Event | None:
        """The public announcement of what a season match that ended wrote to the ledger
        (prizes, the pool, the candidates with their tokens of life, so the host can apply the
        series' protection rules), read back from the ledger; None outside a season."""
        season = await self.storage.season(row.season_id) if row.season_id else None
        if season is None:
            return None
        rows = await self.storage.ledger(season.id)
        ended = [r for r in rows if r.match_id == row.id and r.kind in SETTLING]
        if not ended:
            return None
        last = max(r.id for r in ended)
        names = await self.storage.season_names(season.id)
        after = {b.user_id: b for b in balances([r for r in rows if r.id <= last], names)}
        return Event(
            SEASON_SETTLED,
            Audience.public(),
            {
                "season": season.name,
                "prizes": [
                    {"player": str(r.user_id), "garnets": r.garnets, "tokens": r.tokens}
                    for r in ended
                    if r.kind == "prize"
                ],
                "pool_increase": sum(r.pool for r in ended),
                "pool": prize_pool(r for r in rows if r.id <= last),
                "candidates": [
                    {
                        "player": str(r.user_id),
                        "tokens": after[r.user_id].tokens if r.user_id in after else 0,
                    }
                    for r in ended
                    if r.kind == "candidate" and r.user_id is not None
                ],
            },
        )


def standings_data(standings: Standings) -> dict[str, Any]:
    """The standings as JSON, for the image (`bot.season_board.standings_board`)."""
    return {
        "season": standings.season.name,
        "open": standings.season.open,
        "pool": standings.pool,
        "running": standings.running,
        "rows": [
            {
                "name": b.name,
                "garnets": b.garnets,
                "tokens": b.tokens,
                "candidacies": b.candidacies,
                "eliminated": b.eliminated,
            }
            for b in standings.balances
        ],
    }


def settled_text(event: dict[str, Any], names: Callable[[str], str]) -> str:
    """The announcement of a season match's end: prizes, pool, and the candidates with their
    tokens of life, so the host can apply the series' protection rules."""
    lines = [f"**{season_called(event['season'], capital=True)}: the ledger is updated.**"]
    for prize in event["prizes"]:
        parts = [
            _plural(prize["tokens"], "token of life", "tokens of life"),
            _plural(prize["garnets"], "garnet", "garnets"),
        ]
        lines.append(f"{names(prize['player'])}: +{' and +'.join(p for p in parts if p)}.")
    if event["pool_increase"]:
        lines.append(f"The prize pool grows by ${event['pool_increase']}, to ${event['pool']}.")
    if event["candidates"]:
        listed = ", ".join(
            f"{names(c['player'])} ({_tokens(c['tokens'])})" for c in event["candidates"]
        )
        lines.append(
            f"Elimination candidates: {listed}. A host applies the series' rules with "
            "`/season eliminate`."
        )
    return "\n".join(lines)


def standings_text(standings: Standings) -> str:
    season = standings.season
    state = "open" if season.open else "ended"
    head = f"**{season_called(season.name, capital=True)}** ({state}) — standings"
    if not standings.balances:
        return f"{head}\nNobody is enrolled yet. Prize pool: ${standings.pool}."
    lines = [head]
    for i, b in enumerate(standings.balances, start=1):
        status = " — **eliminated**" if b.eliminated else ""
        candidate = f", candidate ×{b.candidacies}" if b.candidacies else ""
        lines.append(
            f"{i}. {b.name}: {plural(b.garnets, 'garnet')}, "
            f"{plural(b.tokens, 'token of life', 'tokens of life')}{candidate}{status}"
        )
    lines.append(f"Prize pool: ${standings.pool}.")
    if standings.running:
        lines.append(f"_{WITHHELD}_")
    return "\n".join(lines)


def history_line(row: LedgerRow, authors: Mapping[int, str] | None = None) -> str:
    """A ledger entry as `/season history` shows it, in Discord's markup (its date, who made
    it); with `authors` (who made entries, by id), as plain text for the history's file,
    which is read outside Discord."""
    changes = [
        signed(n, one, many)
        for n, one, many in (
            (row.garnets, "garnet", "garnets"),
            (row.tokens, "token of life", "tokens of life"),
        )
        if n
    ]
    if row.pool:
        changes.append(f"prize pool {row.pool:+d} $")
    if row.eliminated is not None:
        changes.append("eliminated" if row.eliminated else "reinstated")
    who = row.name or "the season"
    what = ", ".join(changes) or "noted"
    if authors is None:
        by = f" (by <@{row.by_user}>)" if row.by_user else ""
        pending = " _(match in progress; only you see this)_" if row.pending else ""
        return f"<t:{int(row.at)}:d> {who}: {what} — {row.reason}{by}{pending}"
    by = f" (by {authors.get(row.by_user, f'member {row.by_user}')})" if row.by_user else ""
    pending = " (match in progress; only you see this)" if row.pending else ""
    day = datetime.fromtimestamp(row.at, UTC).date().isoformat()
    return f"{day} {who}: {what} — {row.reason}{by}{pending}"


CSV_COLUMNS = [
    "entry",
    "time_utc",
    "season",
    "member_id",
    "member",
    "kind",
    "garnets",
    "tokens_of_life",
    "prize_pool",
    "eliminated",
    "reason",
    "by_id",
    "match_id",
]


#: What makes a spreadsheet program read a cell as a formula (or start one).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value: str | int) -> str | int:
    """A value for the export: text that a spreadsheet would run as a formula gets a leading
    apostrophe, which spreadsheets show as plain text (season names, members' names and
    reasons are typed by people); numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def ledger_csv(season: Season, rows: list[LedgerRow]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for r in rows:
        writer.writerow(
            [
                cell(value)
                for value in (
                    r.id,
                    datetime.fromtimestamp(r.at, UTC).isoformat(timespec="seconds"),
                    season.name,
                    r.user_id or "",
                    r.name or "",
                    r.kind,
                    r.garnets,
                    r.tokens,
                    r.pool,
                    "" if r.eliminated is None else ("yes" if r.eliminated else "no"),
                    r.reason,
                    r.by_user or "",
                    r.match_id or "",
                )
            ]
        )
    return out.getvalue().encode()


def _plural(n: int, one: str, many: str) -> str:
    return plural(n, one, many) if n else ""


def _tokens(n: int) -> str:
    return _plural(n, "token of life", "tokens of life") or "no tokens of life"
