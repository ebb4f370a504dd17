"""The SimCord fixtures of the bot's tests."""

from tests.bot.conftest import _close_databases, db_path, simcord_bot, store

__all__ = ["_close_databases", "db_path", "simcord_bot", "store"]
