"""The generic 1-on-1 controls built from `Engine.legal_actions`: a button per action (the
amount form when it takes an amount, a confirmation when the game asks for one), a menu for
an action with choices; stale controls refused on click, in the game's words."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from tests.bot.conftest import Table
from tests.drivers.project_mars import components_of
from tests.drivers.seasons import Series
from tools.demo import unstamped


def control(message: Any, prefix: str) -> str:
    """The custom id of the message's control that starts with `prefix`."""
    for row in message.components:
        for component in row.to_dict()["components"]:
            if unstamped(component.get("custom_id", "")).startswith(prefix):
                return str(component["custom_id"])
    raise AssertionError(
        f"no control {prefix} in {json.dumps([r.to_dict() for r in message.components])}"
    )


async def test_a_gift_is_a_menu_of_players_then_the_amount_form(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    giver, receiver = t.players[0], t.players[1]
    dm = giver.user.dm_channel.last_message
    menu = control(dm, f"dealer:actpick:{t.match_id}:give")
    options = next(
        c["options"]
        for row in dm.components
        for c in row.to_dict()["components"]
        if c.get("custom_id") == menu
    )
    assert {o["label"] for o in options} == {"player1", "player2", "player3"}, "names, not ids"
    shown = await giver.user.select(dm, [str(receiver.id)], custom_id=menu)
    assert shown.modal is not None
    r = await giver.user.submit_modal(shown, {"amount": "15"})
    assert r.ephemeral and "You gave $15 to player1." in r.response.content
    state = await t.state()
    assert state.seats[str(giver.id)].cash == 85 and state.seats[str(receiver.id)].cash == 115


async def test_a_garnet_trade_asks_first_and_is_taken_on_yes(simcord_env: Any) -> None:
    t = Series(simcord_env, 4)
    await t.boss.slash(t.channel, "season start", name="Spring", starting_garnets=3)
    await t.start(phase_minutes=60)
    trader = t.players[0]
    dm = trader.user.dm_channel.last_message
    button = control(dm, f"dealer:act:{t.match_id}:trade_garnet")
    asked = await trader.user.click(dm, custom_id=button)
    assert asked.ephemeral and "A trade is final" in asked.response.content
    assert (await t.state()).seats[str(trader.id)].garnets == 3, "nothing happens before Yes"
    done = await trader.user.click(asked.response, label="Yes")
    assert "You traded a garnet for $10." in done.response.content
    assert "Garnets: 2" in done.response.content
    ids = [c["custom_id"] for c in components_of(done.response)]
    assert ids and not any(i.startswith("dealer:actok:") for i in ids), (
        "the Yes is gone (it cannot be pressed twice), the trader's controls now in its place"
    )
    assert (await t.state()).seats[str(trader.id)].garnets == 2


def kept_views(bot: Any) -> list[Any]:
    """The views discord.py keeps for the bot's messages, and its tasks waiting for a view's
    expiry."""
    store = bot._connection._view_store
    waiting = [
        task
        for task in asyncio.all_tasks()
        if "__timeout_task_impl" in task.get_coro().__qualname__  # type: ignore[union-attr]
    ]
    return [*store._views.values(), *store._synced_message_views.values(), *waiting]


async def test_no_view_is_kept_and_every_control_answers_from_its_custom_id(
    simcord_env: Any,
) -> None:
    """The lobby, the boards, the 1-on-1s and an ephemeral confirmation are sent, and none of
    their views is kept in memory (`components.stateless_view`); their buttons still work."""
    t = Series(simcord_env, 4)
    await t.boss.slash(t.channel, "season start", name="Spring", starting_garnets=3)
    await t.start(phase_minutes=60)
    trader = t.players[0]
    dm = trader.user.dm_channel.last_message
    asked = await trader.user.click(dm, custom_id=control(dm, f"dealer:act:{t.match_id}:trade"))
    assert asked.ephemeral and asked.response.components, asked.response.content
    assert kept_views(t.bot) == []
    done = await trader.user.click(asked.response, label="Yes")
    assert "You traded a garnet for $10." in done.response.content


async def test_a_control_of_a_closed_phase_is_refused_on_click(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    member = t.players[0]
    access = member.user.dm_channel.last_message
    await t.close_phase()
    before = (await t.state()).model_dump()
    r = await member.user.click(access, custom_id=f"dealer:act:{t.match_id}:bid:genre-shop")
    assert r.modal is None, "no amount form for a house once the Access phase is over"
    assert r.ephemeral and r.response.content == (
        "That button was for an earlier decision: Access phase, round 1 of 3 (the match has "
        "moved on to Auction phase, round 1 of 3). Your 1-on-1 (`/me`) shows the current one."
    )
    assert (await t.state()).model_dump() == before


async def test_an_amount_form_answered_after_its_phase_closed_changes_nothing(
    simcord_env: Any,
) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    member = t.players[0]
    dm = member.user.dm_channel.last_message
    shown = await member.user.click(dm, custom_id=f"dealer:act:{t.match_id}:bid:genre-shop")
    await t.close_phase()
    before = (await t.state()).model_dump()
    r = await member.user.submit_modal(shown, {"amount": "5"})
    assert r.ephemeral and r.response.content.startswith(
        "That form was for an earlier decision: Access phase, round 1 of 3 (the match has "
        "moved on to Auction phase"
    )
    assert (await t.state()).model_dump() == before


async def test_a_gift_is_told_to_its_giver_in_the_second_person_once(simcord_env: Any) -> None:
    """By `/give` in the channel the reply tells the giver and no DM repeats it; from the
    1-on-1's form, the DM tells it (the reply only accepts); the receiver reads "gave you"."""
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    giver, receiver = t.players[0], t.players[1]
    dm = giver.user.dm_channel.last_message
    shown = await giver.user.select(
        dm, [str(receiver.id)], custom_id=control(dm, f"dealer:actpick:{t.match_id}:give")
    )
    before = len(giver.user.dm_channel.history())
    r = await giver.user.submit_modal(shown, {"amount": "5"})
    assert r.response.content.startswith("You gave $5 to player1."), r.response.content
    told = [m.content for m in giver.user.dm_channel.history()[before:] if "gave" in m.content]
    told = [text for text in told if text != r.response.content]
    assert told == [], "in the DMs too, the reply is the receipt: no DM repeats it"
    assert "player0 gave you $5." in receiver.user.dm_channel.last_message.content

    before = len(giver.user.dm_channel.history())
    r = await giver.slash(t.channel, "give", member=receiver, amount=7)
    assert r.ephemeral and r.response.content.startswith("You gave $7 to player1."), (
        r.response.content
    )
    since = [m.content for m in giver.user.dm_channel.history()[before:]]
    assert not any("gave" in text for text in since), since
    assert "player0 gave you $7." in receiver.user.dm_channel.last_message.content
