"""Shards (issue 24, item 3): with `SHARD_COUNT` the bot is one `AutoShardedBot` on that
many shards; servers are spread over them by id, and DMs (so every 1-on-1 button) reach
shard 0 only. Here one process runs both shards, and a match in a server on shard 1 is
played from its channel and from the players' DMs alike."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.app import DealerBot
from tests.bot.conftest import Table, make_bot

SHARDS = 2


@pytest.fixture
def simcord_bot(db_path: Path) -> DealerBot:
    return make_bot(db_path, shard_count=SHARDS, shard_ids=[0, 1])


async def test_a_match_on_shard_1_takes_moves_from_its_channel_and_from_dms(
    simcord_env: Any,
) -> None:
    bot: DealerBot = simcord_env.bot
    assert bot.shard_count == SHARDS and sorted(bot.shards) == [0, 1]
    t = Table(simcord_env, 4, shard=1)
    assert (t.guild.id >> 22) % SHARDS == 1, "Discord's rule: (server id >> 22) % shard count"
    await t.start(phase_minutes=60)
    by_dm = await t.bid_by_button(t.players[0], "genre-shop", 30)
    assert "Your sealed bid of $30 on Genre Shop is recorded." in by_dm.response.content
    in_channel = await t.players[1].slash(t.channel, "bid", target="wolley-limited", amount=20)
    assert in_channel.ephemeral and "$20" in in_channel.response.content
    moves = await bot.storage.moves(t.match_id)
    assert [(move["target"], move["amount"]) for _, _, move in moves] == [
        ("genre-shop", 30),
        ("wolley-limited", 20),
    ]
