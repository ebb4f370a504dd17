"""The shape every Dealer game shares: audiences and events (typed, `GameEvent`), typed views
(`GameView`), rule errors, seeded randomness,
the engine protocol and its contract's data (turns, actions, season outcomes, placings), match
records and replay."""

from games.core.contract import (
    Action,
    Amount,
    Choice,
    Phase,
    Pick,
    Placings,
    SeasonOutcome,
    Turn,
)
from games.core.engine import HOST, Engine
from games.core.errors import RuleError
from games.core.events import Audience, Event, GameEvent
from games.core.match import Match, MatchRecord, RecordedMove
from games.core.rng import RandomSource
from games.core.views import GameView

__all__ = [
    "HOST",
    "Action",
    "Amount",
    "Audience",
    "Choice",
    "Engine",
    "Event",
    "GameEvent",
    "GameView",
    "Match",
    "MatchRecord",
    "Phase",
    "Pick",
    "Placings",
    "RandomSource",
    "RecordedMove",
    "RuleError",
    "SeasonOutcome",
    "Turn",
]
