"""The event collector: the events one move tells, in the order it tells them, each with its
audience. An engine's table of a move in progress (Project Mars's `Table`) collects through
it, so that every primitive that changes what a viewer can see writes the event telling them.
"""

from __future__ import annotations

from games.core.events import Audience, Event, GameEvent


class Collector:
    """The events of the move being applied (`events`), told publicly or to one player."""

    def __init__(self, events: list[Event] | None = None) -> None:
        self.events: list[Event] = [] if events is None else events

    def public(self, event: GameEvent) -> None:
        self.events.append(event.told())

    def private(self, to: str, event: GameEvent) -> None:
        self.events.append(event.told(Audience.to(to)))
