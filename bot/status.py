"""The live status message: one message per match in its public channel (its thread when it
plays in one), posted when the match starts and edited as it moves. It shows the phase, its
deadline, who the phase still waits for (names only: `Engine.turn`) and the game's own public
status (`GameTexts.status`); once the match is over or cancelled, it says so, loses any
controls and stops changing. `/match status` answers privately with the same text.

Its words and its image come from one moment: one public view of the match, read once
(`moment`), gives the status words and the image drawn from that view (`GameTexts.
status_board`), alt text included, so the image never shows an older step than the words.
A turn-based game's live board (`GameTexts.live_board_events`) is shown here instead of being
posted each turn: this message is then the match's one board message, headed by the latest
move's public texts, with that image and the controls of whoever may act now
(`show_board`). The image is drawn again at each edit, and sent when it changed. Other
games' status messages carry no image (their boards are posted once, as they come);
`/match status` shows the image of the moment in every game that draws one.

Edits are coalesced: a match has at most one edit in flight, and every change that comes in
meanwhile is folded into one more edit, made from the match as it is then (the latest state
wins). Twelve bids within a second make two edits, not twelve. discord.py paces the edits to
Discord's rate limits (it waits out a limit before it sends), and while it waits the changes
pile up into the next edit. An edit that would change nothing is not sent.

The message's id is stored with the match, so after a restart (and in every process) the bot
edits the same message; when that message is gone (deleted), the next change posts a new one,
with the controls of the decision open now. The latest move's texts and the controls are
kept in memory only: after a restart the message keeps the controls it has until the next
move.

A turn-based game's board stays in reach: every message the bot posts below it in its channel
adds to its drift (`drift_of`: a message 1, one with a picture `REACH`, since a picture fills
a screen), stored with the match (`matches.status_drift`, written with each delivery), and a
move that finds it drifted `REACH` or more (`keep_in_reach`) posts it anew at the bottom, with
the news, the picture and the controls of that moment, before the move's notice that links
to it, or carrying the notice's call to act in its place (`call`); the old one is deleted, so
that the channel holds one board. What
members write in the channel is not counted: the bot does not receive the channel's messages
(it asks Discord for no message intent). A board is posted anew only while a match's events
are delivered, which one process does at a time: processes read its id from the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot import boards
from bot.games.registry import plugin_for
from bot.i18n import _, server_speaks, speaking
from bot.limits import MESSAGE, fit, pages
from bot.messages import Room, attachment, message, pinging, room
from bot.players import name_table
from bot.service import MatchService
from bot.storage import MatchRow, Storage
from games.core.drawing.board import Board
from games.core.drawing.words import listed
from games.registry import engine_for

log = logging.getLogger(__name__)

#: How far a turn-based game's board may drift up its channel: once the bot's messages below
#: it weigh this much, the next move posts it anew at the bottom (`LiveStatus.keep_in_reach`).
REACH = 3


def drift_of(picture: bool) -> int:
    """What a message posted below the board adds to its drift: 1, and `REACH` with a picture
    (a round's result, a settled auction): the board is out of sight above it."""
    return REACH if picture else 1


def clock(row: MatchRow, then: str | None = None) -> str:
    """The phase's clock as people read it: its deadline as a Discord relative time (and,
    given `then`, what happens when it passes), that the host paused it, or that it has none
    (a phase on no clock, or on one without a length: the game's `untimed` sentence).
    Nothing once the match is over."""
    if row.status != "running":
        return ""
    if row.paused:
        return _("⏸️ Paused by the host: the clock is stopped until the match resumes.")
    if row.deadline:
        closes = _("⏳ The phase closes {when}.").format(when=f"<t:{int(row.deadline)}:R>")
        return closes + (" " + _("Then: {then}").format(then=then) if then else "")
    return _(plugin_for(row.game).texts.untimed)


@dataclass(frozen=True)
class Moment:
    """A started match's public status at one moment: its words, and the public view they
    were made from (None for a cancelled match: nothing to draw)."""

    text: str
    view: dict[str, Any] | None


def _digest(board: Board | None) -> bytes:
    """What tells one image from another: a digest of its PNG and its alt text."""
    if board is None:
        return b""
    return hashlib.blake2b(board.png + board.alt.encode(), digest_size=16).digest()


class LiveStatus:
    def __init__(
        self,
        client: discord.Client,
        storage: Storage,
        service: MatchService,
        controls: Callable[[MatchRow], Awaitable[discord.ui.View | None]],
    ) -> None:
        self.client = client
        self.storage = storage
        self.service = service
        #: The controls of the decision open now, for a board posted anew with no controls
        #: chosen for it (`Presenter.live_controls`).
        self._controls_now = controls
        #: Held while a match's message is edited or posted anew: never both at once.
        self._updating: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        #: The channel of each running turn-based match's board (channel id: match id), and
        #: the drift of the messages posted there that no delivery has stored yet.
        self._boards: dict[int, int] = {}
        self._drift: Counter[int] = Counter()
        #: Matches whose message should be brought up to date.
        self._wanted: set[int] = set()
        #: The task editing each match's message, while it runs.
        self._workers: dict[int, asyncio.Task[None]] = {}
        #: The text each message shows, as last sent, its image's digest (`_digest`), and
        #: each message's id.
        self._shown: dict[int, str] = {}
        self._images: dict[int, bytes] = {}
        self._ids: dict[int, int] = {}
        #: The public texts of the move that showed the live board, heading the message.
        self._news: dict[int, str] = {}
        #: The controls the message is to get at its next edit (None: none).
        self._controls: dict[int, discord.ui.View | None] = {}
        #: The call to act a board carries when it came down to call members (`call`): its
        #: words, below the news, and the members it pings; until the next move's news.
        self._calls: dict[int, tuple[str, tuple[int, ...]]] = {}
        #: The address of a match's web page when it opens (`MatchPages.link`), when the
        #: bot serves pages (`WEB_PORT`): the message links to it.
        self.web_link: Callable[[MatchRow], Awaitable[str | None]] | None = None

    async def moment(self, row: MatchRow) -> Moment:
        """The status of a started match as everyone may read it, and the public view it was
        made from: the phase's title, its clock and what its deadline does, who it waits
        for, and the game's own status; at the end, that the match is over, with the game's
        result line."""
        title = engine_for(row.game).title
        if row.status == "cancelled":
            return Moment(_("**{game}** — the host cancelled this match.").format(game=title), None)
        texts = plugin_for(row.game).texts
        names = await self.service.names(row.id)
        view = await self.service.view(row, None)
        own = texts.status(view, names)
        if row.status == "ended":
            over = _("🏁 **{game}** — the match is over.").format(game=title)
            return Moment(fit(f"{over}\n{own}"), view)
        # The turn of the state the view was read from: the one the service remembers (it
        # worked the turn out once for it). A move committed in between refreshes the
        # message once more, from the state it left.
        turn = await self.service.turn(row)
        phase = turn.phase
        then = texts.engine_text(phase.on_deadline, names)
        waiting = listed([names(p) for p in turn.must]) or _("nobody")
        text = "\n".join(
            [
                f"**{title}** — {texts.engine_text(phase.title, names)}",
                clock(row, then),
                _("Waiting for: {players}.").format(players=waiting),
                own,
            ]
        )
        return Moment(fit(text), view)

    async def text(self, row: MatchRow) -> str:
        """The status words of a started match now (`moment`)."""
        return (await self.moment(row)).text

    async def image(self, row: MatchRow, moment: Moment) -> Board | None:
        """The image of the status at `moment`, drawn from its public view by the game
        (`GameTexts.status_board`) in a render worker; None when the game draws none, or
        when drawing it failed (logged: the status goes without it)."""
        if moment.view is None:
            return None
        table = name_table(await self.service.players(row.id))
        return await boards.or_none(
            boards.status_board(plugin_for(row.game).texts, moment.view, table),
            f"the status image of match {row.id}",
        )

    def show_board(
        self, match_id: int, news: str, controls: discord.ui.View | bool | None = True
    ) -> None:
        """A turn-based game's live board: the public texts of the move that brought it and
        the controls of whoever may act now (None: none, the old ones go; True: the ones
        shown stay), on the message from its next edit, with the image of that moment."""
        self._news[match_id] = news
        self._calls.pop(match_id, None)
        if controls is not True:
            self._controls[match_id] = controls if isinstance(controls, discord.ui.View) else None

    async def message_id(self, row: MatchRow) -> int | None:
        """The match's status message, once posted: as this process last posted or found it,
        or as stored (always for a turn-based game's board on a shared database: another
        process may have posted it anew)."""
        known = self._ids.get(row.id)
        moves = self.storage.shared and bool(plugin_for(row.game).texts.live_board_events)
        if known is None or moves:
            return await self.storage.status_message(row.id)
        return known

    async def link(self, row: MatchRow) -> str | None:
        """The address of the match's status message, once posted."""
        message_id = await self.message_id(row)
        return None if message_id is None else _address(row, message_id)

    def track(self, row: MatchRow) -> None:
        """Count the drift of the messages posted in the channel of a running turn-based
        match's board (`posted`), from now on."""
        if row.status == "running" and plugin_for(row.game).texts.live_board_events:
            self._boards[row.public_channel_id] = row.id

    def posted(self, channel_id: int, *, picture: bool) -> None:
        """The bot posted a message in `channel_id`: below a board there, it adds to its
        drift (`drift_of`)."""
        match_id = self._boards.get(channel_id)
        if match_id is not None:
            self._drift[match_id] += drift_of(picture)

    def take_drift(self, match_id: int) -> int:
        """The drift of the messages posted below the match's board that is not stored yet,
        for the delivery to store (`Storage.delivered`)."""
        return self._drift.pop(match_id, 0)

    async def keep_in_reach(self, row: MatchRow) -> None:
        """A running turn-based match's board, posted anew at the bottom of its channel now
        when it has drifted `REACH` or more up it (the stored drift and what this process
        posted since), or was never posted: before the notice that links to it. The old one
        is deleted (`_drop`)."""
        if await self.drifted(row):
            await self._anew(row)

    async def drifted(self, row: MatchRow) -> bool:
        """Whether a running turn-based match's board is to come down (`keep_in_reach`)."""
        if row.status != "running" or not plugin_for(row.game).texts.live_board_events:
            return False
        self.track(row)
        message_id, stored = await self.storage.status_board(row.id)
        return message_id is None or stored + self._drift[row.id] >= REACH

    async def call(self, row: MatchRow, call: str, members: tuple[int, ...]) -> bool:
        """A board that has drifted (`drifted`) comes down now carrying `call`, the words
        that call `members` to act, below its news: its post pings them and nobody else, in
        place of a notice of its own below it. The call stays on the board until the next
        move's news. Whether it came down so (not when posting it failed: the caller posts
        the notice)."""
        self._calls[row.id] = (call, members)
        if await self._anew(row):
            return True
        self._calls.pop(row.id, None)
        return False

    async def _anew(self, row: MatchRow) -> bool:
        """Post the board anew at the bottom of its channel; whether it was."""
        try:
            return await self._update(row.id, anew=True)
        except discord.HTTPException:
            # The notice goes out all the same, to the board where it is, which is
            # edited as usual; the next move tries again.
            log.exception("could not post the board of match %s anew", row.id)
            self.refresh(row.id)
            return False

    async def web_line(self, row: MatchRow) -> str:
        """The line linking to the match's web page (`bot.web`), when it has one open."""
        link = None if self.web_link is None else await self.web_link(row)
        return (
            ""
            if link is None
            else "\n" + _("🌐 Watch it on the web: {link}").format(link=f"<{link}>")
        )

    def refresh(self, match_id: int) -> None:
        """Bring the match's status message up to date, soon: in a task of its own, which
        takes every change made while it edits into one more edit."""
        self._wanted.add(match_id)
        if match_id not in self._workers:
            self._workers[match_id] = asyncio.get_running_loop().create_task(
                self._work(match_id), name=f"dealer-status-{match_id}"
            )

    async def _work(self, match_id: int) -> None:
        try:
            while match_id in self._wanted:
                self._wanted.discard(match_id)
                try:
                    await self._update(match_id)
                except Exception:
                    log.exception("could not update the status message of match %s", match_id)
        finally:
            self._workers.pop(match_id, None)

    async def stop(self) -> None:
        """Stop the edits in flight (the bot is closing)."""
        self._wanted.clear()
        for task in list(self._workers.values()):
            task.cancel()
        await asyncio.gather(*self._workers.values(), return_exceptions=True)

    async def _update(self, match_id: int, *, anew: bool = False) -> bool:
        """Bring the match's message up to date: edit it, or (`anew`, or when it is gone)
        post it at the bottom of its channel; whether it was posted."""
        async with self._updating[match_id]:
            return await self._bring_up_to_date(match_id, anew)

    async def _bring_up_to_date(self, match_id: int, anew: bool) -> bool:
        row = await self.service.row(match_id)
        if row is None or not row.started:
            return False
        # The message is the channel's: in the server's language, whoever's move asked for it.
        with speaking(await server_speaks(self.storage, self.client, row.guild_id)):
            return await self._bring_row_up_to_date(row, match_id, anew)

    async def _bring_row_up_to_date(self, row: MatchRow, match_id: int, anew: bool) -> bool:
        """Edit the message, or post it (`_update`); whether it was posted."""
        self.track(row)
        channel = await room(self.client, row.public_channel_id)
        if channel is None:
            log.warning("the channel of match %s is gone; its status is not shown", match_id)
            return False
        news = self._news.get(match_id)
        call, called = self._calls.get(match_id, ("", ()))
        moment = await self.moment(row)
        # Where the move's texts and the status do not fit together, the move's are cut, at
        # the end of a line (a sentence is not cut in the middle, in a language that runs
        # longer than English either): the status words, which the image goes with, and a
        # call to act always show.
        space = MESSAGE - len(moment.text) - 2 - (len(call) + 1 if call else 0)
        shown = ""
        if news and space > 3:
            kept = pages(news.split("\n"), limit=space - 2)
            shown = kept[0] + ("\n…" if len(kept) > 1 else "")
        head = "\n".join(filter(None, [shown, call]))
        text = f"{head}\n\n{moment.text}" if head else moment.text
        text = fit(text + await self.web_line(row))
        live = bool(plugin_for(row.game).texts.live_board_events)
        board = await self.image(row, moment) if live else None
        drawn = _digest(board)
        message_id = await self.message_id(row)
        ending = row.status != "running"
        unchanged = (
            self._shown.get(match_id) == text
            and self._images.get(match_id) == drawn
            and match_id not in self._controls
        )
        if message_id is not None and unchanged and not anew:
            return False
        # An edit pings nobody anew; the members a call pinged keep its mention.
        changes: dict[str, Any] = {"content": text, "allowed_mentions": pinging(called)}
        if live and self._images.get(match_id) != drawn:
            changes["attachments"] = [attachment(board)] if board is not None else []
        chosen = match_id in self._controls
        if chosen or ending:
            changes["view"] = None if ending else self._controls.get(match_id)
        controls = self._controls.pop(match_id, None)
        posted = None
        try:
            if (
                message_id is not None
                and not anew
                and not await self._edit(channel, message_id, changes)
            ):
                message_id = None
            if message_id is None or anew:
                if not chosen and not ending:
                    controls = await self._controls_now(row)
                posted = await channel.send(
                    **message(text, controls, board), allowed_mentions=pinging(called)
                )
                await self.storage.set_status_message(match_id, posted.id)
                self._drift.pop(match_id, None)
                if message_id is not None:
                    await self._drop(channel, message_id)
                message_id = posted.id
        except BaseException:
            if chosen and not ending:
                self._controls.setdefault(match_id, controls)
            raise
        self._ids[match_id] = message_id
        self._shown[match_id] = text
        self._images[match_id] = drawn
        if row.status != "running":
            # Its last edit: the message no longer changes.
            self._shown.pop(match_id, None)
            self._images.pop(match_id, None)
            self._ids.pop(match_id, None)
            self._news.pop(match_id, None)
            self._calls.pop(match_id, None)
            self._boards.pop(row.public_channel_id, None)
            self._drift.pop(match_id, None)
        return posted is not None

    @staticmethod
    async def _drop(channel: Room, message_id: int) -> None:
        """The board left behind by one posted anew: deleted, so that the channel holds one
        board and nothing above the new one looks current or usable."""
        with contextlib.suppress(discord.NotFound):
            await channel.get_partial_message(message_id).delete()

    @staticmethod
    async def _edit(channel: Room, message_id: int, changes: dict[str, Any]) -> bool:
        """Edit the message in place (its text, and a new image or controls if there are);
        False when the message is gone."""
        try:
            await channel.get_partial_message(message_id).edit(**changes)
        except discord.NotFound:
            return False
        return True


def _address(row: MatchRow, message_id: int) -> str:
    """The address of a message in the match's public channel (a jump link)."""
    return f"https://discord.com/channels/{row.guild_id}/{row.public_channel_id}/{message_id}"
