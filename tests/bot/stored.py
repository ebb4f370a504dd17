"""Stores made for the storage tests: a match created and started in them."""

from __future__ import annotations

from bot.storage import Storage


async def new_match(storage: Storage, channel: int) -> int:
    """An Auction Auction match created in `channel` and started, with an empty state."""
    match_id = await storage.create_match(
        guild_id=1, channel_id=channel, game="auction-auction", host_id=1, options={}, seed=1,
        clocks={"phase": 60}, spectator_channel_id=None, now=0.0,
    )  # fmt: skip
    assert match_id is not None
    await storage.start_match(match_id, state="{}", events=[], timers=[], at=0.0, options={})
    return match_id
