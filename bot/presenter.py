"""The presenter: delivers a match's committed events to Discord, routed by audience only.

public -> the match's public channel (its thread when it plays in one); players -> each
player's DM (their 1-on-1); location -> a private thread per location and round holding just
its players (or each player's DM where threads cannot be made); host -> the host's DM;
internal -> nobody. Events stay marked undelivered in the log until posted, so a crash between
the commit and the messages loses nothing (after a crash, the last few messages may be posted
twice rather than never). A move is delivered from what was stored, never from the match
replayed from its setup: its events and wait, and, for a game that presents its moves with
the public views around them, those views (`_views_around`). After each delivery the match's
live status message is brought up to date (`bot.status`); when a move closes a phase or ends
the match, each player's 1-on-1 gets their own results (`GameTexts.results`). On a live
board, a move that calls no member to act in the channel (a computer seat's turn) and a
round's end (`GameTexts.digest_events`) are added to the channel's newest post by an edit,
not posted one by one.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import discord

from bot import boards
from bot.components import actions_view, board_view, phase_view, rematch_view
from bot.games.base import GameTexts
from bot.games.registry import PLUGINS, plugin_for
from bot.i18n import Language, _, ngettext, server_speaks, speaking
from bot.limits import MESSAGE, fit, pages
from bot.messages import attachment, message, pinging, room
from bot.players import (
    Names,
    holder,
    is_computer_user,
    name_table,
    names_of,
    player_id,
    seat_id,
    seat_of,
)
from bot.seasons import SEASON_SETTLED, settled_text
from bot.service import MatchDamaged, MatchService, Outcome, Wait, damage_words
from bot.stats import rating_line
from bot.status import LiveStatus, clock
from bot.storage import MatchRow, OutboxItem, PlayerRow, Storage
from games.core.contract import Action as GameAction
from games.core.drawing.board import Board
from games.core.engine import HOST
from games.core.events import Event
from games.core.views import GameView

log = logging.getLogger(__name__)

DM_CLOSED = 50007


#: How a player to move whose controls are private is told where the host chose a DM, or
#: chose nothing: their 1-on-1 by DM, which carries those controls.
ONE_ON_ONE = "one-on-one"


def on_board(link: str | None) -> str:
    """The end of a notice that leads to a turn-based game's board: a link to it, one click
    from its controls (nothing before it is posted)."""
    return ", " + _("[on the board]({link})").format(link=link) if link else ""


def notify(row: MatchRow, *, private: bool) -> str:
    """How the player to move on a turn-based game's board is told in this match: `mention`
    or `dm` (`NOTIFY`), as the host chose (`/match notify`); `ONE_ON_ONE` where their controls
    are `private` (a hand, a budget: none on the board) and the host chose a DM, or nothing.
    By default a mention where the board carries the controls."""
    if private and row.notify != "mention":
        return ONE_ON_ONE
    return row.notify or "mention"


class OneOnOne(NamedTuple):
    """A player's 1-on-1 (`Presenter.one_on_one`)."""

    text: str
    #: Its controls; None: the member is not playing.
    controls: discord.ui.View | None
    #: The player's view its words were made from, for its card (`Presenter.card`); None:
    #: the member is not playing.
    seen: Any


class Presenter:
    def __init__(
        self,
        client: discord.Client,
        storage: Storage,
        service: MatchService,
        now: Callable[[], float],
    ) -> None:
        self.client = client
        self.storage = storage
        self.service = service
        self.now = now
        #: The live status message of each match.
        self.status = LiveStatus(client, storage, service, self.live_controls)
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        #: Each member's DM channel id, as stored (`Storage.dm_channel`).
        self._dm_channels: dict[int, int] = {}
        #: Each match's newest post in its channel, by this process; the public texts of
        #: moves that call nobody there are added to it (`_log`).
        self._newest: dict[int, _Newest] = {}
        #: The newest message this process posted in each channel (`channel_send`): a post
        #: is the newest no longer once another is posted below it.
        self._last: dict[int, int] = {}

    async def present(self, outcome: Outcome) -> None:
        """Deliver a move just committed (after whatever of the match is still undelivered)."""
        await self.flush(outcome.match_id)

    async def flush(self, match_id: int | None = None) -> None:
        """Deliver every undelivered event (of one match, or of all after a restart). Match
        by match: one whose delivery fails (its record damaged: set aside, its host told) is
        logged and left, and the others go on. A match's events are read under its locks
        (this process's, and the database's across processes): another flush may have just
        delivered them."""
        mids = await self.storage.undelivered_matches() if match_id is None else [match_id]
        for mid in mids:
            try:
                await self._flush_in_language(mid)
            except MatchDamaged:
                pass  # set aside, in one line of the log
            except Exception:
                log.exception("the events of match %s could not be delivered", mid)

    async def _flush_in_language(self, mid: int) -> None:
        """Deliver a match's undelivered events in its server's language (what a delivery
        says goes to its channels, and to DMs of members who did not ask)."""
        row = await self.service.row(mid)
        with speaking(await self.speaks(row)):
            await self._flush(mid)

    async def speaks(self, row: MatchRow | None) -> Language:
        """The language of the match's server (English for a match there is none of)."""
        return await server_speaks(self.storage, self.client, row.guild_id if row else None)

    async def _flush(self, mid: int) -> None:
        """Deliver a match's undelivered events."""
        # One process at a time delivers a match's events (on a shared database the others
        # wait), so no message is posted twice.
        async with self._locks[mid], self.storage.delivering(mid):
            pending = await self.storage.pending_events(mid)
            row = await self.service.row(mid) if pending else None
            if row is None:
                return
            await self.service.undamaged(row)
            self.status.track(row)
            players = await self.service.players(mid)
            texts = plugin_for(row.game).texts
            combine = texts.combine_messages
            views = await self._views_around(row, texts, pending) if texts.wants_views else None
            for index, item in enumerate(pending):
                wait = await self._wait(row, item)
                events = await self._presented(row, item, wait, views[index] if views else None)
                mail = _Mail(item.actor, await self._results(row, players, events, wait), wait)
                mail.ending = self._ending(row, players, events, wait)
                mail.ratings = await self._ratings(row, players, wait)
                if combine:
                    try:
                        await self._deliver_combined(row, players, events, mail)
                    except discord.HTTPException:
                        log.exception("could not deliver a move of match %s", mid)
                else:
                    for event in events:
                        try:
                            await self._deliver(row, players, event, mail)
                        except discord.HTTPException:
                            log.exception("could not deliver an event of match %s", mid)
                    try:
                        await self._say_rest(row, mail)
                    except discord.HTTPException:
                        log.exception("could not deliver a move of match %s", mid)
                try:
                    await self._send_mail(row, players, mail)
                except discord.HTTPException:
                    log.exception("could not deliver the DMs of match %s", mid)
            # The view after the last of them is the view before the next move: kept for its
            # delivery, so that no move need store it (`MatchService.viewed`).
            last = views[-1][1] if views else None
            kept = None if last is None else (pending[-1].seq, last.model_dump_json())
            await self.storage.delivered(
                mid, [item.seq for item in pending], self.status.take_drift(mid), kept
            )
            if last is not None:
                self.service.viewed(mid, pending[-1].seq, last)
        self.status.refresh(mid)

    async def _wait(self, row: MatchRow, item: OutboxItem) -> Wait:
        """What a committed move did to the match's wait, as stored with it; worked out from
        the record for a move stored before the bot kept it."""
        if item.wait is not None:
            return Wait.from_json(item.wait)
        return await self.service.wait_of(row, item.seq)

    async def _views_around(
        self, row: MatchRow, texts: GameTexts, pending: list[OutboxItem]
    ) -> list[tuple[Any, Any]]:
        """The public views before and after each undelivered move of a game that presents
        its moves with them (`GameTexts.public_view`), from what is stored, never from the
        match replayed from its setup: before the first, the view kept by the last delivery
        (`Storage.delivered_view`; as it was built, where this process's delivery kept it:
        `MatchService.kept_view`) or the one its move stored (`OutboxItem.view_before`);
        after each, the view the next move stored, and after the last, the view its move left
        (`MatchService.view_after`). Only entries stored by a version that kept no views have
        theirs rebuilt from the record (`MatchService.views_around`)."""
        model = texts.public_view
        assert model is not None
        first = pending[0]
        kept = (
            None
            if first.view_before or not first.seq
            else await self.storage.delivered_view(row.id)
        )
        if first.view_before is not None:
            before = model.model_validate_json(first.view_before)
        elif first.seq == 0:
            before = None  # the setup's entry: the view after it, as the match was dealt
        elif kept is not None and kept[0] < first.seq:
            before = self.service.kept_view(row.id, kept[0])
            if before is None:
                before = model.model_validate_json(kept[1])
        else:
            before = (await self.service.views_around(row, first.seq))[0]
        around: list[tuple[Any, Any]] = []
        for index, item in enumerate(pending):
            following = pending[index + 1] if index + 1 < len(pending) else None
            if following is None:
                after = await self._view_after(row, model, item.seq)
            elif following.view_before is not None:
                after = model.model_validate_json(following.view_before)
            else:
                after = (await self.service.views_around(row, item.seq))[1]
            around.append((after if item.seq == 0 else before, after))
            before = after
        return around

    async def _view_after(self, row: MatchRow, model: type[GameView], seq: int) -> Any:
        """The public view after log entry `seq`, the last undelivered: the one its move left,
        or, where a move was stored since (by another process, or during this delivery), the
        view that move stored before it."""
        view = await self.service.view_after(row, seq)
        if view is not None:
            return view
        stored = await self.storage.view_before_next(row.id, seq)
        if stored is not None:
            return model.model_validate_json(stored)
        return (await self.service.views_around(row, seq))[1]

    async def _presented(
        self, row: MatchRow, item: OutboxItem, wait: Wait, views: tuple[Any, Any] | None
    ) -> list[Event]:
        """A committed move's events as they are shown: with the game's own presentation
        around them (made from the public `views` before and after the move, for a game that
        presents them), and the season's announcement after the move that ended a season
        match."""
        texts = plugin_for(row.game).texts
        stored = item.events
        if stored is None:
            stored = await self.service.events_of(row, item.seq)
        if views is not None:
            stored = texts.add_events(views[0], stored, views[1])
        events = [Event.from_json(event) for event in stored]
        if (
            wait.ended
            and row.season_id is not None
            and all(e.type != SEASON_SETTLED for e in events)
        ):
            announcement = await self.service.seasons.announcement(row)
            events += [announcement] if announcement is not None else []
        return events

    async def _deliver(
        self,
        row: MatchRow,
        players: list[PlayerRow],
        event: Event,
        mail: _Mail,
    ) -> None:
        ui = plugin_for(row.game).texts
        names = names_of(players)
        text = mail.with_ratings(event, ui.describe(event.to_json(), names))
        audience = event.audience
        if text is not None and mail.announcing(event, ui.announces):
            opening = f"{text}{await self._deadline(row)}"
            await self._say(row, mail, opening, view=phase_view(row.id))
            return
        if event.type == SEASON_SETTLED:
            await self._say(row, mail, settled_text(event.to_json(), names))
            return
        if text is not None:
            board = await boards.or_none(
                boards.board(plugin_for(row.game).texts, event.to_json(), name_table(players)),
                f"the board of {event.type} in match {row.id}",
            )
            if audience.kind == "public" and board is None and event is not mail.ending:
                mail.said.append(text)
            elif audience.kind == "public":
                view = rematch_view(row.id) if event is mail.ending else None
                await self._say(row, mail, text, view=view, board=board)
            elif audience.kind == "players":
                for pid in audience.players:
                    told = ui.describe_to(event, pid, names)
                    if told is not None:
                        mail.add(pid, told, board)
            elif audience.kind == "location":
                await self._to_location(row, event, text, board, mail)
            elif audience.kind == "host":
                await self.dm(row, row.host_id, text, board=board)
        if event.type in ui.phase_closing_events and row.spectator_channel_id:
            await self._tell_spectators(row, row.spectator_channel_id, names)

    async def tell_set_aside(self, row: MatchRow, what: str) -> None:
        """Tell a match's host, by DM, that the match was set aside (`MatchService.set_aside`)."""
        title = PLUGINS[row.game].title if row.game in PLUGINS else f"“{row.game}”"
        text = _(
            "Your {game} match #{match} in {channel} is set aside: {what} in its stored "
            "record cannot be read, so it cannot go on. `/match log` there gives what "
            "remains of its record, and `/match cancel` ends it."
        ).format(game=title, match=row.id, channel=f"<#{row.channel_id}>", what=damage_words(what))
        try:
            await self.dm(row, row.host_id, text)
        except discord.HTTPException:
            log.warning("could not tell the host of match %s that it was set aside", row.id)

    async def _tell_spectators(self, row: MatchRow, channel_id: int, names: Names) -> None:
        """The spectators' channel gets the full picture of what has closed (`GameTexts.audit`)."""
        audit = plugin_for(row.game).texts.audit(await self.service.host_picture(row), names)
        await self.channel_send(channel_id, audit)

    async def _say(
        self,
        row: MatchRow,
        mail: _Mail,
        text: str,
        *,
        view: discord.ui.View | None = None,
        board: Board | None = None,
    ) -> None:
        """A public message of a move, after the move's public texts not sent yet (one
        message where they fit: a phase's close and the next phase's opening together)."""
        chunks = pages([*mail.said, text]) if text else pages(mail.said)
        mail.said.clear()
        for chunk in chunks[:-1]:
            await self.channel_send(row.public_channel_id, chunk)
        if chunks:
            await self.channel_send(row.public_channel_id, chunks[-1], view=view, board=board)

    async def _say_rest(self, row: MatchRow, mail: _Mail) -> None:
        """The move's public texts not sent yet; when it began a new wait its game's texts
        did not announce, the phase's title and deadline with the My 1-on-1 button."""
        if not mail.announcing(None, frozenset()):
            await self._say(row, mail, "")
            return
        await self._say(row, mail, await self._opening(row, mail.wait), view=phase_view(row.id))

    async def _opening(self, row: MatchRow, wait: Wait) -> str:
        """A new wait in words where the game's texts have none: the phase's title, and its
        deadline."""
        names = await self.service.names(row.id)
        title = plugin_for(row.game).texts.engine_text(wait.began[-1].title, names)
        return f"**{title}**{await self._deadline(row)}"

    async def _deadline(self, row: MatchRow) -> str:
        """The deadline of the phase now open, as the match's row says it now (the service
        remembers it until a write changes it, as for `_clock`)."""
        fresh = await self.service.row(row.id)
        if fresh is None or not fresh.deadline:
            return ""
        return "\n" + _("Closes {when}.").format(when=f"<t:{int(fresh.deadline)}:R>")

    async def _send_mail(self, row: MatchRow, players: list[PlayerRow], mail: _Mail) -> None:
        """One DM per player for a move, at most: what it told them privately, then their
        own results when it closed a phase, then, when it opened one and it waits for them
        or lets them act, their 1-on-1 for it (a turn that opens for one player is news to
        them alone); at the match's end, their results come with their final card. The
        actor's own receipts are left out unless the move closed a phase: the reply to the
        move showed them."""
        acting = set(mail.wait.must) | set(mail.wait.may) if mail.opened else set()
        for player in players:
            if is_computer_user(player.user_id):
                continue
            pid = seat_id(player)
            echo = pid == mail.actor and not mail.results
            news = [] if echo else mail.lines.get(pid, [])
            result = mail.results.get(player.user_id)
            lead = "\n\n".join(filter(None, ["\n".join(news), result]))
            board = mail.boards.get(pid)
            if pid in mail.by_dm and not lead:
                if not await self._turn_dm(row, player.user_id, mail):
                    await self._mention(row, (pid,), [])
            elif mail.opened and (pid in acting - mail.mentioned or lead):
                if board is not None:  # their location's board: a DM of its own first
                    await self.dm_player(row, pid, lead, board=board, keep=True)
                    lead = ""
                await self.send_one_on_one(row, player.user_id, players, lead=lead or None)
            elif result is not None:
                board = board or await self.card(row, player.user_id, players)
                await self.dm_player(row, pid, lead, board=board, keep=True)
            elif lead:
                await self.dm_player(row, pid, lead, board=board, keep=True)

    @staticmethod
    def _ending(
        row: MatchRow, players: list[PlayerRow], events: list[Event], wait: Wait
    ) -> Event | None:
        """The event whose message gets the Rematch button, when the move ended the match
        (`Wait.ended`): its last public event that the game words (not the season's
        announcement after it)."""
        if not wait.ended:
            return None
        ui = plugin_for(row.game).texts
        names = names_of(players)
        worded = [
            e
            for e in events
            if e.audience.kind == "public"
            and e.type != SEASON_SETTLED
            and ui.describe(e.to_json(), names) is not None
        ]
        return worded[-1] if worded else None

    async def _ratings(self, row: MatchRow, players: list[PlayerRow], wait: Wait) -> str | None:
        """The line of each member's new rating when the move ended a rated match, read back
        from the results it wrote (the same after a restart)."""
        if not wait.ended:
            return None
        names = names_of(players)
        changes = await self.storage.rating_changes(row.id)
        return rating_line(
            changes, lambda user_id: names(seat_of(players, user_id) or player_id(user_id))
        )

    async def _results(
        self, row: MatchRow, players: list[PlayerRow], events: list[Event], wait: Wait
    ) -> dict[int, str]:
        """Each player's own results of the phase a move closed (one of the game's
        `phase_closing_events`) or of the match it ended, by user id: the game's words
        (`GameTexts.results`) from the move's events that reach the player and their own
        view, so nobody reads anything they may not see yet. Nothing for other moves."""
        ui = plugin_for(row.game).texts
        if not wait.ended and not any(e.type in ui.phase_closing_events for e in events):
            return {}
        names = names_of(players)
        results: dict[int, str] = {}
        for player in players:
            if is_computer_user(player.user_id):
                continue
            me = seat_id(player)
            seen = [e.to_json() for e in events if e.audience.reaches(me)]
            text = ui.results(seen, await self.service.view(row, me), names)
            if text:
                results[player.user_id] = text
        return results

    async def _deliver_combined(
        self,
        row: MatchRow,
        players: list[PlayerRow],
        events: list[Event],
        mail: _Mail,
    ) -> None:
        """One move's events as few messages as possible: the public texts in one channel
        message per board (the board closes its message); the private texts go into the
        move's `mail`."""
        ui = plugin_for(row.game).texts
        names = names_of(players)
        table = name_table(players)
        public = _Message()
        for event in events:
            data = event.to_json()
            text = mail.with_ratings(event, ui.describe(data, names))
            audience = event.audience
            if audience.kind == "public":
                public.rematch = public.rematch or event is mail.ending
                public.digest = public.digest or event.type in ui.digest_events
                if mail.announcing(event, ui.announces):
                    public.button = True
                    public.opened_at = len(public.lines)
                    if text:
                        public.opening = (data, await self._deadline(row))
                        text = f"{text}{public.opening[1]}"
                if text:
                    public.lines.append(text)
                if event.type in ui.board_events or event.type in ui.live_board_events:
                    if event.type in ui.board_events:
                        public.board = await boards.or_none(
                            boards.board(plugin_for(row.game).texts, data, table),
                            f"the board of {event.type} in match {row.id}",
                        )
                    if public.button and plugin_for(row.game).board_acts:
                        public.controls = await self.board_controls(row, players)
                    if event.type in ui.live_board_events:
                        await self._show_live(row, public, mail)
                    else:
                        await self._post(row, public)
                    public = _Message()
            elif text and audience.kind in ("players", "location"):
                for pid in audience.players:
                    told = ui.describe_to(data, pid, names)
                    if told is not None:
                        mail.add(pid, told, None)
            elif text and audience.kind == "host":
                await self.dm(row, row.host_id, text)
            if event.type in ui.phase_closing_events and row.spectator_channel_id:
                await self._tell_spectators(row, row.spectator_channel_id, names)
        if mail.announcing(None, frozenset()):
            public.button = True
            public.opened_at = len(public.lines)
            public.lines.append(await self._opening(row, mail.wait))
        on_board = mail.actor != HOST  # a host's action is an announcement: it is posted
        if ui.live_board_events and on_board and public.board is None and not public.rematch:
            if public.lines or public.button:
                await self._show_live(row, public, mail)
        else:
            await self._post(row, public)

    async def _post(self, row: MatchRow, content: _Message) -> None:
        """A combined channel message; text past Discord's 2,000 characters goes first in
        messages of its own. In a game with a live board, a board or a phase posted (a
        round's result, a settled auction, the end) makes the board message's texts and
        controls old: they go (a host's words alone, a kick say, leave them)."""
        if not content.lines and content.board is None:
            return
        ends_turn = content.board is not None or content.button or content.rematch
        if ends_turn and plugin_for(row.game).texts.live_board_events:
            self.status.show_board(row.id, "", None)
        chunks = pages(content.lines) or [""]
        for chunk in chunks[:-1]:
            await self.channel_send(row.public_channel_id, chunk)
        view = (
            phase_view(row.id, content.controls)
            if content.button
            else rematch_view(row.id)
            if content.rematch
            else None
        )
        posted = await self.channel_send(
            row.public_channel_id, chunks[-1], view=view, board=content.board
        )
        await self._remember(row, posted, chunks[-1])

    async def _show_live(self, row: MatchRow, content: _Message, mail: _Mail) -> None:
        """A turn-based game's live board goes on its one board message (the live status
        message, whose image is drawn from the match as it stands when it is edited), with
        the move's public texts and the controls for whoever may act now,
        in place of the old ones: no board is posted anew each turn, no old board keeps
        menus that look usable (a player's move's public texts without a board go there
        too). Once it has drifted up its channel, the board comes down before a message sends
        someone to it or a new post goes below it (`LiveStatus.keep_in_reach`), so that the
        notice links to where it is; texts that join the newest post move nothing. When a new
        wait began, whoever must act gets one notification, as the host
        chose (`notify`): a mention in the channel under the move's texts (not the phase's
        announcement: the board has it), or on the board as it comes down (`_mention`), or
        one short DM (`_turn_dm`, sent with the move's
        other DMs: `_send_mail`), never both; where their controls are private (a hand, a
        budget) and the host chose no mention, their 1-on-1 by DM, headed by the move's
        texts, which carries those controls. The player who made the move is not called
        (the reply to it shows them their turn); a move that calls nobody in the channel
        adds its texts to the newest post (`_log`), as a round's end does (`digest`)."""
        if not content.button:  # no new phase: the controls shown stay
            self.status.show_board(row.id, "\n".join(content.lines))
            await self.status.keep_in_reach(row)
            return
        view = phase_view(row.id, content.controls)
        self.status.show_board(row.id, "\n".join(content.lines), view)
        must = mail.wait.must
        how = notify(row, private=content.controls is None)
        if how in (ONE_ON_ONE, "dm"):
            if content.digest:
                await self._log(row, content.lines)
            # Their DMs lead to the board.
            await self.status.keep_in_reach(row)
        if how == ONE_ON_ONE:
            ui, names = plugin_for(row.game).texts, await self.service.names(row.id)
            for pid in must if content.lines else []:
                mail.add(pid, "\n".join(content.told_to(pid, ui, names)), None)
            return
        if how == "dm":
            mail.by_dm.update(must)
            mail.news = content.lines[: content.opened_at]
            return
        mail.mentioned.update(must)
        # Whoever made the move is not called: the reply to it shows them their turn.
        called = tuple(p for p in must if p != mail.actor)
        await self._mention(row, called, content.lines[: content.opened_at])

    async def _mention(self, row: MatchRow, players: tuple[str, ...], said: list[str]) -> None:
        """The move's texts `said` in the channel, with a mention of `players`: their turn,
        with a link to the board message, one click from its controls. The message with the
        mention pings them and nobody else, whoever the texts name. When the board has
        drifted, it comes down carrying the mention instead (`LiveStatus.call`), below the
        texts, which go into the channel's newest post (`_log`): no notice of its own. When
        it calls no member (a computer seat's turn), the texts go into the channel's newest
        post: a stretch of computer moves is one post, not one each."""
        seated = await self.service.players(row.id)
        called = [uid for p in players if (uid := holder(seated, p)) is not None]
        if not called:
            await self._log(row, said)
            return
        mentions = " ".join(f"<@{uid}>" for uid in called)
        if await self.status.drifted(row):
            await self._log(row, said, reach=False)
            said = []
            call = _("{players}: your turn{on_board}.").format(players=mentions, on_board="")
            if await self.status.call(row, call, tuple(called)):
                # The newest post lies just above the board that came down: later texts
                # that call nobody still join it.
                await self._beside(row)
                return
        await self.status.keep_in_reach(row)
        call = _("{players}: your turn{on_board}.").format(
            players=mentions, on_board=on_board(await self.status.link(row))
        )
        chunks = pages([*said, call])
        for n, chunk in enumerate(chunks, 1):
            last = n == len(chunks)
            posted = await self.channel_send(
                row.public_channel_id, chunk, ping=called if last else []
            )
            if last:
                await self._remember(row, posted, chunk, called)

    async def _log(self, row: MatchRow, said: list[str], *, reach: bool = True) -> None:
        """Public texts that call nobody to act, added to the channel's newest post (edited
        in place: no new message, no ping) where they fit, else posted (below the board,
        which comes down first when it has drifted, unless `reach` is off: it comes down
        right after). Posted at once, never held back: after a restart (which forgets the
        newest post) they start a new post."""
        if not said or await self._join(row, said):
            return
        if reach:
            await self.status.keep_in_reach(row)
        chunks = pages(said)
        posted = None
        for chunk in chunks:
            posted = await self.channel_send(row.public_channel_id, chunk)
        await self._remember(row, posted, chunks[-1])

    async def _join(self, row: MatchRow, said: list[str]) -> bool:
        """`said` added to the channel's newest post, edited in place (no new message, no
        ping), where it is known, still the newest message this process posted there, still
        beside the board it was made beside and has room; whether it was."""
        known = self._newest.get(row.id)
        channel = await room(self.client, row.public_channel_id)
        # Not into a post the board has since moved below (`LiveStatus.keep_in_reach`),
        # unless it came down right below it carrying a call (`_beside`).
        if (
            known is None
            or channel is None
            or self._last.get(row.public_channel_id) != known.message_id
            or known.board != await self.status.message_id(row)
        ):
            return False
        grown = "\n".join([known.text, *said])
        if len(grown) > MESSAGE:
            return False
        try:
            # An edit pings nobody anew; the members it pinged keep its mention.
            await channel.get_partial_message(known.message_id).edit(
                content=grown, allowed_mentions=pinging(known.pinged)
            )
        except discord.NotFound:
            return False  # deleted: the texts go into a new post
        known.text = grown
        return True

    async def _remember(
        self,
        row: MatchRow,
        posted: discord.Message | None,
        text: str,
        pinged: Collection[int] = (),
    ) -> None:
        """The match's newest post in its channel, which later texts may be added to, and
        the board it was posted below."""
        if posted is not None:
            board = await self.status.message_id(row)
            self._newest[row.id] = _Newest(posted.id, text, tuple(pinged), board)

    async def _beside(self, row: MatchRow) -> None:
        """The board came down right below the match's newest post (nothing posted between):
        the post is beside the new board, and later texts may still join it."""
        known = self._newest.get(row.id)
        if known is not None and self._last.get(row.public_channel_id) == known.message_id:
            known.board = await self.status.message_id(row)

    async def _turn_dm(self, row: MatchRow, user_id: int, mail: _Mail) -> bool:
        """The one short DM that tells a player it is their turn on the board (the host chose
        `dm`): a link to the board message, the move's texts that led to it (as many of their
        lines as one message holds: `_short`) and the clock; never the board. False when their
        DMs are closed."""
        title = plugin_for(row.game).texts.title
        link = await self.status.link(row)
        head = (
            _("🔔 Your turn in **{game}** (match #{match}): {link}")
            if link
            else _("🔔 Your turn in **{game}** (match #{match}).")
        ).format(game=title, match=row.id, link=link)
        return await self.dm(row, user_id, _short(head, mail.news, await self._clock(row.id)))

    async def reply(
        self,
        interaction: discord.Interaction[Any],
        row: MatchRow,
        outcome: Outcome,
        players: list[PlayerRow],
        *,
        replace: bool = False,
    ) -> asyncio.Task[None] | None:
        """The actor's private answer to their move, once it is committed; with `replace`, it
        takes the place of the message whose button made the move (a confirmation, whose
        button must not be pressed twice).

        It shows the move's private receipts (no DM repeats them: `_send_mail`) and the
        updated 1-on-1. The 1-on-1's controls come with it when the player may still act in
        this wait (the mulligan after the back hand, another bid), for no 1-on-1 is posted for
        it: the controls they had were for the decision their move made, and are refused now
        (`MatchService.require_current`). Their card, drawn from their view as the answer
        says it, is added to the answer by an edit once drawn: the task returned (None: no
        card), which never raises. The answer waits neither for the drawing, several times
        longer than the rest of it, nor for the view it is drawn from (docs/performance.md,
        "A move's answer")."""
        texts = plugin_for(row.game).texts
        names = self.service.seated_names(row.id, players)
        me = outcome.actor
        receipts = [
            text
            for e in outcome.events
            if e.audience.kind != "public"
            and e.audience.reaches(me)
            and (text := texts.describe_to(e, me, names))
        ]
        summary = outcome.summary or {}
        shown, actions = await self.service.decision(row, me)
        text = "\n".join(
            [
                *receipts,
                _("✅ Accepted.") if not receipts else "",
                texts.one_on_one(summary, actions, names),
                await self._clock(row.id),
            ]
        ).strip()
        controls: discord.ui.View | None = None
        if not outcome.wait.opened:
            controls = self.actions_view(row, shown, actions, names)
        if replace:
            # In place of the confirmation, whose Yes goes with it.
            await interaction.response.edit_message(content=fit(text), view=controls)
            return None
        if controls is None:
            await interaction.response.send_message(fit(text), ephemeral=True)
            return None
        sent = await interaction.response.send_message(
            **message(text, controls, None), ephemeral=True
        )
        if sent.message_id is None or not texts.draws_cards:
            return None
        return asyncio.create_task(
            self._add_card(interaction, sent.message_id, row, outcome.seq, players)
        )

    async def _add_card(
        self,
        interaction: discord.Interaction[Any],
        message_id: int,
        row: MatchRow,
        seq: int,
        players: list[PlayerRow],
    ) -> None:
        """Draw a player's card from their view after move `seq`, which their answer (message
        `message_id`) says, and add it to the answer (left without it when drawing or editing
        fails, or when the match has moved on meanwhile: `/me` shows it). Under the match's
        lock: a move changes the state before it commits."""
        try:
            async with self.service.lock(row.id):
                if await self.service.moves_made(row) != seq:
                    return
                view = await self._card_view(row, interaction.user.id, players)
        except Exception:  # the answer is out: the card is left out, not the answer failed
            log.exception("could not build the card of an answer in match %s", row.id)
            return
        board = None if view is None else await self._drawn(row, interaction.user.id, view, players)
        if board is None:
            return
        try:
            await interaction.followup.edit_message(message_id, attachments=[attachment(board)])
        except discord.HTTPException:
            log.warning("could not add the card to an answer in match %s", row.id, exc_info=True)

    async def send_one_on_one(
        self,
        row: MatchRow,
        user_id: int,
        players: list[PlayerRow] | None = None,
        *,
        lead: str | None = None,
    ) -> None:
        """A player's 1-on-1 in their DM: what they hold and buttons for what they may do
        (nothing is sent to a player who has nothing to do, such as a kicked one), headed by
        `lead` (their results of the phase that closed), which is kept for them when their
        DMs are closed, or sent alone when there is no 1-on-1 to send, or before it when the
        two do not fit in one message. Its card is drawn from the view its words were made
        from."""
        players = players if players is not None else await self.service.players(row.id)
        text, view, seen = await self.one_on_one(row, user_id, players)
        if view is None:
            if lead and not await self.dm(row, user_id, lead):
                await self.storage.keep_for(row.id, user_id, lead, self.now())
            return
        board = await self.card(row, user_id, players, seen)
        if lead and len(lead) + 2 + len(text) > MESSAGE:
            # Too long for one message (a settlement's every card, in longer words than
            # English's): the lead goes first, in as many messages as it needs, never cut.
            for chunk in pages(lead.split("\n")):
                if not await self.dm(row, user_id, chunk):
                    await self.storage.keep_for(row.id, user_id, lead, self.now())
                    return
            lead = None
        if lead:
            text = f"{lead}\n\n{text}"
        if not await self.dm(row, user_id, text, view=view, board=board) and lead:
            await self.storage.keep_for(row.id, user_id, lead, self.now())

    async def card(
        self,
        row: MatchRow,
        user_id: int,
        players: list[PlayerRow] | None = None,
        seen: Any = None,
    ) -> Board | None:
        """A player's 1-on-1 card, rendered in a worker process from their own view (`seen`,
        read now if None) and their legal actions, where the game's card shows them
        (`GameTexts.card_of`); None if rendering failed: the 1-on-1 goes without it."""
        players = players if players is not None else await self.service.players(row.id)
        view = await self._card_view(row, user_id, players, seen)
        return None if view is None else await self._drawn(row, user_id, view, players)

    async def _card_view(
        self, row: MatchRow, user_id: int, players: list[PlayerRow], seen: Any = None
    ) -> Any:
        """What a player's card is drawn from now (`GameTexts.card_of`), from their view
        `seen` (read now if None); None: no card (not playing, or a game without cards)."""
        me = seat_of(players, user_id)
        texts = plugin_for(row.game).texts
        if me is None or not texts.draws_cards:
            return None
        seen = seen if seen is not None else await self.service.view(row, me)
        return texts.card_of(seen, await self.service.actions(row, me))

    async def _drawn(
        self, row: MatchRow, user_id: int, view: Any, players: list[PlayerRow]
    ) -> Board | None:
        return await boards.or_none(
            boards.card(plugin_for(row.game).texts, view, name_table(players)),
            f"the 1-on-1 card of user {user_id} in match {row.id}",
        )

    async def one_on_one(
        self, row: MatchRow, user_id: int, players: list[PlayerRow] | None = None
    ) -> OneOnOne:
        """A player's 1-on-1 now."""
        ui = plugin_for(row.game).texts
        players = players if players is not None else await self.service.players(row.id)
        me = seat_of(players, user_id)
        turn = await self.service.turn(row)
        if me is None or me not in turn.players:
            return OneOnOne(_("You are not playing in this match."), None, None)
        view = await self.service.view(row, me)
        shown, actions = await self.service.decision(row, me)
        names = names_of(players)
        text = ui.one_on_one(view, actions, names)
        if me not in turn.out:
            text = "\n".join(filter(None, [text, await self._clock(row.id)]))
        return OneOnOne(text, self.actions_view(row, shown, actions, names), view)

    async def board_controls(
        self, row: MatchRow, players: list[PlayerRow]
    ) -> discord.ui.View | None:
        """The controls on the board message of a game that puts them there
        (`GamePlugin.board_acts`). With `board_outline`, the buttons of the engine's outline
        read from the public view. With `controls_on_board`, the generic controls of the one
        player who may act now, leaving room for the My 1-on-1 button; none when it is not
        one player, or when an action of theirs is sealed (a budget, a keep: made in
        private, from the 1-on-1)."""
        plugin = plugin_for(row.game)
        names = names_of(players)
        if plugin.board_outline:
            shown, view = await self.service.public(row)
            outline = plugin.engine.board_actions(view)
            return board_view(
                row.id, shown, outline, lambda text: plugin.texts.engine_text(text, names)
            )
        may = (await self.service.turn(row)).may
        if len(may) != 1:
            return None
        shown, actions = await self.service.decision(row, may[0])
        if any(action.sealed for action in actions):
            return None
        return self.actions_view(row, shown, actions, names, extra=1)

    async def renew_board(self, row: MatchRow, news: str) -> None:
        """After a host took moves back: a live board headed by `news` (what the host undid)
        in place of the texts of a move taken back, with the controls of the decision open
        now in place of those shown for the decision taken back (which are refused,
        `MatchService.require_current`), brought down first when it has drifted up its
        channel (`LiveStatus.keep_in_reach`). Its words and picture are drawn from the match
        as it now stands at its next edit."""
        controls = await self.live_controls(row)
        if controls is not None:
            self.status.show_board(row.id, news, controls)
            # As a delivery does: one process at a time posts a match's board anew.
            async with self._locks[row.id], self.storage.delivering(row.id):
                await self.status.keep_in_reach(row)

    async def live_controls(self, row: MatchRow) -> discord.ui.View | None:
        """The controls of a turn-based game's board for the decision open now: the game's
        own where the board carries them (`board_controls`), and the My 1-on-1 button; None
        for a game without such a board, or a match that is over."""
        plugin = plugin_for(row.game)
        if not plugin.texts.live_board_events or row.status != "running":
            return None
        players = await self.service.players(row.id)
        controls = await self.board_controls(row, players) if plugin.board_acts else None
        return phase_view(row.id, controls)

    @staticmethod
    def actions_view(
        row: MatchRow, shown: int, actions: list[GameAction], names: Names, extra: int = 0
    ) -> discord.ui.View | None:
        """The generic controls of a player's legal `actions` at move `shown` (the decision
        they are shown for), with what their game adds to them (`GamePlugin.more_controls`),
        leaving room for `extra` buttons more; None: nothing to do."""
        plugin = plugin_for(row.game)
        by_command = plugin.by_command
        if by_command is not None:
            actions = [a for a in actions if not by_command(a)]
        more = (
            plugin.more_controls(row.id, shown, actions) if plugin.more_controls is not None else []
        )

        def label(text: str) -> str:
            return plugin.texts.engine_text(text, names)

        view = actions_view(row.id, shown, actions, label, extra=extra + len(more))
        if view is not None:
            for item in more:
                view.add_item(item)
        return view

    async def _clock(self, match_id: int) -> str:
        """The clock of the phase now open, as the match's row says it now (`status.clock`)."""
        row = await self.service.row(match_id)
        return clock(row) if row is not None else ""

    async def channel_send(
        self,
        channel_id: int,
        text: str,
        *,
        view: discord.ui.View | None = None,
        board: Board | None = None,
        ping: Collection[int] = (),
    ) -> discord.Message | None:
        """Post in a match's channel; `ping`: the members the message calls (`pinging`). Below
        a turn-based game's board, the post adds to its drift (`LiveStatus.posted`)."""
        channel = await room(self.client, channel_id)
        if channel is None:
            log.warning("channel %s is gone; message dropped", channel_id)
            return None
        sent = await channel.send(**message(text, view, board), allowed_mentions=pinging(ping))
        self._last[channel_id] = sent.id
        self.status.posted(channel_id, picture=board is not None)
        return sent

    async def dm(
        self,
        row: MatchRow,
        user_id: int,
        text: str,
        *,
        view: discord.ui.View | None = None,
        board: Board | None = None,
    ) -> bool:
        """Send to a player's DMs; False (and remembered) when their DMs are closed."""
        try:
            await self.send_private(user_id, message(text, view, board))
        except discord.Forbidden as error:
            if error.code != DM_CLOSED:
                raise
            await self.service.dms_closed(row.id, user_id)
            return False
        except discord.NotFound:
            return False
        return True

    async def dm_player(
        self, row: MatchRow, player: str, text: str, *, board: Board | None = None, keep: bool
    ) -> bool:
        """A private text to a player by their engine id; a computer seat reads none.
        When their DMs are closed and `keep` is set, the text is kept for them and shown with
        their next 1-on-1 in the channel (`kept_note`). `keep` is false for the receipts of
        a player's own move: the reply to it showed them."""
        user_id = holder(await self.service.players(row.id), player)
        if user_id is None or await self.dm(row, user_id, text, board=board):
            return True
        if keep:
            await self.storage.keep_for(row.id, user_id, text, self.now())
        return False

    async def kept_note(self, row: MatchRow, user_id: int, room: int) -> tuple[str, list[int]]:
        """The texts kept for a player whose DMs are closed, oldest first, as many as fit in
        `room` characters (a first one too long for it is shortened), and their ids, to mark
        read once shown. Nothing when even that does not fit: they wait."""
        kept = await self.storage.kept_for(row.id, user_id)
        head = _("📬 **Sent to you while your DMs were closed:**")
        budget = room - len(head) - 60  # the line saying how many are left
        lines: list[str] = []
        ids: list[int] = []
        for kept_id, text in kept:
            line = "\n".join(f"> {part}" for part in text.splitlines())
            if len(line) > budget:
                if ids or budget < 200:
                    break
                line = line[: budget - 1] + "…"
            lines.append(line)
            ids.append(kept_id)
            budget -= len(line) + 1
        if not ids:
            return "", []
        more = len(kept) - len(ids)
        tail = (
            [
                ngettext(
                    "({count} more note: press **My 1-on-1** again.)",
                    "({count} more notes: press **My 1-on-1** again.)",
                    more,
                ).format(count=more)
            ]
            if more
            else []
        )
        return "\n".join([head, *lines, *tail]), ids

    async def send_private(self, user_id: int, content: dict[str, Any]) -> None:
        """The one place a DM is sent (tests close a member's DMs here): straight to the
        member's DM channel, opened once (`POST /users/@me/channels`) and kept in the
        database, so no DM costs a `GET /users/{id}` first."""
        channel_id = self._dm_channels.get(user_id) or await self.storage.dm_channel(user_id)
        if channel_id is None:
            channel_id = (await self.client.create_dm(discord.Object(user_id))).id
            await self.storage.save_dm_channel(user_id, channel_id)
        self._dm_channels[user_id] = channel_id
        dm = self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        await dm.send(**content)

    async def _to_location(
        self, row: MatchRow, event: Event, text: str, board: Board | None, mail: _Mail
    ) -> None:
        """A location's secret goes to its private thread for the round, else into each
        player's DM of the move (`mail`)."""
        location = event.audience.location or "location"
        round_ = int(event.data.get("round", 0))
        thread = await self._location_thread(row, round_, location, event.audience.players)
        if thread is not None:
            await thread.send(**message(text, None, board))
            return
        for pid in event.audience.players:
            mail.add(pid, text, board)

    async def _location_thread(
        self, row: MatchRow, round_: int, location: str, members: tuple[str, ...]
    ) -> discord.Thread | None:
        known = await self.storage.thread(row.id, round_, location)
        if known is not None:
            thread = self.client.get_channel(known)
            if isinstance(thread, discord.Thread):
                return thread
        channel = self.client.get_channel(row.channel_id)
        if not isinstance(channel, discord.TextChannel):
            return None
        ui = plugin_for(row.game).texts
        name = f"{ui.title} · round {round_} · {ui.place(location)}"[:100]
        try:
            thread = await channel.create_thread(
                name=name, type=discord.ChannelType.private_thread, invitable=False
            )
            seated = await self.service.players(row.id)
            for pid in members:
                user_id = holder(seated, pid)
                if user_id is not None:
                    await thread.add_user(discord.Object(user_id))
        except discord.HTTPException:
            log.info("no private thread for match %s %s; using DMs", row.id, location)
            return None
        await self.storage.save_thread(row.id, round_, location, thread.id)
        return thread

    async def remind(self, row: MatchRow) -> None:
        """Nudge, by DM, the players who have not submitted anything in this phase (their
        1-on-1 says when it closes)."""
        seated = await self.service.players(row.id)
        for pid in (await self.service.turn(row)).must:
            user_id = holder(seated, pid)
            if user_id is not None:
                await self.send_one_on_one_reminder(row, user_id)

    async def send_one_on_one_reminder(self, row: MatchRow, user_id: int) -> None:
        text, view, _seen = await self.one_on_one(row, user_id)
        if view is not None:
            await self.dm(
                row,
                user_id,
                _("⏰ Reminder: you have not submitted yet.") + f"\n{text}",
                view=view,
            )


@dataclass
class _Newest:
    """A match's newest post in its channel (`Presenter._log`)."""

    message_id: int
    text: str
    #: The members it pinged, who keep its mention when it is edited.
    pinged: tuple[int, ...]
    #: The board it lies beside (below, or right above when the board came down carrying a
    #: call: `Presenter._beside`); None: none was posted.
    board: int | None


@dataclass
class _Message:
    """A channel message being put together from one move's public events."""

    lines: list[str] = field(default_factory=list)
    board: Board | None = None
    #: It announces a phase: it gets the My 1-on-1 button.
    button: bool = False
    #: Where the phase's announcement (its deadline, how to play) starts among `lines`.
    opened_at: int | None = None
    #: The announcing event (as JSON) when it has words, and the deadline after them.
    opening: tuple[dict[str, Any], str] | None = None
    #: It announces the match's end: it gets the Rematch button.
    rematch: bool = False
    #: The controls for the phase it announces (`Presenter.board_controls`).
    controls: discord.ui.View | None = None
    #: It tells of one of the game's `digest_events` (a round's end): the channel gets it,
    #: even where the phase it announces is played in private.
    digest: bool = False

    def told_to(self, reader: str, ui: GameTexts, names: Names) -> list[str]:
        """Its lines as `reader`, a player it calls to act, reads them in their own DM: the
        announcement in the words the game has for that reader (`GameTexts.describe_to`:
        "Your turn", not "zoe's turn … in their 1-on-1")."""
        if self.opening is None or self.opened_at is None:
            return self.lines
        event, deadline = self.opening
        told = ui.describe_to(event, reader, names)
        mine = [f"{told}{deadline}"] if told else []
        return [*self.lines[: self.opened_at], *mine, *self.lines[self.opened_at + 1 :]]


@dataclass
class _Mail:
    """What one move tells each player privately, sent as one DM per player once the move's
    public messages are out (`Presenter._send_mail`), and its public texts still to send."""

    #: Who made the move: the reply to it showed them their private receipts.
    actor: str | None
    #: Each player's own results of the phase the move closed, by user id.
    results: dict[int, str]
    #: What the move did to the match's wait (the contract's wait signal).
    wait: Wait
    lines: dict[str, list[str]] = field(default_factory=dict)
    #: The board of a player's private news (their location's, when it has no thread).
    boards: dict[str, Board] = field(default_factory=dict)
    #: The new wait the move began has been announced (its deadline and button placed).
    announced: bool = False
    #: Players the channel called to act on the board's controls: no 1-on-1 DM for that.
    mentioned: set[str] = field(default_factory=set)
    #: Players to tell by one short DM that it is their turn (`Presenter._turn_dm`), unless
    #: their 1-on-1 comes by DM anyway (with their results or news).
    by_dm: set[str] = field(default_factory=set)
    #: The move's public texts that led to the turn, for the short DM.
    news: list[str] = field(default_factory=list)
    #: Public texts without a board, sent with the move's next public message.
    said: list[str] = field(default_factory=list)
    #: The event whose message gets the Rematch button (`Presenter._ending`).
    ending: Event | None = None
    #: The members' new ratings, below the ending's text (`bot.stats.rating_line`).
    ratings: str | None = None

    @property
    def opened(self) -> bool:
        """The move began a new wait for someone: each player's DM is their 1-on-1 for it."""
        return self.wait.calls

    def announcing(self, event: Event | None, announces: frozenset[str]) -> bool:
        """Whether the move's new wait is to be announced here: at the first of its public
        events of a type the game `announces`, or (`event` None) after them all when none
        was and the wait is for someone. Once true, it is announced."""
        if not self.wait.opened or self.announced:
            return False
        if event is None:
            found = self.wait.calls
        else:
            found = event.audience.kind == "public" and event.type in announces
        self.announced = found
        return found

    def with_ratings(self, event: Event, text: str | None) -> str | None:
        """An event's text, with the members' new ratings below it when it is the ending's."""
        if event is not self.ending or text is None or self.ratings is None:
            return text
        return f"{text}\n{self.ratings}"

    def add(self, pid: str, text: str, board: Board | None) -> None:
        self.lines.setdefault(pid, []).append(text)
        if board is not None:
            self.boards[pid] = board


def _short(head: str, news: list[str], clock: str | None) -> str:
    """One message: `head`, the lines of `news` in order while they fit beside the clock,
    then, when some did not (a dealt display's list of cards, in a language longer than
    English), how many lines more the channel shows; then the clock. Nothing is cut."""
    lines = [line for text in news for line in text.split("\n") if line]
    tail = [clock] if clock else []
    kept = [head]
    for index, line in enumerate(lines):
        left = len(lines) - index
        more = ngettext(
            "…and {count} more line in the channel.",
            "…and {count} more lines in the channel.",
            left,
        ).format(count=left)
        room = MESSAGE - len("\n".join([*kept, line, *tail])) - (len(more) + 1 if left > 1 else 0)
        if room < 0:
            kept.append(more)
            break
        kept.append(line)
    return fit("\n".join([*kept, *tail]))
