"""/match: open, join, start and run a match (host controls included)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.flows.host import Host
from bot.flows.lobby import Lobby
from bot.flows.play import Play
from bot.flows.undo import Undoing
from bot.games.plugin import LEVEL_CHOICES, LEVEL_HELP, NOTIFY_CHOICES, NOTIFY_HELP
from bot.games.registry import PLUGINS
from games.core.seats import LEVELS
from games.registry import ENGINES

Interaction = discord.Interaction[Any]
#: The most seats any game has: the most computer seats one `/match add-bot` may fill.
MAX_SEATS = max(engine.max_players for engine in ENGINES.values())


class MatchCog(
    commands.GroupCog, group_name="match", group_description=locale_str("Run a match here")
):
    #: `/match create <game>`: one subcommand per game, each with the game's own options.
    create = app_commands.Group(
        name="create", description=locale_str("Open a match in this channel")
    )

    def __init__(self, lobby: Lobby, host: Host, play: Play, undoing: Undoing) -> None:
        self.lobby = lobby
        self.host = host
        self.play = play
        self.undoing = undoing
        super().__init__()
        for plugin in PLUGINS.values():
            self.create.add_command(plugin.create_command())

    @app_commands.command(
        name="add-bot",
        description=locale_str("Host: seat Dealer's computer player in empty lobby seats"),
    )
    @app_commands.describe(
        count=locale_str("How many empty seats Dealer takes (default 1)"),
        level=LEVEL_HELP,
    )
    @app_commands.choices(level=LEVEL_CHOICES)
    async def add_bot(
        self,
        interaction: Interaction,
        count: app_commands.Range[int, 1, MAX_SEATS] = 1,
        level: str = LEVELS[0],
    ) -> None:
        await self.lobby.add_computer(interaction, count, level)

    @app_commands.command(
        name="join", description=locale_str("Join the match in this channel's lobby")
    )
    async def join(self, interaction: Interaction) -> None:
        await self.lobby.join_here(interaction)

    @app_commands.command(name="leave", description=locale_str("Leave the match's lobby"))
    async def leave(self, interaction: Interaction) -> None:
        await self.lobby.leave_here(interaction)

    @app_commands.command(name="start", description=locale_str("Host: start the match"))
    async def start(self, interaction: Interaction) -> None:
        await self.lobby.start_here(interaction)

    @app_commands.command(
        name="cancel", description=locale_str("Host: cancel the match (asks to confirm)")
    )
    async def cancel(self, interaction: Interaction) -> None:
        await self.lobby.ask_cancel(interaction)

    @app_commands.command(
        name="status",
        description=locale_str("The phase, its deadline and who it waits for (only you see it)"),
    )
    async def status(self, interaction: Interaction) -> None:
        await self.host.status(interaction)

    @app_commands.command(
        name="web",
        description=locale_str("Host: turn the match's web page, for anyone to watch, on or off"),
    )
    @app_commands.describe(
        page=locale_str(
            "on: anyone with its address may watch (also in a private channel); off: the "
            "address opens nothing"
        )
    )
    @app_commands.choices(
        page=[
            app_commands.Choice(name=locale_str("on"), value="on"),
            app_commands.Choice(name=locale_str("off"), value="off"),
        ]
    )
    async def web(self, interaction: Interaction, page: str) -> None:
        await self.host.web(interaction, page == "on")

    @app_commands.command(
        name="list",
        description=locale_str("This server's open matches, with links (only you see it)"),
    )
    async def list_open(self, interaction: Interaction) -> None:
        await self.lobby.list_open(interaction)

    @app_commands.command(
        name="close-phase", description=locale_str("Host: close the current phase now")
    )
    async def close_phase(self, interaction: Interaction) -> None:
        await self.host.host_move(interaction, {"type": "close_phase"})

    @app_commands.command(
        name="extend", description=locale_str("Host: give the current phase more time")
    )
    @app_commands.describe(minutes=locale_str("Minutes to add (1 to 10080)"))
    async def extend(
        self, interaction: Interaction, minutes: app_commands.Range[int, 1, 10080]
    ) -> None:
        await self.host.extend(interaction, minutes)

    @app_commands.command(
        name="notify",
        description=locale_str("Host: how the player to move is told (a turn-based game)"),
    )
    @app_commands.describe(how=NOTIFY_HELP)
    @app_commands.choices(how=NOTIFY_CHOICES)
    async def notify(self, interaction: Interaction, how: str) -> None:
        await self.lobby.set_notify(interaction, how)

    @app_commands.command(
        name="pause", description=locale_str("Host: stop the clock and the moves")
    )
    async def pause(self, interaction: Interaction) -> None:
        await self.host.pause(interaction)

    @app_commands.command(name="resume", description=locale_str("Host: restart the clock"))
    async def resume(self, interaction: Interaction) -> None:
        await self.host.resume(interaction)

    @app_commands.command(
        name="kick",
        description=locale_str("Host: remove a player from the match (or a seat from the lobby)"),
    )
    @app_commands.describe(
        member=locale_str("The player to remove; their pending submissions count as none")
    )
    async def kick(self, interaction: Interaction, member: discord.User) -> None:
        await self.host.kick(interaction, member)

    @app_commands.command(
        name="replace",
        description=locale_str(
            "Host: hand a player's seat to another member or a computer seat (confirms)"
        ),
    )
    @app_commands.describe(
        player=locale_str("The player whose seat is handed over"),
        member=locale_str(
            "Who takes the seat, with its 1-on-1 (leave out: Dealer's computer player)"
        ),
    )
    async def replace(
        self, interaction: Interaction, player: discord.User, member: discord.User | None = None
    ) -> None:
        await self.host.ask_replace(interaction, player, member)

    @app_commands.command(
        name="unkick",
        description=locale_str("Host: take back a kick and seat the player again (confirms)"),
    )
    @app_commands.describe(member=locale_str("The player the host removed"))
    async def unkick(self, interaction: Interaction, member: discord.User) -> None:
        await self.undoing.ask_unkick(interaction, member)

    @app_commands.command(
        name="undo",
        description=locale_str(
            "Host: take back the last move, or reopen the last phase (confirms)"
        ),
    )
    @app_commands.describe(
        what=locale_str(
            "The last move (default), the close of the last phase, or the start of the step "
            "around it"
        )
    )
    @app_commands.choices(
        what=[
            app_commands.Choice(name=locale_str("the last move"), value="move"),
            app_commands.Choice(
                name=locale_str("the last phase's close (reopen it)"), value="phase"
            ),
            app_commands.Choice(
                name=locale_str(
                    "the step around the phase (a merger around its round: from its start)"
                ),
                value="step",
            ),
        ]
    )
    async def undo(self, interaction: Interaction, what: str = "move") -> None:
        await self.undoing.ask_undo(interaction, what)

    @app_commands.command(
        name="remove-bot",
        description=locale_str("Host: take back the computer seat seated last in the lobby"),
    )
    async def remove_bot(self, interaction: Interaction) -> None:
        await self.lobby.unseat(interaction, None)

    @app_commands.command(
        name="forfeit", description=locale_str("Concede the match you play here (confirms)")
    )
    async def forfeit(self, interaction: Interaction) -> None:
        await self.play.ask_forfeit(interaction)

    @app_commands.command(
        name="log", description=locale_str("Host: the match record as a JSON file")
    )
    async def log(self, interaction: Interaction) -> None:
        await self.host.match_log(interaction)
