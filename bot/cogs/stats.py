"""/stats and /leaderboard: the server's finished matches, per member and per game."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.flows.stats import Stats
from bot.games.registry import game_choices

Interaction = discord.Interaction[Any]


class StatsCog(commands.Cog):
    def __init__(self, stats: Stats) -> None:
        self.stats_flow = stats

    @app_commands.command(
        name="stats",
        description=locale_str("Matches played and won, and the rating, per game; the last ones"),
    )
    @app_commands.describe(
        member=locale_str("Whose stats (default: yours)"),
        game=locale_str("One game (default: every game)"),
        public=locale_str("Show them to the channel (default: only you see them)"),
    )
    @app_commands.autocomplete(game=game_choices)
    async def stats(
        self,
        interaction: Interaction,
        member: discord.User | None = None,
        game: str | None = None,
        public: bool = False,
    ) -> None:
        await self.stats_flow.stats(interaction, member, game, public)

    @app_commands.command(
        name="leaderboard",
        description=locale_str(
            "This server's top players: of one game by rating, of all games by wins"
        ),
    )
    @app_commands.describe(
        game=locale_str("One game (default: every game)"),
        public=locale_str("Show it to the channel (default: only you see it)"),
    )
    @app_commands.autocomplete(game=game_choices)
    async def leaderboard(
        self, interaction: Interaction, game: str | None = None, public: bool = False
    ) -> None:
        await self.stats_flow.leaderboard(interaction, game, public)
