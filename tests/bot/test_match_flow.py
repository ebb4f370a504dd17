"""A whole match through Discord: slash commands, buttons and forms, then the export."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

from tests.bot.conftest import Table


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
    replayed = subprocess.run(
        [sys.executable, "-m", "games", "replay", "-"],
        input=json.dumps(record),
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(replayed.stdout)
    assert report["finished"] and report["rejected"] == []
    names = {str(p.id): p.name for p in t.players}
    expected = state.result.model_dump(mode="json")
    for standing in expected["standings"]:
        standing["player"] = names[standing["player"]]
    expected["tokens_of_life"] = {names[k]: v for k, v in expected["tokens_of_life"].items()}
    expected["garnets"] = {names[k]: v for k, v in expected["garnets"].items()}
    expected["elimination_candidates"] = [names[p] for p in expected["elimination_candidates"]]
    assert report["result"] == expected
