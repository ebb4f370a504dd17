"""M€ (L9, L16, L18, U5): what a player pays with, what their markers hold, how many more they
may put out, what they may bid, what a won project costs them, and paying."""

from __future__ import annotations

from functools import lru_cache

from games.mars_auction.model import (
    MAX_PER_ROUND,
    PRICE,
    TERRALABS_PRICE,
    Seat,
    State,
)
from games.tm_catalogue import (
    fold,
)


@lru_cache(maxsize=256)
def is_terralabs(name: str | None) -> bool:
    """L18: Terralabs (Terralabs Research in the Turmoil expansion) by its name (asked for
    every card awarded and every price: kept per name)."""
    return name is not None and fold(name).replace(" ", "").startswith("terralabs")


def budget(state: State, player: str) -> int:
    """L9, U5: the M€ a player pays with; in the setup before they have a corporation, the
    setup budget, in the unlimited variant less the company bids they won (settled once
    they have one, L10)."""
    seat = state.seats[player]
    if seat.money is not None:
        return seat.money
    won = seat.company_bids if state.options.variant == "unlimited" else 0
    return state.setup_budget - won


def unsettled(state: State, player: str) -> int:
    """L9: the player's markers on cards not yet evaluated."""
    return sum(c.markers.get(player, 0) for c in state.display if not c.done)


def room(state: State, player: str) -> int:
    """How many more markers the player may put out this round (L8, L9)."""
    seat = state.seats[player]
    return max(
        0,
        min(
            MAX_PER_ROUND - seat.placed,
            budget(state, player) - unsettled(state, player),
        ),
    )


def available(state: State, player: str) -> int:
    """U5: the most a player may bid on the card up for auction: what they pay with
    (`budget`), in the setup's company auction the setup budget less the company bids
    they won."""
    return max(0, budget(state, player))


def price(state: State, player: str) -> int:
    return TERRALABS_PRICE if is_terralabs(state.seats[player].corporation) else PRICE


def pay(seat: Seat, amount: int) -> None:
    seat.money = (seat.money or 0) - amount
    seat.known = seat.money
    seat.paid += amount
