"""What a match's web page shows, built only from what the bot makes for the channel: the
live status's words and image (`LiveStatus.moment`, `LiveStatus.image`: the public view) and
the public events' texts as the game words them for the channel, delivered ones only. No
player's, host's or location's event and no private view is read here: the page shows what
a member who is not playing sees in the channel, and nothing before the channel does."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any, TypeVar

import discord

from bot import boards
from bot.games.registry import plugin_for
from bot.i18n import language, server_speaks, speaking
from bot.players import name_table, seat_id
from bot.service import MatchDamaged, MatchService
from bot.status import LiveStatus
from bot.storage import MatchRow, Storage
from bot.web.build import Entry, Page, PageFacts, Record, Unreadable, match_page
from bot.web.built import Built
from games.registry import engine_for

T = TypeVar("T")

#: How `matches.web` opens the page: the host turned it on, or the channel is public.
OPEN = ("on", "public")
#: How many matches' built pages are kept (the ones polled now).
KEPT = 256


class MatchPages:
    """The matches' pages: whether one opens, its address, and what it shows now."""

    def __init__(
        self,
        client: discord.Client,
        storage: Storage,
        service: MatchService,
        status: LiveStatus,
        public_url: str,
    ) -> None:
        self.client = client
        self.storage = storage
        self.service = service
        self.status = status
        self.public_url = public_url
        #: The page last built for each match, by match id (the latest polled kept).
        self._built: Built[int, Page] = Built(KEPT)
        #: The reads of what a token opens under way (none kept once read).
        self._opening: Built[str, tuple[MatchRow, int, str, str] | None] = Built(0)

    def address(self, token: str) -> str:
        return f"{self.public_url}/m/{token}"

    async def link(self, row: MatchRow) -> str | None:
        """The address of the match's page when it opens; None when it does not. The bot
        notes here whether the match's channel is public (everyone may view it), for every
        process to read; a host's `/match web` outranks it."""
        token, web = await self.storage.web_page(row.id)
        if web not in ("on", "off"):
            seen = "public" if self._public(row) else "private"
            if seen != web:
                await self.storage.set_web(row.id, seen, by_host=False)
                web = seen
        return self.address(token) if web in OPEN else None

    def _public(self, row: MatchRow) -> bool:
        """Whether everyone in the server may view the match's channel; False when this
        process does not know the channel (another process's shard sees it)."""
        channel = self.client.get_channel(row.channel_id)
        if not isinstance(channel, discord.abc.GuildChannel):
            return False
        return channel.permissions_for(channel.guild.default_role).view_channel

    async def page(self, token: str) -> Page | None:
        """The page `token` opens as it is now; None for an unknown token, a page that does
        not open, or a match set aside (its record cannot be read: `MatchDamaged`). Built in
        the pages' worker once per version (`bot.web.built`), however many ask at once."""
        found = await self.opened(token)
        if found is None:
            return None
        row, seq, version, code = found
        try:
            return await self._built.get(
                row.id, version, lambda: self._build(row, seq, version, code, f"/m/{token}")
            )
        except MatchDamaged:
            return None

    async def opened(self, token: str) -> tuple[MatchRow, int, str, str] | None:
        """The started match whose page `token` opens, the seq of the last log entry the
        channel was told of, the page's version and the code of its language (its server's,
        `server_speaks`: part of the version, so a page is built again in a language
        chosen anew); None for an unknown token or a page that does not open. The pollers of
        a page who ask while it is being read share that read: the more slowly the store
        answers, the fewer reads the pollers make."""
        return await self._opening.get(token, "", lambda: self._open(token))

    async def _open(self, token: str) -> tuple[MatchRow, int, str, str] | None:
        found = await self.storage.web_match(token)
        if found is None or found[1] not in OPEN:
            return None
        match_id, _, seq = found
        row = await self.service.row(match_id)
        if row is None or not row.started:
            return None
        code = (await server_speaks(self.storage, self.client, row.guild_id)).code
        return row, seq, _version(row, seq, code), code

    async def _build(self, row: MatchRow, seq: int, version: str, code: str, base: str) -> Page:
        """The page of `row` at `version` in the language `code` (under `base`): what the
        channel was told up to log entry `seq`, read here, and the page made from it in the
        pages' worker (`bot.web.build.match_page`); MatchDamaged when its record cannot be
        read."""
        with speaking(language(code)):
            return await self._build_in_language(row, seq, version, base)

    async def _build_in_language(self, row: MatchRow, seq: int, version: str, base: str) -> Page:
        texts = plugin_for(row.game).texts
        moment = await self.status.moment(row)
        players = await self.service.players(row.id)
        board = None
        if moment.view is not None:
            board = await boards.or_none(
                boards.for_pages(texts.status_board, moment.view, name_table(players)),
                f"the web page's board of match {row.id}",
            )
        entries = await self.storage.delivered_events(row.id, seq)
        facts = PageFacts(
            version,
            row.id,
            base,
            engine_for(row.game).title,
            moment.text,
            row.deadline if row.status == "running" and not row.paused else None,
            row.status != "running",
            None if board is None else board.png,
            "" if board is None else board.words,
            texts,
            name_table(players),
            entries,
            await self.record(row, entries) if texts.wants_views else None,
        )
        return await self.in_worker(row, match_page, facts)

    async def record(self, row: MatchRow, entries: list[Entry]) -> Record:
        """The match's record up to the last of the delivered `entries`, for the pages'
        worker to replay (`bot.web.build.Progress.walk`)."""
        last = entries[-1][0] if entries else 0
        return Record(
            row.id,
            row.game,
            [seat_id(p) for p in await self.service.players(row.id)],
            row.options,
            row.seed,
            [move for move in await self.service.logged(row) if move[0] <= last],
        )

    async def in_worker(self, row: MatchRow, function: Callable[..., T], *args: Any) -> T:
        """`function(*args)` in the pages' worker; MatchDamaged, the match set aside, when it
        finds part of the record unreadable."""
        try:
            return await boards.for_pages(function, *args)
        except Unreadable as damage:
            raise await self.service.set_aside(row, damage.what) from None


def _version(row: MatchRow, seq: int, code: str) -> str:
    """What tells one page from the next: the last move the channel has seen, the match's
    clock and status, which change without a move, and the page's language."""
    facts = f"{row.id}/{seq}/{row.status}/{row.deadline}/{row.paused_remaining}/{code}"
    return hashlib.blake2b(facts.encode(), digest_size=12).hexdigest()
