"""The unlimited variant's moves (U1-U8): card by card, a raise or a pass."""

from __future__ import annotations

from games.core.errors import RuleError
from games.mars_auction import budgets, flow, phases
from games.mars_auction.events import (
    BidRaised,
    LotReceipt,
    LotRestarted,
    Passed,
    PriceWarning,
)
from games.mars_auction.table import Board


def raise_(board: Board, player: str, amount: int) -> None:
    """U2, U5: a bid from 0 (the opening) or above the high bid, up to what the player can
    pay. A bid on a project that would leave less than its buying price is warned
    privately, as L9's markers are: won, it would be discarded unbought (L16)."""
    state = board.state
    phases.my_turn(state, player)
    if state.options.variant != "unlimited" or state.lot is None:
        raise RuleError("wrong_variant", "Bids go up card by card only in the unlimited variant.")
    high = state.lot.high
    low = 0 if high is None else high[1] + 1
    if amount < low:
        if high is None:
            raise RuleError("too_low", "Open at 0 M€ or more.")
        raise RuleError(
            "too_low",
            "The bid is {high} M€ ({bidder}): raise to {low} M€ or more.",
            high=high[1],
            bidder=high[0],
            low=low,
        )
    most = budgets.available(state, player)
    if amount > most:
        raise RuleError(
            "budget",
            "You can pay at most {most} M€ for this card, not {amount} M€.",
            most=most,
            amount=amount,
        )
    state.lot.bids.append((player, amount))
    card = phases.lot_card(state)
    board.public(BidRaised, player=player, number=card.number, card=card.name, amount=amount)
    lot_receipt(board, player, amount)
    left = most - amount
    if card.kind == "project" and left < budgets.price(state, player):
        board.private(
            player,
            PriceWarning,
            player=player,
            left=left,
            price=budgets.price(state, player),
            number=card.number,
            card=card.name,
        )
    flow.next_bidder(board)


def lot_receipt(board: Board, player: str, amount: int | None) -> None:
    """The bidder's own answer to a raise (`amount`) or a pass (None) on the card up for
    auction: which card, and for how much."""
    card = phases.lot_card(board.state)
    board.private(
        player, LotReceipt, player=player, number=card.number, card=card.name, amount=amount
    )


def pass_(board: Board, player: str) -> None:
    """U3: a pass on the card up for auction is for that card."""
    phases.my_turn(board.state, player)
    pass_lot(board, player, auto=False)


def pass_lot(board: Board, player: str, *, auto: bool) -> None:
    state = board.state
    lot = state.lot
    assert lot is not None
    if lot.high is None and player == lot.opener:
        raise RuleError("must_open", "You open the bidding on this card: bid 0 M€ or more.")
    lot.passed.append(player)
    board.public(
        Passed, player=player, number=lot.number, card=phases.lot_card(state).name, auto=auto
    )
    if not auto:
        lot_receipt(board, player, None)
    flow.next_bidder(board)


def restart_lot(board: Board) -> None:
    state = board.state
    assert state.lot is not None
    card = next(c for c in state.display if c.number == state.lot.number)
    board.public(LotRestarted, number=card.number, card=card.name)
    flow.open_lot(board)
