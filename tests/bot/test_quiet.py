"""A quiet bot (issue 21, part 3): every message once, to the people who need it. Counted at
discord.py's HTTP layer, as `tests/benchmarks/bench_requests.py` counts them."""

from __future__ import annotations

import random
import sqlite3
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bot.app import DM_HELP
from bot.storage.migrations import MIGRATIONS
from tests.bot.conftest import Table, make_bot, your_turn
from tests.drivers.mars_auction import Auction, seed, step_menu  # noqa: F401 (a fixture, by name)
from tests.drivers.project_mars import components_of


def users_looked_up(made: Counter[str]) -> int:
    return sum(n for route, n in made.items() if route.startswith("GET /users/"))


async def test_a_bid_makes_no_dm_and_one_request_besides_its_reply(
    simcord_env: Any, requests: Counter[str]
) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    bidder = t.players[0]
    dms = len(bidder.user.dm_channel.history())
    requests.clear()
    r = await bidder.slash(t.channel, "bid", target="genre-shop", amount=12)
    assert r.ephemeral and "Your sealed bid of $12 on Genre Shop is recorded." in r.response.content
    assert len(bidder.user.dm_channel.history()) == dms, "the reply said it: no DM repeats it"
    assert requests == Counter({"PATCH /channels/{channel_id}/messages/{message_id}": 1}), (
        "the status message's edit, and nothing else"
    )


async def test_no_member_is_looked_up_before_a_dm_and_dm_channels_outlive_a_restart(
    simcord_env: Any, requests: Counter[str], db_path: Path
) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    assert requests["POST /users/@me/channels"] == 4, "each member's DM channel opened once"
    for member in t.players:
        await member.slash(t.channel, "bid", target="genre-shop", amount=5)
    await t.close_phase()
    await simcord_env.restart_bot(make_bot(db_path))
    await t.close_phase()
    assert users_looked_up(requests) == 0
    assert requests["POST /users/@me/channels"] == 4, "kept in the database: not opened again"
    for member in t.players:
        assert "**Your results**" in member.user.dm_channel.history()[-1].content


async def test_a_dm_to_the_bot_is_answered_once_each_time(simcord_env: Any) -> None:
    """Someone who writes to the bot in DMs is told, once per message, that it only takes
    slash commands; its own answer is not answered."""
    t = Table(simcord_env, 1)
    member = t.players[0]
    for text in ("hello?", "how do I bid"):
        await member.send_dm(text)
    said = [(m.author.id, m.content) for m in member.user.dm_channel.history()]
    me, bot = member.id, simcord_env.bot.user.id
    assert said == [(me, "hello?"), (bot, DM_HELP), (me, "how do I bid"), (bot, DM_HELP)]


async def test_discord_sends_the_bot_no_messages_of_a_channel(simcord_env: Any) -> None:
    """The bot asks Discord only for servers (their channels, threads and roles) and for DMs
    sent to it: what members write in a channel, even to it, is not sent to it at all."""
    assert [name for name, on in simcord_env.bot.intents if on] == ["guilds", "dm_messages"]
    t = Table(simcord_env, 1)
    await t.players[0].send(t.channel, f"{simcord_env.bot.user.mention} help")
    kept = [(kind, name) for kind, name, _ in simcord_env.backend.transcript]
    assert ("DROPPED", "MESSAGE_CREATE") in kept, "Discord kept the message from the bot"
    assert [m.author.id for m in t.channel.history()] == [t.players[0].id]


async def test_a_phase_close_sends_each_player_one_dm(simcord_env: Any) -> None:
    """Results, news and the next phase's 1-on-1: one DM per player per close."""
    t = Table(simcord_env, 6)
    await t.start(phase_minutes=60)
    await t.play_random_phase(random.Random(2), by_button=False)
    before = {m.id: len(m.user.dm_channel.history()) for m in t.players}
    await t.close_phase()
    for member in t.players:
        dms = member.user.dm_channel.history()
        assert len(dms) == before[member.id] + 1, member.name
        assert "**Your results**" in dms[-1].content and "Your 1-on-1" in dms[-1].content


@pytest.mark.usefixtures("seed")
async def test_a_mars_auction_turn_edits_the_one_board(
    simcord_env: Any, requests: Counter[str]
) -> None:
    table = Auction(simcord_env, 3)
    ann, bob, cleo = table.players
    await table.start(first_player=ann)
    board = table.board()
    assert board.attachments and board.attachments[0].filename == "setup-display.png"
    posts = len(table.channel.history())
    dms = {p.id: len(p.user.dm_channel.history()) for p in table.players}
    requests.clear()

    r = await table.place(ann, [1, 2], how="menu", in_one_on_one=False)
    assert r.response.content.startswith("You put markers on cards 1 and 2")

    after = table.board()
    assert after.id == board.id, "the same board message, edited"
    assert after.attachments[0].id != board.attachments[0].id, "with the new board"
    assert "bob's turn" in after.attachments[0].description
    added = table.channel.history()[posts:]
    assert len(added) == 1, "one short notification"
    assert added[0].content.startswith("**ann** puts") and added[0].content.endswith(
        your_turn(bob, board)
    ), "the move in words and a mention of the player to move, with a link to the board"
    assert not components_of(added[0]) and not added[0].attachments, "no second board"
    assert {p.id: len(p.user.dm_channel.history()) for p in table.players} == dms, "no DMs"
    assert requests == Counter(
        {
            "PATCH /channels/{channel_id}/messages/{message_id}": 1,
            "POST /channels/{channel_id}/messages": 1,
        }
    )
    boards = [msg for msg in table.channel.history() if components_of(msg)]
    assert [msg.id for msg in boards] == [board.id], "old boards keep no controls"
    await table.pass_(bob, in_one_on_one=False)
    assert table.channel.history()[-1].content.endswith(your_turn(cleo, table.board())), (
        "linked to the board, where it is now (`tests/bot/test_board_reach.py`)"
    )


@pytest.mark.sqlite_only
async def test_a_match_stored_before_the_dm_channels_table_continues(
    simcord_env: Any, requests: Counter[str], db_path: Path
) -> None:
    """A database from before this change (no `dm_channels`: its migration and the later
    ones not yet applied) opens, and its running match goes on: the DMs of the next phase go
    out, each member's DM channel opened once and kept, nobody looked up."""
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    old = sqlite3.connect(db_path, isolation_level=None)
    old.execute("DROP TABLE dm_channels")
    old.execute("ALTER TABLE log DROP COLUMN wait")
    old.execute("ALTER TABLE matches DROP COLUMN notify")
    old.execute("DROP TABLE command_syncs")
    old.execute("DROP TABLE ratings")
    for column in ("prior_mu", "prior_sigma", "mu", "sigma"):
        old.execute(f"ALTER TABLE results DROP COLUMN {column}")
    old.execute("ALTER TABLE matches DROP COLUMN damaged")
    old.execute("DROP TABLE seat_handovers")
    old.execute("ALTER TABLE match_players DROP COLUMN seat")
    old.execute("DROP INDEX matches_by_web_token")
    old.execute("ALTER TABLE matches DROP COLUMN web_token")
    old.execute("ALTER TABLE matches DROP COLUMN web")
    old.execute("ALTER TABLE matches DROP COLUMN status_drift")
    old.execute("ALTER TABLE match_players DROP COLUMN level")
    old.execute("DROP INDEX seasons_by_web_token")
    old.execute("ALTER TABLE seasons DROP COLUMN web_token")
    old.execute("ALTER TABLE guild_config DROP COLUMN language")
    old.execute("ALTER TABLE log DROP COLUMN view_before")
    old.execute("ALTER TABLE matches DROP COLUMN view")
    old.execute("ALTER TABLE matches DROP COLUMN view_seq")
    old.execute(f"PRAGMA user_version={len(MIGRATIONS) - 13}")
    old.close()
    requests.clear()
    await simcord_env.restart_bot(make_bot(db_path))
    for member in t.players:
        r = await member.slash(t.channel, "bid", target="genre-shop", amount=5)
        assert "Your sealed bid of $5 on Genre Shop is recorded." in r.response.content
    await t.close_phase()
    assert users_looked_up(requests) == 0
    assert requests["POST /users/@me/channels"] == 4
    for member in t.players:
        assert "**Your results**" in member.user.dm_channel.history()[-1].content


async def test_a_kick_between_turns_leaves_the_board_its_controls(simcord_env: Any) -> None:
    """A host's words alone (a kick of someone who is not to move) are posted; the board
    message keeps the menus of the player to move."""
    table = Auction(simcord_env, 3)
    ann, _, cleo = table.players
    await table.start(first_player=ann)
    m = table.match_id
    board = table.board()
    kicked = await table.host_says("match kick", member=cleo)
    assert kicked.response.content.startswith("You removed cleo from the match.")
    assert "The host removed cleo from the match" in table.channel.history()[-1].content
    after = table.board()
    assert after.id == board.id
    assert step_menu(after, m, "place", "1"), "the menus of the player to move"
    r = await table.place(ann, [1, 2], how="menu", in_one_on_one=False)
    assert r.response.content.startswith("You put markers on cards 1 and 2")
