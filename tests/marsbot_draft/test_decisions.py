"""Issue 40, item 1: the MARSBOT draft's one decision function and table
(`games.marsbot_draft.phases.decision`, `games.marsbot_draft.decisions.TABLE`). Over random
drafts of both modes every decision of the table is reached; the turn names the decision's
phase and what its deadline does; the drafter's legal actions are of the kinds its decision
offers, and every kind is seen; nobody else has any; the channel's board shows no button."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from games.marsbot_draft import ENGINE
from games.marsbot_draft.decisions import TABLE
from games.marsbot_draft.model import State
from games.marsbot_draft.phases import Decision, decision
from tests.conformance.playouts import waiting_states

#: Enough random drafts (each mode about half of them) that every decision and kind is seen.
DRAFTS = range(40)


def states() -> list[State]:
    """Every state the random drafts wait in."""
    return waiting_states(
        ENGINE,
        [(["ann"], ENGINE.sample_options(["ann"], random.Random(seed)), seed) for seed in DRAFTS],
    )


@pytest.fixture(scope="module")
def waits() -> list[State]:
    return states()


def test_random_drafts_reach_every_decision_of_the_table(waits: list[State]) -> None:
    assert {decision(state) for state in waits} == set(TABLE)


def test_the_turn_is_the_decisions(waits: list[State]) -> None:
    for state in waits:
        offer = TABLE[decision(state)]
        turn = ENGINE.turn(state)
        assert turn.phase.on_deadline == offer.on_deadline
        assert turn.must == ([state.player] if offer.open else [])
        assert (turn.phase.clock == "step") == offer.open == (not ENGINE.is_finished(state))


def test_every_action_is_a_kind_its_decision_offers(waits: list[State]) -> None:
    taken: dict[Decision, set[str]] = defaultdict(set)
    for state in waits:
        open_now = decision(state)
        offer = TABLE[open_now]
        assert ENGINE.board_actions(ENGINE.view(state, None)) == []
        assert ENGINE.legal_actions(state, "bob") == []
        for action in ENGINE.legal_actions(state, state.player):
            assert action.key in offer.keys, (open_now, action.key)
            taken[open_now].add(action.key)
    for open_now, offer in TABLE.items():
        assert taken[open_now] == offer.keys, open_now
