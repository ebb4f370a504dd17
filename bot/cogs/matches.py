"""/match: open, join, start and run a match (host controls included)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import guarded
from games.registry import ENGINES

if TYPE_CHECKING:
    from bot.app import DealerBot

Interaction = discord.Interaction[Any]
GAMES = [app_commands.Choice(name=e.title, value=g) for g, e in ENGINES.items()]
COLOURS = [
    app_commands.Choice(name=c, value=c) for c in ("red", "yellow", "green", "blue", "purple")
]
EXTRA_COLOURS = [
    app_commands.Choice(name="none (red, yellow, green)", value=""),
    app_commands.Choice(name="blue", value="blue"),
    app_commands.Choice(name="blue and purple", value="blue,purple"),
]


class MatchCog(commands.GroupCog, group_name="match", group_description="Run a match here"):
    def __init__(self, bot: DealerBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="create", description="Open a match in this channel")
    @app_commands.describe(
        game="The game to play",
        phase_minutes="How long each phase lasts, in minutes (1 to 10080 = 7 days; default 1440)",
        starting_cash="Dollars each player starts with (default 100)",
        rounds="Number of rounds (default 3)",
        house_capacity="Spots in each auction house (default 3)",
        extra_colours="Cube colours added to red, yellow and green",
        black_market_colour="The Black Market's colour (default: drawn at random)",
        reveal_lots="Show every location's lots to everyone (default no)",
        spectators="A channel that gets the full picture after each phase",
    )
    @app_commands.choices(game=GAMES, extra_colours=EXTRA_COLOURS, black_market_colour=COLOURS)
    async def create(
        self,
        interaction: Interaction,
        game: str,
        phase_minutes: app_commands.Range[int, 1, 10080] = 1440,
        starting_cash: app_commands.Range[int, 0, 100000] | None = None,
        rounds: app_commands.Range[int, 1, 10] | None = None,
        house_capacity: app_commands.Range[int, 1, 12] | None = None,
        extra_colours: str | None = None,
        black_market_colour: str | None = None,
        reveal_lots: bool | None = None,
        spectators: discord.TextChannel | None = None,
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
        await guarded(
            interaction,
            self.bot.actions.create(interaction, game, options, phase_minutes * 60, spectators),
        )

    @app_commands.command(name="join", description="Join the match in this channel's lobby")
    async def join(self, interaction: Interaction) -> None:
        await guarded(interaction, self.bot.actions.join_here(interaction))

    @app_commands.command(name="leave", description="Leave the match's lobby")
    async def leave(self, interaction: Interaction) -> None:
        await guarded(interaction, self.bot.actions.leave_here(interaction))

    @app_commands.command(name="start", description="Host: start the match")
    async def start(self, interaction: Interaction) -> None:
        await guarded(interaction, self.bot.actions.start_here(interaction))

    @app_commands.command(name="cancel", description="Host: cancel the match (asks to confirm)")
    async def cancel(self, interaction: Interaction) -> None:
        await guarded(interaction, self.bot.actions.ask_cancel(interaction))

    @app_commands.command(
        name="status", description="The phase, its deadline and who has submitted"
    )
    async def status(self, interaction: Interaction) -> None:
        await guarded(interaction, self.bot.actions.status(interaction))

    @app_commands.command(name="close-phase", description="Host: close the current phase now")
    async def close_phase(self, interaction: Interaction) -> None:
        await guarded(interaction, self.bot.actions.host_move(interaction, {"type": "close_phase"}))

    @app_commands.command(name="extend", description="Host: give the current phase more time")
    @app_commands.describe(minutes="Minutes to add (1 to 10080)")
    async def extend(
        self, interaction: Interaction, minutes: app_commands.Range[int, 1, 10080]
    ) -> None:
        await guarded(interaction, self.bot.actions.extend(interaction, minutes))

    @app_commands.command(name="pause", description="Host: stop the clock and the moves")
    async def pause(self, interaction: Interaction) -> None:
        await guarded(interaction, self.bot.actions.pause(interaction))

    @app_commands.command(name="resume", description="Host: restart the clock")
    async def resume(self, interaction: Interaction) -> None:
        await guarded(interaction, self.bot.actions.resume(interaction))

    @app_commands.command(name="kick", description="Host: remove a player from the match")
    @app_commands.describe(member="The player to remove; their pending submissions count as none")
    async def kick(self, interaction: Interaction, member: discord.User) -> None:
        move = {"type": "kick", "player": str(member.id)}
        await guarded(interaction, self.bot.actions.host_move(interaction, move))

    @app_commands.command(name="log", description="Host: the match record as a JSON file")
    async def log(self, interaction: Interaction) -> None:
        await guarded(interaction, self.bot.actions.match_log(interaction))
