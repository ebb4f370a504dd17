"""/season: a Genius series' garnets, tokens of life, prize pool and eliminations."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.flows.seasons import Seasons
from bot.seasons import MAX_ADJUST

Interaction = discord.Interaction[Any]
Amount = app_commands.Range[int, -MAX_ADJUST, MAX_ADJUST]
Reason = app_commands.Range[str, 1, 200]


class SeasonCog(
    commands.GroupCog,
    group_name="season",
    group_description=locale_str("The server's series: garnets, tokens of life, eliminations"),
):
    def __init__(self, seasons: Seasons) -> None:
        self.seasons = seasons
        super().__init__()

    async def season_names(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.guild is None:
            return []
        names = await self.seasons.names(interaction.guild.id, current)
        return [app_commands.Choice(name=n, value=n) for n in names]

    @app_commands.command(
        name="start", description=locale_str("Host: start a season in this server")
    )
    @app_commands.describe(
        name=locale_str("The season's name"),
        starting_garnets=locale_str("Garnets each member starts with (default 3)"),
    )
    async def start(
        self,
        interaction: Interaction,
        name: app_commands.Range[str, 1, 60],
        starting_garnets: app_commands.Range[int, 0, 100] = 3,
    ) -> None:
        await self.seasons.start(interaction, name, starting_garnets)

    @app_commands.command(
        name="end", description=locale_str("Host: end the open season (asks to confirm)")
    )
    async def end(self, interaction: Interaction) -> None:
        await self.seasons.ask_end(interaction)

    @app_commands.command(
        name="standings",
        description=locale_str(
            "Everyone's garnets, tokens of life and the prize pool (only you see it)"
        ),
    )
    @app_commands.describe(
        season=locale_str("A past season (default: the open or latest one)"),
        public=locale_str("Host: show them to the channel (default: only you see them)"),
    )
    @app_commands.autocomplete(season=season_names)
    async def standings(
        self, interaction: Interaction, season: str | None = None, public: bool = False
    ) -> None:
        await self.seasons.standings(interaction, season, public)

    @app_commands.command(
        name="history", description=locale_str("Every change to the ledger (only you see it)")
    )
    @app_commands.describe(
        member=locale_str("Only this member's entries"),
        season=locale_str("A past season (default: the open or latest)"),
    )
    @app_commands.autocomplete(season=season_names)
    async def history(
        self,
        interaction: Interaction,
        member: discord.User | None = None,
        season: str | None = None,
    ) -> None:
        await self.seasons.history(interaction, member, season)

    @app_commands.command(
        name="export", description=locale_str("The season's ledger as a CSV file")
    )
    @app_commands.describe(season=locale_str("A past season (default: the open or latest one)"))
    @app_commands.autocomplete(season=season_names)
    async def export(self, interaction: Interaction, season: str | None = None) -> None:
        await self.seasons.export(interaction, season)

    @app_commands.command(
        name="adjust", description=locale_str("Host: add or take garnets or tokens of life")
    )
    @app_commands.describe(
        member=locale_str("The member"),
        garnets=locale_str("Garnets to add (negative to take)"),
        tokens=locale_str("Tokens of life to add (negative to take)"),
        reason=locale_str("Why; kept in the ledger"),
    )
    async def adjust(
        self,
        interaction: Interaction,
        member: discord.Member,
        reason: Reason,
        garnets: Amount = 0,
        tokens: Amount = 0,
    ) -> None:
        await self.seasons.adjust(interaction, member, garnets, tokens, reason)

    @app_commands.command(
        name="eliminate", description=locale_str("Host: eliminate a member from the season")
    )
    @app_commands.describe(
        member=locale_str("The member"), reason=locale_str("Why (kept in the ledger)")
    )
    async def eliminate(
        self, interaction: Interaction, member: discord.Member, reason: Reason | None = None
    ) -> None:
        await self.seasons.eliminate(interaction, member, reason)

    @app_commands.command(
        name="reinstate", description=locale_str("Host: bring an eliminated member back")
    )
    @app_commands.describe(
        member=locale_str("The member"), reason=locale_str("Why (kept in the ledger)")
    )
    async def reinstate(
        self, interaction: Interaction, member: discord.Member, reason: Reason | None = None
    ) -> None:
        await self.seasons.reinstate(interaction, member, reason)

    @app_commands.command(
        name="enrol", description=locale_str("Host: enrol a member before they play")
    )
    @app_commands.describe(
        member=locale_str("The member to enrol with the season's starting garnets")
    )
    async def enrol(self, interaction: Interaction, member: discord.Member) -> None:
        await self.seasons.enrol(interaction, member)
