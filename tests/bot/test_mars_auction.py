"""The Mars Auction through Discord (SimCord): both variants played to the end with 2 and 5
players through the board's menus and forms, the 1-on-1s and the host's commands, the final
allocation equal to the replay of the exported record; refusals; and what each person reads."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.flows import lobby
from bot.players import player_id
from games.mars_auction import ENGINE
from games.mars_auction.model import State
from tests.bot.conftest import readable, replay
from tests.bot.test_project_mars import components_of, custom_ids

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


def menu_with(message: Any, value: str, prefix: str) -> str:
    """The custom id of the menu of `message` (custom id starting with `prefix`) offering
    `value`."""
    for component in components_of(message):
        if component.get("custom_id", "").startswith(prefix) and any(
            o["value"] == value for o in component.get("options", [])
        ):
            return str(component["custom_id"])
    raise AssertionError(f"no {prefix} menu offers {value}")


class Auction:
    """A server with a channel, a host, players and an onlooker, who run a Mars Auction
    through Discord."""

    def __init__(self, env: Any, players: int) -> None:
        self.env = env
        self.guild = env.create_guild()
        self.channel = self.guild.create_text_channel("mars")
        self.host = self.guild.add_member(env.create_user("hostess"))
        names = ["ann", "bob", "cleo", "dev", "eve"][:players]
        self.players = [self.guild.add_member(env.create_user(name)) for name in names]
        self.onlooker = self.guild.add_member(env.create_user("onlooker"))
        self.match_id = 0
        #: Each member's private replies (the composer of markers, confirmations).
        self.replies: dict[int, list[Any]] = {}

    @property
    def bot(self) -> Any:
        return self.env.bot

    def member(self, pid: str) -> Any:
        return next(m for m in self.players if player_id(m.id) == pid)

    def pid(self, member: Any) -> str:
        return player_id(member.id)

    @property
    def names(self) -> dict[str, str]:
        return {player_id(m.id): m.name for m in self.players}

    async def start(self, **options: Any) -> Any:
        created = await self.host.slash(self.channel, f"match create {GAME}", **options)
        assert not created.ephemeral, created.response.content
        for member in self.players:
            await member.click(created.response, label="Join")
        started = await self.host.click(created.response, label="Start")
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

    async def view(self, pid: str | None) -> dict[str, Any]:
        return ENGINE.view(await self.state(), pid)

    async def dump(self) -> str:
        return ENGINE.dump_state_json(await self.state())

    # -- where the controls are ----------------------------------------------------------

    def board(self) -> Any:
        """The channel's latest board message with controls."""
        found = [
            m
            for m in self.channel.history()
            if any(
                c.startswith((f"dealer:ma:cards:{self.match_id}:", f"dealer:act:{self.match_id}:"))
                for c in custom_ids(m)
            )
        ]
        assert found, "no board message with controls"
        return found[-1]

    def dm_with(self, member: Any, prefix: str) -> Any:
        found = [
            m
            for m in member.user.dm_channel.history()
            if any(c.startswith(prefix) for c in custom_ids(m))
        ]
        assert found, f"no DM of {member.name} has a {prefix} control"
        return found[-1]

    def note(self, member: Any, result: Any) -> Any:
        if result.response is not None:
            self.replies.setdefault(member.id, []).append(result.response)
        return result

    # -- moves through Discord -----------------------------------------------------------

    async def place(self, member: Any, cards: list[int], *, how: str, in_dm: bool) -> Any:
        """Markers the ways a player puts them: `menu` (two cards picked in one menu, or the
        first then the second), `put` (one card, then One marker or Two markers), `numbers`
        (the Card numbers form); from the channel's board or the 1-on-1 in the DMs."""
        m = self.match_id
        actor = member.user if in_dm else member
        where = self.dm_with(member, f"dealer:ma:cards:{m}:") if in_dm else self.board()
        if how == "numbers":
            shown = await actor.click(where, custom_id=f"dealer:ma:numbers:{m}")
            assert shown.modal is not None, shown.response.content
            text = " ".join(str(n) for n in cards)
            return self.note(member, await actor.submit_modal(shown, {"cards": text}))
        first = menu_with(where, str(cards[0]), f"dealer:ma:cards:{m}:")
        if how == "menu" and len(cards) == 2 and cards[0] != cards[1]:
            try:
                together = menu_with(where, str(cards[1]), first)
            except AssertionError:
                together = None
            if together is not None:
                values = [str(n) for n in cards]
                return self.note(member, await actor.select(where, values, custom_id=first))
        asked = self.note(member, await actor.select(where, [str(cards[0])], custom_id=first))
        assert asked.ephemeral, asked.response.content
        composer = asked.response
        if len(cards) == 1:
            put = f"dealer:ma:put:{m}:{cards[0]}"
            return self.note(member, await actor.click(composer, custom_id=put))
        if cards[0] == cards[1]:
            put = f"dealer:ma:put:{m}:{cards[0]}-2"
            return self.note(member, await actor.click(composer, custom_id=put))
        second = menu_with(composer, str(cards[1]), f"dealer:ma:second:{m}:{cards[0]}:")
        return self.note(member, await actor.select(composer, [str(cards[1])], custom_id=second))

    async def pass_(self, member: Any, *, in_dm: bool) -> Any:
        """Pass: the board's button (a limited pass asks to confirm first)."""
        m = self.match_id
        actor = member.user if in_dm else member
        where = self.dm_with(member, f"dealer:act:{m}:pass") if in_dm else self.board()
        asked = self.note(member, await actor.click(where, custom_id=f"dealer:act:{m}:pass"))
        if f"dealer:actok:{m}:pass" not in custom_ids(asked.response):
            return asked
        assert "final" in asked.response.content, asked.response.content
        return self.note(
            member, await actor.click(asked.response, custom_id=f"dealer:actok:{m}:pass")
        )

    async def raise_(self, member: Any, amount: int, *, in_dm: bool) -> Any:
        m = self.match_id
        actor = member.user if in_dm else member
        where = self.dm_with(member, f"dealer:act:{m}:raise") if in_dm else self.board()
        shown = await actor.click(where, custom_id=f"dealer:act:{m}:raise")
        assert shown.modal is not None, shown.response.content
        return self.note(member, await actor.submit_modal(shown, {"amount": str(amount)}))

    async def budget(self, member: Any, amount: int, *, how: str) -> Any:
        """A research budget: the 1-on-1's form (`form`), `/mars budget` (`command`), or set
        by the host (`host`)."""
        m = self.match_id
        if how == "command":
            return await member.slash(self.channel, "mars budget", amount=amount)
        if how == "host":
            return await self.host.slash(self.channel, "mars budget", amount=amount, member=member)
        dm = self.dm_with(member, f"dealer:act:{m}:budget")
        shown = await member.user.click(dm, custom_id=f"dealer:act:{m}:budget")
        assert shown.modal is not None, shown.response.content
        return await member.user.submit_modal(shown, {"amount": str(amount)})

    async def choose(self, member: Any, step: str, names: list[str]) -> Any:
        """Keep or buy, in the 1-on-1: the menu, or Buy none."""
        m = self.match_id
        if step == "buy" and not names:
            dm = self.dm_with(member, f"dealer:ma:buynone:{m}")
            return await member.user.click(dm, custom_id=f"dealer:ma:buynone:{m}")
        dm = self.dm_with(member, f"dealer:actpick:{m}:{step}")
        return await member.user.select(dm, names, custom_id=f"dealer:actpick:{m}:{step}")

    async def host_says(self, command: str, **options: Any) -> Any:
        return await self.host.slash(self.channel, command, **options)

    async def end(self) -> None:
        asked = await self.host_says("mars end")
        assert asked.ephemeral, asked.response.content
        done = await self.host.click(asked.response, custom_id=f"dealer:ma:end:{self.match_id}")
        assert done.response.content == "Done.", done.response.content

    # -- playing at random, as players do -----------------------------------------------

    async def turn(self, rnd: random.Random, *, pass_rate: float) -> None:
        """The player to move makes a legal move through Discord."""
        state = await self.state()
        pid = state.to_act
        assert pid is not None
        member = self.member(pid)
        legal = {a.key: a for a in ENGINE.legal_actions(state, pid)}
        in_dm = rnd.random() < 0.3
        if state.options.variant == "unlimited":
            bid = legal.get("raise")
            if bid is None or ("pass" in legal and rnd.random() < pass_rate):
                r = await self.pass_(member, in_dm=in_dm)
            else:
                assert bid.amount is not None
                low, high = bid.amount.min, bid.amount.max
                r = await self.raise_(member, rnd.randint(low, min(high, low + 2)), in_dm=in_dm)
        elif "place" not in legal or rnd.random() < pass_rate:
            r = await self.pass_(member, in_dm=in_dm)
        else:
            place = legal["place"]
            assert place.pick is not None
            ones = [int(c.value) for c in place.pick.choices]
            twos = (
                [int(c.value) for c in legal["place_twice"].pick.choices]
                if ("place_twice" in legal and legal["place_twice"].pick is not None)
                else []
            )
            ways: list[tuple[str, list[int]]] = [("put", [rnd.choice(ones)])]
            if place.pick.max >= 2 and len(ones) >= 2:
                ways.append(("menu", rnd.sample(ones, 2)))
                ways.append(("numbers", rnd.sample(ones, 2)))
            if twos:
                ways.append(("put", [rnd.choice(twos)] * 2))
            how, cards = rnd.choice(ways)
            r = await self.place(member, cards, how=how, in_dm=in_dm)
        assert in_dm or private(r), r.response.content
        assert r.response.content.startswith(("✅", "You put")), r.response.content

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
                answer = "Done." if how == "host" else "✅" if how == "form" else "Your budget"
                assert r.response.content.startswith(answer), r.response.content
                continue
            [action] = ENGINE.legal_actions(state, pid)
            assert action.pick is not None
            count = rnd.randint(action.pick.min, action.pick.max)
            names = [c.value for c in rnd.sample(action.pick.choices, count)]
            r = await self.choose(member, state.step, names)
            assert r.response.content.startswith("✅"), r.response.content

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
        assert r.response.content == "Done.", r.response.content
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


# -- whole matches ---------------------------------------------------------------------------


async def test_limited_two_players_setup_and_research_equal_the_replay(simcord_env: Any) -> None:
    table = Auction(simcord_env, 2)
    bob = table.players[1]
    await table.start(first_player=bob)
    assert (await table.state()).players[(await table.state()).starter] == table.pid(bob)
    board = table.board()
    assert board.attachments and board.attachments[0].filename == "setup-display.png"
    assert "bob's turn" in board.attachments[0].description
    report = await play_to_the_end(table, random.Random(3), research=[None], pass_rate=0.2)
    channel = "\n".join(m.content for m in table.channel.history())
    assert "**The setup auction is settled.**" in channel
    assert "Generation 1's research auction is settled." in channel
    assert "🏁 **The Mars Auction is over**" in channel
    record = await table.record()
    assert record["options"]["first_player"] == "bob", "the record names the first player"
    assert any(e["type"] == "card_awarded" for e in report["events"])
