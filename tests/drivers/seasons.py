"""A season of Auction Auction through Discord (SimCord): a table with a series host."""

from __future__ import annotations

import random
from typing import Any

import discord

from bot.storage import Balance, LedgerRow, Season, balances
from tests.bot.conftest import Table


class Series(Table):
    """A table with a series host (Manage Server) who runs the season."""

    def __init__(self, env: Any, players: int) -> None:
        super().__init__(env, players)
        role = self.guild.create_role("Series", permissions=discord.Permissions(manage_guild=True))
        self.boss = self.guild.add_member(env.create_user("boss"), roles=[role])

    async def season(self) -> Season:
        season = await self.bot.storage.open_season(self.guild.id)
        assert season is not None
        return season

    async def ledger(self, *, pending: bool = True) -> list[LedgerRow]:
        return await self.bot.storage.ledger((await self.season()).id, pending=pending)

    async def balances(self) -> dict[str, Balance]:
        season = await self.season()
        names = await self.bot.storage.season_names(season.id)
        return {b.name: b for b in balances(await self.ledger(), names)}

    async def play_to_end(self, rnd: random.Random) -> None:
        while (await self.state()).phase != "ended":
            await self.play_random_phase(rnd, by_button=False)
            await self.close_phase()
