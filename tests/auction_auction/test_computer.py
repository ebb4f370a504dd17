"""Auction Auction's computer player (`games/auction_auction/computer.py`, issue 45): whole
matches of computer seats end with every move accepted; a seat's plan is placed bid by bid
and then it is done; alone in a location it takes every lot for $1."""

from __future__ import annotations

from typing import Any

from games.auction_auction import ENGINE
from games.auction_auction.computer import decide, plan_random
from games.auction_auction.model import ClosePhase, State
from games.auction_auction.views import PlayerView
from games.core.engine import HOST


def seat_moves(state: State, player: str, seed: int) -> list[dict[str, Any]]:
    """Every move the seat makes in the phase now, until it is done."""
    moves: list[dict[str, Any]] = []
    while True:
        view = ENGINE.view(state, player)
        assert isinstance(view, PlayerView)
        move = decide(view, ENGINE.legal_actions(state, player), plan_random(seed, player, view))
        if move is None:
            return moves
        ENGINE.apply(state, player, ENGINE.parse_move(move))
        moves.append(move)
        assert len(moves) <= 10, "a plan is a few bids"


def play(players: int, seed: int) -> tuple[State, list[list[dict[str, Any]]]]:
    """A match of computer seats; each seat's moves, phase by phase."""
    names = [f"p{i}" for i in range(players)]
    state, _ = ENGINE.setup(names, ENGINE.parse_options({}), seed)
    made: list[list[dict[str, Any]]] = []
    while not ENGINE.is_finished(state):
        made += [seat_moves(state, p, seed) for p in names]
        ENGINE.apply(state, HOST, ClosePhase())
    return state, made


def test_computer_seats_play_whole_matches_winning_cubes() -> None:
    """Every move is accepted; every seat bids in every phase it can; some win rainbows, and
    in some Auction phase a seat bids on more than one lot."""
    hands: list[str] = []
    several = 0
    for seed in range(8):
        state, made = play(4 + seed % 5, seed)
        assert state.result is not None
        hands += [s.hand for s in state.result.standings]
        several += sum(len({m["target"] for m in moves}) > 1 for moves in made)
        assert ENGINE.conserved(state) == {"money": 100 * len(state.players), "cubes": 0}
    assert hands.count("rainbow") >= 8 and several >= 8, (hands, several)


def test_a_plan_placed_is_done_and_asked_again_stays_done() -> None:
    """After its last bid the seat decides None, again and again (as after a restart)."""
    state, _ = ENGINE.setup([f"p{i}" for i in range(5)], ENGINE.parse_options({}), 3)
    assert len(seat_moves(state, "p0", 3)) == 1, "one access bid"
    assert seat_moves(state, "p0", 3) == []


def test_alone_in_a_location_it_takes_every_lot_for_a_dollar() -> None:
    """AA-11: a single bid of $1 wins a lot nobody else bids on."""
    names = [f"p{i}" for i in range(4)]
    state, _ = ENGINE.setup(names, ENGINE.parse_options({}), 1)
    ENGINE.apply(
        state, "p0", ENGINE.parse_move({"type": "bid", "target": "genre-shop", "amount": 5})
    )
    for other in names[1:]:
        move = {"type": "bid", "target": "wolley-limited", "amount": 1}
        ENGINE.apply(state, other, ENGINE.parse_move(move))
    ENGINE.apply(state, HOST, ClosePhase())
    moves = seat_moves(state, "p0", 1)
    assert sorted((m["target"], m["amount"]) for m in moves) == [
        (f"genre-shop:{n}", 1) for n in range(1, 5)
    ]
