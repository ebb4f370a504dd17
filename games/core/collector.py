"""The event collector: the events one move tells, in the order it tells them, each with its
audience. An engine's table of a move in progress (Project Mars's and Atrades' `Table`, the
Mars Auction's `Board`) collects through it, so that every primitive that changes what a
viewer can see writes the event telling them. Each event is made as `tell` makes it: its model
is made only when the event is read (a random playout reads none, issue 43).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec

from games.core.events import Audience, Event, GameEvent, tell_fields

P = ParamSpec("P")
_PUBLIC = Audience.public()


class Collector:
    """The events of the move being applied (`events`), told publicly or to one player: the
    event `model(**fields)`."""

    def __init__(self, events: list[Event] | None = None) -> None:
        self.events: list[Event] = [] if events is None else events

    def public(self, model: Callable[P, GameEvent], /, *args: P.args, **fields: P.kwargs) -> None:
        assert not args, "an event model takes its fields by name"
        self.events.append(tell_fields(model, _PUBLIC, fields))

    def private(
        self, to: str, model: Callable[P, GameEvent], /, *args: P.args, **fields: P.kwargs
    ) -> None:
        assert not args, "an event model takes its fields by name"
        self.events.append(tell_fields(model, Audience.to(to), fields))
