"""What a season's web page shows: what the season's ledger shows everyone, and no more. The
standings as `/season standings` gives them (and its image), each member's history as
`/season history` gives it to someone who plays no match of the season, and the season's
matches, linked to their own pages where those open. Entries of a match still running are
left out until it ends (AA-14, AA-D9), as everywhere the ledger is read publicly."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from markupsafe import Markup

from bot import boards
from bot.i18n import _
from bot.seasons import MATCH_TITLE, SeasonService, Standings, history_line, standings_data
from bot.storage import LedgerRow, Season, SeasonMatch, Storage
from bot.web.pages import OPEN
from bot.web.words import html, when
from games.core.drawing.board import Board
from games.registry import ENGINES


@dataclass(frozen=True, slots=True)
class History:
    """One member's public history (or the season's own entries: `name` None)."""

    name: str | None
    lines: list[Markup]


@dataclass(frozen=True, slots=True)
class SeasonEntry:
    """A match of the season on its page: its words, and its own page's address if it opens."""

    text: str
    over: bool
    address: str | None


@dataclass(frozen=True, slots=True)
class SeasonPage:
    season: Season
    started: Markup
    standings: Standings
    histories: list[History]
    matches: list[SeasonEntry]


class SeasonPages:
    """The seasons' pages: a season's address, and what its page shows now."""

    def __init__(self, storage: Storage, seasons: SeasonService, public_url: str) -> None:
        self.storage = storage
        self.seasons = seasons
        self.public_url = public_url

    async def link(self, season: Season) -> str:
        """The address of the season's page (its token made the first time)."""
        return f"{self.public_url}/s/{await self.storage.season_token(season.id)}"

    async def season(self, token: str) -> Season | None:
        return await self.storage.season_of_token(token)

    async def page(self, season: Season) -> SeasonPage:
        standings = await self.seasons.standings(season)
        rows = await self.storage.ledger(season.id, pending=False)
        histories = [
            History(b.name, _lines(r for r in rows if r.user_id == b.user_id))
            for b in standings.balances
        ]
        own = _lines(r for r in rows if r.user_id is None)
        if own:
            histories.append(History(None, own))
        matches = [self._entry(m) for m in await self.storage.season_matches(season.id)]
        return SeasonPage(season, when(season.started_at), standings, histories, matches)

    def _entry(self, match: SeasonMatch) -> SeasonEntry:
        engine = ENGINES.get(match.game)
        title = engine.title if engine is not None else match.game
        opens = match.web_token is not None and match.web in OPEN
        address = f"/m/{match.web_token}" if opens else None
        return SeasonEntry(
            _(MATCH_TITLE).format(game=title, match=match.id), match.status != "running", address
        )

    async def board(self, season: Season) -> Board | None:
        """The standings' image, as `/season standings` shows it."""
        standings = await self.seasons.standings(season)
        return await boards.or_none(
            boards.standings(standings_data(standings)), f"the standings of season {season.id}"
        )


def _lines(rows: Iterable[LedgerRow]) -> list[Markup]:
    """Ledger entries as `/season history` words them, in HTML."""
    return [html(history_line(row)) for row in rows]
