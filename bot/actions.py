"""What people can do, shared by slash commands, buttons and forms: each action parses,
checks who is asking, calls the service, answers within Discord's 3 seconds, and then
delivers the committed events."""

from __future__ import annotations

import contextlib
import io
import json
from typing import TYPE_CHECKING, Any

import discord

from bot.components import cancel_view, lobby_view
from bot.errors import UserError
from bot.presenter import message, names_of
from bot.service import new_seed, player_id
from bot.storage import MatchRow, Storage
from bot.ui import UIS
from games.core.engine import HOST
from games.registry import engine_for

if TYPE_CHECKING:
    from bot.app import DealerBot

MAX_AMOUNT = 10**9


def parse_amount(text: str) -> int:
    """A whole number of dollars from a form, or a polite refusal."""
    cleaned = text.strip().removeprefix("$").replace(",", "").strip()
    if not cleaned.lstrip("-").isdigit():
        raise UserError(f"{text.strip()[:20]!r} is not an amount: type a whole number of dollars.")
    amount = int(cleaned)
    if amount < 0:
        raise UserError("A bid cannot be negative.")
    if amount > MAX_AMOUNT:
        raise UserError("That amount is far more than anyone holds.")
    return amount


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
                raise UserError(
                    "There is no open match in this channel. A host can open one "
                    "with `/match create`."
                )
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
        """The match's creator, anyone with Manage Server, or a member of the host role."""
        if user.id == row.host_id:
            return True
        member = user if isinstance(user, discord.Member) else None
        if member is None or member.guild.id != row.guild_id:
            guild = self.bot.get_guild(row.guild_id)
            member = guild.get_member(user.id) if guild else None
        if member is None:
            return False
        if member.guild_permissions.manage_guild:
            return True
        role_id = await self.storage.host_role(row.guild_id)
        return role_id is not None and any(r.id == role_id for r in member.roles)

    async def require_host(self, interaction: discord.Interaction[Any], row: MatchRow) -> None:
        if not await self.is_host(interaction.user, row):
            raise UserError(
                "Only a host can do that: the member who created the match, anyone "
                "with Manage Server, or the server's host role."
            )

    async def require_player(self, interaction: discord.Interaction[Any], row: MatchRow) -> None:
        players = await self.bot.service.players(row.id)
        if not any(p.user_id == interaction.user.id for p in players):
            raise UserError("You are not playing in this match.")

    # -- lobby -----------------------------------------------------------------------------

    async def create(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        options: dict[str, Any],
        phase_seconds: int,
        spectators: discord.TextChannel | None,
    ) -> None:
        if interaction.guild is None or not isinstance(interaction.channel, discord.TextChannel):
            raise UserError("Open a match in a server text channel.")
        engine = engine_for(game)
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
        await interaction.response.send_message(
            await self.lobby_text(row), view=lobby_view(match_id)
        )
        message = await interaction.original_response()
        await self.storage.set_lobby_message(match_id, message.id)

    async def lobby_text(self, row: MatchRow) -> str:
        engine = engine_for(row.game)
        players = await self.storage.players(row.id)
        options = engine.parse_options(row.options).model_dump(exclude={"garnets"})
        shown = ", ".join(f"{k.replace('_', ' ')}: {_option(v)}" for k, v in options.items())
        seated = ", ".join(p.name for p in players) or "nobody yet"
        return (
            f"**{engine.title}** — a new match hosted by <@{row.host_id}>.\n"
            f"Phase length: {_duration(row.phase_seconds)} · {shown}\n"
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
        channel = self.bot.get_channel(row.channel_id)
        if isinstance(channel, discord.TextChannel) and row.lobby_message_id:
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
        if not await self.storage.remove_player(match_id, interaction.user.id):
            raise UserError("You have not joined this match.")
        await self._refresh_lobby(interaction, row)

    async def start(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        row = await self._lobby(match_id)
        await self.require_host(interaction, row)
        players = await self.storage.players(match_id)
        async with self.bot.service.lock(match_id):
            if not await self.bot.service.start(row, players):
                raise UserError("This match has already started.")
        await interaction.response.send_message(
            f"The match has started with {len(players)} players.", ephemeral=True
        )
        await self._close_lobby(row)
        await self.bot.presenter.flush(match_id)
        closed = [p.name for p in await self.bot.service.players(match_id) if p.dm_closed]
        if closed:
            await interaction.followup.send(
                "These players have their DMs closed, so Dealer cannot reach them privately: "
                f"{', '.join(closed)}. They can use the **My 1-on-1** button on the phase "
                "message, or `/me` and `/bid` in the channel (only they see the replies).",
                ephemeral=True,
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
        """Submit a player's move; confirm privately after the commit, then deliver.

        In the channel the reply repeats the move's private receipts (an ephemeral reply is
        all the player sees there); in DMs the receipts arrive as DMs, so the reply only
        shows the updated 1-on-1."""
        await self.require_player(interaction, row)
        me = player_id(interaction.user.id)
        events = await self.bot.service.submit(row.id, me, move)
        ui = UIS[row.game]
        players = await self.bot.service.players(row.id)
        names = names_of(players)
        receipts = [
            text
            for e in events
            if interaction.guild is not None
            and e.audience.kind != "public"
            and e.audience.reaches(me)
            and (text := ui.describe(e.to_json(), names))
        ]
        summary = ui.one_on_one(await self.bot.service.view(row, me), names)
        await interaction.response.send_message(
            "\n".join([*receipts, "✅ Accepted." if not receipts else "", summary]).strip(),
            ephemeral=True,
        )
        await self.bot.presenter.flush(row.id)

    async def submit_here(
        self, interaction: discord.Interaction[Any], move: dict[str, Any]
    ) -> None:
        await self.submit(interaction, await self.match_here(interaction), move)

    async def bid_here(
        self, interaction: discord.Interaction[Any], target: str, amount: int
    ) -> None:
        move = {"type": "bid", "target": target.strip().lower(), "amount": amount}
        await self.submit(interaction, await self.match_here(interaction), move)

    async def me(self, interaction: discord.Interaction[Any]) -> None:
        await self.show_one_on_one(interaction, (await self.match_here(interaction)).id)

    async def bid(
        self, interaction: discord.Interaction[Any], match_id: int, target: str, amount: str
    ) -> None:
        """A bid from the 1-on-1 form: the amount as typed."""
        row = await self.bot.service.running(match_id)
        move = {"type": "bid", "target": target, "amount": parse_amount(amount)}
        await self.submit(interaction, row, move)

    async def show_one_on_one(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        row = await self.bot.service.running(match_id)
        await self.require_player(interaction, row)
        text, view = await self.bot.presenter.one_on_one(row, interaction.user.id)
        board = await self.bot.presenter.card(row, interaction.user.id)
        await interaction.response.send_message(**message(text, view, board), ephemeral=True)

    # -- host controls ---------------------------------------------------------------------

    async def host_move(self, interaction: discord.Interaction[Any], move: dict[str, Any]) -> None:
        row = await self._running_as_host(interaction)
        await self.bot.service.submit(row.id, HOST, move)
        await interaction.response.send_message("Done.", ephemeral=True)
        await self.bot.presenter.flush(row.id)

    async def status(self, interaction: discord.Interaction[Any]) -> None:
        row = await self.match_here(interaction, ended=True)
        if row.status == "lobby":
            await interaction.response.send_message(await self.lobby_text(row))
            return
        view = await self.bot.service.view(row, None)
        text = UIS[row.game].status(view, names_of(await self.bot.service.players(row.id)))
        if row.paused:
            text += "\n⏸️ Paused by the host."
        elif row.deadline and row.status == "running":
            text += f"\nThe phase closes <t:{int(row.deadline)}:R>."
        await interaction.response.send_message(text)

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

    async def match_log(self, interaction: discord.Interaction[Any]) -> None:
        """The record up to the last closed phase (all of it once the match is over), with the
        host's audit of every sealed bid of the closed phases."""
        row = await self.match_here(interaction, ended=True)
        await self.require_host(interaction, row)
        if not row.started:
            raise UserError("The match has not started yet.")
        players = await self.bot.service.players(row.id)
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
