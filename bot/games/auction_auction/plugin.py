"""Auction Auction in Discord: its `/match create` options and its players' commands."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.amounts import MAX_AMOUNT
from bot.games.auction_auction.texts import AuctionAuctionTexts
from bot.games.plugin import GamePlugin, clock_options
from bot.handlers import handlers
from games.auction_auction import COMPUTER

Interaction = discord.Interaction[Any]
TEXTS = AuctionAuctionTexts()
COLOURS = [
    app_commands.Choice(name=locale_str("red"), value="red"),
    app_commands.Choice(name=locale_str("yellow"), value="yellow"),
    app_commands.Choice(name=locale_str("green"), value="green"),
    app_commands.Choice(name=locale_str("blue"), value="blue"),
    app_commands.Choice(name=locale_str("purple"), value="purple"),
]
EXTRA_COLOURS = [
    app_commands.Choice(name=locale_str("none (red, yellow, green)"), value=""),
    app_commands.Choice(name=locale_str("blue"), value="blue"),
    app_commands.Choice(name=locale_str("blue and purple"), value="blue,purple"),
]


def create() -> app_commands.Command[Any, ..., None]:
    @app_commands.command(
        name="auction-auction",
        description=locale_str("Open an Auction Auction lobby in this channel"),
    )
    @app_commands.describe(
        starting_cash=locale_str("Dollars each player starts with (default 100)"),
        rounds=locale_str("Number of rounds (default 3)"),
        house_capacity=locale_str("Spots in each auction house (default 3)"),
        extra_colours=locale_str("Cube colours added to red, yellow and green"),
        black_market_colour=locale_str(
            "The Black Market's colour (default: random); secret unless lots are revealed"
        ),
        reveal_lots=locale_str("Show every location's lots to everyone (default no)"),
        spectators=locale_str(
            "A channel that gets the full picture after each phase (no player may read it)"
        ),
    )
    @app_commands.choices(extra_colours=EXTRA_COLOURS, black_market_colour=COLOURS)
    @clock_options("auction-auction")
    async def auction_auction(
        interaction: Interaction,
        starting_cash: app_commands.Range[int, 0, 100000] | None = None,
        rounds: app_commands.Range[int, 1, 10] | None = None,
        house_capacity: app_commands.Range[int, 1, 12] | None = None,
        extra_colours: str | None = None,
        black_market_colour: str | None = None,
        reveal_lots: bool | None = None,
        spectators: discord.TextChannel | None = None,
        *,
        clocks: dict[str, int],
    ) -> None:
        options: dict[str, Any] = {}
        if starting_cash is not None:
            options["starting_cash"] = starting_cash
        if rounds is not None:
            options["rounds"] = rounds
        if house_capacity is not None:
            options["house_capacity"] = house_capacity
        if extra_colours:
            options["colours"] = ["red", "yellow", "green", *extra_colours.split(",")]
        if black_market_colour is not None:
            options["black_market_colour"] = black_market_colour
        if reveal_lots is not None:
            options["reveal_lots_publicly"] = reveal_lots
        lobby = handlers(interaction).lobby
        await lobby.create(interaction, TEXTS.game, options, clocks, spectators)

    return auction_auction


class AuctionAuctionCog(commands.Cog):
    """`/give` and `/garnet-trade`: Auction Auction's moves besides bids (AA-13, AA-14)."""

    @app_commands.command(
        name="give", description=locale_str("Give cash to another player (only you two know)")
    )
    @app_commands.describe(
        member=locale_str("Who receives it"), amount=locale_str("Whole dollars, at least 1")
    )
    async def give(
        self,
        interaction: Interaction,
        member: discord.User,
        amount: app_commands.Range[int, 1, MAX_AMOUNT],
    ) -> None:
        await _give(interaction, member, amount)

    @app_commands.command(
        name="garnet-trade", description=locale_str("Trade one garnet for $10 (final)")
    )
    async def garnet_trade(self, interaction: Interaction) -> None:
        move = {"type": "trade_garnet"}
        play = handlers(interaction).play
        await play.submit_here(interaction, move, "garnet-trade")


async def _give(interaction: Interaction, member: discord.abc.User, amount: int) -> None:
    play = handlers(interaction).play
    move = {"type": "give", "to": await play.seat_here(interaction, member), "amount": amount}
    await play.submit_here(interaction, move, "give")


PLUGIN = GamePlugin(
    texts=TEXTS,
    create=create,
    cog=AuctionAuctionCog,
    computer=COMPUTER,
)
