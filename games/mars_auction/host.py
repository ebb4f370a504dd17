"""The host's deadlines and removals: a step closed with its defaults (MA-D5), a player kicked
or conceding (MA-D7)."""

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


def close_phase(board: Board) -> None:
    """MA-D5: whoever the step waits for takes the default: a pass (the opener of a card
    bids 0), the budget the bot last knew (0 if none), the first cards in display order
    kept, nothing more bought."""
    state = board.state
    if state.step == "waiting":
        raise RuleError(
            "nothing_to_close",
            "Nothing is open: open the next research auction or end the match.",
        )
    if state.step == "bidding":
        player = state.to_act
        assert player is not None
        board.public(DefaultsApplied, step="bidding", players=[player])
        if state.options.variant == "limited":
            board.seat(player).passed = True
            board.public(Passed, player=player, auto=True)
            flow.next_turn(board)
        elif state.lot is not None and state.lot.high is None:
            state.lot.bids.append((player, 0))
            card = phases.lot_card(state)
            board.public(BidRaised, player=player, number=card.number, card=card.name, amount=0)
            flow.next_bidder(board)
        else:
            unlimited.pass_lot(board, player, auto=True)
        return
    if state.step == "budget":
        late = [p for p in board.active() if board.seat(p).money is None]
        board.public(DefaultsApplied, step="budget", players=late)
        for player in late:
            seat = board.seat(player)
            research.state_budget(board, player, seat.known or 0, by_host=True)
        return
    late = phases.waiting_for(state)
    board.public(DefaultsApplied, step=state.step, players=late)
    for player in late:
        seat = board.seat(player)
        if state.step == "keep":
            kind = state.kind or "company"
            seat.choice = phases.won(state, player, kind)[: KEEP[kind]]
        else:
            seat.choice = []
    flow.after_choice(board)


def remove(board: Board, player: str, why: type[PlayerKicked] | type[PlayerForfeited]) -> None:
    """MA-D7: a player kicked or conceding leaves: their markers come off the cards not
    yet evaluated, their bid on the card up for auction is void (its bidding starts
    again), what they won and had not kept or bought is discarded; what they hold stays
    theirs in the result. The last player left is neither removed nor conceding: the host
    ends the match."""
    state = board.state
    if len(board.active()) <= 1:
        raise RuleError(
            "last_player",
            "The last player cannot be removed; end the match."
            if why is PlayerKicked
            else "You are the last player left; the host can end the match.",
        )
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
    if state.step == "bidding":
        if state.options.variant == "limited":
            if state.to_act == player:
                flow.next_turn(board)
        elif (state.lot is not None and any(p == player for p, _ in state.lot.bids)) or (
            state.to_act == player
        ):
            unlimited.restart_lot(board)
    elif state.step == "budget":
        if all(board.seat(p).money is not None for p in board.active()):
            flow.open_bidding(board)
    elif state.step in ("keep", "buy"):
        if not phases.choosers(state):
            kind = state.kind or "project"
            if state.step == "keep":
                flow.settle_kept(board, kind)
            else:
                flow.settle_projects(board)
        elif not phases.waiting_for(state):
            flow.after_choice(board)
