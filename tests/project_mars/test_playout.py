"""The random playout's card plays (`random_move`, what the conformance suite and the
benchmark play) are drawn from the legal moves as `legal_moves` builds them, though the
playout draws them without building the legal moves' models (issue 43)."""

from __future__ import annotations

import random
from typing import Any

from games.core.errors import RuleError
from games.project_mars import ENGINE
from games.project_mars.decisions import legal_moves
from games.project_mars.model import Pass, Play, State
from games.project_mars.playout import random_move


def drawn_from_legal_moves(state: State, player: str, rnd: random.Random) -> Any:
    """A pass or a card to play, drawn as `random_move` drew it before issue 43: from the
    legal moves, built."""
    moves: list[tuple[str, str | None] | None] = [None]
    for play in legal_moves(state, player).plays:
        if play.target == "utility":
            moves.append((play.card, None))
        moves.extend((play.card, s) for s in play.slots)
    drawn = rnd.choice(moves)
    if drawn is None:
        return Pass()
    card, slot = drawn
    return Play(card=card) if slot is None else Play(card=card, slot=slot)


def test_random_card_plays_are_those_of_the_legal_moves() -> None:
    compared = 0
    for seed in range(6):
        state, _ = ENGINE.setup(["ann", "bob"], ENGINE.parse_options({}), seed)
        rnd = random.Random(seed)
        while not ENGINE.is_finished(state):
            if state.phase == "turn" and state.turn is not None and state.pending is None:
                draws = rnd.getrandbits(32)
                ours, theirs = random.Random(draws), random.Random(draws)
                # `random_move`'s own draws before the card: a roll, then the player awaited.
                theirs.random()
                theirs.choice([state.turn])
                actor, move = random_move(state, ours)
                if actor == state.turn:
                    assert move == drawn_from_legal_moves(state, actor, theirs)
                    assert ours.getstate() == theirs.getstate()
                    compared += 1
            actor, move = ENGINE.random_move(state, rnd)
            try:
                ENGINE.apply(state, actor, move)
            except RuleError:
                continue
    assert compared > 100
