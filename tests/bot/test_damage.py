"""One match's damaged data stays in that match: a record that cannot be read is rebuilt
where the record allows (a snapshot, a move's events), else the match is set aside with one
line in the log and one note to its host, and every other match goes on (issue 42)."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

from bot.computer import Computer
from bot.players import COMPUTER, player_id
from bot.storage import Storage
from games.auction_auction import ENGINE
from tests.bot.conftest import Table, make_bot
from tests.drivers.common import damage, notes
from tests.drivers.project_mars import Mars

CUT_SHORT = '[{"type": "bid_pla'


def set_aside_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if "set aside" in r.getMessage()]


async def owed_practice(env: Any, monkeypatch: pytest.MonkeyPatch) -> Mars:
    """A Project Mars practice match whose computer seat owes a move the bot has not made
    (as after a crash between a player's move and the computer's answer)."""
    mars = Mars(env)
    idle = Computer.wake
    monkeypatch.setattr(Computer, "wake", lambda self, match_id: None)
    await mars.practice(deck="vanguard")
    monkeypatch.setattr(Computer, "wake", idle)
    assert COMPUTER in (await mars.view(None))["to_act"]
    return mars


async def test_a_damaged_undelivered_event_stops_no_other_match(
    simcord_env: Any, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Match A's undelivered events, cut short, are rebuilt from its record on start-up;
    match B's computer seat makes the move it owes; A's later moves post."""
    mars = await owed_practice(simcord_env, monkeypatch)
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=30)
    await t.close_phase()
    await damage(
        t.bot.storage,
        "UPDATE log SET events = ?, delivered = 0 WHERE match_id = ? AND seq = 2",
        CUT_SHORT,
        t.match_id,
    )
    before = len(t.channel.history())

    await simcord_env.restart_bot(make_bot(db_path))

    assert COMPUTER not in (await mars.view(None))["to_act"], "B's computer seat moved"
    assert await t.bot.storage.pending_events(t.match_id) == []
    posted = [m.content for m in t.channel.history()[before:]]
    assert any("Round 1 — access results" in text for text in posted), posted
    assert notes(t.host) == [], "nothing was lost: nothing to tell"
    r = await t.players[1].slash(t.channel, "bid", target="black-market:1", amount=5)
    assert "recorded" in r.response.content, r.response.content
    await t.close_phase()
    assert "Round 2" in "\n".join(m.content for m in t.channel.history())


async def test_a_match_whose_record_cannot_give_its_events_is_set_aside_alone(
    simcord_env: Any,
    db_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Undelivered events cut short and a move of the record cut short: match A is set
    aside (one line in the log, one note to its host, also after another restart) and
    match B's computer seat still moves."""
    mars = await owed_practice(simcord_env, monkeypatch)
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=30)
    await damage(
        t.bot.storage,
        "UPDATE log SET events = ?, move = ?, delivered = 0 WHERE match_id = ? AND seq = 1",
        CUT_SHORT,
        '{"type": "bi',
        t.match_id,
    )
    caplog.set_level(logging.WARNING)

    await simcord_env.restart_bot(make_bot(db_path))

    assert COMPUTER not in (await mars.view(None))["to_act"], "B's computer seat moved"
    [note] = notes(t.host)
    assert f"match #{t.match_id}" in note and "move 1" in note and "/match log" in note
    assert set_aside_lines(caplog) == [
        f"match {t.match_id} set aside: move 1 in its stored record cannot be read"
    ]
    r = await t.players[1].slash(t.channel, "bid", target="genre-shop", amount=5)
    assert r.ephemeral and r.response.content == (
        f"Match #{t.match_id} cannot go on: move 1 in its stored record cannot be read, so its "
        "host can only export what remains of its record with `/match log` and end it with "
        "`/match cancel`."
    )
    await simcord_env.restart_bot(make_bot(db_path))
    assert len(notes(t.host)) == 1, "the host is told once"
    asked = await t.host.slash(t.channel, "match cancel")
    cancelled = await t.host.click(asked.response, label="Yes, cancel the match")
    assert cancelled.response.content == "The match is cancelled.", cancelled.response.content


async def test_a_garbage_snapshot_is_rebuilt_from_the_record(
    simcord_env: Any, db_path: Path
) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=30)
    await t.players[1].slash(t.channel, "bid", target="wolley-limited", amount=20)
    await t.close_phase()
    await t.players[0].slash(t.channel, "bid", target="genre-shop:2", amount=5)
    whole = ENGINE.dump_state_json(await t.state())
    status = (await t.players[2].slash(t.channel, "match status")).response.content
    await damage(t.bot.storage, "UPDATE matches SET state = ? WHERE id = ?", "garbage", t.match_id)

    await simcord_env.restart_bot(make_bot(db_path))

    again = await t.players[2].slash(t.channel, "match status")
    assert (
        again.response.content.split("\nThe live status")[0] == status.split("\nThe live status")[0]
    )
    me = await t.players[0].slash(t.channel, "me")
    assert "Genre Shop" in me.response.content, me.response.content
    stored = await t.bot.storage.snapshot(t.match_id)
    assert stored is not None and stored[1] == 4, "written back, of the last move"
    assert json.loads(stored[0]) == json.loads(whole)
    r = await t.players[1].slash(t.channel, "bid", target="wolley-limited:1", amount=7)
    assert "recorded" in r.response.content, r.response.content
    assert notes(t.host) == []


async def test_options_cut_short_set_their_match_aside_and_no_other(
    simcord_env: Any, db_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    a, b = Table(simcord_env, 4), Table(simcord_env, 4)
    await a.start(phase_minutes=60)
    await b.start(phase_minutes=60)
    await a.players[0].slash(a.channel, "bid", target="genre-shop", amount=30)
    await a.close_phase()
    await damage(
        a.bot.storage,
        "UPDATE matches SET options = ? WHERE id = ?",
        '{"black_market_col',
        a.match_id,
    )
    caplog.set_level(logging.WARNING)

    await simcord_env.restart_bot(make_bot(db_path))

    refused = (
        f"Match #{a.match_id} cannot go on: its options in its stored record cannot be read, "
        "so its host can only export what remains of its record with `/match log` and end it "
        "with `/match cancel`."
    )
    bid = {"target": "genre-shop:2", "amount": 5}
    for command, options in (("match status", {}), ("me", {}), ("bid", bid)):
        r = await a.players[1].slash(a.channel, command, **options)
        assert r.ephemeral and r.response.content == refused, (command, r.response.content)
    [note] = notes(a.host)
    assert "its options" in note
    assert len(set_aside_lines(caplog)) == 1
    ok = await b.players[0].slash(b.channel, "bid", target="genre-shop", amount=9)
    assert "recorded" in ok.response.content, ok.response.content
    exported = await a.host.slash(a.channel, "match log")
    assert exported.response.content.startswith("What remains of the match record: its options")
    [file] = exported.response.attachments
    record = json.loads(await file.read())
    assert record["options"] == {}
    assert [m["type"] for m in record["moves"]] == ["bid", "close_phase"]
    assert record["players"] == [p.name for p in a.players]


async def test_a_move_cut_short_answers_undo_in_words(
    simcord_env: Any, caplog: pytest.LogCaptureFixture
) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=30)
    await t.players[1].slash(t.channel, "bid", target="wolley-limited", amount=20)
    await t.close_phase()
    await t.players[0].slash(t.channel, "bid", target="genre-shop:2", amount=5)
    await damage(
        t.bot.storage,
        "UPDATE log SET move = ? WHERE match_id = ? AND seq = 4",
        '{"type": "bid", "tar',
        t.match_id,
    )
    caplog.set_level(logging.WARNING)

    undo = await t.host.slash(t.channel, "match undo")

    assert undo.ephemeral and undo.response.content.startswith(
        f"Match #{t.match_id} cannot go on: move 4 in its stored record cannot be read"
    ), undo.response.content
    assert len(notes(t.host)) == 1
    exported = await t.host.slash(t.channel, "match log")
    [file] = exported.response.attachments
    record = json.loads(await file.read())
    assert [(m["by"], m["type"]) for m in record["moves"]] == [
        ("player0", "bid"),
        ("player1", "bid"),
        ("host", "close_phase"),
    ]
    assert record["players"] == [p.name for p in t.players]
    assert player_id(t.players[0].id) not in json.dumps(record), "named by username"


async def test_a_restart_wakes_only_the_matches_that_may_owe_a_move(
    simcord_env: Any, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 43: a start-up looks at the matches with a computer seat (or of a game that
    makes moves for its players), not at every running match."""
    mars = await owed_practice(simcord_env, monkeypatch)
    tables = [Table(simcord_env, 4) for _ in range(3)]
    for t in tables:
        await t.start(phase_minutes=60)
    woken: list[int] = []
    wake = Computer.wake

    def counted(self: Computer, match_id: int) -> None:
        woken.append(match_id)
        wake(self, match_id)

    monkeypatch.setattr(Computer, "wake", counted)

    await simcord_env.restart_bot(make_bot(db_path))

    assert woken == [mars.match_id]
    assert COMPUTER not in (await mars.view(None))["to_act"]


async def test_the_matches_that_may_owe_a_move_are_one_query(store: Path | str) -> None:
    """Running, not paused, not set aside, and with a computer seat or of a game in
    `forcing`."""
    storage = await Storage.open(store)
    try:
        ids: dict[str, int] = {}
        for name, game, user in (
            ("people", "auction-auction", 11),
            ("computer", "auction-auction", -1),
            ("practice", "project-mars", 0),
            ("paused", "project-mars", 0),
            ("aside", "project-mars", 0),
            ("forcing", "marsbot-draft", 12),
            ("lobby", "project-mars", 0),
        ):
            match_id = await storage.create_match(
                guild_id=1,
                channel_id=len(ids) + 1,
                game=game,
                host_id=11,
                options={},
                seed=1,
                clocks={},
                spectator_channel_id=None,
                now=0.0,
            )
            assert match_id is not None
            await storage.add_player(match_id, user, name)
            if name != "lobby":
                started = await storage.start_match(
                    match_id, state="{}", events=[], timers=[], at=0.0, options={}
                )
                assert started
            ids[name] = match_id
        await storage.pause(ids["paused"], 60.0)
        assert await storage.set_aside(ids["aside"], "move 3")
        assert not await storage.set_aside(ids["aside"], "move 4"), "once"
        expected = [ids[n] for n in ("computer", "practice", "forcing")]
        assert await storage.owing_matches(["marsbot-draft"]) == expected
        assert await storage.owing_matches([]) == expected[:2]
        row = await storage.match(ids["aside"])
        assert row is not None and row.damaged == "move 3"
    finally:
        await storage.close()


async def test_a_match_of_a_game_this_bot_does_not_know_is_set_aside(
    simcord_env: Any, db_path: Path
) -> None:
    """A database shared with a newer version, or edited by hand: a running match of a game
    this version does not have answers in one sentence and its host is told once."""
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    await damage(t.bot.storage, "UPDATE matches SET game = ? WHERE id = ?", "chess", t.match_id)

    await simcord_env.restart_bot(make_bot(db_path))

    refused = f"Match #{t.match_id} cannot go on: its game (“chess”) in its stored record"
    bid = {"target": "genre-shop", "amount": 5}
    for command, options in (("match status", {}), ("me", {}), ("bid", bid)):
        r = await t.players[1].slash(t.channel, command, **options)
        assert r.ephemeral and r.response.content.startswith(refused), r.response.content
    [note] = notes(t.host)
    assert "“chess” match" in note
