"""The event collector of one move of the Mars Auction: the state it changes and the events it
tells."""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec

from games.core.events import (
    Audience,
    Event,
    GameEvent,
    tell,
)
from games.mars_auction.model import (
    Seat,
    State,
)

P = ParamSpec("P")


class Board:
    """The state of one move in progress, and the events it tells: each made with `tell`,
    its model made only when the event is read (a random playout reads none)."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []

    def public(self, model: Callable[P, GameEvent], /, *args: P.args, **fields: P.kwargs) -> None:
        self.events.append(tell(model, Audience.public(), *args, **fields))

    def private(
        self, to: str, model: Callable[P, GameEvent], /, *args: P.args, **fields: P.kwargs
    ) -> None:
        self.events.append(tell(model, Audience.to(to), *args, **fields))

    def seat(self, player: str) -> Seat:
        return self.state.seats[player]

    def active(self) -> list[str]:
        return [p for p in self.state.players if not self.state.seats[p].kicked]
