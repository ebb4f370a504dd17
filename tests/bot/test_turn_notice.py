"""The host's choice of how the player to move is told (issue 21: "one short notification, a
mention or a DM, the host's choice"): `/match notify` in the lobby or while the match runs,
shown in the lobby, kept across a restart; a mention in the channel under the board by
default (`tests/bot/test_quiet.py`), or one short DM with a link to the board, never a copy
of it, and never both. Counted at discord.py's HTTP layer."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.bot.conftest import Posted, Table, calls, make_bot, your_turn
from tests.drivers.common import close_dms_of
from tests.drivers.mars_auction import GAME, Auction
from tests.drivers.project_mars import Mars, components_of


async def lobby(table: Auction, first: Any) -> Any:
    """The Mars Auction's lobby, every player seated (the host presses Start later)."""
    created = await table.host.slash(table.channel, f"match create {GAME}", first_player=first)
    assert not created.ephemeral, created.response.content
    for member in table.players:
        await member.click(created.response, label="Join")
    return created.response


async def started(table: Auction, lobby_message: Any) -> None:
    done = await table.host.click(lobby_message, label="Start")
    assert done.response.content.startswith("The match has started"), done.response.content
    row = await table.bot.storage.open_match_in(table.channel.id)
    table.match_id = row.id


def dms(table: Auction) -> dict[int, int]:
    return {p.id: len(p.user.dm_channel.history()) for p in table.players}


async def test_the_host_chooses_one_short_dm_for_the_player_to_move(
    simcord_env: Any, requests: Counter[str], db_path: Path
) -> None:
    table = Auction(simcord_env, 3)
    ann, bob, cleo = table.players
    shown = await lobby(table, ann)
    assert "Your turn: a mention in the channel" in shown.content, "the default, shown"
    r = await table.host.slash(table.channel, "match notify", how="dm")
    assert r.ephemeral and r.response.content == "The player to move will be told by a DM."
    shown = next(m for m in table.channel.history() if m.id == shown.id)
    assert "Your turn: a DM" in shown.content, "the lobby shows the choice"
    await started(table, shown)
    await simcord_env.restart_bot(make_bot(db_path))
    m = table.match_id
    board = table.board()
    posts = len(table.channel.history())
    before = dms(table)
    requests.clear()

    r = await table.place(ann, [1, 2], how="menu", in_one_on_one=False)
    assert r.response.content.startswith("You put markers on cards 1 and 2")

    assert table.board().id == board.id, "the one board message, edited"
    assert len(table.channel.history()) == posts, "no mention: nothing posted in the channel"
    after = dms(table)
    assert after == {**before, bob.id: before[bob.id] + 1}, "one DM, to the player to move"
    told = bob.user.dm_channel.history()[-1]
    link = f"https://discord.com/channels/{table.guild.id}/{table.channel.id}/{board.id}"
    assert told.content.startswith(f"🔔 Your turn in **Mars Auction** (match #{m}): {link}")
    assert "**ann** puts" in told.content, "the move that led to it, in words"
    assert not told.attachments and not components_of(told), "never a copy of the board"
    assert f"<@{bob.id}>" not in "\n".join(msg.content for msg in table.channel.history())
    assert requests.pop("POST /users/@me/channels") == 1, "bob's first DM: his channel, opened"
    assert requests == Counter(
        {
            "PATCH /channels/{channel_id}/messages/{message_id}": 1,
            "POST /channels/{channel_id}/messages": 1,
        }
    ), "the board's edit and the one DM"

    r = await table.host.slash(table.channel, "match notify", how="mention")
    assert r.ephemeral and "told by a mention in the channel" in r.response.content
    await table.pass_(bob, in_one_on_one=False)
    assert table.channel.history()[-1].content.endswith(your_turn(cleo, table.board())), (
        "changed while the match runs: the next turn is told so"
    )
    assert len(cleo.user.dm_channel.history()) == after[cleo.id], "and not by DM besides"


async def test_a_player_whose_dms_are_closed_is_mentioned_instead(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Auction(simcord_env, 3)
    ann, bob, _ = table.players
    shown = await lobby(table, ann)
    await table.host.slash(table.channel, "match notify", how="dm")
    await started(table, shown)
    close_dms_of(monkeypatch, bob.id)
    await table.place(ann, [1, 2], how="menu", in_one_on_one=False)
    said = [msg.content for msg in table.channel.history() if f"<@{bob.id}>" in msg.content]
    assert said == [your_turn(bob, table.board())], "told once, in the channel"


async def test_only_a_host_chooses_and_only_where_a_board_carries_the_turn(
    simcord_env: Any,
) -> None:
    table = Auction(simcord_env, 2)
    shown = await lobby(table, table.players[0])
    r = await table.players[1].slash(table.channel, "match notify", how="dm")
    assert r.ephemeral and r.response.content.startswith("Only a host can do that")
    row = await table.bot.storage.open_match_in(table.channel.id)
    assert row is not None and row.notify is None
    assert "Your turn: a mention in the channel" in shown.content

    other = Table(simcord_env, 4)
    await other.open()
    r = await other.host.slash(other.channel, "match notify", how="dm")
    assert r.ephemeral and "Auction Auction has no turns on a board to tell anyone of" in (
        r.response.content
    )
    row = await other.bot.storage.open_match_in(other.channel.id)
    assert row is not None and row.notify is None
    lobby_text = other.channel.history()[0].content
    assert "Your turn:" not in lobby_text, "a game of sealed bids shows no such choice"


async def test_the_mars_auction_takes_the_choice_at_create(simcord_env: Any) -> None:
    """`/match create mars-auction notify:dm` sets what `/match notify` would, and the lobby
    shows it."""
    table = Auction(simcord_env, 3)
    created = await table.host.slash(table.channel, f"match create {GAME}", notify="dm")
    assert not created.ephemeral, created.response.content
    assert "Your turn: a DM" in created.response.content
    row = await table.bot.storage.open_match_in(table.channel.id)
    assert row is not None and row.notify == "dm"


async def test_project_mars_players_may_be_mentioned_instead_of_sent_their_1_on_1(
    simcord_env: Any, pings: dict[int, Posted]
) -> None:
    """Project Mars's turns are played from a hidden hand: by default the player to move
    gets their 1-on-1 by DM, which carries its controls; a host who chooses `mention` (here
    at `/match create`) has them mentioned under the board instead, and they play through
    its **My 1-on-1** (not after a move of their own that leaves the turn theirs: the reply
    to it says so)."""
    t = Mars(simcord_env)
    elsewhere = t.guild.create_text_channel("lobby")
    created = await t.ann.slash(elsewhere, "match create project-mars")
    assert "Your turn: your 1-on-1 by DM" in created.response.content
    await t.practice(notify="mention")
    row = await t.bot.storage.match(t.match_id)
    assert row is not None and row.notify == "mention", "chosen at `/match create`"
    ann = t.pid(t.ann)
    t.closed.add(t.ann.id)  # plays through My 1-on-1, as a member without DMs does
    rnd = random.Random(3)
    dms = len(t.ann.user.dm_channel.history()) if t.ann.user.dm_channel else 0
    turns = 0
    for _ in range(8):
        view = await t.view(None)
        if view["phase"] == "turn" and view["turn"] == ann:
            # A turn right after a move of ann's own is no news to her.
            turns += (await t.bot.storage.moves(t.match_id))[-1][1] != ann
        await t.act(ann, rnd, pass_rate=0)
    # A notice, or the board as it came down (its call goes at the next move's edit).
    mentions = [posted for posted in pings.values() if calls(posted.text)]
    assert turns >= 2 and len(mentions) >= turns, (turns, len(mentions))
    pinged = [posted.pinged for posted in mentions]
    assert pinged == [[t.ann.id]] * len(mentions), "each pings the player to move, no one else"
    assert len(t.ann.user.dm_channel.history()) == dms, "and no 1-on-1 by DM besides"


async def test_a_project_mars_turn_is_told_to_its_player_in_the_second_person(
    simcord_env: Any,
) -> None:
    """The 1-on-1 a player's turn brings them by DM speaks to them ("your turn"), not of them
    ("zoe's turn … in their 1-on-1"); the channel's board speaks of them."""
    t = Mars(simcord_env)
    await t.start(await t.challenge())
    rnd = random.Random(4)
    await t.until(rnd, lambda view: view["phase"] == "turn")
    first = (await t.view(None))["turn"]
    await t.act(first, rnd, pass_rate=0)
    view = await t.view(None)
    assert view["phase"] == "turn" and view["turn"] != first, "the other player's turn"
    to_act = t.member(view["turn"])
    dm = to_act.user.dm_channel.last_message
    assert "— your turn:** play a card or pass." in dm.content, dm.content
    assert f"{to_act.name}'s turn" not in dm.content and "their 1-on-1" not in dm.content
    board = await t.bot.storage.status_message(t.match_id)
    shown = next(m for m in t.channel.history() if m.id == board)
    assert f"— {to_act.name}'s turn.** Play a card or pass, in their 1-on-1." in shown.content
