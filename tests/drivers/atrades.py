"""Atrades through Discord (SimCord): a server whose people play it from the board and
their 1-on-1s, the greedy player's moves, and undoing a step."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from simcord.results import to_discord_message

from bot.flows import lobby
from bot.players import player_id
from games.atrades import ENGINE
from games.atrades.model import State
from games.atrades.playout import greedy_player
from games.core.contract import Action, Answer
from tests.bot.conftest import readable
from tests.drivers.project_mars import components_of
from tests.drivers.table import GameTable
from tools.demo import action_of, answers_of, unstamped, walk

GAME = "atrades"


@pytest.fixture(autouse=True)
def seed(monkeypatch: pytest.MonkeyPatch) -> int:
    """Matches dealt from a known seed, so that each test plays the same game every run."""
    monkeypatch.setattr(lobby, "new_seed", lambda: 7)
    return 7


def private(result: Any) -> bool:
    """Whether an answer is seen by the member alone."""
    return bool(result.ephemeral or (result.response is not None and result.response.ephemeral))


class Atrades(GameTable):
    """A server with a channel, a host, players and an onlooker, who play Atrades through
    Discord."""

    channel_name = "desert"

    async def start(self, computers: int = 0, **options: Any) -> Any:
        created = await self.host.slash(self.channel, f"match create {GAME}", **options)
        assert not created.ephemeral, created.response.content
        for member in self.players:
            await member.click(created.response, label=self.said("Join"))
        if computers:
            seated = await self.host.slash(self.channel, "match add-bot", count=computers)
            assert seated.ephemeral and "Dealer bot" in seated.response.content, (
                seated.response.content
            )
        started = await self.host.click(created.response, label=self.said("Start"))
        assert started.response.content.startswith("The match has started"), (
            started.response.content
        )
        storage = self.bot.storage
        row = await storage.open_match_in(self.channel.id) or await storage.last_match_in(
            self.channel.id
        )
        assert row is not None
        self.match_id = row.id
        return started

    async def state(self) -> State:
        row = await self.bot.storage.match(self.match_id)
        assert row is not None
        state = await self.bot.service.state(row)
        assert isinstance(state, State)
        return state

    async def dump(self) -> str:
        return ENGINE.dump_state_json(await self.state())

    def newest(self, channel_id: int, *prefixes: str) -> Any:
        """The newest message of a channel (not an ephemeral reply) with a control whose
        custom id starts with one of `prefixes`."""
        stored = self.env.backend.messages.get(channel_id, {})
        for message in sorted(stored.values(), key=lambda m: m.id, reverse=True):
            if message.is_ephemeral:
                continue
            controls = [c for row in message.components for c in row.get("components", [row])]
            if any(unstamped(str(c.get("custom_id", ""))).startswith(prefixes) for c in controls):
                return to_discord_message(self.env, message)
        raise AssertionError(f"no message has a {prefixes} control")

    def board(self) -> Any:
        return self.newest(self.channel.id, f"dealer:act:{self.match_id}:")

    async def board_text(self) -> str:
        board = await self.bot.storage.status_message(self.match_id)
        return str(next(m for m in self.channel.history() if m.id == board).content)

    def note(self, member: Any, result: Any) -> Any:
        if result.response is not None:
            self.replies.setdefault(member.id, []).append(result.response)
        return result

    # -- moves through Discord -------------------------------------------------------------

    async def play(self, member: Any, action: Action, answers: dict[str, Answer]) -> Any:
        """`action` with `answers`, the way a player makes it: from the board message's
        button when the board shows one for it, else from their 1-on-1 in the DMs (a menu
        of its first step, or its button); then each step's menu or form."""
        m = self.match_id
        view = ENGINE.view(await self.state(), None)
        if action.key in {a.key for a in ENGINE.board_actions(view)}:
            actor, where = member, self.board()
        else:
            dm = member.user.dm_channel.id
            actor = member.user
            where = self.newest(dm, f"dealer:act:{m}:{action.key}", f"dealer:actpick:{m}:")
        results = await walk(actor, where, m, action, answers)
        for result in results:
            self.note(member, result)
        return results[-1]

    async def move(self, rnd: random.Random) -> Any:
        """Whoever of the people the game waits for first makes the greedy player's move,
        through Discord; checks the answer is private and accepted."""
        state = await self.state()
        people = {player_id(m.id) for m in self.players}
        pid = next(p for p in ENGINE.turn(state).must if p in people)
        actions = ENGINE.legal_actions(state, pid)
        move = greedy_player(ENGINE.summary(state, pid), actions, rnd)
        action = action_of(actions, move)
        member = self.member(pid)
        result = await self.play(member, action, answers_of(action, move))
        assert private(result), result.response.content
        content = result.response.content
        assert "not open" not in content and "cannot" not in content, content
        assert len(self.with_controls(self.channel.id)) <= 1, "old boards keep their controls"
        return result

    def with_controls(self, channel_id: int) -> list[Any]:
        """The messages of a channel (not ephemeral replies) with a game's action controls."""
        stored = self.env.backend.messages.get(channel_id, {}).values()
        return [
            m
            for m in stored
            if not m.is_ephemeral
            and any(
                unstamped(str(c.get("custom_id", ""))).startswith(f"dealer:act:{self.match_id}:")
                for row in m.components
                for c in row.get("components", [row])
            )
        ]

    async def record(self) -> dict[str, Any]:
        r = await self.host.slash(self.channel, "match log")
        assert r.ephemeral, r.response.content
        files = {a.filename: a for a in r.response.attachments}
        record: dict[str, Any] = json.loads(await files[f"match-{self.match_id}.json"].read())
        return record

    def seen_by(self, member: Any) -> str:
        messages = [
            *self.channel.history(viewer=member),
            *member.user.dm_channel.history(),
            *self.replies.get(member.id, []),
        ]
        return "\n".join(readable(messages))


async def until(game: Atrades, rnd: random.Random, done: Any, moves: int = 200) -> None:
    """Greedy moves through Discord until `done(state)`."""
    for _ in range(moves):
        if done(await game.state()):
            return
        await game.move(rnd)
    raise AssertionError("it did not come")


async def undo_step(game: Atrades) -> None:
    undo = await game.host.slash(game.channel, "match undo", what="step")
    yes = next(
        str(c["custom_id"])
        for c in components_of(undo.response)
        if str(c.get("custom_id", "")).startswith("dealer:undo:")
    )
    await game.host.click(undo.response, custom_id=yes)
