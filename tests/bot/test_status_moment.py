"""The live status tells one moment at the moments the issue saw lag: its words and its
image's alt text come from the match as it stands. After every step of every game's whole
match it is checked in `tests/leaks/test_whole_matches.py`."""

from __future__ import annotations

import random
from typing import Any

from bot.players import COMPUTER_NAME
from tests.bot.conftest import Table
from tests.drivers.mars_auction import SETUP, Auction, to_the_purchases
from tests.drivers.project_mars import Mars


async def status_now(bot: Any, match_id: int, channel: Any) -> tuple[str, str]:
    """The status message's text and its image's alt text ("" without one)."""
    message_id = await bot.storage.status_message(match_id)
    message = next(m for m in channel.history() if m.id == message_id)
    alts = [a.description or "" for a in message.attachments]
    assert len(alts) <= 1
    return message.content, "".join(alts)


async def test_the_mars_auction_board_follows_a_keep_and_the_settled_setup(
    simcord_env: Any,
) -> None:
    """After ann kept her company the image no longer says she is choosing; once the setup
    is settled it says so, not that everyone is still buying."""
    table = Auction(simcord_env, 2)
    ann, bob = table.players
    await table.start(first_player=ann, display="; ".join(SETUP), setup_budget=40)
    await table.place(ann, [1, 2], how="numbers", in_one_on_one=False)
    await table.place(bob, [3, 4], how="menu", in_one_on_one=False)
    await table.pass_(ann, in_one_on_one=False)
    await table.pass_(bob, in_one_on_one=True)
    text, alt = await status_now(table.bot, table.match_id, table.channel)
    assert "Waiting for: ann and bob." in text
    assert "ann (A): choosing" in alt and "bob (B): choosing" in alt

    await table.choose(ann, "keep", ["Teractor"])
    text, alt = await status_now(table.bot, table.match_id, table.channel)
    assert "Waiting for: bob." in text
    assert "ann (A): has chosen" in alt and "bob (B): choosing" in alt, alt

    await table.choose(bob, "keep", ["Helion"])
    state = await to_the_purchases(table)
    await table.choose(ann, "buy", [state.display[12].name])
    await table.choose(bob, "buy", [])
    assert (await table.state()).step == "waiting"
    text, alt = await status_now(table.bot, table.match_id, table.channel)
    assert "Waiting for: nobody." in text
    assert alt.startswith("Mars Auction, Setup auction, round 3 of 3: settled."), alt
    assert "choosing" not in alt


async def test_a_finished_project_mars_match_shows_its_result_not_a_turn(
    simcord_env: Any,
) -> None:
    t = Mars(simcord_env)
    await t.practice(deck="fortress")
    rnd = random.Random(2)
    ann = t.pid(t.ann)
    while (await t.view(None))["phase"] != "ended":
        await t.act(ann, rnd)
    result = (await t.state()).result
    assert result is not None and result.winner is not None
    winner = t.ann.name if result.winner == ann else COMPUTER_NAME
    text, alt = await status_now(t.bot, t.match_id, t.channel)
    assert "the match is over" in text and f"**{winner}** wins" in text
    assert alt.startswith(f"Project Mars, Match over: {winner} wins."), alt
    assert "turn" not in alt
    asked = await t.ann.slash(t.channel, "match status")
    assert [a.description for a in asked.response.attachments] == [alt]


async def test_auction_auction_status_shows_no_earlier_rounds_results(
    simcord_env: Any,
) -> None:
    """In round 2's Access phase `/match status` shows no image (its bids are sealed), not
    round 1's access results; in its Auction phase, round 2's."""
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60, rounds=2)
    rnd = random.Random(3)
    await t.play_random_phase(rnd, by_button=False)
    await t.close_phase()
    asked = await t.host.slash(t.channel, "match status")
    assert [a.filename for a in asked.response.attachments] == ["access-round-1.png"]
    await t.play_random_phase(rnd, by_button=False)
    await t.close_phase()
    assert (await t.state()).round == 2
    asked = await t.host.slash(t.channel, "match status")
    assert asked.response.content.startswith("**Auction Auction** — Access phase, round 2 of 2")
    assert asked.response.attachments == []
    await t.play_random_phase(rnd, by_button=False)
    await t.close_phase()
    asked = await t.host.slash(t.channel, "match status")
    assert [a.filename for a in asked.response.attachments] == ["access-round-2.png"]
