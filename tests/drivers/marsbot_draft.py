"""The MARSBOT draft through Discord (SimCord): one member and the draft's rounds."""

from __future__ import annotations

import json
from typing import Any

from games.core.contract import Answer
from games.marsbot_draft import ENGINE
from games.marsbot_draft.model import State
from games.marsbot_draft.views import DraftView
from tests.bot.conftest import readable
from tests.drivers.project_mars import custom_ids
from tools.demo import walk

GAME = "marsbot-draft"


class Draft:
    """A server with a channel and a member who drafts against MARSBOT through Discord."""

    def __init__(self, env: Any) -> None:
        self.env = env
        self.guild = env.create_guild()
        self.channel = self.guild.create_text_channel("mars")
        self.ann = self.guild.add_member(env.create_user("ann"))
        self.match_id = 0

    @property
    def bot(self) -> Any:
        return self.env.bot

    async def opened(self) -> None:
        row = await self.bot.storage.open_match_in(self.channel.id)
        assert row is not None and row.status == "running"
        self.match_id = row.id

    async def state(self) -> Any:
        row = await self.bot.storage.match(self.match_id)
        assert row is not None
        return await self.bot.service.state(row)

    async def view(self) -> DraftView:
        return ENGINE.view(await self.state(), None)

    async def moves(self) -> int:
        return len(await self.bot.storage.moves(self.match_id))

    def channel_text(self) -> str:
        return "\n".join(readable(self.channel.history()))

    def last_with(self, prefix: str) -> Any:
        """The latest DM carrying a control whose custom id starts with `prefix`."""
        found = [
            m
            for m in self.ann.user.dm_channel.history()
            if any(cid.startswith(prefix) for cid in custom_ids(m))
        ]
        assert found, f"no DM has a {prefix} control"
        return max(found, key=lambda m: m.id)

    async def act(self, key: str, answers: dict[str, Answer]) -> Any:
        """ann's legal action `key` with `answers`, from the latest DM with its control, as a
        person walks it (`tools.demo.walk`): the move's answer."""
        state = await self.state()
        action = next(a for a in ENGINE.legal_actions(state, state.player) if a.key == key)
        dm = self.last_with(f"dealer:actpick:{self.match_id}:{key}")
        *_, answer = await walk(self.ann.user, dm, self.match_id, action, answers)
        return answer

    async def take(self, card: str) -> Any:
        """ann takes `card` of her pile with the 1-on-1's menu."""
        return await self.act("take", {"card": card})

    async def log(self) -> dict[str, Any]:
        r = await self.ann.slash(self.channel, "match log")
        assert r.ephemeral, r.response.content
        record: dict[str, Any] = json.loads(await r.response.attachments[0].read())
        return record


ROUND_1 = "Io Mining Industries; Ganymede Colony; Venus Governor:4:venus+venus; Comet"


def result_of(state: State) -> dict[str, Any]:
    """The ended draft's result."""
    result = ENGINE.result(state)
    assert result is not None
    return result
