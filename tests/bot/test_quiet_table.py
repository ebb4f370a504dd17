"""A quieter channel (issue 41): one reminder per deadline. Through Discord (SimCord)."""

from __future__ import annotations

import random
from typing import Any

from games.atrades import ENGINE
from tests.bot.test_atrades import Atrades, seed  # noqa: F401 (a fixture, by name)

MINUTE = 60
REMINDER = "⏰ Reminder"


def dms(member: Any) -> list[str]:
    return [str(m.content) for m in member.user.dm_channel.history()]


async def test_one_reminder_per_deadline(simcord_env: Any) -> None:
    """A 30-minute bid phase and a 30-minute turn: each person who has not acted gets one
    reminder, at half time (two identical ones before: at half time and 10 minutes before
    the end)."""
    game = Atrades(simcord_env, 3)
    await game.start(turn_minutes=30, bids_minutes=30)
    await simcord_env.advance_time(25 * MINUTE)
    for member in game.players:
        assert sum(REMINDER in text for text in dms(member)) == 1, member.name
    rnd = random.Random(3)
    for _ in range(3):
        await game.move(rnd)
    state = await game.state()
    [first] = ENGINE.turn(state).must
    member = game.member(first)
    before = sum(REMINDER in text for text in dms(member))
    await simcord_env.advance_time(25 * MINUTE)
    assert sum(REMINDER in text for text in dms(member)) == before + 1
