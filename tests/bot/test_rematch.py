"""The Rematch button on a match's final message (SimCord): a new lobby in the same channel
with the same game, options and players; refused to a stranger, a second time, and while
another match is open there; working after a restart; in a season, like any new lobby."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import discord

from bot.app import Flows
from bot.players import COMPUTER_NAME, COMPUTER_USER
from tests.bot.conftest import Table, make_bot
from tests.drivers.project_mars import Mars, custom_ids


def final_message(channel: Any, match_id: int) -> Any:
    """The message that announced the match's end: the one with its Rematch button."""
    found = [m for m in channel.history() if f"dealer:rematch:{match_id}" in custom_ids(m)]
    assert len(found) == 1, f"{len(found)} messages carry the Rematch button"
    return found[0]


async def ended(t: Table, **options: Any) -> Any:
    """An Auction Auction match of one round, closed with no bids; its final message."""
    await t.start(rounds=1, **options)
    await t.close_phase()
    await t.close_phase()
    assert (await t.state()).phase == "ended"
    return final_message(t.channel, t.match_id)


async def test_a_rematch_opens_a_lobby_with_the_same_game_options_and_players(
    simcord_env: Any,
) -> None:
    t = Table(simcord_env, 4)
    final = await ended(t, phase_minutes=90, starting_cash=80)
    assert "\n**The match is over.** Hands and cash:" in final.content, "after the close"
    assert final.attachments, "the final message keeps its board"
    old = await t.bot.storage.match(t.match_id)
    assert old is not None
    asker = t.players[2]
    r = await asker.click(final, custom_id=f"dealer:rematch:{t.match_id}")
    assert not r.ephemeral, r.response.content
    new = await t.bot.storage.open_match_in(t.channel.id)
    assert new is not None and new.status == "lobby" and new.id != old.id
    assert (new.game, new.options, new.phase_seconds) == (old.game, old.options, old.phase_seconds)
    assert new.host_id == asker.id, "the player who asked hosts the rematch"
    assert new.lobby_message_id == r.response.id
    seated = [p.user_id for p in await t.bot.storage.players(new.id)]
    assert seated == [p.id for p in t.players]
    assert isinstance(t.bot.flows, Flows)
    assert r.response.content == await t.bot.flows.lobby.lobby_text(new)
    assert (
        "starting cash: 80" in r.response.content
        and "Each access or auction phase: 90 minutes" in r.response.content
    )
    assert "Players (4/12, at least 4): player0, player1, player2, player3" in r.response.content

    log = await t.host.slash(t.channel, "match log")
    assert log.ephemeral and log.response.attachments, "the ended match's record, not the lobby's"
    assert log.response.attachments[0].filename == f"match-{old.id}.json"
    assert json.loads(await log.response.attachments[0].read())["moves"]
    theirs = await asker.slash(t.channel, "match log")
    assert theirs.ephemeral and theirs.response.content.startswith(
        "The last match's record is for its hosts"
    ), "the rematch's host did not host the match that ended"

    started = await asker.click(r.response, label="Start")
    assert started.ephemeral and "has started with 4 players" in started.response.content


async def test_a_stranger_a_second_press_and_another_open_match_are_refused(
    simcord_env: Any,
) -> None:
    t = Table(simcord_env, 4)
    final = await ended(t)
    first_id = t.match_id
    rematch = f"dealer:rematch:{first_id}"

    stranger = await t.host.click(final, custom_id=rematch)
    assert stranger.ephemeral
    assert stranger.response.content.startswith(
        "Only the players of this match can ask for its rematch."
    )
    assert await t.bot.storage.open_match_in(t.channel.id) is None, "nothing was opened"

    await t.players[0].click(final, custom_id=rematch)
    lobby = await t.bot.storage.open_match_in(t.channel.id)
    assert lobby is not None
    link = f"https://discord.com/channels/{t.guild.id}/{t.channel.id}/{lobby.lobby_message_id}"
    second = await t.players[1].click(final, custom_id=rematch)
    assert second.ephemeral
    assert second.response.content == (
        f"A rematch of this match is already open: <#{t.channel.id}> ([lobby message]({link}))."
    )

    confirm = await t.players[0].slash(t.channel, "match cancel")
    await t.players[0].click(confirm.response, label="Yes, cancel the match")
    other = await t.host.slash(t.channel, "match create project-mars")
    assert not other.ephemeral
    mars = await t.bot.storage.open_match_in(t.channel.id)
    busy = await t.players[1].click(final, custom_id=rematch)
    assert busy.ephemeral
    assert busy.response.content.startswith(
        f"This channel already has an open match (<#{t.channel.id}> ([lobby message]("
    )
    assert await t.bot.storage.open_match_in(t.channel.id) == mars, "the open match stays"

    confirm = await t.host.slash(t.channel, "match cancel")
    await t.host.click(confirm.response, label="Yes, cancel the match")
    again = await t.players[1].click(final, custom_id=rematch)
    assert not again.ephemeral, "the cancelled rematch left room for a new one"
    await t.players[1].click(again.response, label="Start")
    hosts = await t.players[1].slash(t.channel, "match close-phase")
    assert hosts.response.content.startswith("You play in this match"), (
        "the member who asked hosts (a player is told 'Only a host'), and plays"
    )
    role = t.guild.create_role("Hosts", permissions=discord.Permissions(manage_guild=True))
    referee = t.guild.add_member(simcord_env.create_user("referee"), roles=[role])
    for _ in range(2):
        await t.close_phase(by=referee)
    played = await t.bot.storage.rematch_of(first_id)
    assert played is not None and played.status == "ended"
    late = await t.players[2].click(final, custom_id=rematch)
    assert late.ephemeral and late.response.content.startswith(
        f"This match has had its rematch (<#{t.channel.id}>"
    )
    assert "use the **Rematch** button of that one" in late.response.content
    final_message(t.channel, played.id)


async def test_the_rematch_button_works_after_a_restart(simcord_env: Any, db_path: Path) -> None:
    t = Table(simcord_env, 4)
    final = await ended(t)
    await simcord_env.restart_bot(make_bot(db_path))
    r = await t.players[3].click(final, custom_id=f"dealer:rematch:{t.match_id}")
    assert not r.ephemeral and "a new match hosted by" in r.response.content
    new = await simcord_env.bot.storage.open_match_in(t.channel.id)
    assert len(await simcord_env.bot.storage.players(new.id)) == 4


async def test_a_practice_rematch_seats_the_computer(simcord_env: Any) -> None:
    t = Mars(simcord_env)
    await t.practice()
    await t.ann.slash(t.channel, "match kick", member=t.ann)
    final = final_message(t.channel, t.match_id)
    assert "forfeits" in final.content and final.attachments
    r = await t.ann.click(final, custom_id=f"dealer:rematch:{t.match_id}")
    assert not r.ephemeral and f"Players (2/2, at least 2): ann, {COMPUTER_NAME}" in (
        r.response.content
    )
    assert "Every seat is taken; the host presses **Start**." in r.response.content
    assert "Join" not in r.response.content
    lobby = await t.bot.storage.open_match_in(t.channel.id)
    assert lobby is not None
    assert [p.user_id for p in await t.bot.storage.players(lobby.id)] == [t.ann.id, COMPUTER_USER]
    started = await t.ann.click(r.response, label="Start")
    assert started.ephemeral and "has started with 2 players" in started.response.content


async def test_a_challenge_rematch_seats_both_players(simcord_env: Any) -> None:
    t = Mars(simcord_env)
    await t.start()
    asked = await t.bob.slash(t.channel, "match forfeit")
    await t.bob.click(asked.response, custom_id=f"dealer:forfeit:{t.match_id}")
    final = final_message(t.channel, t.match_id)
    r = await t.bob.click(final, custom_id=f"dealer:rematch:{t.match_id}")
    assert "Players (2/2, at least 2): ann, bob" in r.response.content
    assert f"hosted by <@{t.bob.id}>" in r.response.content
    assert "Accept" not in str(r.response.components), "an open lobby, not a challenge"
    started = await t.bob.click(r.response, label="Start")
    assert started.ephemeral and "has started with 2 players" in started.response.content


async def test_in_a_season_an_eliminated_player_gets_no_seat_in_the_rematch(
    simcord_env: Any,
) -> None:
    t = Table(simcord_env, 5)
    role = t.guild.create_role("Series", permissions=discord.Permissions(manage_guild=True))
    boss = t.guild.add_member(simcord_env.create_user("boss"), roles=[role])
    await boss.slash(t.channel, "season start", name="Spring")
    final = await ended(t)
    out = t.players[4]
    await boss.slash(t.channel, "season eliminate", member=out)
    r = await t.players[0].click(final, custom_id=f"dealer:rematch:{t.match_id}")
    assert "Players (4/12, at least 4): player0, player1, player2, player3" in r.response.content
    assert "Counts for **season Spring**" in r.response.content
    [note] = r.followups
    assert note.ephemeral and note.content.startswith(
        "player4 is eliminated from season Spring, so the rematch has no seat"
    )
    new = await t.bot.storage.open_match_in(t.channel.id)
    assert new is not None and "garnets" not in new.options, (
        "the balances dealt into the match are no option"
    )
