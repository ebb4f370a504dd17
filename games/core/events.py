"""Events and their audiences: the only way anything leaves an engine.

A secret usually comes as a pair: the private fact addressed to its owner and a public
"someone submitted" for everyone else. The presenter routes by audience and nothing else.

An `Event` is the envelope the bot routes and stores: its type, its audience and its fields
as JSON. A game whose events are typed (`Engine.events`) makes each one as a `GameEvent`
model, one per event type, and puts it in its envelope with `GameEvent.told`; whoever reads
the event reads it back through the game's union of models (`read_event`), as attributes.
The events every game has (`PhaseOpened`, `MatchEnded`, `PlayerKicked`, `PlayerForfeited`)
are here.
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, ParamSpec, TypeVar, cast

from pydantic import BaseModel, ConfigDict, TypeAdapter

AudienceKind = Literal["public", "players", "location", "host", "internal"]

#: Who may be looking: a player's name, the host, or None for the public (a spectator).
Viewer = str | None


@dataclass(frozen=True, slots=True)
class Audience:
    """Who an event is for.

    - public: everyone in the match channel and spectators;
    - players: just the named players;
    - location: the players inside one location this round (named in `players`, so the
      presenter needs no game knowledge to route it);
    - host: the host only;
    - internal: nobody; kept in the record for replay and audits.
    """

    kind: AudienceKind
    players: tuple[str, ...] = ()
    location: str | None = None

    @classmethod
    def public(cls) -> Audience:
        return _PUBLIC

    @classmethod
    def to(cls, *players: str) -> Audience:
        return cls("players", tuple(players))

    @classmethod
    def at(cls, location: str, players: tuple[str, ...] | list[str]) -> Audience:
        return cls("location", tuple(players), location)

    @classmethod
    def host(cls) -> Audience:
        return _HOST

    @classmethod
    def internal(cls) -> Audience:
        return _INTERNAL

    def reaches(self, viewer: Viewer, *, host: str = "host") -> bool:
        """Whether `viewer` (a player, `host`, or None for the public) may read the event.

        The host is told what is addressed to the host and everything public; players' and
        locations' secrets reach the host only through the audit view after a phase closes.
        """
        if self.kind == "public":
            return True
        if self.kind == "host":
            return viewer == host
        if self.kind in ("players", "location"):
            return viewer is not None and viewer in self.players
        return False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.players:
            out["players"] = list(self.players)
        if self.location is not None:
            out["location"] = self.location
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Audience:
        return cls(data["kind"], tuple(data.get("players", ())), data.get("location"))


_PUBLIC = Audience("public")
_HOST = Audience("host")
_INTERNAL = Audience("internal")


class Event:
    """Something that happened, past tense (`bid_placed`, `access_resolved`), with its audience.

    `data` holds JSON values only, so an event serialises as
    `{"type": ..., "audience": {...}, **data}`. An event made from its model (`GameEvent.told`)
    keeps the model (`model`) and writes `data` from it the first time it is read: a random
    playout, which reads no event, never pays for it. One made with `tell` keeps the model's
    class and fields, and makes the model itself only when it is read.
    """

    __slots__ = ("_data", "_model", "_pending", "audience", "type")

    def __init__(
        self,
        type: str,
        audience: Audience,
        data: dict[str, Any] | None = None,
        *,
        model: GameEvent | None = None,
        pending: tuple[Callable[..., GameEvent], dict[str, Any]] | None = None,
    ) -> None:
        self.type = type
        self.audience = audience
        self._model = model
        self._pending = pending
        typed = model is not None or pending is not None
        self._data = data if data is not None or typed else {}

    @property
    def model(self) -> GameEvent | None:
        """The event's model, in a game whose events are typed (None when made from JSON)."""
        if self._model is None and self._pending is not None:
            made, fields = self._pending
            self._model, self._pending = made(**fields), None
        return self._model

    @property
    def data(self) -> dict[str, Any]:
        if self._data is None:
            model = self.model
            assert model is not None
            self._data = model.fields()
        return self._data

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.type, self.audience, self.data) == (other.type, other.audience, other.data)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Event({self.type!r}, {self.audience!r}, {self.data!r})"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "audience": self.audience.to_json(), **self.data}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        rest = {k: v for k, v in data.items() if k not in ("type", "audience")}
        return cls(data["type"], Audience.from_json(data["audience"]), rest)


P = ParamSpec("P")


def tell(
    model: Callable[P, GameEvent], audience: Audience, /, *args: P.args, **fields: P.kwargs
) -> Event:
    """The event `model(**fields)` for `audience`, as `GameEvent.told` makes it, but with its
    model made (and validated) only when the event is read: what an engine whose random
    playouts must be quick makes its most frequent events with (Auction Auction's bids,
    issue 43). mypy checks `fields` as it checks a call of the model; a field of a wrong type
    is refused when the event is read (the conformance suite reads every one)."""
    assert not args, "an event model takes its fields by name"
    return tell_fields(model, audience, fields)


def tell_fields(
    model: Callable[..., GameEvent], audience: Audience, fields: dict[str, Any]
) -> Event:
    """`tell`, its fields given as the dict they are already in (the collector's, which has
    them so: each move of a random playout tells a few, issue 43), unchecked by mypy."""
    kind = _KINDS.get(model)
    if kind is None:
        made = cast("type[GameEvent]", model)
        kind = _KINDS[model] = str(made.model_fields["type"].default)
    return Event(kind, audience, pending=(model, fields))


#: Each event model's type tag, by model (for `tell`).
_KINDS: dict[Callable[..., GameEvent], str] = {}


def visible_to(events: list[Event], viewer: Viewer) -> list[Event]:
    """The events `viewer` may read, in order."""
    return [e for e in events if e.audience.reaches(viewer)]


class GameEvent(BaseModel):
    """A typed event: `type`, a `Literal` in each subclass (the tag of its game's union of
    events), and the event's fields. Its audience is the envelope's (`told`). Engines make
    them with the model's own constructor, which validates them (pydantic-core's validation
    costs less than `model_construct`'s Python); the conformance suite checks that each
    event an engine emits reads back through its game's union as it was emitted."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    type: str

    def told(self, audience: Audience = _PUBLIC) -> Event:
        """The event in its envelope, for `audience` (by default everyone): its fields as
        JSON in their declared order, those the engine left unset left out (an event whose
        fields depend on the phase writes only those it has; what they hold is written
        whole)."""
        return Event(self.type, audience, model=self)

    def fields(self) -> dict[str, Any]:
        """The event's fields as its envelope holds them (`told`)."""
        return self.model_dump(mode="json", include=self.model_fields_set - {"type"})


class PhaseOpened(GameEvent):
    """A new decision opens (every game announces one): a game's own subclass adds what it
    tells about the phase."""

    type: Literal["phase_opened"] = "phase_opened"


class MatchEnded(GameEvent):
    """The match is over: a game's own subclass carries its result."""

    type: Literal["match_ended"] = "match_ended"


class PlayerKicked(GameEvent):
    """The host removed `player` from the match."""

    type: Literal["player_kicked"] = "player_kicked"
    player: str


class PlayerForfeited(GameEvent):
    """`player` conceded (`/match forfeit`)."""

    type: Literal["player_forfeited"] = "player_forfeited"
    player: str


E = TypeVar("E", bound=GameEvent)


def read_event(events: TypeAdapter[E], event: dict[str, Any]) -> E:
    """An event in its envelope's JSON (`Event.to_json`, as the log stores it) read back
    through a game's union of event models; ValidationError for one that is not among them."""
    return events.validate_python({k: v for k, v in event.items() if k != "audience"})


def event_models(union: Any) -> tuple[type[GameEvent], ...]:
    """The models of a game's union of events (`Annotated[A | B, Field(discriminator=...)]`)."""
    inner = typing.get_args(union)[0] if typing.get_origin(union) is typing.Annotated else union
    return tuple(typing.get_args(inner) or (inner,))
