"""Issue 40, item 1: one decision function and one table of what each decision offers
(`games.atrades.decisions`). Over random playouts every decision of the table is reached,
each guild's legal actions are among what its decision offers, and the board's buttons are
exactly the decision's unsealed offer, each the button of a legal action with its label
(every one of them seen taken as a legal action, the other way round)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

import pytest

from games.atrades import ENGINE
from games.atrades.decisions import TABLE, Offer
from games.atrades.model import State
from games.atrades.waits import Decision, decision
from games.core.contract import Action
from tests.conformance.decision_tables import check_table, waiting_states

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


def guilds(state: State) -> list[str]:
    return [g.player for g in state.guilds]


def sealed(offer: Offer, state: State, action: Action) -> bool:
    return action.key in offer.sealed


def buttons(offer: Offer) -> frozenset[str]:
    """The board's buttons of a decision: the kinds it offers that are not sealed."""
    return offer.keys - offer.sealed


def check(table: Mapping[Decision, Offer], waits: list[State]) -> None:
    check_table(ENGINE, table, decision, waits, players=guilds, sealed=sealed, board=buttons)


def test_the_table_the_legal_actions_and_the_board_agree_both_ways(waits: list[State]) -> None:
    check(TABLE, waits)


BIDS = TABLE["bids"]


@pytest.mark.parametrize(
    ("bids", "caught"),
    [
        (replace(BIDS, keys=BIDS.keys | {"drop"}, sealed=BIDS.sealed | {"drop"}), "['drop']"),
        (replace(BIDS, keys=BIDS.keys | {"govt"}), "['govt']"),
        (replace(BIDS, keys=frozenset()), "'bid'"),
        (replace(BIDS, sealed=frozenset()), "'bid'"),
    ],
    ids=["a-sealed-kind-never-legal", "a-button-never-legal", "too-few-kinds", "unsealed"],
)
def test_a_row_that_offers_what_the_legal_actions_do_not_is_caught(
    waits: list[State], bids: Offer, caught: str
) -> None:
    """The turn-order bids' row offering a kind no legal action of its decision is (sealed,
    so only the legal actions can tell; or a button), missing the bid, or not sealing it,
    fails the check, naming what is wrong."""
    with pytest.raises(AssertionError, match=re.escape(caught)):
        check({**TABLE, "bids": bids}, waits)


def test_the_view_names_the_decision_and_the_turn_is_the_tables(waits: list[State]) -> None:
    for state in waits:
        open_now = decision(state)
        assert ENGINE.view(state, None).decision == open_now
        names = [g.player for g in state.guilds]
        offer = TABLE[open_now]
        turn = ENGINE.turn(state)
        assert turn.must == [names[s] for s in offer.must(state)]
        assert turn.phase == offer.phase(state).phase()
        assert turn.enclosing == offer.enclosing(state)
