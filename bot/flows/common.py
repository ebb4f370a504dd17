"""What every flow needs: which match a command is about and who may act in it, and what
follows a move (its delivery, then the computer's moves)."""

from __future__ import annotations

from typing import Any

import discord

from bot.computer import Computer
from bot.context import MatchContext
from bot.errors import UserError
from bot.i18n import N_, Language, _, server_speaks
from bot.players import is_computer_user, player_id, seat_id, seat_of
from bot.presenter import Presenter
from bot.service import MatchService, Outcome
from bot.storage import MatchRow, PlayerRow, Storage
from games.registry import engine_for

NO_OPEN_MATCH = N_(
    "There is no open match in this channel. A host can open one with `/match create`."
)


def can_read(
    guild: discord.Guild, reader: discord.abc.User | discord.Role, channel_id: int
) -> bool:
    """Whether `reader` (a member, or a role: `@everyone` for anyone in the server) may read
    a channel of `guild`, by Discord's permissions; a channel (or thread) the bot cannot find
    counts as unreadable, and so does a user who is not a member."""
    channel = guild.get_channel_or_thread(channel_id)
    if channel is None or not isinstance(reader, discord.Member | discord.Role):
        return False
    return channel.permissions_for(reader).read_messages


async def member_of(guild: discord.Guild, user_id: int) -> discord.Member | None:
    """The server's member `user_id`, with their roles; None when they are not in it.
    discord.py keeps hardly any members (the bot asks for no members intent), so one not
    kept is asked of Discord. Any other failure of Discord's is raised, not taken for "not
    a member": the caller is then answered with an apology, and nothing is decided on a
    guess (a player Discord could not name may read a spectators' channel)."""
    member = guild.get_member(user_id)
    if member is None:
        try:
            member = await guild.fetch_member(user_id)
        except discord.NotFound:
            return None
    return member


class Gate:
    """Finds the match a command is about, and checks who may do what in it."""

    def __init__(self, client: discord.Client, storage: Storage, service: MatchService) -> None:
        self.client = client
        self.storage = storage
        self.service = service

    async def match_here(
        self, interaction: discord.Interaction[Any], *, ended: bool = False, aside: bool = False
    ) -> MatchRow:
        """The open match of this channel (or of the channel a thread belongs to: a location
        thread, or the thread the match is played in); in DMs, the one open match the member
        plays in. With `ended`, the channel's last match also when it is over (for
        /match status and /match log). A match set aside (its record damaged) is refused in
        its sentence (`MatchDamaged`), unless `aside` (/match log and /match cancel)."""
        row = await self._match_here(interaction, ended=ended)
        if not aside and row.status == "running":
            await self.service.undamaged(row)
        return row

    async def _match_here(self, interaction: discord.Interaction[Any], *, ended: bool) -> MatchRow:
        channel = interaction.channel
        if interaction.guild is not None and channel is not None:
            channel_id = getattr(channel, "parent_id", None) or channel.id
            row = await self.service.open_match_in(channel_id)
            if row is None and ended:
                row = await self.storage.last_match_in(channel_id)
            if row is None:
                raise UserError(_(NO_OPEN_MATCH))
            return row
        rows = await self.storage.open_matches_of(interaction.user.id)
        if not rows:
            raise UserError(_("You are not playing in any open match."))
        if len(rows) > 1:
            raise UserError(
                _("You are in several matches; use this command in the match's channel instead.")
            )
        return rows[0]

    async def speaks(self, row: MatchRow) -> Language:
        """The language of what Dealer posts in the match's channels (`server_speaks`)."""
        return await server_speaks(self.storage, self.client, row.guild_id)

    async def is_host(self, user: discord.abc.User, row: MatchRow) -> bool:
        """The match's creator, or a server host (`is_server_host`)."""
        return user.id == row.host_id or await self.is_server_host(user, row.guild_id)

    async def is_server_host(self, user: discord.abc.User, guild_id: int) -> bool:
        """Anyone with Manage Server, or a member of the server's host role (also when they
        ask in DMs: their membership is then asked of Discord)."""
        member = user if isinstance(user, discord.Member) else None
        if member is None or member.guild.id != guild_id:
            guild = self.client.get_guild(guild_id)
            member = await member_of(guild, user.id) if guild else None
        if member is None:
            return False
        if member.guild_permissions.manage_guild:
            return True
        role_id = await self.storage.host_role(guild_id)
        return role_id is not None and any(r.id == role_id for r in member.roles)

    async def require_host(self, interaction: discord.Interaction[Any], row: MatchRow) -> None:
        if not await self.is_host(interaction.user, row):
            raise UserError(
                _(
                    "Only a host can do that: the member who created the match, anyone "
                    "with Manage Server, or the server's host role."
                )
            )

    async def require_no_party(
        self, interaction: discord.Interaction[Any], row: MatchRow, what: str
    ) -> None:
        """A host who plays a running match that someone wins, against at least one other
        person, may not use `what` (removing another player, closing a phase that waits for
        someone else, an undo, cancelling): each could decide the match for their own side (a
        challenger hosts their challenge). A host who does not play still may; timing (pause,
        extend) stays open to all, and a match against computer seats only is the player's to
        host in full."""
        if row.status != "running" or not engine_for(row.game).contest:
            return
        me = interaction.user.id
        players = await self.service.players(row.id)
        if any(p.user_id == me for p in players) and any(
            p.user_id != me and not is_computer_user(p.user_id) for p in players
        ):
            raise UserError(
                _(
                    "You play in this match, so {what} is for a host who does not play (anyone "
                    "with Manage Server or the server's host role): it could decide the match "
                    "for you."
                ).format(what=what)
            )

    async def seat_of_member(self, row: MatchRow, member: discord.abc.User) -> str:
        """The engine's player id of the seat `member` holds (their own, or one handed to
        them), for a move naming them. A member who never held one is named by their own
        id, which the engine refuses in its words; one whose seat went to another is refused
        here, as the engine still knows the seat by their id."""
        players = await self.service.players(row.id)
        seat = seat_of(players, member.id)
        if seat is not None:
            return seat
        if any(seat_id(p) == player_id(member.id) for p in players):
            raise UserError(
                _(
                    "{member} no longer plays in this match: the host handed their seat to another."
                ).format(member=member.mention)
            )
        return player_id(member.id)

    def context(self, interaction: discord.Interaction[Any], row: MatchRow) -> MatchContext:
        """The member's context in the match `row`, for the rest of the interaction."""
        return MatchContext(interaction, row, self.service)

    async def require_player(
        self, interaction: discord.Interaction[Any], row: MatchRow
    ) -> list[PlayerRow]:
        """The match's players, when the member is one of them."""
        return await self.context(interaction, row).require_player()


class Settle:
    """After a start or a move (its outcome): deliver its events, then wake the computer
    seats, which make the moves they owe (each delivered in turn) in a task of their own."""

    def __init__(self, presenter: Presenter, computer: Computer) -> None:
        self.presenter = presenter
        self.computer = computer

    async def __call__(self, match_id: int, outcome: Outcome | None = None) -> None:
        if outcome is None:
            await self.presenter.flush(match_id)
        else:
            await self.presenter.present(outcome)
        self.computer.wake(match_id)
