"""The SimCord fixtures of `tests/bot/conftest.py`."""

from tests.bot.conftest import _close_databases, db_path, simcord_bot, simcord_env, store

__all__ = ["_close_databases", "db_path", "simcord_bot", "simcord_env", "store"]
