"""The practice opponent (games/project_mars/practice.py) plays only legal moves, from its own
view, the same way every time. How well it plays is measured by
tests/benchmarks/bench_practice.py (docs/performance.md)."""

from __future__ import annotations

import contextlib
import json
import random

import pytest

from games.core.engine import HOST
from games.core.errors import RuleError
from games.core.match import Match
from games.project_mars import ENGINE
from games.project_mars.model import Kick, View
from games.project_mars.practice import practice_move

PLAYERS = ["ann", "bob"]


@pytest.mark.parametrize("seed", range(6))
def test_the_practice_seat_only_makes_legal_moves(seed: int) -> None:
    """Against random moves and deadlines (seeds 0-3), or against itself (4, 5); a refused
    practice move would raise RuleError out of `submit` (the random side's may be refused)."""
    practice = set(PLAYERS) if seed >= 4 else {PLAYERS[seed % 2]}
    match, _ = Match.start(ENGINE, PLAYERS, {}, seed)
    rnd = random.Random(seed)
    made = 0
    while not match.finished:
        awaited = ENGINE.view(match.state, None)["to_act"]
        mine = [p for p in awaited if p in practice]
        if mine and (len(awaited) == 1 or rnd.random() < 0.5):
            match.submit(mine[0], practice_move(ENGINE.view(match.state, mine[0]), seed))
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
    assert practice_move(view, 9) == practice_move(dict(view), 9)
    assert practice_move(view, 9)["type"] in ("play", "pass")


@pytest.mark.parametrize("viewer", [None, HOST])
def test_the_practice_player_needs_a_players_own_view(viewer: str | None) -> None:
    match, _ = Match.start(ENGINE, PLAYERS, {}, 1)
    with pytest.raises(ValueError, match="player's own view"):
        practice_move(ENGINE.view(match.state, viewer))


def test_every_view_is_the_json_of_the_view_model() -> None:
    """Views are built as the JSON the `View` models describe, not as models dumped at once:
    each view of every viewer after every move of three random matches, read back through
    the models (as the practice player reads it) and dumped again, is the same text, down to
    the order of its keys."""
    pending = 0
    for seed in range(3):
        match, _ = Match.start(ENGINE, PLAYERS, {}, seed)
        rnd = random.Random(seed)
        while not match.finished:
            for viewer in [*PLAYERS, HOST, None]:
                view = ENGINE.view(match.state, viewer)
                assert json.dumps(View.model_validate(view).dump()) == json.dumps(view), viewer
            pending += match.state.pending is not None
            actor, move = ENGINE.random_move(match.state, rnd)
            with contextlib.suppress(RuleError):
                match.submit(actor, ENGINE.moves.dump_python(move, mode="json"))
    assert pending > 0, "no view with a pending decision was read"
