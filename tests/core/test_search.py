"""The strong seats' search (`games.core.search`) with sequential halving, on the toy game of
`tests/toy_game` (High Bid): each sampled world has its own luck, the same for every plan
tried in it, and a plan's reward is that luck and a little more for a higher bid, so that
a higher bid is better in every world while the worlds differ far more than the plans."""

from __future__ import annotations

import random
from typing import Any

from games.core.engine import Engine
from games.core.search import Plan, search
from tests.toy_game.engine import HighBid, State

PLAYERS = ["a", "b"]
#: The candidates: bids of 1 to 8 coins, the best (8) last.
PLANS: list[Plan] = [[{"type": "bid", "amount": amount}] for amount in range(1, 9)]


class LuckySearch:
    """A world's luck is its coins above 100 (drawn in `determinize`); a plan's reward is
    mostly that luck, and 1/100 more for each coin of its bid."""

    def __init__(self) -> None:
        self.engine: Engine[Any, Any] = HighBid()

    def determinize(self, view: dict[str, Any], rnd: random.Random) -> State:
        return State(players=PLAYERS, coins=100 + rnd.randrange(100))

    def plans(self, view: dict[str, Any], rnd: random.Random) -> list[Plan]:
        return PLANS

    def normal(self, state: State, player: str, rnd: random.Random) -> dict[str, Any] | None:
        return None

    def cut(self, state: State, moves: int) -> bool:
        return True

    def reward(self, state: State, player: str) -> float:
        return 0.9 * (state.coins - 100) / 100 + state.bids[player] / 100


def test_halving_compares_plans_in_the_same_worlds() -> None:
    """Whatever the worlds drawn, the bid better in every one of them is chosen, within a
    budget of a few tries a plan, and the budget is spent: the 8 plans in one world, the
    normal seat's (the first) and the better 4 of the others in one more, it and the better
    2 in one more, it and the best in four more (8 + 5 + 3 + 8 = 24 tries)."""
    searcher = LuckySearch()
    tried: list[int] = []
    determinize = searcher.determinize

    def counted(view: dict[str, Any], rnd: random.Random) -> State:
        state = determinize(view, rnd)
        tried.append(state.coins)
        return state

    searcher.determinize = counted  # type: ignore[method-assign]
    chosen = [
        search(searcher, {}, "a", random.Random(seed), iterations=24, halving=True)
        for seed in range(20)
    ]
    assert chosen == [PLANS[-1]] * 20
    assert len(tried) == 20 * 24
    # Each round's plans share their worlds: round 1's eight tries, one world.
    assert len(set(tried[:8])) == 1


def test_halving_cut_short_chooses_among_the_worlds_all_plans_saw() -> None:
    """Stopped after one world for each plan, the search chooses by that world alone, the
    best bid in it; and it stops where it is told."""
    asked: list[int] = []

    def stop(done: int) -> bool:
        asked.append(done)
        return done >= len(PLANS)

    chosen = search(LuckySearch(), {}, "a", random.Random(5), stop, iterations=100, halving=True)
    assert chosen == PLANS[-1]
    assert asked[-1] == len(PLANS)


class NoisySearch(LuckySearch):
    """As `LuckySearch`, but no bid is better than the normal seat's (the first, 1 coin):
    each other bid does as well plus a noise of its own in each world, from -5/100 to
    5/100, nothing on average."""

    def reward(self, state: State, player: str) -> float:
        bid = state.bids[player]
        noise = random.Random(f"{state.coins}:{bid}").uniform(-0.05, 0.05) if bid > 1 else 0.0
        return 0.9 * (state.coins - 100) / 100 + noise


def test_halving_keeps_the_normal_plan_against_plans_better_by_chance() -> None:
    """Plans that look better than the normal seat's in a few worlds only by their noise:
    the normal seat's is played in most decisions (each switch the search makes is a coin
    thrown against a plan played and measured). By halving alone, the plan that was
    luckiest in the worlds tried would be played in most of them."""
    chosen = [
        search(NoisySearch(), {}, "a", random.Random(seed), iterations=24, halving=True)
        for seed in range(40)
    ]
    assert chosen.count(PLANS[0]) >= 24
