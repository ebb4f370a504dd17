"""High Bid in Discord: `/match create high-bid coins:<n>`; its moves use the generic
controls built from its legal actions; its computer seats bid at random."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.games.plugin import GamePlugin, clock_options
from bot.handlers import handlers
from games.core.contract import Action
from games.core.seats import ComputerPlayer, Seat
from tests.toy_game.texts import HighBidTexts

TEXTS = HighBidTexts()


def create() -> app_commands.Command[Any, ..., None]:
    @app_commands.command(name="high-bid", description="Open a High Bid lobby in this channel")
    @app_commands.describe(
        coins="Coins each player may bid (default 10)",
        lots="Lots to bid on (default none: the bid is on the one prize)",
    )
    @clock_options("high-bid")
    async def high_bid(
        interaction: discord.Interaction[Any],
        coins: app_commands.Range[int, 1, 1000] | None = None,
        lots: app_commands.Range[int, 0, 1000] | None = None,
        *,
        clocks: dict[str, int],
    ) -> None:
        options = {} if coins is None else {"coins": coins}
        options |= {} if lots is None else {"lots": lots}
        lobby = handlers(interaction).lobby.create(interaction, TEXTS.game, options, clocks, None)
        await lobby

    return high_bid


def computer_bid(view: dict[str, Any], actions: list[Action], seat: Seat) -> dict[str, Any]:
    """A computer seat's sealed bid (its one legal action, `actions`), drawn by the seat from
    what its view allows: any amount of its coins, on any lot (less that lot's fee)."""
    rng = seat.rng()
    if not view["lots"]:
        return {"type": "bid", "amount": rng.randint(0, view["coins"])}
    lot = rng.randint(1, view["lots"])
    return {"type": "bid", "lot": f"l{lot}", "amount": rng.randint(0, view["coins"] - lot % 3)}


PLUGIN = GamePlugin(texts=TEXTS, create=create, computer=ComputerPlayer({"normal": computer_bid}))
