"""Events and their audiences: the only way anything leaves an engine.

A secret usually comes as a pair: the private fact addressed to its owner and a public
"someone submitted" for everyone else. The presenter routes by audience and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

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


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, past tense (`bid_placed`, `access_resolved`), with its audience.

    `data` holds JSON values only, so an event serialises as
    `{"type": ..., "audience": {...}, **data}`.
    """

    type: str
    audience: Audience
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "audience": self.audience.to_json(), **self.data}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        rest = {k: v for k, v in data.items() if k not in ("type", "audience")}
        return cls(data["type"], Audience.from_json(data["audience"]), rest)


def visible_to(events: list[Event], viewer: Viewer) -> list[Event]:
    """The events `viewer` may read, in order."""
    return [e for e in events if e.audience.reaches(viewer)]
