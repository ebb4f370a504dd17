"""The random playout's moves (`random_move`: what the conformance suite and the engine
benchmark play) are those drawn from the legal actions as the contract builds them
(`random_build`), by the same draws, though each is drawn from its offer without making the
action (`legal.Offered`; issue 43: making the action drawn was most of a playout's time)."""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from typing import Any

from games.atrades import decisions
from games.atrades.engine import Atrades
from games.atrades.model import State
from games.atrades.moves import ClosePhase
from games.core.contract import Action, random_build
from games.core.engine import HOST
from games.core.errors import RuleError

ENGINE = Atrades()


def built(action: Action, rnd: random.Random) -> dict[str, Any]:
    """The move drawn from the action made, amounts among the four lowest."""
    return random_build(
        action, rnd, lambda step: rnd.randint(step.min, min(step.max, step.min + 3))
    )


def drawn_from_legal_actions(state: State, rnd: random.Random) -> tuple[str, Any]:
    """`random_move` as it drew before its offers were drawn without being made: from the
    seat's legal actions, built."""
    must = decisions.must(state)
    if not must or rnd.random() < 0.04:
        return HOST, ClosePhase()
    seat = rnd.choice(must)
    action = rnd.choice(decisions.actions(state, seat))
    return state.guilds[seat].player, ENGINE.parse_move(built(action, rnd))


def test_random_moves_are_those_of_the_legal_actions() -> None:
    compared = 0
    kinds: Counter[str] = Counter()
    for seed in range(16):
        players = [f"p{i}" for i in range(2 + seed % 4)]
        options = ENGINE.sample_options(players, random.Random(seed)) if seed % 2 else {}
        state, _ = ENGINE.setup(players, ENGINE.parse_options(options), seed)
        rnd = random.Random(seed)
        while not ENGINE.is_finished(state):
            draws = rnd.getrandbits(32)
            ours, theirs = random.Random(draws), random.Random(draws)
            assert ENGINE.random_move(state, ours) == drawn_from_legal_actions(state, theirs)
            assert ours.getstate() == theirs.getstate()
            compared += 1
            # Every offer of every seat, not only the one drawn: the rarer kinds too.
            for seat in decisions.may(state):
                for offer in decisions.offers(state, seat):
                    action = offer.make()
                    ours, theirs = random.Random(draws), random.Random(draws)
                    assert offer.draw(ours) == built(action, theirs), action.key
                    assert ours.getstate() == theirs.getstate()
                    kinds[action.key] += 1
            actor, move = ENGINE.random_move(state, rnd)
            with contextlib.suppress(RuleError):
                ENGINE.apply(state, actor, move)
    assert compared > 1_000
    every = set().union(*(offer.keys for offer in decisions.TABLE.values()))
    assert set(kinds) == every, every - set(kinds)
