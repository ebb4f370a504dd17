"""Lobbies: opening a match (a lobby, a challenge, a practice match or a rematch), joining,
leaving, seating the computer, starting and cancelling, and the list of a server's open
matches."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Collection, Mapping
from typing import Any, Literal

import discord

from bot.components import cancel_view, challenge_view, lobby_view
from bot.errors import UserError
from bot.flows.common import Gate, Settle, can_read, member_of
from bot.games.base import NOTIFY
from bot.games.registry import plugin_for
from bot.i18n import N_, Language, _, engine_words, ngettext, speaking
from bot.limits import fit, pages
from bot.messages import pinging
from bot.players import (
    COMPUTER_NAME,
    COMPUTER_USER,
    computer_name,
    computer_user,
    is_computer_user,
    names_of,
)
from bot.presenter import Presenter, notify
from bot.season_board import season_called
from bot.service import MatchService, clock_lengths, new_seed
from bot.storage import MatchRow, PlayerRow, Storage
from games.core.seats import LEVELS
from games.registry import engine_for

log = logging.getLogger(__name__)

#: How long a match's thread stays open without a message (Discord's longest: a week, as
#: long as a phase may last).
THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080


class Lobby:
    def __init__(
        self,
        client: discord.Client,
        storage: Storage,
        service: MatchService,
        presenter: Presenter,
        gate: Gate,
        settle: Settle,
        now: Callable[[], float],
    ) -> None:
        self.client = client
        self.storage = storage
        self.service = service
        self.presenter = presenter
        self.gate = gate
        self.settle = settle
        self.now = now

    async def create(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        options: dict[str, Any],
        clocks: Mapping[str, int],
        spectators: discord.TextChannel | None,
        *,
        opponent: discord.abc.User | None = None,
        practice: bool = False,
        level: str = LEVELS[0],
        thread: bool = False,
        notify: str | None = None,
    ) -> None:
        """Open a match: a lobby; or, for a two-player game, a challenge to `opponent` (a
        lobby only they may complete, by accepting), or a practice match against the bot's
        computer seat, which starts at once. In both the creator plays. A one-player game
        starts at once too, its creator in the seat. With `thread` (a game's create may offer
        it), the match is played in a public thread of the channel opened when it starts; the
        lobby stays in the channel. `notify`: how the player to move in a turn-based game
        is told (`/match notify`), None for the game's way; `level`, the practice opponent's
        (`/match add-bot`'s levels)."""
        if interaction.guild is None or not isinstance(interaction.channel, discord.TextChannel):
            raise UserError(_("Open a match in a server text channel."))
        engine = engine_for(game)
        if (
            opponent is not None
            and self.client.user is not None
            and opponent.id == self.client.user.id
        ):
            opponent, practice = None, True
        if opponent is not None and practice:
            raise UserError(
                _("Choose either an opponent to challenge or a practice match, not both.")
            )
        if (opponent is not None or practice) and engine.max_players != 2:
            raise UserError(
                _("{game} is not a two-player game: open a lobby instead.").format(
                    game=engine.title
                )
            )
        if practice and plugin_for(game).computer is None:
            raise UserError(_("{game} has no practice opponent yet.").format(game=engine.title))
        if practice:
            check_level(game, level)
        if opponent is not None:
            if opponent.id == interaction.user.id:
                raise UserError(_("You cannot challenge yourself; try `practice:True` instead."))
            if opponent.bot:
                raise UserError(_("Bots cannot play. To play against Dealer, use `practice:True`."))
        try:
            engine.parse_options(options)
        except ValueError as error:
            raise UserError(engine_words(str(error))) from None
        match_id = await self.storage.create_match(
            guild_id=interaction.guild.id,
            channel_id=interaction.channel.id,
            game=game,
            host_id=interaction.user.id,
            options=options,
            seed=new_seed(),
            clocks=clocks,
            spectator_channel_id=spectators.id if spectators else None,
            now=self.now(),
            in_thread=thread,
            notify=notify,
        )
        if match_id is None:
            raise UserError(_(ALREADY_OPEN))
        row = await self.service.known(match_id)
        if practice or engine.max_players == 1:
            await self._start_at_once(interaction, row, practice=practice, level=level)
            return
        if opponent is None:
            if engine.max_players == 2:
                # A two-player game's creator plays, as in a challenge; they may Leave.
                await self.storage.add_player(match_id, interaction.user.id, interaction.user.name)
            await self._post_lobby(interaction, row)
            return
        await self.storage.add_player(match_id, interaction.user.id, interaction.user.name)
        await self.storage.set_challenge(match_id, opponent.id)
        with speaking(await self._server(row)):
            text = _(
                "{opponent}, **{challenger}** challenges you to **{game}** ({timing}). Press "
                "**Accept** to play now, or **Decline**."
            ).format(
                opponent=f"<@{opponent.id}>",
                challenger=interaction.user.name,
                game=engine.title,
                timing=timing(row),
            ) + (" " + _(IN_A_THREAD) if thread else "")
            view = challenge_view(match_id, opponent.id)
        await self._answer_with_lobby(interaction, match_id, text, view, ping=[opponent.id])

    async def _server(self, row: MatchRow) -> Language:
        """The language of the match's server, for what is posted in its channels."""
        return await self.gate.speaks(row)

    async def _post_lobby(self, interaction: discord.Interaction[Any], row: MatchRow) -> None:
        """The lobby message, with Join, Leave and Start, as the answer to `interaction`."""
        with speaking(await self._server(row)):
            view = lobby_view(row.id)
        await self._answer_with_lobby(interaction, row.id, await self.lobby_text(row), view)

    async def _answer_with_lobby(
        self,
        interaction: discord.Interaction[Any],
        match_id: int,
        text: str,
        view: discord.ui.View,
        *,
        ping: Collection[int] = (),
    ) -> None:
        """Answer `interaction` with the match's lobby (or challenge) message and keep its id;
        `ping`: the members it calls (a challenge's opponent). The answer's callback names
        the message it made, so it is not fetched afterwards (`GET .../messages/@original`)
        unless Discord left the id out."""
        sent = await interaction.response.send_message(
            text, view=view, allowed_mentions=pinging(ping)
        )
        message_id = sent.message_id or (await interaction.original_response()).id
        await self.storage.set_lobby_message(match_id, message_id)

    async def rematch(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        """A new lobby in the channel of finished match `match_id`, with its game, options and
        players (computer seats too), hosted by the player who asked. It is a new
        lobby like any other: in a season, a member eliminated from it is not seated."""
        old = await self.storage.match(match_id)
        if old is None or old.status != "ended":
            raise UserError(_("Only a match that is over can be played again."))
        players = await self.storage.players(match_id)
        if not any(p.user_id == interaction.user.id for p in players):
            raise UserError(
                _(
                    "Only the players of this match can ask for its rematch. To play, open a "
                    "match with `/match create`, or join one (`/match list` shows the open ones)."
                )
            )
        await self._refuse_second_rematch(match_id)
        here = await self.service.open_match_in(old.channel_id)
        if here is not None:
            raise UserError(
                _(
                    "This channel already has an open match ({where}): a rematch can be opened "
                    "once it is over or cancelled."
                ).format(where=_where(here))
            )
        engine = engine_for(old.game)
        # What a season dealt into the match is no option of the next one (AA-14).
        options = {
            k: v for k, v in old.options.items() if not (engine.takes_garnets and k == "garnets")
        }
        new_id = await self.storage.create_match(
            guild_id=old.guild_id,
            channel_id=old.channel_id,
            game=old.game,
            host_id=interaction.user.id,
            options=options,
            seed=new_seed(),
            clocks={k: s for k, s in clock_lengths(old).items() if s is not None},
            spectator_channel_id=old.spectator_channel_id,
            now=self.now(),
            rematch_of=match_id,
            notify=old.notify,
        )
        if new_id is None:  # a second press, or a /match create, came first
            await self._refuse_second_rematch(match_id)
            raise UserError(_(ALREADY_OPEN))
        row = await self.service.known(new_id)
        season = await self.service.seasons.season_for(row)
        out = (
            await self.service.seasons.eliminated(season, [p.user_id for p in players])
            if season is not None
            else []
        )
        for player in players:
            if player.user_id not in out:
                await self.storage.add_player(new_id, player.user_id, player.name)
        await self._post_lobby(interaction, row)
        if season is not None and out:
            gone = ", ".join(p.name for p in players if p.user_id in out)
            await interaction.followup.send(
                ngettext(
                    "{members} is eliminated from {season}, so the rematch has no seat for that "
                    "member unless a host reinstates them.",
                    "{members} are eliminated from {season}, so the rematch has no seat for them "
                    "unless a host reinstates them.",
                    len(out),
                ).format(members=gone, season=season_called(season.name)),
                ephemeral=True,
            )

    async def _refuse_second_rematch(self, match_id: int) -> None:
        rematch = await self.storage.rematch_of(match_id)
        if rematch is None:
            return
        if rematch.status == "ended":
            raise UserError(
                _(
                    "This match has had its rematch ({where}); to play again, use the "
                    "**Rematch** button of that one."
                ).format(where=_where(rematch))
            )
        raise UserError(
            _("A rematch of this match is already open: {where}.").format(where=_where(rematch))
        )

    async def list_open(self, interaction: discord.Interaction[Any]) -> None:
        """The server's lobbies and running matches in the channels the member can see, with
        their game, phase, players and links, privately."""
        guild = interaction.guild
        if guild is None:
            raise UserError(_("Matches belong to a server: use `/match list` in one."))
        lines = []
        for row in await self.storage.open_matches_in_guild(guild.id):
            if can_read(guild, interaction.user, row.channel_id):
                lines.append(await self._listed(row))
        if not lines:
            await interaction.response.send_message(
                _("No match is open in this server right now. Open one with `/match create`."),
                ephemeral=True,
            )
            return
        packed = pages([_("**Open matches in this server**"), *lines])
        await interaction.response.send_message(packed[0], ephemeral=True)
        for page in packed[1:]:
            await interaction.followup.send(page, ephemeral=True)

    async def _listed(self, row: MatchRow) -> str:
        """One open match in `/match list`."""
        engine = engine_for(row.game)
        players = await self.service.players(row.id)
        if row.status == "lobby":
            waiting = await self.storage.challenged(row.id)
            phase = _("a challenge, waiting for its answer") if waiting else _("lobby, not started")
            seats = _("{seated}/{seats} players").format(
                seated=len(players), seats=engine.max_players
            )
        else:
            names = await self.service.names(row.id)
            title = (await self.service.turn(row)).phase.title
            phase = plugin_for(row.game).texts.engine_text(title, names)
            phase += " " + _("(⏸️ paused)") if row.paused else ""
            seats = ngettext("{count} player", "{count} players", len(players)).format(
                count=len(players)
            )
        where = _("**{game}** in {where}").format(game=engine.title, where=_where(row))
        return f"• {where}: {phase} · {seats}"

    async def _start_at_once(
        self,
        interaction: discord.Interaction[Any],
        row: MatchRow,
        *,
        practice: bool,
        level: str = LEVELS[0],
    ) -> None:
        """The creator takes the seat (against the computer's of `level`, in `practice`)
        and the match starts; if it cannot, it is cancelled and the creator told why."""
        await self.storage.add_player(row.id, interaction.user.id, interaction.user.name)
        if practice:
            await self.storage.add_player(row.id, COMPUTER_USER, COMPUTER_NAME, level)
        async with self.service.lock(row.id):
            try:
                started = await self._begin(row, await self.storage.players(row.id))
            except UserError:
                await self.service.cancel(row.id)
                raise
        if not started:
            raise UserError(_(ALREADY_STARTED))
        title = engine_for(row.game).title
        with speaking(await self._server(row)):
            said = (
                _(
                    "**{game}** — {member} plays a practice match against {computer} "
                    "({timing}). Your moves are made in your 1-on-1."
                ).format(
                    game=title,
                    member=interaction.user.name,
                    computer=COMPUTER_NAME,
                    timing=timing(row),
                )
                if practice
                else _(
                    "**{game}** — {member}'s match has started; it is theirs alone. How to play: "
                    "`/help game:{game_id}`."
                ).format(game=title, member=interaction.user.name, game_id=row.game)
            ) + await self._played_in(row.id)
        await interaction.response.send_message(said)
        await self.settle(row.id)
        await self._tell_closed_dms(interaction, row.id)

    async def answer_challenge(
        self, interaction: discord.Interaction[Any], match_id: int, user_id: int, *, accept: bool
    ) -> None:
        """The challenged member accepts (takes the seat; the match starts) or declines (the
        match is cancelled). Nobody else may answer."""
        if interaction.user.id != user_id:
            raise UserError(
                _("This challenge is for {member}; only they can answer it.").format(
                    member=f"<@{user_id}>"
                )
            )
        row = await self.storage.match(match_id)
        if row is None or row.status != "lobby":
            raise UserError(_(ANSWERED))
        name = interaction.user.name
        title = engine_for(row.game).title
        if not accept:
            await self.service.cancel(match_id)
            with speaking(await self._server(row)):
                said = _("{member} declined the challenge to {game}.").format(
                    member=name, game=title
                )
            await interaction.response.edit_message(content=said, view=None)
            return
        async with self.service.lock(match_id):
            await self.storage.add_player(match_id, user_id, name)
            players = await self.storage.players(match_id)
            try:
                started = await self._begin(row, players)
            except UserError:
                await self.storage.remove_player(match_id, user_id)
                raise
        if not started:
            raise UserError(_(ANSWERED))
        with speaking(await self._server(row)):
            who = _(" against ").join(p.name for p in players)
            said = _("{member} accepted the challenge: **{game}**, {players}. Good luck!").format(
                member=name, game=title, players=who
            ) + await self._played_in(match_id)
        await interaction.response.edit_message(content=said, view=None)
        await self.settle(match_id)
        await self._tell_closed_dms(interaction, match_id)

    async def _begin(self, row: MatchRow, players: list[PlayerRow]) -> bool:
        """Start the match, unless a player could read its spectators' channel, where every
        sealed bid of a closed phase is shown (a host who plays included). A match played in
        a thread gets it first, so that none of its messages goes to the channel."""
        readers = await self._spectator_readers(row, players)
        if readers:
            raise UserError(
                _(
                    "{players} can read {channel}, where the spectators see every sealed bid "
                    "after each phase. Players may not see that channel: change its permissions "
                    "(or open the match without `spectators`), then start again."
                ).format(players=", ".join(readers), channel=f"<#{row.spectator_channel_id}>")
            )
        lobby = await self.storage.match(row.id)
        if lobby is None or lobby.status != "lobby":
            return False
        thread = await self._open_thread(row, players) if row.in_thread else None
        try:
            return await self.service.start(row, players)
        except UserError:
            if thread is not None:
                await self.storage.set_thread(row.id, None)
                with contextlib.suppress(discord.HTTPException):
                    await thread.delete()
            raise

    async def _open_thread(self, row: MatchRow, players: list[PlayerRow]) -> discord.Thread | None:
        """A public thread of the match's channel for its messages, named after the game and
        its players, with the players added; None when Discord refuses one (the match is
        then played in the channel)."""
        channel = self.client.get_channel(row.channel_id)
        if not isinstance(channel, discord.TextChannel):
            return None
        who = " vs ".join(p.name for p in players)
        name = f"{engine_for(row.game).title} · {who}"[:100]
        try:
            thread = await channel.create_thread(
                name=name,
                type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
            )
        except discord.HTTPException:
            log.info("no thread for match %s; it is played in its channel", row.id)
            return None
        await self.storage.set_thread(row.id, thread.id)
        for player in players:
            if not is_computer_user(player.user_id):
                with contextlib.suppress(discord.HTTPException):
                    await thread.add_user(discord.Object(player.user_id))
        return thread

    async def _played_in(self, match_id: int) -> str:
        """Where a match that has just started is played, when that is a thread."""
        row = await self.service.row(match_id)
        if row is None or row.thread_id is None:
            return ""
        return " " + _("It is played in {thread}.").format(thread=f"<#{row.thread_id}>")

    async def _spectator_readers(self, row: MatchRow, players: list[PlayerRow]) -> list[str]:
        channel = (
            self.client.get_channel(row.spectator_channel_id) if row.spectator_channel_id else None
        )
        if not plugin_for(row.game).texts.spectators_see_sealed or not isinstance(
            channel, discord.TextChannel
        ):
            return []
        readers: list[str] = []
        for player in players:
            if is_computer_user(player.user_id):
                continue
            member = await member_of(channel.guild, player.user_id)
            if member is None:  # gone from the server: reads nothing there
                continue
            if channel.permissions_for(member).read_messages:
                readers.append(player.name)
        return readers

    async def add_computer(
        self, interaction: discord.Interaction[Any], count: int = 1, level: str = LEVELS[0]
    ) -> None:
        """A host seats `count` computer seats of `level` in empty seats of the lobby,
        numbered after those seated ("Dealer bot 1", "Dealer bot 2"...)."""
        row = await self.gate.match_here(interaction)
        await self.gate.require_host(interaction, row)
        if row.status != "lobby":
            raise UserError(_("The match has already started; seats are only filled in a lobby."))
        engine = engine_for(row.game)
        if plugin_for(row.game).computer is None:
            raise UserError(
                _("{game} has no computer player, so Dealer cannot take a seat.").format(
                    game=engine.title
                )
            )
        check_level(row.game, level)
        if await self.storage.challenged(row.id) is not None:
            raise UserError(
                _("This lobby is a challenge: its empty seat is the challenged member's.")
            )
        async with self.service.lock(row.id):
            players = await self.storage.players(row.id)
            free = engine.max_players - len(players)
            if free <= 0:
                raise UserError(_(FULL).format(seats=engine.max_players))
            if count > free:
                raise UserError(
                    ngettext(
                        "The match has room for {free} more player only ({seats} at most): add "
                        "at most {free}.",
                        "The match has room for {free} more players only ({seats} at most): add "
                        "at most {free}.",
                        free,
                    ).format(free=free, seats=engine.max_players)
                )
            taken = {p.user_id for p in players}
            numbers = [n for n in range(1, engine.max_players + 1) if computer_user(n) not in taken]
            for number in numbers[:count]:
                await self.storage.add_player(
                    row.id, computer_user(number), computer_name(number), level
                )
        seated = ", ".join(computer_name(n) for n in numbers[:count])
        await interaction.response.send_message(
            ngettext(
                "{seated} takes a seat: Dealer plays it at level {level}. Press **Start** when "
                "the lobby is ready.",
                "{seated} take seats: Dealer plays them at level {level}. Press **Start** when "
                "the lobby is ready.",
                count,
            ).format(seated=seated, level=level),
            ephemeral=True,
        )
        await self._refresh_lobby_message(row)

    async def lobby_text(
        self, row: MatchRow, *, started: bool = False, players: list[PlayerRow] | None = None
    ) -> str:
        """The lobby message: the game, its options, who is seated (`players`, read here
        unless given), and what to do next (or, once `started`, that it has), in the server's
        language."""
        with speaking(await self._server(row)):
            return await self._lobby_text(row, started=started, players=players)

    async def _lobby_text(
        self, row: MatchRow, *, started: bool, players: list[PlayerRow] | None
    ) -> str:
        engine = engine_for(row.game)
        ui = plugin_for(row.game).texts
        if players is None:
            players = await self.storage.players(row.id)
        options = engine.parse_options(row.options).model_dump(exclude={"garnets"})
        shown = ui.options_text(row.options, names_of(players)) or ", ".join(
            f"{ui.option_name(k)}: {_option(v)}" for k, v in ui.shown_options(options).items()
        )
        seated = ", ".join(p.name for p in players) or _("nobody yet")
        season = await self.service.seasons.season_for(row)
        series = (
            _(
                "Counts for **{season}**: garnets come from the season's ledger and prizes go "
                "to it."
            ).format(season=season_called(season.name))
            + "\n"
            if season
            else ""
        )
        if started:
            seats = _("Players: {players}").format(players=seated)
            next_step = (
                _("▶️ The match has started in {thread}.").format(thread=f"<#{row.thread_id}>")
                if row.thread_id
                else _("▶️ The match has started.")
            )
        else:
            seats = _("Players ({seated}/{seats}, at least {least}): {players}").format(
                seated=len(players),
                seats=engine.max_players,
                least=engine.min_players,
                players=seated,
            )
            next_step = (
                _("Every seat is taken; the host presses **Start**.")
                if len(players) >= engine.max_players
                else _("Press **Join** to play; the host presses **Start**.")
            )
            next_step += " " + _(IN_A_THREAD) if row.in_thread else ""
        hosted = (
            _("**{game}** — a match hosted by {host}.")
            if started
            else _("**{game}** — a new match hosted by {host}.")
        ).format(game=engine.title, host=f"<@{row.host_id}>")
        return fit(
            f"{hosted}\n{timing(row)}{turn_notice(row)} · {shown}\n{series}{seats}\n{next_step}"
        )

    async def set_notify(self, interaction: discord.Interaction[Any], how: str) -> None:
        """`/match notify`: how the player to move on a turn-based game's board is told, a
        mention in the channel or one short DM (the host's choice, in the lobby or while the
        match runs: the next turn is told so); the lobby shows it."""
        row = await self.gate.match_here(interaction)
        await self.gate.require_host(interaction, row)
        if not plugin_for(row.game).texts.live_board_events:
            title = engine_for(row.game).title
            raise UserError(
                _(
                    "{game} has no turns on a board to tell anyone of: each phase comes to every "
                    "player with their 1-on-1, by DM. Nothing was changed."
                ).format(game=title)
            )
        row = await self.service.set_notify(row, how)
        await interaction.response.send_message(
            _("The player to move will be told by {how}.").format(how=_(NOTIFY[how])),
            ephemeral=True,
        )
        if row.status == "lobby":
            await self._refresh_lobby_message(row)

    async def _refresh_lobby(
        self,
        interaction: discord.Interaction[Any],
        row: MatchRow,
        said: str,
        players: list[PlayerRow] | None = None,
    ) -> None:
        """The lobby message shows the seats now (`players`, when the caller has just read
        them); pressed on it, that is the answer, and by command the member is told `said`."""
        text = await self.lobby_text(row, players=players)
        message = interaction.message
        if message is not None and message.id == row.lobby_message_id:
            await interaction.response.edit_message(content=text)
            return
        await interaction.response.send_message(said, ephemeral=True)
        await self._refresh_lobby_message(row, text)

    async def _refresh_lobby_message(self, row: MatchRow, text: str | None = None) -> None:
        channel = self.client.get_channel(row.channel_id)
        if isinstance(channel, discord.TextChannel) and row.lobby_message_id:
            text = text or await self.lobby_text(row)
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(row.lobby_message_id).edit(content=text)

    async def _close_lobby(self, row: MatchRow, text: str | None = None) -> None:
        """Once the match has started, the lobby message says so (or `text`: a cancelled
        lobby's) and loses its buttons."""
        channel = self.client.get_channel(row.channel_id)
        if isinstance(channel, discord.TextChannel) and row.lobby_message_id:
            if text is None:
                players = await self.service.players(row.id)
                text = await self.lobby_text(row, started=True, players=players)
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(row.lobby_message_id).edit(
                    content=text, view=None
                )

    async def _lobby(self, match_id: int) -> MatchRow:
        row = await self.storage.match(match_id)
        if row is None or row.status != "lobby":
            raise UserError(_("This match is no longer taking players."))
        return row

    async def join_here(self, interaction: discord.Interaction[Any]) -> None:
        await self.join(interaction, (await self.gate.match_here(interaction)).id)

    async def leave_here(self, interaction: discord.Interaction[Any]) -> None:
        await self.leave(interaction, (await self.gate.match_here(interaction)).id)

    async def start_here(self, interaction: discord.Interaction[Any]) -> None:
        await self.start(interaction, (await self.gate.match_here(interaction)).id)

    async def join(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        row = await self._lobby(match_id)
        engine = engine_for(row.game)
        challenged = await self.storage.challenged(match_id)
        if challenged is not None:
            raise UserError(
                _(
                    "This match is a challenge to {member}; they take the seat by pressing "
                    "**Accept**."
                ).format(member=f"<@{challenged}>")
            )
        season = await self.service.seasons.season_for(row)
        if season is not None and await self.service.seasons.eliminated(
            season, [interaction.user.id]
        ):
            raise UserError(
                _(
                    "You are eliminated from {season}, so you cannot join its matches unless a "
                    "host reinstates you."
                ).format(season=season_called(season.name))
            )
        async with self.service.lock(match_id):
            if len(await self.storage.players(match_id)) >= engine.max_players:
                raise UserError(_(FULL).format(seats=engine.max_players))
            if not await self.storage.add_player(
                match_id, interaction.user.id, interaction.user.name
            ):
                raise UserError(_("You have already joined this match."))
            players = await self.storage.players(match_id)
        await self._refresh_lobby(
            interaction,
            row,
            _(
                "You join **{game}**: {seated} of {seats} seats are taken. The host starts the "
                "match."
            ).format(game=engine.title, seated=len(players), seats=engine.max_players),
            players,
        )

    async def leave(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        row = await self._lobby(match_id)
        if await self.storage.challenged(match_id) is not None:
            raise UserError(_("To withdraw a challenge, cancel it with `/match cancel`."))
        if not await self.storage.remove_player(match_id, interaction.user.id):
            raise UserError(_("You have not joined this match."))
        await self._refresh_lobby(
            interaction,
            row,
            _("You leave the lobby of **{game}**.").format(game=engine_for(row.game).title),
        )

    async def unseat(self, interaction: discord.Interaction[Any], user_id: int | None) -> None:
        """A host takes a seat back in the lobby: a member's (`/match kick` before the start)
        or, with no `user_id`, the computer seat seated last (`/match remove-bot`)."""
        row = await self.gate.match_here(interaction)
        await self.gate.require_host(interaction, row)
        if row.status != "lobby":
            raise UserError(
                _(
                    "The match has started: a player leaves it by `/match kick` (a host) or "
                    "`/match forfeit` (the player)."
                )
            )
        seated = {p.user_id: p.name for p in await self.storage.players(row.id)}
        if user_id is None:
            computers = [u for u in seated if is_computer_user(u)]
            if not computers:
                raise UserError(_("No computer seat is taken in this lobby."))
            user_id = computers[-1]
        elif await self.storage.challenged(row.id) is not None:
            raise UserError(_("This lobby is a challenge: to withdraw it, use `/match cancel`."))
        who = seated[user_id] if is_computer_user(user_id) else f"<@{user_id}>"
        if user_id not in seated or not await self.storage.remove_player(row.id, user_id):
            raise UserError(_("{member} has no seat in this lobby.").format(member=who))
        await interaction.response.send_message(
            _("{member} leaves the lobby.").format(member=who), ephemeral=True
        )
        await self._refresh_lobby_message(row)

    async def start(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        row = await self._lobby(match_id)
        await self.gate.require_host(interaction, row)
        challenged = await self.storage.challenged(match_id)
        if challenged is not None:
            raise UserError(
                _(
                    "This challenge starts when {member} accepts it (or cancel it with "
                    "`/match cancel`)."
                ).format(member=f"<@{challenged}>")
            )
        players = await self.storage.players(match_id)
        await self._drop_eliminated(row, players)
        engine = engine_for(row.game)
        if len(players) < engine.min_players:
            computer = (
                " "
                + _(
                    "A host may give empty seats to Dealer's computer player with `/match add-bot`."
                )
                if plugin_for(row.game).computer is not None
                else ""
            )
            raise UserError(
                ngettext(
                    "{game} needs at least {least} players and {count} has joined: players "
                    "join with **Join** or `/match join`.",
                    "{game} needs at least {least} players and {count} have joined: players "
                    "join with **Join** or `/match join`.",
                    len(players),
                ).format(game=engine.title, least=engine.min_players, count=len(players))
                + computer
            )
        async with self.service.lock(match_id):
            if not await self._begin(row, players):
                raise UserError(_(ALREADY_STARTED))
        await interaction.response.send_message(
            ngettext(
                "The match has started with {count} player.",
                "The match has started with {count} players.",
                len(players),
            ).format(count=len(players))
            + await self._played_in(match_id),
            ephemeral=True,
        )
        await self._close_lobby(await self.service.row(match_id) or row)
        await self.settle(match_id)
        await self._tell_closed_dms(interaction, match_id)

    async def _tell_closed_dms(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        closed = [p.name for p in await self.service.players(match_id) if p.dm_closed]
        if closed:
            await interaction.followup.send(
                _(
                    "These players have their DMs closed, so Dealer cannot reach them privately: "
                    "{players}. They can use the **My 1-on-1** button on the phase message, or "
                    "`/me` and `/bid` in the channel (only they see the replies)."
                ).format(players=", ".join(closed)),
                ephemeral=True,
            )

    async def _drop_eliminated(self, row: MatchRow, players: list[PlayerRow]) -> None:
        """Members eliminated from the season since they joined leave the lobby, and the
        host is asked to press Start again with the lobby as it now is."""
        season = await self.service.seasons.season_for(row)
        if season is None:
            return
        out = await self.service.seasons.eliminated(season, [p.user_id for p in players])
        if not out:
            return
        for user_id in out:
            await self.storage.remove_player(row.id, user_id)
        await self._refresh_lobby_message(row)
        gone = ", ".join(p.name for p in players if p.user_id in out)
        raise UserError(
            ngettext(
                "{members} is eliminated from {season} and left the lobby. Check the players "
                "and press Start again.",
                "{members} are eliminated from {season} and left the lobby. Check the players "
                "and press Start again.",
                len(out),
            ).format(members=gone, season=season_called(season.name))
        )

    async def ask_cancel(self, interaction: discord.Interaction[Any]) -> None:
        row = await self.gate.match_here(interaction, aside=True)
        await self.gate.require_host(interaction, row)
        await self.gate.require_no_party(interaction, row, _("cancelling it"))
        await interaction.response.send_message(
            _("Cancel this match for everyone? This cannot be undone."),
            view=cancel_view(row.id),
            ephemeral=True,
        )

    async def cancel(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        row = await self.storage.match(match_id)
        if row is None:
            raise UserError(_("This match no longer exists."))
        await self.gate.require_host(interaction, row)
        await self.gate.require_no_party(interaction, row, _("cancelling it"))
        challenged = await self.storage.challenged(row.id)
        await self.service.cancel(match_id)
        await interaction.response.send_message(_("The match is cancelled."), ephemeral=True)
        title = engine_for(row.game).title
        with speaking(await self._server(row)):
            if row.status == "lobby":
                what = (
                    _("**{game}** — a challenge to {member}.").format(
                        game=title, member=f"<@{challenged}>"
                    )
                    if challenged is not None
                    else _("**{game}** — a lobby hosted by {host}.").format(
                        game=title, host=f"<@{row.host_id}>"
                    )
                )
                closed = f"{what}\n" + _("❌ Cancelled by the host.")
            cancelled = _("The host cancelled this {game} match.").format(game=title)
        if row.status == "lobby":
            await self._close_lobby(row, closed)
        await self.presenter.channel_send(row.public_channel_id, cancelled)
        self.presenter.status.refresh(match_id)


IN_A_THREAD = N_("The match is played in a thread of this channel, opened when it starts.")
ALREADY_OPEN = N_("This channel already has an open match; finish or cancel it first.")
ALREADY_STARTED = N_("This match has already started.")
ANSWERED = N_("This challenge has already been answered or cancelled.")
FULL = N_("The match is full ({seats} players).")


def _where(row: MatchRow) -> str:
    """A match's channel, and a link to its lobby message when one is stored."""
    if row.lobby_message_id is None:
        return f"<#{row.channel_id}>"
    link = f"https://discord.com/channels/{row.guild_id}/{row.channel_id}/{row.lobby_message_id}"
    return f"<#{row.channel_id}> ([{_('lobby message')}]({link}))"


def _option(value: Any) -> str:
    """An option's value in the lobby: a word of the engine's (a colour) as the catalogue
    translates it (`engine_words`)."""
    if isinstance(value, list):
        return "/".join(_option(v) for v in value)
    if value is None:
        return _("random")
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return engine_words(value) if isinstance(value, str) else str(value)


def turn_notice(row: MatchRow) -> str:
    """How the player to move is told, for a turn-based game (`/match notify`): as the host
    chose, else as the game's board makes it (a mention where it carries the controls, the
    1-on-1 by DM where they are private); nothing for the others."""
    plugin = plugin_for(row.game)
    if not plugin.texts.live_board_events:
        return ""
    how = notify(row, private=not plugin.board_acts)
    told = _(NOTIFY[how]) if how in NOTIFY else _("your 1-on-1 by DM")
    return " · " + _("Your turn: {how}").format(how=told)


def timing(row: MatchRow) -> str:
    """How long each kind of decision lasts in the match, as the lobby shows it: "Each turn
    of the bidding: 10 minutes · Each budget, keep or buy step: 30 minutes"."""
    clocks = engine_for(row.game).clocks
    lengths = clock_lengths(row)
    return " · ".join(
        f"{engine_words(clocks[kind].label)}: {_duration(lengths[kind])}" for kind in clocks
    )


def _duration(seconds: int | None) -> str:
    if seconds is None:
        return _("no deadline (the host closes it)")
    if seconds % 86400 == 0:
        days = seconds // 86400
        return ngettext("{count} day", "{count} days", days).format(count=days)
    if seconds % 3600 == 0:
        hours = seconds // 3600
        return ngettext("{count} hour", "{count} hours", hours).format(count=hours)
    minutes = seconds // 60
    return ngettext("{count} minute", "{count} minutes", minutes).format(count=minutes)


def check_level(game: str, level: str) -> None:
    """Refuses a computer seat's level the game's computer player does not play at."""
    computer = plugin_for(game).computer
    levels = list(computer.levels) if computer is not None else []
    if level not in levels:
        raise UserError(
            _("Dealer's computer player of {game} plays at level {levels}, not {level}.").format(
                game=engine_for(game).title, levels=", ".join(levels), level=level
            )
        )
