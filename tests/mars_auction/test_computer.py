"""The Mars Auction's computer seats (issue 45): the normal seat's decisions (no tie aimed at,
L3-L5; the budget of a plain game; the same move for the same view after a restart), the
normal seat against random seats, and the strong seat's sampled auctions, which show the seat
exactly what its view shows, and its count of what a project takes from later budgets."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import pytest

from games.core.contract import Action, Amount, random_answers
from games.core.engine import HOST
from games.core.seats import Seat
from games.mars_auction import COMPUTER, ENGINE
from games.mars_auction.computer import (
    GENERATIONS,
    INCOME,
    PLAYED,
    Gains,
    host_move,
    normal_seat,
    notional_budget,
    standings,
)
from games.mars_auction.model import State
from games.mars_auction.planning import SHADOW, Thrifty, determinize
from games.mars_auction.views import PlayerView
from games.tm_catalogue import builtin

#: A seat's move: its view, its legal actions and the seat in, the move out.
Decide = Callable[[Any, list[Action], Seat], dict[str, Any] | None]


def random_seat(view: PlayerView, actions: list[Action], seat: Seat) -> dict[str, Any] | None:
    """A seat that picks any legal move (bids up to 8 over the least), but states the
    plain game's budget as every computer seat does."""
    rnd = seat.rng()
    action = rnd.choice(actions)
    if action.key == "budget":
        return {"type": "budget", "amount": notional_budget(view, view.me.player)}

    def amount(step: Amount) -> int:
        return rnd.randint(step.min, min(step.max, step.min + 8))

    return action.build(random_answers(action, rnd, amount))


def play(
    seats: list[Decide],
    seed: int,
    options: dict[str, Any] | None = None,
    seen: Callable[[State, str, dict[str, Any]], None] | None = None,
) -> State:
    """A match between the seats, its host carrying it on as `simulate` does (`host_move`);
    `seen` is told each seat's move with the state it was made in."""
    players = [f"p{i}" for i in range(len(seats))]
    state, _ = ENGINE.setup(players, ENGINE.parse_options(options or {}), seed)
    for moves in range(5_000):
        if ENGINE.is_finished(state):
            return state
        must = ENGINE.turn(state).must
        if not must:
            hosted = host_move(ENGINE.view(state, None))
            ENGINE.apply(state, HOST, ENGINE.parse_move(hosted or {"type": "close_phase"}))
            continue
        player = must[0]
        seat = Seat(player, players.index(player) + 1, seed, moves)
        view = ENGINE.view(state, player)
        move = seats[players.index(player)](view, ENGINE.legal_actions(state, player), seat)
        assert move is not None
        if seen is not None:
            seen(state, player, move)
        ENGINE.apply(state, player, ENGINE.parse_move(move))
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(("variant", "players"), [("limited", 2), ("limited", 5), ("unlimited", 3)])
def test_normal_seats_play_whole_matches(variant: str, players: int) -> None:
    state = play([normal_seat] * players, 7, {"variant": variant})
    assert state.result is not None and state.result.generations == GENERATIONS
    for seat in state.seats.values():
        assert seat.corporation is not None and len(seat.preludes) == 2
        assert len(seat.projects) >= 5
        assert seat.money is not None and seat.money >= 0


def test_the_normal_seat_never_aims_at_a_tie() -> None:
    """L3-L5: each marker it puts out leaves it ahead of everyone on that card; a tie
    (2 against 2) goes by tie-breaks it does not aim at."""
    placed: list[tuple[int, int]] = []

    def seen(state: State, player: str, move: dict[str, Any]) -> None:
        if move["type"] != "place":
            return
        cards = {c.number: c for c in state.display}
        for number in set(move["cards"]):
            card = cards[number]
            mine = card.markers.get(player, 0) + move["cards"].count(number)
            top = max((m for p, m in card.markers.items() if p != player), default=0)
            placed.append((mine, top))

    play([normal_seat] * 4, 3, seen=seen)
    assert len(placed) >= 40
    assert all(mine > top for mine, top in placed), [p for p in placed if p[0] <= p[1]]
    assert any(top > 0 for _, top in placed), "it outbids others, not only empty cards"


def test_a_seat_states_the_budget_of_a_plain_game() -> None:
    """A computer seat plays no Terraforming Mars: at a research auction it states its
    corporation's starting M€, INCOME a generation, less what it paid and PLAYED of the
    printed cost of its projects."""
    stated: list[tuple[int, int]] = []

    def seen(state: State, player: str, move: dict[str, Any]) -> None:
        if move["type"] != "budget":
            return
        seat = state.seats[player]
        catalogue = builtin()
        start = catalogue.get(seat.corporation or "")
        assert start is not None and start.starting_mc is not None
        projects = [catalogue.get(p) for p in seat.projects]
        costs = sum(card.cost or 0 for card in projects if card is not None)
        assert len(projects) == len(seat.projects) and None not in projects
        expected = start.starting_mc + INCOME * state.generation - seat.paid - PLAYED * costs
        stated.append((move["amount"], max(0, math.floor(expected))))

    play([normal_seat] * 3, 5, seen=seen)
    assert len(stated) == 3 * GENERATIONS
    assert all(said == expected for said, expected in stated), stated
    assert len({said for said, _ in stated}) > 3


def test_the_same_view_gets_the_same_move_after_a_restart() -> None:
    """The seat's move is a function of its view and the seat: a state reloaded from its
    snapshot (a restart) asks the same, at both levels."""
    checked = 0

    def seen(state: State, player: str, move: dict[str, Any]) -> None:
        nonlocal checked
        if checked >= 6 or move["type"] not in ("place", "raise"):
            return
        again = ENGINE.load_state_json(ENGINE.dump_state_json(state))
        seat = Seat(player, 1, 11, 40, "strong", lambda done: done >= 3)
        moves = [
            COMPUTER.levels[level](ENGINE.view(s, player), ENGINE.legal_actions(s, player), seat)
            for level in COMPUTER.levels
            for s in (state, again)
        ]
        assert moves[0] == moves[1] and moves[2] == moves[3], moves
        checked += 1

    play([normal_seat] * 3, 2, {"variant": "unlimited"}, seen=seen)
    assert checked == 6


def test_normal_seats_beat_random_seats_by_a_clear_margin() -> None:
    """Against three seats playing any legal move, the normal seat comes away with the most
    (`standings`) in far more than its fair share of a quarter of the matches, and with more
    on average than the best of them."""
    games = 10
    wins = 0.0
    margin = 0.0
    for seed in range(games):
        state = play([normal_seat, random_seat, random_seat, random_seat], seed)
        worths = standings(ENGINE.view(state, None))
        best_other = max(worths[p] for p in ("p1", "p2", "p3"))
        wins += worths["p0"] > best_other
        margin += worths["p0"] - best_other
    assert wins / games >= 0.7, wins
    assert margin / games > 10, margin / games


@pytest.mark.parametrize("variant", ["limited", "unlimited"])
def test_a_sampled_auction_shows_the_seat_what_its_view_shows(variant: str) -> None:
    """The strong seat's search samples auctions its view is consistent with: the seat's
    view of each is its own view, field for field; only what it cannot see is drawn."""
    rnd = random.Random(8)
    checked: dict[str, int] = {}

    def seen(state: State, player: str, move: dict[str, Any]) -> None:
        if rnd.random() > 0.3:
            return
        view = ENGINE.view(state, player)
        assert isinstance(view, PlayerView)
        sampled = determinize(view, random.Random(rnd.getrandbits(32)))
        assert ENGINE.view_json(sampled, player) == view.to_json()
        checked[state.step] = checked.get(state.step, 0) + 1

    play([normal_seat] * 4, 4, {"variant": variant}, seen=seen)
    assert {"bidding", "budget", "buy"} <= set(checked), checked


def test_the_strong_seat_counts_what_a_project_takes_from_later_budgets() -> None:
    """`Thrifty`: a project's gain less SHADOW a M€ of the PLAYED share of its printed cost
    that the plain game takes from the seat's later budgets; a company's or prelude's gain
    as the normal seat counts it."""
    state, _ = ENGINE.setup(["p0", "p1", "p2", "p3"], ENGINE.parse_options({}), 6)
    view = ENGINE.view(state, "p0")
    assert isinstance(view, PlayerView)
    plain, thrifty = Gains(view), Thrifty(view)
    projects = [c for c in view.display if c.kind == "project"]
    assert len({c.cost for c in projects}) > 3
    for card in view.display:
        taken = SHADOW * PLAYED * (card.cost or 0) if card.kind == "project" else 0.0
        assert thrifty(card) == pytest.approx(plain(card) - taken), card.name
    dearest = max(projects, key=lambda c: c.cost or 0)
    assert thrifty(dearest) < plain(dearest) - 1
