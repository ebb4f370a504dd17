"""The SimCord fixtures of the bot's tests, and High Bid registered for every test here."""

import pytest

from bot.games.registry import PLUGINS
from games.registry import ENGINES
from tests.bot.conftest import _close_databases, db_path, simcord_bot, simcord_env, store
from tests.toy_game.engine import ENGINE
from tests.toy_game.plugin import PLUGIN

__all__ = ["_close_databases", "db_path", "simcord_bot", "simcord_env", "store"]


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry lines of a game: its engine and its plug-in."""
    monkeypatch.setitem(ENGINES, ENGINE.game, ENGINE)
    monkeypatch.setitem(PLUGINS, PLUGIN.game, PLUGIN)
