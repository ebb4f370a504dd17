"""The Turn Order phase: sealed bids from personal money and one company's bank (AT-6, AT-7),
resolved together, highest first; bids return to the supply (AT-8)."""

from __future__ import annotations

from games.atrades.model import Payment, State
from games.atrades.money import capacity, check_payment, owned, spend
from games.core.errors import RuleError
from games.core.speech import N_


def initiative_total(state: State, seat: int) -> int:
    """AT-D8: a guild's initiative, its board's plus its companies' starting tiles'."""
    return state.seat(seat).initiative + sum(c.initiative for c in owned(state, seat))


def submit_bid(state: State, seat: int, payment: Payment, *, replacing: bool = False) -> None:
    """AT-6, AT-7: a guild's sealed turn-order bid, at most its money and one company's bank;
    a guild bids once a round, or (`replacing`, AT-D23) replaces its bid while others have
    still to bid; a refused bid leaves the one standing as it was. Nothing is paid until
    every bid is in."""
    if seat in state.bids and not replacing:
        raise RuleError("bid_twice", "You have already bid for turn order this round.")
    state.seat(seat)
    if payment.total > capacity(state, seat):
        raise RuleError(
            "bid_over",
            "You bid ${amount}, but your money and one company's bank hold at most ${most}.",
            amount=payment.total,
            most=capacity(state, seat),
        )
    check_payment(state, seat, payment, payment.total, N_("Your bid"))
    state.bids[seat] = payment


def resolve_turn_order(state: State) -> list[int]:
    """AT-6, AT-8: once every guild has bid, the highest bid goes first and every bid is
    returned to the supply. AT-D8: equal bids go first by the lower initiative total, then
    the lower guild board initiative."""
    missing = [g.player for seat, g in enumerate(state.guilds) if seat not in state.bids]
    if missing:
        raise RuleError(
            "bids_missing", "Still to bid for turn order: {players}.", players=", ".join(missing)
        )
    for seat, payment in state.bids.items():
        spend(state, seat, payment)
    state.order = sorted(
        range(len(state.guilds)),
        key=lambda s: (
            -state.bids[s].total,
            initiative_total(state, s),
            state.guilds[s].initiative,
        ),
    )
    state.bids = {}
    return state.order
