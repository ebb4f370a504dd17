"""Random whole games through the rules (tests/atrades/playout.py): every game ends, no rule
raises anything but a RuleError, a refused choice changes nothing, and money is conserved
after every step (AT-D10)."""

from __future__ import annotations

import pytest

from games.atrades.model import State
from tests.atrades.playout import play


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_with_money_conserved(players: int) -> None:
    for seed in range(6):
        state = play(seed * 10 + players, players)
        assert state.winners
        assert State.model_validate_json(state.model_dump_json()) == state
        # Every action cube is in a guild's supply, on a track or spent passing.
        for guild in state.guilds:
            assert (
                guild.cubes
                + guild.tracks["acquire"]
                + guild.tracks["merger"]
                + guild.tracks["research"]
                <= 7
            )
