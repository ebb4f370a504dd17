"""Computer seats as the engines see them: a seat as its player knows itself when it decides
(`Seat`), a game's computer player at each of its levels (`ComputerPlayer`, which a game's
package exports as `COMPUTER`), and the levels there are (`LEVELS`). The bot seats them
(`bot.computer`); `python -m games simulate` plays them against each other (`games.simulate`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.core.contract import Action

#: The levels a computer seat plays at: `normal`, the game's own rules of thumb, and
#: `strong`, which searches (`games.core.search`) with the normal seats as its playouts.
LEVELS = ("normal", "strong")


def _never(_done: int) -> bool:
    return False


@dataclass(frozen=True, slots=True)
class Seat:
    """A computer seat as its player knows itself when it decides: its player id in the
    engine, its number among the match's computer seats in seat order (1, 2, ...), the
    match's seed, how many moves the match has had (so that each decision may draw anew),
    its level, and when a `strong` seat's search stops (`stop`, asked with the iterations
    done: the bot's reads a clock, within a budget; by default it runs its iterations)."""

    player: str
    number: int
    seed: int
    moves: int
    level: str = LEVELS[0]
    stop: Callable[[int], bool] = field(default=_never, compare=False)

    def rng(self) -> random.Random:
        """A random source for this one decision: the same for the same seat at the same
        point of the same match, different for another seat or a later move."""
        return random.Random(f"{self.seed}:{self.player}:{self.moves}")


#: A computer player: the seat's own view (`Engine.view` for its player id: what a person in
#: that seat may see, nothing more), its legal actions (issue 39: no view carries a copy of
#: them) and the seat in, the move out, or None when it has nothing more to do in this wait
#: (in a game whose seats move `several` times in one). Pure: no I/O; a clock only through
#: `Seat.stop`.
Decide = Callable[[Any, list[Action], Seat], dict[str, Any] | None]


@dataclass(frozen=True, slots=True)
class ComputerPlayer:
    """A game's computer player: how it decides at each level it plays (`normal` first), and
    whether a seat may make several moves in one wait, for as long as it may act and does not
    decide None (a sealed bid on each lot it wants, where the phase waits for one); otherwise
    it moves only when the phase waits for it."""

    levels: Mapping[str, Decide]
    several: bool = False
    #: In a game its host carries on (the Mars Auction's research auctions and its end,
    #: MA-D6): the host's move in a match between computer seats alone when no seat is
    #: waited for, from the public view, or None to close the phase; `python -m games
    #: simulate` plays it.
    host: Callable[[Any], dict[str, Any] | None] | None = None
    #: In a game without winners (the Mars Auction, MA-D10): what each player came away
    #: with, from the public view of the finished match, the most winning; `python -m
    #: games simulate` ranks its seats by it.
    standings: Callable[[Any], Mapping[str, float]] | None = None

    def __post_init__(self) -> None:
        if next(iter(self.levels), None) != LEVELS[0] or not set(self.levels) <= set(LEVELS):
            raise ValueError(f"a computer player plays at {LEVELS[0]} first, among {LEVELS}")
