"""What every board of Auction Auction shares: its sizes, its badge styles, and the words
for money and cubes its images and alt texts share."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.auction_auction.events import AccessResolved
from games.auction_auction.views import AccessRound

WIDTH = 960


MARGIN = 28


GAP = 16


KICKER = "AUCTION AUCTION"


Name = Callable[[str], str]


#: A round's access results: the `access_resolved` event, or a closed Access phase of a view.
Access = AccessResolved | AccessRound


def money(amount: int) -> str:
    return f"${amount:,}"


def cubes_words(colour: str, count: int) -> str:
    return f"{count} {colour} {'cube' if count == 1 else 'cubes'}"


CHIP_H = 38


CHIP_GAP = 10


#: Names in chips are cut to this width, so that one long name does not take a row.
CHIP_NAME = 210


def wrap_chips(widths: Sequence[int], room: int, gap: int) -> list[list[int]]:
    """Indices of items laid out left to right, wrapping to new rows to stay within `room`."""
    rows: list[list[int]] = []
    used = room + 1
    for index, w in enumerate(widths):
        if rows and used + gap + w <= room:
            rows[-1].append(index)
            used += gap + w
        else:
            rows.append([index])
            used = w
    return rows
