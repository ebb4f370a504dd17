"""`python -m games simulate <game>` between computer seats of named levels (issue 45):
every game with seats plays whole matches, ending, conserving, and telling the win rate per
seat and per level; seats the game's computer player cannot fill are refused in one line."""

from __future__ import annotations

import json

import pytest

from games.registry import COMPUTERS
from tests.games_cli import in_process


def simulated(*args: str) -> dict[str, object]:
    done = in_process("simulate", *args)
    assert (done.returncode, done.stderr) == (0, b""), done.stderr.decode()
    figures: dict[str, object] = json.loads(done.stdout)
    return figures


@pytest.mark.parametrize(
    ("game", "seats", "games"),
    [
        ("auction-auction", "strong,normal,normal,normal", 2),
        pytest.param("project-mars", "strong,normal", 1, marks=pytest.mark.slow),
        pytest.param("atrades", "normal,strong,normal", 1, marks=pytest.mark.slow),
        pytest.param("mars-auction", "strong,normal,normal", 1, marks=pytest.mark.slow),
    ],
)
def test_every_game_with_seats_plays_whole_matches(game: str, seats: str, games: int) -> None:
    """A whole match of every game (Auction Auction's, the quickest to play, twice: the figures
    are over every match played); tests/conformance/test_fair_seats.py plays more of them. The
    quick run plays Auction Auction's: the other games' whole runs of the tool are `slow`
    (0.9-2.1 s each on the 2-core VM)."""
    figures = simulated(
        game, "--games", str(games), "--seed", "3", "--seats", seats, "--iterations", "2"
    )
    levels = seats.split(",")
    assert figures["game"] == game and figures["seats"] == levels
    assert (figures["ended"], figures["stuck"], figures["conservation_violations"]) == (games, 0, 0)
    assert isinstance(figures["rounds"], float) and figures["rounds"] >= 1
    rates = figures["win_rate"]
    assert isinstance(rates, dict)
    assert set(rates["seat"]) == {str(i) for i in range(len(levels))}
    assert sum(rates["seat"].values()) == pytest.approx(1, abs=0.01)
    assert set(rates["level"]) == set(levels)
    for measure in ("decision_seconds", "decision_cpu_seconds"):
        timings = figures[measure]
        assert isinstance(timings, dict) and set(timings) == set(levels)
        assert all(0 <= t["median"] <= t["p95"] for t in timings.values())


def test_the_same_seed_and_iterations_play_the_same_matches() -> None:
    args = ("auction-auction", "--games", "1", "--seats", "normal,strong,normal,normal")
    one = simulated(*args, "--iterations", "3", "--seed", "8")
    two = simulated(*args, "--iterations", "3", "--seed", "8")
    assert one["win_rate"] == two["win_rate"]


def test_every_game_with_a_computer_player_is_simulated() -> None:
    assert set(COMPUTERS) >= {"auction-auction", "project-mars", "atrades", "mars-auction"}


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("project-mars", "--seats", "normal,cunning"), "plays at normal, strong, not cunning"),
        (("auction-auction", "--seats", "normal,normal"), "takes 4 to 12 seats, not 2"),
        (("auction-auction", "--iterations", "0"), "--iterations is at least 1"),
        (("marsbot-draft",), "invalid choice"),
    ],
)
def test_seats_it_cannot_fill_are_refused_in_one_line(args: tuple[str, ...], said: str) -> None:
    done = in_process("simulate", *args, "--games", "1")
    assert done.returncode == 2 and said in done.stderr.decode(), done.stderr
    assert done.stderr.decode().count("\n") == 1
