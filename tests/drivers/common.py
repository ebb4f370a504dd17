"""What the SimCord tests of every game share: closed DMs (SimCord does not model them), a
channel the players cannot read, a confirmation's button, the live status message, a
match's stored results, the command sync's requests."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.presenter import Presenter
from bot.storage import Storage
from tests.bot.conftest import Table
from tests.drivers.project_mars import Mars


def private_channel(t: Table, name: str) -> Any:
    """A channel the players cannot read: only the host (who names it) and the bot."""
    return t.guild.create_text_channel(
        name,
        overwrites={
            t.guild.default_role: discord.PermissionOverwrite(read_messages=False),
            t.host: discord.PermissionOverwrite(read_messages=True),
            t.bot.user: discord.PermissionOverwrite(read_messages=True),
        },
    )


def close_dms_of(monkeypatch: pytest.MonkeyPatch, user_id: int) -> None:
    """SimCord does not model closed DMs: raise Discord's 50007 where Dealer sends them."""
    original = Presenter.send_private

    async def send_private(self: Presenter, uid: int, content: dict[str, Any]) -> None:
        if uid == user_id:
            response = SimpleNamespace(status=403, reason="Forbidden")
            raise discord.Forbidden(
                response,
                {"code": 50007, "message": "Cannot send messages to this user"},
            )
        await original(self, uid, content)

    monkeypatch.setattr(Presenter, "send_private", send_private)


def commands_written(env: Any) -> list[str]:
    """The paths of the bot's requests that replaced its slash commands on Discord."""
    return [r.path for r in env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]


async def results(storage: Storage, match_id: int) -> dict[int, tuple[int | None, bool, bool]]:
    """A match's stored results: user id -> (place, won, practice)."""
    rows = await storage.backend.read(
        "SELECT user_id, place, won, practice FROM results WHERE match_id = ?", (match_id,)
    )
    return {r[0]: (r[1], bool(r[2]), bool(r[3])) for r in rows}


async def status_edits_done(bot: Any) -> None:
    """The status messages' edits, which run in tasks of their own, done: SimCord's settle
    may leave one that waits on the store's answer."""
    await asyncio.gather(*bot.presenter.status._workers.values())


async def status_of(bot: Any, match_id: int, channel: Any) -> discord.Message:
    """The match's live status message, as its channel (or thread) holds it now."""
    message_id = await bot.storage.status_message(match_id)
    assert message_id is not None, "the status message was posted"
    found: list[discord.Message] = [m for m in channel.history() if m.id == message_id]
    assert found, "the status message is in the channel"
    return found[0]


async def confirm(t: Table | Mars, asked: Any, by: Any | None = None) -> Any:
    """Press the confirmation's button (the host's, unless `by`)."""
    assert asked.ephemeral, asked.response.content
    if by is None:
        assert isinstance(t, Table), "who confirms in a Project Mars match is named"
        by = t.host
    return await by.click(asked.response, custom_id=button_of(asked))


def button_of(asked: Any) -> str:
    """The custom id of a confirmation's Yes (beside its "No, keep it")."""
    (row,) = asked.response.components
    yes, keep = row["components"]
    assert keep["label"] == "No, keep it"
    return str(yes["custom_id"])


async def damage(storage: Storage, sql: str, *parameters: Any) -> None:
    """Write over the store as a crash, a full disk or a careless hand might have."""
    await storage.backend.transaction(lambda w: w.execute(sql, parameters))


def dms(member: Any) -> list[str]:
    channel = member.user.dm_channel
    return [m.content for m in channel.history()] if channel is not None else []


def notes(member: Any) -> list[str]:
    """The notes a host got that a match of theirs was set aside."""
    return [text for text in dms(member) if "is set aside" in text]
