"""The players' commands every game shares: /bid, /me and /help (a game's own are in its
plug-in)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.amounts import MAX_AMOUNT
from bot.errors import UserError, guarded
from bot.flows.common import Gate
from bot.flows.play import Play
from bot.games.registry import PLUGINS, plugin_for
from bot.limits import pages

Interaction = discord.Interaction[Any]


class PlayCog(commands.Cog):
    def __init__(self, play: Play, gate: Gate) -> None:
        self.play = play
        self.gate = gate

    @app_commands.command(name="bid", description="Send a sealed bid (in your DMs or here)")
    @app_commands.describe(
        target="What you bid on now (the list shows what you may choose)",
        amount="Whole dollars",
    )
    async def bid(
        self,
        interaction: Interaction,
        target: str,
        amount: app_commands.Range[int, 0, MAX_AMOUNT],
    ) -> None:
        await guarded(interaction, self.play.bid_here(interaction, target, amount))

    @bid.autocomplete("target")
    async def bid_target(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """What the member may bid on now, by the names the refusals list."""
        try:
            row = await self.gate.match_here(interaction)
            bids = await self.play.bids(row, interaction.user.id)
            names = await self.gate.service.names(row.id)
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

    @app_commands.command(name="me", description="Your 1-on-1: cash, cubes, bids (only you see it)")
    async def me(self, interaction: Interaction) -> None:
        await guarded(interaction, self.play.me(interaction))

    @app_commands.command(name="help", description="How to play, and the commands")
    @app_commands.describe(game="A game (default: all)")
    async def help(self, interaction: Interaction, game: str | None = None) -> None:
        await guarded(interaction, self._help(interaction, game))

    @help.autocomplete("game")
    async def help_game(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        typed = current.lower()
        return [
            app_commands.Choice(name=p.title, value=g)
            for g, p in PLUGINS.items()
            if typed in g or typed in p.title.lower()
        ][:25]

    async def _help(self, interaction: Interaction, game: str | None) -> None:
        if game is not None and game not in PLUGINS:
            typed = game.strip().lower()
            titles = {p.title.lower(): g for g, p in PLUGINS.items()}
            # A game by its id, its title, or a word that starts the words of only one game
            # (`marsbot`; `mars` starts two).
            starting = {
                g
                for g, p in PLUGINS.items()
                if any(
                    w.startswith(typed) for w in f"{g} {p.title.lower()}".replace("-", " ").split()
                )
            }
            game = titles.get(typed) or (starting.pop() if len(starting) == 1 else game)
        try:
            plugins = [plugin_for(game)] if game else list(PLUGINS.values())
        except ValueError as error:
            raise UserError(str(error)) from None
        texts = [plugin.texts.help() for plugin in plugins]
        hosting = (
            "**Hosting:** `/match create <game>` opens a lobby with Join/Start buttons. Hosts "
            "(the creator, Manage Server, or the role set by `/config host-role`) can "
            "`/match start`, `/match close-phase`, `/match extend`, `/match pause`, "
            "`/match resume`, `/match kick`, `/match unkick`, `/match undo` (the last move, or "
            "reopen the last phase), `/match log` and `/match cancel`. "
            "`/match status` shows who has submitted (never what); a player concedes with "
            "`/match forfeit`."
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
