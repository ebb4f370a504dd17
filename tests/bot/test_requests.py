"""No needless request to Discord nor read of the database per interaction (issue 25, item
13): a lobby is not fetched back after it is posted, a join reads the seats once it has
taken one, a phase's announcement takes its deadline from the row the service remembers, a
move that leaves the timers as they were does not wake the dispatcher, and each bot's
`/match create` subcommands are copies of ones made once. Each test also checks that the
members see what they saw before."""

from __future__ import annotations

import dataclasses
import random
import re
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.games.auction_auction.plugin import PLUGIN as AUCTION_AUCTION
from bot.players import player_id
from games.auction_auction.views import StandingAccessBid
from games.registry import engine_for
from tests.bot.conftest import Table, make_bot
from tests.drivers.common import commands_written
from tests.drivers.marsbot_draft import ROUND_1, Draft
from tests.drivers.project_mars import Mars

ORIGINAL = "/messages/@original"


def counted(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> list[tuple[Any, ...]]:
    """Every call of `owner.name` (a coroutine method), kept with its arguments."""
    calls: list[tuple[Any, ...]] = []
    method: Callable[..., Awaitable[Any]] = getattr(owner, name)

    async def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return await method(*args, **kwargs)

    monkeypatch.setattr(owner, name, counting)
    return calls


def fetched_back(env: Any) -> list[str]:
    """The bot's requests for an interaction's answer it made itself."""
    return [r.path for r in env.http_requests if r.method == "GET" and r.path.endswith(ORIGINAL)]


async def test_a_lobby_and_a_challenge_are_posted_once_and_not_fetched_back(
    simcord_env: Any, db_path: Path
) -> None:
    t = Table(simcord_env, 2)
    r = await t.host.slash(t.channel, "match create auction-auction")
    lobby = r.response
    row = await t.bot.storage.open_match_in(t.channel.id)
    assert row is not None and row.lobby_message_id == lobby.id, "the id the answer named"
    assert fetched_back(simcord_env) == []
    # Joined by command, the lobby message is found by the id kept and shows the seat.
    r = await t.players[0].slash(t.channel, "match join")
    assert r.ephemeral and "1 of 12 seats are taken" in r.response.content, r.response.content
    shown = next(m for m in t.channel.history() if m.id == lobby.id)
    assert "Players (1/12, at least 4): player0" in shown.content, shown.content

    mars = Mars(simcord_env)
    challenge = await mars.challenge()
    row = await mars.bot.storage.open_match_in(mars.channel.id)
    assert row is not None and row.lobby_message_id == challenge.id
    await mars.start(challenge)
    assert fetched_back(simcord_env) == []

    # A bot started afresh has `/match create` subcommands of its own, which work alike.
    await simcord_env.restart_bot(make_bot(db_path))
    again = Table(simcord_env, 1)
    r = await again.host.slash(again.channel, "match create auction-auction")
    row = await again.bot.storage.open_match_in(again.channel.id)
    assert row is not None and row.lobby_message_id == r.response.id
    assert fetched_back(simcord_env) == []


async def test_a_join_reads_the_seats_once_it_has_taken_one(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = Table(simcord_env, 4)
    r = await t.host.slash(t.channel, "match create auction-auction")
    lobby = r.response
    await t.players[0].click(lobby, label="Join")
    reads = counted(monkeypatch, t.bot.storage, "players")
    r = await t.players[1].click(lobby, label="Join")
    assert len(reads) == 2, "whether the match is full, then the seats after the join"
    shown = next(m for m in t.channel.history() if m.id == lobby.id)
    assert "Players (2/12, at least 4): player0, player1" in shown.content, shown.content


async def test_a_phase_announcement_reads_the_row_at_most_once_for_its_deadline(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    for member in t.players:
        await member.slash(t.channel, "bid", target="genre-shop", amount=5)
    reads = counted(monkeypatch, t.bot.storage, "match")
    await t.close_phase()
    # The close's move changed the row (its deadline). On one process's database the service
    # remembers it as the commit left it: no read, the answer's clock included (issue 43). On
    # a shared one it is read again once, by the first to ask for it, and kept after.
    shared = t.bot.storage.shared
    assert [args[-1] for args in reads] == ([t.match_id] if shared else [])
    monkeypatch.undo()
    row = await t.bot.storage.match(t.match_id)
    assert row is not None and row.deadline is not None
    announced = [m.content for m in t.channel.history() if "Auction phase." in m.content]
    assert len(announced) == 1, announced
    assert f"Closes <t:{int(row.deadline)}:R>." in announced[0], announced[0]


async def test_a_move_that_leaves_the_timers_alone_does_not_wake_the_dispatcher(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A draft's steps run on no clock unless the host sets one: each step opens a new wait
    # and the match never has a timer, so the dispatcher sleeps through the whole draft.
    t = Draft(simcord_env)
    looks = counted(monkeypatch, t.bot.storage, "next_timer")
    await t.ann.slash(t.channel, "marsbot start", corporation="celestic", own_first=True)
    await t.opened()
    before = len(looks)
    await t.ann.slash(t.channel, "marsbot take", card="birds")
    r = await t.ann.slash(t.channel, "marsbot pick", cards=ROUND_1)
    assert r.ephemeral and r.response.content.startswith("✅ Accepted."), r.response.content
    assert await t.moves() >= 2
    assert len(looks) == before, "no timer came or went: the dispatcher was not woken"

    # A phase on a clock still wakes it: the next deadline is the new phase's.
    table = Table(simcord_env, 4)
    await table.start(phase_minutes=60)
    looked = len(looks)
    await table.close_phase()
    assert len(looks) > looked
    row = await table.bot.storage.match(table.match_id)
    timer = await table.bot.storage.next_timer()
    assert row is not None and timer is not None and timer.match_id == table.match_id
    assert timer.due <= (row.deadline or 0)


def test_each_bot_gets_its_own_copy_of_a_create_command_made_once() -> None:
    made: list[int] = []

    def create() -> Any:
        made.append(1)
        return AUCTION_AUCTION.create()

    plugin = dataclasses.replace(AUCTION_AUCTION, create=create)
    first, second = plugin.create_command(), plugin.create_command()
    assert made == [1], "the command is made once"
    assert first is not second, "a command belongs to one command tree: one each"
    assert first.name == second.name == "auction-auction"
    assert [p.name for p in first.parameters] == [p.name for p in second.parameters]
    assert re.fullmatch(r"Open an Auction Auction lobby.*", first.description)


async def test_a_move_without_computer_seats_asks_the_engine_nothing_for_them(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = Mars(simcord_env)
    await t.start()
    asked: list[str] = []
    turn = t.bot.service.turn

    async def asking(row: Any) -> Any:
        asked.append(sys._getframe(1).f_code.co_filename)
        return await turn(row)

    monkeypatch.setattr(t.bot.service, "turn", asking)
    made = len(await t.bot.storage.moves(t.match_id))
    view = await t.view(None)
    await t.act(view["to_act"][0], random.Random(1))
    assert len(await t.bot.storage.moves(t.match_id)) > made
    assert asked, "the reply and the status still ask who must act"
    # The computer, woken after the move with no seat to play in this match, asks nothing.
    assert not [f for f in asked if f.endswith("bot/computer.py")]


async def test_a_bid_asks_the_engine_once_per_position_for_what_a_player_may_do(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The button, the form, the move's check of what was shown, the reply, the 1-on-1 and
    the live status each want the player's legal actions and the turn: worked out once for
    each position of the match (`MatchService._worked`), not again by each of them."""
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    engine = engine_for("auction-auction")
    asked: list[tuple[str, str | None]] = []
    legal_actions, turn = engine.legal_actions, engine.turn

    def counted_actions(state: Any, player: str) -> Any:
        asked.append((engine.dump_state_json(state), player))
        return legal_actions(state, player)

    def counted_turn(state: Any) -> Any:
        asked.append((engine.dump_state_json(state), None))
        return turn(state)

    monkeypatch.setattr(engine, "legal_actions", counted_actions)
    monkeypatch.setattr(engine, "turn", counted_turn)
    bidder = t.players[0]
    r = await t.bid_by_button(bidder, "genre-shop", 5)
    assert r.ephemeral and "$5" in r.response.content, r.response.content
    r = await bidder.slash(t.channel, "bid", target="genre-shop", amount=6)
    assert r.ephemeral and "$6" in r.response.content, r.response.content
    monkeypatch.undo()
    me = player_id(bidder.id)
    mine = [state for state, player in asked if player == me]
    assert mine, "the bids were checked against the player's legal actions"
    assert len(mine) == len(set(mine)), "once per position"
    turns = [state for state, player in asked if player is None]
    assert len(turns) >= 2, "the turn after each move"
    assert len(turns) == len(set(turns)), "once per position"
    view = await t.view(bidder)
    assert view.me.access_bid == StandingAccessBid(house="genre-shop", amount=6), view.me


async def test_moves_in_a_match_without_computer_seats_start_no_computer_task(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The computer is woken after every move; in a match where no move can ever be owed
    (no computer seat, a game that forces none) it finds that out once, and later moves start
    no task to find nothing."""
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    runs = counted(monkeypatch, t.bot.computer, "_run")
    for amount, member in enumerate(t.players, start=3):
        r = await member.slash(t.channel, "bid", target="genre-shop", amount=amount)
        assert r.ephemeral and f"${amount}" in r.response.content, r.response.content
    await t.close_phase()
    assert runs == [], "the start's look settled it"
    view = await t.view(t.players[0])
    assert view.phase == "auction", view.phase

    # A match with a computer seat is still played by it, after every move.
    mars = Mars(simcord_env)
    await mars.practice()
    assert (mars.match_id,) in runs


@pytest.mark.first_start
async def test_the_commands_are_sent_to_discord_only_when_they_changed(
    simcord_env: Any, db_path: Path
) -> None:
    app = simcord_env.bot.application_id
    everywhere = f"/applications/{app}/commands"
    assert commands_written(simcord_env) == [everywhere], "the first start sends them"
    await simcord_env.restart_bot(make_bot(db_path))
    assert commands_written(simcord_env) == [everywhere], "the same commands are not sent again"
    t = Table(simcord_env, 1)
    r = await t.host.slash(t.channel, "match create auction-auction")
    assert "Auction Auction" in r.response.content, "the commands sent before still work"

    # Commands an older Dealer sent (another fingerprint) are replaced at the next start.
    await simcord_env.bot.storage.save_synced_commands(f"{app}/global", "an older Dealer's")
    await simcord_env.restart_bot(make_bot(db_path))
    assert commands_written(simcord_env) == [everywhere] * 2

    # A development server is a scope of its own: its copy is sent there once.
    server = f"/applications/{app}/guilds/{t.guild.id}/commands"
    await simcord_env.restart_bot(make_bot(db_path, dev_guild_id=t.guild.id))
    await simcord_env.restart_bot(make_bot(db_path, dev_guild_id=t.guild.id))
    assert commands_written(simcord_env) == [everywhere, everywhere, server]
