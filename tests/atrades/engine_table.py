"""Hand-laid tables for the engine's tests (the rules' `table` from tests/atrades/table.py),
put into the Action phase or the turn-order bids as a test needs."""

from __future__ import annotations

from games.atrades.model import State
from tests.atrades.table import table


def at_action(players: int, seat: int) -> State:
    """A table in round 1's Action phase, seats in seat order, `seat` to act."""
    state = table(players)
    state.flow.step = "actions"
    state.flow.turn = seat
    state.flow.actions = 1
    return state
