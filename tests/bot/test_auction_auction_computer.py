"""Auction Auction's computer seats through Discord (issue 45): a host fills a lobby with
`/match add-bot`, each seat bids from its own view (a house in each Access phase, the lots it
wants in each Auction phase, one sealed bid after each pause), through a restart, to the end
of the match; the record replays to the same result."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bot.players import player_id
from games.auction_auction import COMPUTER as AUCTION_COMPUTER
from games.core.errors import RuleError
from tests.bot.conftest import Table, make_bot, replay

COMPUTERS = ["computer-1", "computer-2", "computer-3"]


async def test_three_computer_seats_and_a_person_play_a_match_to_its_end(
    simcord_env: Any, db_path: Path | str
) -> None:
    """The seats bid as soon as each phase opens, every one of them in every phase (a house
    in the Access phases, and in the Auction phases more than one lot now and then); the bot
    restarts mid-match and they go on; the match ends and its record replays to its result."""
    t = Table(simcord_env, 1)
    lobby = await t.open()
    seated = await t.host.slash(t.channel, "match add-bot", count=3)
    assert seated.ephemeral and "Dealer plays them" in seated.response.content
    started = await t.host.click(lobby, label="Start")
    assert "started with 4 players" in started.response.content, started.response.content
    rnd = random.Random(4)
    for phase in range(6):
        state = await t.state()
        assert set(COMPUTERS) <= {p for p, s in state.seats.items() if s.has_submitted()}, (
            f"every computer seat has bid in phase {phase}"
        )
        if phase == 3:
            await simcord_env.restart_bot(make_bot(db_path))
        await t.play_random_phase(rnd)
        await t.close_phase()
    state = await t.state()
    assert state.phase == "ended"
    assert sum(state.seats[p].cubes[c] for p in COMPUTERS for c in state.options.colours) > 0

    log = await t.host.slash(t.channel, "match log")
    record = json.loads(await log.response.attachments[0].read())
    names = {"computer-1": "Dealer bot 1", "computer-2": "Dealer bot 2"}
    names["computer-3"] = "Dealer bot 3"
    lot_bids = Counter(
        (m["by"], m["target"].split(":")[0])
        for m in record["moves"]
        if m["by"] in names.values() and ":" in m.get("target", "")
    )
    assert lot_bids and max(lot_bids.values()) >= 2, "a seat bids on several lots of a location"
    report = replay(record)
    assert report["finished"] and report["rejected"] == []
    person = t.players[0]
    table = {**names, player_id(person.id): person.name}
    standings = state.result.model_dump(mode="json")["standings"]
    assert [s["player"] for s in report["result"]["standings"]] == [
        table[s["player"]] for s in standings
    ]


async def test_a_strong_seat_keeps_its_level_across_a_restart(
    simcord_env: Any, db_path: Path | str
) -> None:
    """`/match add-bot level:strong` seats a strong seat (kept with the seat), then normal
    ones by default; each plays the match to its end, after a restart too; the record names
    each computer seat with its level."""
    t = Table(simcord_env, 1)
    lobby = await t.open(rounds=2)
    seated = await t.host.slash(t.channel, "match add-bot", level="strong")
    assert "Dealer bot 1 takes a seat: Dealer plays it at level strong" in seated.response.content
    seated = await t.host.slash(t.channel, "match add-bot", count=2)
    assert "at level normal" in seated.response.content
    await t.host.click(lobby, label="Start")
    levels = {p.name: p.level for p in await t.bot.storage.players(t.match_id)}
    assert levels == {
        t.players[0].name: None,
        "Dealer bot 1": "strong",
        "Dealer bot 2": "normal",
        "Dealer bot 3": "normal",
    }
    await simcord_env.restart_bot(make_bot(db_path))
    rnd = random.Random(9)
    for phase in range(4):
        state = await t.state()
        # The strong seat may find no lot worth a bid in an Auction phase.
        bidding = COMPUTERS if state.phase == "access" else COMPUTERS[1:]
        assert set(bidding) <= {p for p, s in state.seats.items() if s.has_submitted()}, phase
        await t.play_random_phase(rnd)
        await t.close_phase()
    assert (await t.state()).phase == "ended"
    assert {p.name: p.level for p in await t.bot.storage.players(t.match_id)} == levels
    log = await t.host.slash(t.channel, "match log")
    record = json.loads(await log.response.attachments[0].read())
    assert record["computers"] == {
        "Dealer bot 1": "strong",
        "Dealer bot 2": "normal",
        "Dealer bot 3": "normal",
    }, "the record says which seats are the computer's, at which level"
    report = replay(record)
    assert report["finished"] and report["rejected"] == []


#: A sum planted in the world a failing search samples: the log must not show it.
SAMPLED_MONEY = 48_213


async def test_a_strong_seat_whose_search_fails_plays_the_normal_move(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A fault in the strong seat's search (here: every search raises, in a world it drew,
    a refusal naming that world's M€) leaves the match going: the seat makes the normal
    seat's move, and the fault is logged by its type and place only, without the message,
    the traceback or any value of the sampled world."""

    def failing(view: Any, actions: Any, seat: Any) -> Any:
        world = {"money": SAMPLED_MONEY, "hand": ["secret-lot"]}
        raise RuleError("over_budget", "You bid $60 in total but hold ${money}.", **world)

    monkeypatch.setitem(AUCTION_COMPUTER.levels, "strong", failing)
    t = Table(simcord_env, 1)
    lobby = await t.open(rounds=2)
    await t.host.slash(t.channel, "match add-bot", level="strong")
    await t.host.slash(t.channel, "match add-bot", count=2)
    await t.host.click(lobby, label="Start")
    state = await t.state()
    assert state.phase == "access"
    assert set(COMPUTERS) <= {p for p, s in state.seats.items() if s.has_submitted()}
    failed = [r for r in caplog.records if "the strong computer player of match" in r.message]
    assert failed, caplog.text
    here = Path(__file__).name
    assert all("RuleError at " in r.message and here in r.message for r in failed)
    assert all(r.message.endswith("in failing); it plays normal") for r in failed)
    assert all(r.exc_info is None and r.exc_text is None for r in failed)
    assert str(SAMPLED_MONEY) not in caplog.text and "secret-lot" not in caplog.text
