"""Match records and replay: a match is its options, seed and ordered list of accepted moves.

The record format is a stable contract shared by `python -m games replay`, the bot's
`/match log` export, tests and bug reports:

    {"game": ..., "seed": ..., "options": {...}, "players": [...],
     "computers": {"Dealer bot 1": "strong"},
     "moves": [{"by": "ann", "type": "bid", ...}, {"by": "host", "type": "close_phase"}]}

(`computers` only where the match has computer seats.)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from games.core.engine import Engine
from games.core.errors import RuleError
from games.core.events import Event


class RecordedMove(BaseModel):
    """One move as written in a record: who made it, and the move's own fields."""

    model_config = ConfigDict(extra="allow")

    by: str

    def payload(self) -> dict[str, Any]:
        return dict(self.model_extra or {})


class SeatHandover(BaseModel):
    """A seat handed to another player mid-match (the bot's `/match replace`), after the
    record's first `moves` moves. The engine knows the seat by the same player id before and
    after, so replaying ignores it: it says who played the seat when."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    seat: str
    from_: str = Field(alias="from")
    to: str
    moves: int


class MatchRecord(BaseModel):
    """A match as its record holds it. `computers` names the players that are Dealer's
    computer seats, each with its level (`games.core.seats.LEVELS`), so that a reader knows
    who played what; replaying ignores it (the moves are in the record). A record written
    before levels were kept has none: its computer seats read as `normal`, the one level
    there was."""

    model_config = ConfigDict(extra="forbid")

    game: str
    seed: int
    options: dict[str, Any] = Field(default_factory=dict)
    players: list[str]
    computers: dict[str, str] = Field(default_factory=dict)
    moves: list[RecordedMove] = Field(default_factory=list)
    handovers: list[SeatHandover] = Field(default_factory=list)


@dataclass(slots=True)
class Rejection:
    index: int
    code: str
    message: str

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "code": self.code, "message": self.message}


class Match:
    """A running match: the engine, its current state and the record of accepted moves."""

    def __init__(self, engine: Engine[Any, Any], record: MatchRecord, state: Any) -> None:
        self.engine = engine
        self.record = record
        self.state = state

    @classmethod
    def start(
        cls,
        engine: Engine[Any, Any],
        players: list[str],
        options: dict[str, Any],
        seed: int,
    ) -> tuple[Match, list[Event]]:
        """A new match; raises ValueError for players or options the game does not take."""
        engine.check_players(players)
        parsed = engine.parse_options(options)
        state, events = engine.setup(list(players), parsed, seed)
        record = MatchRecord(
            game=engine.game,
            seed=seed,
            options=parsed.model_dump(mode="json", exclude_defaults=True),
            players=list(players),
        )
        return cls(engine, record, state), events

    def submit(self, actor: str, move: dict[str, Any]) -> list[Event]:
        """Apply one move; on RuleError nothing changes, not the state and not the record."""
        parsed = self.engine.parse_move(move)
        events = self.engine.apply(self.state, actor, parsed)
        self.record.moves.append(RecordedMove(by=actor, **move))
        return events

    @property
    def finished(self) -> bool:
        return self.engine.is_finished(self.state)


@dataclass(slots=True)
class Replay:
    match: Match
    events: list[Event] = field(default_factory=list)
    rejected: list[Rejection] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "finished": self.match.finished,
            "rejected": [r.to_json() for r in self.rejected],
            "events": [e.to_json() for e in self.events],
            "result": self.match.engine.result(self.match.state),
        }


def replay(engine: Engine[Any, Any], record: MatchRecord) -> Replay:
    """Play a record from the start. Rejected moves are reported and skipped; the rest plays.

    Raises ValueError when the record's players or options do not suit the game.
    """
    match, events = Match.start(engine, record.players, record.options, record.seed)
    match.record.options = dict(record.options)
    result = Replay(match, list(events))
    for index, recorded in enumerate(record.moves):
        try:
            result.events.extend(match.submit(recorded.by, recorded.payload()))
        except RuleError as error:
            result.rejected.append(Rejection(index, error.code, error.message))
    return result
