"""Option sets worth playing random Project Mars matches with (`Engine.sample_options`)."""

from __future__ import annotations

import random
from typing import Any

from games.project_mars.card_details import CARDS
from games.project_mars.decks import READY_DECKS


def sample_options(players: list[str], rnd: random.Random) -> dict[str, Any]:
    """Preset decks for up to two players: ready decks by key or name, or lists of 30 cards
    with up to 3 utility cards, names in any case."""
    utility = [c.name for c in CARDS.values() if c.kind == "utility"]
    plain = [c.name for c in CARDS.values() if c.kind != "utility"]
    ready = [*READY_DECKS, *(d.name for d in READY_DECKS.values())]

    def deck() -> str | list[str]:
        if rnd.random() < 0.5:
            return rnd.choice(ready)
        utilities = rnd.choices(utility, k=rnd.randint(0, 3))
        return utilities + rnd.choices(plain + [n.upper() for n in plain], k=30 - len(utilities))

    decks = {p: deck() for p in rnd.sample(players, rnd.randint(0, min(2, len(players))))}
    return {"decks": decks} if decks else {}
