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
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from bot.errors import UserError
from bot.i18n import N_, _, said_again
from bot.players import holder
from bot.season_board import WITHHELD, garnets_of, season_called, tokens_of
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
from games.core.drawing.words import listed, ordinal
from games.core.errors import typed
from games.core.events import Audience, Event
from games.registry import ENGINES, engine_for

#: The most a host may add or remove in one adjustment.
MAX_ADJUST = 1000
#: The reasons the bot writes in the ledger, kept in English there (the export is read
#: outside Discord) and said in the reader's language where shown (`reason_words`).
MATCH_TITLE = N_("{game} match #{match}")
SPENT = N_("spent in {title}")
# TRANSLATORS: a prize's reason in the ledger: {ordinal} is English's "2nd"; {place} the bare
# number, for "2." or "2위".
PLACED = N_("{ordinal} place, {title}")
PRIZE = N_("prize, {title}")
CANDIDATE = N_("elimination candidate, {title}")
POOL = N_("{reason}, {title}")
POOL_GROWS = N_("the prize pool grows")
ELIMINATED = N_("eliminated")
REINSTATED = N_("reinstated")
#: A member's first entry (`Storage.enrol` writes it).
ENROLLED = N_("enrolled")
REFUND_UNDONE = N_("refund: undone by the host in {title}")
REFUND_CANCELLED = N_("refund: match #{match} was cancelled")
REASONS = (
    SPENT,
    PRIZE,
    CANDIDATE,
    MATCH_TITLE,
    POOL,
    POOL_GROWS,
    ELIMINATED,
    REINSTATED,
    ENROLLED,
    REFUND_UNDONE,
    REFUND_CANCELLED,
)
_PLACED = re.compile(r"(?P<place>\d+)(?:st|nd|rd|th) place, (?P<title>.+)", re.DOTALL)
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
    return listed([e.title for e in ENGINES.values() if e.takes_garnets], "or")


def refusal(error: LedgerRefused, names: dict[int, str]) -> UserError:
    """The sentence for a refused ledger write."""
    who = names.get(error.user_id or 0)
    said = {
        "overdrawn": _(
            "{member} does not have that many to take away: balances never go below zero."
        ),
        "not_enrolled": _("{member} is not enrolled in this season."),
        "season_open": _(
            "This server already has an open season; end it first with `/season end`."
        ),
        "name_taken": _("This server already had a season of that name; choose another."),
    }.get(error.code, _("That change to the ledger was refused."))
    if who is None:
        said = {
            "overdrawn": _(
                "That member does not have that many to take away: balances never go below zero."
            ),
            "not_enrolled": _("That member is not enrolled in this season."),
        }.get(error.code, said)
    return UserError(said.format(member=who))


class SeasonService:
    def __init__(self, storage: Storage, now: Callable[[], float]) -> None:
        self.storage = storage
        self.now = now

    async def open(self, guild_id: int) -> Season:
        season = await self.storage.open_season(guild_id)
        if season is None:
            raise UserError(
                _("This server has no open season. A host can start one with `/season start`.")
            )
        return season

    async def find(self, guild_id: int, name: str | None) -> Season:
        """The season named (open or ended), or the open one, or else the latest."""
        if name:
            season = await self.storage.season_named(guild_id, name)
            if season is None:
                raise UserError(
                    _("This server has no season named {name}.").format(name=typed(name))
                )
            return season
        season = await self.storage.open_season(guild_id)
        if season is None:
            past = await self.storage.seasons(guild_id)
            if not past:
                raise UserError(
                    _("This server has no season yet. A host can start one with `/season start`.")
                )
            season = past[0]
        return season

    # -- host commands -----------------------------------------------------------------------

    async def start(self, guild_id: int, name: str, starting_garnets: int, by: int) -> Season:
        name = " ".join(name.split())
        if not name:
            raise UserError(_("Give the season a name."))
        try:
            return await self.storage.start_season(guild_id, name, starting_garnets, by, self.now())
        except LedgerRefused as error:
            raise refusal(error, {}) from None

    async def end(self, season: Season, by: int) -> None:
        await self.refuse_while_matches_run(season)
        if not await self.storage.end_season(season.id, by, self.now()):
            raise UserError(_("This season has already ended."))

    async def refuse_while_matches_run(self, season: Season) -> None:
        """Refuses while matches of the season are running (their prizes are still to come)."""
        running = await self.storage.running_matches_of_season(season.id)
        if running:
            channels = ", ".join(f"<#{c}>" for c in running)
            raise UserError(
                _(
                    "Matches of this season are still running ({channels}); finish or cancel "
                    "them first, so that their prizes reach the ledger."
                ).format(channels=channels)
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
            raise UserError(_("This season has ended; its ledger can no longer change."))
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
        title = MATCH_TITLE.format(game=engine.title, match=row.id)
        # A computer seat has no ledger: it gives and gets nothing.
        entries = [
            LedgerEntry(user, "trade", SPENT.format(title=title), garnets=-n)
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
                    PLACED.format(ordinal=ordinal(place), title=title)
                    if place
                    else PRIZE.format(title=title),
                    garnets=garnets.get(player, 0),
                    tokens=tokens.get(player, 0),
                )
            )
        entries += [
            LedgerEntry(user, "candidate", CANDIDATE.format(title=title))
            for p in outcome.candidates
            if (user := holder(players, p)) is not None
        ]
        if outcome.pool_increase:
            reason = outcome.pool_reason or POOL_GROWS
            entries.append(
                LedgerEntry(
                    None,
                    "pool",
                    POOL.format(reason=reason, title=title),
                    pool=outcome.pool_increase,
                )
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
    season = season_called(event["season"], capital=True)
    lines = [_("**{season}: the ledger is updated.**").format(season=season)]
    for prize in event["prizes"]:
        won = [
            said(n, sign=True)
            for n, said in ((prize["tokens"], tokens_of), (prize["garnets"], garnets_of))
            if n
        ]
        # TRANSLATORS: a member's prize: {prize} is "+1 token of life and +2 garnets".
        lines.append(
            _("{member}: {prize}.").format(member=names(prize["player"]), prize="".join(won))
            if len(won) < 2
            else _("{member}: {tokens} and {garnets}.").format(
                member=names(prize["player"]), tokens=won[0], garnets=won[1]
            )
        )
    if event["pool_increase"]:
        lines.append(
            _("The prize pool grows by ${increase}, to ${pool}.").format(
                increase=event["pool_increase"], pool=event["pool"]
            )
        )
    if event["candidates"]:
        candidates = ", ".join(
            _("{member} ({tokens})").format(
                member=names(c["player"]),
                tokens=tokens_of(c["tokens"]) if c["tokens"] else _("no tokens of life"),
            )
            for c in event["candidates"]
        )
        lines.append(
            _(
                "Elimination candidates: {candidates}. A host applies the series' rules with "
                "`/season eliminate`."
            ).format(candidates=candidates)
        )
    return "\n".join(lines)


def standings_text(standings: Standings) -> str:
    season = standings.season
    called = season_called(season.name, capital=True)
    head = (
        _("**{season}** (open) — standings")
        if season.open
        else _("**{season}** (ended) — standings")
    ).format(season=called)
    if not standings.balances:
        nobody = _("Nobody is enrolled yet. Prize pool: ${pool}.").format(pool=standings.pool)
        return f"{head}\n{nobody}"
    lines = [head]
    for i, b in enumerate(standings.balances, start=1):
        said = [garnets_of(b.garnets), tokens_of(b.tokens)]
        if b.candidacies:
            said.append(_("candidate ×{count}").format(count=b.candidacies))
        line = _("{place}. {member}: {said}").format(place=i, member=b.name, said=", ".join(said))
        if b.eliminated:
            line += " — " + _("**eliminated**")
        lines.append(line)
    lines.append(_("Prize pool: ${pool}.").format(pool=standings.pool))
    if standings.running:
        lines.append(f"_{_(WITHHELD)}_")
    return "\n".join(lines)


def reason_words(reason: str) -> str:
    """A ledger entry's reason in the language in force: one the bot wrote (`REASONS`, a
    prize's place) translated with its values, one a host typed as typed."""
    placed = _PLACED.fullmatch(reason)
    if placed is not None:
        return _(PLACED).format(
            ordinal=reason.split(" ", 1)[0],
            place=int(placed["place"]),
            title=said_again(placed["title"], REASONS),
        )
    return said_again(reason, REASONS)


def history_line(row: LedgerRow, authors: Mapping[int, str] | None = None) -> str:
    """A ledger entry as `/season history` shows it, in Discord's markup (its date, who made
    it); with `authors` (who made entries, by id), as plain text for the history's file,
    which is read outside Discord."""
    changes = [
        said(n, sign=True) for n, said in ((row.garnets, garnets_of), (row.tokens, tokens_of)) if n
    ]
    if row.pool:
        changes.append(_("prize pool {change} $").format(change=f"{row.pool:+d}"))
    if row.eliminated is not None:
        changes.append(_(ELIMINATED) if row.eliminated else _(REINSTATED))
    who = row.name or _("the season")
    what = ", ".join(changes) or _("noted")
    reason = reason_words(row.reason)
    if authors is None:
        by = " " + _("(by {member})").format(member=f"<@{row.by_user}>") if row.by_user else ""
        pending = " _" + _("(match in progress; only you see this)") + "_" if row.pending else ""
        return f"<t:{int(row.at)}:d> {who}: {what} — {reason}{by}{pending}"
    author = authors.get(row.by_user) if row.by_user else None
    if row.by_user and author is None:
        author = _("member {id}").format(id=row.by_user)
    by = " " + _("(by {member})").format(member=author) if author else ""
    pending = " " + _("(match in progress; only you see this)") if row.pending else ""
    day = datetime.fromtimestamp(row.at, UTC).date().isoformat()
    return f"{day} {who}: {what} — {reason}{by}{pending}"


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
