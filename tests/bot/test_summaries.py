"""The reply to a move shows the player's summary (`Engine.summary`): it must read exactly as
the 1-on-1 built from the whole view, at every point of a match."""

from __future__ import annotations

import contextlib
import random

import pytest

from bot.ui import UIS
from games.core.errors import RuleError
from games.registry import engine_for

NAMES = {f"p{i}": f"Player {i}" for i in range(12)}


@pytest.mark.parametrize("game", sorted(UIS))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_summary_reads_as_the_whole_view(game: str, seed: int) -> None:
    engine = engine_for(game)
    players = list(NAMES)[: min(engine.max_players, 6)]
    state, _ = engine.setup(players, engine.parse_options({}), seed)
    rnd = random.Random(seed)
    ui = UIS[game]
    compared = 0
    while not engine.is_finished(state) and compared < 3000:
        for player in players:
            whole = ui.one_on_one(engine.view(state, player), NAMES.__getitem__)
            assert ui.one_on_one(engine.summary(state, player), NAMES.__getitem__) == whole
            compared += 1
        actor, move = engine.random_move(state, rnd)
        with contextlib.suppress(RuleError):
            engine.apply(state, actor, move)
    assert compared > len(players)
