"""What each of the Mars Auction's decisions offers: one table (`TABLE`), keyed by the one
function that says which is open (`games.mars_auction.phases.decision`), as Atrades has them
(`games.atrades.decisions`, after boardgame.io's phase map, `src/core/flow.ts`). The engine's
moves (`play`: what a move does in the decision, or why it is refused), the turn (`must`,
`may`, `phase`), the legal actions (`legal_actions`), the host's close-phase and deadlines
(`close_phase`) and a removal's aftermath (`remove`) read it. No decision puts a button on the
channel's board: the board shows the bidder's own controls (`controls_on_board`), and the
other decisions are answered from each player's messages."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from games.core.contract import Action, Phase
from games.core.errors import RuleError
from games.core.events import PlayerForfeited, PlayerKicked
from games.mars_auction import host, keeping, legal, limited, phases, research, unlimited
from games.mars_auction.model import Budget, Buy, End, Keep, Pass, Place, Raise, Research, State
from games.mars_auction.phases import Decision, decision
from games.mars_auction.table import Board

#: What a move does in a decision: the board, who made it (the host's moves are `HOST`'s)
#: and the move.
Taken = Callable[[Board, str, Any], None]


def _no_actions(state: State, player: str) -> list[Action]:
    return []


def _over(board: Board) -> None:
    raise RuleError("match_over", "The match is over; no more moves are taken.")


@dataclass(frozen=True, slots=True)
class Offer:
    """What one decision offers: whom it waits for (`must`) and who may act (`may`), its
    phase, each player's legal actions, what the host's close-phase does (`close`, MA-D5),
    what a player's leaving does to it (`left`, MA-D7), what each move it takes does
    (`moves`, by the move's type; any other move is refused, `REFUSED`), and the kinds of
    action it offers (`keys`, `sealed` those made in private)."""

    must: Callable[[State], list[str]]
    may: Callable[[State], list[str]]
    phase: Callable[[State], Phase]
    actions: Callable[[State, str], list[Action]]
    close: Callable[[Board], None]
    left: Callable[[Board, str], None]
    moves: Mapping[type[Any], Taken]
    keys: frozenset[str]
    sealed: frozenset[str] = frozenset()


def _budget(board: Board, actor: str, move: Budget) -> None:
    """L9: a player's own budget, or one the host sets for them."""
    player = actor if move.for_ is None else move.for_
    research.state_budget(board, player, move.amount, by_host=move.for_ is not None)


def _place(board: Board, actor: str, move: Place) -> None:
    limited.place(board, actor, move.cards)


def _raise(board: Board, actor: str, move: Raise) -> None:
    unlimited.raise_(board, actor, move.amount)


def _keep(board: Board, actor: str, move: Keep) -> None:
    keeping.keep(board, actor, move.cards)


def _buy(board: Board, actor: str, move: Buy) -> None:
    keeping.buy(board, actor, move.cards)


def _research(board: Board, actor: str, move: Research) -> None:
    research.research(board, move)


def _end(board: Board, actor: str, move: End) -> None:
    research.end(board)


#: Bids are refused outside a bidding turn, each move with its own words (the marker moves
#: in the unlimited variant, and its raise in the limited one, by the variant's own rules).
BIDS: Mapping[type[Any], Taken] = {Place: _place, Raise: _raise}

TABLE: dict[Decision, Offer] = {
    "budget": Offer(
        must=phases.budget_must,
        may=phases.budget_may,
        phase=phases.budget_phase,
        actions=legal.budget_actions,
        close=host.close_budget,
        left=host.left_budget,
        moves={Budget: _budget},
        keys=frozenset({"budget"}),
        sealed=frozenset({"budget"}),
    ),
    # L6-L9: markers on one or two cards, or a pass for the round.
    "markers": Offer(
        must=phases.bidder_must,
        may=phases.bidder_must,
        phase=phases.markers_phase,
        actions=legal.marker_actions,
        close=host.close_markers,
        left=host.left_markers,
        moves={**BIDS, Pass: lambda board, actor, move: limited.pass_(board, actor)},
        keys=frozenset({"place", "pass"}),
    ),
    # U2-U5: the card up for auction opened, raised, or passed on.
    "lot": Offer(
        must=phases.bidder_must,
        may=phases.bidder_must,
        phase=phases.lot_phase,
        actions=legal.lot_actions,
        close=host.close_lot,
        left=host.left_lot,
        moves={**BIDS, Pass: lambda board, actor, move: unlimited.pass_(board, actor)},
        keys=frozenset({"raise", "pass"}),
    ),
    "keep": Offer(
        must=phases.waiting_for,
        may=phases.choosers,
        phase=phases.keep_phase,
        actions=legal.keep_actions,
        close=host.close_keep,
        left=host.left_keep,
        moves={Keep: _keep},
        keys=frozenset({"keep"}),
        sealed=frozenset({"keep"}),
    ),
    "buy": Offer(
        must=phases.waiting_for,
        may=phases.choosers,
        phase=phases.buy_phase,
        actions=legal.buy_actions,
        close=host.close_buy,
        left=host.left_buy,
        moves={Buy: _buy},
        keys=frozenset({"buy", "buy_none"}),
        sealed=frozenset({"buy", "buy_none"}),
    ),
    # MA-D6, MA-D11: the host opens the next research auction or ends the match.
    "waiting": Offer(
        must=phases.nobody,
        may=phases.nobody,
        phase=phases.waiting_phase,
        actions=_no_actions,
        close=host.nothing_to_close,
        left=host.left_nothing,
        moves={Research: _research, End: _end},
        keys=frozenset(),
    ),
    "ended": Offer(
        must=phases.nobody,
        may=phases.nobody,
        phase=phases.ended_phase,
        actions=_no_actions,
        close=_over,
        left=host.left_nothing,
        moves={},
        keys=frozenset(),
    ),
}

#: Why a move is refused where the open decision does not take it, from the decision's
#: title.
REFUSED: Mapping[type[Any], Callable[[str], RuleError]] = {
    Place: lambda now: RuleError("wrong_step", "Nobody bids now ({now}).", now=now),
    Pass: lambda now: RuleError("wrong_step", "Nobody bids now ({now}).", now=now),
    Raise: lambda now: RuleError("wrong_step", "Nobody bids now ({now}).", now=now),
    Budget: lambda now: RuleError(
        "wrong_step", "Budgets are stated when a research display is out ({now}).", now=now
    ),
    Keep: lambda now: RuleError("wrong_step", "Nothing is kept now ({now}).", now=now),
    Buy: lambda now: RuleError("wrong_step", "Nothing is bought now ({now}).", now=now),
    Research: lambda now: RuleError(
        "auction_running",
        "An auction is running ({now}); open the next one when it is settled.",
        now=now,
    ),
    End: lambda now: RuleError(
        "auction_running",
        "An auction is running ({now}); end the match once it is settled, or close its steps "
        "first.",
        now=now,
    ),
}


def offer(state: State) -> Offer:
    """What the decision open now offers."""
    return TABLE[decision(state)]


def play(board: Board, actor: str, move: Any) -> None:
    """What `move` does in the open decision, or why it is refused there."""
    found = offer(board.state)
    taken = found.moves.get(type(move))
    if taken is None:
        raise REFUSED[type(move)](found.phase(board.state).title)
    taken(board, actor, move)


def must(state: State) -> list[str]:
    """Who the decision still waits for (`Turn.must`), worked out without the rest of the
    turn: random playouts ask it for every move."""
    return offer(state).must(state)


def may(state: State) -> list[str]:
    """Who may act now (`Turn.may`): a budget may be changed, and a keep or a purchase, until
    the step is settled."""
    return offer(state).may(state)


def phase(state: State) -> Phase:
    return offer(state).phase(state)


def legal_actions(state: State, player: str) -> list[Action]:
    """What the decision lets the player do; nothing for a player it does not ask, or who
    has left."""
    seat = state.seats.get(player)
    found = offer(state)
    if seat is None or seat.kicked or player not in found.may(state):
        return []
    return found.actions(state, player)


def close_phase(board: Board) -> None:
    """MA-D5: what the open decision's deadline, or the host's close-phase, does."""
    offer(board.state).close(board)


def remove(board: Board, player: str, why: type[PlayerKicked] | type[PlayerForfeited]) -> None:
    """MA-D7: the player leaves (`host.leave`), then the open decision goes on without them."""
    host.leave(board, player, why)
    offer(board.state).left(board, player)
