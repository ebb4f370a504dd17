"""A whole match through Discord: slash commands, buttons and forms, then the export."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from bot.games.registry import PLUGINS
from tests.bot.conftest import Table, replay
from tests.drivers.help import read_all_pages
from tests.words import ruling_ids_sent


@pytest.mark.slow
async def test_twelve_player_match_equals_replay_of_its_record(simcord_env: Any) -> None:
    t = Table(simcord_env, 12)
    started = await t.start(phase_minutes=60)
    assert started.ephemeral and "started with 12 players" in started.response.content
    rnd = random.Random(12)
    for _ in range(6):
        await t.play_random_phase(rnd)
        await t.close_phase()
    public = [m.content for m in t.channel.history(viewer=t.players[0])]
    assert any("The match is over" in c for c in public)
    state = await t.state()
    assert state.phase == "ended"

    log = await t.host.slash(t.channel, "match log")
    assert log.ephemeral
    record = json.loads(await log.response.attachments[0].read())
    assert record["players"] == [f"player{i}" for i in range(12)]
    assert all(m["by"] in record["players"] + ["host"] for m in record["moves"])
    report = replay(record)
    assert report["finished"] and report["rejected"] == []
    names = {str(p.id): p.name for p in t.players}
    expected = state.result.model_dump(mode="json")
    for standing in expected["standings"]:
        standing["player"] = names[standing["player"]]
    expected["tokens_of_life"] = {names[k]: v for k, v in expected["tokens_of_life"].items()}
    expected["garnets"] = {names[k]: v for k, v in expected["garnets"].items()}
    expected["elimination_candidates"] = [names[p] for p in expected["elimination_candidates"]]
    assert report["result"] == expected
    assert ruling_ids_sent(simcord_env) == []


async def test_bid_target_autocompletes_to_what_the_player_may_bid_on(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    choices = await t.players[0].autocomplete(t.channel, "bid", "target", "")
    assert [(c["name"], c["value"]) for c in choices] == [
        ("Dr. E Appraisings", "bid:dr-e-appraisings"),
        ("Genre Shop", "bid:genre-shop"),
        ("Wolley Limited", "bid:wolley-limited"),
    ]
    typed = await t.players[0].autocomplete(t.channel, "bid", "target", "gen")
    assert [c["value"] for c in typed] == ["bid:genre-shop"]
    r = await t.players[0].slash(t.channel, "bid", target="Genre Shop", amount=10)
    assert r.ephemeral and "Genre Shop" in r.response.content, "what the list shows is taken"
    r = await t.players[0].slash(t.channel, "bid", target="Chess Club", amount=10)
    assert r.ephemeral and "no house called 'chess club'. Bid on Dr. E" in r.response.content
    await t.close_phase()
    lots = await t.players[0].autocomplete(t.channel, "bid", "target", "")
    assert [c["value"] for c in lots] == [f"bid:genre-shop:{n}" for n in range(1, 5)]
    assert all(c["name"].startswith("Genre Shop · lot ") for c in lots)
    r = await t.players[0].slash(t.channel, "bid", target=lots[1]["name"], amount=3)
    assert r.ephemeral and "Your sealed bid of $3 on Genre Shop · lot 2" in r.response.content
    stranger = t.guild.add_member(simcord_env.create_user("stranger"))
    assert await stranger.autocomplete(t.channel, "bid", "target", "") == []


async def test_help_explains_the_game_and_the_commands(simcord_env: Any) -> None:
    t = Table(simcord_env, 0)
    r = await t.host.slash(t.channel, "help", game="auction-auction")
    assert r.ephemeral and len(r.response.content) <= 2000
    # The game in short, over the pages it takes (two in the pseudo-locale's longer words).
    pages = await read_all_pages(t.host, t.channel, "auction-auction")
    short = "\n".join(p for p in pages if p.startswith("## Auction Auction · In short"))
    assert short.startswith(r.response.content)
    for words in ("Access phase", "Auction phase", "Rainbow", "/bid", "/match create"):
        assert words in short
    titled = await t.host.slash(t.channel, "help", game="Auction Auction")
    assert titled.response.content == r.response.content, "a game by its title, as typed"
    games = await t.host.autocomplete(t.channel, "help", "game", "mars")
    assert [c["value"] for c in games] == ["project-mars", "mars-auction", "marsbot-draft"]
    r = await t.host.slash(t.channel, "help", game="chess")
    assert r.ephemeral and "Unknown game 'chess'" in r.response.content
    assert ruling_ids_sent(simcord_env) == []


async def test_two_players_at_once_are_applied_one_after_the_other(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    service = t.bot.service
    moves = [
        service.submit(t.match_id, str(p.id), {"type": "bid", "target": "genre-shop", "amount": 7})
        for p in t.players
    ]
    await asyncio.gather(*moves)
    stored = await t.bot.storage.moves(t.match_id)
    assert [seq for seq, _, _ in stored] == [1, 2, 3, 4]
    assert sorted(actor for _, actor, _ in stored) == sorted(str(p.id) for p in t.players)
    assert (await t.view(t.players[0])).submitted == [str(p.id) for p in t.players]


async def test_join_leave_close_phase_and_kick_say_what_happened(simcord_env: Any) -> None:
    """Not "Done.": who joined or left, which phase closed and what comes next, who was
    removed (#25)."""
    t = Table(simcord_env, 4)
    lobby = await t.open(phase_minutes=60)
    late = t.guild.add_member(simcord_env.create_user("latecomer"))
    joined = await late.slash(t.channel, "match join")
    assert joined.ephemeral
    assert joined.response.content == (
        "You join **Auction Auction**: 5 of 12 seats are taken. The host starts the match."
    )
    left = await late.slash(t.channel, "match leave")
    assert left.ephemeral
    assert left.response.content == "You leave the lobby of **Auction Auction**."
    started = await t.host.click(lobby, label="Start")
    assert "started" in started.response.content, started.response.content
    closed = await t.host.slash(t.channel, "match close-phase")
    assert closed.ephemeral
    assert closed.response.content == (
        "You closed **Access phase, round 1 of 3**. Now: **Auction phase, round 1 of 3**."
    )
    kicked = await t.host.slash(t.channel, "match kick", member=t.players[2])
    assert kicked.ephemeral
    assert kicked.response.content == (
        "You removed player2 from the match. Now: **Auction phase, round 1 of 3**."
    )


@pytest.mark.parametrize(
    ("capacity", "said"), [(None, "3 spots per house"), (1, "1 spot per house")]
)
async def test_the_access_phase_says_how_many_spots_each_house_has(
    simcord_env: Any, capacity: int | None, said: str
) -> None:
    """AA-3: the spots per house are the host's `house_capacity` (3 when left out)."""
    t = Table(simcord_env, 4)
    options = {} if capacity is None else {"house_capacity": capacity}
    await t.start(phase_minutes=60, **options)
    opened = [m.content for m in t.channel.history() if "Access phase.**" in m.content]
    assert len(opened) == 1 and f"`/bid`. {said}; everyone pays what they bid." in opened[0]


def test_an_access_phase_stored_before_its_spots_were_told_reads_without_them() -> None:
    texts = PLUGINS["auction-auction"].texts
    event = {"type": "phase_opened", "round": 2, "phase": "access"}
    text = texts.describe(event, lambda player: player)
    assert text is not None and text.endswith("`/bid`. Everyone pays what they bid.")


async def test_a_cancelled_lobby_says_so_and_loses_its_buttons(simcord_env: Any) -> None:
    """The lobby message of a match cancelled before its start no longer asks anyone to
    join; its buttons go, as a started lobby's do."""
    t = Table(simcord_env, 4)
    lobby = await t.open(phase_minutes=60)
    ask = await t.host.slash(t.channel, "match cancel")
    await t.host.click(ask.response, custom_id=f"dealer:cancel:{t.match_id}")
    edited = next(m for m in t.channel.history() if m.id == lobby.id)
    assert edited.content == (
        f"**Auction Auction** — a lobby hosted by <@{t.host.id}>.\n❌ Cancelled by the host."
    )
    assert edited.components == []
