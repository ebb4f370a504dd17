"""Facts of the games played with Terraforming Mars cards (the Mars Auction, the MARSBOT
draft): a card of the catalogue, by its name."""

from __future__ import annotations

import re
from typing import Any

from games.tm_catalogue import builtin
from tests.leaks.scan import leaves

CARD_NAMES = frozenset(card.name for card in builtin().cards)
#: A card's name, longest first, between non-word characters: one pair of lookarounds around
#: the alternatives finds what one pair around each finds, 18 times faster.
CARD_RE = re.compile(
    r"(?<!\w)(?:"
    + "|".join(re.escape(n) for n in sorted(CARD_NAMES, key=len, reverse=True))
    + r")(?!\w)"
)


def cards_in(data: Any) -> set[str]:
    """The catalogue's cards a JSON value names (a string that is a card's name)."""
    return {
        f"card {leaf}" for _, leaf in leaves(data) if isinstance(leaf, str) and leaf in CARD_NAMES
    }


def cards_named(text: str) -> set[str]:
    """The catalogue's cards a text names."""
    return {f"card {name}" for name in CARD_RE.findall(text)}
