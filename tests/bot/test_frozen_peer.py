"""A process of Dealer's that freezes holding a match's row (a paused machine, a partition)
blocks that match's moves for a bounded time on PostgreSQL (`bot.storage.backend.Waits`): a
move waiting longer is refused in words with nothing written, and the server ends the frozen
process's transaction, letting go of the row."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import psycopg
import pytest

from bot.app import DealerBot
from bot.dispatcher import CLAIMED_WAIT
from bot.storage import Storage
from bot.storage.backend import WAITS, Busy, Waits
from games.core.engine import HOST
from tests.bot.conftest import Table, make_bot


@pytest.fixture
def simcord_bot(postgres: str) -> DealerBot:
    return make_bot(postgres)


@pytest.fixture
def db_path(postgres: str) -> Path | str:
    return postgres


def bids(stored: list[tuple[int, str, dict[str, Any]]]) -> list[int]:
    return [move["amount"] for _, _, move in stored if move.get("type") == "bid"]


async def test_a_move_waiting_past_the_lock_timeout_is_refused_and_nothing_is_written(
    simcord_env: Any, postgres: str
) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    holder = await psycopg.AsyncConnection.connect(postgres)
    try:
        await holder.execute("BEGIN")
        await holder.execute("SELECT 1 FROM matches WHERE id = %s FOR UPDATE", (t.match_id,))
        r = await t.players[0].slash(t.channel, "bid", target="Genre Shop", amount=7)
        assert r.ephemeral and r.response.content == Busy.message
        assert bids(await t.bot.storage.moves(t.match_id)) == []
    finally:
        await holder.close()
    again = await t.players[0].slash(t.channel, "bid", target="Genre Shop", amount=7)
    assert "Your sealed bid of $7 on Genre Shop" in again.response.content
    assert bids(await t.bot.storage.moves(t.match_id)) == [7]


async def test_a_frozen_process_lets_go_of_a_match_after_its_idle_timeout(
    simcord_env: Any, postgres: str
) -> None:
    """Another process, its transaction holding the match's row, stops sending anything;
    the server ends its session after its `idle_in_transaction` (here 1 s, within the
    bot's 5 s lock wait), and the bot's move goes through."""
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    other = await Storage.open(postgres, waits=Waits(idle_in_transaction=1))
    frozen = await other.backend.pool.connect()  # type: ignore[attr-defined]
    try:
        assert WAITS.lock > 1
        await frozen.execute("BEGIN")
        await frozen.execute("SELECT 1 FROM matches WHERE id = %s FOR NO KEY UPDATE", (t.match_id,))
        r = await t.players[0].slash(t.channel, "bid", target="Genre Shop", amount=8)
        assert "Your sealed bid of $8 on Genre Shop" in r.response.content
        assert bids(await t.bot.storage.moves(t.match_id)) == [8]
        with pytest.raises(psycopg.errors.IdleInTransactionSessionTimeout):
            await frozen.execute("SELECT 1")
    finally:
        await frozen.close()
        await other.close()


async def test_a_deadline_that_finds_its_match_held_too_long_fires_later(
    simcord_env: Any, postgres: str
) -> None:
    """The deadline's close_phase waits `lock_timeout` for the row another process holds,
    gives up with nothing written, and stays: it fires once the row is let go."""
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=1)
    deadlines = "SELECT id FROM timers WHERE match_id = ? AND kind = 'deadline'"
    deadline = await t.bot.storage.backend.read(deadlines, (t.match_id,))
    assert len(deadline) == 1
    holder = await psycopg.AsyncConnection.connect(postgres)
    try:
        await holder.execute("BEGIN")
        await holder.execute("SELECT 1 FROM matches WHERE id = %s FOR UPDATE", (t.match_id,))
        await simcord_env.advance_time(61)
        assert [m for m in await t.bot.storage.moves(t.match_id) if m[1] == HOST] == []
        assert await t.bot.storage.backend.read(deadlines, (t.match_id,)) == deadline
    finally:
        await holder.close()
    await simcord_env.advance_time(CLAIMED_WAIT + 1)
    closes = [m for m in await t.bot.storage.moves(t.match_id) if m[1] == HOST]
    assert [move["type"] for _, _, move in closes] == ["close_phase"]
