"""Whole games played through the rules with random choices, for tests: every rule applied
through `attempt`, which checks that a refusal changes nothing and that money is conserved
after every step (AT-D10). A test driver, not the computer players of a later step."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.atrades.actions import acquire, decline_free_acquire, pass_turn, research
from games.atrades.choices import free_hexes
from games.atrades.govt import govt_merger
from games.atrades.market import expand, expansion_hexes, market
from games.atrades.merger import (
    cancel_unbid,
    open_bid,
    open_pass,
    sealed_bid,
    settle,
    start_merger,
    to_bid,
)
from games.atrades.model import Options, Payment, State, setup
from games.atrades.money import capacity, conservation, owned
from games.atrades.rounds import end_round
from games.atrades.turn_order import resolve_turn_order, submit_bid
from games.core.errors import RuleError

ROUNDS_AT_MOST = 60


def attempt(state: State, rule: Callable[..., object], *args: Any, **kwargs: Any) -> bool:
    """Apply `rule(state, *args, **kwargs)`; a refusal must leave the state as it was."""
    before = state.model_dump()
    try:
        rule(state, *args, **kwargs)
    except RuleError:
        assert state.model_dump() == before
        return False
    assert conservation(state) == 0
    return True


def pay(state: State, seat: int, amount: int) -> Payment:
    """`amount` from the richest company first, the rest from money (may not cover it)."""
    richest = max(owned(state, seat), key=lambda c: c.bank, default=None)
    if richest is None:
        return Payment(from_money=amount)
    part = min(richest.bank, amount)
    return Payment(company=richest.initiative, from_company=part, from_money=amount - part)


def act(state: State, seat: int, dice: random.Random) -> None:
    """One turn: a few random tries at an action, then a pass."""
    for _ in range(6):
        kind = dice.choice(["acquire", "acquire", "merge", "govt", "research"])
        mine = owned(state, seat)
        if kind == "acquire" and state.display:
            tile, where = dice.choice(state.display), dice.choice([*free_hexes(state), "E3"])
            if attempt(state, acquire, seat, tile, where):
                return
        elif kind == "merge" and mine:
            one = dice.choice(mine)
            other = dice.choice([c.initiative for c in state.companies])
            cube = dice.random() < 0.5
            if attempt(state, start_merger, seat, one.initiative, other, cube=cube):
                auction(state, dice)
                return
        elif kind == "govt" and mine:
            if attempt(state, govt_merger, seat, dice.choice(mine).initiative):
                return
        elif kind == "research" and state.technologies:
            tech = dice.choice(state.technologies)
            cost = dice.randint(0, 15)
            if attempt(state, research, seat, tech, pay(state, seat, cost)):
                return
    attempt(state, pass_turn, seat)


def auction(state: State, dice: random.Random) -> None:
    merger = state.merger
    assert merger is not None
    while merger.step == "open":
        seat = to_bid(merger)
        assert seat is not None
        amount = max(len(merger.track), merger.high + 1) + dice.randint(0, 3)
        if dice.random() < 0.3 or not attempt(state, open_bid, seat, amount):
            assert attempt(state, open_pass, seat)
    if merger.step == "sealed":
        for seat in [s for s in merger.order if s not in merger.out]:
            amount = merger.high + dice.randint(1, 4)
            if dice.random() < 0.2 or not attempt(state, sealed_bid, seat, amount):
                assert attempt(state, sealed_bid, seat, None)
    if merger.winner is None:
        assert attempt(state, cancel_unbid)
        return
    winner, price = merger.winner, merger.high
    survivor = dice.choice(list(merger.companies))
    payment = pay(state, winner, price)
    if not attempt(state, settle, winner, payment, survivor=survivor, bureaucracy=True):
        assert attempt(state, settle, winner, payment, survivor=None, bureaucracy=True)


def play(seed: int, players: int, look: Callable[[State, int], None] | None = None) -> State:
    """A whole game; `look(state, seat)` sees the state before each turn."""
    dice = random.Random(seed)
    state = setup([f"p{i}" for i in range(players)], Options(), seed=seed)
    while not state.ended:
        assert state.round <= ROUNDS_AT_MOST
        for seat in range(players):
            bid = dice.randint(0, min(3, capacity(state, seat)))
            assert attempt(state, submit_bid, seat, pay(state, seat, bid))
        assert attempt(state, resolve_turn_order)
        for seat in list(state.order):
            if look is not None:
                look(state, seat)
            act(state, seat, dice)
            while state.free_acquires:
                owed = state.free_acquires[0]
                where = dice.choice(free_hexes(state)) if free_hexes(state) else "A1"
                tile = state.display[0] if state.display else 0
                if not attempt(state, acquire, owed, tile, where, free=True):
                    assert attempt(state, decline_free_acquire, owed)
        assert attempt(state, market)
        while state.expansions:
            grower = state.company(state.expansions[0])
            where = dice.choice(expansion_hexes(state, grower.initiative))
            assert attempt(state, expand, grower.owner, grower.initiative, where)
        assert attempt(state, end_round)
    return state
