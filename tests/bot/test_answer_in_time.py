"""Every interaction is acknowledged within Discord's three seconds, whatever the store, a lock
or a render does: `bot.errors.begin`'s watchdog defers it, and the answer follows (SimCord
refuses an acknowledgement later than three seconds of its clock, as Discord does)."""

from __future__ import annotations

import asyncio
import re
import time
from typing import Any

import pytest

from bot import boards, errors
from bot.errors import ACKNOWLEDGE_AFTER, FORM_TOO_LATE
from bot.storage.backend import Backend, Work
from tests.bot.conftest import PARK_BEYOND, Table

#: How late each commit returns in these tests (seconds of SimCord's clock): past Discord's
#: three, and beyond what a settle waits out (`PARK_BEYOND`), so that the test moves the clock
#: itself.
SLOW = 10.0
assert max(PARK_BEYOND, 3.0) < SLOW


class Wrapped:
    """A store as `backend` is, but for what a subclass changes."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend

    def __getattr__(self, name: str) -> Any:
        return getattr(self.backend, name)


class SlowCommits(Wrapped):
    """A store whose commits return `SLOW` seconds late (a loaded disk, a far server): each
    transaction is committed, then its caller waits."""

    async def transaction(self, work: Work[Any], *, synced: bool = True) -> Any:
        result = await self.backend.transaction(work, synced=synced)
        await asyncio.sleep(SLOW)
        return result


class SlowReads(SlowCommits):
    """A store whose reads, too, return `SLOW` seconds late."""

    async def read(self, sql: str, parameters: Any = ()) -> Any:
        rows = await self.backend.read(sql, parameters)
        await asyncio.sleep(SLOW)
        return rows


def callbacks(env: Any) -> list[int]:
    """The kinds of the interaction callbacks the bot has sent (Discord's numbers: 4 a
    message, 5 a "thinking…", 6 a silent deferral, 7 an edit, 9 a form)."""
    return [
        request.json["type"]
        for request in env.http_requests
        if request.method == "POST" and request.path.endswith("/callback")
    ]


async def test_a_slow_commit_is_acknowledged_in_time_then_answered(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    t.bot.storage.backend = SlowCommits(t.bot.storage.backend)
    before = len(callbacks(simcord_env))
    r = await t.players[0].slash(t.channel, "bid", target="Genre Shop", amount=7)
    await simcord_env.advance_time(SLOW)
    # A private "thinking…" first (within the three seconds), then the answer in its place.
    assert callbacks(simcord_env)[before:] == [5]
    assert r.ephemeral and "Your sealed bid of $7 on Genre Shop" in r.response.content
    assert r.followups == []
    stored = await t.bot.storage.moves(t.match_id)
    assert [move["amount"] for _, _, move in stored if move.get("type") == "bid"] == [7]


async def test_a_slow_commit_after_a_form_is_acknowledged_then_answered(
    simcord_env: Any,
) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    t.bot.storage.backend = SlowCommits(t.bot.storage.backend)
    before = len(callbacks(simcord_env))
    r = await t.bid_by_button(t.players[1], "genre-shop", 9)
    await simcord_env.advance_time(SLOW)
    # The button opens its form at once (9); the form's answer, late, follows a silent
    # deferral (6): the 1-on-1 it came from stays as it is.
    assert callbacks(simcord_env)[before:] == [9, 6]
    [answer] = r.followups
    assert "Your sealed bid of $9 on Genre Shop" in answer.content
    stored = await t.bot.storage.moves(t.match_id)
    assert [move["amount"] for _, _, move in stored if move.get("type") == "bid"] == [9]


async def test_a_quick_answer_is_not_deferred(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    before = len(callbacks(simcord_env))
    r = await t.players[0].slash(t.channel, "bid", target="Genre Shop", amount=7)
    await simcord_env.advance_time(ACKNOWLEDGE_AFTER * 2)
    assert callbacks(simcord_env)[before:] == [4]
    assert r.ephemeral and "Your sealed bid of $7 on Genre Shop" in r.response.content


async def test_a_slow_public_answer_is_posted_below_a_private_acknowledgement(
    simcord_env: Any,
) -> None:
    t = Table(simcord_env, 4)
    t.bot.storage.backend = SlowCommits(t.bot.storage.backend)
    r = await t.host.slash(t.channel, "match create auction-auction", phase_minutes=60)
    await simcord_env.advance_time(SLOW * 2)
    assert callbacks(simcord_env) == [5]
    assert r.ephemeral and r.response.content == "Posted for everyone below."
    [lobby] = r.followups
    assert not lobby.ephemeral and "a new match hosted by" in lobby.content
    # The lobby is the message its buttons and later edits work on.
    joined = await t.players[0].click(lobby.message, label="Join")
    await simcord_env.advance_time(SLOW)
    row = await t.bot.storage.open_match_in(t.channel.id)
    assert row is not None and row.lobby_message_id == lobby.id
    assert [p.user_id for p in await t.bot.storage.players(row.id)] == [t.players[0].id]
    assert callbacks(simcord_env)[1:] == [6] and joined.followups == []


async def test_a_slow_drawing_is_acknowledged_in_time_then_answered(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    render = boards.render

    async def slow_render(function: Any, *args: Any) -> Any:
        await asyncio.sleep(SLOW)
        return await render(function, *args)

    monkeypatch.setattr(boards, "render", slow_render)
    before = len(callbacks(simcord_env))
    r = await t.players[0].slash(t.channel, "me")
    await simcord_env.advance_time(SLOW)
    assert callbacks(simcord_env)[before:] == [5]
    assert r.ephemeral and "$100" in r.response.content
    assert [a.filename for a in r.response.attachments] == ["one-on-one.png"]


async def test_a_form_that_comes_too_late_is_refused_in_words(simcord_env: Any) -> None:
    """A form cannot follow an acknowledgement: when what comes before it is slow, the
    button's answer says so instead, privately."""
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    dm = t.players[0].user.dm_channel
    # The bid button's id carries the decision it was shown for (`dealer:act:<m>@<moves>:…`).
    shown = re.compile(rf"dealer:act:{t.match_id}@\d+:bid:genre-shop")
    card, bid = next(
        (m, found[0])
        for m in reversed(dm.history())
        if (found := shown.search(str([c.to_dict() for c in m.components])))
    )
    t.bot.service.forget(t.match_id)
    t.bot.storage.backend = SlowReads(t.bot.storage.backend)
    before = len(callbacks(simcord_env))
    r = await t.players[0].user.click(card, custom_id=bid)
    # Every read waits SLOW, one after another: four on SQLite before the answer, more on
    # PostgreSQL, where the dispatcher's reads of the timers come between them.
    await simcord_env.advance_time(SLOW * 10)
    assert callbacks(simcord_env)[before:] == [6]
    assert r.modal is None
    assert [m.content for m in r.followups] == [FORM_TOO_LATE]


class SlowOnTheWallClock(SlowCommits):
    """A store whose commits return `WALL` seconds of the machine's clock late (a thread
    sleeping, as a loaded machine would keep the handler), none of SimCord's."""

    async def transaction(self, work: Work[Any], *, synced: bool = True) -> Any:
        result = await self.backend.transaction(work, synced=synced)
        await asyncio.to_thread(time.sleep, WALL)
        return result


#: How long `SlowOnTheWallClock`'s commits take, and the watchdog's wait in that test: both
#: beyond what a settle waits out, the commit longer.
WALL = PARK_BEYOND + 0.2
WATCHDOG = PARK_BEYOND + 0.05


async def test_a_handler_slow_on_the_machines_clock_moves_nothing_on_simcords(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The watchdog's timer fires when the test moves SimCord's clock, not when the machine
    was slow (`QuickSettlingEnv._schedule_timer`): a handler that takes longer on the wall
    clock than the watchdog's wait answers at once, on a clock that has not moved."""
    monkeypatch.setattr(errors, "ACKNOWLEDGE_AFTER", WATCHDOG)
    await answered_on_an_unmoved_clock(simcord_env, SlowOnTheWallClock)


async def answered_on_an_unmoved_clock(env: Any, slow: type[Wrapped]) -> None:
    """A `/bid` on a store that `slow` makes slow on the machine's clock (the match read
    afresh, so that its reads are on the way too) is answered with a message, not deferred,
    and SimCord's clock has not moved."""
    t = Table(env, 4)
    await t.start(phase_minutes=60)
    t.bot.service.forget(t.match_id)
    t.bot.storage.backend = slow(t.bot.storage.backend)
    before, began = len(callbacks(env)), env.now()
    r = await t.players[0].slash(t.channel, "bid", target="Genre Shop", amount=7)
    assert env.now() == began
    assert callbacks(env)[before:] == [4]
    assert r.ephemeral and "Your sealed bid of $7 on Genre Shop" in r.response.content


class SlowServer(Wrapped):
    """A PostgreSQL server whose every read takes `SERVER_WAIT` seconds of the machine's clock
    (`pg_sleep`, as a loaded server would), none of SimCord's: psycopg looks at its socket
    again every 0.1 s meanwhile, on a timer of its own."""

    async def read(self, sql: str, parameters: Any = ()) -> Any:
        await self.backend.read(f"SELECT pg_sleep({SERVER_WAIT})")
        return await self.backend.read(sql, parameters)


#: How long `SlowServer`'s reads take: several of psycopg's 0.1 s looks, within a settle's wait.
SERVER_WAIT = 0.35
assert SERVER_WAIT < PARK_BEYOND


async def test_a_slow_postgresql_server_moves_nothing_on_simcords_clock(
    simcord_env: Any, store: Any
) -> None:
    """psycopg's looks at its socket while a query runs are no time of the bot's: a server
    slow on the machine's clock leaves SimCord's where it was (`QuickSettlingEnv`), as a
    loaded machine would otherwise have moved it (by 0.1 s, once, on CI)."""
    if not isinstance(store, str):
        pytest.skip("a PostgreSQL client's waits; SQLite's reads are a thread's")
    await answered_on_an_unmoved_clock(simcord_env, SlowServer)
