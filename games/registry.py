"""Every game Dealer can run, by its record id."""

from __future__ import annotations

from typing import Any

from games.auction_auction import ENGINE as AUCTION_AUCTION
from games.core.engine import Engine
from games.core.errors import typed
from games.project_mars import ENGINE as PROJECT_MARS

ENGINES: dict[str, Engine[Any, Any]] = {
    AUCTION_AUCTION.game: AUCTION_AUCTION,
    PROJECT_MARS.game: PROJECT_MARS,
}


def engine_for(game: str) -> Engine[Any, Any]:
    """The engine of `game`; raises ValueError naming the games there are."""
    try:
        return ENGINES[game]
    except KeyError:
        raise ValueError(
            f"Unknown game {typed(game)}; Dealer plays {', '.join(sorted(ENGINES))}."
        ) from None
