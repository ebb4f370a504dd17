"""Issue 40, item 1: Project Mars's one decision function and table
(`games.project_mars.waits.decision`, `games.project_mars.decisions.TABLE`). Over random
matches every decision of the table is reached; the view, the turn and the phase name the
decision open and whom it waits for; each player's legal actions are of the kinds its decision
offers, sealed as it says, and every kind is seen taken; only the players it waits for have
any, and their legal moves are the same decision's; the channel's board shows no button
(`tests.conformance.decision_tables.check_table`)."""

from __future__ import annotations

import random

import pytest

from games.core.contract import Action
from games.project_mars import ENGINE
from games.project_mars.decisions import TABLE, Offer
from games.project_mars.legal import SEALED_CHOICES
from games.project_mars.model import Legal, State
from games.project_mars.waits import decision
from tests.conformance.decision_tables import check_table, waiting_states

#: Enough random matches (some with a preset deck, most choosing theirs) that every decision
#: and every kind of action is seen.
MATCHES = range(6)


def states() -> list[State]:
    """Every state the random matches wait in."""
    players = ["ann", "bob"]
    return waiting_states(
        ENGINE,
        [(players, ENGINE.sample_options(players, random.Random(seed)), seed) for seed in MATCHES],
    )


@pytest.fixture(scope="module")
def waits() -> list[State]:
    return states()


def test_random_matches_reach_every_decision_of_the_table(waits: list[State]) -> None:
    assert {decision(state) for state in waits} == set(TABLE)


def test_the_view_the_turn_and_the_phase_are_the_decisions(waits: list[State]) -> None:
    for state in waits:
        open_now = decision(state)
        offer = TABLE[open_now]
        turn = ENGINE.turn(state)
        assert turn.phase == offer.phase(state)
        assert turn.phase.name == open_now
        assert turn.must == turn.may == offer.must(state)
        view = ENGINE.view(state, None)
        assert view.phase == open_now and view.to_act == turn.must
        assert ENGINE.is_finished(state) == (open_now == "ended")


def sealed(offer: Offer, state: State, action: Action) -> bool:
    """Whether the decision makes `action` in private: its sealed kinds, and a card's choice
    whose answer stays secret (PM-D14, PM-D18)."""
    if action.key == "choose":
        assert state.pending is not None
        return state.pending.kind in SEALED_CHOICES
    return action.key in offer.sealed


def players(state: State) -> list[str]:
    return list(state.players)


def test_every_action_is_a_kind_its_decision_offers_sealed_as_it_says(
    waits: list[State],
) -> None:
    check_table(ENGINE, TABLE, decision, waits, players=players, sealed=sealed)


def test_only_those_awaited_act_and_with_their_decisions_moves(waits: list[State]) -> None:
    for state in waits:
        offer = TABLE[decision(state)]
        for player in state.players:
            awaited = player in offer.must(state)
            assert bool(ENGINE.legal_actions(state, player)) == awaited, (decision(state), player)
            assert ENGINE.legal(state, player) == (
                offer.moves(state, player) if awaited else Legal()
            )
