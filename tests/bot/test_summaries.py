"""The reply to a move shows the player's summary (`Engine.summary`): its 1-on-1 text, and for
a game with its own controls those controls, must come out exactly as from the whole view,
at every point of a match."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest

from bot.games.registry import PLUGINS, plugin_for
from games.core.errors import RuleError
from games.registry import engine_for

NAMES = {f"p{i}": f"Player {i}" for i in range(12)}


def controls(game: str, view: dict[str, Any]) -> Any:
    make = plugin_for(game).controls
    built = make(1, view, NAMES.__getitem__) if make is not None else None
    return built.to_components() if built is not None else None


@pytest.mark.parametrize("game", sorted(PLUGINS))
@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_the_summary_reads_as_the_whole_view(game: str, seed: int) -> None:
    engine = engine_for(game)
    players = list(NAMES)[: min(engine.max_players, 6)]
    state, _ = engine.setup(players, engine.parse_options({}), seed)
    rnd = random.Random(seed)
    ui = plugin_for(game).texts
    compared = 0
    while not engine.is_finished(state) and compared < 3000:
        for player in players:
            whole, summary = engine.view(state, player), engine.summary(state, player)
            assert ui.one_on_one(summary, NAMES.__getitem__) == ui.one_on_one(
                whole, NAMES.__getitem__
            )
            assert controls(game, summary) == controls(game, whole)
            compared += 1
        actor, move = engine.random_move(state, rnd)
        with contextlib.suppress(RuleError):
            engine.apply(state, actor, move)
    assert compared > len(players)
