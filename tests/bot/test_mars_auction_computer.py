"""The Mars Auction's computer seats through Discord (issue 45): a host seats a `strong` and a
`normal` seat beside two people with `/match add-bot`; each seat makes the decisions the
auction asks of it (markers, budgets, keeps, buys) from its own view as soon as it is asked,
through a restart in the middle of the setup, to the end of the match; the record replays to
the same allocation."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bot.flows import lobby
from games.mars_auction import ENGINE
from tests.bot.conftest import make_bot, replay
from tests.drivers.mars_auction import Auction

COMPUTERS = {"computer-1": "Dealer bot 1", "computer-2": "Dealer bot 2"}


@pytest.fixture(autouse=True)
def dealt(monkeypatch: pytest.MonkeyPatch) -> None:
    """Matches dealt from a known seed, so that each test plays the same match every run."""
    monkeypatch.setattr(lobby, "new_seed", lambda: 45)


async def test_people_and_computer_seats_of_both_levels_play_to_the_end(
    simcord_env: Any, db_path: Path | str
) -> None:
    t = Auction(simcord_env, 2)
    started = await t.start(computers=("strong", "normal"))
    assert "started with 4 players" in started.response.content, started.response.content
    levels = {p.name: p.level for p in await t.bot.storage.players(t.match_id)}
    rnd = random.Random(45)
    research = 1
    for moves in range(500):
        state = await t.state()
        if state.step == "ended":
            break
        if moves == 12:
            # In the middle of the setup auction: the seats go on after the restart.
            await simcord_env.restart_bot(make_bot(db_path))
        if state.step == "waiting":
            if research:
                research -= 1
                asked = await t.host_says("mars research")
                assert asked.ephemeral, asked.response.content
            else:
                await t.end()
            continue
        waiting = ENGINE.turn(state).must
        assert not set(waiting) & set(COMPUTERS), f"the computer seats moved at once: {waiting}"
        if state.step == "bidding":
            await t.turn(rnd, pass_rate=0.3)
        else:
            await t.settle_step(rnd)
    state = await t.state()
    assert state.step == "ended" and state.generation == 1
    assert {p.name: p.level for p in await t.bot.storage.players(t.match_id)} == levels
    assert levels["Dealer bot 1"] == "strong" and levels["Dealer bot 2"] == "normal"
    for pid in COMPUTERS:
        seat = state.seats[pid]
        assert seat.corporation is not None and len(seat.preludes) == 2
        assert seat.projects, f"{pid} bought projects"

    record = await t.record()
    made = Counter((m["by"], m["type"]) for m in record["moves"] if m["by"] in COMPUTERS.values())
    for name in COMPUTERS.values():
        assert made[(name, "place")] >= 3 and made[(name, "pass")] >= 1, made
        assert made[(name, "budget")] == 1, made
    report = replay(record)
    assert report["finished"] and report["rejected"] == []
    names = {**COMPUTERS, **t.names}
    assert state.result is not None
    assert report["result"]["players"] == {
        names[p]: r for p, r in state.result.model_dump(mode="json")["players"].items()
    }


async def test_one_person_practises_the_unlimited_variant_against_a_strong_seat(
    simcord_env: Any, db_path: Path | str
) -> None:
    """Card by card (U1-U5), the strong seat opens, raises and passes from its own view; the
    person, alone with it, plays the setup auction to its settlement and ends the match."""
    t = Auction(simcord_env, 1)
    await t.start(computers=("strong",), variant="unlimited")
    rnd = random.Random(7)
    for _ in range(400):
        state = await t.state()
        if state.step == "waiting":
            break
        assert "computer-1" not in ENGINE.turn(state).must, "the seat moves as soon as asked"
        if state.step == "bidding":
            await t.turn(rnd, pass_rate=0.5)
        else:
            await t.settle_step(rnd)
    await t.end()
    state = await t.state()
    seat = state.seats["computer-1"]
    assert state.step == "ended" and seat.corporation is not None and len(seat.preludes) == 2
    made = Counter(m["type"] for m in (await t.record())["moves"] if m["by"] == "Dealer bot 1")
    assert made["raise"] >= 5 and made["pass"] >= 1, made
