"""The leak scan (`tests/leaks/scan.py`) over a whole match of every game, and the leak each
game's driver injects caught by it."""

from __future__ import annotations

from typing import Any

import pytest

from bot.flows import lobby
from bot.games.registry import PLUGINS
from games.registry import ENGINES
from tests.leaks.drivers import DRIVERS
from tests.leaks.scan import play_through

#: The matches, the long ones marked slow (`pytest -m "not slow"` leaves them out), with the
#: leak injected into them: the quick run scans and injects into the others.
MATCHES = [
    pytest.param(name, marks=[pytest.mark.slow] if DRIVERS[name].slow else [])
    for name in sorted(DRIVERS)
]


def test_every_game_has_a_driver() -> None:
    """Every game the bot plays in Discord (one with a plug-in) is scanned."""
    assert {driver.game for driver in DRIVERS.values()} == set(ENGINES) & set(PLUGINS)
    assert set(PLUGINS) <= set(ENGINES)


@pytest.mark.parametrize("game", MATCHES)
async def test_a_whole_match_tells_nobody_what_they_may_not_know_yet(
    simcord_env: Any, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    driver = DRIVERS[game](simcord_env)
    monkeypatch.setattr(lobby, "new_seed", lambda: driver.seed)
    scan = await play_through(driver)
    assert scan.engine.is_finished(scan.state)


@pytest.mark.parametrize("game", MATCHES)
async def test_an_injected_leak_is_caught(
    simcord_env: Any, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    driver = DRIVERS[game](simcord_env)
    monkeypatch.setattr(lobby, "new_seed", lambda: driver.seed)
    driver.inject(monkeypatch)
    with pytest.raises(AssertionError, match=r"step \d+: .* read "):
        await play_through(driver)
