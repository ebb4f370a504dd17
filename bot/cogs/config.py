"""/config: per-server settings."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.errors import UserError
from bot.i18n import CHOICES, LANGUAGES, _, server_language
from bot.storage import Storage

#: `/config language`'s choice that forgets the server's choice (its Discord language rules).
DISCORD_LANGUAGE = "discord"
#: Each choosable language's name, in itself (Babel reads each language's data for it: here,
#: not in `bot.i18n`, which the render workers import).
NAMES = {code: LANGUAGES[code].locale.get_display_name(code) or code for code in CHOICES}


class ConfigCog(
    commands.GroupCog,
    group_name="config",
    group_description=locale_str("Dealer's settings"),
):
    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        super().__init__()

    @app_commands.command(
        name="host-role", description=locale_str("Set (or clear) the role whose members host")
    )
    @app_commands.describe(
        role=locale_str("Members of this role may host matches; leave empty to clear")
    )
    async def host_role(
        self, interaction: discord.Interaction[Any], role: discord.Role | None = None
    ) -> None:
        await self._set_host_role(interaction, role)

    async def _set_host_role(
        self, interaction: discord.Interaction[Any], role: discord.Role | None
    ) -> None:
        guild = self._managed(
            interaction, _("Only members with Manage Server can set the host role.")
        )
        await self.storage.set_host_role(guild.id, role.id if role else None)
        text = (
            _("Members of {role} can now host.").format(role=role.mention)
            if role
            else _("The host role is cleared.")
        )
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(
        name="language",
        description=locale_str("The language of Dealer's posts in this server's channels"),
    )
    @app_commands.describe(
        language=locale_str(
            "Private answers stay in each member's own Discord language; default: the "
            "server's Discord language"
        )
    )
    @app_commands.choices(
        language=[
            *(app_commands.Choice(name=NAMES[code], value=code) for code in CHOICES),
            app_commands.Choice(
                name=locale_str("The server's Discord language"), value=DISCORD_LANGUAGE
            ),
        ]
    )
    async def language(self, interaction: discord.Interaction[Any], language: str) -> None:
        await self._set_language(interaction, language)

    async def _set_language(self, interaction: discord.Interaction[Any], code: str) -> None:
        guild = self._managed(
            interaction, _("Only members with Manage Server can set the server's language.")
        )
        stored = None if code == DISCORD_LANGUAGE else code
        await self.storage.set_language(guild.id, stored)
        chosen = server_language(stored, guild)
        await interaction.response.send_message(
            _("Dealer now posts in this server's channels in {language}.").format(
                language=NAMES.get(chosen.code, chosen.code)
            ),
            ephemeral=True,
        )

    @staticmethod
    def _managed(interaction: discord.Interaction[Any], refusal: str) -> discord.Guild:
        """The server, when the member may change its settings (Manage Server)."""
        member = interaction.user
        if interaction.guild is None or not isinstance(member, discord.Member):
            raise UserError(_("Use this in a server."))
        if not member.guild_permissions.manage_guild:
            raise UserError(refusal)
        return interaction.guild
