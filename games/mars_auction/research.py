"""The research phase (RULINGS.md §2, "In the research phase of the game"): the host opens a
generation's auction (L17, MA-D11), everyone states a budget (L9), and the host ends the
match between generations (MA-D6)."""

from __future__ import annotations

from games.core.errors import RuleError
from games.mars_auction import dealing, flow, phases
from games.mars_auction.dealing import catalogue_for
from games.mars_auction.events import (
    BudgetReceived,
    BudgetStated,
    Chosen,
    Holdings,
    MarsAuctionEnded,
)
from games.mars_auction.model import (
    MAX_MC,
    RESEARCH_PER_PLAYER,
    PlayerResult,
    Research,
    Result,
)
from games.mars_auction.table import Board


def research(board: Board, move: Research) -> None:
    """L17: a generation's research auction: players*4 projects, dealt or entered, opened
    by the generation's first player: the one the move names, else the player after the
    last generation's first player (MA-D11; under `rules_version` 1, the starting player
    marker's holder, as records written before versions were played)."""
    state = board.state
    after = None if state.first is None else state.players[state.first]
    chosen: Chosen
    if move.first_player is not None:
        phases.check_player(state, move.first_player)
        opener = state.players.index(move.first_player)
        chosen = "next" if move.first_player == phases.next_first_player(state) else "host"
    elif state.options.rules_version >= 2:
        opener = state.players.index(phases.next_first_player(state))
        chosen = "next"
    else:
        opener = phases.first_active(state, state.starter)
        chosen = "marker"
    catalogue = catalogue_for(state.options.cards_csv)
    cards = (
        dealing.named_display(state, catalogue, move.cards, setup=False)
        if move.cards is not None
        else dealing.dealt_display(state, catalogue, {"project": RESEARCH_PER_PLAYER})
    )
    state.generation += 1
    state.auction = "research"
    state.round = 1
    state.first = state.starter = opener
    for player in state.players:
        seat = board.seat(player)
        seat.money, seat.won, seat.choice = None, {}, None
        seat.paid_before = seat.paid
    dealing.lay_out(board, cards, (chosen, after))
    state.step = "budget"
    flow.opened(board, "budget", board.active())


def state_budget(board: Board, player: str, amount: int, *, by_host: bool) -> None:
    """A research auction's budget (L9): each player's M€, stated privately, or set by the
    host, until bidding starts."""
    if not 0 <= amount <= MAX_MC:
        raise RuleError("amount", "A budget is 0 to {most} M€.", most=f"{MAX_MC:,}")
    seat = board.seat(player)
    seat.money = seat.known = amount
    board.private(player, BudgetStated, player=player, amount=amount, by_host=by_host)
    board.public(BudgetReceived, player=player)
    if all(board.seat(p).money is not None for p in board.active()):
        flow.open_bidding(board)


def end(board: Board) -> None:
    """MA-D6: the host ends the match between generations."""
    state = board.state
    state.result = Result(
        players={
            p: PlayerResult(
                corporation=s.corporation,
                preludes=list(s.preludes),
                projects=list(s.projects),
                paid=s.paid,
            )
            for p, s in state.seats.items()
        },
        generations=state.generation,
    )
    state.step, state.to_act, state.lot = "ended", None, None
    board.public(
        MarsAuctionEnded,
        players={
            p: Holdings(
                corporation=r.corporation,
                preludes=list(r.preludes),
                projects=list(r.projects),
                paid=r.paid,
            )
            for p, r in state.result.players.items()
        },
        generations=state.result.generations,
    )
