"""Random playouts and their check: a random move, now and then the host's, and the money and
cubes conserved."""

from __future__ import annotations

import random
from typing import Any

from games.auction_auction.decisions import offer, targets
from games.auction_auction.model import Bid, ClosePhase, Give, State, TradeGarnet
from games.core.engine import HOST


def random_move(state: State, rnd: random.Random) -> tuple[str, Any]:
    active = [p for p in state.players if not state.seats[p].kicked]
    if rnd.random() < 1 / (2 * len(active) + 1):
        return HOST, ClosePhase()
    player = rnd.choice(active)
    seat = state.seats[player]
    roll = rnd.random()
    if roll < 0.05:
        return player, TradeGarnet()
    if roll < 0.1:
        free = seat.cash - seat.committed()
        return player, Give(to=rnd.choice(active), amount=rnd.randint(1, max(1, free)))
    target = rnd.choice(targets(state, player))
    free = seat.cash - seat.committed() + seat.lot_bids.get(target, 0)
    low = offer(state).lowest
    return player, Bid(target=target, amount=rnd.randint(low, max(low, free // 2)))


def conserved(state: State) -> dict[str, int]:
    """Money: held + paid for bids - created by AA-13/AA-14 stays at the starting total.
    Cubes: held + discarded - offered stays 0."""
    held = sum(seat.cash for seat in state.seats.values())
    cubes = sum(sum(seat.cubes.values()) for seat in state.seats.values())
    return {
        "money": held + state.paid - state.minted,
        "cubes": cubes + state.cubes_discarded - state.cubes_offered,
    }
