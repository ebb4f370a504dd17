"""Option sets worth playing random Mars Auctions with (`Engine.sample_options`)."""

from __future__ import annotations

import random
from typing import Any

from games.core.engine import some_of


def sample_options(players: list[str], rnd: random.Random) -> dict[str, Any]:
    """Both variants, a setup or research auctions only, a first player chosen or drawn, a
    setup budget set or the lowest corporation's, one expansion or all."""
    return {
        "variant": rnd.choice(["limited", "unlimited"]),
        # A research auction's display is 4 cards a player, a setup's 16: setups are a third
        # of the matches (their rulings have tests of their own).
        "start": rnd.choice(["research", "research", "setup"]),
        **some_of(
            rnd,
            {
                "first_player": lambda: rnd.choice(players),
                "setup_budget": lambda: rnd.choice([0, 3, 20]),
                "expansions": lambda: rnd.choice([["base"], ["base", "corpera", "prelude"]]),
            },
        ),
    }
