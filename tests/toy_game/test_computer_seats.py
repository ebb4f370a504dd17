"""Computer seats through Discord, in High Bid (2-6 players, simultaneous sealed bids): a
host fills a lobby with `/match add-bot`, each seat bids from its own view after its pause,
the match plays to its end and its record replays; a restart resumes the seats that owe a
move, a practice seat stored before there could be several among them; refusals are private
and change nothing."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.app import DealerBot
from bot.games.registry import PLUGINS
from bot.players import COMPUTER, COMPUTER_NAME, COMPUTER_USER, name_table, renamed
from games.core.contract import Action
from games.core.match import MatchRecord, replay
from games.core.seats import Seat
from tests.bot.conftest import make_bot
from tests.toy_game.engine import ENGINE
from tests.toy_game.plugin import PLUGIN, computer_bid

COMPUTERS = [f"Dealer bot {n}" for n in range(1, 6)]


class Table:
    """A server with a channel, a host and two members (ann plays, bob does not)."""

    def __init__(self, env: Any) -> None:
        self.env = env
        guild = env.create_guild()
        self.channel = guild.create_text_channel("games")
        self.host, self.ann, self.bob = (
            guild.add_member(env.create_user(n)) for n in ("hostess", "ann", "bob")
        )

    @property
    def bot(self) -> DealerBot:
        return self.env.bot  # type: ignore[no-any-return]

    async def lobby(self) -> Any:
        """A High Bid lobby of 20 coins that ann has joined: its message."""
        lobby = (await self.host.slash(self.channel, "match create high-bid", coins=20)).response
        await self.ann.click(lobby, label="Join")
        return lobby

    async def seated(self) -> list[str]:
        return [p.name for p in await self.bot.storage.players(await row_of(self))]

    async def state(self) -> Any:
        """The state of the channel's match, running or over."""
        row = await self.bot.storage.match(await row_of(self))
        assert row is not None
        return await self.bot.service.state(row)

    async def say(self, member: Any, command: str, **options: Any) -> str:
        """A command's private reply."""
        r = await member.slash(self.channel, command, **options)
        assert r.ephemeral, r.response.content
        return str(r.response.content)

    def readable(self) -> str:
        """Everything ann can read: the channel and her DMs."""
        shown = [*self.channel.history(viewer=self.ann), *self.ann.user.dm_channel.history()]
        return "\n".join(m.content for m in shown)


async def test_computer_seats_fill_a_lobby_and_play_a_match_to_its_end(simcord_env: Any) -> None:
    t = Table(simcord_env)
    lobby = await t.lobby()

    said = await t.say(t.bob, "match add-bot")
    assert said.startswith("Only a host can do that")
    said = await t.say(t.host, "match add-bot")
    assert said == (
        "Dealer bot 1 takes a seat: Dealer plays it at level normal. Press **Start** when the "
        "lobby is ready."
    )
    said = await t.say(t.host, "match add-bot", count=3)
    assert said.startswith("Dealer bot 2, Dealer bot 3, Dealer bot 4 take ")
    said = await t.say(t.host, "match add-bot", count=2)
    assert said == "The match has room for 1 more player only (6 at most): add at most 1."
    assert await t.seated() == ["ann", *COMPUTERS[:4]], "a refusal seats nobody"
    await t.say(t.host, "match add-bot")
    said = await t.say(t.host, "match add-bot")
    assert said == "The match is full (6 players)."
    said = await t.say(t.bob, "match remove-bot")
    assert said.startswith("Only a host can do that")
    assert await t.seated() == ["ann", *COMPUTERS]
    said = await t.say(t.host, "match remove-bot")
    assert said == "Dealer bot 5 leaves the lobby.", "the seat taken last"
    lobby = next(m for m in t.channel.history() if m.id == lobby.id)
    assert f"Players (5/6, at least 2): ann, {', '.join(COMPUTERS[:4])}" in lobby.content

    await t.host.click(lobby, label="Start")
    state = await t.state()
    computers = [f"computer-{n}" for n in range(1, 5)]
    assert state.players[1:] == computers
    assert sorted(state.bids) == computers, "every computer seat bid, and once"
    assert all(0 <= amount <= 20 for amount in state.bids.values())
    await t.say(t.ann, "bid", target="bid", amount=13)
    status = await t.say(t.host, "match status")
    assert f"Bids from: ann, {', '.join(COMPUTERS[:4])}." in status
    match_id = await row_of(t)
    names = name_table(await t.bot.storage.players(match_id))
    sealed = [f"{names[p]} {n}" for p, n in state.bids.items()]
    seen = t.readable()
    assert "Dealer bot 1 has sent a bid." in seen
    assert not [bid for bid in sealed if bid in seen], "sealed until the reveal"

    await t.host.slash(t.channel, "match close-phase")
    state = await t.state()
    bids = ", ".join(f"{names[p]} {n}" for p, n in state.bids.items())
    assert f"The bids: {bids}." in t.readable()
    seen = t.readable()
    assert "<@-" not in seen and "computer-" not in seen, "seats are named, never by their ids"
    assert len(list(t.ann.user.dm_channel.history())) >= 2, "ann was written to; no seat was"

    log = await t.host.slash(t.channel, "match log")
    record = json.loads(await log.response.attachments[0].read())
    assert record["players"] == ["ann", *COMPUTERS[:4]]
    replayed = replay(ENGINE, MatchRecord.model_validate(record))
    assert replayed.rejected == [] and replayed.match.finished
    assert ENGINE.result(replayed.match.state) == renamed(ENGINE.result(state), names)

    row = await t.bot.storage.match(match_id)
    assert row is not None
    mine = await t.bot.storage.past_matches(row.guild_id, t.ann.id, None, [t.channel.id], 5)
    assert [(m.match_id, m.practice) for m in mine] == [(match_id, True)], "practice for ann"
    theirs = await t.bot.storage.past_matches(row.guild_id, -1, None, [t.channel.id], 5)
    assert theirs == [], "a computer seat counts for nothing"


async def row_of(t: Table) -> int:
    """The channel's match: open, or else the last that ended."""
    row = await t.bot.storage.open_match_in(t.channel.id)
    row = row or await t.bot.storage.last_match_in(t.channel.id)
    assert row is not None
    return row.id


async def test_computer_seats_take_their_pause_then_all_bid(
    simcord_env: Any, db_path: Path
) -> None:
    """With a pause of 20 seconds (SimCord's clock, not the machine's), the seats have not
    moved before it ends and have all moved after it."""
    await simcord_env.restart_bot(make_bot(db_path, computer_pause=20))
    t = Table(simcord_env)
    await t.lobby()
    await t.say(t.host, "match add-bot", count=3)
    await t.host.click(await latest_lobby(t), label="Start")
    await simcord_env.advance_time(19)
    assert (await t.state()).bids == {}
    await simcord_env.advance_time(2)
    assert sorted((await t.state()).bids) == ["computer-1", "computer-2", "computer-3"]


async def test_a_strong_seat_thinks_within_its_pause(
    simcord_env: Any, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 45: a strong seat's thinking is part of its pause, not added to it. With a pause
    of 20 seconds (SimCord's clock), the seat is asked for its move as the pause begins, its
    search may go on for 2 seconds (`STRONG_BUDGET`) and no longer, and its bid is made when
    the pause ends: not before, not 20 seconds later."""
    asked: list[tuple[float, Seat]] = []

    def thinking(view: dict[str, Any], actions: list[Action], seat: Seat) -> dict[str, Any]:
        asked.append((simcord_env.now().timestamp(), seat))
        return computer_bid(view, actions, seat)

    assert PLUGIN.computer is not None
    monkeypatch.setitem(PLUGIN.computer.levels, "strong", thinking)
    await simcord_env.restart_bot(make_bot(db_path, computer_pause=20))
    t = Table(simcord_env)
    t.bot.computer.clock = lambda: simcord_env.now().timestamp()
    await t.lobby()
    await t.say(t.host, "match add-bot", level="strong")
    began = simcord_env.now().timestamp()
    await t.host.click(await latest_lobby(t), label="Start")
    [(when, seat)] = asked
    assert when == began, "asked as the pause begins"
    await simcord_env.advance_time(1.9)
    assert not seat.stop(1)
    await simcord_env.advance_time(0.2)
    assert seat.stop(1), "its search stops after 2 seconds"
    await simcord_env.advance_time(16.8)
    assert (await t.state()).bids == {}
    await simcord_env.advance_time(2)
    assert sorted((await t.state()).bids) == ["computer-1"], "it bids when the pause ends"
    assert len(asked) == 1


async def latest_lobby(t: Table) -> Any:
    return next(m for m in t.channel.history() if "**High Bid**" in m.content)


async def test_a_restart_resumes_the_computer_seats_a_stored_practice_seat_among_them(
    simcord_env: Any, db_path: Path
) -> None:
    """A lobby whose practice seat was stored as before there could be several (user 0,
    "practice"), beside two seats of `/match add-bot`: the bot stops while they pause before
    bidding; once started again, each bids once, and the match goes on to its end."""
    await simcord_env.restart_bot(make_bot(db_path, computer_pause=60))
    t = Table(simcord_env)
    await t.lobby()
    await t.bot.storage.add_player(await row_of(t), COMPUTER_USER, COMPUTER_NAME)
    await t.say(t.host, "match add-bot", count=2)
    assert await t.seated() == ["ann", COMPUTER_NAME, *COMPUTERS[:2]]
    await t.host.click(await latest_lobby(t), label="Start")
    assert (await t.state()).bids == {}, "they are pausing"

    await simcord_env.restart_bot(make_bot(db_path))

    state = await t.state()
    assert sorted(state.bids) == sorted([COMPUTER, "computer-1", "computer-2"])
    moves = await t.bot.storage.moves(await row_of(t))
    assert sorted(actor for _, actor, _ in moves) == sorted(state.bids), "each bid once"
    await t.say(t.ann, "bid", target="bid", amount=20)
    await t.host.slash(t.channel, "match close-phase")
    assert "The bids: " in t.readable() and f"{COMPUTER_NAME} " in t.readable()


async def test_a_game_without_a_computer_player_seats_none(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every multiplayer game of the registry has a computer player (issue 45): High Bid
    without its own stands for a game that has none."""
    monkeypatch.setitem(PLUGINS, PLUGIN.game, replace(PLUGIN, computer=None))
    t = Table(simcord_env)
    await t.lobby()
    said = await t.say(t.host, "match add-bot")
    assert said == "High Bid has no computer player, so Dealer cannot take a seat."
    assert await t.seated() == ["ann"], "no computer seat was added"
