"""What people can do, shared by slash commands, buttons and forms: each action parses,
checks who is asking, calls the service, answers within Discord's 3 seconds, and then
delivers the committed events."""

from __future__ import annotations

import contextlib
import io
import json
from typing import TYPE_CHECKING, Any

import discord

from bot.amounts import parse_amount
from bot.components import cancel_view, challenge_view, lobby_view
from bot.errors import UserError
from bot.games.registry import plugin_for
from bot.limits import fit
from bot.players import COMPUTER_NAME, COMPUTER_USER, names_of, player_id
from bot.presenter import message
from bot.seasons import counts_for_seasons
from bot.service import Outcome, new_seed
from bot.storage import MatchRow, PlayerRow, Storage
from games.core.engine import HOST
from games.core.errors import RuleError
from games.registry import engine_for

if TYPE_CHECKING:
    from bot.app import DealerBot

NO_OPEN_MATCH = "There is no open match in this channel. A host can open one with `/match create`."


class Actions:
    def __init__(self, bot: DealerBot) -> None:
        self.bot = bot

    @property
    def storage(self) -> Storage:
        return self.bot.storage

    # -- finding the match and who may act -------------------------------------------------

    async def match_here(
        self, interaction: discord.Interaction[Any], *, ended: bool = False
    ) -> MatchRow:
        """The open match of this channel (or of the channel a location thread belongs to);
        in DMs, the one open match the member plays in. With `ended`, the channel's last
        match also when it is over (for /match status and /match log)."""
        channel = interaction.channel
        if interaction.guild is not None and channel is not None:
            channel_id = getattr(channel, "parent_id", None) or channel.id
            row = await self.bot.service.open_match_in(channel_id)
            if row is None and ended:
                row = await self.storage.last_match_in(channel_id)
            if row is None:
                raise UserError(NO_OPEN_MATCH)
            return row
        rows = await self.storage.open_matches_of(interaction.user.id)
        if not rows:
            raise UserError("You are not playing in any open match.")
        if len(rows) > 1:
            raise UserError(
                "You are in several matches; use this command in the match's channel instead."
            )
        return rows[0]

    async def is_host(self, user: discord.abc.User, row: MatchRow) -> bool:
        """The match's creator, or a server host (`is_server_host`)."""
        return user.id == row.host_id or await self.is_server_host(user, row.guild_id)

    async def is_server_host(self, user: discord.abc.User, guild_id: int) -> bool:
        """Anyone with Manage Server, or a member of the server's host role."""
        member = user if isinstance(user, discord.Member) else None
        if member is None or member.guild.id != guild_id:
            guild = self.bot.get_guild(guild_id)
            member = guild.get_member(user.id) if guild else None
        if member is None:
            return False
        if member.guild_permissions.manage_guild:
            return True
        role_id = await self.storage.host_role(guild_id)
        return role_id is not None and any(r.id == role_id for r in member.roles)

    async def require_host(self, interaction: discord.Interaction[Any], row: MatchRow) -> None:
        if not await self.is_host(interaction.user, row):
            raise UserError(
                "Only a host can do that: the member who created the match, anyone "
                "with Manage Server, or the server's host role."
            )

    async def require_player(
        self, interaction: discord.Interaction[Any], row: MatchRow
    ) -> list[PlayerRow]:
        """The match's players, when the member is one of them."""
        players = await self.bot.service.players(row.id)
        if not any(p.user_id == interaction.user.id for p in players):
            raise UserError("You are not playing in this match.")
        return players

    # -- lobby -----------------------------------------------------------------------------

    async def create(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        options: dict[str, Any],
        phase_seconds: int,
        spectators: discord.TextChannel | None,
        *,
        opponent: discord.abc.User | None = None,
        practice: bool = False,
    ) -> None:
        """Open a match: a lobby; or, for a two-player game, a challenge to `opponent` (a
        lobby only they may complete, by accepting), or a practice match against the bot's
        computer seat, which starts at once. In both the creator plays."""
        if interaction.guild is None or not isinstance(interaction.channel, discord.TextChannel):
            raise UserError("Open a match in a server text channel.")
        engine = engine_for(game)
        if opponent is not None and self.bot.user is not None and opponent.id == self.bot.user.id:
            opponent, practice = None, True
        if opponent is not None and practice:
            raise UserError("Choose either an opponent to challenge or a practice match, not both.")
        if (opponent is not None or practice) and engine.max_players != 2:
            raise UserError(f"{engine.title} is not a two-player game: open a lobby instead.")
        if practice and plugin_for(game).practice is None:
            raise UserError(f"{engine.title} has no practice opponent yet.")
        if opponent is not None:
            if opponent.id == interaction.user.id:
                raise UserError("You cannot challenge yourself; try `practice:True` instead.")
            if opponent.bot:
                raise UserError("Bots cannot play. To play against Dealer, use `practice:True`.")
        try:
            engine.parse_options(options)
        except ValueError as error:
            raise UserError(str(error)) from None
        match_id = await self.storage.create_match(
            guild_id=interaction.guild.id,
            channel_id=interaction.channel.id,
            game=game,
            host_id=interaction.user.id,
            options=options,
            seed=new_seed(),
            phase_seconds=phase_seconds,
            spectator_channel_id=spectators.id if spectators else None,
            now=self.bot.now(),
        )
        if match_id is None:
            raise UserError("This channel already has an open match; finish or cancel it first.")
        row = await self.bot.service.known(match_id)
        if practice:
            await self._start_practice(interaction, row)
            return
        if opponent is not None:
            await self.storage.add_player(match_id, interaction.user.id, interaction.user.name)
            await self.storage.set_challenge(match_id, opponent.id)
            text = (
                f"<@{opponent.id}>, **{interaction.user.name}** challenges you to "
                f"**{engine.title}** ({plugin_for(game).texts.phase_label.lower()}: "
                f"{_duration(row.phase_seconds)}). Press **Accept** to play now, or "
                "**Decline**."
            )
            await interaction.response.send_message(
                text, view=challenge_view(match_id, opponent.id)
            )
        else:
            await interaction.response.send_message(
                await self.lobby_text(row), view=lobby_view(match_id)
            )
        message = await interaction.original_response()
        await self.storage.set_lobby_message(match_id, message.id)

    async def _start_practice(self, interaction: discord.Interaction[Any], row: MatchRow) -> None:
        await self.storage.add_player(row.id, interaction.user.id, interaction.user.name)
        await self.storage.add_player(row.id, COMPUTER_USER, COMPUTER_NAME)
        async with self.bot.service.lock(row.id):
            try:
                started = await self._begin(row, await self.storage.players(row.id))
            except UserError:
                await self.bot.service.cancel(row.id)
                raise
        if not started:
            raise UserError("This match has already started.")
        title = engine_for(row.game).title
        await interaction.response.send_message(
            f"**{title}** — {interaction.user.name} plays a practice match against "
            f"{COMPUTER_NAME} ({plugin_for(row.game).texts.phase_label.lower()}: "
            f"{_duration(row.phase_seconds)}). Your moves are made in your 1-on-1."
        )
        await self.settle(row.id)
        await self._tell_closed_dms(interaction, row.id)

    async def answer_challenge(
        self, interaction: discord.Interaction[Any], match_id: int, user_id: int, *, accept: bool
    ) -> None:
        """The challenged member accepts (takes the seat; the match starts) or declines (the
        match is cancelled). Nobody else may answer."""
        if interaction.user.id != user_id:
            raise UserError(f"This challenge is for <@{user_id}>; only they can answer it.")
        row = await self.storage.match(match_id)
        if row is None or row.status != "lobby":
            raise UserError("This challenge has already been answered or cancelled.")
        name = interaction.user.name
        title = engine_for(row.game).title
        if not accept:
            await self.bot.service.cancel(match_id)
            await interaction.response.edit_message(
                content=f"{name} declined the challenge to {title}.", view=None
            )
            return
        async with self.bot.service.lock(match_id):
            await self.storage.add_player(match_id, user_id, name)
            players = await self.storage.players(match_id)
            try:
                started = await self._begin(row, players)
            except UserError:
                await self.storage.remove_player(match_id, user_id)
                raise
        if not started:
            raise UserError("This challenge has already been answered or cancelled.")
        who = " against ".join(p.name for p in players)
        await interaction.response.edit_message(
            content=f"{name} accepted the challenge: **{title}**, {who}. Good luck!", view=None
        )
        await self.settle(match_id)
        await self._tell_closed_dms(interaction, match_id)

    async def _begin(self, row: MatchRow, players: list[PlayerRow]) -> bool:
        """Start the match, unless a player could read its spectators' channel, where every
        sealed bid of a closed phase is shown (a host who plays included)."""
        readers = await self._spectator_readers(row, players)
        if readers:
            raise UserError(
                f"{', '.join(readers)} can read <#{row.spectator_channel_id}>, where the "
                "spectators see every sealed bid after each phase. Players may not see that "
                "channel: change its permissions (or open the match without `spectators`), "
                "then start again."
            )
        return await self.bot.service.start(row, players)

    async def _spectator_readers(self, row: MatchRow, players: list[PlayerRow]) -> list[str]:
        channel = (
            self.bot.get_channel(row.spectator_channel_id) if row.spectator_channel_id else None
        )
        if not plugin_for(row.game).texts.spectators_see_sealed or not isinstance(
            channel, discord.TextChannel
        ):
            return []
        readers: list[str] = []
        for player in players:
            if player.user_id == COMPUTER_USER:
                continue
            member = channel.guild.get_member(player.user_id)
            if member is None:
                try:
                    member = await channel.guild.fetch_member(player.user_id)
                except discord.HTTPException:  # gone from the server: reads nothing there
                    continue
            if channel.permissions_for(member).read_messages:
                readers.append(player.name)
        return readers

    async def add_computer(self, interaction: discord.Interaction[Any]) -> None:
        """A host seats the practice opponent in an empty seat of the lobby."""
        row = await self.match_here(interaction)
        await self.require_host(interaction, row)
        if row.status != "lobby":
            raise UserError("The match has already started; seats are only filled in a lobby.")
        engine = engine_for(row.game)
        if plugin_for(row.game).practice is None:
            raise UserError(f"{engine.title} has no practice opponent.")
        if await self.storage.challenged(row.id) is not None:
            raise UserError("This lobby is a challenge: its empty seat is the challenged member's.")
        async with self.bot.service.lock(row.id):
            if len(await self.storage.players(row.id)) >= engine.max_players:
                raise UserError(f"The match is full ({engine.max_players} players).")
            if not await self.storage.add_player(row.id, COMPUTER_USER, COMPUTER_NAME):
                raise UserError(f"{COMPUTER_NAME} already has a seat in this match.")
        await interaction.response.send_message(
            f"{COMPUTER_NAME} takes a seat. Press **Start** when the lobby is ready.",
            ephemeral=True,
        )
        await self._refresh_lobby_message(row)

    async def settle(self, match_id: int, outcome: Outcome | None = None) -> None:
        """After a start or a move (its `outcome`): deliver its events, then let the practice
        opponent make the moves it owes (each delivered in turn)."""
        if outcome is None:
            await self.bot.presenter.flush(match_id)
        else:
            await self.bot.presenter.present(outcome)
        await self.bot.computer.act(match_id)

    async def lobby_text(self, row: MatchRow) -> str:
        engine = engine_for(row.game)
        ui = plugin_for(row.game).texts
        players = await self.storage.players(row.id)
        options = engine.parse_options(row.options).model_dump(exclude={"garnets"})
        shown = ui.options_text(row.options, names_of(players)) or ", ".join(
            f"{k.replace('_', ' ')}: {_option(v)}" for k, v in options.items()
        )
        seated = ", ".join(p.name for p in players) or "nobody yet"
        season = (
            await self.storage.open_season(row.guild_id) if counts_for_seasons(row.game) else None
        )
        series = (
            f"Counts for season **{season.name}**: garnets come from the season's ledger and "
            "prizes go to it.\n"
            if season
            else ""
        )
        return fit(
            f"**{engine.title}** — a new match hosted by <@{row.host_id}>.\n"
            f"{ui.phase_label}: {_duration(row.phase_seconds)} · {shown}\n{series}"
            f"Players ({len(players)}/{engine.max_players}, at least {engine.min_players}): "
            f"{seated}\nPress **Join** to play; the host presses **Start**."
        )

    async def _refresh_lobby(self, interaction: discord.Interaction[Any], row: MatchRow) -> None:
        text = await self.lobby_text(row)
        message = interaction.message
        if message is not None and message.id == row.lobby_message_id:
            await interaction.response.edit_message(content=text)
            return
        await interaction.response.send_message("Done.", ephemeral=True)
        await self._refresh_lobby_message(row, text)

    async def _refresh_lobby_message(self, row: MatchRow, text: str | None = None) -> None:
        channel = self.bot.get_channel(row.channel_id)
        if isinstance(channel, discord.TextChannel) and row.lobby_message_id:
            text = text or await self.lobby_text(row)
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(row.lobby_message_id).edit(content=text)

    async def _close_lobby(self, row: MatchRow) -> None:
        """Take the Join/Leave/Start buttons off the lobby message once it has started."""
        channel = self.bot.get_channel(row.channel_id)
        if isinstance(channel, discord.TextChannel) and row.lobby_message_id:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(row.lobby_message_id).edit(view=None)

    async def _lobby(self, match_id: int) -> MatchRow:
        row = await self.storage.match(match_id)
        if row is None or row.status != "lobby":
            raise UserError("This match is no longer taking players.")
        return row

    async def join_here(self, interaction: discord.Interaction[Any]) -> None:
        await self.join(interaction, (await self.match_here(interaction)).id)

    async def leave_here(self, interaction: discord.Interaction[Any]) -> None:
        await self.leave(interaction, (await self.match_here(interaction)).id)

    async def start_here(self, interaction: discord.Interaction[Any]) -> None:
        await self.start(interaction, (await self.match_here(interaction)).id)

    async def join(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        row = await self._lobby(match_id)
        engine = engine_for(row.game)
        challenged = await self.storage.challenged(match_id)
        if challenged is not None:
            raise UserError(
                f"This match is a challenge to <@{challenged}>; they take the seat by "
                "pressing **Accept**."
            )
        season = (
            await self.storage.open_season(row.guild_id) if counts_for_seasons(row.game) else None
        )
        if season is not None and await self.bot.service.seasons.eliminated(
            season, [interaction.user.id]
        ):
            raise UserError(
                f"You are eliminated from season {season.name}, so you cannot join its "
                "matches unless a host reinstates you."
            )
        async with self.bot.service.lock(match_id):
            if len(await self.storage.players(match_id)) >= engine.max_players:
                raise UserError(f"The match is full ({engine.max_players} players).")
            if not await self.storage.add_player(
                match_id, interaction.user.id, interaction.user.name
            ):
                raise UserError("You have already joined this match.")
        await self._refresh_lobby(interaction, row)

    async def leave(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        row = await self._lobby(match_id)
        if await self.storage.challenged(match_id) is not None:
            raise UserError("To withdraw a challenge, cancel it with `/match cancel`.")
        if not await self.storage.remove_player(match_id, interaction.user.id):
            raise UserError("You have not joined this match.")
        await self._refresh_lobby(interaction, row)

    async def start(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        row = await self._lobby(match_id)
        await self.require_host(interaction, row)
        challenged = await self.storage.challenged(match_id)
        if challenged is not None:
            raise UserError(
                f"This challenge starts when <@{challenged}> accepts it (or cancel it with "
                "`/match cancel`)."
            )
        players = await self.storage.players(match_id)
        await self._drop_eliminated(interaction, row, players)
        async with self.bot.service.lock(match_id):
            if not await self._begin(row, players):
                raise UserError("This match has already started.")
        await interaction.response.send_message(
            f"The match has started with {len(players)} players.", ephemeral=True
        )
        await self._close_lobby(row)
        await self.settle(match_id)
        await self._tell_closed_dms(interaction, match_id)

    async def _tell_closed_dms(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        closed = [p.name for p in await self.bot.service.players(match_id) if p.dm_closed]
        if closed:
            await interaction.followup.send(
                "These players have their DMs closed, so Dealer cannot reach them privately: "
                f"{', '.join(closed)}. They can use the **My 1-on-1** button on the phase "
                "message, or `/me` and `/bid` in the channel (only they see the replies).",
                ephemeral=True,
            )

    async def _drop_eliminated(
        self, interaction: discord.Interaction[Any], row: MatchRow, players: list[PlayerRow]
    ) -> None:
        """Members eliminated from the season since they joined leave the lobby, and the
        host is asked to press Start again with the lobby as it now is."""
        season = (
            await self.storage.open_season(row.guild_id) if counts_for_seasons(row.game) else None
        )
        if season is None:
            return
        out = await self.bot.service.seasons.eliminated(season, [p.user_id for p in players])
        if not out:
            return
        for user_id in out:
            await self.storage.remove_player(row.id, user_id)
        await self._refresh_lobby_message(row)
        gone = ", ".join(p.name for p in players if p.user_id in out)
        raise UserError(
            f"{gone} {'is' if len(out) == 1 else 'are'} eliminated from season {season.name} "
            "and left the lobby. Check the players and press Start again."
        )

    async def ask_cancel(self, interaction: discord.Interaction[Any]) -> None:
        row = await self.match_here(interaction)
        await self.require_host(interaction, row)
        await interaction.response.send_message(
            "Cancel this match for everyone? This cannot be undone.",
            view=cancel_view(row.id),
            ephemeral=True,
        )

    async def cancel(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        row = await self.storage.match(match_id)
        if row is None:
            raise UserError("This match no longer exists.")
        await self.require_host(interaction, row)
        await self.bot.service.cancel(match_id)
        await interaction.response.send_message("The match is cancelled.", ephemeral=True)
        await self.bot.presenter.channel_send(
            row.channel_id, f"The host cancelled this {engine_for(row.game).title} match."
        )

    # -- playing ---------------------------------------------------------------------------

    async def submit(
        self, interaction: discord.Interaction[Any], row: MatchRow, move: dict[str, Any]
    ) -> None:
        """Submit a player's move; confirm privately after the commit, then deliver."""
        players = await self.require_player(interaction, row)
        me = player_id(interaction.user.id)
        try:
            outcome = await self.bot.service.submit(row.id, me, move)
        except RuleError as error:
            names = await self.bot.service.names(row.id)
            texts = plugin_for(row.game).texts
            raise RuleError(error.code, texts.engine_text(error.message, names)) from None
        await self.bot.presenter.reply(interaction, row, outcome, players)
        await self.settle(row.id, outcome)

    async def submit_here(
        self, interaction: discord.Interaction[Any], move: dict[str, Any], command: str
    ) -> None:
        """A move from a player's slash command, in the match of this channel (or DM)."""
        row = await self.match_here(interaction)
        ui = plugin_for(row.game).texts
        if command not in ui.commands:
            raise UserError(
                f"{ui.title} has no `/{command}`: play from your 1-on-1 (your DMs, the "
                "**My 1-on-1** button or `/me`)."
            )
        await self.submit(interaction, row, move)

    async def bid_here(
        self, interaction: discord.Interaction[Any], target: str, amount: int
    ) -> None:
        move = {"type": "bid", "target": target.strip().lower(), "amount": amount}
        await self.submit_here(interaction, move, "bid")

    async def me(self, interaction: discord.Interaction[Any]) -> None:
        """The 1-on-1 of this channel's match; once it is over, what was kept for the player
        while their DMs were closed and they have not read yet."""
        row = await self.match_here(interaction, ended=True)
        if row.status == "ended":
            await self.show_kept_after_the_end(
                interaction,
                row,
                otherwise=NO_OPEN_MATCH,
            )
            return
        await self.show_one_on_one(interaction, row.id)

    async def bid(
        self, interaction: discord.Interaction[Any], match_id: int, target: str, amount: str
    ) -> None:
        """A bid from the 1-on-1 form: the amount as typed."""
        row = await self.bot.service.running(match_id)
        move = {"type": "bid", "target": target, "amount": parse_amount(amount)}
        await self.submit(interaction, row, move)

    async def show_one_on_one(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        over = await self.bot.service.row(match_id)
        if over is not None and over.status in ("ended", "cancelled"):
            ended = over.status == "ended"
            await self.show_kept_after_the_end(
                interaction,
                over,
                otherwise="This match is over." if ended else "This match no longer exists.",
            )
            return
        row = await self.bot.service.running(match_id)
        await self.require_player(interaction, row)
        text, view = await self.bot.presenter.one_on_one(row, interaction.user.id)
        # A message holds 2,000 characters; the kept texts get what the 1-on-1 leaves.
        note, shown = await self.bot.presenter.kept_note(row, interaction.user.id, 1950 - len(text))
        board = await self.bot.presenter.card(row, interaction.user.id)
        text = f"{note}\n\n{text}" if note else text
        await interaction.response.send_message(**message(text, view, board), ephemeral=True)
        if shown:
            await self.storage.read_kept(shown)

    async def show_kept_after_the_end(
        self, interaction: discord.Interaction[Any], row: MatchRow, *, otherwise: str
    ) -> None:
        """A match that is over has no 1-on-1 left, but the texts kept for a player while their
        DMs were closed are still theirs: shown once, like during the match. With none,
        `otherwise` is the refusal."""
        lead = "This match is over." if row.status == "ended" else "The host cancelled this match."
        note, shown = await self.bot.presenter.kept_note(row, interaction.user.id, 1950 - len(lead))
        if not note:
            raise UserError(otherwise)
        await interaction.response.send_message(f"{lead}\n\n{note}", ephemeral=True)
        await self.storage.read_kept(shown)

    # -- host controls ---------------------------------------------------------------------

    async def host_move(self, interaction: discord.Interaction[Any], move: dict[str, Any]) -> None:
        row = await self._running_as_host(interaction)
        try:
            outcome = await self.bot.service.submit(row.id, HOST, move)
        except RuleError as error:
            names = await self.bot.service.names(row.id)
            raise RuleError(
                error.code, plugin_for(row.game).texts.engine_text(error.message, names)
            ) from None
        await interaction.response.send_message("Done.", ephemeral=True)
        await self.settle(row.id, outcome)

    async def status(self, interaction: discord.Interaction[Any]) -> None:
        row = await self.match_here(interaction, ended=True)
        if row.status == "lobby":
            await interaction.response.send_message(await self.lobby_text(row))
            return
        view = await self.bot.service.view(row, None)
        text = plugin_for(row.game).texts.status(view, await self.bot.service.names(row.id))
        if row.paused:
            text += "\n⏸️ Paused by the host."
        elif row.deadline and row.status == "running":
            text += f"\nThe phase closes <t:{int(row.deadline)}:R>."
        await interaction.response.send_message(fit(text))

    async def _running_as_host(self, interaction: discord.Interaction[Any]) -> MatchRow:
        row = await self.match_here(interaction)
        await self.require_host(interaction, row)
        if row.status != "running":
            raise UserError("The match has not started yet.")
        return row

    async def extend(self, interaction: discord.Interaction[Any], minutes: int) -> None:
        row = await self._running_as_host(interaction)
        deadline = await self.bot.service.extend(row, minutes * 60)
        when = f"now closes <t:{int(deadline)}:R>" if deadline else "has more time once resumed"
        await interaction.response.send_message(f"Extended by {minutes} minutes.", ephemeral=True)
        await self.bot.presenter.channel_send(
            row.channel_id, f"The host extended the phase by {minutes} minutes: it {when}."
        )

    async def pause(self, interaction: discord.Interaction[Any]) -> None:
        row = await self._running_as_host(interaction)
        await self.bot.service.pause(row)
        await interaction.response.send_message("Paused.", ephemeral=True)
        await self.bot.presenter.channel_send(
            row.channel_id,
            "⏸️ The host paused the match: the clock is stopped and no moves are taken.",
        )

    async def resume(self, interaction: discord.Interaction[Any]) -> None:
        row = await self._running_as_host(interaction)
        deadline = await self.bot.service.resume(row)
        await interaction.response.send_message("Resumed.", ephemeral=True)
        await self.bot.presenter.channel_send(
            row.channel_id, f"▶️ The match resumes: the phase closes <t:{int(deadline)}:R>."
        )
        await self.bot.computer.act(row.id)

    async def match_log(self, interaction: discord.Interaction[Any]) -> None:
        """The record up to the last closed phase (all of it once the match is over), with the
        host's audit of every sealed bid of the closed phases."""
        row = await self.match_here(interaction, ended=True)
        await self.require_host(interaction, row)
        if not row.started:
            raise UserError("The match has not started yet.")
        if row.status == "running" and not plugin_for(row.game).texts.record_while_running:
            raise UserError(
                f"The record of a {engine_for(row.game).title} match is given once the match "
                "is over: its seed deals every hand, which nobody may see while it runs."
            )
        players = await self.bot.service.players(row.id)
        if row.status == "running" and any(p.user_id == interaction.user.id for p in players):
            raise UserError(
                "You play in this match, so while it runs you see only what your seat may see: "
                "its record and the audit of sealed bids come once it is over. A host who is "
                "not playing can export them now."
            )
        usernames = {player_id(p.user_id): p.name for p in players}
        record = await self.bot.service.record(row, usernames)
        if row.status == "running":
            closes = [i for i, m in enumerate(record["moves"]) if m["type"] == "close_phase"]
            record["moves"] = record["moves"][: closes[-1] + 1] if closes else []
        audit = (await self.bot.service.view(row, HOST)).get("audit", [])
        files = [
            discord.File(
                io.BytesIO(json.dumps(record, indent=2).encode()), filename=f"match-{row.id}.json"
            ),
            discord.File(
                io.BytesIO(json.dumps(_renamed(audit, usernames), indent=2).encode()),
                filename=f"match-{row.id}-audit.json",
            ),
        ]
        note = (
            ""
            if row.status != "running"
            else (
                " While the match runs, the record stops at the last closed phase, so no sealed "
                "bid of the open phase is in it."
            )
        )
        await interaction.response.send_message(
            f"The match record (replay it with `python -m games replay match-{row.id}.json`) "
            f"and the audit of every closed phase.{note}",
            files=files,
            ephemeral=True,
        )


def _renamed(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_renamed(v, names) for v in value]
    if isinstance(value, dict):
        return {_renamed(k, names): _renamed(v, names) for k, v in value.items()}
    return value


def _option(value: Any) -> str:
    if isinstance(value, list):
        return "/".join(str(v) for v in value)
    if value is None:
        return "random"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _duration(seconds: int) -> str:
    if seconds % 86400 == 0:
        return f"{seconds // 86400} day(s)"
    if seconds % 3600 == 0:
        return f"{seconds // 3600} hour(s)"
    return f"{seconds // 60} minute(s)"
