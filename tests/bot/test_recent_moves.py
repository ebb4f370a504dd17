"""A control shown before the match's latest moves is checked against them (`MatchService.
require_current`): on a database of one process, from the moves this process committed
(`bot.service.Recent`), with no read on the move's way to its answer (issue 43); the verdicts
are the stored log's, as after a restart."""

from __future__ import annotations

from typing import Any

import pytest

from bot.players import player_id
from bot.service import EarlierDecision, MatchService
from bot.storage import Storage
from games.core.engine import HOST
from tests.bot.conftest import Table


async def verdict(service: MatchService, match_id: int, player: str, shown: int) -> str:
    """Why a bid control of `player` shown at move `shown` is refused now ("open": it is not)."""
    try:
        await service.require_current(await service.running(match_id), player, shown, "bid")
    except EarlierDecision as refused:
        return refused.reason
    return "open"


async def test_a_control_shown_before_the_latest_moves_is_checked_without_a_read(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    service, match_id = t.bot.service, t.match_id
    shown = await service.moves_made(await service.running(match_id))
    ids = [player_id(p.id) for p in t.players]
    reads: list[str] = []
    log_since, undone = Storage.log_since, Storage.undone

    async def counted_log(storage: Storage, *args: Any) -> Any:
        reads.append("log_since")
        return await log_since(storage, *args)

    async def counted_undone(storage: Storage, *args: Any) -> Any:
        reads.append("undone")
        return await undone(storage, *args)

    monkeypatch.setattr(Storage, "log_since", counted_log)
    monkeypatch.setattr(Storage, "undone", counted_undone)
    await service.submit(match_id, ids[1], {"type": "bid", "target": "genre-shop", "amount": 5})
    # Another player's bid in the same wait leaves player 0's bid open; player 1's own closes
    # theirs.
    assert await verdict(service, match_id, ids[0], shown) == "open"
    assert await verdict(service, match_id, ids[1], shown) == "made"
    after_bid = await service.moves_made(await service.running(match_id))
    await service.submit(match_id, HOST, {"type": "close_phase"})
    assert await verdict(service, match_id, ids[0], shown) == "moved"
    assert await verdict(service, match_id, ids[2], after_bid) == "moved"
    # PostgreSQL is shared by processes: another may have moved, so the log is read.
    assert reads.count("log_since") == (4 if t.bot.storage.shared else 0)
    # Read again, as after a restart: the same verdicts, from the stored log.
    reads.clear()
    service.forget(match_id)
    assert await verdict(service, match_id, ids[0], shown) == "moved"
    assert await verdict(service, match_id, ids[1], shown) == "made"
    assert await verdict(service, match_id, ids[2], after_bid) == "moved"
    assert reads.count("log_since") == 3
