"""The interface between the presenter and a game's texts."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from games.core.drawing.board import Board

#: Turns a player id of the engine into the name people see.
Names = Callable[[str], str]


@dataclass(frozen=True, slots=True)
class Target:
    """Something a player may submit to now (a house, a lot), shown as a button."""

    id: str
    label: str


class GameUI(ABC):
    game: ClassVar[str]
    title: ClassVar[str]
    #: Event types after which the spectator channel gets the full picture of a phase.
    phase_closing_events: ClassVar[frozenset[str]] = frozenset()
    #: Event types whose message carries a board image (`board` returns one for them).
    board_events: ClassVar[frozenset[str]] = frozenset()

    @abstractmethod
    def describe(self, event: dict[str, Any], names: Names) -> str | None:
        """The message for one event, or None when it is not announced."""

    @abstractmethod
    def one_on_one(self, view: dict[str, Any], names: Names) -> str:
        """A player's private summary: what they hold and may do now."""

    @abstractmethod
    def targets(self, view: dict[str, Any]) -> list[Target]:
        """What the viewing player may submit to now."""

    @abstractmethod
    def status(self, view: dict[str, Any], names: Names) -> str:
        """The public status of the match."""

    @abstractmethod
    def audit(self, host_view: dict[str, Any], names: Names) -> str:
        """Every sealed submission of the phase that closed last (host and spectators)."""

    @abstractmethod
    def board(self, event: dict[str, Any], names: Mapping[str, str]) -> Board | None:
        """The image that goes with an event's message, or None. Called in a worker process:
        it must be pure (it renders only what the event's audience may see)."""

    @abstractmethod
    def card(self, view: dict[str, Any], names: Mapping[str, str]) -> Board | None:
        """A player's 1-on-1 card from their view, or None. Pure, like `board`."""

    @abstractmethod
    def help(self) -> str:
        """How to play, for /help."""
