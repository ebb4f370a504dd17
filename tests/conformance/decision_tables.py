"""What the decision-table tests of every engine share (issue 40, item 1;
`tests/<game>/test_decisions.py`): the states random playouts wait in, and the check that an
engine's decision table, its legal actions and its board's outline agree, both ways."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar

from games.core.contract import Action
from games.core.engine import Engine
from games.core.errors import RuleError


class Offered(Protocol):
    """A row of a decision table: the kinds of action (keys) its decision may offer."""

    @property
    def keys(self) -> frozenset[str]: ...


Row = TypeVar("Row", bound=Offered)
Key = TypeVar("Key", bound=str)


def waiting_states(
    engine: Engine[Any, Any], setups: list[tuple[list[str], dict[str, Any], int]]
) -> list[Any]:
    """Every state that random playouts of `setups` (players, options, seed: the seed deals
    the match and draws its moves) wait in, the first and the last included. Each is a copy
    loaded from the state's dump: the same state (the conformance suite checks the round trip),
    made in about two thirds of a deep copy's time."""

    def copy(state: Any) -> Any:
        return engine.load_state(engine.dump_state(state))

    seen = []
    for players, options, seed in setups:
        state, _ = engine.setup(players, engine.parse_options(options), seed)
        rnd = random.Random(seed)
        seen.append(copy(state))
        while not engine.is_finished(state):
            actor, move = engine.random_move(state, rnd)
            try:
                engine.apply(state, actor, move)
            except RuleError:
                continue
            seen.append(copy(state))
    return seen


def key_of(action: Action) -> str:
    """The kind of an action: its key."""
    return action.key


def check_table(
    engine: Engine[Any, Any],
    table: Mapping[Key, Row],
    decision: Callable[[Any], Key],
    waits: list[Any],
    *,
    players: Callable[[Any], list[str]],
    sealed: Callable[[Row, Any, Action], bool],
    board: Callable[[Row], frozenset[str]] | None = None,
    kind: Callable[[Action], str] = key_of,
) -> None:
    """Over `waits` (`waiting_states`): every decision of `table` is reached; at each wait,
    every legal action of each of the `players` is of a kind (`kind`) its decision offers,
    made in private exactly when the table says (`sealed`); the board's outline is exactly the
    decision's buttons (`board`: none when the game shows no buttons on its board), each an
    unsealed legal action's key with that action's label. The other way round: every kind a
    decision offers is some player's legal action at some wait where it is open, so no row
    offers what the legal actions never do."""
    assert {decision(state) for state in waits} == set(table), "a decision is never reached"
    taken: dict[Key, set[str]] = defaultdict(set)
    for state in waits:
        open_now = decision(state)
        offer = table[open_now]
        outline = {b.key: b.label for b in engine.board_actions(engine.view(state, None))}
        shown = frozenset() if board is None else board(offer)
        assert set(outline) == shown, (open_now, sorted(outline), sorted(shown))
        for player in players(state):
            for action in engine.legal_actions(state, player):
                assert kind(action) in offer.keys, (open_now, action.key)
                assert action.sealed == sealed(offer, state, action), (open_now, action.key)
                if not action.sealed and board is not None:
                    assert outline[action.key] == action.label, (open_now, action.key)
                taken[open_now].add(kind(action))
    for open_now, offer in table.items():
        assert taken[open_now] == offer.keys, (open_now, sorted(offer.keys - taken[open_now]))
