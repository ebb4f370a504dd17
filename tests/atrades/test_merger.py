"""The player merger (AT-11 to AT-16, AT-D12 to AT-D17, AT-D21), worked by hand on the
table of tests/atrades/table.py: F3's neighbours are G3, G2, F4, E4 (and the city F2)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from games.atrades import ENGINE
from games.atrades.merger import (
    cancel_unbid,
    open_bid,
    open_pass,
    sealed_bid,
    settle,
    start_merger,
    to_bid,
)
from games.atrades.model import Payment, State
from games.atrades.payout import auction_track, pay_around, shares
from tests.atrades.refuse import refused
from tests.atrades.table import company, sound, table


def test_at11_cubes_placed_alternately_starter_first_the_larger_after() -> None:
    assert auction_track(1, 1) == ["A", "B"]
    assert auction_track(3, 1) == ["A", "B", "A", "A"]
    assert auction_track(1, 3) == ["A", "B", "B", "B"]
    assert auction_track(2, 3) == ["A", "B", "A", "B", "B"]


def test_at14_the_bid_is_paid_left_to_right_and_round_again() -> None:
    assert pay_around(3, 7) == [3, 2, 2]
    assert pay_around(5, 12) == [3, 3, 2, 2, 2]
    assert pay_around(4, 4) == [1, 1, 1, 1]
    # A B A: $13 is 5, 4, 4, so A's two spaces hold 9, not two thirds of 13 rounded.
    assert shares(["A", "B", "A"], pay_around(3, 13)) == {"A": 9, "B": 4}


def two_companies(players: int = 3) -> State:
    """p0's Rations company 3 on F3, G3 ($10), p1's Liquids company 7 on F4 ($4)."""
    state = table(players)
    company(state, 3, 0, "F3", "G3", bank=10)
    company(state, 7, 1, "F4", bank=4)
    return state


def test_third_party_wins_chooses_the_type_and_both_losers_are_paid() -> None:
    state = two_companies()
    state.order = [2, 1, 0]
    merger = start_merger(state, 0, 3, 7, cube=False)
    # AT-11, AT-12: A B A on the track, levels 1 + 1 = 2 rounds; AT-D22: bidding from the
    # starter's left, the next seat.
    assert (merger.track, merger.rounds, merger.order) == (["A", "B", "A"], 2, [1, 2, 0])
    assert to_bid(merger) == 1
    open_pass(state, 1)
    open_bid(state, 2, 3)
    open_bid(state, 0, 8)
    # AT-13: the last open round is over with two still in: the sealed round.
    assert merger.step == "sealed" and to_bid(merger) is None
    sealed_bid(state, 2, 13)
    sealed_bid(state, 0, 11)
    assert (merger.step, merger.winner, merger.high) == ("payment", 2, 13)
    done = settle(state, 2, Payment(from_money=13), survivor=7, bureaucracy=True)
    assert done.spaces == [5, 4, 4]
    assert done.paid == {0: 9, 1: 4}
    assert [g.money for g in state.guilds] == [27, 23, 7]
    merged = state.company(7)
    assert (merged.owner, merged.type, merged.hexes, merged.bank) == (
        2,
        "liquids",
        ["F4", "F3", "G3"],
        0,
    )
    assert [c.initiative for c in state.companies] == [7]
    # AT-D14: the two Rations tiles turn Liquids; the plain one goes back, starting tile 3 leaves.
    assert state.supply == {"rations": 15, "liquids": 13, "wiring": 15, "spice": 15}
    # AT-D12: both companies' old banks ($10 and $4) return to the supply.
    assert state.destroyed == 14
    # AT-15, AT-D21: the losers' free acquires in turn order.
    assert state.free_acquires == [1, 0]
    # AT-16: the winner's free cube, then the starter's, who placed none.
    assert [g.tracks["bureaucracy"] for g in state.guilds] == [1, 0, 1]
    assert [g.cubes for g in state.guilds] == [7, 7, 7]
    assert state.merger is None
    sound(state)


def test_open_rounds_tie_in_the_sealed_round_and_an_owner_winning() -> None:
    state = table(3)
    company(state, 3, 0, "F3", "G3", "G2", bank=10)
    company(state, 7, 1, "F4", bank=4)
    merger = start_merger(state, 0, 3, 7, cube=True)
    assert (state.guilds[0].cubes, state.guilds[0].tracks["merger"]) == (6, 1)
    # Levels 2 + 1: two open rounds, then the sealed one; four cubes, so $4 opens.
    assert (merger.track, merger.rounds) == (["A", "B", "A", "A"], 3)
    message = refused(state, "bid_low", lambda: open_bid(state, 1, 3))
    assert message == "You bid $3, but an opening bid is at least $1 per cube on the track, $4."
    open_bid(state, 1, 4)
    assert refused(state, "bid_low", lambda: open_bid(state, 2, 4)) == (
        "You bid $4, but a raise is at least $5."
    )
    open_bid(state, 2, 5)
    open_bid(state, 0, 6)
    # Round 2 starts again from the starter's left; AT-D15: the leader is not asked to raise.
    assert (merger.round, to_bid(merger)) == (2, 1)
    open_bid(state, 1, 8)
    open_pass(state, 2)
    assert to_bid(merger) == 0
    open_bid(state, 0, 9)
    assert merger.step == "sealed"
    refused(state, "not_sealed_bidder", lambda: sealed_bid(state, 2, 20))
    assert refused(state, "bid_low", lambda: sealed_bid(state, 1, 9)) == (
        "A final bid is more than the last bid, $9; not $9."
    )
    sealed_bid(state, 1, 13)
    refused(state, "bid_twice", lambda: sealed_bid(state, 1, 14))
    sealed_bid(state, 0, 13)
    # AT-D16: equal final bids go to the earlier in the bidding order.
    assert merger.winner == 1
    refused(
        state,
        "not_winner",
        lambda: settle(state, 0, Payment(from_money=13), survivor=None, bureaucracy=False),
    )
    refused(
        state,
        "survivor_fixed",
        lambda: settle(state, 1, Payment(from_money=13), survivor=3, bureaucracy=False),
    )
    refused(
        state,
        "payment_total",
        lambda: settle(state, 1, Payment(from_money=12), survivor=None, bureaucracy=False),
    )
    done = settle(
        state, 1, Payment(company=7, from_company=4, from_money=9), survivor=None, bureaucracy=False
    )
    # $13 on A B A A is 4, 3, 3, 3: A's 10 to p0's money, B's 3 onto the merged company.
    assert done.spaces == [4, 3, 3, 3]
    assert done.paid == {0: 10}
    assert [g.money for g in state.guilds] == [28, 10, 20]
    merged = state.company(7)
    assert (merged.owner, merged.type, merged.bank, merged.size) == (1, "liquids", 3, 4)
    assert state.supply == {"rations": 15, "liquids": 12, "wiring": 15, "spice": 15}
    assert state.destroyed == 10
    assert state.free_acquires == [0]
    assert [g.tracks["bureaucracy"] for g in state.guilds] == [0, 0, 0]
    sound(state)


def test_starter_merging_their_own_two_companies_keeps_the_whole_bid() -> None:
    state = table(3)
    company(state, 3, 0, "F3", bank=2)
    company(state, 5, 0, "G3", bank=1)
    merger = start_merger(state, 0, 3, 5, cube=False)
    assert merger.track == ["A", "B"]
    open_pass(state, 1)
    open_pass(state, 2)
    # The starter is the last left but has not bid: still their turn, to open or pass.
    assert to_bid(merger) == 0
    open_bid(state, 0, 2)
    assert (merger.step, merger.winner) == ("payment", 0)
    message = refused(
        state,
        "choose_survivor",
        lambda: settle(state, 0, Payment(from_money=2), survivor=None, bureaucracy=True),
    )
    assert message == "Choose whether the merged company is 3 (rations) or 5 (rations)."
    done = settle(state, 0, Payment(from_money=2), survivor=5, bureaucracy=True)
    assert done.paid == {}
    assert (state.company(5).bank, state.company(5).hexes) == (2, ["G3", "F3"])
    # Same type: only the starting tile 3 is replaced from the supply.
    assert state.supply["rations"] == 14
    assert state.free_acquires == []
    # AT-16's note: the starter who placed no cube takes one free cube, not two.
    assert state.guilds[0].tracks["bureaucracy"] == 1
    sound(state)


def test_at_d17_nobody_bids_no_merger_the_cube_stays() -> None:
    state = two_companies(2)
    merger = start_merger(state, 0, 3, 7, cube=True)
    assert merger.order == [1, 0]
    refused(state, "not_your_bid", lambda: open_bid(state, 0, 5))
    open_pass(state, 1)
    open_pass(state, 0)
    assert (merger.step, merger.winner) == ("payment", None)
    refused(
        state, "not_settling", lambda: settle(state, 0, Payment(), survivor=3, bureaucracy=False)
    )
    cancel_unbid(state)
    assert state.merger is None
    assert [c.owner for c in state.companies] == [0, 1]
    assert (state.guilds[0].cubes, state.guilds[0].tracks["merger"]) == (6, 1)
    sound(state)


def test_at13_no_bid_over_money_and_one_company() -> None:
    state = two_companies()
    start_merger(state, 0, 3, 7, cube=False)
    message = refused(state, "bid_over", lambda: open_bid(state, 1, 24))
    assert message == "You bid $24, but your money and one company's bank hold at most $23."
    open_bid(state, 1, 23)


def test_at11_at_d13_a_merger_needs_an_own_company_and_an_adjacent_one() -> None:
    state = two_companies()
    company(state, 12, 2, "L3", bank=1)
    company(state, 16, 1, "E4")
    # F3 and E4 are neighbours, F3 and L3 are regions apart.
    assert refused(state, "not_adjacent", lambda: start_merger(state, 0, 3, 12, cube=False)) == (
        "Companies 3 and 12 are not next to each other."
    )
    refused(state, "not_your_company", lambda: start_merger(state, 0, 7, 3, cube=False))
    refused(state, "same_company", lambda: start_merger(state, 0, 3, 3, cube=False))
    refused(state, "no_company", lambda: start_merger(state, 0, 3, 9, cube=False))
    state.company(16).flipped = True
    refused(state, "flipped", lambda: start_merger(state, 0, 3, 16, cube=False))
    state.guilds[0].cubes = 0
    refused(state, "no_cubes", lambda: start_merger(state, 0, 3, 7, cube=True))
    start_merger(state, 0, 3, 7, cube=False)
    refused(state, "merger_under_way", lambda: start_merger(state, 1, 7, 3, cube=False))


def test_at5_connected_companies_are_adjacent() -> None:
    state = table(2)
    company(state, 1, 0, "D3")
    company(state, 6, 1, "D5")
    assert start_merger(state, 0, 1, 6, cube=False).track == ["A", "B"]


def test_at_d14_a_merger_the_supply_could_not_cover_is_refused() -> None:
    state = two_companies()
    state.supply["liquids"] = 1
    message = refused(state, "tile_supply", lambda: start_merger(state, 0, 3, 7, cube=False))
    assert message == "The supply lacks the liquids tiles this merger could need (2, 1 left)."


def test_an_auction_under_way_survives_a_json_round_trip() -> None:
    state = two_companies()
    start_merger(state, 0, 3, 7, cube=False)
    open_pass(state, 1)
    open_bid(state, 2, 3)
    open_bid(state, 0, 8)
    sealed_bid(state, 2, 13)
    copy = State.model_validate_json(state.model_dump_json())
    assert copy == state
    sealed_bid(copy, 0, 14)
    assert copy.merger is not None and (copy.merger.winner, copy.merger.high) == (0, 14)


@given(st.integers(1, 12), st.integers(1, 12), st.integers(0, 500))
def test_at11_at14_the_track_and_payout_for_any_sizes_and_bid(a: int, b: int, bid: int) -> None:
    track = auction_track(a, b)
    assert (track.count("A"), track.count("B"), track[0]) == (a, b, "A")
    # Alternate while both have cubes left: no two of a side in a row before the smaller ends.
    both = 2 * min(a, b)
    assert track[:both] == ["A", "B"] * min(a, b)
    spaces = pay_around(len(track), bid)
    assert sum(spaces) == bid
    assert spaces == sorted(spaces, reverse=True) and spaces[0] - spaces[-1] <= 1
    assert sum(shares(track, spaces).values()) == bid


def shown_to_bid(state: State) -> str | None:
    """Whose turn it is to raise or pass, as the public view names them."""
    merger = ENGINE.view(state, None).merger
    assert merger is not None
    return merger.to_bid


def test_the_public_view_names_whose_turn_it_is_in_an_open_round() -> None:
    """The channel is told who raises or passes next (the map marks that guild alone), and
    nobody once the round is sealed."""
    state = two_companies()
    state.order = [2, 1, 0]
    start_merger(state, 0, 3, 7, cube=False)
    names = [g.player for g in state.guilds]
    assert shown_to_bid(state) == names[1]
    open_pass(state, 1)
    assert shown_to_bid(state) == names[2]
    open_bid(state, 2, 3)
    open_bid(state, 0, 8)
    assert shown_to_bid(state) is None
