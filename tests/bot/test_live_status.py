"""The live status message (one per match, edited as it moves), `/match status` in private,
Project Mars played in a thread, and the results that reach each player's 1-on-1: through
Discord (SimCord), for Auction Auction, Project Mars and the toy game High Bid."""

from __future__ import annotations

import asyncio
import logging
import random
import re
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.players import COMPUTER, player_id
from bot.service import MOVE_TRIES
from bot.storage import MatchMoved
from games.auction_auction import ENGINE as AUCTION
from games.auction_auction.model import ClosePhase
from games.core.drawing.words import ordinal
from games.core.errors import RuleError
from tests.bot.conftest import Table, make_bot
from tests.drivers.common import close_dms_of, status_edits_done, status_of
from tests.drivers.project_mars import Mars

DEADLINE = re.compile(r"<t:(\d+):R>")


def public(channel: Any) -> list[discord.Message]:
    """What everyone reads in a channel: its messages but the ephemeral replies."""
    return [m for m in channel.history() if not m.flags.ephemeral]


def statuses(channel: Any) -> list[int]:
    """The messages of a channel that are a match's status."""
    return [m.id for m in channel.history() if "\nWaiting for: " in m.content]


def edits_of(env: Any, message_id: int) -> int:
    """How many times the bot edited a message."""
    return sum(
        1
        for r in env.http_requests
        if r.method == "PATCH" and r.path.endswith(f"/messages/{message_id}")
    )


# -- Auction Auction --------------------------------------------------------------------------


async def test_one_status_message_is_edited_through_an_auction_auction_phase(
    simcord_env: Any,
) -> None:
    t = Table(simcord_env, 5)
    await t.start(phase_minutes=60)
    status = await status_of(t.bot, t.match_id, t.channel)
    row = await t.bot.storage.match(t.match_id)
    assert row is not None and row.deadline is not None
    names = [p.name for p in t.players]
    assert status.content.startswith("**Auction Auction** — Access phase, round 1 of 3")
    assert f"⏳ The phase closes <t:{int(row.deadline)}:R>. Then: Bids not in" in status.content
    assert "Waiting for: player0, player1, player2, player3 and player4." in status.content
    assert "Submitted (0 of 5): nobody yet" in status.content

    before = len(public(t.channel))
    amounts = [23, 37, 41, 59, 64]
    for i, (member, amount) in enumerate(zip(t.players, amounts, strict=True)):
        r = await t.bid_by_button(member, ["genre-shop", "wolley-limited"][i % 2], amount)
        assert r.ephemeral and f"${amount}" in r.response.content
        status = await status_of(t.bot, t.match_id, t.channel)
        done = ", ".join(names[: i + 1])
        assert f"Submitted ({i + 1} of 5): {done}" in status.content, status.content
        # Who has submitted, never what nor where.
        assert not any(f"${a}" in status.content for a in amounts)
        assert "Genre Shop" not in status.content and "Wolley" not in status.content
    assert "Waiting for: nobody." in status.content
    assert len(public(t.channel)) == before, "the phase's bids posted nothing public"
    assert await t.bot.storage.status_message(t.match_id) == status.id, "the same message"

    await t.close_phase()
    status = await status_of(t.bot, t.match_id, t.channel)
    assert status.content.startswith("**Auction Auction** — Auction phase, round 1 of 3")
    assert status.attachments == [], "no copy of the board the channel just got"
    r = await t.players[0].slash(t.channel, "match status")
    assert [a.filename for a in r.response.attachments] == ["access-round-1.png"], (
        "/match status shows the latest public board: the access results"
    )
    assert statuses(t.channel) == [status.id], "one status message per match"


async def test_twelve_bids_at_once_make_two_edits(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At most one edit in flight per match, the latest state wins: while the first edit
    waits (Discord's rate limit, say), eleven more bids come in; they make one more edit at
    most."""
    t = Table(simcord_env, 12)
    await t.start()
    status = await status_of(t.bot, t.match_id, t.channel)
    edited = edits_of(simcord_env, status.id)
    held = asyncio.Event()
    edit = discord.PartialMessage.edit

    async def held_edit(self: discord.PartialMessage, **changes: Any) -> Any:
        await held.wait()
        return await edit(self, **changes)

    monkeypatch.setattr(discord.PartialMessage, "edit", held_edit)
    for member in t.players:
        move = {"type": "bid", "target": "genre-shop", "amount": 5}
        outcome = await t.bot.service.submit(t.match_id, player_id(member.id), move)
        await t.bot.presenter.present(outcome)
    held.set()
    await simcord_env.settle()
    await status_edits_done(t.bot)
    # Two when the first edit had its text before the other bids came in; one when it had not
    # (it read the server's language first): never one per bid.
    assert edits_of(simcord_env, status.id) - edited in (1, 2)
    status = await status_of(t.bot, t.match_id, t.channel)
    assert "Submitted (12 of 12)" in status.content and "Waiting for: nobody." in status.content


async def test_the_status_message_survives_a_restart_and_comes_back_when_deleted(
    simcord_env: Any, db_path: Path
) -> None:
    t = Table(simcord_env, 4)
    await t.start()
    first = await status_of(t.bot, t.match_id, t.channel)
    count = len(public(t.channel))

    await simcord_env.restart_bot(make_bot(db_path))
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=10)
    status = await status_of(t.bot, t.match_id, t.channel)
    assert status.id == first.id, "after a restart the same message is edited"
    assert "Submitted (1 of 4): player0" in status.content
    assert len(public(t.channel)) == count

    moderators = t.guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    moderator = t.guild.add_member(simcord_env.create_user("mod"), roles=[moderators])
    await moderator.delete(status)
    await t.players[1].slash(t.channel, "bid", target="genre-shop", amount=10)
    reposted = await status_of(t.bot, t.match_id, t.channel)
    assert reposted.id != first.id, "a deleted status message is posted again"
    assert "Submitted (2 of 4): player0, player1" in reposted.content
    assert all(m.id != first.id for m in t.channel.history())
    await t.players[2].slash(t.channel, "bid", target="genre-shop", amount=10)
    assert (await status_of(t.bot, t.match_id, t.channel)).id == reposted.id


async def test_match_status_answers_privately_with_the_live_text(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    carol = t.guild.add_member(simcord_env.create_user("carol"))
    lobby = await t.open()
    r = await carol.slash(t.channel, "match status")
    assert r.ephemeral and "Press **Join** to play" in r.response.content, "a lobby's status"
    await t.host.click(lobby, label="Start")
    count = len(public(t.channel))
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=10)
    live = await status_of(t.bot, t.match_id, t.channel)
    for member in (carol, t.players[1], t.host):
        r = await member.slash(t.channel, "match status")
        assert r.ephemeral, "the status answers only who asked"
        assert r.response.content.startswith(live.content + "\nThe live status: https://")
        assert r.response.content.endswith(f"/{t.channel.id}/{live.id}")
    assert len(public(t.channel)) == count, "no public message any more"

    await t.close_phase()
    r = await carol.slash(t.channel, "match status")
    assert [a.filename for a in r.response.attachments] == ["access-round-1.png"]


async def test_host_controls_update_the_status_message(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)

    async def live() -> str:
        return (await status_of(t.bot, t.match_id, t.channel)).content

    before = DEADLINE.findall(await live())
    r = await t.host.slash(t.channel, "match extend", minutes=30)
    assert r.ephemeral
    after = DEADLINE.findall(await live())
    assert int(after[0]) == int(before[0]) + 30 * 60
    await t.host.slash(t.channel, "match pause")
    assert "⏸️ Paused by the host" in await live() and "<t:" not in await live()
    await t.host.slash(t.channel, "match resume")
    assert "⏳ The phase closes <t:" in await live()
    await t.host.slash(t.channel, "match kick", member=t.players[3].user)
    assert "Out of the match (removed by the host, or conceded): player3" in await live()
    assert "Submitted (0 of 3)" in await live()
    await t.close_phase()
    assert (await live()).startswith("**Auction Auction** — Auction phase, round 1 of 3")
    r = await t.host.slash(t.channel, "match cancel")
    await t.host.click(r.response, label="Yes, cancel the match")
    assert await live() == "**Auction Auction** — the host cancelled this match."


async def test_a_deadline_that_closes_nothing_leaves_no_deadline_behind(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A deadline whose close_phase is refused (here, by a game that refuses it) goes with
    the match's deadline: the phase then waits for the host, as `/match status` and the live
    status message say, not closing at a time gone by (the match kept that deadline)."""
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    opened = await t.bot.storage.match(t.match_id)
    assert opened is not None and opened.deadline is not None
    shown = (await status_of(t.bot, t.match_id, t.channel)).content.splitlines()[1]
    assert shown.startswith(f"⏳ The phase closes <t:{int(opened.deadline)}:R>. Then: "), shown
    apply = AUCTION.apply

    # Made here, as the game makes it (the pseudo-locale marks a test's own refusal).
    refused = RuleError("not_now", "The phase cannot close now.")

    def refusing(state: Any, actor: str, move: Any) -> Any:
        if isinstance(move, ClosePhase):
            raise refused
        return apply(state, actor, move)

    monkeypatch.setattr(AUCTION, "apply", refusing)
    caplog.set_level(logging.INFO, logger="bot.dispatcher")
    await simcord_env.advance_time(60 * 60 + 1)
    assert [r.getMessage() for r in caplog.records if r.name == "bot.dispatcher"] == [
        f"deadline of match {t.match_id} did nothing: {refused}"
    ]
    assert str(refused).strip("⟪⟫") == "The phase cannot close now."
    row = await t.bot.storage.match(t.match_id)
    assert row is not None
    assert (row.status, row.deadline, await t.bot.storage.next_timer()) == ("running", None, None)
    untimed = "No clock: the phase waits for the host to close it."
    status = await t.players[0].slash(t.channel, "match status")
    assert status.ephemeral and status.response.content.splitlines()[1] == untimed, (
        status.response.content
    )
    live = await status_of(t.bot, t.match_id, t.channel)
    assert live.content.splitlines()[1] == untimed, live.content


async def test_a_deadline_overtaken_by_other_moves_stays_and_closes_the_phase_next_time(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A deadline's close that other processes' moves kept overtaking (each of its tries met
    a match moved on, `MatchMoved`) did not "do nothing": its timer and the match's deadline
    stay, and it fires again and closes the phase (it was dropped, and the phase went on
    with no clock)."""
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    storage = t.bot.storage
    record_move, overtaken = storage.record_move, [MOVE_TRIES]

    async def overtaking(*args: Any, **kwargs: Any) -> Any:
        if kwargs.get("timer") is not None and overtaken[0]:
            overtaken[0] -= 1
            raise MatchMoved
        return await record_move(*args, **kwargs)

    monkeypatch.setattr(storage, "record_move", overtaking)
    caplog.set_level(logging.INFO, logger="bot.dispatcher")
    phase, first = (await t.state()).phase, await storage.match(t.match_id)
    assert first is not None and first.deadline is not None
    await simcord_env.advance_time(60 * 60 + 1)
    assert overtaken == [0], "every try of the first firing was overtaken"
    assert [r.getMessage() for r in caplog.records if r.name == "bot.dispatcher"] == []
    assert (await t.state()).phase != phase, "the second firing closed the phase"
    row = await storage.match(t.match_id)
    assert row is not None and row.deadline is not None and row.deadline > first.deadline


async def test_the_status_message_is_final_at_the_end(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    await t.start(rounds=1)
    await t.close_phase()
    await t.close_phase()
    status = await status_of(t.bot, t.match_id, t.channel)
    result = AUCTION.result(await t.state())
    assert result is not None
    first = next(s for s in result["standings"] if s["place"] == 1)
    assert status.content.startswith("🏁 **Auction Auction** — the match is over.")
    assert f"Final places: 1. {(await t.bot.service.names(t.match_id))(first['player'])}" in (
        status.content
    )
    assert status.attachments == [], "the channel got the final table: no copy of it"
    edited = edits_of(simcord_env, status.id)
    r = await t.players[0].slash(t.channel, "match status")
    assert r.ephemeral and r.response.content.startswith(status.content)
    assert edits_of(simcord_env, status.id) == edited, "a final status no longer changes"


# -- the 1-on-1: the deadline, each phase's results, the final card ---------------------------


async def test_the_one_on_one_shows_the_deadline(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=90)
    row = await t.bot.storage.match(t.match_id)
    assert row is not None and row.deadline is not None
    clock = f"⏳ The phase closes <t:{int(row.deadline)}:R>."
    for member in t.players:
        assert clock in member.user.dm_channel.last_message.content
    r = await t.players[0].slash(t.channel, "me")
    assert r.ephemeral and clock in r.response.content
    r = await t.players[1].slash(t.channel, "bid", target="genre-shop", amount=3)
    assert clock in r.response.content, "the reply to a move is the 1-on-1 as it now is"
    await t.host.slash(t.channel, "match pause")
    r = await t.players[0].slash(t.channel, "me")
    assert "⏸️ Paused by the host" in r.response.content and clock not in r.response.content


async def test_each_player_gets_their_own_results_and_final_card(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = Table(simcord_env, 5)
    close_dms_of(monkeypatch, t.players[4].id)
    await t.start(rounds=1, phase_minutes=60)
    access = {0: ("genre-shop", 30), 1: ("genre-shop", 20), 2: ("wolley-limited", 15), 3: None}
    for i, bid in access.items():
        if bid is not None:
            await t.players[i].slash(t.channel, "bid", target=bid[0], amount=bid[1])
    marks = [len(p.user.dm_channel.history()) for p in t.players]
    await t.close_phase()
    heads = [
        next((m.content for m in p.user.dm_channel.history()[n:] if "results" in m.content), "")
        for p, n in zip(t.players, marks, strict=True)
    ]
    assert "you bid $30 for Genre Shop (everyone pays their bid) and entered it" in heads[0]
    assert "you bid $20 for Genre Shop" in heads[1] and "$30" not in heads[1]
    assert "you bid $15 for Wolley Limited" in heads[2]
    assert "you sent no bid, so you spend the round in the Black Market" in heads[3]
    for head in heads[:4]:
        assert head.index("Your results") < head.index("Your 1-on-1"), "on top of the 1-on-1"
        assert "Your hand now: Nothing" in head

    # The Auction phase: each player's own lots, in their own location only.
    lots = {}
    for i, member in enumerate(t.players[:4]):
        view = await t.view(member)
        lot = (view.lots or {})[view.me.location or ""][0]
        lots[i] = lot
        await member.slash(t.channel, "bid", target=lot.id, amount=5 + i)
    marks = [len(p.user.dm_channel.history()) for p in t.players]
    await t.close_phase()
    result = AUCTION.result(await t.state())
    assert result is not None
    for i, member in enumerate(t.players[:4]):
        new = member.user.dm_channel.history()[marks[i] :]
        final = [m for m in new if "🏁 **Your final card:**" in m.content]
        assert len(final) == 1, "the final card, once"
        text = final[0].content
        mine = next(s for s in result["standings"] if s["player"] == player_id(member.id))
        assert f"{ordinal(mine['place'])} of 5" in text and f"${mine['cash']}" in text
        figures = set(re.findall(r"\$(\d+)", text))
        assert figures == {str(5 + i), str(mine["cash"])}, "their own bid, nobody else's"
        assert [a.filename for a in final[0].attachments] == ["one-on-one.png"]
        assert "finished" in (final[0].attachments[0].description or "")

    # A player whose DMs are closed reads theirs with My 1-on-1, once.
    r = await t.players[4].slash(t.channel, "me")
    assert r.ephemeral and "🏁 **Your final card:**" in r.response.content
    assert "you sent no bid" in r.response.content


# -- Project Mars -------------------------------------------------------------------------------


async def test_the_status_message_follows_a_project_mars_round(
    simcord_env: Any,
) -> None:
    t = Mars(simcord_env)
    await t.practice(deck="vanguard")
    ann = t.pid(t.ann)
    status = await status_of(t.bot, t.match_id, t.channel)
    assert "**Project Mars** — " in status.content, "under the latest move's texts"
    rnd = random.Random(4)
    await t.until(rnd, lambda v: v["phase"] == "turn")
    status = await status_of(t.bot, t.match_id, t.channel)
    view = await t.view(None)
    names = {ann: "ann", COMPUTER: "Dealer bot"}
    assert f"Round 1: {names[view['turn']]}'s turn" in status.content
    assert f"Waiting for: {names[view['turn']]}." in status.content
    assert [a.filename for a in status.attachments], "the table as it stands"
    hand = {c["name"] for c in (await t.view(ann))["me"]["hand"]}
    # (above it, the latest move's public texts may name a card played that ann also holds)
    own = status.content.rsplit("\n\n", 1)[-1]
    assert own.startswith("**Project Mars** — ")
    assert not any(name in own for name in hand), "no card of ann's hand"

    await t.until(rnd, lambda v: v["round"] == 2)
    after = await status_of(t.bot, t.match_id, t.channel)
    assert statuses(t.channel) == [after.id], "one board in the channel"
    posted = [m.id for m in t.channel.history()]
    [result] = [m for m in t.channel.history() if "**Round 1 is over: " in m.content]
    assert result.attachments, "the round's result, a picture"
    assert status.id < result.id and posted.index(result.id) < posted.index(after.id), (
        "edited through the round, then posted anew below the round's picture"
    )
    assert status.id not in posted, "the old board is deleted"
    view = await t.view(None)
    wins = view["sides"][ann]["wins"], view["sides"][COMPUTER]["wins"]
    assert "Round 2 · Rounds won: ann {}, Dealer bot {}".format(*wins) in after.content

    # ann's 1-on-1 got her round's outcome.
    dms = "\n".join(m.content for m in t.ann.user.dm_channel.history())
    first = (await t.view(None))["rounds"][0]
    assert "📋 **Your results**\nRound 1: " in dms
    tpr = first["score"]["tpr"]
    assert f"TPR {tpr[ann]} to {tpr[COMPUTER]}" in dms


@pytest.mark.slow
async def test_project_mars_plays_in_a_thread(simcord_env: Any) -> None:
    t = Mars(simcord_env)
    carol = t.guild.add_member(simcord_env.create_user("carol"))
    challenge = await t.challenge(thread=True)
    assert "played in a thread of this channel" in challenge.content
    await t.start(challenge)
    (thread,) = t.channel.threads
    assert thread.name == "Project Mars · ann vs bob"
    row = await t.bot.storage.match(t.match_id)
    assert row is not None and row.thread_id == thread.id and row.channel_id == t.channel.id

    channel = public(t.channel)
    assert [m.id for m in channel[:1]] == [challenge.id], "the channel keeps the challenge"
    assert f"It is played in <#{thread.id}>." in channel[0].content
    assert [m.type for m in channel[1:]] == [discord.MessageType.thread_created], (
        "and Discord's notice of the thread"
    )
    inside = public(thread)
    assert any("Project Mars begins" in m.content for m in inside)
    status = await status_of(t.bot, t.match_id, thread)
    assert "**Project Mars** — Choosing decks" in status.content

    # /match commands find the match from the thread and from the channel alike.
    for where in (thread, t.channel):
        r = await carol.slash(where, "match status")
        shown = status.content.split("\n\n")[-1]  # the status, under the latest move's texts
        assert r.ephemeral and r.response.content.startswith(shown)
        assert f"/{thread.id}/{status.id}" in r.response.content
    r = await t.ann.slash(thread, "match pause")
    assert r.ephemeral and r.response.content == "Paused."
    assert any("The host paused the match" in m.content for m in public(thread))
    await t.ann.slash(t.channel, "match resume")

    await t.until(random.Random(2), lambda v: v["phase"] == "ended", moves=400)
    assert [m.id for m in public(t.channel)] == [m.id for m in channel], (
        "nothing more in the channel, the whole match long"
    )
    assert any("The match is over" in m.content for m in public(thread))
    final = await status_of(t.bot, t.match_id, thread)
    assert final.content.startswith("🏁 **Project Mars**")
    assert statuses(thread) == [], "the boards posted anew in the thread left none behind"
    for member in (t.ann, t.bob):
        assert "🏁 **Your final card:**" in member.user.dm_channel.last_message.content


async def test_a_practice_match_or_lobby_in_a_thread(simcord_env: Any) -> None:
    t = Mars(simcord_env)
    r = await t.ann.slash(t.channel, "match create project-mars", practice=True, thread=True)
    (thread,) = t.channel.threads
    assert thread.name == "Project Mars · ann vs Dealer bot"
    assert f"It is played in <#{thread.id}>." in r.response.content
    assert [m.type for m in public(t.channel) if m.id != r.response.id] == [
        discord.MessageType.thread_created
    ], "the channel gets the practice match's answer and Discord's notice of the thread"
    t.match_id = (await t.bot.storage.open_match_in(t.channel.id)).id
    r = await t.ann.slash(thread, "match cancel")
    await t.ann.click(r.response, label="Yes, cancel the match")
    assert "The host cancelled this Project Mars match." in thread.last_message.content

    other = t.guild.create_text_channel("lobby")
    r = await t.ann.slash(other, "match create project-mars", thread=True)
    lobby = r.response
    assert "played in a thread of this channel, opened when it starts" in lobby.content
    await t.bob.click(lobby, label="Join")
    await t.ann.click(lobby, label="Start")
    (thread,) = other.threads
    assert thread.name == "Project Mars · ann vs bob"
    (message,) = other.history()[:1]
    assert f"▶️ The match has started in <#{thread.id}>." in message.content


async def test_without_a_thread_the_match_is_played_in_the_channel(simcord_env: Any) -> None:
    """Discord refuses the thread (no Create Public Threads permission): the match is played
    in the channel, and nothing says otherwise."""
    t = Mars(simcord_env)
    simcord_env.inject_error(
        "POST", "/channels/*/threads", status=403, code=50013, message="Missing Permissions"
    )
    await t.start(await t.challenge(thread=True))
    assert t.channel.threads == []
    row = await t.bot.storage.match(t.match_id)
    assert row is not None and row.status == "running" and row.thread_id is None
    accepted = public(t.channel)[0]
    assert "accepted the challenge" in accepted.content and "played in" not in accepted.content
    assert any("Project Mars begins" in m.content for m in public(t.channel))
    await status_of(t.bot, t.match_id, t.channel)
