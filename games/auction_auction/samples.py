"""Option sets worth playing random Auction Auction matches with (`Engine.sample_options`)."""

from __future__ import annotations

import random
from typing import Any

from games.core.engine import some_of

#: The colours of a match: the base game's three, or with blue, or with blue and purple, in
#: any order.
COLOUR_SETS = (
    ["red", "yellow", "green"],
    ["green", "red", "yellow", "blue"],
    ["purple", "blue", "yellow", "green", "red"],
)


def sample_options(players: list[str], rnd: random.Random) -> dict[str, Any]:
    """The colours, starting cash, house capacity, the Black Market's colour, lots shown to
    everyone, the rounds and season garnets, each left out or drawn."""
    colours = rnd.choice(COLOUR_SETS)
    options = some_of(
        rnd,
        {
            "starting_cash": lambda: rnd.choice([0, 1, 15, 100, 1000]),
            "house_capacity": lambda: rnd.randint(1, 12),
            "black_market_colour": lambda: rnd.choice(colours),
            "reveal_lots_publicly": lambda: rnd.random() < 0.5,
            "rounds": lambda: rnd.randint(1, 4),
            "garnets": lambda: {
                p: rnd.randint(0, 5)
                for p in rnd.sample(players, rnd.randint(0, min(3, len(players))))
            },
        },
    )
    if colours != COLOUR_SETS[0]:
        options["colours"] = colours
    return options
