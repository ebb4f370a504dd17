"""The board in reach and nothing stale after an undo (issue 41, items 1 and 6).

A turn-based game's board (its live status message, the one message with the turn's
controls) comes down to the bottom of its channel once the bot's messages below it weigh
`REACH` (a picture: `REACH` on its own), and every notice that calls a player to act links to
it, one click from its controls; the old board is deleted.
After `/match undo`, the board's words, picture and controls are the current decision's, in
every game with such a board. Requests counted at discord.py's HTTP layer, as
`tests/benchmarks/bench_requests.py` counts them."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import discord

from bot.players import player_id
from bot.status import REACH
from games.atrades import ENGINE as ATRADES
from tests.bot.conftest import Posted, jump, make_bot
from tests.drivers.atrades import Atrades, seed, undo_step, until  # noqa: F401 (a fixture, by name)
from tests.drivers.common import confirm
from tests.drivers.mars_auction import Auction, step_menu
from tests.drivers.project_mars import Mars, components_of
from tools.demo import unstamped

POSTS = "POST /channels/{channel_id}/messages"
EDITS = "PATCH /channels/{channel_id}/messages/{message_id}"
DELETES = "DELETE /channels/{channel_id}/messages/{message_id}"
LINK = re.compile(r"\[on the board\]\((https://discord\.com/channels/\d+/\d+/\d+)\)")


def public(channel: Any) -> list[discord.Message]:
    """A channel's messages everyone reads (not the ephemeral replies), oldest first."""
    return [m for m in channel.history() if not m.flags.ephemeral]


async def board_of(bot: Any, match_id: int, channel: Any) -> discord.Message:
    """The match's board as its channel holds it now (the stored status message)."""
    board_id = await bot.storage.status_message(match_id)
    board: discord.Message = next(m for m in channel.history() if m.id == board_id)
    return board


def drift(channel: Any, board: discord.Message) -> int:
    """What the messages below `board` weigh: 1 each, `REACH` with a picture."""
    ids = [m.id for m in public(channel)]
    below = public(channel)[ids.index(board.id) + 1 :]
    return sum(REACH if m.attachments else 1 for m in below)


def controls(message: discord.Message) -> list[str]:
    return [unstamped(str(c.get("custom_id", ""))) for c in components_of(message)]


def dms(members: list[Any]) -> int:
    return sum(len(m.user.dm_channel.history()) for m in members if m.user.dm_channel)


def check_moved_from(channel: Any, old_id: int) -> None:
    """The board left behind is deleted: the channel holds one board."""
    assert old_id not in [m.id for m in channel.history()]


# -- 1: the board in reach -----------------------------------------------------------------


async def test_the_mars_auction_board_comes_down_and_every_notice_links_to_it(
    simcord_env: Any, requests: Counter[str], pings: dict[int, Posted]
) -> None:
    """Turn after turn of the setup auction, each with its notice under the board: the board
    is posted anew once `REACH` notices lie below it, never drifts further, and comes down
    carrying the call to the next player, which pings them, in place of a notice of its own
    (the move's words join the newest post above it, or are posted where they do not fit in
    it, as in a language longer than English). Coming down costs no request more than a
    notice: the post of the board in place of the notice's, the old board's deletion in place
    of its edit, the words' edit of the newest post (or their post)."""
    table = Auction(simcord_env, 3)
    ann = table.players[0]
    await table.start(first_player=ann)
    m, channel = table.match_id, table.channel
    rnd = random.Random(5)
    moved = turns = 0
    while (await table.state()).step == "bidding" and turns < 14:
        board = await board_of(table.bot, m, channel)
        before, letters = drift(channel, board), dms(table.players)
        # By id: the old board, above them, is deleted when the board comes down.
        seen = {msg.id for msg in public(channel)}
        mover = (await table.state()).to_act
        requests.clear()
        await table.turn(rnd, pass_rate=0.3)
        turns += 1
        now = await board_of(table.bot, m, channel)
        added = [msg for msg in public(channel) if msg.id not in seen and msg.id != now.id]
        notices = [msg for msg in added if "your turn" in msg.content]
        state = await table.state()
        if state.to_act == mover:
            # The turn stays the mover's: nobody is called (the reply to the move says it).
            assert not notices and now.id == board.id, [n.content for n in notices]
            continue
        assert state.to_act is not None
        called = table.member(state.to_act)
        sent = len(added) + dms(table.players) - letters
        if now.id == board.id:
            assert before < REACH, "it had not drifted: edited in place"
            [notice] = notices
            assert LINK.findall(notice.content) == [jump(now)], notice.content
            assert pings[notice.id].pinged == [called.id]
            assert 1 <= drift(channel, now) <= REACH
            assert requests[EDITS] == 1 and not requests[DELETES], "the board's edit"
            assert requests[POSTS] == sent
        else:
            moved += 1
            assert before >= REACH, "it comes down only once it has drifted"
            check_moved_from(channel, board.id)
            assert not notices and drift(channel, now) == 0, "the board calls: no notice"
            assert f"<@{called.id}>: your turn." in now.content
            assert pings[now.id].pinged == [called.id], "the board's post pings them"
            assert requests[POSTS] == sent + 1, "the board posted anew"
            assert requests[DELETES] == 1 and requests[EDITS] == 1 - sent, (
                "the old one deleted; the words join the newest post, or are posted"
            )
            assert any(
                c.startswith(("dealer:actpick", f"dealer:act:{m}:")) for c in controls(now)
            ), "with the controls of the player to move"
    assert turns >= 2 * REACH + 1 and moved >= 2, (turns, moved)
    with_controls = [msg.id for msg in public(channel) if msg.components]
    assert with_controls == [now.id], "the old boards keep no controls"


async def test_the_drift_is_stored_and_a_restarted_bot_goes_on_counting(
    simcord_env: Any, db_path: Path
) -> None:
    """The drift is kept with the match: a restart (or another process) neither forgets the
    notices below the board nor moves it before its time."""
    table = Auction(simcord_env, 3)
    await table.start(first_player=table.players[0])
    m, channel = table.match_id, table.channel
    rnd = random.Random(6)
    first = await board_of(table.bot, m, channel)
    assert await table.bot.storage.status_board(m) == (first.id, 0), "the first call on it"
    for _ in range(REACH - 1):
        await table.turn(rnd, pass_rate=0.0)
    assert await table.bot.storage.status_board(m) == (first.id, REACH - 1)
    await simcord_env.restart_bot(make_bot(db_path))
    await table.turn(rnd, pass_rate=0.0)
    assert (await board_of(table.bot, m, channel)).id == first.id, "not yet"
    assert await table.bot.storage.status_board(m) == (first.id, REACH)
    await table.turn(rnd, pass_rate=0.0)
    now = await board_of(table.bot, m, channel)
    assert now.id != first.id, "come down after the restart, on time"
    check_moved_from(channel, first.id)
    assert await table.bot.storage.status_board(m) == (now.id, 0), "carrying the call"


async def test_the_first_call_is_on_the_board(simcord_env: Any, pings: dict[int, Posted]) -> None:
    """At Start the board is posted below the match's opening words, carrying the first
    call to act, which pings the player to move: no notice of its own."""
    table = Auction(simcord_env, 2)
    ann = table.players[0]
    await table.start(first_player=ann)
    board = await board_of(table.bot, table.match_id, table.channel)
    posts = public(table.channel)
    assert posts[-1].id == board.id
    assert [msg for msg in posts if "your turn" in msg.content] == [board]
    assert f"<@{ann.id}>: your turn." in board.content
    assert pings[board.id].pinged == [ann.id]
    assert any("**The Mars Auction begins**" in msg.content for msg in posts[:-1])


async def test_an_atrades_board_stays_in_reach_through_rounds(simcord_env: Any) -> None:
    """Three people play Atrades through the board's controls for two rounds: after every
    move the board has at most `REACH` below it, every notice links to the board of its
    moment, and only the board carries controls."""
    game = Atrades(simcord_env, 3)
    await game.start()
    channel, rnd = game.channel, random.Random(2)
    boards: set[int] = set()
    # By id: a board that comes down deletes the old one, above what was seen.
    seen = {msg.id for msg in public(channel)}
    while (await game.state()).round < 3:
        await game.move(rnd)
        board = await board_of(game.bot, game.match_id, channel)
        boards.add(board.id)
        assert drift(channel, board) <= REACH
        for notice in public(channel):
            # The board that came down carries the call itself (no link to itself).
            if notice.id not in seen | {board.id} and "your turn" in notice.content:
                assert LINK.findall(notice.content) == [jump(board)], notice.content
        seen = {msg.id for msg in public(channel)}
    assert len(boards) >= 3, "posted anew as the channel grew"
    for old in boards - {board.id}:
        check_moved_from(channel, old)


async def test_a_project_mars_board_comes_down_below_a_rounds_picture(simcord_env: Any) -> None:
    """A round's result is a picture, which fills a screen: the next move posts the board
    below it. Players told by mention are sent to the board of their moment."""
    t = Mars(simcord_env)
    await t.practice(deck="vanguard", notify="mention")
    t.closed.add(t.ann.id)  # plays through My 1-on-1
    rnd = random.Random(3)
    await t.until(rnd, lambda v: v["round"] == 2)
    board = await board_of(t.bot, t.match_id, t.channel)
    posts = public(t.channel)
    ids = [m.id for m in posts]
    [result] = [m for m in posts if "**Round 1 is over" in m.content]
    assert ids.index(result.id) < ids.index(board.id), "below the round's picture"
    assert drift(t.channel, board) <= REACH
    for notice in posts[ids.index(board.id) :]:
        if "your turn" in notice.content:
            assert LINK.findall(notice.content) == [jump(board)]


# -- 6: nothing stale after an undo ---------------------------------------------------------


async def test_after_an_atrades_undo_the_board_is_the_current_decisions(
    simcord_env: Any,
) -> None:
    """The issue's undo: ann declared a merger, a bid was made in its open round, the host
    undid the step. The board's words, picture and controls are ann's action again (not the
    bid, the auction, Raise and Pass), ann acts from it, and the channel's notice links to
    it."""
    game = Atrades(simcord_env, 3)
    await game.start()
    await until(
        game,
        random.Random(3),
        lambda s: s.merger is not None and s.merger.step == "open" and s.merger.high > 0,
    )
    state = await game.state()
    assert state.merger is not None
    starter = game.member(state.guilds[state.merger.starter].player)
    board = await board_of(game.bot, game.match_id, game.channel)
    assert "raise or pass" in board.content and set(controls(board)) >= {
        f"dealer:act:{game.match_id}:raise",
        f"dealer:act:{game.match_id}:pass",
    }

    await undo_step(game)

    board = await board_of(game.bot, game.match_id, game.channel)
    action = f"Round {state.round}: {starter.name}'s action"
    head, status = board.content.split("\n\n", 1)
    assert head.startswith("↩️ The host undid ") and "bids" not in head, head
    assert status.startswith(f"**Atrades** — {action}\n"), status
    assert "raise or pass" not in board.content and "Auction for" not in board.content
    [picture] = board.attachments
    assert f"{action}." in str(picture.description) and "auction" not in str(picture.description)
    state = await game.state()
    keys = {a.key for a in ATRADES.legal_actions(state, player_id(starter.id))}
    m = game.match_id
    assert {c for c in controls(board) if c.startswith(f"dealer:act:{m}:")} >= {
        f"dealer:act:{m}:{key}" for key in keys & {"acquire", "pass"}
    }
    assert f"dealer:act:{m}:raise" not in controls(board)
    notice = public(game.channel)[-1]
    assert notice.content.startswith(head) and f"[The board]({jump(board)})" in notice.content
    asked = await starter.click(board, custom_id=f"dealer:act:{m}:pass")
    assert "earlier decision" not in str(asked.response.content), asked.response.content


async def test_after_a_project_mars_undo_the_board_reads_the_turn_open_again(
    simcord_env: Any,
) -> None:
    """Project Mars's board carries no game controls, and its header kept the move taken
    back ("ann plays Outpost … bob's turn") over a status of ann's turn: it says what the
    host undid."""
    t = Mars(simcord_env)
    await t.start(deck="shadow-ops")
    ann = t.pid(t.ann)
    role = t.guild.create_role("Hosts", permissions=discord.Permissions(manage_guild=True))
    referee = t.guild.add_member(simcord_env.create_user("referee"), roles=[role])
    await t.until(random.Random(3), lambda v: v["phase"] == "turn" and v["turn"] == ann)
    plays = (await t.view(ann))["legal"]["plays"]
    face_up = next(p for p in plays if p["target"] == "own")
    await t.play(ann, face_up["card"], face_up["slots"][0])
    board = await board_of(t.bot, t.match_id, t.channel)
    assert "**ann** plays " in board.content and "bob's turn" in board.content

    await confirm(t, await referee.slash(t.channel, "match undo"), by=referee)

    board = await board_of(t.bot, t.match_id, t.channel)
    head, status = board.content.split("\n\n", 1)
    assert head.startswith("↩️ The host undid ann's play of "), head
    assert "bob's turn" not in board.content and "**ann** plays" not in board.content
    assert status.startswith("**Project Mars** — Round 1: ann's turn\n"), status
    [picture] = board.attachments
    assert "Round 1: ann's turn." in str(picture.description)
    assert "ann's field: empty" in str(picture.description)
    assert controls(board) == [f"dealer:me:{t.match_id}"]
    notice = public(t.channel)[-1]
    assert notice.content.startswith(head) and f"[The board]({jump(board)})" in notice.content


async def test_after_a_mars_auction_undo_the_board_is_the_current_players(
    simcord_env: Any,
) -> None:
    table = Auction(simcord_env, 3)
    ann, bob, _ = table.players
    await table.start(first_player=ann)
    m = table.match_id
    r = await table.place(ann, [1, 2], how="menu", in_one_on_one=False)
    assert r.response.content.startswith("You put markers on cards 1 and 2")
    board = await board_of(table.bot, m, table.channel)
    assert "**ann** puts" in board.content and "bob's turn" in str(board.attachments[0].description)

    asked = await table.host_says("match undo")
    await table.host.click(
        asked.response,
        custom_id=next(
            str(c["custom_id"])
            for c in components_of(asked.response)
            if "undo" in str(c["custom_id"])
        ),
    )

    board = await board_of(table.bot, m, table.channel)
    head, _ = board.content.split("\n\n", 1)
    assert head.startswith("↩️ The host undid ann's ") and "**ann** puts" not in board.content
    assert "ann's turn" in str(board.attachments[0].description)
    r = await ann.select(board, ["1"], custom_id=step_menu(board, m, "place", "1"))
    assert not r.response.content.startswith("That "), r.response.content
    refused = await bob.select(board, ["1"], custom_id=step_menu(board, m, "place", "1"))
    assert refused.ephemeral and "not" in refused.response.content.lower()
    notice = public(table.channel)[-1]
    assert notice.content.startswith(head) and f"[The board]({jump(board)})" in notice.content
