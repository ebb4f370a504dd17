"""`python -m games replay FILE`, as a person or a bug report would run it: through the CLI's
`main` in this process (tests/games_cli.py), and as a separate process where it matters
(`test_the_cli_runs_as_a_process_and_prints_what_main_prints`)."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest

from games.core.errors import RuleError
from games.core.events import Event
from games.core.match import Match
from games.registry import engine_for
from tests.games_cli import ROOT, as_process, in_process

GAME = "auction-auction"
EXAMPLE: dict[str, Any] = {
    "game": GAME,
    "seed": 7,
    "options": {"black_market_colour": "green", "garnets": {"ann": 3}},
    "players": ["ann", "bob", "cy", "dee"],
    "moves": [
        {"by": "ann", "type": "bid", "target": "genre-shop", "amount": 30},
        {"by": "host", "type": "close_phase"},
        {"by": "ann", "type": "bid", "target": "genre-shop:2", "amount": 5},
        {"by": "bob", "type": "give", "to": "ann", "amount": 5},
        {"by": "ann", "type": "trade_garnet"},
    ],
}
AUDIENCE_KINDS = {"public", "players", "location", "host", "internal"}


def run(*args: str, stdin: str | bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return in_process(*args, stdin=stdin)


def replayed(path: Path | str, stdin: str | None = None) -> dict[str, Any]:
    done = run("replay", str(path), stdin=stdin)
    assert done.returncode == 0, done.stderr.decode()
    assert done.stderr == b""
    assert done.stdout.endswith(b"\n")
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def write(tmp_path: Path, record: Any) -> Path:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def test_the_example_record_replays_unfinished(tmp_path: Path) -> None:
    report = replayed(write(tmp_path, EXAMPLE))
    assert set(report) == {"finished", "rejected", "events", "result"}
    assert report["finished"] is False
    assert report["rejected"] == []
    assert report["result"] is None
    for event in report["events"]:
        assert isinstance(event["type"], str)
        assert event["audience"]["kind"] in AUDIENCE_KINDS
    assert [e["type"] for e in report["events"]] == [
        "match_started",
        "black_market_drawn",
        "phase_opened",
        "bid_placed",
        "submission_received",
        "access_resolved",
        "phase_opened",
        "lots_offered",
        "lots_offered",
        "bid_placed",
        "submission_received",
        "cash_given",
        "garnet_traded",
    ]
    by_type = {e["type"]: e for e in report["events"]}
    assert by_type["black_market_drawn"]["audience"] == {"kind": "internal"}
    assert by_type["black_market_drawn"]["colour"] == "green"
    assert by_type["access_resolved"]["entrants"]["genre-shop"] == ["ann"]
    assert by_type["cash_given"]["audience"] == {"kind": "players", "players": ["bob", "ann"]}
    assert by_type["garnet_traded"] == {
        "type": "garnet_traded",
        "audience": {"kind": "players", "players": ["ann"]},
        "player": "ann",
        "amount": 10,
        "garnets_left": 2,
    }
    offered = [e for e in report["events"] if e["type"] == "lots_offered"]
    assert [e["audience"]["kind"] for e in offered] == ["location", "location"]
    assert offered[1]["audience"]["location"] == "black-market"


def test_standard_input_replays_like_a_file(tmp_path: Path) -> None:
    from_file = replayed(write(tmp_path, EXAMPLE))
    assert replayed("-", stdin=json.dumps(EXAMPLE)) == from_file


def live_match(seed: int) -> tuple[Match, list[dict[str, Any]]]:
    """A complete random 12-player match played in this process; its events as JSON."""
    engine = engine_for(GAME)
    players = [f"p{i}" for i in range(1, 13)]
    match, started = Match.start(engine, players, {"garnets": {"p1": 2}}, seed)
    events: list[Event] = list(started)
    rnd = random.Random(seed)
    while not match.finished:
        actor, move = engine.random_move(match.state, rnd)
        try:
            events.extend(match.submit(actor, engine.moves.dump_python(move, mode="json")))
        except RuleError:
            continue
    return match, json.loads(json.dumps([e.to_json() for e in events]))


@pytest.mark.parametrize("seed", [1, 2])
def test_a_finished_match_replays_to_its_live_result(tmp_path: Path, seed: int) -> None:
    match, events = live_match(seed)
    path = tmp_path / "finished.json"
    path.write_text(match.record.model_dump_json(), encoding="utf-8")
    report = replayed(path)
    assert report["finished"] is True
    assert report["rejected"] == []
    assert report["result"] == match.engine.result(match.state)
    assert set(report["result"]) == {
        "standings",
        "tokens_of_life",
        "garnets",
        "elimination_candidates",
        "prize_pool_increase",
    }
    assert report["events"] == events
    assert report["events"][-1]["type"] == "match_ended"


def test_a_rejected_move_is_reported_and_the_rest_plays(tmp_path: Path) -> None:
    moves = list(EXAMPLE["moves"])
    moves.insert(1, {"by": "bob", "type": "bid", "target": "genre-shop", "amount": 1000})
    moves.insert(3, {"by": "zed", "type": "trade_garnet"})
    moves.append({"by": "ann", "type": "nope"})
    moves.append({"by": "cy", "type": "close_phase"})
    report = replayed(write(tmp_path, {**EXAMPLE, "moves": moves}))
    assert [(r["index"], r["code"]) for r in report["rejected"]] == [
        (1, "over_budget"),
        (3, "not_a_player"),
        (7, "bad_move"),
        (8, "host_only"),
    ]
    for rejection in report["rejected"]:
        assert set(rejection) == {"index", "code", "message"}
        assert isinstance(rejection["message"], str) and rejection["message"]
    assert report["rejected"][0]["message"] == "You bid $1000 but hold $100."
    assert report["events"] == replayed(write(tmp_path, EXAMPLE))["events"]
    assert report["finished"] is False


MALFORMED: dict[str, str | bytes | None] = {
    "invalid JSON": '{"game": "auction-auction", "seed": 7,',
    "empty file": "",
    "not an object": "[]",
    "missing field": json.dumps({k: v for k, v in EXAMPLE.items() if k != "players"}),
    "move without by": json.dumps({**EXAMPLE, "moves": [{"type": "close_phase"}]}),
    "unknown field": json.dumps({**EXAMPLE, "winner": "ann"}),
    "seed not a number": json.dumps({**EXAMPLE, "seed": "seven"}),
    "unknown game": json.dumps({**EXAMPLE, "game": "chess"}),
    "too few players": json.dumps({**EXAMPLE, "players": ["ann", "bob", "cy"], "options": {}}),
    "too many players": json.dumps({**EXAMPLE, "players": [f"p{i}" for i in range(13)]}),
    "host as a player": json.dumps({**EXAMPLE, "players": ["ann", "bob", "cy", "host"]}),
    "a player twice": json.dumps({**EXAMPLE, "players": ["ann", "bob", "cy", "ann"]}),
    "bad option value": json.dumps({**EXAMPLE, "options": {"rounds": 0}}),
    "unknown option": json.dumps({**EXAMPLE, "options": {"colour": "green"}}),
    "colours without red": json.dumps({**EXAMPLE, "options": {"colours": ["green", "yellow"]}}),
    "garnets for a stranger": json.dumps({**EXAMPLE, "options": {"garnets": {"zed": 1}}}),
    "not UTF-8": b"\xff\xfe{}",
    "no such file": None,
}


@pytest.mark.parametrize("case", list(MALFORMED))
def test_a_malformed_record_exits_2_with_one_line(tmp_path: Path, case: str) -> None:
    content = MALFORMED[case]
    path = tmp_path / "record.json"
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    elif isinstance(content, bytes):
        path.write_bytes(content)
    done = run("replay", str(path))
    assert done.returncode == 2
    assert done.stdout == b""
    lines = done.stderr.decode().splitlines(keepends=True)
    assert len(lines) == 1 and lines[0].endswith("\n"), done.stderr
    assert lines[0].startswith("error: ")


@pytest.mark.parametrize("case", ["invalid JSON", "unknown game", "too few players"])
def test_a_malformed_record_on_standard_input_exits_2(case: str) -> None:
    content = MALFORMED[case]
    assert isinstance(content, str)
    done = run("replay", "-", stdin=content)
    assert done.returncode == 2
    assert done.stdout == b""
    assert len(done.stderr.decode().splitlines()) == 1


def test_a_directory_is_not_a_record(tmp_path: Path) -> None:
    done = run("replay", str(tmp_path))
    assert (done.returncode, done.stdout) == (2, b"")
    assert len(done.stderr.decode().splitlines()) == 1


def test_the_examples_in_the_records_doc_are_what_replay_prints(tmp_path: Path) -> None:
    """docs/records.md shows two records and what they replay to; keep it true."""
    text = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    blocks = [json.loads(block.split("```", 1)[0]) for block in text.split("```json\n")[1:]]
    records = [b for b in blocks if b.get("game") == GAME]
    unfinished, finished = records
    shown = next(b for b in blocks if "events" in b)
    result = next(b for b in blocks if "standings" in b)
    assert unfinished == EXAMPLE
    report = replayed(write(tmp_path, unfinished))
    events = [e for e in shown["events"] if isinstance(e, dict)]
    assert report["events"][: len(events)] == events
    assert (report["finished"], report["rejected"]) == (shown["finished"], shown["rejected"])
    report = replayed(write(tmp_path, finished))
    assert report["finished"] is True
    assert report["result"] == result


def test_the_project_mars_examples_in_the_records_doc_are_what_replay_prints(
    tmp_path: Path,
) -> None:
    """docs/records.md's Project Mars section: its records replay as shown, with every event
    listed in the abridged output in that order."""
    text = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    section = text.split("## Project Mars", 1)[1]
    blocks = [json.loads(block.split("```", 1)[0]) for block in section.split("```json\n")[1:]]
    unfinished, finished = [b for b in blocks if b.get("game") == "project-mars"]
    shown = next(b for b in blocks if "events" in b)
    result = next(b for b in blocks if "forfeit" in b)
    report = replayed(write(tmp_path, unfinished))
    events = [e for e in shown["events"] if isinstance(e, dict)]
    assert report["events"][: len(events)] == events
    [abridged] = [e for e in shown["events"] if isinstance(e, str)]
    assert abridged.startswith(f"… {len(report['events']) - len(events)} more:")
    assert (report["finished"], report["rejected"]) == (shown["finished"], shown["rejected"])
    report = replayed(write(tmp_path, finished))
    assert (report["finished"], report["rejected"]) == (True, [])
    assert report["result"] == result


@pytest.mark.parametrize(
    ("args", "stdin"),
    [
        (("replay", "-"), json.dumps(EXAMPLE)),
        (("replay", "-"), b"\xff\xfe{}"),
        (("replay",), None),
    ],
    ids=["a record", "not UTF-8", "no file named"],
)
def test_the_cli_runs_as_a_process_and_prints_what_main_prints(
    args: tuple[str, ...], stdin: str | bytes | None
) -> None:
    """`python -m games` in a process of its own exits as `main` returns and prints the same
    bytes to stdout and stderr: what the tests above check in-process holds for the command."""
    alone, here = as_process(*args, stdin=stdin), in_process(*args, stdin=stdin)
    assert (alone.returncode, alone.stdout, alone.stderr) == (
        here.returncode,
        here.stdout,
        here.stderr,
    )
    assert alone.returncode in (0, 2)
    assert (alone.returncode == 0) == (alone.stdout != b"")
