"""High Bid, a game added with no edit outside its own folders, through Discord end to end:
registered the way `bot/games/registry.py` and `games/registry.py` register every game, it
gets `/match create high-bid`, a lobby, the generic 1-on-1 controls and amount form, `/bid`,
the host's controls, sealed bids kept from the channel until the reveal, and a record that
replays. It also passes the conformance suite."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.app import DealerBot
from bot.errors import UserError
from games.core.match import MatchRecord, replay
from tests.bot.conftest import make_bot
from tests.conformance.playouts import Playout, Setup, names, play
from tests.toy_game.engine import ENGINE
from tests.toy_game.plugin import PLUGIN
from tools.demo import unstamped


@settings(max_examples=20)
@given(data=st.data())
def test_high_bid_passes_the_conformance_checks(data: st.DataObject) -> None:
    playout = play(ENGINE, data, hostile=True, views=True, twin=True, contract=True)
    assert playout.accepted > 0
    play(ENGINE, data, hostile=True, resample=True)


def bid_control(message: Any) -> str:
    ids = [
        unstamped(c.get("custom_id", ""))
        for row in message.components
        for c in row.to_dict()["components"]
    ]
    return next(i for i in ids if i.startswith("dealer:act:"))


async def test_high_bid_is_played_through_discord(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    host = guild.add_member(simcord_env.create_user("hostess"))
    ann, bob, cat = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob", "cat"))

    lobby = (await host.slash(channel, "match create high-bid", coins=20)).response
    assert "**High Bid**" in lobby.content and "coins: 20" in lobby.content
    for member in (ann, bob, cat):
        await member.click(lobby, label="Join")
    started = await host.click(lobby, label="Start")
    assert "Sorry" not in started.response.content

    dm = ann.user.dm_channel.last_message
    assert "Your bid: no bid yet (of 20)" in dm.content
    shown = await ann.user.click(dm, custom_id=bid_control(dm))
    assert shown.modal is not None and "0 to 20" in json.dumps(shown.modal)
    r = await ann.user.submit_modal(shown, {"amount": "12"})
    assert r.ephemeral and "Your bid: 12 coins" in r.response.content
    r = await bob.slash(channel, "bid", target="Bid", amount=12)
    assert r.ephemeral and "Your sealed bid of 12 coins is recorded." in r.response.content
    r = await cat.slash(channel, "bid", target="bid", amount=21)
    assert r.ephemeral and "Bid from 0 to 20 coins." in r.response.content
    r = await cat.slash(channel, "bid", target="bid", amount=7)
    status = await host.slash(channel, "match status")
    assert status.ephemeral and "Bids from: ann, bob, cat." in status.response.content

    public = "\n".join(m.content for m in channel.history())
    assert "ann has sent a bid." in public, "that a bid was sent is public"
    assert "12 coins" not in public and "ann 12" not in public, "sealed until the reveal"

    await host.slash(channel, "match close-phase")
    public = "\n".join(m.content for m in channel.history())
    assert "The bids: ann 12, bob 12, cat 7." in public and "**cat wins.**" in public

    # The generic live status message and final cards, from High Bid's texts alone.
    statuses = [m for m in channel.history() if m.content.startswith("🏁 **High Bid**")]
    assert [m.content for m in statuses] == ["🏁 **High Bid** — the match is over.\n**cat** wins."]
    assert status.response.content.startswith("**High Bid** — Bidding\n⏳ The phase closes <t:")
    for member, card in ((ann, "12 coins, and you do not win"), (cat, "7 coins, and you win")):
        last = member.user.dm_channel.last_message.content
        assert last == f"🏁 **Your final card:** you bid {card}."

    log = await host.slash(channel, "match log")
    record = json.loads(await log.response.attachments[0].read())
    assert record["players"] == ["ann", "bob", "cat"]
    replayed = replay(ENGINE, MatchRecord.model_validate(record))
    assert replayed.rejected == [] and replayed.match.finished
    assert ENGINE.result(replayed.match.state) == {
        "winner": "cat",
        "bids": {"ann": 12, "bob": 12, "cat": 7},
    }


async def test_a_phase_without_a_clock_cannot_be_paused(
    simcord_env: Any, simcord_bot: DealerBot
) -> None:
    """High Bid's bidding has a clock and pauses as usual; a phase without one (a game's
    `Phase.default_seconds` None, so no deadline) is refused by the service, politely."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    host = guild.add_member(simcord_env.create_user("hostess"))
    players = [guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob")]
    lobby = (await host.slash(channel, "match create high-bid")).response
    for member in players:
        await member.click(lobby, label="Join")
    await host.click(lobby, label="Start")
    paused = await host.slash(channel, "match pause")
    assert paused.ephemeral and paused.response.content == "Paused."
    again = await host.slash(channel, "match pause")
    assert again.ephemeral and "already paused" in again.response.content
    row = await simcord_bot.storage.open_match_in(channel.id)
    assert row is not None
    clockless = dataclasses.replace(row, deadline=None, paused_remaining=None)
    with pytest.raises(UserError, match="no clock to stop"):
        await simcord_bot.service.pause(clockless)


def controls(message: Any) -> list[dict[str, Any]]:
    """The components of a message (an ephemeral reply's come as dicts)."""
    rows = [row if isinstance(row, dict) else row.to_dict() for row in message.components]
    return [c for row in rows for c in row["components"]]


async def lots_match(simcord_env: Any, lots: int) -> tuple[Any, Any, Any]:
    """A High Bid match of two with `lots` lots, started: the channel, ann, and her 1-on-1."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    host = guild.add_member(simcord_env.create_user("hostess"))
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))
    lobby = (await host.slash(channel, "match create high-bid", coins=20, lots=lots)).response
    for member in (ann, bob):
        await member.click(lobby, label="Join")
    await host.click(lobby, label="Start")
    return channel, ann, ann.user.dm_channel.last_message


async def test_a_step_after_a_pick_has_the_bounds_of_what_was_picked(
    simcord_env: Any, db_path: Any
) -> None:
    """The generic control walks an action's steps: the lot (two menus, by tens, right in
    the 1-on-1), then the amount form with that lot's bounds; a bid over them is refused in
    the game's words and changes nothing; the menus still work after a restart."""
    channel, ann, dm = await lots_match(simcord_env, 12)
    menus = [c for c in controls(dm) if c["type"] == 3]
    assert [len(m["options"]) for m in menus] == [10, 2]
    assert [m["placeholder"] for m in menus] == [
        "Bid: the lot: Lots 1-10",
        "Bid: the lot: Lots 11-12",
    ]
    await simcord_env.restart_bot(make_bot(db_path))
    form = await ann.user.select(dm, ["l11"], custom_id=menus[1]["custom_id"])
    assert form.modal is not None and "0 to 18" in json.dumps(form.modal), "lot 11's fee is 2"
    refused = await ann.user.submit_modal(form, {"amount": "19"})
    assert refused.ephemeral and "Bid from 0 to 18 coins on lot 11." in refused.response.content
    state = await stored_state(simcord_env, channel)
    assert state.bids == {}
    form = await ann.user.select(dm, ["l11"], custom_id=menus[1]["custom_id"])
    accepted = await ann.user.submit_modal(form, {"amount": "18"})
    assert "Your bid: 18 coins on lot 11" in accepted.response.content
    state = await stored_state(simcord_env, channel)
    assert state.on == {state.players[0]: "l11"} and list(state.bids.values()) == [18]


async def test_more_menus_than_a_message_holds_are_chosen_from_a_menu_of_them(
    simcord_env: Any,
) -> None:
    """120 lots in twelve menus of ten: a menu of the menus first, then the one chosen."""
    _, ann, dm = await lots_match(simcord_env, 120)
    asked = await ann.user.click(dm, custom_id=bid_control(dm))
    [which] = controls(asked.response)
    assert [o["label"] for o in which["options"]][:2] == ["Lots 1-10", "Lots 11-20"]
    assert len(which["options"]) == 12
    chosen = await ann.user.select(asked.response, ["10"], custom_id=which["custom_id"])
    [menu] = controls(chosen.response)
    assert [o["value"] for o in menu["options"]] == [f"l{n}" for n in range(101, 111)]
    form = await ann.user.select(chosen.response, ["l105"], custom_id=menu["custom_id"])
    done = await ann.user.submit_modal(form, {"amount": "20"})
    assert "Your bid: 20 coins on lot 105" in done.response.content, "105 mod 3 is 0: no fee"


async def test_a_typed_pick_is_a_form_and_the_next_form_a_button_away(simcord_env: Any) -> None:
    """300 lots are typed ("Lot 7" or "l7", any case): a form; a form cannot open another, so
    the amount form is one button further. A lot that is none is refused, saying so."""
    _, ann, dm = await lots_match(simcord_env, 300)
    typed = await ann.user.click(dm, custom_id=bid_control(dm))
    assert typed.modal is not None
    wrong = await ann.user.submit_modal(typed, {"amount": "lot 301"})
    assert wrong.ephemeral and "“lot 301” is not one of the choices" in wrong.response.content
    typed = await ann.user.click(dm, custom_id=bid_control(dm))
    next_step = await ann.user.submit_modal(typed, {"amount": "LOT 7"})
    assert next_step.ephemeral and "one more step" in next_step.response.content
    form = await ann.user.click(next_step.response, label="Your sealed bid in coins…")
    assert form.modal is not None and "0 to 19" in json.dumps(form.modal)
    done = await ann.user.submit_modal(form, {"amount": "19"})
    assert "Your bid: 19 coins on lot 7" in done.response.content


async def stored_state(simcord_env: Any, channel: Any) -> Any:
    bot = simcord_env.bot
    row = await bot.storage.open_match_in(channel.id)
    return await bot.service.state(row)


@pytest.mark.parametrize("lots", [12, 120, 300])
def test_high_bid_with_lots_passes_the_contract_checks(lots: int) -> None:
    setup = Setup(names(3), {"lots": lots}, 5, 5)
    playout = Playout(ENGINE, setup, hostile=True, contract=True).run()
    assert playout.accepted > 0


async def test_a_new_wait_its_texts_do_not_announce_gets_the_phases_title(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot knows a new wait from the contract (`Turn.wait`), not from an event: a game
    whose texts announce none of their events still gets, in the channel, the phase's title
    and deadline with the My 1-on-1 button, and each player their 1-on-1 by DM."""
    monkeypatch.setattr(type(PLUGIN.texts), "announces", frozenset())
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    host = guild.add_member(simcord_env.create_user("hostess"))
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))
    lobby = (await host.slash(channel, "match create high-bid", coins=20)).response
    for member in (ann, bob):
        await member.click(lobby, label="Join")
    await host.click(lobby, label="Start")
    opening = next(m for m in channel.history() if "**Bidding**\nCloses <t:" in m.content)
    assert opening.content.startswith("**High Bid begins.**"), "the game's words first"
    ids = [
        unstamped(c.get("custom_id", ""))
        for row in opening.components
        for c in row.to_dict()["components"]
    ]
    assert any(i.startswith("dealer:me:") for i in ids), "the My 1-on-1 button"
    for member in (ann, bob):
        assert "Your bid: no bid yet (of 20)" in member.user.dm_channel.last_message.content


def test_a_plugin_shows_one_kind_of_board_controls() -> None:
    """`controls_on_board` (the acting player's own controls) and `board_outline` (the
    engine's outline from the public view) exclude each other."""
    with pytest.raises(ValueError, match="one kind of controls"):
        dataclasses.replace(PLUGIN, controls_on_board=True, board_outline=True)
    assert dataclasses.replace(PLUGIN, board_outline=True).board_acts
