"""The strong seat (games/project_mars/planning.py) outside its turns: the deck it brings.
Its turns are played by tests/test_simulate.py and tests/conformance/test_fair_seats.py."""

from __future__ import annotations

from games.core.seats import Seat
from games.project_mars import ENGINE
from games.project_mars.planning import DECK, strong_seat
from games.project_mars.practice import normal_seat
from games.project_mars.views import PlayerView

PLAYERS = ["ann", "bob"]


def deck_chosen(level: str, seed: int) -> str:
    """The deck a computer seat at `level` brings in a match of `seed`, as the first seat."""
    state, _ = ENGINE.setup(PLAYERS, ENGINE.parse_options({}), seed)
    view = ENGINE.view(state, "ann")
    assert isinstance(view, PlayerView)
    seat = Seat("ann", 1, seed, 0, level)
    decide = strong_seat if level == "strong" else normal_seat
    move = decide(view, ENGINE.legal_actions(state, "ann"), seat)
    assert move["type"] == "deck"
    return str(move["deck"])


def test_the_strong_seat_brings_its_deck_where_the_normal_seat_draws_one() -> None:
    """PM-D1: the normal seat draws Fortress or Vanguard by the match's seed; the strong seat
    brings `DECK`, the one the normal seat wins most with, in every match."""
    seeds = range(12)
    assert {deck_chosen("normal", seed) for seed in seeds} == {"fortress", "vanguard"}
    assert {deck_chosen("strong", seed) for seed in seeds} == {DECK}
