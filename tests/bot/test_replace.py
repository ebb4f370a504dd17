"""`/match replace` through Discord (SimCord): a seat handed over mid-match to another member
or to a computer seat keeps its place in the engine; the new holder gets its 1-on-1 and
controls, the old one loses them; the channel is told, the record says so, and the seat
counts for whoever finished it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.flows import lobby
from bot.games.registry import PLUGINS
from bot.players import computer_user, player_id, renamed
from games.registry import ENGINES
from tests.bot.conftest import replay
from tests.drivers.common import results
from tests.toy_game.engine import ENGINE as HIGH_BID
from tests.toy_game.plugin import PLUGIN as HIGH_BID_PLUGIN


@pytest.fixture
def high_bid(monkeypatch: pytest.MonkeyPatch) -> None:
    """High Bid (tests/toy_game), which has computer seats, registered before the bot
    starts; each match dealt from one seed."""
    monkeypatch.setitem(ENGINES, HIGH_BID.game, HIGH_BID)
    monkeypatch.setitem(PLUGINS, HIGH_BID_PLUGIN.game, HIGH_BID_PLUGIN)
    monkeypatch.setattr(lobby, "new_seed", lambda: 11)


def texts(messages: list[Any]) -> str:
    return "\n".join(m.content for m in messages)


async def test_a_seat_handed_to_a_member_and_one_to_a_computer_seat_count_for_who_ends_them(
    high_bid: None, simcord_env: Any
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    host = guild.add_member(simcord_env.create_user("hostess"))
    ann, bob, cy, dee = (
        guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob", "cy", "dee")
    )
    made = (await host.slash(channel, "match create high-bid")).response
    for member in (ann, bob, cy):
        await member.click(made, label="Join")
    await host.click(made, label="Start")
    row = await simcord_env.bot.storage.open_match_in(channel.id)
    assert row is not None
    r = await ann.slash(channel, "bid", target="bid", amount=3)
    assert "recorded" in r.response.content, r.response.content
    ann_dm = ann.user.dm_channel.history()
    assert any(m.components for m in ann_dm), "ann had her controls"

    refusals = [
        (bob, {"player": ann, "member": dee}, "Only a host can do that"),
        (host, {"player": ann, "member": bob}, f"<@{bob.id}> already plays in this match"),
        (host, {"player": dee, "member": bob}, f"<@{dee.id}> holds no seat in this match"),
    ]
    for who, args, said in refusals:
        r = await who.slash(channel, "match replace", **args)
        assert r.ephemeral and said in r.response.content, r.response.content

    asked = await host.slash(channel, "match replace", player=ann, member=dee)
    assert asked.ephemeral
    assert asked.response.content.startswith("Hand over **ann**'s seat in High Bid match #")
    done = await host.click(asked.response, label="Yes, hand the seat over")
    assert "ann's seat is dee's now" in done.response.content, done.response.content
    assert "🔁 The host handed **ann**'s seat to **dee**, who plays it from now on." in texts(
        channel.history()
    )
    told = texts(ann.user.dm_channel.history())
    assert "you no longer play in this match, and its 1-on-1 is theirs now" in told
    theirs = dee.user.dm_channel.history()
    assert "🔁 The host handed you **ann**'s seat" in texts(theirs)
    assert "Your bid: 3 coins (of 10)" in texts(theirs), "what the seat knows goes with it"
    assert any(m.components for m in theirs), "and its controls"

    mine = await ann.slash(channel, "me")
    assert mine.ephemeral and mine.response.content == "You are not playing in this match."
    r = await ann.slash(channel, "bid", target="bid", amount=9)
    assert r.ephemeral and r.response.content == "You are not playing in this match."
    button = next(m for m in reversed(ann_dm) if m.components)
    pressed = await ann.user.click(button, label="Bid")
    assert pressed.modal is None
    assert pressed.response.content == "You are not playing in this match."

    r = await dee.slash(channel, "bid", target="bid", amount=10)
    assert "recorded" in r.response.content, r.response.content
    state = await simcord_env.bot.service.state(row)
    assert state.bids[player_id(ann.id)] == 10, "dee's bid is the seat's"

    asked = await host.slash(channel, "match replace", player=cy)
    assert "**Dealer bot 1** (Dealer's computer player) plays it from now on" in (
        asked.response.content
    )
    await host.click(asked.response, label="Yes, hand the seat over")
    state = await simcord_env.bot.service.state(row)
    assert player_id(cy.id) in state.bids, "the computer seat bid for cy's seat"
    assert (
        (await cy.slash(channel, "me")).response.content
    ) == "You are not playing in this match."
    await bob.slash(channel, "bid", target="bid", amount=2)
    closed = await host.slash(channel, "match close-phase")
    assert closed.response.content.startswith("You closed"), closed.response.content

    state = await simcord_env.bot.service.state(row)
    placings = HIGH_BID.placings(state)
    assert placings is not None
    seat = {dee.id: player_id(ann.id), bob.id: player_id(bob.id)}
    assert await results(simcord_env.bot.storage, row.id) == {
        user: (placings.places.get(s), s in placings.winners, False) for user, s in seat.items()
    }, "dee's row is the seat's; ann and the computer seat have none"
    assert [p.user_id for p in await simcord_env.bot.storage.players(row.id)] == [
        dee.id,
        bob.id,
        computer_user(1),
    ]
    stats = (await dee.slash(channel, "stats")).response.content
    assert "**High Bid**: 1 match" in stats, stats
    assert "High Bid" not in (await ann.slash(channel, "stats")).response.content

    logged = await host.slash(channel, "match log")
    files = {a.filename: a for a in logged.response.attachments}
    record = json.loads(await files[f"match-{row.id}.json"].read())
    assert record["players"] == ["dee", "bob", "Dealer bot 1"]
    assert record["handovers"] == [
        {"seat": "dee", "from": "ann", "to": "dee", "moves": 1},
        {"seat": "Dealer bot 1", "from": "cy", "to": "Dealer bot 1", "moves": 2},
    ]
    names = {player_id(ann.id): "dee", player_id(bob.id): "bob", player_id(cy.id): "Dealer bot 1"}
    assert replay(record)["result"] == renamed(HIGH_BID.result(state), names), (
        "the record replays, the seats named by who held them at the end"
    )
