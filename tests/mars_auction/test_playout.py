"""The random playout's moves (`random_move`, what the conformance suite and the benchmark play)
are those drawn from the legal actions as the contract builds them, though a limited bidding
turn's are drawn without building its place action (issue 43: a pick of up to 80 cards, each
with a pick of the others after it, was built for every turn)."""

from __future__ import annotations

import contextlib
import random
from typing import Any

from games.core.contract import random_answers
from games.core.engine import HOST
from games.core.errors import RuleError
from games.mars_auction import ENGINE, decisions, legal
from games.mars_auction.model import ClosePhase, State


def drawn_from_legal_actions(state: State, rnd: random.Random) -> tuple[str, Any]:
    """`random_move` for a step someone must act in, as it drew before issue 43: from the
    player's legal actions, built."""
    must = decisions.must(state)
    if rnd.random() < 0.03 or not must:
        return HOST, ClosePhase()
    player = rnd.choice(must)
    return player, ENGINE.drawn_from_actions(state, player, rnd)


def test_random_moves_are_those_of_the_legal_actions() -> None:
    compared = placed = 0
    for seed in range(12):
        players = [f"p{i}" for i in range(2 + seed % 4)]
        options = {"variant": "unlimited"} if seed % 3 == 2 else {}
        state, _ = ENGINE.setup(players, ENGINE.parse_options(options), seed)
        rnd = random.Random(seed)
        while not ENGINE.is_finished(state):
            if state.step not in ("waiting", "ended"):
                draws = rnd.getrandbits(32)
                ours, theirs = random.Random(draws), random.Random(draws)
                move = ENGINE.random_move(state, ours)
                assert move == drawn_from_legal_actions(state, theirs)
                assert ours.getstate() == theirs.getstate()
                compared += 1
                placed += move[1].type == "place"
            actor, move = ENGINE.random_move(state, rnd)
            with contextlib.suppress(RuleError):
                ENGINE.apply(state, actor, move)
    assert compared > 300
    assert placed > 20


def test_a_random_placement_draws_what_the_place_action_draws() -> None:
    state, _ = ENGINE.setup([f"p{i}" for i in range(5)], ENGINE.parse_options({}), 7)
    player = decisions.must(state)[0]
    cards, two = legal.placeable(state, player) or ((), False)
    assert len(cards) == 80
    for seed in range(50):
        for both in (True, False):
            ours, theirs = random.Random(seed), random.Random(seed)
            action = legal._placement(cards, both)
            assert legal.random_placement(cards, both, ours) == random_answers(action, theirs)
            assert ours.getstate() == theirs.getstate()
    assert two
