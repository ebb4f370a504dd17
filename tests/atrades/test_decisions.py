"""Issue 40, item 1: one decision function and one table of what each decision offers
(`games.atrades.decisions`). Over random playouts every decision of the table is reached,
each guild's legal actions are among what its decision offers, and the board's buttons are
exactly the decision's unsealed offer, each the button of a legal action with its label
(every one of them seen taken as a legal action, the other way round)."""

from __future__ import annotations

from collections import defaultdict

import pytest

from games.atrades import ENGINE
from games.atrades.decisions import TABLE
from games.atrades.model import State
from games.atrades.waits import Decision, decision
from tests.conformance.playouts import waiting_states

#: Seeds and table sizes of the random playouts: enough matches that every decision and
#: every button of each is seen.
PLAYOUTS = [(seed, 2 + seed % 4) for seed in range(24)]


def states() -> list[State]:
    """Every state the random playouts wait in."""
    return waiting_states(
        ENGINE, [([f"p{i}" for i in range(players)], {}, seed) for seed, players in PLAYOUTS]
    )


@pytest.fixture(scope="module")
def waits() -> list[State]:
    return states()


def test_random_playouts_reach_every_decision_of_the_table(waits: list[State]) -> None:
    reached = {decision(state) for state in waits}
    assert reached == set(TABLE)


def test_the_view_names_the_decision_and_the_turn_is_the_tables(waits: list[State]) -> None:
    for state in waits:
        open_now = decision(state)
        assert ENGINE.view(state, None).decision == open_now
        names = [g.player for g in state.guilds]
        offer = TABLE[open_now]
        turn = ENGINE.turn(state)
        assert turn.must == [names[s] for s in offer.must(state)]
        assert turn.phase == offer.phase(state)
        assert turn.enclosing == offer.enclosing(state)


def test_the_board_outline_is_the_unsealed_legal_actions_outline_both_ways(
    waits: list[State],
) -> None:
    """At every wait: each legal action is one its decision offers; the board shows a button
    for exactly the decision's unsealed kinds, and each unsealed legal action's button has
    its key and label. Over the playouts, every button of every decision is a legal action
    of someone in some wait."""
    taken: dict[Decision, set[str]] = defaultdict(set)
    for state in waits:
        open_now = decision(state)
        offer = TABLE[open_now]
        outline = {b.key: b.label for b in ENGINE.board_actions(ENGINE.view(state, None))}
        assert set(outline) == offer.keys - offer.sealed, open_now
        for guild in state.guilds:
            for action in ENGINE.legal_actions(state, guild.player):
                assert action.key in offer.keys, (open_now, action.key)
                assert action.sealed == (action.key in offer.sealed), (open_now, action.key)
                if not action.sealed:
                    assert outline[action.key] == action.label, (open_now, action.key)
                taken[open_now].add(action.key)
    for open_now, offer in TABLE.items():
        assert taken[open_now] == offer.keys, open_now
