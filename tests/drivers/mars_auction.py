"""The Mars Auction through Discord (SimCord): a table that plays it from the board's menus
and the 1-on-1s, to any step or to its end."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from simcord.results import to_discord_message

from bot.flows import lobby
from bot.players import player_id
from games.core.contract import Answer, Pick
from games.mars_auction import ENGINE
from games.mars_auction.model import NO_SECOND, State
from games.mars_auction.views import PublicView
from games.tm_catalogue import PROJECT_TYPES, builtin
from tests.bot.conftest import readable, replay
from tests.drivers.project_mars import components_of
from tests.drivers.table import GameTable
from tools.demo import unstamped, walk

GAME = "mars-auction"


@pytest.fixture(autouse=True)
def seed(monkeypatch: pytest.MonkeyPatch) -> int:
    """Matches dealt from a known seed, so that each test plays the same match every run."""
    monkeypatch.setattr(lobby, "new_seed", lambda: 11)
    return 11


def private(result: Any) -> bool:
    """Whether an answer is seen by the member alone: ephemeral, or a private message
    edited in place (a confirmation answered)."""
    return bool(result.ephemeral or result.response.flags.ephemeral)


def step_menu(message: Any, match_id: int, key: str, value: str) -> str:
    """The custom id of the generic menu of `message` for the action `key` (with the answers
    it carries: `place|13`) that offers `value`."""
    wanted = re.compile(rf"dealer:actpick\d*:{match_id}:{re.escape(key)}")
    for component in components_of(message):
        if wanted.fullmatch(unstamped(str(component.get("custom_id", "")))) and any(
            o["value"] == value for o in component.get("options", [])
        ):
            return str(component["custom_id"])
    raise AssertionError(f"no menu of {key} offers {value}")


class Auction(GameTable):
    """A server with a channel, a host, players and an onlooker, who run a Mars Auction
    through Discord."""

    channel_name = "mars"

    def pid(self, member: Any) -> str:
        return player_id(member.id)

    @property
    def names(self) -> dict[str, str]:
        return {player_id(m.id): m.name for m in self.players}

    async def start(self, computers: tuple[str, ...] = (), **options: Any) -> Any:
        """The match created with `options`, the players joined, and a computer seat of each
        level of `computers` seated by the host (`/match add-bot`), started."""
        created = await self.host.slash(self.channel, f"match create {GAME}", **options)
        assert not created.ephemeral, created.response.content
        for member in self.players:
            await member.click(created.response, label=self.said("Join"))
        for number, level in enumerate(computers, 1):
            seated = await self.host.slash(self.channel, "match add-bot", level=level)
            said = f"Dealer bot {number} takes a seat: Dealer plays it at level {level}"
            assert said in seated.response.content, seated.response.content
        started = await self.host.click(created.response, label=self.said("Start"))
        assert started.response.content.startswith("The match has started"), (
            started.response.content
        )
        row = await self.bot.storage.open_match_in(self.channel.id)
        assert row is not None
        self.match_id = row.id
        return started

    async def state(self) -> State:
        row = await self.bot.storage.match(self.match_id)
        assert row is not None
        state = await self.bot.service.state(row)
        assert isinstance(state, State)
        return state

    async def view(self, pid: str | None) -> PublicView:
        return ENGINE.view(await self.state(), pid)

    async def dump(self) -> str:
        return ENGINE.dump_state_json(await self.state())

    # -- where the controls are ----------------------------------------------------------

    def newest(self, channel_id: int, *prefixes: str) -> Any:
        """The newest message of a channel with a control whose custom id starts with one of
        `prefixes`. Read from SimCord's store, newest first, and only the one found made a
        `discord.Message`: `history()` makes every message of a channel one, each time, which
        over the hundreds of messages of a long match is most of a test's time."""
        stored = self.env.backend.messages.get(channel_id, {})
        for message in sorted(stored.values(), key=lambda m: m.id, reverse=True):
            if message.is_ephemeral:  # someone's private reply, not the board
                continue
            controls = [c for row in message.components for c in row.get("components", [row])]
            if any(unstamped(str(c.get("custom_id", ""))).startswith(prefixes) for c in controls):
                return to_discord_message(self.env, message)
        raise AssertionError(f"no message has a {prefixes} control")

    def board(self) -> Any:
        """The channel's latest board message with controls."""
        m = self.match_id
        return self.newest(self.channel.id, "dealer:actpick", f"dealer:act:{m}:")

    def dm_with(self, member: Any, prefix: str) -> Any:
        return self.newest(member.user.dm_channel.id, prefix)

    async def board_text(self) -> str:
        """The text of the match's one board message (its live status message)."""
        board = await self.bot.storage.status_message(self.match_id)
        return str(next(m for m in self.channel.history() if m.id == board).content)

    async def one_on_one(self, member: Any) -> Any:
        """The member's 1-on-1 with its controls, from the board's My 1-on-1 button (a turn
        is announced in the channel, not by DM)."""
        shown = await member.click(self.board(), custom_id=f"dealer:me:{self.match_id}")
        assert shown.ephemeral, shown.response.content
        return shown.response

    def note(self, member: Any, result: Any) -> Any:
        if result.response is not None:
            self.replies.setdefault(member.id, []).append(result.response)
        return result

    # -- moves through Discord -----------------------------------------------------------

    async def act(
        self,
        member: Any,
        where: Any,
        key: str,
        answers: dict[str, Answer],
        *,
        dm: bool = False,
        between: Callable[[Any], Awaitable[None]] | None = None,
    ) -> list[Any]:
        """The member's legal action `key` with `answers`, from the controls of `where` (the
        board, their 1-on-1, a DM) the way a person walks them (`tools.demo.walk`): every
        answer the bot gave, each noted, the last the move's. A member in the DMs presses as
        the user they are (`dm`); `between` is awaited with each answer but the last."""
        actions = ENGINE.legal_actions(await self.state(), self.pid(member))
        action = next((a for a in actions if a.key == key), None)
        assert action is not None, f"{member.name} has no {key} to make: {actions}"
        actor = member.user if dm else member
        results = await walk(actor, where, self.match_id, action, answers, between)
        for result in results:
            self.note(member, result)
        return results

    async def place(self, member: Any, cards: list[int], *, how: str, in_one_on_one: bool) -> Any:
        """Markers the ways a player puts them: `menu` (a card in the menus, then privately no
        second marker, a second one on it or one on another card), `numbers` (the Card
        numbers form); from the channel's board or the 1-on-1 in the DMs."""
        m = self.match_id
        actor = member
        where = await self.one_on_one(member) if in_one_on_one else self.board()
        if how == "numbers":
            shown = await actor.click(where, custom_id=f"dealer:ma:numbers:{m}")
            assert shown.modal is not None, shown.response.content
            text = " ".join(str(n) for n in cards)
            return self.note(member, await actor.submit_modal(shown, {"cards": text}))
        answers: dict[str, Answer] = {"card": str(cards[0])}
        place = next(a for a in await legal(self, member) if a.key == "place")
        assert place.pick is not None
        chosen = place.pick.choice(str(cards[0]))
        assert chosen is not None, f"card {cards[0]} takes no marker"
        if chosen.then:
            answers["second"] = str(cards[1]) if len(cards) == 2 else NO_SECOND
        else:
            assert len(cards) == 1, "no second marker asked for: one marker is all there is room"
        return (await self.act(member, where, "place", answers))[-1]

    async def pass_(self, member: Any, *, in_one_on_one: bool) -> Any:
        """Pass: the board's button (a limited pass asks to confirm first)."""
        where = await self.one_on_one(member) if in_one_on_one else self.board()

        async def final(asked: Any) -> None:
            assert "final" in asked.response.content, asked.response.content

        return (await self.act(member, where, "pass", {}, between=final))[-1]

    async def raise_(self, member: Any, amount: int, *, in_one_on_one: bool) -> Any:
        where = await self.one_on_one(member) if in_one_on_one else self.board()
        return (await self.act(member, where, "raise", {"amount": amount}))[-1]

    async def budget(self, member: Any, amount: int, *, how: str) -> Any:
        """A research budget: the 1-on-1's form (`form`), `/mars budget` (`command`), or set
        by the host (`host`)."""
        m = self.match_id
        if how == "command":
            return await member.slash(self.channel, "mars budget", amount=amount)
        if how == "host":
            return await self.host.slash(self.channel, "mars budget", amount=amount, member=member)
        dm = self.dm_with(member, f"dealer:act:{m}:budget")
        return (await self.act(member, dm, "budget", {"amount": amount}, dm=True))[-1]

    async def choose(self, member: Any, step: str, names: list[str]) -> Any:
        """Keep or buy, in the 1-on-1: the menu, or Buy none."""
        m = self.match_id
        if step == "buy" and not names:
            dm = self.dm_with(member, f"dealer:act:{m}:buy_none")
            return (await self.act(member, dm, "buy_none", {}, dm=True))[-1]
        dm = self.dm_with(member, f"dealer:actpick:{m}:{step}")
        return (await self.act(member, dm, step, {"cards": names}, dm=True))[-1]

    async def host_says(self, command: str, **options: Any) -> Any:
        return await self.host.slash(self.channel, command, **options)

    async def end(self) -> None:
        asked = await self.host_says("mars end")
        assert asked.ephemeral, asked.response.content
        done = await self.host.click(asked.response, custom_id=f"dealer:ma:end:{self.match_id}")
        assert done.response.content == ("You ended the Mars Auction. The match is over."), (
            done.response.content
        )

    # -- playing at random, as players do -----------------------------------------------

    async def turn(self, rnd: random.Random, *, pass_rate: float) -> None:
        """The player to move makes a legal move through Discord."""
        state = await self.state()
        pid = state.to_act
        assert pid is not None
        member = self.member(pid)
        legal = {a.key: a for a in ENGINE.legal_actions(state, pid)}
        in_one_on_one = rnd.random() < 0.3
        if state.options.variant == "unlimited":
            bid = legal.get("raise")
            if bid is None or ("pass" in legal and rnd.random() < pass_rate):
                r = await self.pass_(member, in_one_on_one=in_one_on_one)
            else:
                assert bid.amount is not None
                low, high = bid.amount.min, bid.amount.max
                r = await self.raise_(
                    member, rnd.randint(low, min(high, low + 2)), in_one_on_one=in_one_on_one
                )
        elif "place" not in legal or rnd.random() < pass_rate:
            r = await self.pass_(member, in_one_on_one=in_one_on_one)
        else:
            place = legal["place"]
            assert place.pick is not None
            ones = [int(c.value) for c in place.pick.choices]
            twos = [
                int(c.value)
                for c in place.pick.choices
                if c.then and isinstance(c.then[0], Pick) and c.then[0].choice(c.value)
            ]
            ways: list[tuple[str, list[int]]] = [("menu", [rnd.choice(ones)])]
            if any(c.then for c in place.pick.choices) and len(ones) >= 2:
                ways.append(("menu", rnd.sample(ones, 2)))
                ways.append(("numbers", rnd.sample(ones, 2)))
            if twos:
                card = rnd.choice(twos)
                ways.append((rnd.choice(["menu", "numbers"]), [card, card]))
            how, cards = rnd.choice(ways)
            r = await self.place(member, cards, how=how, in_one_on_one=in_one_on_one)
        assert in_one_on_one or private(r), r.response.content
        assert r.response.content.startswith(("✅", "You put", "You bid", "You pass on")), (
            r.response.content
        )

    async def settle_step(self, rnd: random.Random) -> None:
        """Everyone a budget, keep or buy step waits for answers, in their 1-on-1."""
        state = await self.state()
        turn = ENGINE.turn(state)
        for pid in turn.must:
            member = self.member(pid)
            if state.step == "budget":
                amount = rnd.randint(8, 40)
                how = rnd.choice(["form", "command", "host"])
                r = await self.budget(member, amount, how=how)
                answer = "You set" if how == "host" else "Your budget"
                assert r.response.content.startswith(answer), r.response.content
                continue
            step = state.step
            actions = {a.key: a for a in ENGINE.legal_actions(state, pid)}
            names: list[str] = []
            action = actions.get(step)
            if action is not None and (step == "keep" or rnd.random() < 0.8):
                assert action.pick is not None
                count = rnd.randint(action.pick.min, action.pick.max)
                names = [c.value for c in rnd.sample(action.pick.choices, count)]
            r = await self.choose(member, step, names)
            assert r.response.content.startswith(f"You {step}"), r.response.content

    async def play_auction(self, rnd: random.Random, *, pass_rate: float, moves: int) -> None:
        """Everyone plays until the auction is settled (the match waits for the host)."""
        for _ in range(moves):
            state = await self.state()
            if state.step == "waiting":
                return
            if state.step == "bidding":
                await self.turn(rnd, pass_rate=pass_rate)
            else:
                await self.settle_step(rnd)
        raise AssertionError("the auction was not settled")

    async def record(self) -> dict[str, Any]:
        """`/match log`'s record, as the host downloads it."""
        r = await self.host_says("match log")
        assert r.ephemeral, r.response.content
        files = {a.filename: a for a in r.response.attachments}
        record: dict[str, Any] = json.loads(await files[f"match-{self.match_id}.json"].read())
        return record

    def seen_by(self, member: Any) -> str:
        """What `member` can read: the channel (their own private replies among it), their
        DMs and the private answers they were given."""
        messages = [
            *self.channel.history(viewer=member),
            *member.user.dm_channel.history(),
            *self.replies.get(member.id, []),
        ]
        return "\n".join(readable(messages))


async def play_to_the_end(
    table: Auction, rnd: random.Random, *, research: list[list[str] | None], pass_rate: float
) -> dict[str, Any]:
    """The auction the match starts with, then a research auction per entry (dealt when
    None, else by name), then the end; returns the record's replay after checking it gives
    the allocation the bot reached."""
    await table.play_auction(rnd, pass_rate=pass_rate, moves=600)
    for cards in research:
        options = {"cards": "; ".join(cards)} if cards else {}
        r = await table.host_says("mars research", **options)
        assert r.response.content.startswith("You opened a research auction. Now: **Budgets"), (
            r.response.content
        )
        await table.play_auction(rnd, pass_rate=pass_rate, moves=600)
    await table.end()
    state = await table.state()
    assert state.step == "ended" and state.result is not None
    report = replay(await table.record())
    assert report["rejected"] == [] and report["finished"]
    names = table.names
    mine = {names[p]: entry.model_dump() for p, entry in state.result.players.items()}
    assert report["result"]["players"] == mine
    assert report["result"]["generations"] == state.result.generations == len(research)
    return report


SETUP = [
    "CrediCor", "Teractor", "PhoboLog", "Helion",
    *[c.name for c in builtin().select(types=["prelude"])][:8],
    *[c.name for c in builtin().select(types=PROJECT_TYPES)][:20],
]  # fmt: skip


async def to_the_purchases(table: Auction) -> State:
    """A setup of `SETUP` from its kept companies to its purchases: the preludes' round goes
    to nobody (both pass), then in the projects' round ann marks 13 and 14, bob 15."""
    ann, bob = table.players
    await table.pass_(bob, in_one_on_one=False)
    await table.pass_(ann, in_one_on_one=False)
    await table.place(ann, [13, 14], how="menu", in_one_on_one=True)
    await table.place(bob, [15], how="menu", in_one_on_one=False)
    await table.pass_(ann, in_one_on_one=False)
    await table.pass_(bob, in_one_on_one=False)
    state = await table.state()
    assert state.step == "buy"
    return state


async def legal(table: Auction, member: Any) -> list[Any]:
    return ENGINE.legal_actions(await table.state(), table.pid(member))
