"""/match: open, join, start and run a match (host controls included)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import UserError, guarded
from games.project_mars.decks import READY_DECKS
from games.registry import ENGINES

if TYPE_CHECKING:
    from bot.app import DealerBot

Interaction = discord.Interaction[Any]
GAMES = [app_commands.Choice(name=e.title, value=g) for g, e in ENGINES.items()]
COLOURS = [
    app_commands.Choice(name=c, value=c) for c in ("red", "yellow", "green", "blue", "purple")
]
DECKS = [app_commands.Choice(name=d.name, value=d.key) for d in READY_DECKS.values()]
#: The options of /match create each game takes (`game` and `spectators` are everyone's).
GAME_OPTIONS: dict[str, tuple[str, ...]] = {
    "auction-auction": (
        "phase_minutes",
        "starting_cash",
        "rounds",
        "house_capacity",
        "extra_colours",
        "black_market_colour",
        "reveal_lots",
    ),
    "project-mars": ("opponent", "practice", "deck", "turn_minutes"),
}
DEFAULT_PHASE_MINUTES = 1440
DEFAULT_TURN_MINUTES = 10
EXTRA_COLOURS = [
    app_commands.Choice(name="none (red, yellow, green)", value=""),
    app_commands.Choice(name="blue", value="blue"),
    app_commands.Choice(name="blue and purple", value="blue,purple"),
]


def refuse_foreign_options(game: str, given: set[str]) -> None:
    """Options of another game are refused, politely, before anything is created."""
    own = GAME_OPTIONS.get(game, ())
    foreign = sorted(given - set(own))
    if not foreign:
        return
    title = ENGINES[game].title
    listed = ", ".join(f"`{o}`" for o in own) or "none"
    raise UserError(
        f"{title} does not take {', '.join(f'`{o}`' for o in foreign)}: "
        f"{'that is an option' if len(foreign) == 1 else 'those are options'} of another "
        f"game. {title}'s options are {listed}."
    )


class MatchCog(commands.GroupCog, group_name="match", group_description="Run a match here"):
    def __init__(self, bot: DealerBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="create", description="Open a match in this channel")
    @app_commands.describe(
        game="The game to play",
        phase_minutes="Auction Auction: how long each phase lasts, in minutes (1 to 10080 = "
        "7 days; default 1440)",
        starting_cash="Auction Auction: dollars each player starts with (default 100)",
        rounds="Auction Auction: number of rounds (default 3)",
        house_capacity="Auction Auction: spots in each auction house (default 3)",
        extra_colours="Auction Auction: cube colours added to red, yellow and green",
        black_market_colour="Auction Auction: the Black Market's colour (default: random)",
        reveal_lots="Auction Auction: show every location's lots to everyone (default no)",
        opponent="Project Mars: challenge this member (they accept with a button)",
        practice="Project Mars: play against Dealer's practice opponent",
        deck="Project Mars: your ready deck, with opponent or practice (default: pick later)",
        turn_minutes="Project Mars: time for each turn or decision, in minutes (1 to 10080; "
        "default 10); when it runs out, the default (a pass) is taken",
        spectators="A channel that gets the full picture after each phase",
    )
    @app_commands.choices(
        game=GAMES, extra_colours=EXTRA_COLOURS, black_market_colour=COLOURS, deck=DECKS
    )
    async def create(
        self,
        interaction: Interaction,
        game: str,
        phase_minutes: app_commands.Range[int, 1, 10080] | None = None,
        starting_cash: app_commands.Range[int, 0, 100000] | None = None,
        rounds: app_commands.Range[int, 1, 10] | None = None,
        house_capacity: app_commands.Range[int, 1, 12] | None = None,
        extra_colours: str | None = None,
        black_market_colour: str | None = None,
        reveal_lots: bool | None = None,
        opponent: discord.Member | None = None,
        practice: bool | None = None,
        deck: str | None = None,
        turn_minutes: app_commands.Range[int, 1, 10080] | None = None,
        spectators: discord.TextChannel | None = None,
    ) -> None:
        given = {
            name
            for name, value in (
                ("phase_minutes", phase_minutes),
                ("starting_cash", starting_cash),
                ("rounds", rounds),
                ("house_capacity", house_capacity),
                ("extra_colours", extra_colours),
                ("black_market_colour", black_market_colour),
                ("reveal_lots", reveal_lots),
                ("opponent", opponent),
                ("practice", practice),
                ("deck", deck),
                ("turn_minutes", turn_minutes),
            )
            if value is not None
        }
        await guarded(
            interaction,
            self._create(
                interaction,
                game,
                given,
                phase_minutes=phase_minutes,
                starting_cash=starting_cash,
                rounds=rounds,
                house_capacity=house_capacity,
                extra_colours=extra_colours,
                black_market_colour=black_market_colour,
                reveal_lots=reveal_lots,
                opponent=opponent,
                practice=bool(practice),
                deck=deck,
                turn_minutes=turn_minutes,
                spectators=spectators,
            ),
        )

    async def _create(
        self,
        interaction: Interaction,
        game: str,
        given: set[str],
        *,
        phase_minutes: int | None,
        starting_cash: int | None,
        rounds: int | None,
        house_capacity: int | None,
        extra_colours: str | None,
        black_market_colour: str | None,
        reveal_lots: bool | None,
        opponent: discord.Member | None,
        practice: bool,
        deck: str | None,
        turn_minutes: int | None,
        spectators: discord.TextChannel | None,
    ) -> None:
        refuse_foreign_options(game, given)
        options: dict[str, Any] = {}
        if game == "project-mars":
            if deck is not None:
                if opponent is None and not practice:
                    raise UserError(
                        "`deck` chooses your own deck, so it goes with `opponent` or "
                        "`practice`; in an open lobby each player picks their deck when the "
                        "match starts."
                    )
                options["decks"] = {str(interaction.user.id): deck}
            minutes = turn_minutes or DEFAULT_TURN_MINUTES
            await self.bot.actions.create(
                interaction,
                game,
                options,
                minutes * 60,
                spectators,
                opponent=opponent,
                practice=practice,
            )
            return
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
        minutes = phase_minutes or DEFAULT_PHASE_MINUTES
        await self.bot.actions.create(interaction, game, options, minutes * 60, spectators)

    @app_commands.command(
        name="add-bot", description="Host: seat Dealer's practice opponent in the lobby"
    )
    async def add_bot(self, interaction: Interaction) -> None:
        await guarded(interaction, self.bot.actions.add_computer(interaction))

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
