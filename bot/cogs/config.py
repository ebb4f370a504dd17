"""/config: per-server settings."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import UserError, guarded
from bot.storage import Storage


class ConfigCog(commands.GroupCog, group_name="config", group_description="Dealer's settings"):
    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        super().__init__()

    @app_commands.command(
        name="host-role", description="Set (or clear) the role whose members host"
    )
    @app_commands.describe(role="Members of this role may host matches; leave empty to clear")
    async def host_role(
        self, interaction: discord.Interaction[Any], role: discord.Role | None = None
    ) -> None:
        await guarded(interaction, self._set_host_role(interaction, role))

    async def _set_host_role(
        self, interaction: discord.Interaction[Any], role: discord.Role | None
    ) -> None:
        member = interaction.user
        if interaction.guild is None or not isinstance(member, discord.Member):
            raise UserError("Use this in a server.")
        if not member.guild_permissions.manage_guild:
            raise UserError("Only members with Manage Server can set the host role.")
        await self.storage.set_host_role(interaction.guild.id, role.id if role else None)
        text = f"Members of {role.mention} can now host." if role else "The host role is cleared."
        await interaction.response.send_message(text, ephemeral=True)
