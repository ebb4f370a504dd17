"""The host's deadlines and removals: what closing each decision does, its defaults (MA-D5),
and what a player kicked or conceding leaves behind and does to it (MA-D7). Which applies is
the open decision's (`games.mars_auction.decisions.TABLE`)."""

from __future__ import annotations

from games.core.errors import RuleError
from games.core.events import (
    PlayerForfeited,
    PlayerKicked,
)
from games.mars_auction import flow, phases, research, unlimited
from games.mars_auction.events import (
    BidRaised,
    CardDiscarded,
    DefaultsApplied,
    Passed,
)
from games.mars_auction.model import (
    KEEP,
)
from games.mars_auction.table import Board


def nothing_to_close(board: Board) -> None:
    raise RuleError(
        "nothing_to_close",
        "Nothing is open: open the next research auction or end the match.",
    )


def close_markers(board: Board) -> None:
    """MA-D5: the bidder passes for the rest of the round (L6)."""
    player = _late_bidder(board)
    board.seat(player).passed = True
    board.public(Passed, player=player, auto=True)
    flow.next_turn(board)


def close_lot(board: Board) -> None:
    """MA-D5: the opener of a card bids 0 (U2); anyone else passes on it (U3)."""
    state = board.state
    player = _late_bidder(board)
    if state.lot is not None and state.lot.high is None:
        state.lot.bids.append((player, 0))
        card = phases.lot_card(state)
        board.public(BidRaised, player=player, number=card.number, card=card.name, amount=0)
        flow.next_bidder(board)
    else:
        unlimited.pass_lot(board, player, auto=True)


def _late_bidder(board: Board) -> str:
    player = board.state.to_act
    assert player is not None
    board.public(DefaultsApplied, step="bidding", players=[player])
    return player


def close_budget(board: Board) -> None:
    """MA-D5: whoever has not stated a budget keeps the one the bot last knew (0 if none)."""
    late = [p for p in board.active() if board.seat(p).money is None]
    board.public(DefaultsApplied, step="budget", players=late)
    for player in late:
        seat = board.seat(player)
        research.state_budget(board, player, seat.known or 0, by_host=True)


def close_keep(board: Board) -> None:
    """MA-D5: whoever has not chosen keeps their first cards in display order."""
    state = board.state
    kind = state.kind or "company"
    late = phases.waiting_for(state)
    board.public(DefaultsApplied, step="keep", players=late)
    for player in late:
        board.seat(player).choice = phases.won(state, player, kind)[: KEEP[kind]]
    flow.after_keep(board)


def close_buy(board: Board) -> None:
    """MA-D5: whoever has not chosen buys nothing more."""
    late = phases.waiting_for(board.state)
    board.public(DefaultsApplied, step="buy", players=late)
    for player in late:
        board.seat(player).choice = []
    flow.after_buy(board)


def leave(board: Board, player: str, why: type[PlayerKicked] | type[PlayerForfeited]) -> None:
    """MA-D7: a player kicked or conceding leaves: their markers come off the cards not
    yet evaluated, what they won and had not kept or bought is discarded; what they hold
    stays theirs in the result. The last player left is neither removed nor conceding: the
    host ends the match. What it does to the open decision is the decision's (`left_*`)."""
    state = board.state
    if len(board.active()) <= 1:
        if why is PlayerKicked:
            raise RuleError("last_player", "The last player cannot be removed; end the match.")
        raise RuleError("last_player", "You are the last player left; the host can end the match.")
    seat = board.seat(player)
    seat.kicked = True
    for card in state.display:
        if not card.done:
            card.markers.pop(player, None)
    board.public(why, player=player)
    for name in list(seat.won):
        board.public(CardDiscarded, player=player, card=name)
        for card in state.display:
            if card.name == name:
                card.winner, card.drawn = None, False
    seat.won, seat.choice = {}, None


def left_markers(board: Board, player: str) -> None:
    """The turn passes on if it was the leaver's."""
    if board.state.to_act == player:
        flow.next_turn(board)


def left_lot(board: Board, player: str) -> None:
    """MA-D7: a bid of the leaver on the card up for auction is void: its bidding starts
    again, as it does when it was their turn."""
    state = board.state
    if (state.lot is not None and any(p == player for p, _ in state.lot.bids)) or (
        state.to_act == player
    ):
        unlimited.restart_lot(board)


def left_budget(board: Board, player: str) -> None:
    """Bidding opens if the leaver's was the last budget missing."""
    if all(board.seat(p).money is not None for p in board.active()):
        flow.open_bidding(board)


def left_keep(board: Board, player: str) -> None:
    """The kind is settled if the leaver's was the last choice missing."""
    flow.after_keep(board)


def left_buy(board: Board, player: str) -> None:
    """The projects are settled if the leaver's was the last choice missing."""
    flow.after_buy(board)


def left_nothing(board: Board, player: str) -> None:
    """Between auctions nothing waits for the leaver."""
