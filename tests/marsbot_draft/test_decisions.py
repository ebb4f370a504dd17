"""Issue 40, item 1: the MARSBOT draft's one decision function and table
(`games.marsbot_draft.phases.decision`, `games.marsbot_draft.decisions.TABLE`). Over random
drafts of both modes every decision of the table is reached; the turn names the decision's
phase and what its deadline does; the drafter's legal actions are of the kinds its decision
offers, none sealed, and every kind is seen; nobody else has any; the channel's board shows no
button (`tests.conformance.decision_tables.check_table`)."""

from __future__ import annotations

import random

import pytest

from games.marsbot_draft import ENGINE
from games.marsbot_draft.decisions import TABLE
from games.marsbot_draft.model import State
from games.marsbot_draft.phases import decision
from tests.conformance.decision_tables import check_table, waiting_states

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


def drafter(state: State) -> list[str]:
    return [state.player]


def test_every_action_is_a_kind_its_decision_offers(waits: list[State]) -> None:
    check_table(ENGINE, TABLE, decision, waits, players=drafter, sealed=lambda *_: False)
    assert all(ENGINE.legal_actions(state, "bob") == [] for state in waits)
