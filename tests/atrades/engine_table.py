"""Hand-laid tables for the engine's tests (the rules' `table` from tests/atrades/table.py),
put into the Action phase or the turn-order bids as a test needs."""

from __future__ import annotations

from games.atrades.model import State
from tests.atrades.table import company, table


def at_action(players: int, seat: int) -> State:
    """A table in round 1's Action phase, seats in seat order, `seat` to act."""
    state = table(players)
    state.flow.step = "actions"
    state.flow.turn = seat
    state.flow.actions = 1
    return state


def market_table() -> State:
    """The last action of round 1 (p2's) before the market, in Sietch Valley (demand 9):
    p0's Rations 2 on G1, p1's Rations 3 on F1 (next to G1, E2 and the city F2: no free land)
    and Rations 4 on E4, p2's Wiring 13 on E2; one plain Rations tile left in the supply."""
    state = at_action(3, 2)
    company(state, 2, 0, "G1")
    company(state, 3, 1, "F1")
    company(state, 4, 1, "E4")
    company(state, 13, 2, "E2")
    state.regions[0].demand = 9
    state.supply["rations"] = 1
    return state
