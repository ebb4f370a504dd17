"""The players' commands every game shares: /bid and /me (a game's own are in its plug-in;
/help is `bot.cogs.help`)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.amounts import MAX_AMOUNT
from bot.flows.common import Gate
from bot.flows.play import Play
from bot.games.registry import plugin_for

Interaction = discord.Interaction[Any]


class PlayCog(commands.Cog):
    def __init__(self, play: Play, gate: Gate) -> None:
        self.play = play
        self.gate = gate

    @app_commands.command(
        name="bid", description=locale_str("Send a sealed bid (in your DMs or here)")
    )
    @app_commands.describe(
        target=locale_str("What you bid on now (the list shows what you may choose)"),
        amount=locale_str("Whole dollars"),
    )
    async def bid(
        self,
        interaction: Interaction,
        target: str,
        amount: app_commands.Range[int, 0, MAX_AMOUNT],
    ) -> None:
        await self.play.bid_here(interaction, target, amount)

    @bid.autocomplete("target")
    async def bid_target(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """What the member may bid on now, by the names the refusals list."""
        try:
            row = await self.gate.match_here(interaction)
            context = self.gate.context(interaction, row)
            bids = await self.play.bids(context)
            names = await context.names()
        except Exception:
            return []
        texts = plugin_for(row.game).texts
        typed = current.lower()
        labelled = [(a.key, texts.engine_text(a.label, names)) for a in bids]
        return [
            app_commands.Choice(name=label[:100], value=key)
            for key, label in labelled
            if typed in key or typed in label.lower()
        ][:25]

    @app_commands.command(
        name="me", description=locale_str("Your 1-on-1: cash, cubes, bids (only you see it)")
    )
    async def me(self, interaction: Interaction) -> None:
        await self.play.me(interaction)
