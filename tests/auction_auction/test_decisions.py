"""Issue 40, item 1: Auction Auction's one decision function and table
(`games.auction_auction.decisions`). Over random playouts every decision of the table is
reached; the view, the turn and the phase name the decision open; each player's legal actions
are of the kinds its decision offers, every one sealed, and every kind is seen taken; the
channel's board shows no button (the decision's unsealed offer, which is empty), both ways
(`tests.conformance.decision_tables.check_table`)."""

from __future__ import annotations

import pytest

from games.auction_auction import ENGINE
from games.auction_auction.decisions import TABLE, decision
from games.auction_auction.model import State
from games.core.contract import Action
from tests.conformance.decision_tables import check_table, waiting_states

#: Seeds and table sizes of the random playouts: enough matches that every decision and
#: every kind of action of each is seen.
PLAYOUTS = [(seed, 4 + seed % 9) for seed in range(12)]


def states() -> list[State]:
    """Every state the random playouts wait in (a garnet to trade held by the first player)."""
    setups = []
    for seed, players in PLAYOUTS:
        names = [f"p{i}" for i in range(players)]
        setups.append((names, {"garnets": {names[0]: 2}}, seed))
    return waiting_states(ENGINE, setups)


@pytest.fixture(scope="module")
def waits() -> list[State]:
    return states()


def test_random_playouts_reach_every_decision_of_the_table(waits: list[State]) -> None:
    assert {decision(state) for state in waits} == set(TABLE)


def test_the_view_the_turn_and_the_phase_name_the_decision(waits: list[State]) -> None:
    for state in waits:
        open_now = decision(state)
        offer = TABLE[open_now]
        assert ENGINE.view(state, None).phase == open_now
        turn = ENGINE.turn(state)
        assert turn.phase.name == open_now
        assert turn.phase.on_deadline == offer.on_deadline
        assert (turn.phase.clock is not None) == offer.open
        assert turn.phase.title.startswith(offer.title)
        assert ENGINE.is_finished(state) == (not offer.open)


def kind(action: Action) -> str:
    """A bid's key names its target (`bid:<target>`): its kind is what comes first."""
    return action.key.split(":")[0]


def players(state: State) -> list[str]:
    return list(state.players)


def test_every_action_is_a_sealed_kind_its_decision_offers_and_the_board_shows_none(
    waits: list[State],
) -> None:
    check_table(ENGINE, TABLE, decision, waits, players=players, sealed=lambda *_: True, kind=kind)


def test_a_players_bids_are_on_their_targets(waits: list[State]) -> None:
    for state in waits:
        for player in state.players:
            actions = ENGINE.legal_actions(state, player)
            bids = [a.move["target"] for a in actions if a.move["type"] == "bid"]
            assert set(bids) <= set(ENGINE.targets(state, player)), (decision(state), player)
