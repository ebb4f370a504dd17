"""Whatever goes wrong in an interaction, the member gets a private answer in words, and
nothing changes: a stranger's click, a stale or double click, garbage in a form are refused;
a fault of Dealer's, in a command or a button, is apologised for under a reference the log
gives it (issue #40, item 4: one place answers errors, `bot.errors.answer_error`)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
import pytest

from bot.errors import UNEXPECTED
from bot.presenter import Presenter
from games.auction_auction import ENGINE as AA_ENGINE
from tests.bot.conftest import PARK_BEYOND, Table
from tools.demo import unstamped

#: How long the slow handler takes (seconds of SimCord's clock): past Discord's three, and
#: beyond what a settle waits out, so that the test moves the clock itself.
SLOW = 10.0
assert max(PARK_BEYOND, 3.0) < SLOW


def with_control(channel: Any, custom_id: str, viewer: Any = None) -> Any:
    """The last message of `channel` with the control `custom_id` (its decision unstamped)."""
    history = channel.history() if viewer is None else channel.history(viewer=viewer)
    return next(
        m
        for m in reversed(history)
        if any(
            unstamped(c.get("custom_id", "")) == custom_id
            for row in m.components
            for c in row.to_dict()["components"]
        )
    )


def stamped(message: Any, custom_id: str) -> str:
    """The control's custom id on `message`, with the decision it was shown for."""
    return next(
        str(c["custom_id"])
        for row in message.components
        for c in row.to_dict()["components"]
        if unstamped(c.get("custom_id", "")) == custom_id
    )


def fault_reference(caplog: pytest.LogCaptureFixture) -> str:
    """The reference of the one unexpected fault logged."""
    [record] = [r for r in caplog.records if r.name == "bot.errors" and r.exc_info]
    assert isinstance(record.args, tuple)
    return str(record.args[0])


def callbacks(env: Any) -> list[int]:
    """The kinds of the interaction callbacks the bot has sent (6: a silent deferral)."""
    return [
        request.json["type"]
        for request in env.http_requests
        if request.method == "POST" and request.path.endswith("/callback")
    ]


async def bids(t: Table) -> list[int]:
    return [m["amount"] for _, _, m in await t.bot.storage.moves(t.match_id) if m["type"] == "bid"]


async def test_a_strangers_click_is_refused_privately(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    stranger = t.guild.add_member(simcord_env.create_user("stranger"))
    board = with_control(t.channel, f"dealer:me:{t.match_id}")
    before = (await t.state()).model_dump()
    r = await stranger.click(board, custom_id=f"dealer:me:{t.match_id}")
    assert r.ephemeral and r.response.content == "You are not playing in this match."
    assert (await t.state()).model_dump() == before


def bid_button(t: Table, player: Any) -> tuple[Any, str]:
    """The player's 1-on-1 with the Genre Shop's bid button, and the button's custom id."""
    button = f"dealer:act:{t.match_id}:bid:genre-shop"
    card = with_control(player.user.dm_channel, button, player.user)
    return card, stamped(card, button)


async def test_a_stale_click_is_refused_privately(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    player = t.players[0]
    card, button = bid_button(t, player)
    await t.close_phase()
    before = (await t.state()).model_dump()
    r = await player.user.click(card, custom_id=button)
    assert r.ephemeral and r.modal is None
    assert r.response.content.startswith("That button was for an earlier decision:")
    assert "the match has moved on to" in r.response.content
    assert (await t.state()).model_dump() == before


async def test_a_double_submitted_form_is_taken_once(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    player = t.players[0]
    card, button = bid_button(t, player)
    first = await player.user.click(card, custom_id=button)
    second = await player.user.click(card, custom_id=button)
    taken = await player.user.submit_modal(first, {"amount": "7"})
    assert taken.ephemeral and "Your sealed bid of $7" in taken.response.content
    again = await player.user.submit_modal(second, {"amount": "8"})
    assert again.ephemeral
    assert again.response.content.startswith("That form was for an earlier decision:")
    assert await bids(t) == [7]


async def test_garbage_in_a_form_is_refused_privately(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    before = (await t.state()).model_dump()
    r = await t.bid_by_button(t.players[0], "genre-shop", "lots of it")
    assert r.ephemeral and "is not an amount" in r.response.content
    assert (await t.state()).model_dump() == before
    assert await bids(t) == []


async def test_a_fault_in_a_command_is_answered_privately_with_its_reference(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    before = (await t.state()).model_dump()

    def broken(*args: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(type(AA_ENGINE), "apply", broken)
    caplog.set_level(logging.ERROR, logger="bot.errors")
    r = await t.players[0].slash(t.channel, "bid", target="Genre Shop", amount=7)
    monkeypatch.undo()
    reference = fault_reference(caplog)
    assert r.ephemeral and r.response.content == f"{UNEXPECTED} (#{reference})"
    assert "Traceback" not in r.response.content and "a bug" not in r.response.content
    # A fault of the bot's reaches the command tree's error handler (SimCord records it).
    [fault] = simcord_env.errors
    assert isinstance(fault, discord.app_commands.CommandInvokeError)
    assert isinstance(fault.original, RuntimeError)
    assert (await t.state()).model_dump() == before
    assert await bids(t) == []
    # The match goes on.
    r = await t.players[0].slash(t.channel, "bid", target="Genre Shop", amount=7)
    assert r.ephemeral and "Your sealed bid of $7 on Genre Shop" in r.response.content


async def test_a_fault_in_a_button_is_answered_privately_with_its_reference(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    board = with_control(t.channel, f"dealer:me:{t.match_id}")
    before = (await t.state()).model_dump()

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(Presenter, "one_on_one", broken)
    caplog.set_level(logging.ERROR, logger="bot.errors")
    r = await t.players[1].click(board, custom_id=f"dealer:me:{t.match_id}")
    reference = fault_reference(caplog)
    assert r.ephemeral and r.response.content == f"{UNEXPECTED} (#{reference})"
    assert (await t.state()).model_dump() == before


async def test_a_fault_after_the_acknowledgement_is_answered_in_a_follow_up(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A button whose handler is slow is acknowledged in time (silently: its message stays as
    it is); the fault that ends it is answered after, privately, in a follow-up."""
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    board = with_control(t.channel, f"dealer:me:{t.match_id}")

    async def slow_then_broken(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(SLOW)
        raise RuntimeError("a bug")

    monkeypatch.setattr(Presenter, "one_on_one", slow_then_broken)
    caplog.set_level(logging.ERROR, logger="bot.errors")
    before = len(callbacks(simcord_env))
    r = await t.players[1].click(board, custom_id=f"dealer:me:{t.match_id}")
    await simcord_env.advance_time(SLOW)
    reference = fault_reference(caplog)
    assert callbacks(simcord_env)[before:] == [6]
    assert [(m.content, m.ephemeral) for m in r.followups] == [
        (f"{UNEXPECTED} (#{reference})", True)
    ]
