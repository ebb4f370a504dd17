"""Deadlines, reminders, pause and extend (virtual time), and restarts that lose nothing."""

from __future__ import annotations

import gc
import random
import weakref
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.components import ActButton, BidButton
from bot.presenter import Presenter
from games.auction_auction import ENGINE
from tests.bot.conftest import Table, make_bot, seen_by
from tests.drivers.common import close_dms_of

MINUTE = 60


async def test_restart_mid_phase_loses_nothing(simcord_env: Any, db_path: Path) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    confirmed = await t.bid_by_button(t.players[0], "genre-shop", 30)
    assert "Your sealed bid of $30 on Genre Shop is recorded." in confirmed.response.content
    assert "Genre Shop, $30" in confirmed.response.content
    await t.players[1].slash(t.channel, "bid", target="wolley-limited", amount=20)
    old_dm = t.players[2].user.dm_channel.last_message

    await simcord_env.restart_bot(make_bot(db_path))

    me = await t.players[0].slash(t.channel, "me")
    assert "Genre Shop, $30" in me.response.content
    shown = await t.players[2].user.click(
        old_dm, custom_id=f"dealer:act:{t.match_id}:bid:genre-shop"
    )
    r = await t.players[2].user.submit_modal(shown, {"amount": "25"})
    assert "Genre Shop, $25" in r.response.content, "a button posted before the restart works"
    await t.close_phase()
    results = "\n".join(m.content for m in t.channel.history())
    assert "player0 $30" in results and "player1 $20" in results and "player2 $25" in results


async def test_controls_posted_by_earlier_versions_are_refused_politely(simcord_env: Any) -> None:
    """Earlier versions posted controls that did not say which decision they were for (a bid
    button `dealer:bid:<match>:<target>`, a generic one `dealer:act:<match>:<key>`), the same
    id serving several decisions in a row: they are refused in words, nothing changed."""
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    member = t.players[0]
    old = discord.ui.View(timeout=None)
    old.add_item(BidButton(f"dealer:bid:{t.match_id}:genre-shop"))
    old.add_item(
        ActButton(t.match_id, None, "bid:genre-shop", "Genre Shop", discord.ButtonStyle.primary)
    )
    row = await t.bot.service.row(t.match_id)
    assert row is not None
    await t.bot.presenter.dm(row, member.id, "1-on-1", view=old)
    dm = member.user.dm_channel.last_message
    before = (await t.state()).model_dump()
    for custom_id in (
        f"dealer:bid:{t.match_id}:genre-shop",
        f"dealer:act:{t.match_id}:bid:genre-shop",
    ):
        r = await member.user.click(dm, custom_id=custom_id)
        assert r.modal is None and r.response.content == (
            "That button was posted by an earlier version of Dealer, which did not record the "
            "decision it was for: your 1-on-1 (`/me`) shows the current one."
        )
    assert (await t.state()).model_dump() == before


async def test_form_shown_before_a_restart_is_still_answered(
    simcord_env: Any, db_path: Path
) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    dm = t.players[0].user.dm_channel.last_message
    shown = await t.players[0].user.click(dm, custom_id=f"dealer:act:{t.match_id}:bid:genre-shop")
    await simcord_env.restart_bot(make_bot(db_path))
    r = await t.players[0].user.submit_modal(shown, {"amount": "12"})
    assert "Genre Shop, $12" in r.response.content


async def test_deadline_closes_the_phase_and_reminds_who_has_not_submitted(
    simcord_env: Any,
) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=10)
    before = [len(p.user.dm_channel.history()) for p in t.players]

    await simcord_env.advance_time(30 * MINUTE + 1)
    after = [len(p.user.dm_channel.history()) for p in t.players]
    assert after[0] == before[0], "no reminder for a player who has submitted"
    for i in (1, 2, 3):
        assert after[i] == before[i] + 1
        assert "Reminder" in t.players[i].user.dm_channel.last_message.content
    assert "access results" not in "\n".join(m.content for m in t.channel.history())

    await simcord_env.advance_time(20 * MINUTE)
    assert all("Reminder" in p.user.dm_channel.last_message.content for p in t.players[1:])
    await simcord_env.advance_time(10 * MINUTE)
    channel = "\n".join(m.content for m in t.channel.history())
    assert "Round 1 — access results" in channel
    assert "Round 1 — Auction phase" in channel


async def test_pause_stops_the_clock_and_extend_moves_it(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=10)
    paused = await t.host.slash(t.channel, "match pause")
    assert paused.response.content == "Paused."
    refused = await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=5)
    assert refused.ephemeral and "paused" in refused.response.content
    await simcord_env.advance_time(60 * MINUTE)
    assert "access results" not in "\n".join(m.content for m in t.channel.history())
    again = await t.host.slash(t.channel, "match pause")
    assert "already paused" in again.response.content
    await t.host.slash(t.channel, "match resume")
    await t.host.slash(t.channel, "match extend", minutes=20)
    await simcord_env.advance_time(25 * MINUTE)
    assert "access results" not in "\n".join(m.content for m in t.channel.history())
    await simcord_env.advance_time(6 * MINUTE)
    assert "access results" in "\n".join(m.content for m in t.channel.history())


async def test_restart_keeps_deadlines(simcord_env: Any, db_path: Path) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=30)
    await simcord_env.restart_bot(make_bot(db_path))
    await simcord_env.advance_time(30 * MINUTE + 1)
    assert "access results" in "\n".join(m.content for m in t.channel.history())


async def test_player_with_closed_dms_completes_a_match(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = Table(simcord_env, 4)
    shy = t.players[3]
    close_dms_of(monkeypatch, shy.id)
    lobby = await t.open(phase_minutes=60)
    started = await t.host.click(lobby, label="Start")
    warning = started.followups[-1].content
    assert "DMs closed" in warning and "player3" in warning
    rnd = random.Random(3)
    for _ in range(6):
        phase = [m for m in t.channel.history() if m.components][-1]
        mine = await shy.click(phase, label="My 1-on-1")
        assert mine.ephemeral and "Your 1-on-1" in mine.response.content
        target = (await t.targets(shy))[0]
        shown = await shy.click(mine.response, custom_id=f"dealer:act:{t.match_id}:bid:{target}")
        r = await shy.submit_modal(shown, {"amount": "1"})
        assert r.ephemeral and "is recorded" in r.response.content
        await t.play_random_phase(rnd)
        await t.close_phase()
    assert (await t.state()).phase == "ended"
    assert shy.user.dm_channel.history() == []
    assert "The match is over" in seen_by(t, shy)


async def test_private_news_for_closed_dms_waits_in_my_one_on_one(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What could not be sent by DM (another player's gift) is kept and shown once with the
    next 1-on-1 in the channel; the receipts of the player's own move, which the reply to it
    showed, are not kept again."""
    t = Table(simcord_env, 4)
    shy, giver = t.players[3], t.players[0]
    close_dms_of(monkeypatch, shy.id)
    await t.start(phase_minutes=60)
    r = await giver.slash(t.channel, "give", member=shy.user, amount=5)
    assert r.ephemeral
    phase = [m for m in t.channel.history() if m.components][-1]
    mine = await shy.click(phase, label="My 1-on-1")
    content = mine.response.content
    assert "📬" in content and f"{giver.name} gave you $5." in content
    assert content.index("📬") < content.index("Your 1-on-1")
    bid = await shy.slash(t.channel, "bid", target="genre-shop", amount=3)
    assert "Genre Shop is recorded" in bid.response.content
    again = await shy.slash(t.channel, "me")
    assert "📬" not in again.response.content and "Your 1-on-1" in again.response.content


async def test_private_news_left_unread_is_shown_after_the_match_ends(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Texts kept for a player whose DMs are closed and not read before the match ended are
    still shown once, with their 1-on-1 as the match ended: by `/me` in the channel, or by
    the **My 1-on-1** button (tests/bot/test_after_the_end.py has the rest of that path)."""
    t = Table(simcord_env, 4)
    shy, giver = t.players[3], t.players[0]
    close_dms_of(monkeypatch, shy.id)
    await t.start(phase_minutes=60)
    await giver.slash(t.channel, "give", member=shy.user, amount=5)
    phase = [m for m in t.channel.history() if m.components][-1]
    while (await t.state()).phase != "ended":
        await t.close_phase()
    news = await shy.slash(t.channel, "me")
    assert news.ephemeral
    content = news.response.content
    assert content.startswith("This match is over. Your 1-on-1 as it ended:")
    assert "📬" in content and f"{giver.name} gave you $5." in content
    assert content.index("📬") < content.index("**Your 1-on-1")
    again = await shy.click(phase, label="My 1-on-1")
    assert again.ephemeral and again.response.content.startswith("This match is over.")
    assert "📬" not in again.response.content, "shown once"


async def test_private_news_of_a_cancelled_match_is_shown_once(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = Table(simcord_env, 4)
    shy, giver = t.players[3], t.players[0]
    close_dms_of(monkeypatch, shy.id)
    await t.start(phase_minutes=60)
    await giver.slash(t.channel, "give", member=shy.user, amount=5)
    phase = [m for m in t.channel.history() if m.components][-1]
    ask = await t.host.slash(t.channel, "match cancel")
    await t.host.click(ask.response, label="Yes, cancel the match")
    news = await shy.click(phase, label="My 1-on-1")
    assert news.response.content.startswith("The host cancelled this match.")
    assert f"{giver.name} gave you $5." in news.response.content
    again = await shy.click(phase, label="My 1-on-1")
    assert again.response.content == "The host cancelled this match.", "the same, once read"


class _Node:
    """An object in a reference cycle, like discord.py's cached guilds and members."""

    def __init__(self) -> None:
        self.me = self


async def test_a_later_ready_collects_what_the_first_froze(simcord_env: Any) -> None:
    """The bot freezes what is alive when it is ready (shorter full collections); after a
    full reconnect discord.py drops its old caches, and the next READY collects them."""
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    assert gc.get_freeze_count() > 0
    node = _Node()
    gone = weakref.ref(node)
    gc.freeze()  # alive at a first READY, as the old caches were
    del node
    gc.collect()
    assert gone() is not None, "a frozen cycle outlives an ordinary collection"
    await t.bot.on_ready()  # a full reconnect's READY
    assert gone() is None
    assert gc.get_freeze_count() > 0


async def test_a_dm_bid_gets_its_receipt_in_the_reply_and_no_dm(simcord_env: Any) -> None:
    """The reply to a bid made in the DMs says what was recorded; no DM repeats it."""
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    before = len(t.players[0].user.dm_channel.history())
    r = await t.bid_by_button(t.players[0], "genre-shop", 30)
    assert "Your sealed bid of $30 on Genre Shop is recorded." in r.response.content
    assert len(t.players[0].user.dm_channel.history()) == before


async def test_events_committed_before_a_crash_are_delivered_after_restart(
    simcord_env: Any, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=30)

    async def crash_before_delivery(self: Presenter, match_id: int | None = None) -> None:
        return None

    monkeypatch.setattr(Presenter, "flush", crash_before_delivery)
    r = await t.host.slash(t.channel, "match close-phase")
    assert r.response.content.startswith("You closed")
    assert "access results" not in "\n".join(m.content for m in t.channel.history())
    monkeypatch.undo()
    await simcord_env.restart_bot(make_bot(db_path))
    channel = "\n".join(m.content for m in t.channel.history())
    assert "Round 1 — access results" in channel and "player0 $30" in channel
    assert "Round 1 — Auction phase" in channel


async def test_a_row_read_during_a_write_is_not_kept_stale(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The service caches running matches' rows; a reader between the start and the commit
    of a write (the presenter, mid-flush) must not leave the old row cached."""
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    service, storage = t.bot.service, t.bot.storage
    row = await service.row(t.match_id)
    assert row is not None and row.deadline is not None
    original = type(storage).set_timers

    async def set_timers_with_a_reader(self: Any, match_id: int, timers: Any) -> None:
        await service.row(match_id)
        await original(self, match_id, timers)

    monkeypatch.setattr(type(storage), "set_timers", set_timers_with_a_reader)
    new_deadline = await service.extend(row, 600)
    cached = await service.row(t.match_id)
    assert cached is not None and cached.deadline == new_deadline == row.deadline + 600


async def test_each_phase_lasts_its_own_default_unless_the_host_chose(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    await t.start()
    row = await t.bot.storage.match(t.match_id)
    assert row is not None and row.clocks == {} and row.phase_seconds is None
    assert ENGINE.turn(await t.state()).phase.clock == "phase"
    default = ENGINE.clocks["phase"].default_seconds
    assert default is not None and row.deadline == pytest.approx(t.bot.now() + default, abs=5)
    status = await t.players[0].slash(t.channel, "match status")
    assert "Then: Bids not in by then count as none" in status.response.content

    chosen = Table(simcord_env, 4)
    await chosen.start(phase_minutes=60)
    row = await chosen.bot.storage.match(chosen.match_id)
    assert row is not None and row.clocks == {"phase": 3600}
    assert row.deadline == pytest.approx(chosen.bot.now() + 3600, abs=5)


async def test_a_match_stored_by_an_earlier_version_loads_and_continues(
    simcord_env: Any, db_path: Path
) -> None:
    """Snapshots written before states carried a version (`state.model_dump_json()`) load as
    version 1 after a restart, and the match goes on."""
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=30)
    await t.close_phase()
    old = (await t.state()).model_dump_json()
    snapshot = await t.bot.storage.snapshot(t.match_id)
    assert snapshot is not None and '"state_version"' in snapshot[0]
    await t.bot.storage._execute("UPDATE matches SET state = ? WHERE id = ?", (old, t.match_id))
    await simcord_env.restart_bot(make_bot(db_path))
    assert (await t.state()).model_dump_json() == old
    await t.play_random_phase(random.Random(1), by_button=False)
    await t.close_phase()
    assert (await t.state()).round == 2


async def test_a_match_created_before_clocks_per_kind_keeps_its_one_length(
    simcord_env: Any, db_path: Path
) -> None:
    """A match stored before clocks per kind kept one length for every phase
    (`phase_seconds`, and no `clocks`): after the upgrade its phases still last that long."""
    t = Table(simcord_env, 4)
    await t.start()
    await t.bot.storage._execute(
        "UPDATE matches SET phase_seconds = 5400, clocks = '{}' WHERE id = ?", (t.match_id,)
    )
    await simcord_env.restart_bot(make_bot(db_path))
    row = await t.bot.storage.match(t.match_id)
    assert row is not None and row.clocks == {} and row.phase_seconds == 5400
    await t.close_phase()
    row = await t.bot.storage.match(t.match_id)
    assert row is not None and row.deadline == pytest.approx(t.bot.now() + 5400, abs=5)
