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

The message's id is stored with the match, so after a restart the bot edits the same message;
when that message is gone (deleted), the next change posts a new one. The latest move's
texts and the controls are kept in memory only: after a restart the message keeps the
controls it has until the next move.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot import boards
from bot.games.registry import plugin_for
from bot.limits import MESSAGE, fit
from bot.messages import Room, attachment, message, room
from bot.players import name_table
from bot.service import MatchService
from bot.storage import MatchRow, Storage
from games.core.drawing.board import Board
from games.core.drawing.words import join
from games.registry import engine_for

log = logging.getLogger(__name__)


def clock(row: MatchRow, then: str | None = None) -> str:
    """The phase's clock as people read it: its deadline as a Discord relative time (and,
    given `then`, what happens when it passes), that the host paused it, or that it has none
    (a phase on no clock, or on one without a length: the game's `untimed` sentence).
    Nothing once the match is over."""
    if row.status != "running":
        return ""
    if row.paused:
        return "⏸️ Paused by the host: the clock is stopped until the match resumes."
    if row.deadline:
        after = f" Then: {then}" if then else ""
        return f"⏳ The phase closes <t:{int(row.deadline)}:R>.{after}"
    return plugin_for(row.game).texts.untimed


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
    def __init__(self, client: discord.Client, storage: Storage, service: MatchService) -> None:
        self.client = client
        self.storage = storage
        self.service = service
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
            return Moment(f"**{title}** — the host cancelled this match.", None)
        texts = plugin_for(row.game).texts
        names = await self.service.names(row.id)
        view = await self.service.view(row, None)
        own = texts.status(view, names)
        if row.status == "ended":
            return Moment(fit(f"🏁 **{title}** — the match is over.\n{own}"), view)
        # The turn of the state the view was read from: the one the service remembers (it
        # worked the turn out once for it). A move committed in between refreshes the
        # message once more, from the state it left.
        turn = await self.service.turn(row)
        phase = turn.phase
        then = texts.engine_text(phase.on_deadline, names)
        waiting = join([names(p) for p in turn.must]) or "nobody"
        text = "\n".join(
            [
                f"**{title}** — {texts.engine_text(phase.title, names)}",
                clock(row, then),
                f"Waiting for: {waiting}.",
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
        if controls is not True:
            self._controls[match_id] = controls if isinstance(controls, discord.ui.View) else None

    async def message_id(self, match_id: int) -> int | None:
        known = self._ids.get(match_id)
        return known if known is not None else await self.storage.status_message(match_id)

    async def link(self, row: MatchRow) -> str | None:
        """The address of the match's status message, once posted."""
        message_id = await self.message_id(row.id)
        if message_id is None:
            return None
        return f"https://discord.com/channels/{row.guild_id}/{row.public_channel_id}/{message_id}"

    async def web_line(self, row: MatchRow) -> str:
        """The line linking to the match's web page (`bot.web`), when it has one open."""
        link = None if self.web_link is None else await self.web_link(row)
        return "" if link is None else f"\n🌐 Watch it on the web: <{link}>"

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

    async def _update(self, match_id: int) -> None:
        row = await self.service.row(match_id)
        if row is None or not row.started:
            return
        channel = await room(self.client, row.public_channel_id)
        if channel is None:
            log.warning("the channel of match %s is gone; its status is not shown", match_id)
            return
        news = self._news.get(match_id)
        moment = await self.moment(row)
        # Where the move's texts and the status do not fit together, the move's are cut: the
        # status words, which the image goes with, always show.
        space = MESSAGE - len(moment.text) - 2
        text = f"{fit(news, space)}\n\n{moment.text}" if news and space > 1 else moment.text
        text = fit(text + await self.web_line(row))
        live = bool(plugin_for(row.game).texts.live_board_events)
        board = await self.image(row, moment) if live else None
        drawn = _digest(board)
        message_id = await self.message_id(match_id)
        ending = row.status != "running"
        unchanged = (
            self._shown.get(match_id) == text
            and self._images.get(match_id) == drawn
            and match_id not in self._controls
        )
        if message_id is not None and unchanged:
            return
        changes: dict[str, Any] = {"content": text}
        if live and self._images.get(match_id) != drawn:
            changes["attachments"] = [attachment(board)] if board is not None else []
        if match_id in self._controls or ending:
            changes["view"] = None if ending else self._controls.get(match_id)
        controls = self._controls.pop(match_id, None)
        try:
            if message_id is not None and not await self._edit(channel, message_id, changes):
                message_id = None
            if message_id is None:
                posted = await channel.send(**message(text, controls, board))
                message_id = posted.id
                await self.storage.set_status_message(match_id, message_id)
        except BaseException:
            if "view" in changes and not ending:
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

    @staticmethod
    async def _edit(channel: Room, message_id: int, changes: dict[str, Any]) -> bool:
        """Edit the message in place (its text, and a new image or controls if there are);
        False when the message is gone."""
        try:
            await channel.get_partial_message(message_id).edit(**changes)
        except discord.NotFound:
            return False
        return True
