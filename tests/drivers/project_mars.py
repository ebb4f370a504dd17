"""Project Mars through Discord (SimCord): two members who challenge each other and play
from their 1-on-1s; reading a message's controls."""

from __future__ import annotations

import json
import random
from collections.abc import Awaitable, Callable
from typing import Any

from bot.players import COMPUTER, COMPUTER_NAME, player_id
from games.core.contract import Answer, Pick
from games.project_mars import ENGINE
from tests.bot.conftest import readable
from tools.demo import unstamped, walk


def components_of(message: Any) -> list[dict[str, Any]]:
    """Every component of a message, rows flattened."""
    rows = message.components
    out: list[dict[str, Any]] = []
    for row in rows:
        data = row if isinstance(row, dict) else row.to_dict()
        out.extend(data.get("components", [data]))
    return out


def custom_ids(message: Any) -> list[str]:
    return [unstamped(c.get("custom_id", "")) for c in components_of(message)]


def private(result: Any) -> bool:
    """Whether the answer was private: an ephemeral reply, or the ephemeral message it
    took the place of (a utility card's confirmation)."""
    return bool(result.ephemeral or (result.response is not None and result.response.ephemeral))


class Mars:
    """A server with a channel and two members who play Project Mars through Discord;
    `language` is the server's Discord language (default en-US)."""

    def __init__(self, env: Any, *, language: str | None = None) -> None:
        self.env = env
        self.guild = env.create_guild(preferred_locale=language)
        self.channel = self.guild.create_text_channel("mars")
        self.ann = self.guild.add_member(env.create_user("ann"))
        self.bob = self.guild.add_member(env.create_user("bob"))
        self.match_id = 0
        #: Each member's replies that carry controls (a keep answered with the mulligan).
        self.replies: dict[int, list[Any]] = {}
        #: Members whose DMs are closed: they play through My 1-on-1 in the channel.
        self.closed: set[int] = set()

    @property
    def bot(self) -> Any:
        return self.env.bot

    def member(self, pid: str) -> Any:
        return next(m for m in (self.ann, self.bob) if player_id(m.id) == pid)

    def pid(self, member: Any) -> str:
        return player_id(member.id)

    async def play_against_the_computer(self, rnd: random.Random) -> None:
        """ann plays legal moves through Discord against the practice opponent, who has
        always moved by the time she is answered, until the match ends."""
        ann = self.pid(self.ann)
        for _ in range(300):
            view = await self.view(None)
            if view["phase"] == "ended":
                return
            assert COMPUTER not in view["to_act"], "the computer moves as soon as it is its turn"
            r = await self.act(ann, rnd)
            assert private(r) and "Sorry" not in r.response.content, r.response.content
            assert f"Waiting for {COMPUTER_NAME}" not in r.response.content, "it has moved"
        raise AssertionError("the match did not end")

    def messages_of(self, member: Any) -> list[Any]:
        """Every message `member` can read: the channel (their own ephemeral replies
        included), their DMs, and the replies to them."""
        return [
            *self.channel.history(viewer=member),
            *member.user.dm_channel.history(),
            *self.replies.get(member.id, []),
        ]

    def readable_by(self, member: Any, after: set[int] | None = None) -> str:
        """The text and alt texts `member` can read (only of messages not in `after`)."""
        shown = [m for m in self.messages_of(member) if after is None or m.id not in after]
        return "\n".join(readable(shown))

    def seen_ids(self, member: Any) -> set[int]:
        return {m.id for m in self.messages_of(member)}

    def channel_text(self) -> str:
        return "\n".join(m.content for m in self.channel.history())

    async def practice(self, **options: Any) -> None:
        """ann starts a practice match against the computer."""
        r = await self.ann.slash(
            self.channel, "match create project-mars", practice=True, **options
        )
        assert not r.ephemeral, r.response.content
        row = await self.bot.storage.open_match_in(self.channel.id)
        assert row is not None and row.status == "running"
        self.match_id = row.id

    async def stored_events(self) -> list[dict[str, Any]]:
        """Every event of the match's log, in order."""
        rows = await self.bot.storage.backend.read(
            "SELECT events FROM log WHERE match_id = ? ORDER BY seq", (self.match_id,)
        )
        return [e for (events,) in rows for e in json.loads(events)]

    async def public_events(self) -> list[dict[str, Any]]:
        """Every event of the match's log that the whole channel may read."""
        return [e for e in await self.stored_events() if e["audience"]["kind"] == "public"]

    async def until(self, rnd: random.Random, done: Any, moves: int = 200) -> None:
        """Both members make random legal moves until `done(view)` holds."""
        for _ in range(moves):
            view = await self.view(None)
            if done(view):
                return
            assert view["phase"] != "ended", "the match ended first"
            await self.act(view["to_act"][0], rnd)
        raise AssertionError("the condition never came")

    async def challenge(self, **options: Any) -> Any:
        """ann challenges bob; returns the challenge message."""
        r = await self.ann.slash(
            self.channel, "match create project-mars", opponent=self.bob, **options
        )
        assert not r.ephemeral, r.response.content
        row = await self.bot.storage.open_match_in(self.channel.id)
        assert row is not None
        self.match_id = row.id
        return r.response

    async def start(self, message: Any = None, **options: Any) -> None:
        """bob accepts ann's challenge (made now unless given)."""
        message = message or await self.challenge(**options)
        accepted = await self.bob.click(
            message, custom_id=f"dealer:challenge:accept:{self.match_id}:{self.bob.id}"
        )
        row = await self.bot.storage.match(self.match_id)
        assert row is not None and row.status == "running", accepted.response.content

    async def state(self) -> Any:
        row = await self.bot.storage.match(self.match_id)
        assert row is not None
        return await self.bot.service.state(row)

    async def view(self, pid: str | None) -> dict[str, Any]:
        """The viewer's view as JSON, with a player's legal moves (`ProjectMars.legal`) beside
        it, which the driver's random player picks from."""
        state = await self.state()
        legal = None if pid is None else ENGINE.legal(state, pid).model_dump(by_alias=True)
        return {**ENGINE.view_json(state, pid), "legal": legal}

    def last_with(self, member: Any, custom_id: str) -> Any:
        """The member's latest DM (or reply) carrying the control `custom_id`."""
        found = [
            message
            for message in [*member.user.dm_channel.history(), *self.replies.get(member.id, [])]
            if custom_id in custom_ids(message)
        ]
        assert found, f"no DM of {member.name} has a {custom_id} control"
        return max(found, key=lambda message: message.id)

    def menu(self, key: str) -> str:
        """The custom id of the 1-on-1's menu of action `key` (the generic controls)."""
        return f"dealer:actpick:{self.match_id}:{key}"

    def button(self, key: str) -> str:
        """The custom id of the 1-on-1's button of action `key`."""
        return f"dealer:act:{self.match_id}:{key}"

    def note(self, member: Any, result: Any) -> Any:
        if result.response is not None and result.response.components:
            self.replies.setdefault(member.id, []).append(result.response)
        return result

    async def act(self, pid: str, rnd: random.Random, *, pass_rate: float = 0.15) -> Any:
        """`pid` makes a legal move the way a player does: through their 1-on-1's menus and
        buttons in their DMs. Returns the last interaction's result."""
        return self.note(self.member(pid), await self._act(pid, rnd, pass_rate))

    async def _act(self, pid: str, rnd: random.Random, pass_rate: float) -> Any:
        member = self.member(pid)
        if member.id in self.closed:
            await self.open_one_on_one(member)
        view = await self.view(pid)
        legal = view["legal"]
        if legal["deck"]:
            deck = rnd.choice(["vanguard", "machine-uprising", "shadow-ops", "fortress"])
            return await self.take(pid, "deck", {"deck": deck})
        if legal["keep"] is not None:
            if legal["keep"] and rnd.random() < 0.5:
                kept = rnd.sample(legal["keep"], rnd.randint(1, len(legal["keep"])))
                return await self.take(pid, "keep", {"cards": kept})
            key = "keep-all" if legal["keep"] and rnd.random() < 0.5 else "keep-none"
            return await self.take(pid, key, {})
        if legal["mulligan"] is not None:
            most = min(legal["mulligan"]["max"], len(legal["mulligan"]["cards"]))
            if most and rnd.random() < 0.5:
                traded = rnd.sample(legal["mulligan"]["cards"], rnd.randint(1, most))
                return await self.take(pid, "mulligan", {"cards": traded})
            return await self.take(pid, "keep-hand", {})
        if legal["choose"]:
            option = rnd.choice(legal["choose"])["id"]
            return await self.take(pid, "choose", {"option": option})
        assert legal["pass"], legal
        if not legal["plays"] or rnd.random() < pass_rate:
            return await self.take(pid, "pass", {})
        play = rnd.choice(legal["plays"])
        return await self.play(pid, play["card"], rnd.choice(play["slots"] or [None]))

    async def take(
        self,
        pid: str,
        key: str,
        answers: dict[str, Answer],
        between: Callable[[Any], Awaitable[None]] | None = None,
    ) -> Any:
        """`pid`'s legal action `key` with `answers`, walked from the latest of their DMs (or
        replies) that carries its control, as a person walks it (`tools.demo.walk`); the last
        answer, those with controls kept."""
        member = self.member(pid)
        user = member if member.id in self.closed else member.user
        action = next(a for a in ENGINE.legal_actions(await self.state(), pid) if a.key == key)
        menu = self.menu(key) if action.steps and isinstance(action.steps[0], Pick) else None
        where = self.last_with(member, menu or self.button(key))
        results = await walk(user, where, self.match_id, action, answers, between)
        for result in results[:-1]:
            self.note(member, result)
        return results[-1]

    async def open_one_on_one(self, member: Any) -> Any:
        """The My 1-on-1 button of the latest phase message, as a member with closed DMs."""
        prefix = f"dealer:me:{self.match_id}"
        phase = [m for m in self.channel.history() if prefix in custom_ids(m)][-1]
        shown = await member.click(phase, custom_id=prefix)
        assert shown.ephemeral, shown.response.content
        return self.note(member, shown)

    async def between_menus(self, shown: Any) -> None:
        """What a test does after the card menu's answer (`shown`), before the slot menu
        (nothing)."""

    async def play(self, pid: str, card: str, slot: str | None) -> Any:
        """Play a card through the menu of cards (or of traps), then the menu of slots its
        answer brings (or, for a utility card, its confirmation)."""
        hand = {c["id"]: c for c in (await self.view(pid))["me"]["hand"]}
        key = "trap" if hand[card]["trap"] else "play"
        answers: dict[str, Answer] = (
            {"card": card} if slot is None else {"card": card, "slot": slot}
        )
        return await self.take(pid, key, answers, self.between_menus)

    async def play_out(self, rnd: random.Random, moves: int = 400) -> None:
        """Both members play legal moves through Discord until the match ends."""
        for _ in range(moves):
            view = await self.view(None)
            if view["phase"] == "ended":
                return
            pid = view["to_act"][0]
            r = await self.act(pid, rnd)
            assert private(r), r.response.content
            assert "Sorry" not in r.response.content, r.response.content
        raise AssertionError("the match did not end")
