"""The shape every Dealer game shares: audiences and events, rule errors, seeded randomness,
the engine protocol, match records and replay."""

from games.core.engine import HOST, Engine
from games.core.errors import RuleError
from games.core.events import Audience, Event
from games.core.match import Match, MatchRecord, RecordedMove
from games.core.rng import RandomSource

__all__ = [
    "HOST",
    "Audience",
    "Engine",
    "Event",
    "Match",
    "MatchRecord",
    "RandomSource",
    "RecordedMove",
    "RuleError",
]
