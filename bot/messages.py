"""What a message carries, the same whether it is sent, edited or a reply (its text cut to fit,
its controls, and its board image as an attachment described by the image's alt text), and the
channels a match's messages go to."""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Any

import discord

from bot.limits import fit
from games.core.drawing.board import Board

#: A channel of a match's public messages: a server text channel, or a thread of one.
Room = discord.TextChannel | discord.Thread


async def room(client: discord.Client, channel_id: int) -> Room | None:
    """A text channel or thread, from the cache or else asked of Discord (an archived thread
    is not in the cache after a restart); None when it is gone or is no such channel."""
    channel = client.get_channel(channel_id)
    if channel is None:
        try:
            channel = await client.fetch_channel(channel_id)
        except discord.HTTPException:
            return None
    return channel if isinstance(channel, Room) else None


def attachment(board: Board) -> discord.File:
    """A board as a file to attach (a new one each time: a file is read once when sent)."""
    return discord.File(
        io.BytesIO(board.png), filename=board.filename, description=board.description()
    )


def pinging(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """The mentions a message that calls members on purpose (a turn, a challenge) may ping:
    those members' and no one else's, whatever else its text holds (the bot's default,
    `DealerBot`, pings nobody)."""
    return discord.AllowedMentions(users=[discord.Object(u) for u in user_ids])


def message(text: str, view: discord.ui.View | None, board: Board | None) -> dict[str, Any]:
    """The keyword arguments of a message: the text, and the board with its alt text."""
    content: dict[str, Any] = {"content": fit(text)}
    if view is not None:
        content["view"] = view
    if board is not None:
        content["file"] = attachment(board)
    return content
