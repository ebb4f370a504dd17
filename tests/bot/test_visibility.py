"""No sealed figure reaches anyone before its time (RULINGS.md §1, visibility table)."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.errors import UNEXPECTED
from tests.bot.conftest import Table, seen_by, seen_publicly
from tests.drivers.common import private_channel

#: Distinct odd amounts: no cash figure a player could see equals any of them.
ACCESS_BIDS = [11, 13, 17, 19, 23, 29]
HOUSES = [
    "genre-shop",
    "genre-shop",
    "dr-e-appraisings",
    "dr-e-appraisings",
    "wolley-limited",
    "wolley-limited",
]


async def test_sealed_bids_stay_sealed_until_their_time(simcord_env: Any) -> None:
    t = Table(simcord_env, 6)
    spectator = t.guild.add_member(simcord_env.create_user("spectator"))
    await t.start(phase_minutes=60)

    replies = [
        (await t.bid_by_button(member, house, amount)).response.content
        for member, house, amount in zip(t.players, HOUSES, ACCESS_BIDS, strict=True)
    ]
    for i, member in enumerate(t.players):
        text = seen_by(t, member) + replies[i]
        assert f"${ACCESS_BIDS[i]}" in text, "a player sees their own sealed bid"
        for j, amount in enumerate(ACCESS_BIDS):
            if j != i:
                assert f"${amount}" not in text, f"player{i} saw player{j}'s sealed bid"
    public = seen_publicly(t, spectator)
    assert not any(f"${a}" in public for a in ACCESS_BIDS)

    await t.close_phase()
    public = seen_publicly(t, spectator)
    assert all(f"${a}" in public for a in ACCESS_BIDS), "AA-8: access bids are public after"

    # Auction phase: each pair is alone in its house; lot bids are told to the house only.
    lot_bids = {
        0: ("genre-shop:1", 31),
        1: ("genre-shop:2", 37),
        2: ("dr-e-appraisings:1", 41),
        3: ("dr-e-appraisings:3", 43),
        4: ("wolley-limited:1", 47),
        5: ("wolley-limited:4", 53),
    }
    for i, (lot, amount) in lot_bids.items():
        r = await t.players[i].slash(t.channel, "bid", target=lot, amount=amount)
        assert r.ephemeral and "is recorded" in r.response.content, r.response.content
    for i, member in enumerate(t.players):
        text = seen_by(t, member)
        for j, (_, amount) in lot_bids.items():
            assert (f"${amount}" in text) == (i == j), (i, j)
    await t.close_phase()
    for i, member in enumerate(t.players):
        text = seen_by(t, member)
        for j, (_, amount) in lot_bids.items():
            same_house = i // 2 == j // 2
            assert (f"${amount}" in text) == same_house, f"AA-12: player{i} vs player{j}"
    public = seen_publicly(t, spectator)
    assert not any(f"${a}" in public for _, a in lot_bids.values())


async def test_a_host_who_plays_gets_the_log_only_once_the_match_is_over(
    simcord_env: Any,
) -> None:
    """A host with a seat sees what the seat may see: no record and no audit of sealed bids
    while the match runs; a host who does not play gets them (the closed phases only)."""
    t = Table(simcord_env, 3)
    admins = t.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = t.guild.add_member(simcord_env.create_user("admin"), roles=[admins])
    lobby = await t.open(phase_minutes=60, rounds=1)
    await t.host.click(lobby, label="Join")
    await t.host.click(lobby, label="Start")
    await t.bid_by_button(t.players[0], "genre-shop", 11)
    await t.close_phase(by=admin)
    refused = await t.host.slash(t.channel, "match log")
    assert refused.ephemeral and "You play in this match" in refused.response.content
    assert not refused.response.attachments
    given = await admin.slash(t.channel, "match log")
    assert given.ephemeral and len(given.response.attachments) == 2
    audit = json.loads(await given.response.attachments[1].read())
    [closed] = audit["closed"]
    assert (closed["round"], closed["phase"]) == (1, "access"), "the closed phase only"
    assert [t.players[0].name, "genre-shop", 11] in closed["bids"], "players by their names"
    while (await t.state()).phase != "ended":
        await t.close_phase(by=admin)
    after = await t.host.slash(t.channel, "match log")
    assert after.ephemeral and len(after.response.attachments) == 2, after.response.content


async def test_players_who_can_read_the_spectators_channel_stop_the_start(
    simcord_env: Any,
) -> None:
    t = Table(simcord_env, 4)
    open_to_all = t.guild.create_text_channel("everyone-watches")
    lobby = await t.open(phase_minutes=60, spectators=open_to_all)
    r = await t.host.click(lobby, label="Start")
    assert r.ephemeral and "player0, player1, player2, player3 can read" in r.response.content
    assert (await t.bot.storage.match(t.match_id)).status == "lobby"  # type: ignore[union-attr]
    await t.host.slash(t.channel, "match cancel")
    private = private_channel(t, "private-watch")
    await t.bot.service.cancel(t.match_id)
    lobby = await t.open(phase_minutes=60, spectators=private)
    r = await t.host.click(lobby, label="Start")
    assert "has started" in r.response.content, r.response.content


async def test_a_player_discord_cannot_name_stops_the_start_too(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Whether a player can read the spectators' channel is asked of Discord; when Discord
    fails to answer, the match does not start on a guess: the host gets the apology, and the
    failure is logged."""
    t = Table(simcord_env, 4)
    lobby = await t.open(phase_minutes=60, spectators=private_channel(t, "watchers"))
    failing = t.players[0].id
    fetch_member = discord.Guild.fetch_member

    async def unavailable(guild: discord.Guild, member_id: int) -> discord.Member:
        if member_id == failing:
            raise discord.DiscordServerError(SimpleNamespace(status=503, reason="Unavailable"), "")
        return await fetch_member(guild, member_id)

    monkeypatch.setattr(discord.Guild, "fetch_member", unavailable)
    r = await t.host.click(lobby, label="Start")
    logged = [r for r in caplog.records if r.name == "bot.errors" and r.exc_info]
    assert [r.exc_info[0] for r in logged if r.exc_info] == [discord.DiscordServerError], (
        "the operator finds Discord's failure logged"
    )
    # Under the reference the host is given.
    reference = logged[0].args[0] if isinstance(logged[0].args, tuple) else None
    assert r.ephemeral and r.response.content == f"{UNEXPECTED} (#{reference})"
    row = await t.bot.storage.match(t.match_id)
    assert row is not None and row.status == "lobby"


async def test_spectator_channel_gets_the_full_picture_after_each_phase(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    watchers = private_channel(t, "watchers")
    await t.start(phase_minutes=60, spectators=watchers)
    await t.bid_by_button(t.players[0], "genre-shop", 11)
    assert not any("$11" in m.content for m in watchers.history())
    await t.close_phase()
    await t.players[0].slash(t.channel, "bid", target="genre-shop:1", amount=7)
    assert not any("$7" in m.content for m in watchers.history())
    await t.close_phase()
    text = "\n".join(m.content for m in watchers.history())
    assert "Genre Shop $11" in text and "player0 $7" in text


@pytest.mark.pictures
async def test_boards_come_with_their_messages(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    card = t.players[0].user.dm_channel.last_message
    assert card.attachments and card.attachments[0].filename.endswith(".png")
    assert "$100" in (card.attachments[0].description or "")
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=11)
    await t.close_phase()
    results = next(m for m in t.channel.history() if "access results" in m.content)
    png = await results.attachments[0].read()
    assert png.startswith(b"\x89PNG")
    assert "$11" in (results.attachments[0].description or "")
    thread = next(th for th in t.channel.threads if "Genre Shop" in (th.name or ""))
    await t.players[0].slash(t.channel, "bid", target="genre-shop:1", amount=7)
    await t.close_phase()
    lots = [m for m in thread.history(viewer=t.players[0]) if m.attachments]
    assert lots and "$7" in (lots[-1].attachments[0].description or "")
    mine = await t.players[0].slash(t.channel, "me")
    assert mine.ephemeral and mine.response.attachments


@pytest.mark.parametrize(("reveal", "shown"), [(False, "secret"), (True, "green")])
async def test_the_lobby_names_the_black_market_colour_only_when_lots_are_revealed(
    simcord_env: Any, reveal: bool, shown: str
) -> None:
    """AA-4: the Black Market's colour is seen only inside it unless every location's lots
    are revealed; the lobby, which everyone reads for the whole match, says it is a secret,
    also when the host chose it."""
    t = Table(simcord_env, 4)
    lobby = await t.open(phase_minutes=60, black_market_colour="green", reveal_lots=reveal)
    assert f"black market colour: {shown}" in lobby.content, lobby.content
    await t.host.click(lobby, label="Start")
    spectator = t.guild.add_member(simcord_env.create_user("spectator"))
    public = seen_publicly(t, spectator)
    assert "▶️ The match has started" in public and f"black market colour: {shown}" in public
    if not reveal:
        assert "colour: green" not in public
