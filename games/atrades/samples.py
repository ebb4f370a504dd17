"""Option sets worth playing random Atrades games with (`Engine.sample_options`)."""

from __future__ import annotations

import random
from typing import Any

from games.atrades.data import GUILDS, REGIONS


def sample_options(players: list[str], rnd: random.Random) -> dict[str, Any]:
    """Guild boards and region tiles drawn from the seed, or named (in any case)."""
    options: dict[str, Any] = {}
    if rnd.random() < 0.5:
        guilds = rnd.sample([g.name for g in GUILDS], len(GUILDS))
        options["guilds"] = [g.upper() if i % 2 else g for i, g in enumerate(guilds)][
            : len(players)
        ]
    if rnd.random() < 0.5:
        options["regions"] = rnd.sample([r.name for r in REGIONS], len(REGIONS))[: len(players) + 1]
    return options
