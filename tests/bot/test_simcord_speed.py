"""The suite's shortcuts through SimCord give SimCord's own answers (`tests/bot/conftest.py`)."""

from __future__ import annotations

import asyncio
import contextlib
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from simcord import _settlement

from bot.storage import Storage
from tests.bot import conftest
from tests.bot.test_mars_auction import Auction


async def test_the_indexed_timer_search_answers_as_simcords(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through part of a Mars Auction (its ephemeral controls park discord.py's view expiry
    timers), every question SimCord asks gets the same records from the index as from
    SimCord's own search, and some answers name a timer."""
    found: list[int] = []

    def both(state: Any, task: asyncio.Task[Any], waiter: Any) -> list[Any]:
        quick = conftest._timer_records_waking(state, task, waiter)
        plain = conftest._SLOW_TIMER_RECORDS_WAKING(state, task, waiter)
        assert [id(r) for r in quick] == [id(r) for r in plain]
        found.append(len(plain))
        return quick

    monkeypatch.setattr(_settlement, "_timer_records_waking", both)
    table = Auction(simcord_env, 2)
    await table.start()
    await table.play_auction(random.Random(3), pass_rate=0.5, moves=600)
    assert len(found) > 100 and max(found) >= 1, found


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
