"""Random playouts draw what they drew when every action was built and its answers checked
(issue 43): `random_build` makes the move `build(random_answers(...))` makes, by the same
draws, for every legal action of every game; a game's lazily made actions (Atrades' turn,
`decisions.offers`) are its legal actions, in their order; and a pick's checks run once,
when it is made, not again for each action that holds it."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from games.atrades import decisions
from games.atrades.engine import Atrades
from games.core.contract import Action, Amount, Choice, Pick, random_answers, random_build
from games.core.errors import RuleError
from games.registry import ENGINES


def small(step: Amount) -> int:
    return min(step.max, step.min + 2)


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_random_build_makes_the_move_built_from_random_answers(game: str) -> None:
    engine = ENGINES[game]
    compared = 0
    for seed in range(3):
        count = min(engine.max_players, max(engine.min_players, 2 + seed))
        players = [f"p{i}" for i in range(count)]
        state, _ = engine.setup(players, engine.parse_options({}), seed)
        rnd = random.Random(seed)
        for _ in range(60):
            if engine.is_finished(state):
                break
            for player in engine.turn(state).may:
                for action in engine.legal_actions(state, player):
                    for amount in (None, small):
                        draws = rnd.getrandbits(32)
                        ours, theirs = random.Random(draws), random.Random(draws)
                        built = action.build(random_answers(action, theirs, amount))
                        assert random_build(action, ours, amount) == built
                        assert ours.getstate() == theirs.getstate()
                        compared += 1
            actor, move = engine.random_move(state, rnd)
            try:
                engine.apply(state, actor, move)
            except RuleError:
                continue
    assert compared > 20


def test_an_empty_pick_of_one_leaves_its_field_out() -> None:
    action = Action(
        key="k",
        label="K",
        move={"type": "t"},
        steps=[
            Pick(field="card", choices=[Choice(value="a", label="A")], min=0),
            Amount(min=1, max=1),
        ],
    )
    empty = next(s for s in range(100) if random.Random(s).randint(0, 1) == 0)
    assert random_build(action, random.Random(empty)) == {"type": "t", "amount": 1}
    assert action.build(random_answers(action, random.Random(empty))) == {"type": "t", "amount": 1}


def test_atrades_offers_are_its_legal_actions_in_order() -> None:
    engine = Atrades()
    offered = 0
    for seed in range(2):
        players = [f"p{i}" for i in range(3 + 2 * seed)]
        state, _ = engine.setup(players, engine.parse_options({}), seed)
        rnd = random.Random(seed)
        while not engine.is_finished(state):
            for seat, guild in enumerate(state.guilds):
                made = [offer.make() for offer in decisions.offers(state, seat)]
                assert made == engine.legal_actions(state, guild.player)
                offered += len(made)
            actor, move = engine.random_move(state, rnd)
            try:
                engine.apply(state, actor, move)
            except RuleError:
                continue
    assert offered > 200


def test_a_pick_is_checked_when_made_and_not_again_in_each_action(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    checks = 0
    original = Pick._check

    def counted(pick: Pick) -> None:
        nonlocal checks
        checks += 1
        original(pick)

    pick = Pick(field="card", choices=[Choice(value="a", label="A")])
    monkeypatch.setattr(Pick, "_check", counted)
    for _ in range(3):
        Action(key="k", label="K", move={"type": "t"}, steps=[pick])
    assert checks == 0
    Pick(field="card", choices=[Choice(value="b", label="B")])
    assert checks == 1
    with pytest.raises(ValidationError, match="distinct values"):
        Pick(field="card", choices=[Choice(value="a", label="A"), Choice(value="a", label="B")])
