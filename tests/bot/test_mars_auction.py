"""The Mars Auction through Discord (SimCord): both variants played to the end with 2 and 5
players through the board's menus and forms, the 1-on-1s and the host's commands, the final
allocation equal to the replay of the exported record; refusals; and what each person reads."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import discord
import pytest

from bot import steps
from bot.games.mars_auction.texts import MarsAuctionTexts
from games.core.contract import Pick
from games.core.drawing.words import join
from games.mars_auction import ENGINE
from games.tm_catalogue import PROJECT_TYPES, builtin, numbered
from tests.bot.conftest import make_bot, readable
from tests.drivers.mars_auction import (
    GAME,
    SETUP,
    Auction,
    legal,
    play_to_the_end,
    private,
    seed,  # noqa: F401 (a fixture, by name)
    step_menu,
    to_the_purchases,
)
from tests.drivers.project_mars import components_of, custom_ids
from tests.words import ruling_ids_sent
from tools.demo import unstamped

# -- whole matches ---------------------------------------------------------------------------


async def test_limited_two_players_setup_and_research_equal_the_replay(simcord_env: Any) -> None:
    table = Auction(simcord_env, 2)
    bob = table.players[1]
    await table.start(first_player=bob)
    assert (await table.state()).players[(await table.state()).starter] == table.pid(bob)
    board = table.board()
    assert board.attachments and board.attachments[0].filename == "setup-display.png"
    assert "bob's turn" in board.attachments[0].description
    report = await play_to_the_end(table, random.Random(3), research=[None], pass_rate=0.2)
    channel = "\n".join(m.content for m in table.channel.history())
    assert "**The setup auction is settled.**" in channel
    assert "Generation 1's research auction is settled." in channel
    assert "🏁 **The Mars Auction is over**" in channel
    record = await table.record()
    assert record["options"]["first_player"] == "bob", "the record names the first player"
    assert record["options"]["rules_version"] == 2, "and the rules it was played by (L17)"
    state = await table.state()
    for member in table.players:
        dms = "\n".join(m.content for m in member.user.dm_channel.history())
        assert "**Your settlement of the setup auction**: you paid" in dms
        assert "**Your settlement of generation 1's research auction**" in dms
        assert "M€** left." in dms, "the M€ left, the player's alone"
        held = state.seats[table.pid(member)]
        assert f"🏁 **Your holdings**: **{numbered(str(held.corporation))}**" in dms
    assert any(e["type"] == "card_awarded" for e in report["events"])
    assert ruling_ids_sent(simcord_env) == []


@pytest.mark.slow
async def test_limited_five_players_setup_and_a_research_display_entered_by_name(
    simcord_env: Any,
) -> None:
    table = Auction(simcord_env, 5)
    await table.start()
    state = await table.state()
    assert len(state.display) == 80
    board = table.board()
    place = re.compile(rf"dealer:actpick\d*:{table.match_id}:place")
    menus = [c for c in custom_ids(board) if place.fullmatch(c)]
    assert len(menus) == 4, "80 cards: companies, preludes and the projects in two menus"
    dealt = set(state.dealt)
    research = [c.name for c in builtin().select(types=PROJECT_TYPES) if c.name not in dealt][:20]
    await play_to_the_end(table, random.Random(5), research=[research], pass_rate=0.45)
    state = await table.state()
    assert [c.name for c in state.display[:20]] == research, "the host's research display"


@pytest.mark.slow
async def test_unlimited_two_players_setup_and_research_equal_the_replay(simcord_env: Any) -> None:
    table = Auction(simcord_env, 2)
    await table.start(variant="unlimited")
    board = table.board()
    assert f"dealer:act:{table.match_id}:raise" in custom_ids(board)
    assert "no bid yet" in board.content
    await play_to_the_end(table, random.Random(7), research=[None], pass_rate=0.5)
    assert ruling_ids_sent(simcord_env) == []


@pytest.mark.slow
async def test_unlimited_five_players_setup_equals_the_replay(
    simcord_env: Any,
) -> None:
    """Five players, the setup auction on a display entered by name, with corporations of a
    host's own list that start with 0 M€ and a setup budget of 0: every card of the setup
    goes at 0 M€ to whoever opens it (the others cannot pay 1 M€, U5), which keeps its 80
    lots short; then the end (research auctions are bid in earnest in the other tests)."""
    table = Auction(simcord_env, 5)
    corporations = [f"Zero Corp {n}" for n in range(1, 11)]
    csv = "name,type,cost,tags,starting M€\n" + "".join(
        f"{name},corporation,,,0\n" for name in corporations
    )
    preludes = [c.name for c in builtin().select(types=["prelude"])][:20]
    projects = [c.name for c in builtin().select(types=PROJECT_TYPES)][:50]
    await table.start(
        variant="unlimited",
        setup_budget=0,
        display="; ".join([*corporations, *preludes, *projects]),
        cards=("zero.csv", csv.encode()),
    )
    state = await table.state()
    assert [c.name for c in state.display] == [*corporations, *preludes, *projects]
    await play_to_the_end(table, random.Random(9), research=[], pass_rate=0.6)
    record = await table.record()
    assert record["options"]["cards_csv"] == csv, "the host's list replays with the record"


# -- refusals -------------------------------------------------------------------------------


async def refused(table: Auction, member: Any, result: Any, before: str, sentence: str) -> None:
    """A private refusal saying `sentence`, which changed nothing."""
    assert private(result), result.response.content
    assert sentence in result.response.content, result.response.content
    assert await table.dump() == before


async def test_bad_moves_get_a_private_refusal_and_change_nothing(simcord_env: Any) -> None:
    table = Auction(simcord_env, 2)
    ann, bob = table.players
    await table.start(start="research", first_player=ann)
    opened = await table.host_says("mars research")
    assert opened.response.content.startswith("You opened a research auction.")
    m = table.match_id
    assert (
        "**20 M€** (only you see it)" in (await table.budget(ann, 20, how="form")).response.content
    )
    answer = await table.budget(bob, 1, how="command")
    assert answer.ephemeral and "**1 M€** (only you see it)" in answer.response.content
    board = table.board()
    cards = await table.state()
    first = cards.display[0].name

    before = await table.dump()
    out_of_turn = await bob.select(board, ["1"], custom_id=step_menu(board, m, "place", "1"))
    await refused(table, bob, out_of_turn, before, "ann's turn")
    pass_out_of_turn = await bob.click(board, custom_id=f"dealer:act:{m}:pass")
    await refused(table, bob, pass_out_of_turn, before, "ann's turn")
    stranger = await table.onlooker.select(
        board, ["1"], custom_id=step_menu(board, m, "place", "1")
    )
    await refused(table, table.onlooker, stranger, before, "You are not playing in this match.")
    stranger_form = await table.onlooker.click(board, custom_id=f"dealer:ma:numbers:{m}")
    await refused(table, table.onlooker, stranger_form, before, "not playing in this match")
    for typed, sentence in [
        ("99", "There is no card 99 on display."),
        ("1 2 3", "At most 2 markers a turn."),
        ("one", "Type one or two card numbers"),
        ("\uff11", "Type one or two card numbers"),
        ("1 \u0663", "Type one or two card numbers"),
    ]:
        shown = await ann.click(board, custom_id=f"dealer:ma:numbers:{m}")
        assert shown.modal is not None
        await refused(table, ann, await ann.submit_modal(shown, {"cards": typed}), before, sentence)

    await table.place(ann, [1, 1], how="menu", in_one_on_one=False)
    too_much = await table.place(bob, [2, 3], how="numbers", in_one_on_one=False)
    await refused(
        table,
        bob,
        too_much,
        await table.dump(),
        "Your markers would come to 2 M€, and you have 1 M€ to pay with.",
    )
    dms = len(bob.user.dm_channel.history())
    placed = await table.place(bob, [2], how="menu", in_one_on_one=True)
    assert placed.response.content.startswith("You put a marker on card 2"), "the receipt"
    assert len(bob.user.dm_channel.history()) == dms, "and no DM repeats it"
    before = await table.dump()
    fourth = await table.place(ann, [1, 1], how="numbers", in_one_on_one=False)
    await refused(table, ann, fourth, before, f"4 of your markers on {first}; at most 3")
    composer = await ann.select(
        table.board(), ["1"], custom_id=step_menu(table.board(), m, "place", "1")
    )
    assert "none, a second one on it" not in composer.response.content, "no 4th marker offered"
    with pytest.raises(AssertionError, match="no menu"):
        step_menu(composer.response, m, "place|1", "1")
    assert step_menu(composer.response, m, "place|1", "none")
    for numbers in ([3, 3], [3, 4], [4, 4], [5, 5], [5, 6], [6, 6]):
        await table.place(ann, numbers, how="numbers", in_one_on_one=False)
    assert (await table.state()).seats[table.pid(ann)].placed == 14
    before = await table.dump()
    sixteenth = await table.place(ann, [7, 8], how="numbers", in_one_on_one=False)
    await refused(table, ann, sixteenth, before, "You have put out 14 of your 15 markers")
    await table.place(ann, [7], how="numbers", in_one_on_one=False)
    state = await table.state()
    assert state.step == "buy", "ann's 15 markers are out and bob cannot pay another: evaluated"
    assert state.seats[table.pid(ann)].money == 5, "20 M€ less the 15 her markers paid"
    won = [c.number for c in state.display if c.winner == table.pid(ann)]
    assert len(won) >= 3
    dm = table.dm_with(ann, f"dealer:ma:buynumbers:{m}")
    shown = await ann.user.click(dm, custom_id=f"dealer:ma:buynumbers:{m}")
    before = await table.dump()
    typed = " ".join(str(n) for n in won[:3])
    too_many = await ann.user.submit_modal(shown, {"cards": typed})
    assert "3 projects cost 6 M€, and you have 5 M€ left." in too_many.response.content
    assert await table.dump() == before
    menu = next(
        c
        for c in components_of(dm)
        if unstamped(c.get("custom_id", "")) == f"dealer:actpick:{m}:buy"
    )
    assert menu["max_values"] == 2, "the menu offers what 5 M€ buy"
    assert ruling_ids_sent(simcord_env) == []


async def test_a_raise_below_the_bid_is_refused_privately(simcord_env: Any) -> None:
    table = Auction(simcord_env, 2)
    ann, bob = table.players
    await table.start(variant="unlimited", start="research", first_player=ann)
    await table.host_says("mars research")
    await table.budget(ann, 10, how="host")
    await table.budget(bob, 10, how="host")
    board = table.board()
    assert f"dealer:act:{table.match_id}:pass" not in custom_ids(board), "the opener must bid"
    await table.raise_(ann, 3, in_one_on_one=False)
    before = await table.dump()
    low = await table.raise_(bob, 3, in_one_on_one=False)
    await refused(table, bob, low, before, "The bid is 3 M€ (ann): raise to 4 M€ or more.")
    high = await table.raise_(bob, 11, in_one_on_one=True)
    assert "You can pay at most 10 M€ for this card, not 11 M€." in high.response.content
    assert await table.dump() == before
    late = await ann.click(table.board(), custom_id=f"dealer:act:{table.match_id}:raise")
    await refused(table, ann, late, before, "bob's turn")
    assert ruling_ids_sent(simcord_env) == []


async def test_unlimited_the_1_on_1_money_agrees_with_the_bid_form_and_bids_get_a_receipt(
    simcord_env: Any,
) -> None:
    """U5: the setup budget is 23 M€ (PhoboLog's); ann wins card 1 for 5, so she may bid at
    most 18 on the next company, and her 1-on-1 says 18, not 23. A raise or a pass is
    answered with the card and the amount."""
    table = Auction(simcord_env, 2)
    ann, bob = table.players
    await table.start(variant="unlimited", first_player=ann, display="; ".join(SETUP))
    raised = await table.raise_(ann, 5, in_one_on_one=False)
    assert private(raised)
    assert raised.response.content.startswith("You bid **5 M€** on **1 · CrediCor (R08)**."), (
        raised.response.content
    )
    passed = await table.pass_(bob, in_one_on_one=False)
    assert passed.response.content.startswith("You pass on **1 · CrediCor (R08)**"), (
        passed.response.content
    )
    await table.raise_(bob, 0, in_one_on_one=False)
    [bid] = [a for a in await legal(table, ann) if a.key == "raise"]
    assert bid.amount is not None and bid.amount.max == 18
    me = await ann.slash(table.channel, "me")
    assert "You pay with **18 M€**" in me.response.content, me.response.content
    assert "23 M€" not in me.response.content, me.response.content
    too_much = await table.raise_(ann, 19, in_one_on_one=False)
    assert "at most 18 M€" in too_much.response.content, too_much.response.content
    from_one_on_one = await table.raise_(ann, 18, in_one_on_one=True)
    assert from_one_on_one.response.content.startswith(
        "You bid **18 M€** on **2 · Teractor (R30)**."
    ), "the receipt is the reply, in the 1-on-1 too"


# -- secrets --------------------------------------------------------------------------------


def readable_since(table: Auction, member: Any, seen: set[int]) -> str:
    """What `member` can read in messages that were not there in `seen`."""
    messages = [
        *table.channel.history(viewer=member),
        *member.user.dm_channel.history(),
        *table.replies.get(member.id, []),
    ]
    return "\n".join(readable([m for m in messages if m.id not in seen]))


def message_ids(table: Auction, member: Any) -> set[int]:
    return {
        m.id
        for m in (
            *table.channel.history(viewer=member),
            *member.user.dm_channel.history(),
            *table.replies.get(member.id, []),
        )
    }


async def test_budgets_keeps_and_purchases_reach_nobody_else_before_their_reveal(
    simcord_env: Any,
) -> None:
    """MA-D3: a budget is its player's alone (the host's too, when the host sets it); which
    company a player keeps and which projects they buy are sealed until everyone asked has
    chosen, then revealed together."""
    table = Auction(simcord_env, 2)
    ann, bob = table.players
    others = {ann.id: [bob, table.onlooker, table.host], bob.id: [ann, table.onlooker, table.host]}
    await table.start(first_player=ann, display="; ".join(SETUP), setup_budget=40)
    await table.place(ann, [1, 2], how="numbers", in_one_on_one=False)
    await table.place(bob, [3, 4], how="menu", in_one_on_one=False)
    await table.pass_(ann, in_one_on_one=False)
    await table.pass_(bob, in_one_on_one=True)
    assert (await table.state()).step == "keep"
    asked = table.dm_with(ann, f"dealer:actpick:{table.match_id}:keep")
    assert "**Choose** the 1 company you keep in the menu below." in asked.content
    assert (
        "**Keeping companies**: you won more than a player keeps (1 company); choose below."
        in asked.content
    ), "in the player's own DM, to them (issue 41)"
    assert "their 1-on-1" not in asked.content and "ann and bob won" not in asked.content
    assert "ann and bob won more than a player keeps" in "\n".join(
        m.content for m in table.channel.history()
    ), "the channel speaks of them"

    seen = {m.id: message_ids(table, m) for m in [ann, bob, table.onlooker, table.host]}
    r = await table.choose(ann, "keep", ["Teractor"])
    assert "Your choice so far: **Teractor (R30)**" in r.response.content
    for member in others[ann.id]:
        assert "Teractor" not in readable_since(table, member, seen[member.id]), member.name
    assert "ann has chosen." in await table.board_text(), "on the board message"
    await table.choose(bob, "keep", ["Helion"])
    channel = "\n".join(m.content for m in table.channel.history())
    assert "ann: **Teractor (R30)**" in channel and "bob: **Helion (R18)**" in channel, (
        "revealed together, each with its printed number"
    )

    state = await to_the_purchases(table)
    bought = state.display[12].name
    seen = {m.id: message_ids(table, m) for m in [ann, bob, table.onlooker, table.host]}
    await table.choose(ann, "buy", [bought])
    for member in others[ann.id]:
        later = readable_since(table, member, seen[member.id])
        assert bought not in later, member.name
    await table.choose(bob, "buy", [])
    assert f"ann: buys **{bought}** for 2 M€" in "\n".join(
        m.content for m in table.channel.history()
    )

    await table.host_says("mars research")
    budgets = {ann.id: (987, "form"), bob.id: (654, "host")}
    for member in (ann, bob):
        amount, how = budgets[member.id]
        table.note(member, await table.budget(member, amount, how=how))
    for member in (ann, bob):
        amount, _ = budgets[member.id]
        assert f"**{amount} M€**" in table.seen_by(member)
        for other in others[member.id]:
            assert f"{amount} M€" not in table.seen_by(other), (member.name, other.name)
    status = await table.onlooker.slash(table.channel, "match status")
    assert "987" not in status.response.content and "654" not in status.response.content


# -- time, restarts and the host ------------------------------------------------------------


async def test_old_controls_work_after_a_restart_and_a_deadline_passes(
    simcord_env: Any, db_path: Path
) -> None:
    table = Auction(simcord_env, 2)
    ann, bob = table.players
    await table.start(first_player=ann, turn_minutes=5)
    m = table.match_id
    board = table.board()
    assert "⏳ The phase closes <t:" in board.content, "the board says the turn's deadline"
    assert f"<@{ann.id}>: your turn." in board.content, "the first call, on the board"
    asked = await ann.select(board, ["13"], custom_id=step_menu(board, m, "place", "13"))
    assert asked.response.content.startswith("A marker on **13 · "), asked.response.content
    assert "none, a second one on it or one on another card" in asked.response.content
    before = await table.dump()

    await simcord_env.restart_bot(make_bot(db_path))

    assert await table.dump() == before
    twice = step_menu(asked.response, m, "place|13", "13")
    done = await ann.select(asked.response, ["13"], custom_id=twice)
    assert done.response.content.startswith("You put two markers on card 13"), done.response
    second = await table.place(bob, [1, 2], how="menu", in_one_on_one=False)
    assert second.response.content.startswith("You put markers on cards 1 and 2")
    assert (await table.state()).to_act == table.pid(ann)

    await simcord_env.advance_time(5 * 60 + 1)
    state = await table.state()
    assert state.seats[table.pid(ann)].passed and state.to_act == table.pid(bob)
    channel = "\n".join(m.content for m in table.channel.history())
    assert "⏰ Time is up for ann: the default is taken." in channel
    assert "ann passes for the rest of this round (no marker they can put, or time)." in channel


async def test_the_hosts_controls_work_in_a_mars_auction(simcord_env: Any) -> None:
    """status, pause and resume, extend, close-phase, undo, kick and forfeit, and `/mars
    research` and `/mars end` refused in the middle of an auction."""
    table = Auction(simcord_env, 3)
    ann, bob, cleo = table.players
    await table.start(first_player=ann)
    status = await table.onlooker.slash(table.channel, "match status")
    assert status.ephemeral and "Waiting for: ann." in status.response.content
    assert "⏳ The phase closes <t:" in status.response.content
    assert "Setup auction, round 1 of 3, limited variant. Starting player: ann." in (
        status.response.content
    )
    for command, answer in [
        ("match pause", "Paused."),
        ("match resume", "Resumed."),
        ("match close-phase", "You closed **Setup auction, round 1 of 3"),
    ]:
        r = await table.host_says(command)
        assert r.response.content.startswith(answer), r.response.content
    state = await table.state()
    assert state.seats[table.pid(ann)].passed and state.to_act == table.pid(bob)
    undo = await table.host_says("match undo")
    yes = next(c for c in custom_ids(undo.response) if c.startswith("dealer:undo:"))
    await table.host.click(undo.response, custom_id=yes)
    assert (await table.state()).to_act == table.pid(ann), "the close-phase is taken back"
    extended = await table.host_says("match extend", minutes=5)
    assert extended.response.content == "Extended by 5 minutes."
    log = await table.host_says("match log")
    assert private(log) and log.response.content == (
        "The record of a Mars Auction match is given once the match is over: its seed deals the "
        "research displays still to come, and its moves hold every budget."
    )
    for command in ("mars research", "mars end"):
        r = await table.host_says(command)
        assert not r.response.components, f"/{command} is refused at once, with no question"
        assert private(r) and "An auction is running" in r.response.content, r.response.content
    not_host = await bob.slash(table.channel, "mars research")
    assert "Only a host can do that" in not_host.response.content
    await table.place(ann, [1, 2], how="menu", in_one_on_one=False)
    kicked = await table.host_says("match kick", member=ann)
    assert kicked.response.content.startswith("You removed ann from the match.")
    state = await table.state()
    assert state.seats[table.pid(ann)].kicked
    assert all(not c.markers.get(table.pid(ann)) for c in state.display), "MA-D7"
    asked = await cleo.slash(table.channel, "match forfeit")
    assert "markers come off the cards" in asked.response.content
    await cleo.click(asked.response, custom_id=f"dealer:forfeit:{table.match_id}")
    assert "cleo has conceded and left the match." in await table.board_text()
    last = await bob.slash(table.channel, "match forfeit")
    assert not last.response.components, "refused at once, not after a Yes"
    assert "You are the last player left; the host can end the match." in last.response.content
    channel = "\n".join(m.content for m in table.channel.history())
    assert "The host removed ann from the match" in channel
    assert ruling_ids_sent(simcord_env) == []


async def test_a_phase_closed_while_paused_into_the_hosts_wait_has_no_clock(
    simcord_env: Any,
) -> None:
    """Closing the last phase of an auction while paused reaches the wait for the host's next
    research auction, which has no clock: it opens unpaused, with no deadline, and a resume
    gives it none (it gave the closed phase's time left, a deadline that did nothing)."""
    table = Auction(simcord_env, 2)
    await table.start(start="research")
    await table.host_says("mars research")
    assert (await table.host_says("match pause")).response.content == "Paused."
    for _ in range(20):
        if (await table.state()).step == "waiting":
            break
        await table.host_says("match close-phase")
    assert (await table.state()).step == "waiting"
    row = await table.bot.storage.match(table.match_id)
    assert row is not None and (row.deadline, row.paused_remaining) == (None, None)
    said = [m.content for m in table.channel.history()]
    assert (
        said.count("▶️ The match is no longer paused: the phase now open has no clock to stop.") == 1
    ), "the channel, told of the pause, is told it ended"
    resumed = await table.host_says("match resume")
    assert private(resumed) and resumed.response.content == "The match is not paused."
    status = await table.onlooker.slash(table.channel, "match status")
    assert "closes <t:" not in status.response.content and "stopped" not in (
        status.response.content
    )


async def test_the_wait_for_the_first_research_auction_says_what_it_waits_for(
    simcord_env: Any,
) -> None:
    """A match that starts with research auctions waits for the host's `/mars research`:
    status and 1-on-1 say so (they said the phase waited for a close-phase, which is refused
    there, and that 'generation 0's research auction' was settled)."""
    table = Auction(simcord_env, 2)
    ann, _ = table.players
    await table.start(start="research", first_player=ann)
    status = (await table.onlooker.slash(table.channel, "match status")).response.content
    assert "No clock: the match waits for the host's `/mars research` or `/mars end`." in status
    me = (await ann.slash(table.channel, "me")).response.content
    assert "**Your 1-on-1 — Mars Auction**, research auctions" in me, me
    assert "Waiting for the host to open the first research auction (`/mars research`)." in me
    assert "generation 0" not in (status + me).lower() and "settled" not in status + me


async def test_the_budget_form_counts_in_m_euros(simcord_env: Any) -> None:
    """The form's refusal names M€, and takes an amount typed with them."""
    table = Auction(simcord_env, 2)
    ann, _ = table.players
    await table.start(start="research", first_player=ann)
    await table.host_says("mars research")
    refused = await table.budget(ann, "12.5", how="form")  # type: ignore[arg-type]
    assert refused.ephemeral and refused.response.content == (
        "'12.5' is not an amount: type a whole number of M€ with the digits 0-9, such as 25 or "
        "25 M€."
    )
    stated = await table.budget(ann, "25 M€", how="form")  # type: ignore[arg-type]
    assert "**25 M€** (only you see it)" in stated.response.content, stated.response.content


async def test_an_undo_words_each_move_it_takes_back(simcord_env: Any) -> None:
    """The channel and the DMs read the moves an undo takes back in words: the research
    display's names with their printed numbers, the cards a marker went on (they read as
    Python's lists)."""
    table = Auction(simcord_env, 2)
    ann, bob = table.players
    await table.start(start="research", first_player=ann)
    names = [c.name for c in builtin().select(types=PROJECT_TYPES)][:8]
    await table.host_says("mars research", cards="; ".join(names))
    asked = await table.host_says("match undo")
    yes = next(c for c in custom_ids(asked.response) if c.startswith("dealer:undo:"))
    await table.host.click(asked.response, custom_id=yes)
    said = table.channel.history()[-1].content
    assert said.startswith(
        "↩️ The host undid their research auction of "
        f"{join([numbered(n) for n in names])}, opened by ann."
    ), said
    await table.host_says("mars research")
    await table.budget(ann, 20, how="host")
    await table.budget(bob, 20, how="host")
    for how in ("numbers", "menu"):  # stored as `cards`, or as the menus' `card`, `second`
        await table.place(ann, [1, 2], how=how, in_one_on_one=False)
        asked = await table.host_says("match undo")
        yes = next(c for c in custom_ids(asked.response) if c.startswith("dealer:undo:"))
        await table.host.click(asked.response, custom_id=yes)
        told = ann.user.dm_channel.history()[-1].content
        assert "- your markers on cards 1 and 2\n" in told, (how, told)


async def test_the_host_names_each_generations_first_player_or_takes_the_next_seat(
    simcord_env: Any,
) -> None:
    """L17: ann starts the setup; the marker passes three times in it (back to ann), yet the
    first research auction is opened by the seat after the last generation's first player,
    bob; the host may name another with `first_player`, and the move records whom."""
    table = Auction(simcord_env, 3)
    ann, bob, _ = table.players
    await table.start(first_player=ann)
    while (await table.state()).step != "waiting":
        closed = await table.host_says("match close-phase")
        assert closed.response.content.startswith("You closed"), closed.response.content
    assert (await table.state()).players[(await table.state()).starter] == table.pid(ann)
    status = await table.onlooker.slash(table.channel, "match status")
    assert "Starting player" not in status.response.content, "the marker opens nothing now"
    assert (
        "Its first player, who opens it, is bob (the next player after ann, the setup's first "
        "player) unless the host names another."
    ) in status.response.content
    opened = await table.host_says("mars research")
    assert opened.response.content.startswith("You opened"), opened.response.content
    said = "\n".join(m.content for m in table.channel.history())
    assert (
        "bob is generation 1's first player and opens its auction: the next player after ann, "
        "the setup's first player. A research auction is opened by the generation's first "
        "player, not by whoever the starting player marker has reached."
    ) in said
    seen = {m.id for m in table.channel.history()}
    for member in table.players:
        await table.budget(member, 10, how="command")
    assert (await table.state()).to_act == table.pid(bob)
    said = "\n".join(m.content for m in table.channel.history() if m.id not in seen)
    assert "The budgets are in: **bob**, generation 1's first player, opens the bidding." in said
    while (await table.state()).step != "waiting":
        await table.host_says("match close-phase")
    status = await table.onlooker.slash(table.channel, "match status")
    assert "is cleo (the next player after bob, generation 1's first player)" in (
        status.response.content
    )
    named = await table.host_says("mars research", first_player=ann)
    assert named.response.content.startswith("You opened"), named.response.content
    said = "\n".join(m.content for m in table.channel.history())
    assert "ann is generation 2's first player and opens its auction: named by the host." in said
    for member in table.players:
        await table.budget(member, 10, how="command")
    assert (await table.state()).to_act == table.pid(ann)
    moves = [m for _, _, m in await table.bot.storage.moves(table.match_id)]
    research = [m for m in moves if m["type"] == "research"]
    assert [m["first_player"] for m in research] == [table.pid(bob), table.pid(ann)]


async def test_an_opener_with_no_m_euros_is_told_what_happens_and_bids_name_their_card(
    simcord_env: Any,
) -> None:
    """Unlimited research auctions: ann, the first player with a budget of 0 M€, must open
    card 1 (U2) and can pay 0 (U5): her 1-on-1 and the form say that 0 M€ is her one bid
    (not "0 to 0"), and that a project won so is discarded, unbought (L16); she is warned
    when she bids, and the buy step and the wait say what her M€ are in plain words. Every
    bid and pass in the channel names its card: both auctions have a card 1."""
    table = Auction(simcord_env, 3)
    ann, bob, cleo = table.players
    await table.start(variant="unlimited", start="research", first_player=ann)
    seen: set[int] = set()
    names: list[str] = []
    for generation in (1, 2):
        await table.host_says("mars research")
        for member, amount in ((ann, 0), (bob, 20), (cleo, 10)):
            await table.budget(member, amount, how="command")
        state = await table.state()
        card = f"**1 · {numbered(state.display[0].name)}**"
        names.append(card)
        opener = state.to_act
        assert opener == table.pid(ann if generation == 1 else bob)
        if generation == 1:
            me = (await table.one_on_one(ann)).content
            assert (
                f"**Your turn** to open {card}: you have 0 M€, so your bid is 0 M€ (**Raise**): "
                "whoever opens a card must bid, and cannot pass. Should nobody raise, the card "
                "is yours for 0 M€; you cannot buy it for 2 M€, so it is then discarded."
            ) in me, me
            shown = await ann.click(table.board(), custom_id=f"dealer:act:{table.match_id}:raise")
            assert shown.modal is not None
            [field] = [c for row in shown.modal["components"] for c in row["components"]]
            assert (field["label"], field["placeholder"], field.get("value")) == (
                "All you can pay: 0 M€",
                "0: the one amount you can give",
                "0",
            )
            bid = await ann.submit_modal(shown, {"amount": "0"})
            assert (
                f"⚠️ Should you win {card} with this bid, you will have 0 M€ left: less than "
                "the 2 M€ a won project costs to buy, so it will be discarded and your bid "
                "stays paid."
            ) in bid.response.content, bid.response.content
        else:
            await table.raise_(bob, 3, in_one_on_one=False)
        if generation == 1:
            await table.pass_(bob, in_one_on_one=False)
        await table.pass_(cleo, in_one_on_one=False)
        said = [
            line
            for message in table.channel.history()
            if message.id not in seen
            for line in message.content.splitlines()
        ]
        seen |= {message.id for message in table.channel.history()}
        assert f"cleo passes on {card}." in said, said
        assert (
            f"bob passes on {card}."
            if generation == 1
            else f"ann cannot raise and passes on {card}."
        ) in said, said
        assert not [line for line in said if re.search(r" on card \d", line)], said
        while (await table.state()).step == "bidding":
            await table.host_says("match close-phase")
        if generation == 1:
            dms = "\n".join(m.content for m in ann.user.dm_channel.history())
            assert (
                "You have 0 M€ left: not enough to buy a won project, at 2 M€ each. **Buy "
                "none** below: your won projects are discarded, and their bids stay paid."
            ) in dms
        while (await table.state()).step != "waiting":
            await table.host_says("match close-phase")
    assert names[0] != names[1]
    me = (await bob.slash(table.channel, "me")).response.content
    assert (
        "You have **17 M€** left, by Dealer's count: what you paid with, less what you paid "
        "since. At the next research auction you state your M€ again."
    ) in me, me


# -- creating a match -----------------------------------------------------------------------


async def test_create_checks_the_display_and_the_card_list_at_once(simcord_env: Any) -> None:
    table = Auction(simcord_env, 2)
    create = f"match create {GAME}"
    typo = "; ".join(["Credicorp", *SETUP[1:]])
    r = await table.host_says(create, display=typo)
    assert r.ephemeral
    assert "There is no card called 'Credicorp' in the catalogue. Did you mean" in (
        r.response.content
    )
    short = await table.host_says(create, display="; ".join(SETUP[:3] + SETUP[4:]))
    assert "these names hold 3 companies" in short.response.content
    shuffled = await table.host_says(
        create, display="; ".join([*SETUP[:4], SETUP[20], *SETUP[4:20], *SETUP[21:]])
    )
    assert "order companies, preludes, projects" in shuffled.response.content
    both = await table.host_says(create, display="; ".join(SETUP), start="research")
    assert "`display` is the setup's display" in both.response.content
    bad_csv = "name,type,cost,tags,starting M€\nGood Corp,corporation,,,40\nBad Card,blue,5,,\n"
    csv = await table.host_says(create, cards=("mine.csv", bad_csv.encode()))
    assert csv.ephemeral and "`cards`: mine.csv cannot be used." in csv.response.content
    assert "line 3: the type 'blue' is not one of" in csv.response.content
    assert await table.bot.storage.open_match_in(table.channel.id) is None, "nothing opened"

    ann, bob = table.players
    r = await table.host_says(create, first_player=table.onlooker, display="; ".join(SETUP))
    assert not r.ephemeral and "display entered by the host (32 cards)" in r.response.content
    for member in (ann, bob):
        await member.click(r.response, label="Join")
    refused_start = await table.host.click(r.response, label="Start")
    assert refused_start.ephemeral
    assert f"first_player '<@{table.onlooker.id}>' is not a player" in (
        refused_start.response.content
    )


async def test_card_names_autocomplete(simcord_env: Any) -> None:
    table = Auction(simcord_env, 2)
    shown = await table.host.autocomplete(
        table.channel, f"match create {GAME}", "display", "CrediCor; tera"
    )
    assert shown[0] == {
        "name": "CrediCor; Teractor (R30, corporation, starts with 60 M€)",
        "value": "CrediCor; Teractor",
    }
    await table.start(start="research")
    research = await table.host.autocomplete(table.channel, "mars research", "cards", "arctic al")
    assert research[0]["value"] == "Arctic Algae"
    corporations = await table.host.autocomplete(table.channel, "mars research", "cards", "Teract")
    assert corporations == [], "a research display holds projects only"
    long = "; ".join(SETUP[12:20]) + "; Arc"
    assert await table.host.autocomplete(table.channel, "mars research", "cards", long) == []


async def test_sets_choose_what_is_dealt_and_suggested(simcord_env: Any) -> None:
    """`sets:` a name that is no set is refused at once, naming the sets; the option is
    suggested as it is typed; the display's suggestions are of the sets typed; a match of
    Prelude and Venus Next deals their cards only, and says so."""
    table = Auction(simcord_env, 2)
    create = f"match create {GAME}"
    bad = await table.host_says(create, sets="base, venuss")
    assert bad.ephemeral and bad.response.content.startswith(
        "`sets`: There is no set called 'venuss'. The sets are base (base game), corpera"
    )
    assert await table.bot.storage.open_match_in(table.channel.id) is None, "nothing opened"
    offered = await table.host.autocomplete(table.channel, create, "sets", "base, ve")
    assert offered == [{"name": "base, venus", "value": "base, venus"}]
    display = await table.host.autocomplete(table.channel, create, "display", "venus gov")
    assert display == [], "Venus Next is not a default set"
    display = await table.host.autocomplete(
        table.channel, create, "display", "venus gov", sets="base, venus"
    )
    assert display[0]["name"] == "Venus Governor (255, automated, 4 M€)"

    created = await table.host_says(create, sets="venus, prelude")
    assert "sets: Prelude and Venus Next" in created.response.content
    for member in table.players:
        await member.click(created.response, label="Join")
    await table.host.click(created.response, label="Start")
    row = await table.bot.storage.open_match_in(table.channel.id)
    assert row is not None
    table.match_id = row.id
    dealt = [builtin().get(card.name) for card in (await table.state()).display]
    assert {card.expansion for card in dealt if card} == {"prelude", "venus"}
    assert len(dealt) == 32 and all(dealt)
    research = await table.host.autocomplete(table.channel, "mars research", "cards", "venus gov")
    assert [c["value"] for c in research] == ["Venus Governor"]
    assert await table.host.autocomplete(table.channel, "mars research", "cards", "arctic al") == []


def test_eighty_cards_fit_four_menus_of_25_by_kind() -> None:
    """A five-player setup display: companies 1-10, preludes 11-30, projects in two menus;
    a card picked, the second marker's menus add the card itself (none, or a second one on
    it) to the others, five menus in all."""
    state, _ = ENGINE.setup(["a", "b", "c", "d", "e"], ENGINE.parse_options({}), 3)
    player = ENGINE.turn(state).may[0]
    place = next(a for a in ENGINE.legal_actions(state, player) if a.key == "place")
    assert place.pick is not None
    assert [(m.title, len(m.choices)) for m in steps.menus(place.pick)] == [
        ("Companies 1–10", 10),
        ("Preludes 11–30", 20),
        ("Projects 31–55", 25),
        ("Projects 56–80", 25),
    ]
    second = place.next_step({"card": "12"})
    assert isinstance(second, Pick)
    assert [(m.title, len(m.choices)) for m in steps.menus(second)] == [
        ("This card", 2),
        ("Companies 1–10", 10),
        ("Preludes 11–30", 19),
        ("Projects 31–55", 25),
        ("Projects 56–80", 25),
    ]
    assert [c.value for c in second.choices[:2]] == ["none", "12"]
    assert place.build({"card": "12", "second": "none"}) == {
        "type": "place",
        "card": "12",
        "second": "none",
    }
    assert ENGINE.parse_move(place.build({"card": "12", "second": "12"})).cards == [12, 12]
    assert ENGINE.parse_move(place.build({"card": "12", "second": "40"})).cards == [12, 40]
    assert ENGINE.parse_move(place.build({"card": "12", "second": "none"})).cards == [12]


async def post_earlier(table: Auction, custom_id: str, options: list[str] | None = None) -> Any:
    """A message with one control as earlier versions posted it (a menu of `options`, or a
    button), in the channel."""
    view = discord.ui.View(timeout=None)
    if options is None:
        view.add_item(discord.ui.Button(label="earlier", custom_id=custom_id))
    else:
        choices = [discord.SelectOption(label=o, value=o) for o in options]
        view.add_item(
            discord.ui.Select(custom_id=custom_id, options=choices, max_values=len(options))
        )
    await table.bot.get_channel(table.channel.id).send("An earlier board", view=view)
    view.stop()
    return table.channel.history()[-1]


async def test_controls_of_earlier_versions_are_refused_politely(simcord_env: Any) -> None:
    """Menus and buttons posted before the Mars Auction played through the generic controls
    (`dealer:ma:cards:`, `dealer:ma:second:`, `dealer:ma:put:`, `dealer:ma:buynone:`) did not
    say which decision they were for: each is refused in words, changing nothing."""
    table = Auction(simcord_env, 2)
    ann = table.players[0]
    await table.start(first_player=ann, display="; ".join(SETUP), setup_budget=40)
    m = table.match_id
    before = await table.dump()
    for custom_id, options in (
        (f"dealer:ma:cards:{m}:0", ["1", "2"]),
        (f"dealer:ma:second:{m}:3:0", ["4"]),
    ):
        old = await post_earlier(table, custom_id, options)
        r = await ann.select(old, options, custom_id=custom_id)
        await refused(table, ann, r, before, "That menu was posted by an earlier version")
    for custom_id in (f"dealer:ma:put:{m}:6-2", f"dealer:ma:buynone:{m}"):
        old = await post_earlier(table, custom_id)
        r = await ann.click(old, custom_id=custom_id)
        await refused(table, ann, r, before, "That button was posted by an earlier version")
        assert "`/me`" in r.response.content


async def test_an_answer_to_a_step_no_longer_asked_is_refused(simcord_env: Any) -> None:
    """With 1 M€ free, ann's markers take no second step: a menu of that step (posted when
    she had room for two, say) is refused politely, and nothing is placed, not even the first
    card's marker."""
    table = Auction(simcord_env, 2)
    ann, bob = table.players
    await table.start(start="research", first_player=ann)
    await table.host_says("mars research")
    await table.budget(ann, 1, how="host")
    await table.budget(bob, 20, how="host")
    place = next(a for a in await legal(table, ann) if a.key == "place")
    assert place.pick is not None and not any(c.then for c in place.pick.choices)
    m = table.match_id
    board = table.board()
    before = await table.dump()
    shown = re.search(r"@\d+", step_menu(board, m, "place", "1"))
    assert shown is not None
    stale = f"dealer:actpick:{m}{shown[0]}:place|1"
    old = await post_earlier(table, stale, ["2"])
    r = await ann.select(old, ["2"], custom_id=stale)
    await refused(table, ann, r, before, "That choice is not open any more")
    done = await ann.select(board, ["1"], custom_id=step_menu(board, m, "place", "1"))
    assert done.response.content.startswith("You put a marker on card 1"), done.response.content


def test_every_event_names_a_card_with_its_printed_number() -> None:
    """As the display, the 1-on-1s and the settlements list them ("Teractor (R30)"), every
    event that names a card names it with its printed number, a card on display after its
    display number ("**3 · Biolab (P04)**"); a host's own card has none to show."""
    texts = MarsAuctionTexts()

    def said(event_type: str, **fields: Any) -> str | None:
        return texts.describe({"type": event_type, "audience": {"kind": "public"}, **fields}, str)

    assert said("lot_opened", number=3, card="Biolab", opener="ann") == (
        "**3 · Biolab (P04)** is up for auction; ann opens the bidding (0 M€ or more)."
    )
    assert said("lot_restarted", number=3, card="Biolab") == (
        "**3 · Biolab (P04)** starts again: a bidder left the match."
    )
    assert said(
        "card_drawn",
        player="bob",
        card="Biolab",
        kind="prelude",
        candidates=["Allied Bank", "Biolab", "My Own Prelude"],
    ) == (
        "🎲 bob won fewer preludes than they keep: they draw **Biolab (P04)** at random, free, "
        "from Allied Bank (P01), Biolab (P04), My Own Prelude."
    )
    assert said("card_discarded", player="ann", card="Helion") == ("ann discards **Helion (R18)**.")
    assert said(
        "corporations_chosen",
        players={
            "ann": {"corporation": "Teractor", "paid": 1},
            "bob": {"corporation": None, "paid": 0},
        },
    ) == (
        "**Corporations** (company bids are paid once the corporation's M€ are in):\n"
        "ann: **Teractor (R30)**, pays 1 M€ for their company bids.\n"
        "bob: none, pays 0 M€ for their company bids."
    )
    bought = {
        "bought": ["Deep Well Heating"],
        "discarded": ["Colonizer Training Camp", "Asteroid Mining Consortium"],
        "paid": 2,
    }
    assert said("projects_bought", players={"ann": bought}) == (
        "**Projects bought:**\n"
        "ann: buys **Deep Well Heating (003)** for 2 M€; discards **Colonizer Training Camp "
        "(001)** and **Asteroid Mining Consortium (002)**."
    )


async def test_time_up_in_a_keep_says_what_the_late_player_alone_gets(
    simcord_env: Any,
) -> None:
    """MA-D5: ann keeps Teractor in time; bob does not choose before the step's deadline, so
    he alone keeps his first company in display order (PhoboLog) and discards the other.
    The channel says so of bob, not of everyone."""
    table = Auction(simcord_env, 2)
    ann, bob = table.players
    await table.start(first_player=ann, display="; ".join(SETUP), setup_budget=40)
    await table.place(ann, [1, 2], how="numbers", in_one_on_one=False)
    await table.place(bob, [3, 4], how="numbers", in_one_on_one=False)
    await table.pass_(ann, in_one_on_one=False)
    await table.pass_(bob, in_one_on_one=False)
    assert (await table.state()).step == "keep"
    await table.choose(ann, "keep", ["Teractor"])

    await simcord_env.advance_time(30 * 60 + 1)
    channel = "\n".join(m.content for m in table.channel.history())
    assert (
        "⏰ Time is up for bob, who keeps the first cards they won, in display order, as many "
        "as a player keeps, and discards the rest."
    ) in channel, channel
    assert "bob discards **Helion (R18)**." in channel
    assert "ann: **Teractor (R30)**" in channel and "bob: **PhoboLog (R09)**" in channel
    seats = (await table.state()).seats
    assert (seats[table.pid(ann)].corporation, seats[table.pid(bob)].corporation) == (
        "Teractor",
        "PhoboLog",
    )


def test_time_up_names_the_late_players_as_the_ones_who_get_the_default() -> None:
    """MA-D5 in words, for one late player and for two: the default is theirs ("bob, who
    keeps"), never "each", which read as everyone's."""
    texts = MarsAuctionTexts()

    def said(step: str, players: list[str]) -> str | None:
        event = {"type": "defaults_applied", "audience": {"kind": "public"}}
        return texts.describe({**event, "step": step, "players": players}, str)

    assert said("budget", ["bob"]) == (
        "⏰ Time is up for bob, who keeps as their budget the M€ they had left, by Dealer's "
        "count (0 if none)."
    )
    assert said("budget", ["bob", "cleo"]) == (
        "⏰ Time is up for bob and cleo, who keep as their budget the M€ they had left, by "
        "Dealer's count (0 if none)."
    )
    assert said("keep", ["bob", "cleo"]) == (
        "⏰ Time is up for bob and cleo, who keep the first cards they won, in display order, "
        "as many as a player keeps, and discard the rest."
    )
    assert said("buy", ["bob"]) == (
        "⏰ Time is up for bob, who buys none of the projects they won: those are discarded."
    )
    assert said("bidding", ["ann"]) == "⏰ Time is up for ann: the default is taken."
    assert said("buy", []) is None
