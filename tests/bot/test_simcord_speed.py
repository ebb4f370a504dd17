"""The suite's shortcuts through SimCord give SimCord's own answers (`tests/bot/conftest.py`)."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import Any

from bot.storage import Storage
from tests.bot import conftest


def contents(path: Path) -> tuple[list[Any], Any, dict[str, list[Any]]]:
    """A database's schema, version and rows."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        schema = db.execute("SELECT type, name, sql FROM sqlite_master ORDER BY name").fetchall()
        version = db.execute("PRAGMA user_version").fetchone()
        tables = [row[1] for row in schema if row[0] == "table"]
        rows = {t: db.execute(f"SELECT * FROM {t}").fetchall() for t in tables}
    return schema, version, rows


async def test_a_new_database_is_the_migrated_one(tmp_path: Path) -> None:
    """A test's new database (`make_bot`'s copy of `migrated_database()`) is what the bot's
    first start makes: the same schema, version and rows."""
    fresh = await Storage.open(tmp_path / "fresh.db")
    await fresh.close()
    copy = tmp_path / "copy.db"
    conftest.make_bot(copy)
    schema, version, rows = contents(copy)
    assert version[0] > 0 and len(schema) > 10
    assert (schema, version, rows) == contents(tmp_path / "fresh.db")
