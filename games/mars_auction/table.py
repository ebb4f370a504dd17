"""The event collector of one move of the Mars Auction: the state it changes and the events it
tells."""

from __future__ import annotations

from games.core.collector import Collector
from games.mars_auction.model import (
    Seat,
    State,
)


class Board(Collector):
    """The state of one move in progress, and the events it tells (`Collector`: each made
    with `tell`, its model made only when the event is read; a random playout reads none)."""

    def __init__(self, state: State) -> None:
        super().__init__()
        self.state = state

    def seat(self, player: str) -> Seat:
        return self.state.seats[player]

    def active(self) -> list[str]:
        return [p for p in self.state.players if not self.state.seats[p].kicked]
