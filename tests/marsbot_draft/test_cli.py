"""`python -m games marsbot pick|discard`: one JSON object for a good call, status 2 and one
line on standard error for a bad argument; the replay command beside it unchanged."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.games_cli import as_process, in_process


def ok(*args: str) -> dict[str, Any]:
    done = in_process("marsbot", *args)
    assert (done.returncode, done.stderr) == (0, b""), done.stderr.decode()
    report: dict[str, Any] = json.loads(done.stdout)
    assert set(report) == {"chosen", "candidates", "keys"}
    return report


def refused(*args: str) -> str:
    done = in_process("marsbot", *args)
    assert (done.returncode, done.stdout) == (2, b"")
    lines = done.stderr.decode().splitlines(keepends=True)
    assert len(lines) == 1 and lines[0].endswith("\n") and lines[0].startswith("error: ")
    return lines[0]


def test_pick_by_a_corporation_prints_the_choice_its_candidates_and_the_keys() -> None:
    report = ok(
        "pick",
        "--priority",
        "Saturn Systems",
        "--cards",
        "Space Station; Asteroid Mining Consortium; Ganymede Colony",
    )
    assert report == {
        "chosen": "Ganymede Colony",
        "candidates": ["Ganymede Colony"],
        "keys": {
            "Space Station": [0, 1],
            "Asteroid Mining Consortium": [1, 0],
            "Ganymede Colony": [1, 1],
        },
    }


def test_pick_written_out_with_a_seed_is_repeatable_and_names_the_tied_cards() -> None:
    args = ("pick", "--priority", "venus>jovian", "--cards", "Io Mining Industries;Ganymede Colony")
    runs = {json.dumps(ok(*args, "--seed", str(seed))) for seed in range(12)}
    chosen = {json.loads(run)["chosen"] for run in runs}
    assert chosen == {"Io Mining Industries", "Ganymede Colony"}
    assert ok(*args, "--seed", "7") == ok(*args, "--seed", "7")
    assert ok(*args)["candidates"] == ["Io Mining Industries", "Ganymede Colony"]


def test_pick_takes_written_out_cards_most_expensive_and_most_tags() -> None:
    assert (
        ok("pick", "--priority", "most-expensive", "--cards", "Odd:5:wild+wild;Comet")["chosen"]
        == "Comet"
    )
    spire = ok("pick", "--priority", "most-tags", "--cards", "Odd:5:wild+wild;Comet")
    assert spire["keys"] == {"Odd": [0], "Comet": [2]}


def test_discard_with_nothing_to_discard_prints_null() -> None:
    report = ok(
        "discard", "--priority", "space", "--cards", "Space Station;Asteroid;Comet;Ganymede Colony"
    )
    assert (report["chosen"], report["candidates"]) == (None, [])


def test_discard_spire_rule_and_brutal_difficulty() -> None:
    cards = "Three:1:science+space+power;Two:1:earth+city;OneA:1:plant;OneB:1:animal"
    czech = ok("discard", "--priority", "Spire", "--cards", cards)
    assert czech["candidates"] == ["OneA", "OneB"]
    english = ok("discard", "--priority", "Spire", "--cards", cards, "--spire-rule", "english")
    assert english["candidates"] == ["Two", "OneA", "OneB"]
    brutal = ok("discard", "--priority", "Spire", "--cards", cards, "--difficulty", "brutal")
    assert (brutal["chosen"], brutal["candidates"]) == (None, [])


def test_aridor_needs_its_track_levels() -> None:
    tracks = "building 5, space 4, event 6, science 7, power 3, earth 8, plant 9"
    report = ok(
        "pick", "--priority", "Aridor", "--tracks", tracks, "--cards", "Power Plant;Space Station"
    )
    assert report["chosen"] == "Power Plant" and report["keys"]["Space Station"] == [0]
    cascade = ok(
        "pick",
        "--priority",
        "Aridor",
        "--tracks",
        tracks,
        "--aridor-tracks",
        "cascade",
        "--cards",
        "Io Mining Industries;Power Plant",
    )
    assert cascade["keys"] == {"Io Mining Industries": [0, 1], "Power Plant": [1, 0]}
    assert "give the levels of MARSBOT's tracks" in refused(
        "pick", "--priority", "Aridor", "--cards", "Comet"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("pick", "--priority", "Helion", "--cards", "Comet"), "has no draft priority"),
        (("pick", "--priority", "Nobody", "--cards", "Comet"), "neither a MARSBOT corporation"),
        (("pick", "--priority", "space", "--cards", "Comett"), "no card called 'Comett'"),
        (("pick", "--priority", "space", "--cards", ""), "A pile has 1 to 4 cards, not 0"),
        (("pick", "--priority", "space", "--cards", "A:1:;B:1:;C:1:;D:1:;E:1:"), "not 5"),
        (("discard", "--priority", "space", "--cards", "Comet"), "from the 4 cards it kept"),
        (("pick", "--priority", "space", "--cards", "Comet;comet"), "named twice"),
        (("pick", "--priority", "space", "--tracks", "building 1", "--cards", "Comet"), "Aridor"),
        (("pick", "--cards", "Comet"), "--priority"),
        (("pick", "--priority", "space", "--cards", "Comet", "--seed", "x"), "invalid int"),
        (("discard", "--priority", "Spire", "--cards", "Comet", "--spire-rule", "x"), "choice"),
        (("draft",), "invalid choice"),
        ((), "required"),
    ],
)
def test_a_bad_argument_exits_2_with_one_line(args: tuple[str, ...], message: str) -> None:
    assert message in refused(*args)


def test_the_command_runs_as_a_process_and_prints_what_main_prints() -> None:
    for args in (
        ("marsbot", "pick", "--priority", "Celestic", "--cards", "Io Mining Industries;Comet"),
        ("marsbot", "pick", "--priority", "Celestic"),
    ):
        alone, here = as_process(*args), in_process(*args)
        assert (alone.returncode, alone.stdout, alone.stderr) == (
            here.returncode,
            here.stdout,
            here.stderr,
        )
