"""/help: the commands in short, or one game's rules, paged (`bot.flows.help`)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.flows.help import Help
from bot.games.registry import game_choices

Interaction = discord.Interaction[Any]


class HelpCog(commands.Cog):
    def __init__(self, help_: Help) -> None:
        self.help_ = help_

    @app_commands.command(name="help", description=locale_str("How to play, and the commands"))
    @app_commands.describe(
        game=locale_str("A game's full rules, page by page (default: the commands)")
    )
    @app_commands.autocomplete(game=game_choices)
    async def help(self, interaction: Interaction, game: str | None = None) -> None:
        await self.help_.show(interaction, game)
