"""What a game brings to the bot besides its texts: the `/match create` subcommand with its
own options, its players' slash commands, the controls of its 1-on-1, its forms and its
computer player. Everything the generic bot does for a game it does through one of these."""

from __future__ import annotations

import copy
import functools
import random
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.games.base import GameTexts
from games.core.contract import Action
from games.core.engine import Engine
from games.registry import engine_for

if TYPE_CHECKING:
    from discord.ext import commands

#: `/match notify`'s choices, and a turn-based game's `/match create` option of the same.
NOTIFY_CHOICES = [
    app_commands.Choice(name=locale_str("a mention in the channel"), value="mention"),
    app_commands.Choice(
        name=locale_str("a DM (a short one with a link, or the 1-on-1)"), value="dm"
    ),
]
NOTIFY_HELP = locale_str("How the player to move is told: a mention in the channel, or a DM")


@dataclass(frozen=True, slots=True)
class Seat:
    """A computer seat as its player knows itself when it decides: its player id in the
    engine, its number among the match's computer seats in seat order (1, 2, ...), the
    match's seed, and how many moves the match has had (so that each decision may draw
    anew)."""

    player: str
    number: int
    seed: int
    moves: int

    def rng(self) -> random.Random:
        """A random source for this one decision: the same for the same seat at the same
        point of the same match, different for another seat or a later move."""
        return random.Random(f"{self.seed}:{self.player}:{self.moves}")


#: A computer player: the seat's own view (`Engine.view` for its player id: what a person in
#: that seat may see, nothing more), its legal actions as the service worked them out (issue
#: 39: no view carries a copy of them) and the seat in, the move out. Pure: no clock, no I/O.
Decide = Callable[[Any, list[Action], Seat], dict[str, Any]]
#: What a game adds to the generic 1-on-1 controls, from the match id, the move the controls
#: are shown at (the decision they are for: `bot.components.stamp`) and the player's legal
#: actions.
MoreControls = Callable[[int, int, list[Action]], list[discord.ui.Item[Any]]]


@dataclass(frozen=True, slots=True)
class Form:
    """A form (modal) the game sends: recognised by its custom id when it comes back, before
    or after a restart alike, and answered by `answer` with the id's groups."""

    custom_id: re.Pattern[str]
    answer: Callable[[discord.Interaction[Any], re.Match[str]], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class GamePlugin:
    texts: GameTexts
    #: Makes the game's `/match create <game>` subcommand, with the game's own options (once
    #: per process: each bot takes a copy of it, `create_command`).
    create: Callable[[], app_commands.Command[Any, ..., None]]
    #: Makes the cog of the game's own players' commands (`/give`), if it has any.
    cog: Callable[[], commands.Cog] | None = None
    #: The game's own buttons and menus, restart-proof (`discord.ui.DynamicItem`).
    dynamic_items: tuple[type[discord.ui.DynamicItem[Any]], ...] = ()
    forms: tuple[Form, ...] = ()
    #: Items a game adds to the generic controls (a button to a form of its own, such as a
    #: deck list typed in full), from the match id and the player's legal actions. Layout
    #: only: what a player may do is the engine's.
    more_controls: MoreControls | None = None
    #: Actions the players make with the game's own slash commands rather than a control
    #: (layout only: typed picks whose command autocompletes what a form cannot); the
    #: 1-on-1 shows none for them.
    by_command: Callable[[Action], bool] | None = None
    #: The generic controls of the one player who may act go on the channel's board message
    #: of a phase (a game that `combine_messages`), above its My 1-on-1 button: an auction's
    #: menus for the player to move. Only for a game whose actions start with steps that show
    #: nothing but public facts (their later steps, asked privately, may be the player's
    #: own); checked on click like any control (only who may act is let through).
    controls_on_board: bool = False
    #: Instead, for a game whose acting player's actions depend on what only they may see
    #: (whether their money pays for a technology or a raise): the buttons of the engine's
    #: outline read from the public view (`Engine.board_actions`), each walking the
    #: presser's own legal action privately, or refusing politely when they have none such.
    board_outline: bool = False
    #: The player of the game's computer seats (`/match add-bot`, `practice:True`); None when
    #: the game has none.
    computer: Decide | None = None

    def __post_init__(self) -> None:
        if self.controls_on_board and self.board_outline:
            raise ValueError(f"{self.texts.game}: the board shows one kind of controls, not both")

    @property
    def board_acts(self) -> bool:
        """Whether the player to move may act from the channel's board message."""
        return self.controls_on_board or self.board_outline

    def create_command(self) -> app_commands.Command[Any, ..., None]:
        """The game's `/match create <game>` subcommand for one bot: a command belongs to one
        command tree (its group is its parent), so each bot gets its own object, a copy of
        the one `create` made once. Making it reads the callback's parameters and their
        annotations (about 0.7 ms a game); a copy at each start of the bot does none of
        that."""
        return copy.copy(_made(self.create))

    @property
    def game(self) -> str:
        return self.texts.game

    @property
    def title(self) -> str:
        return self.texts.title

    @property
    def engine(self) -> Engine[Any, Any]:
        return engine_for(self.texts.game)


@functools.cache
def _made(
    create: Callable[[], app_commands.Command[Any, ..., None]],
) -> app_commands.Command[Any, ..., None]:
    return create()
