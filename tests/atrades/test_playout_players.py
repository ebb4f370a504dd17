"""The computer players (games/atrades/playout.py) and the simulation (simulate.py): whole
games from the seats' views, every move one the engine takes; the figures printed."""

from __future__ import annotations

import json
import random

import pytest

from games.__main__ import main
from games.atrades import ENGINE
from games.atrades.playout import greedy_player, random_player
from games.atrades.simulate import simulate
from games.core.match import Match


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_and_greedy_seats_play_whole_games_from_their_views(players: int) -> None:
    names = ["ann", "bob", "cy", "dee", "eve"][:players]
    seats = {p: (greedy_player if i % 2 else random_player) for i, p in enumerate(names)}
    for seed in range(3):
        match, _ = Match.start(ENGINE, names, {}, seed)
        rnd = random.Random(seed)
        while not match.finished:
            player = ENGINE.turn(match.state).must[0]
            # A RuleError here fails the test: every move is built from a legal action.
            seen = ENGINE.summary(match.state, player)
            actions = ENGINE.legal_actions(match.state, player)
            match.submit(player, seats[player](seen, actions, rnd))
        assert ENGINE.conserved(match.state) == {"money": 0, "plain_tiles": 0}
        assert ENGINE.placings(match.state) is not None


def test_a_computer_seat_plays_the_same_whatever_another_guild_holds() -> None:
    """The players read the seat's view, where another guild's money is not (AT-D27)."""
    state, _ = ENGINE.setup(["ann", "bob", "cy"], ENGINE.parse_options({}), 3)
    richer = state.model_copy(deep=True)
    richer.guilds[1].money += 40
    for player in (greedy_player, random_player):
        moves = [
            player(ENGINE.summary(s, "ann"), ENGINE.legal_actions(s, "ann"), random.Random(5))
            for s in (state, richer)
        ]
        assert moves[0] == moves[1]


def test_the_simulation_counts_games_rounds_wins_and_choices() -> None:
    figures = simulate(4, seed=11, players=3)
    assert figures["games"] == 4 and figures["ended"] == 4
    assert figures["stuck"] == 0 and figures["conservation_violations"] == 0
    assert figures["rounds"] >= 1
    assert set(figures["win_rate"]["seat"]) == {"0", "1", "2"}
    assert sum(figures["win_rate"]["seat"].values()) == pytest.approx(1, abs=0.01)
    assert sum(figures["actions"].values()) == pytest.approx(1, abs=0.01)
    assert figures["fair_share"] == pytest.approx(1 / 3, abs=0.001)


def test_python_m_games_simulate_prints_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "atrades", "--games", "2", "--players", "2", "--seed", "4"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == simulate(2, seed=4, players=2)
    with pytest.raises(SystemExit) as exited:
        main(["simulate", "atrades", "--games", "2", "--players", "7"])
    assert exited.value.code == 2
