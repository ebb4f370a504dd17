"""Host-only commands, malformed and hostile input: a private, polite sentence, no change."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.components import (
    cancel_view,
    confirm_view,
    forfeit_view,
    season_end_view,
    undo_view,
)
from bot.games.mars_auction.controls import end_view
from tests.bot.conftest import Table
from tests.drivers.seasons import Series
from tests.words import ruling_ids_sent

HOST_ONLY: list[tuple[str, dict[str, Any]]] = [
    ("match close-phase", {}),
    ("match extend", {"minutes": 5}),
    ("match pause", {}),
    ("match resume", {}),
    ("match log", {}),
    ("match cancel", {}),
    ("match undo", {}),
    ("match remove-bot", {}),
]


def label_of(item: Any) -> str:
    """A button's label (an item of a view, or the dynamic item it wraps)."""
    button = getattr(item, "item", item)
    assert isinstance(button, discord.ui.Button)
    return str(button.label)


async def snapshot(t: Table) -> Any:
    return (await t.state()).model_dump()


async def test_host_commands_are_refused_to_players(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    lobby = await t.open(phase_minutes=60)
    early = await t.players[0].click(lobby, label="Start")
    assert early.ephemeral and "Only a host" in early.response.content
    await t.host.click(lobby, label="Start")
    before = await snapshot(t)
    for name, options in HOST_ONLY:
        r = await t.players[0].slash(t.channel, name, **options)
        assert r.ephemeral and "Only a host" in r.response.content, name
    kick = await t.players[0].slash(t.channel, "match kick", member=t.players[1])
    assert kick.ephemeral and "Only a host" in kick.response.content
    assert await snapshot(t) == before


async def test_host_role_and_manage_server_may_host(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    role = t.guild.create_role("Hosts")
    helper = t.guild.add_member(simcord_env.create_user("helper"), roles=[role])
    admin_role = t.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = t.guild.add_member(simcord_env.create_user("admin"), roles=[admin_role])
    await t.start(phase_minutes=60)
    refused = await helper.slash(t.channel, "match close-phase")
    assert "Only a host" in refused.response.content
    denied = await helper.slash(t.channel, "config host-role", role=role)
    assert "Manage Server" in denied.response.content
    await admin.slash(t.channel, "config host-role", role=role)
    r = await helper.slash(t.channel, "match close-phase")
    assert r.response.content.startswith("You closed **Access phase")
    r = await admin.slash(t.channel, "match close-phase")
    assert r.response.content.startswith("You closed **Auction phase")


async def test_a_server_host_who_plays_may_host_from_dms(simcord_env: Any) -> None:
    """A player with Manage Server, who did not open the match, pauses it from DMs (Discord
    tells the bot their roles there); a player without it is refused there too."""
    t = Table(simcord_env, 3)
    admin_role = t.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = t.guild.add_member(simcord_env.create_user("admin"), roles=[admin_role])
    t.players.append(admin)
    await t.start(phase_minutes=60)
    assert (await t.state()).phase == "access"
    refused = await t.players[0].user.slash("match pause")
    assert refused.ephemeral and "Only a host" in refused.response.content
    r = await admin.user.slash("match pause")
    assert r.ephemeral and r.response.content == "Paused."
    row = await t.bot.storage.match(t.match_id)
    assert row is not None and row.paused


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("abc", "not an amount"),
        ("-5", "not an amount"),
        ("-0", "not an amount"),
        ("1_000", "not an amount"),
        ("+5", "not an amount"),
        ("１２", "not an amount"),
        ("12.0", "not an amount"),
        ("12.5", "not an amount"),
        ("999999999999", "far more than anyone holds"),
        ("101", "You bid $101 but hold $100."),
    ],
)
async def test_garbage_in_the_bid_form_changes_nothing(
    simcord_env: Any, typed: str, expected: str
) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    before = await snapshot(t)
    r = await t.bid_by_button(t.players[0], "genre-shop", typed)
    assert r.ephemeral and expected in r.response.content
    assert await snapshot(t) == before


async def test_hostile_and_mistaken_input(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    stranger = t.guild.add_member(simcord_env.create_user("stranger"))
    lobby = await t.open(phase_minutes=60)
    again = await t.players[0].click(lobby, label="Join")
    assert "already joined" in again.response.content
    not_in = await stranger.click(lobby, label="Leave")
    assert "have not joined" in not_in.response.content
    await t.host.click(lobby, label="Start")
    assert t.channel.history()[0].components == [], "the lobby buttons go once it starts"
    lobby_now = t.channel.history()[0].content
    assert "The match has started" in lobby_now and "Press **Join**" not in lobby_now
    twice = await t.host.slash(t.channel, "match start")
    assert twice.ephemeral and "no longer taking players" in twice.response.content
    late = await stranger.slash(t.channel, "match join")
    assert "no longer taking players" in late.response.content
    before = await snapshot(t)

    r = await stranger.slash(t.channel, "bid", target="genre-shop", amount=5)
    assert r.ephemeral and "not playing in this match" in r.response.content
    r = await t.players[0].slash(t.channel, "bid", target="black-market", amount=5)
    assert "Nobody bids for the Black Market" in r.response.content
    r = await t.players[0].slash(t.channel, "bid", target="the moon", amount=5)
    assert "no house called" in r.response.content
    r = await t.players[0].slash(t.channel, "give", member=t.players[0], amount=5)
    assert "yourself" in r.response.content
    r = await t.players[0].slash(t.channel, "give", member=stranger, amount=5)
    assert r.response.content.startswith(f"<@{stranger.id}> is not playing in this match")
    r = await t.host.slash(t.channel, "match kick", member=stranger)
    assert r.response.content.startswith(f"<@{stranger.id}> is not playing in this match")
    r = await t.players[0].slash(t.channel, "garnet-trade")
    assert "no garnets" in r.response.content
    r = await t.players[0].slash(t.channel, "bid", target="genre-shop:1", amount=5)
    assert "no house called" in r.response.content
    assert await snapshot(t) == before

    dm = await stranger.send_dm("let me in")
    assert dm is not None
    assert "only take slash commands" in stranger.user.dm_channel.last_message.content
    elsewhere = t.guild.create_text_channel("elsewhere")
    r = await t.players[0].slash(elsewhere, "bid", target="genre-shop", amount=5)
    assert "no open match in this channel" in r.response.content
    r = await stranger.user.slash("me")
    assert "not playing in any open match" in r.response.content
    assert ruling_ids_sent(simcord_env) == []


async def test_cancel_asks_to_confirm(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    ask = await t.host.slash(t.channel, "match cancel")
    assert ask.ephemeral and "cannot be undone" in ask.response.content
    done = await t.host.click(ask.response, label="Yes, cancel the match")
    assert done.response.content == "The match is cancelled."
    twice = await t.host.click(ask.response, label="Yes, cancel the match")
    assert "no longer exists" in twice.response.content or "already" in twice.response.content
    r = await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=5)
    assert "no open match" in r.response.content
    r = await t.host.slash(t.channel, "match create auction-auction")
    assert not r.ephemeral, "a new match may open once the old one is cancelled"


async def test_kick_counts_pending_submissions_as_none(simcord_env: Any) -> None:
    t = Table(simcord_env, 5)
    await t.start(phase_minutes=60)
    await t.players[4].slash(t.channel, "bid", target="genre-shop", amount=40)
    r = await t.host.slash(t.channel, "match kick", member=t.players[4])
    assert r.response.content.startswith("You removed player4 from the match.")
    gone = await t.players[4].slash(t.channel, "bid", target="genre-shop", amount=40)
    assert "no longer playing in this match" in gone.response.content
    await t.close_phase()
    channel = "\n".join(m.content for m in t.channel.history())
    assert "removed player4" in channel and "player4 $40" not in channel


async def test_starting_by_command_also_clears_the_lobby_buttons(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    await t.open()
    r = await t.host.slash(t.channel, "match start")
    assert "started with 4 players" in r.response.content
    lobby = t.channel.history()[0]
    assert lobby.components == []


async def test_too_few_players_cannot_start(simcord_env: Any) -> None:
    t = Table(simcord_env, 3)
    lobby = await t.open()
    r = await t.host.click(lobby, label="Start")
    assert r.ephemeral and "needs at least 4 players and 3 have joined" in r.response.content


async def test_a_kicked_player_gets_no_more_one_on_ones(simcord_env: Any) -> None:
    t = Table(simcord_env, 5)
    await t.start(phase_minutes=60)
    await t.host.slash(t.channel, "match kick", member=t.players[4])
    before = len(t.players[4].user.dm_channel.history())
    await t.close_phase()
    assert len(t.players[4].user.dm_channel.history()) == before
    me = await t.players[4].slash(t.channel, "me")
    assert me.ephemeral and "removed by the host, or conceded" in me.response.content


def test_every_confirmation_has_a_way_back() -> None:
    """Each question the bot asks before a move that cannot be taken back (#25)."""
    views = {
        "a game's action": confirm_view(1, 0, "pass", "Yes"),
        "/match cancel": cancel_view(1),
        "/match forfeit": forfeit_view(1),
        "/match undo": undo_view(1, "move", 3, 3, "Yes, undo"),
        "/season end": season_end_view(1),
        "/mars end": end_view(1),
    }
    for asked, view in views.items():
        labels = [label_of(item) for item in view.children]
        assert len(labels) == 2 and labels[0].startswith("Yes"), (asked, labels)
        assert labels[1] == "No, keep it", asked


async def test_no_keep_it_changes_nothing_and_takes_the_question_away(simcord_env: Any) -> None:
    t = Series(simcord_env, 4)
    await t.boss.slash(t.channel, "season start", name="Spring", starting_garnets=3)
    end = await t.boss.slash(t.channel, "season end")
    await t.start(phase_minutes=60)
    trader = t.players[0]
    bid = await trader.slash(t.channel, "bid", target="genre-shop", amount=5)
    dm = bid.response  # the trader's controls since their bid, with the reply
    trade = f"dealer:act:{t.match_id}:trade_garnet"
    asked = [
        (t.host, await t.host.slash(t.channel, "match cancel")),
        (t.host, await t.host.slash(t.channel, "match undo")),
        (trader, await trader.slash(t.channel, "match forfeit")),
        (t.boss, end),
        (trader, await trader.click(dm, custom_id=trade)),
    ]
    before = await snapshot(t)
    for who, question in asked:
        assert question.ephemeral and question.response.components, question.response.content
        kept = await who.click(question.response, label="No, keep it")
        assert kept.response.content == "Kept: nothing was changed."
        assert kept.response.components == [], "its Yes cannot be pressed later"
    assert await snapshot(t) == before
    seat = (await t.state()).seats[str(trader.id)]
    assert seat.access_bid == ("genre-shop", 5), "the bid the undo asked about stays"
    assert seat.garnets == 3 and not seat.kicked
    assert await t.bot.storage.open_season(t.guild.id) is not None


@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("season adjust", {"garnets": 1, "reason": "a prize"}),
        ("season eliminate", {}),
        ("season reinstate", {}),
        ("season enrol", {}),
        ("mars budget", {"amount": 5}),
    ],
)
async def test_a_member_option_in_dms_is_refused_in_words(
    simcord_env: Any, command: str, options: dict[str, Any]
) -> None:
    """Not discord.py's "Failed to convert … to Member" (#25)."""
    t = Table(simcord_env, 1)
    r = await t.host.user.slash(command, member=t.players[0].user, **options)
    assert r.ephemeral
    assert r.response.content == (
        f"`/{command}` names a member of a server: use it in one of the server's channels."
    )
    converting = simcord_env.errors
    assert [type(e) for e in converting] == [discord.app_commands.TransformerError], (
        "discord.py's conversion error, answered by the tree's error handler"
    )


async def test_a_member_option_naming_someone_outside_the_server_is_refused_in_words(
    simcord_env: Any,
) -> None:
    t = Table(simcord_env, 1)
    stranger = simcord_env.create_user("stranger")
    r = await t.host.slash(t.channel, "season enrol", member=stranger)
    assert r.ephemeral and r.response.content == "That user is not a member of this server."
    assert [type(e) for e in simcord_env.errors] == [discord.app_commands.TransformerError]
