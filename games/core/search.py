"""The `strong` computer seats' planning: information-set Monte Carlo search over the engine's
own pure functions (after Cowling, Powley and Whitehouse's ISMCTS, as OpenSpiel's
`ismcts.py` implements it), one implementation for every game.

The seat knows its own view and nothing else. Each iteration draws one state the view is
consistent with (`Searcher.determinize`: what the seat cannot see sampled, never read), picks
one of the seat's candidate plans at its information set by UCB1 (the plans a seat may make
now: a move, or a phase's sealed bids), applies it to that state, plays the rest of the match
with the `normal` seats for everyone (each from its own view of that sampled state), and
scores the end for the seat (`Searcher.reward`). A game whose playouts are too slow to reach
the end within the budget many times over cuts them short (`Searcher.cut`) and scores the
seat's position where they stop, as the game would count it at its end. Each plan's n-th try
is made in the same n-th sampled world, with the same chances (common random numbers: the
plans are compared on the same worlds). The plan tried most often is chosen (the final policy
of most visits). A game whose worlds differ far more than its plans do (the Mars Auction,
Project Mars) asks for sequential halving instead of UCB1 (`halving`): every plan still in
is tried in the same worlds, and the worse half of the others dropped after each round, the
normal seat's plan staying in; the last one left is played instead of the normal seat's
only when it beats it in those worlds by more than chance. The tree is one
level deep, the seat's own decision: below it, sampled states differ in what the seat
cannot see, so a deeper node keyed by the seat's later information would be visited by few
iterations within a budget of two seconds.

Pure and deterministic for the same view, `rnd` and number of iterations: the caller's
`stop` (a clock's, in the bot) may cut the search short, never longer than `iterations`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from games.core.contract import Action, Amount, Turn, random_answers
from games.core.engine import HOST, Engine
from games.core.errors import RuleError

S = TypeVar("S")
V = TypeVar("V", contravariant=True)
#: A plan: the seat's moves now, in order (one move, or each sealed bid of a phase).
Plan = list[dict[str, Any]]
#: UCB1's exploration constant, for rewards from 0 to 1.
EXPLORATION = 1.0
#: A playout ends after this many moves at most (the engines end far sooner).
PLAYOUT_MOVES = 5_000
#: How many iterations a decision takes at most.
ITERATIONS = 400
#: How many standard errors a plan's gain over the normal seat's, in the same sampled worlds,
#: must reach for sequential halving to play it instead (`_switch`).
CONFIDENCE = 1.0
#: How many iterations a decision takes at least, whatever `stop` says: one per plan.
AT_LEAST_EACH = 1
#: The most moves one player makes in a playout before the others move (a normal seat
#: decides None well before).
MOVES_IN_A_ROW = 50


class Searcher(Protocol[S, V]):
    """A game's hooks for the search: everything game-specific, in the game's own folder."""

    engine: Engine[Any, Any]

    def determinize(self, view: V, rnd: random.Random) -> S:
        """A state the seat's view is consistent with: what the view shows as it is, what it
        does not show drawn with `rnd`."""

    def plans(self, view: V, rnd: random.Random) -> list[Plan]:
        """The seat's candidate plans now (the normal seat's first), from its view alone."""

    def normal(self, state: S, player: str, rnd: random.Random) -> dict[str, Any] | None:
        """The `normal` seat's next move for `player` in `state`, from that player's own view
        of it; None when it has nothing more to do in this wait."""

    def cut(self, state: S, moves: int) -> bool:
        """Whether a playout stops here, `moves` moves after the plan, for `reward` to score
        the match as it stands (False: it plays on to the end)."""

    def reward(self, state: S, player: str) -> float:
        """What the finished (or cut-off) match is worth to `player`, from 0 to 1."""


def alternatives(
    actions: list[Action], normal: dict[str, Any], rnd: random.Random, count: int
) -> list[dict[str, Any]]:
    """Up to `count` distinct moves to weigh: the normal seat's first, then moves built from
    the seat's legal actions, each action in turn, their answers drawn with `rnd` (an amount
    near its least: the least, one more, a quarter or half of the way to its most)."""
    found = [normal]
    for attempt in range(4 * count):
        if len(found) >= count or not actions:
            break
        action = actions[attempt % len(actions)]
        move = action.build(random_answers(action, rnd, lambda step: _near_least(step, rnd)))
        if move not in found:
            found.append(move)
    return found


def placed(place: int, first: int, players: int, weight: float) -> float:
    """A reward from 0 to 1 for finishing in `place` of `players` (1 the best), `first` of
    them sharing the first place: the first place (a share of it, when shared) is worth
    `1 - weight`, and each place above the last a part of `weight`."""
    won = 1 / first if place == 1 else 0.0
    return (1 - weight) * won + weight * (players - place) / max(players - 1, 1)


def _near_least(step: Amount, rnd: random.Random) -> int:
    spread = step.max - step.min
    return min(step.max, step.min + rnd.choice((0, 1, spread // 4, spread // 2)))


class _Arm:
    __slots__ = ("plan", "total", "visits")

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.visits = 0
        self.total = 0.0

    def score(self, visits: int) -> float:
        if self.visits == 0:
            return math.inf
        mean = self.total / self.visits
        return mean + EXPLORATION * math.sqrt(math.log(visits) / self.visits)


def search(
    searcher: Searcher[S, V],
    view: V,
    player: str,
    rnd: random.Random,
    stop: Callable[[int], bool] = lambda _done: False,
    iterations: int = ITERATIONS,
    halving: bool = False,
) -> Plan:
    """The plan the search prefers for `player` from `view`: the candidate visited most
    (ties: the earlier candidate, the normal seat's first), or with `halving` the one
    sequential halving keeps (`_halving`). `stop(done)` may end it after `done` iterations,
    once each plan has been tried."""
    plans = searcher.plans(view, rnd)
    if len(plans) <= 1:
        return plans[0] if plans else []
    if halving:
        return _halving(searcher, view, player, plans, rnd, stop, iterations)
    arms = [_Arm(plan) for plan in plans]
    # Common random numbers: each plan's n-th try is played in the n-th sampled world, with
    # the same chances, so that plans are compared on the same worlds, not on luck.
    worlds: list[int] = []
    for done in range(iterations):
        if done >= len(arms) * AT_LEAST_EACH and stop(done):
            break
        arm = max(arms, key=lambda a: a.score(done + 1))
        if arm.visits == len(worlds):
            worlds.append(rnd.getrandbits(64))
        world = random.Random(worlds[arm.visits])
        state = searcher.determinize(view, world)
        arm.visits += 1
        arm.total += _playout(searcher, state, player, arm.plan, world)
    best = max(range(len(arms)), key=lambda i: (arms[i].visits, arms[i].total, -i))
    return arms[best].plan


def _halving(
    searcher: Searcher[S, V],
    view: V,
    player: str,
    plans: list[Plan],
    rnd: random.Random,
    stop: Callable[[int], bool],
    iterations: int,
) -> Plan:
    """Sequential halving on common worlds (Karnin, Koren and Somekh, 2013), measured
    against the normal seat's plan (the first): every plan still in is tried in the same
    sampled worlds, the budget shared evenly between the rounds left; after each round the
    worse half of the other plans, by mean reward, is dropped (ties: the earlier stays),
    the normal seat's plan staying in, until one other is left beside it, and the rest of
    the budget goes to those two (`_switch` decides). Where UCB1 gives the plan that did
    well in a lucky world more tries, in worlds the others never see, here every comparison
    is made on the same worlds, which is what a budget of a few tries a plan needs. Cut
    short by `stop`, the best of the plans still in over the worlds they all were tried in,
    held to the same test against the normal seat's."""
    rewards: list[list[float]] = [[] for _ in plans]
    live = list(range(len(plans)))
    worlds: list[int] = []
    done = 0
    while True:
        # The rounds left: halvings of the other plans, then the last pair's.
        rounds = math.ceil(math.log2(len(live) - 1)) + 1
        tries = max(1, (iterations - done) // (len(live) * rounds))
        if len(live) == 2:
            tries = max(1, (iterations - done) // 2)
        for _ in range(tries):
            if len(worlds) == len(rewards[live[0]]):
                worlds.append(rnd.getrandbits(64))
            seed = worlds[len(rewards[live[0]])]
            for index in live:
                if done >= iterations or (done >= len(plans) * AT_LEAST_EACH and stop(done)):
                    return plans[_chosen(rewards, live)]
                world = random.Random(seed)
                state = searcher.determinize(view, world)
                rewards[index].append(_playout(searcher, state, player, plans[index], world))
                done += 1
        if len(live) == 2:
            return plans[_chosen(rewards, live)]
        others = sorted(live[1:], key=lambda i: (-_mean(rewards[i]), i))
        live = [live[0], *sorted(others[: math.ceil(len(others) / 2)])]


def _chosen(rewards: list[list[float]], live: list[int]) -> int:
    """Of `live` (the normal seat's plan first), over the worlds all of them were tried in:
    the other plan of the best mean reward (ties: the earlier) if it beats the normal
    seat's by `_switch`, else the normal seat's."""
    common = min(len(rewards[i]) for i in live)
    best = min(live[1:], key=lambda i: (-_mean(rewards[i][:common]), i))
    return best if _switch(rewards[live[0]][:common], rewards[best][:common]) else live[0]


def _switch(normal: list[float], other: list[float]) -> bool:
    """Whether a plan beats the normal seat's in the same worlds by more than chance: its
    mean gain in them above `CONFIDENCE` standard errors of that mean (any gain, when every
    world shows the same). A few worlds tell two plans apart only when one is clearly better;
    by chance alone, half of the plans about as good as the normal seat's would look better
    in them, and each such switch is a coin thrown against a plan that has been played and
    measured (the normal seat's)."""
    gains = [b - a for a, b in zip(normal, other, strict=True)]
    if not gains:
        return False
    mean = _mean(gains)
    if len(gains) == 1:
        return mean > 0
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (len(gains) - 1))
    return mean > CONFIDENCE * spread / math.sqrt(len(gains))


def _mean(rewards: list[float]) -> float:
    return sum(rewards) / len(rewards) if rewards else 0.0


def _playout(
    searcher: Searcher[S, V], state: S, player: str, plan: Plan, rnd: random.Random
) -> float:
    """The plan applied to a sampled state, then the match played to its end (or until the
    searcher cuts it) by the normal seats, the host closing each phase nobody has more to do
    in; the seat's reward. A round of moves counts as one move towards the cut."""
    engine = searcher.engine
    # The plan is the seat's whole decision in this wait: it makes no more moves in it (in
    # the waits after, the normal seat moves for it).
    planned = engine.turn(state).wait
    for move in plan:
        try:
            engine.apply(state, player, engine.parse_move(move))
        except RuleError:
            return 0.0
    for moves in range(PLAYOUT_MOVES):
        if engine.is_finished(state) or searcher.cut(state, moves):
            break
        turn = engine.turn(state)
        resting = player if turn.wait == planned else None
        if not _round_of_moves(searcher, state, turn, rnd, resting):
            engine.apply(state, HOST, engine.parse_move({"type": "close_phase"}))
    return searcher.reward(state, player)


def _round_of_moves(
    searcher: Searcher[S, V], state: S, turn: Turn, rnd: random.Random, resting: str | None
) -> bool:
    """Every player the match waits for, or who may act (`turn`, the state's), but
    `resting`, makes the normal seat's moves until it has nothing more to do (the game's
    `normal` says None); whether anyone moved."""
    engine = searcher.engine
    moved = False
    for player in _actors(turn.must, turn.may):
        if player == resting:
            continue
        for _ in range(MOVES_IN_A_ROW):
            move = searcher.normal(state, player, rnd)
            if move is None:
                break
            try:
                engine.apply(state, player, engine.parse_move(move))
            except RuleError:
                break
            moved = True
    return moved


def _actors(must: Sequence[str], may: Sequence[str]) -> list[str]:
    return [*must, *(p for p in may if p not in must)]
