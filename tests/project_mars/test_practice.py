"""The practice opponent (games/project_mars/practice.py) plays only legal moves, from its own
view and legal actions, the same way every time. How well it plays is measured by
tests/benchmarks/bench_practice.py (docs/performance.md)."""

from __future__ import annotations

import contextlib
import random

import pytest

from games.core.engine import HOST
from games.core.errors import RuleError
from games.core.match import Match
from games.project_mars import ENGINE
from games.project_mars.model import Kick, State
from games.project_mars.practice import practice_move
from games.project_mars.views import PlayerView

PLAYERS = ["ann", "bob"]


def decide(state: State, player: str, seed: int) -> dict[str, object]:
    """The practice player's move from the seat's view and legal actions, as a computer seat
    is handed them."""
    view = ENGINE.view(state, player)
    assert isinstance(view, PlayerView)
    return practice_move(view, ENGINE.legal_actions(state, player), seed)


@pytest.mark.parametrize("seed", range(6))
def test_the_practice_seat_only_makes_legal_moves(seed: int) -> None:
    """Against random moves and deadlines (seeds 0-3), or against itself (4, 5); a refused
    practice move would raise RuleError out of `submit` (the random side's may be refused)."""
    practice = set(PLAYERS) if seed >= 4 else {PLAYERS[seed % 2]}
    match, _ = Match.start(ENGINE, PLAYERS, {}, seed)
    rnd = random.Random(seed)
    made = 0
    while not match.finished:
        awaited = ENGINE.view(match.state, None).to_act
        mine = [p for p in awaited if p in practice]
        if mine and (len(awaited) == 1 or rnd.random() < 0.5):
            match.submit(mine[0], decide(match.state, mine[0], seed))
            made += 1
            continue
        actor, move = ENGINE.random_move(match.state, rnd)
        if actor in practice or isinstance(move, Kick):
            continue
        with contextlib.suppress(RuleError):
            match.submit(actor, ENGINE.moves.dump_python(move, mode="json"))
    assert made > 10


def test_the_same_view_and_seed_give_the_same_move() -> None:
    match, _ = Match.start(ENGINE, PLAYERS, {"decks": {"ann": "vanguard", "bob": "fortress"}}, 3)
    for player in PLAYERS:
        match.submit(player, {"type": "mulligan", "cards": []})
    player = match.state.turn
    assert player is not None
    view = ENGINE.view(match.state, player)
    assert isinstance(view, PlayerView)
    again = PlayerView.model_validate(view.to_json())
    actions = ENGINE.legal_actions(match.state, player)
    assert practice_move(view, actions, 9) == practice_move(again, actions, 9)
    assert practice_move(view, actions, 9)["type"] in ("play", "pass")


@pytest.mark.parametrize("viewer", [None, HOST])
def test_the_practice_player_needs_a_players_own_view(viewer: str | None) -> None:
    match, _ = Match.start(ENGINE, PLAYERS, {}, 1)
    view = ENGINE.view(match.state, viewer)
    assert not isinstance(view, PlayerView)
    with pytest.raises(ValueError, match="player's own view"):
        practice_move(view, ENGINE.legal_actions(match.state, "ann"))  # type: ignore[arg-type]
