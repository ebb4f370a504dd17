"""The Access Phase: one sealed bid on a house each (AA-5), everyone pays (AA-6), the house's
spots go to the highest bids, a tie entering only if it fits (AA-7), told publicly (AA-8);
whoever enters no house spends the round in the Black Market."""

from __future__ import annotations

from games.auction_auction.cash import money, note_bonus
from games.auction_auction.events import AccessBid, AccessResolved, BidPlaced, SubmissionReceived
from games.auction_auction.model import BLACK_MARKET, HOUSES, Bid, ClosedPhase, Seat, State
from games.core.errors import RuleError, typed
from games.core.events import Audience, Event, tell


def entrants(bids: list[tuple[str, int]], capacity: int) -> tuple[list[str], list[str]]:
    """AA-7: walk the distinct amounts from the highest; a tied group enters only if all of it
    fits; the first group that does not fit stops the walk. Returns (entered, tied_out)."""
    by_amount: dict[int, list[str]] = {}
    for player, amount in bids:
        by_amount.setdefault(amount, []).append(player)
    entered: list[str] = []
    for amount in sorted(by_amount, reverse=True):
        group = by_amount[amount]
        if len(entered) + len(group) > capacity:
            return entered, group if len(group) > 1 else []
        entered.extend(group)
    return entered, []


def players_at(state: State, location: str) -> list[str]:
    return [p for p in state.players if state.seats[p].location == location]


def access_bid(state: State, actor: str, seat: Seat, move: Bid) -> list[Event]:
    """AA-5: one sealed bid on a house, 0 <= amount <= cash; a new bid replaces it."""
    if move.target not in HOUSES:
        if move.target == BLACK_MARKET:
            raise RuleError(
                "not_a_house",
                "Nobody bids for the Black Market: players who enter no house go there.",
            )
        raise RuleError(
            "unknown_house",
            "There is no house called {typed}. Bid on {houses}.",
            typed=typed(move.target),
            houses=", ".join(f"{name} ({key})" for key, name in HOUSES.items()),
        )
    if move.amount < 0:
        raise RuleError("bad_amount", "A bid cannot be negative.")
    if move.amount > seat.cash:
        raise RuleError(
            "over_budget",
            "You bid {amount} but hold {cash}.",
            amount=money(move.amount),
            cash=money(seat.cash),
        )
    replaced = seat.access_bid
    seat.access_bid = (move.target, move.amount)
    placed = tell(
        BidPlaced,
        Audience.to(actor),
        player=actor,
        round=state.round,
        phase="access",
        target=move.target,
        amount=move.amount,
        replaced=replaced,
    )
    return [placed, tell(SubmissionReceived, Audience.public(), player=actor)]


def resolve_access(state: State) -> list[Event]:
    """AA-6 everyone pays, AA-7 entry per house, AA-8 announced publicly."""
    bids = [
        (p, seat.access_bid[0], seat.access_bid[1])
        for p, seat in state.seats.items()
        if seat.access_bid is not None
    ]
    outcome: dict[str, list[str]] = {}
    tied_out: list[str] = []
    for house in HOUSES:
        entered, kept_out = entrants(
            [(p, a) for p, h, a in bids if h == house], state.options.house_capacity
        )
        outcome[house] = entered
        tied_out.extend(kept_out)
        for player in entered:
            state.seats[player].location = house
    for player in state.players:
        seat = state.seats[player]
        if seat.location is None and not seat.kicked:
            seat.location = BLACK_MARKET
        amount = seat.access_bid[1] if seat.access_bid else 0
        seat.cash -= amount
        state.paid += amount
        note_bonus(state, player, seat, amount == 0)
        seat.access_bid = None
    outcome[BLACK_MARKET] = players_at(state, BLACK_MARKET)
    state.closed.append(
        ClosedPhase(
            round=state.round, phase="access", bids=bids, entrants=outcome, tied_out=tied_out
        )
    )
    resolved = AccessResolved(
        round=state.round,
        bids=[AccessBid(player=p, house=h, amount=a) for p, h, a in bids],
        entrants=outcome,
        tied_out=tied_out,
        house_capacity=state.options.house_capacity,
    )
    return [resolved.told()]
