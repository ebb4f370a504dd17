"""`/match create`'s clock options come from the engine's clocks (`Engine.clocks`): one
`<kind>_minutes` option per kind, worded from its label and default, never restated by a
plug-in."""

from __future__ import annotations

import pytest

from bot.games.plugin import MAX_CLOCK_MINUTES, clock_description
from bot.games.registry import PLUGINS
from games.core.contract import Clock


@pytest.mark.parametrize("game", sorted(PLUGINS))
def test_each_clock_of_the_engine_is_one_option_of_match_create(game: str) -> None:
    plugin = PLUGINS[game]
    clocks = plugin.engine.clocks
    command = plugin.create_command()
    minutes = {name: p for name, p in command._params.items() if name.endswith("_minutes")}
    if not minutes:
        # A game whose decisions wait for nobody's clock unless asked (the MARSBOT draft,
        # a single player's) offers none.
        assert all(c.default_seconds is None for c in clocks.values())
        return
    assert list(minutes) == [f"{kind}_minutes" for kind in clocks]
    for kind, clock in clocks.items():
        option = minutes[f"{kind}_minutes"]
        assert str(option.description) == str(clock_description(clock))
        assert (option.min_value, option.max_value, option.required) == (
            1,
            MAX_CLOCK_MINUTES,
            False,
        )


def test_a_clock_is_described_by_its_label_and_default() -> None:
    assert str(clock_description(Clock(label="Each guild's action", default_seconds=7200))) == (
        "Minutes for each guild's action (1 to 10080; default 120)"
    )
    assert str(clock_description(Clock(label="Each step", default_seconds=None))) == (
        "Minutes for each step (1 to 10080; default: no deadline, the host closes it)"
    )
