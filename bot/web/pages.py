"""What a match's web page shows, built only from what the bot makes for the channel: the
live status's words and image (`LiveStatus.moment`, `LiveStatus.image`: the public view) and
the public events' texts as the game words them for the channel, delivered ones only. No
player's, host's or location's event and no private view is read here: the page shows what
a member who is not playing sees in the channel, and nothing before the channel does."""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import discord
from markupsafe import Markup

from bot.games.base import GameTexts
from bot.games.registry import plugin_for
from bot.players import Names, names_of
from bot.service import MatchDamaged, MatchService
from bot.status import LiveStatus
from bot.storage import MatchRow, Storage
from bot.web.words import html, when
from games.core.contract import Turn
from games.core.events import Event
from games.registry import engine_for

#: How `matches.web` opens the page: the host turned it on, or the channel is public.
OPEN = ("on", "public")
#: How many matches' built pages are kept (the ones polled now).
KEPT = 256


@dataclass(frozen=True, slots=True)
class Told:
    """One public event's words on the page, with when it happened."""

    seq: int
    at: Markup
    text: Markup


@dataclass(frozen=True, slots=True)
class Page:
    """A match's page at one version (`version`, its ETag)."""

    version: str
    title: str
    status: Markup
    deadline: float | None
    over: bool
    png: bytes | None
    alt: str
    events: list[Told]

    def poll(self) -> dict[str, Any]:
        """What the page's poll answers (the board by address: it is fetched apart)."""
        return {
            "version": self.version,
            "status": str(self.status),
            "deadline": self.deadline,
            "over": self.over,
            "alt": self.alt,
            "board": self.png is not None,
            "events": [{"seq": e.seq, "at": str(e.at), "text": str(e.text)} for e in self.events],
        }


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
        self._built: OrderedDict[int, Page] = OrderedDict()

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
        not open, or a match set aside (its record cannot be read: `MatchDamaged`)."""
        found = await self.opened(token)
        if found is None:
            return None
        row, seq, version = found
        match_id = row.id
        built = self._built.get(match_id)
        if built is None or built.version != version:
            try:
                built = await self._build(row, seq, version)
            except MatchDamaged:
                return None
            self._built[match_id] = built
        self._built.move_to_end(match_id)
        while len(self._built) > KEPT:
            self._built.popitem(last=False)
        return built

    async def opened(self, token: str) -> tuple[MatchRow, int, str] | None:
        """The started match whose page `token` opens, the seq of the last log entry the
        channel was told of, and the page's version; None for an unknown token or a page
        that does not open."""
        found = await self.storage.web_match(token)
        if found is None or found[1] not in OPEN:
            return None
        match_id, _, seq = found
        row = await self.service.row(match_id)
        if row is None or not row.started:
            return None
        return row, seq, _version(row, seq)

    async def _build(self, row: MatchRow, seq: int, version: str) -> Page:
        moment = await self.status.moment(row)
        board = await self.status.image(row, moment)
        return Page(
            version,
            engine_for(row.game).title,
            html(moment.text),
            row.deadline if row.status == "running" and not row.paused else None,
            row.status != "running",
            None if board is None else board.png,
            "" if board is None else board.alt,
            await self._events(row, seq),
        )

    async def _events(self, row: MatchRow, seq: int) -> list[Told]:
        """The public events delivered up to `seq`, newest first, worded as the channel
        read them (with the game's presentation made from the public views around each
        move, as the presenter adds it)."""
        texts = plugin_for(row.game).texts
        names = names_of(await self.service.players(row.id))
        entries = await self.storage.delivered_events(row.id, seq)
        if texts.wants_views:
            entries = await self._presented(row, entries)
        told = [
            Told(number, when(at), text)
            for number, at, events in entries
            for text in public_texts(texts, events, names)
        ]
        told.reverse()
        return told

    async def _presented(
        self, row: MatchRow, entries: list[tuple[int, float, list[dict[str, Any]]]]
    ) -> list[tuple[int, float, list[dict[str, Any]]]]:
        """The entries with the game's own presentation added (`GameTexts.add_events`),
        from the public views before and after each move, the record replayed once."""
        return [(step.seq, step.at, step.events) for step in await self.walk(row, entries, True)]

    async def walk(
        self,
        row: MatchRow,
        entries: list[tuple[int, float, list[dict[str, Any]]]],
        presented: bool,
    ) -> list[Walked]:
        """The delivered log `entries` (`Storage.delivered_events`), each with the public
        view and the turn after it, the record replayed once up to the last of them; with
        `presented`, their events with the game's own presentation added
        (`GameTexts.add_events`, from the public views before and after each move). A move
        the channel has not been told of (not delivered) is replayed, and shown in none."""
        texts = plugin_for(row.game).texts
        engine = engine_for(row.game)
        last = entries[-1][0] if entries else 0
        moves = {move[0]: move for move in await self.service.logged(row) if move[0] <= last}
        state = (await self.service.replay(row, [])).state
        before = engine.view(state, None)
        told = {number: (at, events) for number, at, events in entries}
        walked = []
        for number in sorted(told.keys() | moves.keys()):
            if number in moves:
                await self.service.replay(row, [moves[number]], state)
            after = engine.view(state, None)
            if number in told:
                at, events = told[number]
                if presented:
                    events = texts.add_events(before, events, after)
                finished = engine.is_finished(state)
                turn = None if finished else engine.turn(state)
                walked.append(Walked(number, at, events, after, turn))
            before = after
        return walked


@dataclass(frozen=True, slots=True)
class Walked:
    """A delivered log entry of a match replayed: its seq, when, its events, and the public
    view and the turn after it (None once the match is over)."""

    seq: int
    at: float
    events: list[dict[str, Any]]
    view: Any
    turn: Turn | None


def public_texts(texts: GameTexts, events: list[dict[str, Any]], names: Names) -> list[Markup]:
    """The words of `events` the channel reads (their public ones), as HTML."""
    told = []
    for data in events:
        if Event.from_json(data).audience.kind == "public":
            text = texts.describe(data, names)
            if text:
                told.append(html(text))
    return told


def _version(row: MatchRow, seq: int) -> str:
    """What tells one page from the next: the last move the channel has seen, and the
    match's clock and status, which change without a move."""
    facts = f"{row.id}/{seq}/{row.status}/{row.deadline}/{row.paused_remaining}"
    return hashlib.blake2b(facts.encode(), digest_size=12).hexdigest()
