"""A host's second thoughts and a player's concession, through Discord: /match undo (the last
move, a phase's close), /match unkick, seats taken back in a lobby, and /match forfeit."""

from __future__ import annotations

import json
import random
from typing import Any

import discord
import pytest

from bot.players import COMPUTER, player_id
from games.auction_auction.model import State
from games.registry import engine_for
from tests.bot.conftest import Table, readable, replay
from tests.drivers.common import button_of, confirm, status_of
from tests.drivers.mars_auction import Auction, seed  # noqa: F401 (a fixture, by name)
from tests.drivers.project_mars import Mars
from tests.drivers.seasons import Series

GENRE = "genre-shop"
MINUTE = 60


def public_text(t: Table) -> str:
    return "\n".join(readable(t.channel.history(viewer=t.players[-1])))


def dm_text(member: Any) -> str:
    return "\n".join(readable(member.user.dm_channel.history()))


async def test_the_host_takes_back_the_last_sealed_bid_and_nobody_sees_its_amount(
    simcord_env: Any,
) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    p0, p1 = t.players[0], t.players[1]
    await p0.slash(t.channel, "bid", target=GENRE, amount=11)
    await p1.slash(t.channel, "bid", target=GENRE, amount=37)
    before = (await t.state()).model_dump()

    asked = await t.host.slash(t.channel, "match undo")
    assert asked.ephemeral
    assert "takes back player1's sealed bid." in asked.response.content
    assert (
        "37" not in asked.response.content and "Told privately: player1." in asked.response.content
    )
    second = await t.host.slash(t.channel, "match undo")

    done = await confirm(t, asked)
    assert done.response.content == "↩️ Done, taken back: player1's sealed bid."
    state: State = await t.state()
    assert state.seats[player_id(p1.id)].access_bid is None
    assert state.seats[player_id(p0.id)].access_bid is not None
    assert "↩️ The host undid player1's sealed bid." in public_text(t)
    assert "37" not in public_text(t)
    assert "your bid of $37 on Genre Shop" in dm_text(p1)
    assert "undid" not in dm_text(p0)

    stale = await confirm(t, second)
    assert stale.ephemeral and "moved on since you asked" in stale.response.content
    assert (await t.state()).seats[player_id(p0.id)].access_bid is not None

    # The seq of the undone move is not used again, nor the one the undo leaves unused (a
    # control shown after the undo is told from one shown after the move it took back); the
    # match carries on and reloads.
    await p1.slash(t.channel, "bid", target=GENRE, amount=5)
    rows = await t.bot.storage.moves(t.match_id)
    assert [seq for seq, _, _ in rows] == [1, 4]
    cached = (await t.state()).model_dump()
    t.bot.service.forget(t.match_id)
    assert (await t.state()).model_dump() == cached
    assert cached != before

    log = await t.host.slash(t.channel, "match log")
    audit = json.loads(await log.response.attachments[1].read())
    assert audit["undone"] == [
        {
            "seq": 2,
            "by": "player1",
            "type": "bid",
            "undone_at": audit["undone"][0]["undone_at"],
            "undone_by": t.host.id,
        }
    ], "while the match runs, the audit names an undone sealed bid by its type only"


async def test_a_phase_closed_by_mistake_opens_again_with_its_bids_and_its_clock(
    simcord_env: Any,
) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    for member, amount in zip(t.players[:2], (10, 20), strict=True):
        await member.slash(t.channel, "bid", target=GENRE, amount=amount)
    await simcord_env.advance_time(20 * MINUTE)
    await t.close_phase()
    assert (await t.state()).phase == "auction"

    asked = await t.host.slash(t.channel, "match undo", what="phase")
    assert "This takes back your closing of the phase." in asked.response.content
    assert "Access phase, round 1 of 3 opens again." in asked.response.content
    await confirm(t, asked)
    state: State = await t.state()
    assert state.phase == "access" and state.round == 1
    assert [s.access_bid is not None for s in state.seats.values()] == [True, True, False, False]
    row = await t.bot.storage.match(t.match_id)
    assert row is not None and row.deadline is not None
    assert abs(row.deadline - (t.bot.now() + 60 * MINUTE)) < 5, "the phase's whole length again"
    assert "Access phase, round 1 of 3 is open again. It closes <t:" in public_text(t)
    status = await status_of(t.bot, t.match_id, t.channel)
    assert "Access phase, round 1 of 3" in status.content, "the live status follows the undo"

    await simcord_env.advance_time(61 * MINUTE)
    assert (await t.state()).phase == "auction", "its deadline closes it as any other"
    replayed = replay(
        json.loads(
            await (await t.host.slash(t.channel, "match log")).response.attachments[0].read()
        )
    )
    assert replayed["rejected"] == []


async def test_a_kick_is_taken_back_and_the_moves_since_stay(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    p0, p2 = t.players[0], t.players[2]
    r = await t.host.slash(t.channel, "match unkick", member=p2)
    assert r.ephemeral and "has not removed them" in r.response.content
    await p2.slash(t.channel, "bid", target=GENRE, amount=9)
    await t.host.slash(t.channel, "match kick", member=p2)
    await p0.slash(t.channel, "bid", target=GENRE, amount=4)
    assert (await t.state()).seats[player_id(p2.id)].kicked

    asked = await t.host.slash(t.channel, "match unkick", member=p2)
    assert "takes back your removal of player2." in asked.response.content
    assert (await confirm(t, asked)).response.content.startswith("↩️ Done, taken back")
    state: State = await t.state()
    seat = state.seats[player_id(p2.id)]
    assert not seat.kicked and seat.access_bid is not None, "their bid stands again"
    assert state.seats[player_id(p0.id)].access_bid is not None, "the later bid stays"
    assert "The host undid their removal of player2." in public_text(t)

    await t.host.slash(t.channel, "match kick", member=p2)
    await t.close_phase()
    late = await t.host.slash(t.channel, "match unkick", member=p2)
    assert late.ephemeral and "A phase has closed since" in late.response.content


async def test_undo_is_refused_politely_when_there_is_nothing_to_take_back(
    simcord_env: Any,
) -> None:
    t = Table(simcord_env, 4)
    lobby = await t.open(phase_minutes=60)
    r = await t.host.slash(t.channel, "match undo")
    assert r.ephemeral and "not started" in r.response.content
    await t.host.click(lobby, label="Start")
    r = await t.host.slash(t.channel, "match undo")
    assert r.ephemeral and "Nothing has been played yet" in r.response.content
    r = await t.host.slash(t.channel, "match undo", what="phase")
    assert r.ephemeral and "No phase has closed yet" in r.response.content
    await t.players[0].slash(t.channel, "bid", target=GENRE, amount=3)
    r = await t.players[1].slash(t.channel, "match undo")
    assert r.ephemeral and "Only a host" in r.response.content
    assert (await t.state()).seats[player_id(t.players[0].id)].access_bid is not None


async def test_an_undone_garnet_trade_goes_back_to_the_ledger_once(simcord_env: Any) -> None:
    t = Series(simcord_env, 4)
    await t.boss.slash(t.channel, "season start", name="Undo", starting_garnets=2)
    await t.start(phase_minutes=60, rounds=1)
    trader = t.players[0]
    await trader.slash(t.channel, "garnet-trade")
    assert (await t.balances())["player0"].garnets == 1

    asked = await t.host.slash(t.channel, "match undo")
    assert "1 private move of players" in asked.response.content
    assert "garnet" not in asked.response.content, "a trade stays private (AA-D9)"
    await confirm(t, asked)
    assert (await t.balances())["player0"].garnets == 2
    assert (await t.state()).seats[player_id(trader.id)].garnets == 2
    assert "undid" not in public_text(t), "nothing public was undone"
    assert "your garnet trade" in dm_text(trader)

    asked = await t.host.slash(t.channel, "match cancel")
    await t.host.click(asked.response, label="Yes, cancel the match")
    refunds = [row for row in await t.ledger() if row.kind == "refund"]
    assert len(refunds) == 1, "cancelling does not give the undone trade back twice"
    assert (await t.balances())["player0"].garnets == 2


async def test_a_player_concedes_an_auction_auction_match(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    quitter = t.players[3]
    await quitter.slash(t.channel, "bid", target=GENRE, amount=8)
    stranger = t.guild.add_member(simcord_env.create_user("stranger"))
    r = await stranger.slash(t.channel, "match forfeit")
    assert r.ephemeral and "not playing" in r.response.content.lower()

    asked = await quitter.slash(t.channel, "match forfeit")
    assert asked.ephemeral and "you are not ranked at the end" in asked.response.content
    assert asked.response.content.endswith(
        "Once you confirm, only a host's `/match undo` can take it back."
    ), "three players go on: the match does not end"
    pressed = await confirm(t, asked, by=quitter)
    assert "You no longer play in this match" in pressed.response.content
    seat = (await t.state()).seats[player_id(quitter.id)]
    assert seat.kicked and seat.access_bid is None
    assert "player3 has conceded and left the match" in public_text(t)
    again = await quitter.slash(t.channel, "match forfeit")
    assert again.ephemeral and "no longer playing" in again.response.content
    bid = await quitter.slash(t.channel, "bid", target=GENRE, amount=8)
    assert bid.ephemeral and "no longer playing" in bid.response.content

    asked = await t.host.slash(t.channel, "match undo")
    assert "player3's forfeit" in asked.response.content
    await confirm(t, asked)
    assert not (await t.state()).seats[player_id(quitter.id)].kicked


async def test_a_project_mars_player_concedes_and_the_result_stands(simcord_env: Any) -> None:
    t = Mars(simcord_env)
    await t.practice(deck="vanguard")
    asked = await t.ann.slash(t.channel, "match forfeit")
    assert "Your opponent wins the match at once." in asked.response.content
    r = await t.bob.slash(t.channel, "match forfeit")
    assert r.ephemeral and "not playing" in r.response.content.lower()
    await t.ann.click(asked.response, custom_id=button_of(asked))
    result = (await t.state()).result
    assert result is not None and result.forfeit == t.pid(t.ann) and result.winner == COMPUTER
    assert "ann has conceded the match." in t.channel_text()
    r = await t.ann.slash(t.channel, "match undo")
    assert r.ephemeral and "its result stands" in r.response.content


async def test_undo_in_a_practice_match_takes_back_the_players_move_and_the_computers_reply(
    simcord_env: Any,
) -> None:
    t = Mars(simcord_env)
    await t.practice(deck="vanguard")
    ann = t.pid(t.ann)
    rnd = random.Random(4)
    await t.until(rnd, lambda v: v["phase"] == "turn" and v["turn"] == ann)
    await t.act(ann, rnd, pass_rate=0.0)
    moves = await t.bot.storage.moves(t.match_id)
    last_ann = max(i for i, (_, actor, _) in enumerate(moves) if actor == ann)
    answered = [actor for _, actor, _ in moves[last_ann + 1 :]]
    asked = await t.ann.slash(t.channel, "match undo")
    await t.ann.click(asked.response, custom_id=button_of(asked))
    kept = await t.bot.storage.moves(t.match_id)
    assert kept == moves[:last_ann], f"ann's move and the computer's {answered} are taken back"
    view = await t.view(None)
    assert view["turn"] == ann, "ann's turn again"


async def test_a_host_takes_seats_back_in_a_lobby(simcord_env: Any) -> None:
    t = Mars(simcord_env)
    await t.ann.slash(t.channel, "match create project-mars")
    r = await t.ann.slash(t.channel, "match remove-bot")
    assert r.ephemeral and r.response.content == "No computer seat is taken in this lobby."
    await t.ann.slash(t.channel, "match add-bot")
    r = await t.ann.slash(t.channel, "match remove-bot")
    assert r.response.content == "Dealer bot 1 leaves the lobby."
    row = await t.bot.storage.open_match_in(t.channel.id)
    assert row is not None
    assert [p.name for p in await t.bot.storage.players(row.id)] == ["ann"]
    lobby = next(m for m in t.channel.history() if m.id == row.lobby_message_id)
    assert "Dealer bot 1" not in lobby.content

    a = Table(simcord_env, 4)
    await a.open(phase_minutes=60)
    r = await a.players[0].slash(a.channel, "match kick", member=a.players[1])
    assert r.ephemeral and "Only a host" in r.response.content
    r = await a.host.slash(a.channel, "match kick", member=a.players[1])
    assert r.response.content == f"<@{a.players[1].id}> leaves the lobby."
    seated = [p.user_id for p in await a.bot.storage.players(a.match_id)]
    assert a.players[1].id not in seated and len(seated) == 3
    r = await a.host.slash(a.channel, "match kick", member=a.players[1])
    assert r.ephemeral and "has no seat in this lobby" in r.response.content
    assert engine_for("auction-auction").title == "Auction Auction"


@pytest.mark.usefixtures("seed")
async def test_undoing_a_budget_the_host_set_shows_nobody_its_figure(simcord_env: Any) -> None:
    """A host's sealed move (a Mars Auction budget set for a player, MA-D3) is named by its
    kind alone when undone: the channel never reads the figure."""
    table = Auction(simcord_env, 2)
    ann, bob = table.players
    await table.start(start="research", first_player=ann)
    opened = await table.host.slash(table.channel, "mars research")
    assert opened.ephemeral, opened.response.content
    await table.budget(bob, 37, how="host")
    asked = await table.host.slash(table.channel, "match undo")
    assert "your sealed budget" in asked.response.content
    assert "37" not in asked.response.content
    await table.host.click(asked.response, custom_id=button_of(asked))
    everyone = "\n".join(readable(table.channel.history(viewer=table.onlooker)))
    assert "↩️ The host undid their sealed budget." in everyone
    assert "37" not in everyone
    assert (await table.state()).seats[player_id(bob.id)].money is None


async def test_a_project_mars_undo_names_a_card_played_face_up_and_never_a_trap(
    simcord_env: Any,
) -> None:
    """A play is sealed only when it sets a trap (PM-3). A host who does not play reads in
    the question, and the channel in the notice, a card played face up by its name and slot
    (never "sealed"), a trap by the slot of the face-down card alone; only the trap's owner
    reads its name, in their DM."""
    t = Mars(simcord_env)
    await t.start(deck="shadow-ops")
    ann, bob = t.pid(t.ann), t.pid(t.bob)
    role = t.guild.create_role("Hosts", permissions=discord.Permissions(manage_guild=True))
    referee = t.guild.add_member(simcord_env.create_user("referee"), roles=[role])
    await t.until(random.Random(3), lambda v: v["phase"] == "turn" and v["turn"] == ann)
    view = await t.view(ann)
    plays = view["legal"]["plays"]
    hand = {c["id"]: c for c in view["me"]["hand"]}
    face_up = next(p for p in plays if p["target"] == "own")
    trap = next((p for p in plays if p["target"] == "enemy"), None)
    assert trap is not None, "this seed deals ann a trap"
    card, trap_name = hand[face_up["card"]]["name"], hand[trap["card"]]["name"]
    slot, trap_slot = face_up["slots"][0], trap["slots"][0]
    row, lane = slot.split("-")
    trap_row, trap_lane = trap_slot.split("-")

    await t.play(ann, face_up["card"], slot)
    asked = await referee.slash(t.channel, "match undo")
    played = f"ann's play of {card} ({row} row, lane {lane})"
    assert f"This takes back {played}." in asked.response.content, asked.response.content
    assert "sealed play" not in asked.response.content
    await confirm(t, asked, by=referee)
    assert f"↩️ The host undid {played}." in t.channel_text()
    assert f"- your play of {card} ({row} row, lane {lane})\n" in dm_text(t.ann)

    await t.play(ann, trap["card"], trap_slot)
    asked = await referee.slash(t.channel, "match undo")
    face_down = f"ann's face-down trap on bob's field ({trap_row} row, lane {trap_lane})"
    question = asked.response.content
    assert f"This takes back {face_down}." in question and trap_name not in question, question
    bob_before = t.seen_ids(t.bob)
    await confirm(t, asked, by=referee)
    assert f"↩️ The host undid {face_down}." in t.channel_text()
    assert (
        f"- your face-down trap {trap_name} on bob's field ({trap_row} row, lane {trap_lane})\n"
        in dm_text(t.ann)
    )
    assert "undid" in t.readable_by(t.bob, bob_before)
    assert trap_name not in t.readable_by(t.bob, bob_before)
    assert trap_name not in "\n".join(readable(t.channel.history(viewer=referee)))
    assert (await t.view(None))["sides"][bob]["field"][trap_slot] is None, "the trap is gone"
