"""Project Mars in Discord: its `/match create` options, its deck list form (the rest of
its controls are the generic ones, from the engine's legal actions), and its computer
player."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.errors import UserError
from bot.games.plugin import (
    LEVEL_CHOICES,
    NOTIFY_CHOICES,
    Form,
    GamePlugin,
    clock_options,
)
from bot.games.project_mars.controls import (
    DECK_FORM,
    DYNAMIC_ITEMS,
    answer_deck_form,
    more_controls,
)
from bot.games.project_mars.texts import ProjectMarsTexts
from bot.handlers import handlers
from bot.i18n import _
from games.core.seats import LEVELS
from games.project_mars import COMPUTER
from games.project_mars.decks import READY_DECKS

TEXTS = ProjectMarsTexts()
DECKS = [app_commands.Choice(name=d.name, value=d.key) for d in READY_DECKS.values()]


def create() -> app_commands.Command[Any, ..., None]:
    @app_commands.command(
        name="project-mars",
        description=locale_str(
            "Challenge a member to Project Mars, practise, or open a lobby here"
        ),
    )
    @app_commands.describe(
        opponent=locale_str("Challenge this member (they accept with a button)"),
        practice=locale_str("Play against Dealer's practice opponent"),
        deck=locale_str("Your ready deck, with opponent or practice (default: pick later)"),
        spectators=locale_str("A channel that gets each round's results"),
        thread=locale_str("Play the match in a new thread of this channel (default no)"),
        notify=locale_str(
            "How the player to move is told: a mention in the channel, or a DM with your "
            "1-on-1 (default)"
        ),
        level=locale_str(
            "The practice opponent's level: normal (default): plays by rules of thumb; "
            "strong: plans each move ahead"
        ),
    )
    @app_commands.choices(deck=DECKS, notify=NOTIFY_CHOICES, level=LEVEL_CHOICES)
    @clock_options("project-mars")
    async def project_mars(
        interaction: discord.Interaction[Any],
        opponent: discord.Member | None = None,
        practice: bool | None = None,
        deck: str | None = None,
        spectators: discord.TextChannel | None = None,
        thread: bool | None = None,
        notify: str | None = None,
        level: str | None = None,
        *,
        clocks: dict[str, int],
    ) -> None:
        await _create(
            interaction,
            opponent,
            bool(practice),
            deck,
            clocks,
            spectators,
            thread=bool(thread),
            notify=notify,
            level=level,
        )

    return project_mars


async def _create(
    interaction: discord.Interaction[Any],
    opponent: discord.Member | None,
    practice: bool,
    deck: str | None,
    clocks: dict[str, int],
    spectators: discord.TextChannel | None,
    *,
    thread: bool,
    notify: str | None,
    level: str | None,
) -> None:
    options: dict[str, Any] = {}
    if level is not None and not practice:
        raise UserError(_("`level` is the practice opponent's, so it goes with `practice`."))
    if deck is not None:
        if opponent is None and not practice:
            raise UserError(
                _(
                    "`deck` chooses your own deck, so it goes with `opponent` or `practice`; in "
                    "an open lobby each player picks their deck when the match starts."
                )
            )
        options["decks"] = {str(interaction.user.id): deck}
    await handlers(interaction).lobby.create(
        interaction,
        TEXTS.game,
        options,
        clocks,
        spectators,
        opponent=opponent,
        practice=practice,
        level=level or LEVELS[0],
        thread=thread,
        notify=notify,
    )


PLUGIN = GamePlugin(
    texts=TEXTS,
    create=create,
    dynamic_items=DYNAMIC_ITEMS,
    forms=(Form(DECK_FORM, answer_deck_form),),
    more_controls=more_controls,
    computer=COMPUTER,
)
