"""The players' commands: /bid, /give, /garnet-trade, /me and /help."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.actions import MAX_AMOUNT
from bot.errors import guarded
from bot.limits import pages
from bot.service import player_id
from bot.ui import UIS
from games.registry import ENGINES

if TYPE_CHECKING:
    from bot.app import DealerBot

Interaction = discord.Interaction[Any]
GAMES = [app_commands.Choice(name=e.title, value=g) for g, e in ENGINES.items()]


class PlayCog(commands.Cog):
    def __init__(self, bot: DealerBot) -> None:
        self.bot = bot

    @app_commands.command(name="bid", description="Send a sealed bid (in your DMs or here)")
    @app_commands.describe(
        target="A house in the Access phase, a lot of your location in the Auction phase",
        amount="Whole dollars; 0 on a lot withdraws your bid on it",
    )
    async def bid(
        self,
        interaction: Interaction,
        target: str,
        amount: app_commands.Range[int, 0, MAX_AMOUNT],
    ) -> None:
        await guarded(interaction, self.bot.actions.bid_here(interaction, target, amount))

    @bid.autocomplete("target")
    async def bid_target(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            row = await self.bot.actions.match_here(interaction)
            view = await self.bot.service.view(row, player_id(interaction.user.id))
        except Exception:
            return []
        typed = current.lower()
        return [
            app_commands.Choice(name=t.label[:100], value=t.id)
            for t in UIS[row.game].targets(view)
            if typed in t.id or typed in t.label.lower()
        ][:25]

    @app_commands.command(
        name="give", description="Give cash to another player (only you two know)"
    )
    @app_commands.describe(member="Who receives it", amount="Whole dollars, at least 1")
    async def give(
        self,
        interaction: Interaction,
        member: discord.User,
        amount: app_commands.Range[int, 1, MAX_AMOUNT],
    ) -> None:
        move = {"type": "give", "to": player_id(member.id), "amount": amount}
        await guarded(interaction, self.bot.actions.submit_here(interaction, move, "give"))

    @app_commands.command(name="garnet-trade", description="Trade one garnet for $10 (final)")
    async def garnet_trade(self, interaction: Interaction) -> None:
        move = {"type": "trade_garnet"}
        await guarded(interaction, self.bot.actions.submit_here(interaction, move, "garnet-trade"))

    @app_commands.command(name="me", description="Your 1-on-1: cash, cubes, bids (only you see it)")
    async def me(self, interaction: Interaction) -> None:
        await guarded(interaction, self.bot.actions.me(interaction))

    @app_commands.command(name="help", description="How to play, and the commands")
    @app_commands.describe(game="A game (default: all)")
    @app_commands.choices(game=GAMES)
    async def help(self, interaction: Interaction, game: str | None = None) -> None:
        texts = [UIS[game].help()] if game else [ui.help() for ui in UIS.values()]
        hosting = (
            "**Hosting:** `/match create game:…` opens a lobby with Join/Start buttons. Hosts "
            "(the creator, Manage Server, or the role set by `/config host-role`) can "
            "`/match start`, `/match close-phase`, `/match extend`, `/match pause`, "
            "`/match resume`, `/match kick`, `/match log` and `/match cancel`. "
            "`/match status` shows who has submitted (never what)."
        )
        seasons = (
            "**Seasons (Genius series):** a host runs `/season start name:…`; while it is open, "
            "every match started in the server counts for it: players are enrolled with the "
            "season's starting garnets, `/garnet-trade` spends them, and each match's prizes "
            "and elimination candidates go to the ledger. `/season standings`, "
            "`/season history` and `/season export` read it; hosts `/season adjust`, "
            "`/season eliminate`, `/season reinstate`, `/season enrol` and `/season end`."
        )
        packed = pages([*texts, hosting, seasons], separator="\n\n")
        await interaction.response.send_message(packed[0], ephemeral=True)
        for page in packed[1:]:
            await interaction.followup.send(page, ephemeral=True)
