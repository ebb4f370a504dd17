"""After a match has ended, `/me` and the **My 1-on-1** button say the same: a player gets
their 1-on-1 as the match ended (text and card, no controls) under "This match is over.";
anyone who did not play in it gets a private sentence saying so."""

from __future__ import annotations

from typing import Any

import discord

from tests.bot.conftest import Table
from tests.drivers.project_mars import Mars

OVER = "This match is over. Your 1-on-1 as it ended:"


async def ended_match(simcord_env: Any) -> tuple[Table, Any]:
    """A one-round Auction Auction match played to its end; its last phase message."""
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60, rounds=1)
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=20)
    while (await t.state()).phase != "ended":
        await t.close_phase()
    phase = [m for m in t.channel.history() if "dealer:me:" in str(m.components)][-1]
    return t, phase


async def test_me_after_the_end_shows_the_players_final_one_on_one(simcord_env: Any) -> None:
    t, phase = await ended_match(simcord_env)
    ann = t.players[0]
    me = await ann.slash(t.channel, "me")
    assert me.ephemeral
    content = me.response.content
    assert content.startswith(OVER)
    assert "**Your 1-on-1 — Auction Auction, round 1 of 1" in content
    assert "Cash: $80" in content, "what the player kept: $100 less the access bid"
    assert me.response.components == [], "nothing left to press"
    assert [a.filename for a in me.response.attachments] == ["one-on-one.png"]
    button = await ann.click(phase, label="My 1-on-1")
    assert button.ephemeral and button.response.content == content, "/me and the button agree"
    again = await ann.slash(t.channel, "me")
    assert again.response.content == content, "as often as asked"


async def test_someone_who_did_not_play_is_told_so_privately(simcord_env: Any) -> None:
    t, phase = await ended_match(simcord_env)
    outsider = t.guild.add_member(simcord_env.create_user("outsider"))
    asked = await outsider.slash(t.channel, "me")
    assert asked.ephemeral and asked.response.content == (
        "The last match in this channel is over, and you did not play in it. A host can "
        "open a new one with `/match create`."
    )
    pressed = await outsider.click(phase, label="My 1-on-1")
    assert pressed.ephemeral
    assert pressed.response.content == "This match is over, and you did not play in it."
    assert pressed.response.attachments == []
    public = [m.content for m in t.channel.history(viewer=outsider)]
    assert not any("Your 1-on-1" in text for text in public), "nobody else sees a 1-on-1"


async def test_a_new_match_in_the_channel_takes_over_me(simcord_env: Any) -> None:
    t, _ = await ended_match(simcord_env)
    await t.open()
    me = await t.players[0].slash(t.channel, "me")
    assert me.ephemeral and me.response.content == "This match has not started yet."


async def test_project_mars_me_after_the_end(simcord_env: Any) -> None:
    """A Project Mars match ended by a host removing bob (PM-D17): both players get their
    last 1-on-1 with the match over, whoever asks otherwise is told they did not play."""
    t = Mars(simcord_env)
    await t.start(deck="vanguard")
    role = t.guild.create_role("Hosts", permissions=discord.Permissions(manage_guild=True))
    referee = t.guild.add_member(simcord_env.create_user("referee"), roles=[role])
    kicked = await referee.slash(t.channel, "match kick", member=t.bob)
    assert kicked.ephemeral and "Sorry" not in kicked.response.content
    assert (await t.state()).phase == "ended"
    for member in (t.ann, t.bob):
        me = await member.slash(t.channel, "me")
        assert me.ephemeral and me.response.content.startswith(OVER)
        assert "**Your 1-on-1 — Project Mars" in me.response.content
        assert me.response.components == []
    bob = await t.bob.slash(t.channel, "me")
    assert "You no longer play in this match" in bob.response.content
    left = [m for m in t.channel.history() if "dealer:me:" in str(m.components)]
    assert left == [], "the board message loses its controls at the end"
    cat = t.guild.add_member(simcord_env.create_user("cat"))
    asked = await cat.slash(t.channel, "me")
    assert asked.response.content.startswith("The last match in this channel is over, and you")
