"""What a game brings to the bot besides its texts: the `/match create` subcommand with its
own options, its players' slash commands, the controls of its 1-on-1, its forms and its
computer player. Everything the generic bot does for a game it does through one of these."""

from __future__ import annotations

import copy
import functools
import inspect
import re
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Concatenate

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.games.base import GameTexts
from bot.i18n import N_, _, engine_words
from games.core.contract import Action, Clock
from games.core.engine import Engine
from games.core.seats import LEVELS, ComputerPlayer
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
#: `/match add-bot`'s levels, and a practice match's.
LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in LEVELS]
LEVEL_HELP = locale_str("normal (default): plays by rules of thumb; strong: plans each move ahead")
#: The longest clock a host may set, in minutes: 7 days.
MAX_CLOCK_MINUTES = 10080
#: A `/match create` callback that takes the clocks the host set (`clock_options`).
Creates = Callable[Concatenate[discord.Interaction[Any], ...], Coroutine[Any, Any, None]]


def clock_options(game: str) -> Callable[[Creates], Creates]:
    """Gives a `/match create <game>` callback one option per clock of the game's engine
    (`Engine.clocks`): `<kind>_minutes`, described by the clock's label and its default, after
    the callback's own options. The callback takes the lengths the host set as `clocks` (in
    seconds, by kind; a kind left out runs on its default), ready for the lobby. Put it under
    `app_commands.command` and `describe`."""
    clocks = engine_for(game).clocks

    def decorate(create: Creates) -> Creates:
        own = inspect.signature(create)
        if "clocks" not in own.parameters:
            raise TypeError(f"{create.__qualname__} takes no `clocks`")
        globalns = create.__globals__
        cache: dict[str, Any] = {}
        # The callback's own annotations are resolved where it was written (a module with
        # `from __future__ import annotations` leaves them as text), as discord.py would.
        kept = [
            p.replace(
                annotation=discord.utils.resolve_annotation(p.annotation, globalns, globalns, cache)
            )
            if isinstance(p.annotation, str)
            else p
            for name, p in own.parameters.items()
            if name != "clocks"
        ]
        options = {f"{kind}_minutes": kind for kind in clocks}
        added = [
            inspect.Parameter(
                option,
                inspect.Parameter.KEYWORD_ONLY,
                annotation=app_commands.Range[int, 1, MAX_CLOCK_MINUTES] | None,
                default=None,
            )
            for option in options
        ]

        async def with_clocks(*args: Any, **kwargs: Any) -> None:
            minutes = {options[o]: kwargs.pop(o) for o in list(kwargs) if o in options}
            lengths = {kind: n * 60 for kind, n in minutes.items() if n}
            await create(*args, clocks=lengths, **kwargs)

        with_clocks.__name__ = create.__name__
        with_clocks.__qualname__ = create.__qualname__
        with_clocks.__doc__ = create.__doc__
        with_clocks.__signature__ = own.replace(parameters=[*kept, *added])  # type: ignore[attr-defined]
        with_clocks.__discord_app_commands_param_description__ = {  # type: ignore[attr-defined]
            option: clock_description(clocks[kind]) for option, kind in options.items()
        }
        return with_clocks

    return decorate


#: A clock option's description (`clock_words`), with a default length and without one.
CLOCK = N_("Minutes for {clock} (1 to {most}; default {minutes})")
NO_DEADLINE_CLOCK = N_(
    "Minutes for {clock} (1 to {most}; default: no deadline, the host closes it)"
)


def clock_description(clock: Clock) -> locale_str:
    """A clock's `/match create` option as its help reads: "Minutes for each guild's action
    (1 to 10080; default 120)", in English whatever the language in force, and in each
    language as `bot.app.CommandTexts` sends it (`clock_words` in that language)."""
    return locale_str(clock_words(clock, english=True), words=functools.partial(clock_words, clock))


def clock_words(clock: Clock, *, english: bool = False) -> str:
    """A clock's `/match create` option's description in the language in force (in English
    with `english`: the command's own description, which Discord shows where it has no
    translation)."""
    said = str if english else _
    label = clock.label if english else engine_words(clock.label)
    values = {"clock": label[:1].lower() + label[1:], "most": MAX_CLOCK_MINUTES}
    if clock.default_seconds is None:
        return said(NO_DEADLINE_CLOCK).format(**values)
    return said(CLOCK).format(**values, minutes=clock.default_seconds // 60)


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
    #: The player of the game's computer seats (`/match add-bot`, `practice:True`), at each
    #: of its levels: the game package's `COMPUTER`; None when the game has none.
    computer: ComputerPlayer | None = None

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
