"""Issue 40, item 1: the Mars Auction's one decision function and table
(`games.mars_auction.phases.decision`, `games.mars_auction.decisions.TABLE`). Over random
playouts of both variants every decision of the table is reached; the view, the turn and the
phase name the decision open (a bidding turn's bidder, and nobody outside one); each player's
legal actions are of the kinds its decision offers, sealed as it says, and every kind is seen
taken; the channel's board shows no button (the bidder's own controls are on it), both ways
(`tests.conformance.decision_tables.check_table`); a move the decision does not take is
refused in its words and changes nothing."""

from __future__ import annotations

import random

import pytest

from games.core.contract import Action
from games.core.engine import HOST
from games.core.errors import RuleError
from games.mars_auction import ENGINE
from games.mars_auction.decisions import TABLE, Offer
from games.mars_auction.model import Buy, End, Keep, Place, Research, State
from games.mars_auction.phases import BIDDING, decision
from tests.conformance.decision_tables import check_table, waiting_states

#: Seeds, table sizes and variants of the random playouts: enough that every decision and
#: every kind of action of each is seen (a match of research auctions for the budgets).
PLAYOUTS = [
    (seed, 2 + seed % 4, {"variant": variant, "start": start})
    for seed in range(6)
    for variant in ("limited", "unlimited")
    for start in ("setup", "research")
]


def states() -> list[State]:
    """Every state the random playouts wait in."""
    return waiting_states(
        ENGINE,
        [([f"p{i}" for i in range(players)], options, seed) for seed, players, options in PLAYOUTS],
    )


@pytest.fixture(scope="module")
def waits() -> list[State]:
    return states()


def test_random_playouts_reach_every_decision_of_the_table(waits: list[State]) -> None:
    assert {decision(state) for state in waits} == set(TABLE)


def test_the_view_the_turn_and_the_phase_are_the_decisions(waits: list[State]) -> None:
    """The turn is the table's; the view's step is the decision's (a bidding turn of either
    variant is the step "bidding"), and it names a bidder exactly in a bidding turn: the one
    the turn waits for (not, in a keep or buy step, the last bidder on a lot)."""
    for state in waits:
        open_now = decision(state)
        offer = TABLE[open_now]
        turn = ENGINE.turn(state)
        assert turn.phase == offer.phase(state)
        assert turn.must == offer.must(state) and turn.may == offer.may(state)
        view = ENGINE.view(state, None)
        assert view.step == ("bidding" if open_now in BIDDING else open_now)
        assert view.to_act == (turn.must[0] if open_now in BIDDING else None), open_now
        assert ENGINE.is_finished(state) == (open_now == "ended")


def sealed(offer: Offer, state: State, action: Action) -> bool:
    return action.key in offer.sealed


def players(state: State) -> list[str]:
    return list(state.players)


def test_every_action_is_a_kind_its_decision_offers_and_the_board_shows_none(
    waits: list[State],
) -> None:
    check_table(ENGINE, TABLE, decision, waits, players=players, sealed=sealed)


def test_those_who_may_act_have_legal_actions_and_nobody_else(waits: list[State]) -> None:
    for state in waits:
        may = TABLE[decision(state)].may(state)
        for player in state.players:
            actions = ENGINE.legal_actions(state, player)
            assert bool(actions) == (player in may), (decision(state), player)


def test_a_move_the_decision_does_not_take_is_refused_in_its_words(waits: list[State]) -> None:
    """Each move outside the decisions that take it is refused with the open phase's title,
    and the state is left as it was."""
    moves: list[tuple[Place | Keep | Buy | Research | End, str]] = [
        (Place(cards=[1]), "wrong_step"),
        (Keep(cards=["x"]), "wrong_step"),
        (Buy(cards=[]), "wrong_step"),
        (Research(), "auction_running"),
        (End(), "auction_running"),
    ]
    rnd = random.Random(5)
    for state in rnd.sample([s for s in waits if decision(s) != "ended"], 200):
        open_now = decision(state)
        player = next(p for p in state.players if not state.seats[p].kicked)
        for move, code in moves:
            if type(move) in TABLE[open_now].moves:
                continue
            before = state.model_dump_json()
            actor = HOST if isinstance(move, Research | End) else player
            with pytest.raises(RuleError) as refused:
                ENGINE.apply(state, actor, move)
            assert refused.value.code == code, (open_now, move)
            assert f"({ENGINE.turn(state).phase.title})" in refused.value.message
            assert state.model_dump_json() == before
