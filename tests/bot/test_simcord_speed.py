"""The suite's shortcuts through SimCord give SimCord's own answers (`tests/bot/conftest.py`)."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, cast

import discord
import pytest
from discord import app_commands
from simcord import env as simcord_env_module

from bot.storage import Storage
from tests.bot import conftest
from tools.demo import SETTLE_TIMEOUT


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


class SlowBot(discord.Client):
    """A bot whose one command waits for something another thread finishes later (as a board
    from a render worker or a read from the database does), then answers."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.none())
        self.tree = app_commands.CommandTree(self)
        self.tree.command(name="slow", description="Answers later.")(self.slow)

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def slow(self, interaction: discord.Interaction) -> None:
        loop = asyncio.get_running_loop()
        later = loop.create_future()
        threading.Timer(SLOW, loop.call_soon_threadsafe, (later.set_result, "done")).start()
        await interaction.response.send_message(await later)


#: How long the slow command's thread takes, in seconds: fifty of the 2 ms looks SimCord's
#: settle made while it waited.
SLOW = 0.1


async def test_a_settle_waits_for_what_a_busy_task_waits_on_instead_of_looking_every_2_ms(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """While the bot's one busy task waits on a future, the settle looks again when it is done
    (or every `SETTLE_BOUND`, for a wait nothing wakes), not every `SETTLE_POLL`: each look
    asks of every task of the bot whether it is parked, walking its every timer."""
    looks: list[Any] = []
    parked = simcord_env_module._is_parked  # type: ignore[attr-defined]

    def looking(state: Any, task: Any, deadline: float) -> bool:
        looks.append(task)
        return bool(parked(state, task, deadline))

    env = conftest.QuickSettlingEnv(SlowBot(), settle_timeout=SETTLE_TIMEOUT)
    await env.start()
    try:
        member = env.create_guild().add_member(env.create_user("ann"))
        channel = member.guild.create_text_channel("games")
        monkeypatch.setattr(simcord_env_module, "_is_parked", looking)
        began = time.monotonic()
        r = await member.slash(channel, "slow")
        took = time.monotonic() - began
    finally:
        await env.shutdown()
    assert r.response is not None and r.response.content == "done", "the settle waited"
    # A few looks around the command, one when the thread is done, and one for each
    # `SETTLE_BOUND` it took (more on a loaded machine, whose thread is late): far from the
    # `took / SETTLE_POLL` (at least 50) of looking every 2 ms.
    assert took >= SLOW
    assert len(looks) <= 6 + took / conftest.SETTLE_BOUND, (len(looks), took)


#: How long the slow-starting bot's READY keeps a thread busy, in seconds: more than the
#: Env's deadline in the test below, far less than SimCord's fixed `ATTACH_SETTLE`.
READY_WORK = 1.0


class SlowStart(discord.Client):
    """A bot whose READY waits for a thread (as a start's first reads and boards do)."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.none())

    async def on_ready(self) -> None:
        await asyncio.get_running_loop().run_in_executor(None, time.sleep, READY_WORK)


async def test_a_start_settles_within_the_envs_deadline_not_simcords_fixed_one() -> None:
    """SimCord settles a bot's start within its own fixed `ATTACH_SETTLE` (5 s), whatever the
    Env's `settle_timeout`: a start slower than that on a loaded machine failed a test. A
    QuickSettlingEnv's start waits for the Env's deadline instead, as every settle does:
    here one shorter than the bot's READY takes, which SimCord's 5 s would have let pass."""
    env = conftest.QuickSettlingEnv(SlowStart(), settle_timeout=0.2)
    with pytest.raises(TimeoutError) as raised:
        await env.start()
    told, error = [], cast(BaseException | None, raised.value)
    while error is not None:
        told.append(str(error))
        error = error.__context__
    assert any("bot did not settle" in t and "(timeout=0.2s)" in t for t in told), told
