"""Every game the bot runs, by its record id: one line per game."""

from __future__ import annotations

from bot.games.auction_auction.plugin import PLUGIN as AUCTION_AUCTION
from bot.games.marsbot_draft.plugin import PLUGIN as MARSBOT_DRAFT
from bot.games.plugin import GamePlugin
from bot.games.project_mars.plugin import PLUGIN as PROJECT_MARS
from games.core.errors import typed

PLUGINS: dict[str, GamePlugin] = {p.game: p for p in (AUCTION_AUCTION, PROJECT_MARS, MARSBOT_DRAFT)}


def plugin_for(game: str) -> GamePlugin:
    """The plug-in of `game`; raises ValueError naming the games there are."""
    try:
        return PLUGINS[game]
    except KeyError:
        raise ValueError(
            f"Unknown game {typed(game)}; Dealer plays {', '.join(sorted(PLUGINS))}."
        ) from None
