"""Every game the bot runs, by its record id: one line per game."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.errors import UserError
from bot.games.atrades.plugin import PLUGIN as ATRADES
from bot.games.auction_auction.plugin import PLUGIN as AUCTION_AUCTION
from bot.games.mars_auction.plugin import PLUGIN as MARS_AUCTION
from bot.games.marsbot_draft.plugin import PLUGIN as MARSBOT_DRAFT
from bot.games.plugin import GamePlugin
from bot.games.project_mars.plugin import PLUGIN as PROJECT_MARS
from bot.i18n import _
from games.core.drawing.words import listed
from games.core.errors import typed

PLUGINS: dict[str, GamePlugin] = {
    p.game: p for p in (AUCTION_AUCTION, PROJECT_MARS, MARS_AUCTION, MARSBOT_DRAFT, ATRADES)
}


def plugin_for(game: str) -> GamePlugin:
    """The plug-in of `game`; raises ValueError naming the games there are."""
    try:
        return PLUGINS[game]
    except KeyError:
        raise ValueError(
            _("Unknown game {game}; Dealer plays {games}.").format(
                game=typed(game), games=", ".join(sorted(PLUGINS))
            )
        ) from None


def plugin_named(text: str) -> GamePlugin:
    """The plug-in of the game whose id or title `text` is (in any case), or that a word of
    only one game's name starts (`marsbot`), as a member types or picks it; raises
    ValueError naming the games it could be, when it starts a word of several (`auction`),
    else the games there are."""
    typed_ = text.strip().lower()
    found = next((p for g, p in PLUGINS.items() if typed_ in (g, p.title.lower())), None)
    if found is not None:
        return found
    starting = [
        p
        for g, p in PLUGINS.items()
        if typed_
        and any(w.startswith(typed_) for w in f"{g} {p.title.lower()}".replace("-", " ").split())
    ]
    if len(starting) > 1:
        named = [f"{p.title} (`{p.game}`)" for p in starting]
        raise ValueError(
            _("{typed} fits {count} games: {games}. Name one of them.").format(
                typed=typed(text), count=len(starting), games=listed(named, "or")
            )
        )
    return starting[0] if starting else plugin_for(text)


def game_named(text: str) -> GamePlugin:
    """`plugin_named`, for a game a member typed: an unknown one is refused to them."""
    try:
        return plugin_named(text)
    except ValueError as error:
        raise UserError(str(error)) from None


async def game_choices(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The autocomplete of a command's `game` option: the games whose id or title holds what
    was typed."""
    typed_ = current.lower()
    return [
        app_commands.Choice(name=p.title, value=g)
        for g, p in PLUGINS.items()
        if typed_ in g or typed_ in p.title.lower()
    ][:25]
