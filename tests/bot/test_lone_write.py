"""A write that arrives alone on SQLite (`bot.storage.group_commit`, issue 43): its caller's
task waits one turn of the event loop for other writes, then commits it itself and goes on."""

from __future__ import annotations

import asyncio
import math
import threading
from pathlib import Path
from typing import Any

import pytest

import bot.storage.group_commit as group_commit
from bot.storage import Storage
from tests.bot.stored import new_match


@pytest.fixture
async def storage(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """A store whose lone writes are committed on the loop, however slow the disk."""
    monkeypatch.setattr(group_commit, "INLINE_SYNC", math.inf, raising=False)
    opened = await Storage.open(tmp_path / "lone.db")
    yield opened
    await opened.close()


async def test_a_lone_write_holds_its_caller_for_one_turn_of_the_loop(storage: Storage) -> None:
    """Another task, which goes round the loop once a turn, goes round once while a lone move
    is committed: the move's caller yields once (for writes that come in that turn) and is
    not woken a turn later by a callback that committed it."""
    match_id = await new_match(storage, 1)
    turns = 0

    async def count_turns() -> None:
        nonlocal turns
        while True:
            turns += 1
            await asyncio.sleep(0)

    counter = asyncio.create_task(count_turns())
    await asyncio.sleep(0)
    try:
        before = turns
        await storage.record_move(match_id, 1, actor="1", move={"n": 1}, events=[], at=0.0)
        assert turns - before == 1
    finally:
        counter.cancel()
    assert [seq for seq, *_ in await storage.moves(match_id)] == [1]


async def test_a_lone_write_whose_caller_is_cancelled_is_still_committed(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A caller cancelled while its lone write waits for the turn's end: the write is
    committed all the same, on the loop, as a write on the thread is whether or not anybody
    still waits for it."""
    match_id = await new_match(storage, 1)
    threads: list[str] = []
    commit = group_commit.GroupCommit._commit

    def where(self: group_commit.GroupCommit, batch: list[Any]) -> Any:
        threads.append(threading.current_thread().name)
        return commit(self, batch)

    monkeypatch.setattr(group_commit.GroupCommit, "_commit", where)
    move = asyncio.create_task(
        storage.record_move(match_id, 1, actor="1", move={"n": 1}, events=[], at=0.0)
    )
    await asyncio.sleep(0)
    move.cancel()
    with pytest.raises(asyncio.CancelledError):
        await move
    assert threads == ["MainThread"]
    assert [seq for seq, *_ in await storage.moves(match_id)] == [1]
