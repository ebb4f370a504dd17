"""The engine protocol every game implements.

An engine is data plus pure functions (after boardgame.io's `Game`): `setup` makes the first
state from players, options and a seed; `apply` checks a move completely before touching
anything, then changes the state and returns the events; `view` is what one viewer may know.
Engines are synchronous and deterministic: no clock, no I/O, randomness only from the
`RandomSource` kept in the state.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from games.core.errors import RuleError, typed
from games.core.events import Event, Viewer

#: The actor name of the host in records and `apply`; no player may be called this.
HOST = "host"

S = TypeVar("S", bound=BaseModel)
OptionsT = TypeVar("OptionsT", bound=BaseModel)


def explain(error: ValidationError, *, tagged: bool = False) -> str:
    """One sentence naming what was wrong with a move or options, for a person to read.
    `tagged`: the input was a union told apart by its `type`, whose tag heads each location."""
    first = error.errors()[0]
    ctx = first.get("ctx", {})
    kind = first["type"]
    parts = [str(part) for part in first["loc"] if not isinstance(part, int)]
    where = ".".join(parts[1:] if tagged else parts)
    if kind == "union_tag_invalid":
        return f"there is no move called {typed(ctx['tag'])}; the moves are {ctx['expected_tags']}."
    if kind == "union_tag_not_found":
        return "the move has no type."
    if kind == "missing":
        return f"{where} is missing."
    if kind == "extra_forbidden":
        return f"{where} is not something this takes."
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return f"{where} must be a whole number."
    message = str(ctx.get("error", first["msg"])).rstrip(".")
    return f"{where}: {message[0].lower()}{message[1:]}." if where else f"{message}."


class Engine(ABC, Generic[S, OptionsT]):
    """One game's rules. Subclasses set the class attributes and implement the methods."""

    game: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    state_type: type[S]
    options_type: type[OptionsT]
    #: A pydantic adapter for the game's moves: a union discriminated by `type`.
    moves: TypeAdapter[Any]

    def parse_options(self, raw: dict[str, Any]) -> OptionsT:
        """Match options from JSON; raises ValueError with a readable sentence."""
        try:
            return self.options_type.model_validate(raw)
        except ValidationError as error:
            raise ValueError(f"Invalid options: {explain(error)}") from None

    def parse_move(self, raw: dict[str, Any]) -> Any:
        """A move from JSON (without its `by`); raises RuleError `bad_move`."""
        try:
            return self.moves.validate_python(raw)
        except ValidationError as error:
            raise RuleError(
                "bad_move", f"That move is not understood: {explain(error, tagged=True)}"
            ) from None

    def check_players(self, players: list[str]) -> None:
        """Raises ValueError unless the player list suits this game."""
        if not self.min_players <= len(players) <= self.max_players:
            raise ValueError(
                f"{self.title} takes {self.min_players} to {self.max_players} players, "
                f"not {len(players)}."
            )
        if len(set(players)) != len(players):
            raise ValueError("Each player may be seated only once.")
        if HOST in players or any(not p.strip() for p in players):
            raise ValueError(f"Player names must be non-empty and not {HOST!r}.")

    def dump_state(self, state: S) -> dict[str, Any]:
        return state.model_dump(mode="json")

    def load_state(self, data: dict[str, Any]) -> S:
        return self.state_type.model_validate(data)

    @abstractmethod
    def setup(self, players: list[str], options: OptionsT, seed: int) -> tuple[S, list[Event]]:
        """The first state and the events announcing it."""

    @abstractmethod
    def apply(self, state: S, actor: str, move: Any) -> list[Event]:
        """Apply `move` by `actor` (a player or HOST) to `state` in place.

        Raises RuleError, with the state untouched, when the move is not allowed now.
        """

    @abstractmethod
    def view(self, state: S, viewer: Viewer) -> dict[str, Any]:
        """What `viewer` (a player, HOST, or None for the public) may know now, as JSON."""

    def summary(self, state: S, player: str) -> dict[str, Any]:
        """The part of `view(state, player)` that a player's own summary needs (what they
        hold, what they have submitted, what they may do now): every key it has holds what
        the view holds there. The bot answers each move with it (the player's 1-on-1 text,
        and the controls of a game that has its own), so a game whose view is costly to build
        narrows it to what those read; by default it is the whole view."""
        return self.view(state, player)

    @abstractmethod
    def is_finished(self, state: S) -> bool: ...

    @abstractmethod
    def result(self, state: S) -> dict[str, Any] | None:
        """The final result as JSON once the match has ended, else None."""

    @abstractmethod
    def random_move(self, state: S, rnd: random.Random) -> tuple[str, Any]:
        """A plausible move (actor, move) for random playouts; the host's phase-ending moves
        must come up often enough that every random match ends."""

    @abstractmethod
    def conserved(self, state: S) -> dict[str, int]:
        """Quantities no move may change (money and cubes net of what rules create or spend)."""
