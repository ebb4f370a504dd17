"""`python -m games atrades payout|govt`: one JSON object for a good call (AT-11, AT-14,
AT-17), status 2 and one line on standard error for a bad argument."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.games_cli import as_process, in_process


def ok(*args: str) -> dict[str, Any]:
    done = in_process("atrades", *args)
    assert (done.returncode, done.stderr) == (0, b""), done.stderr.decode()
    assert done.stdout.count(b"\n") == 1
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def refused(*args: str) -> str:
    done = in_process("atrades", *args)
    assert (done.returncode, done.stdout) == (2, b"")
    lines = done.stderr.decode().splitlines(keepends=True)
    assert len(lines) == 1 and lines[0].endswith("\n") and lines[0].startswith("error: ")
    return lines[0]


def test_payout_prints_the_track_the_spaces_and_the_shares() -> None:
    assert ok("payout", "--sizes", "3,1", "--bid", "13") == {
        "track": ["A", "B", "A", "A"],
        "spaces": [4, 3, 3, 3],
        "shares": {"A": 10, "B": 3},
    }
    assert ok("payout", "--sizes", " 1 , 3", "--bid", "7") == {
        "track": ["A", "B", "B", "B"],
        "spaces": [2, 2, 2, 1],
        "shares": {"A": 2, "B": 5},
    }


def test_govt_prints_the_rows_paid_and_the_rest() -> None:
    assert ok("govt", "--money", "24") == {"vp": 12, "rows": [[15, 7], [7, 5]], "to_supply": 2}
    assert ok("govt", "--money", "0") == {"vp": 0, "rows": [], "to_supply": 0}


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ("payout", "--sizes", "3", "--bid", "5"),
            "--sizes is two companies' spaces, like 3,2, not '3'.",
        ),
        (
            ("payout", "--sizes", "3,x", "--bid", "5"),
            "A company's size is a whole number, not 'x'.",
        ),
        (("payout", "--sizes", "0,2", "--bid", "5"), "A company's size is from 1 to 10000, not 0."),
        (
            ("payout", "--sizes", "2,2", "--bid", "3"),
            "A winning bid is at least $1 per cube on the track, $4; not $3.",
        ),
        (("payout", "--sizes", "2,2", "--bid", "-4"), "--bid is from 0 to 10000, not -4."),
        (("govt", "--money", "lots"), "--money is a whole number, not 'lots'."),
        (("govt", "--money", "99999"), "--money is from 0 to 10000, not 99999."),
    ],
)
def test_bad_arguments_exit_2_with_one_line(args: tuple[str, ...], line: str) -> None:
    assert refused(*args) == f"error: {line}\n"


def test_missing_arguments_and_actions_exit_2() -> None:
    assert "--money" in refused("govt")
    assert "--bid" in refused("payout", "--sizes", "1,1")
    refused("auction")


def test_as_a_process_too() -> None:
    done = as_process("atrades", "payout", "--sizes", "2,3", "--bid", "12")
    assert done.returncode == 0
    assert json.loads(done.stdout) == {
        "track": ["A", "B", "A", "B", "B"],
        "spaces": [3, 3, 2, 2, 2],
        "shares": {"A": 5, "B": 7},
    }
