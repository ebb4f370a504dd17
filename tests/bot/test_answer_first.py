"""A move is answered as soon as it is stored: its card, slow to draw, is added to the answer
afterwards, by one edit (`Presenter.reply`; issue 43)."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from bot import boards
from bot.presenter import Presenter
from tests.bot.conftest import Table

#: How long (seconds of SimCord's clock) the card takes to draw in this test: beyond what a
#: settle waits out (`PARK_BEYOND`), so the test moves the clock itself.
DRAWING = 10.0


async def test_the_answer_goes_before_its_card_which_follows_once(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    render = boards.render
    drawn: list[str] = []

    async def slow_render(function: Any, *args: Any) -> Any:
        if getattr(function, "__name__", "") == "card":
            await asyncio.sleep(DRAWING)
            drawn.append("card")
        return await render(function, *args)

    monkeypatch.setattr(boards, "render", slow_render)
    member = t.players[0]
    r = await member.slash(t.channel, "bid", target="genre-shop", amount=11)
    # The card is still being drawn, and the answer is there: the move, the 1-on-1, its
    # buttons for the bids still open.
    assert drawn == []
    assert r.ephemeral and "$11" in r.response.content and r.response.components
    assert r.response.attachments == []
    edits = len(edits_of(simcord_env, r.response.id))
    await simcord_env.advance_time(DRAWING)
    assert drawn == ["card"]
    answer = next(m for m in t.channel.history(viewer=member) if m.id == r.response.id)
    assert [a.filename for a in answer.attachments] == ["one-on-one.png"]
    assert answer.content == r.response.content and answer.components, "the answer stays"
    assert len(edits_of(simcord_env, r.response.id)) == edits + 1
    await simcord_env.advance_time(DRAWING * 5)
    assert drawn == ["card"] and len(edits_of(simcord_env, r.response.id)) == edits + 1


def edits_of(env: Any, message_id: int) -> list[Any]:
    """The bot's edits of message `message_id` through its interaction's webhook."""
    return [
        request
        for request in env.http_requests
        if request.method == "PATCH" and request.path.endswith(f"/messages/{message_id}")
    ]


async def test_the_view_a_card_is_drawn_from_is_built_after_the_answer(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing the answer does not say is built before it: the player's view that their card
    is drawn from comes after the answer is out (issue 43, items 3 and 4)."""
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    order: list[str] = []
    send, card_view = discord.InteractionResponse.send_message, Presenter._card_view

    async def answering(self: discord.InteractionResponse[Any], *args: Any, **kwargs: Any) -> Any:
        sent = await send(self, *args, **kwargs)
        order.append("answer")
        return sent

    async def viewing(self: Presenter, *args: Any) -> Any:
        order.append("card's view")
        return await card_view(self, *args)

    monkeypatch.setattr(discord.InteractionResponse, "send_message", answering)
    monkeypatch.setattr(Presenter, "_card_view", viewing)
    member = t.players[0]
    r = await member.slash(t.channel, "bid", target="genre-shop", amount=11)
    assert r.ephemeral and "$11" in r.response.content
    assert order == ["answer", "card's view"]
    answer = next(m for m in t.channel.history(viewer=member) if m.id == r.response.id)
    assert [a.filename for a in answer.attachments] == ["one-on-one.png"]
