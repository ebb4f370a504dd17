"""The choices (games/atrades/choices.py) are exactly what the rules accept, checked on the
states of random whole games before every turn: each offered argument is accepted, each
other one refused."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from games.atrades.actions import acquire, research
from games.atrades.choices import free_hexes, govt_companies, merger_pairs, technologies
from games.atrades.data import TECHNOLOGY_BY_ID
from games.atrades.govt import govt_merger
from games.atrades.merger import start_merger
from games.atrades.model import State
from games.atrades.money import owned
from games.core.errors import RuleError
from tests.atrades.playout import pay, play
from tests.atrades.table import company, table

seen: Counter[str] = Counter()


def accepted(state: State, rule: Callable[..., object], *args: Any, **kwargs: Any) -> bool:
    # A copy read from the state's JSON text: a fifth of the time of a deep copy.
    trial = State.model_validate_json(state.model_dump_json())
    try:
        rule(trial, *args, **kwargs)
    except RuleError:
        return False
    return True


def check(state: State, seat: int) -> None:
    free = set(free_hexes(state))
    # Every hex once a round (each is tried on a copy of the state), the first turn's.
    if state.display and state.guilds[seat].cubes and seat == state.order[0]:
        tile = state.display[0]
        for label in state.board:
            assert accepted(state, acquire, seat, tile, label) == (label in free), label
    pairs = set(merger_pairs(state, seat))
    for mine in owned(state, seat):
        for other in state.companies:
            pair = (mine.initiative, other.initiative)
            assert accepted(state, start_merger, seat, *pair, cube=False) == (pair in pairs)
    sellable = govt_companies(state, seat)
    for mine in owned(state, seat):
        assert accepted(state, govt_merger, seat, mine.initiative) == (mine.initiative in sellable)
    affordable = technologies(state, seat)
    for tech in state.technologies:
        cost = TECHNOLOGY_BY_ID[tech].cost
        assert accepted(state, research, seat, tech, pay(state, seat, cost)) == (tech in affordable)
    seen.update(
        pairs=len(pairs), sellable=len(sellable), affordable=len(affordable), free=len(free)
    )


def test_choices_are_what_the_rules_accept() -> None:
    seen.clear()
    for seed in range(3):
        play(seed, 3 + seed, look=check)
    # The states looked at offered some of each.
    assert all(seen[k] > 0 for k in ("pairs", "sellable", "affordable", "free")), seen


def test_choices_by_hand() -> None:
    state = table(2)
    company(state, 3, 0, "F3", bank=9)
    company(state, 7, 1, "F4")
    company(state, 12, 1, "L3")
    assert merger_pairs(state, 0) == [(3, 7)]
    assert merger_pairs(state, 1) == [(7, 3)]
    assert govt_companies(state, 0) == []
    state.guilds[0].tracks["bureaucracy"] = 1
    assert govt_companies(state, 0) == [3]
    assert technologies(state, 1) == ["T1", "T2", "T3", "T4"]
    state.guilds[1].money = 4
    assert technologies(state, 1) == ["T1", "T2"]
    assert "F3" not in free_hexes(state) and "F1" in free_hexes(state)
