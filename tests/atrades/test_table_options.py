"""A host's rule options (AT-D1's starting money, AT-D12's two readings) and the end that says
why (AT-26): the last round told as soon as it is sure, the end's reasons."""

from __future__ import annotations

import random

import pytest

from games.atrades import ENGINE
from games.atrades.merger import open_bid, open_pass, sealed_bid, settle, start_merger
from games.atrades.model import Options, Payment, setup
from games.atrades.money import conservation
from games.atrades.outline import company_label
from games.atrades.playout import greedy_player
from games.atrades.rounds import last_round_reasons
from games.core.engine import HOST
from games.core.events import Event
from tests.atrades.table import company, sound, table


def test_at_d12_merged_a_third_party_winner_gets_both_banks() -> None:
    """The other reading: the winner owned neither company, so both old banks ($10, $4)
    go onto the merged company's bank instead of back to the supply."""
    for loser_bank, bank, destroyed in (("supply", 0, 14), ("merged", 14, 0)):
        state = table(3)
        state.options = Options(loser_bank=loser_bank)
        company(state, 3, 0, "F3", "G3", bank=10)
        company(state, 7, 1, "F4", bank=4)
        start_merger(state, 0, 3, 7, cube=False)
        open_pass(state, 1)
        open_bid(state, 2, 3)
        open_bid(state, 0, 8)
        sealed_bid(state, 2, 13)
        sealed_bid(state, 0, 11)
        done = settle(state, 2, Payment(from_money=13), survivor=7, bureaucracy=False)
        assert (done.bank, state.company(7).bank, state.destroyed) == (bank, bank, destroyed)
        assert [g.money for g in state.guilds] == [27, 23, 7], "the owners' spaces as before"
        sound(state)


def test_at_d12_merged_an_owner_winner_keeps_the_lost_bank_not_their_own() -> None:
    """The winner owned company 7 ($4, paid out of it): AT-15 replaces its bank by the
    dollars on their own spaces ($3) in both readings; the lost company's $10 goes back to
    the supply, or onto the merged company's bank ($13)."""
    for loser_bank, bank, destroyed in (("supply", 3, 10), ("merged", 13, 0)):
        state = table(3)
        state.options = Options(loser_bank=loser_bank)
        company(state, 3, 0, "F3", "G3", "G2", bank=10)
        company(state, 7, 1, "F4", bank=4)
        start_merger(state, 0, 3, 7, cube=True)
        open_bid(state, 1, 13)
        open_pass(state, 2)
        open_pass(state, 0)
        done = settle(
            state,
            1,
            Payment(company=7, from_company=4, from_money=9),
            survivor=None,
            bureaucracy=False,
        )
        assert (done.bank, state.company(7).bank, state.destroyed) == (bank, bank, destroyed)
        assert done.paid == {0: 10}
        sound(state)


def test_at_d1_starting_money_one_for_all_or_one_a_board() -> None:
    """`money`: one amount for every board, or five in initiative order (Silt Runners $18 …
    Veil Cartel $22); the ledger starts from the money dealt; left out, $20 each."""
    boards = ["Veil Cartel", "Silt Runners", "Ember Exchange"]
    dealt = setup(["a", "b", "c"], Options(guilds=boards, money=[18, 19, 20, 21, 22]), seed=2)
    assert [g.money for g in dealt.guilds] == [22, 18, 20]
    assert dealt.money_at_start == 60 and conservation(dealt) == 0
    assert [g.money for g in setup(["a", "b"], Options(money=[7]), seed=2).guilds] == [7, 7]
    assert [g.money for g in setup(["a", "b"], Options(), seed=2).guilds] == [20, 20]
    with pytest.raises(ValueError, match="one amount for every guild board or 5"):
        ENGINE.parse_options({"money": [18, 19, 20]})
    with pytest.raises(ValueError):
        ENGINE.parse_options({"loser_bank": "owner"})


def test_at26_the_last_round_is_sure_when_a_cube_or_the_last_tile_is_gone() -> None:
    state = table(3)
    state.display = [1]
    assert last_round_reasons(state) == []
    state.guilds[1].cubes = 0
    assert last_round_reasons(state) == ["cubes"]
    state.guilds[1].cubes = 1
    state.display, state.pool = [], []
    assert last_round_reasons(state) == ["tiles"]


def whole_game(players: int, seed: int) -> list[Event]:
    names = [f"p{i}" for i in range(players)]
    state, events = ENGINE.setup(names, Options(), seed)
    rnd = random.Random(seed)
    while not state.ended:
        must = ENGINE.turn(state).must
        if not must:
            events += ENGINE.apply(state, HOST, ENGINE.parse_move({"type": "close_phase"}))
            continue
        move = greedy_player(
            ENGINE.summary(state, must[0]), ENGINE.legal_actions(state, must[0]), rnd
        )
        events += ENGINE.apply(state, must[0], ENGINE.parse_move(move))
    return events


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 1), (5, 3)])
def test_at26_the_last_round_is_told_once_before_the_end_which_says_why(
    players: int, seed: int
) -> None:
    """Two players end on cubes (round 7), four and five on tiles: the `last_round` event
    comes once, in the last round, before the end, and both give the end's reasons."""
    events = whole_game(players, seed)
    [ended] = [e for e in events if e.type == "game_ended"]
    last = [e for e in events if e.type == "last_round"]
    reasons = ended.data["reasons"]
    assert reasons == (["cubes"] if players == 2 else ["tiles"])
    assert bool(ended.data["out_of_cubes"]) == ("cubes" in reasons)
    assert len(last) == 1 and last[0].data["reasons"] == reasons
    assert events.index(last[0]) < events.index(ended)
    [final] = [e for e in events if e.type == "round_ended" and e.data["last"]]
    assert last[0].data["round"] == final.data["round"]


def test_a_company_of_one_tile_is_labelled_1_tile() -> None:
    """The merger's menus name a company's size: "1 tile", not "1 tiles"."""
    state = table(2)
    company(state, 3, 0, "F3", bank=2)
    company(state, 7, 1, "F4", "E4")
    assert company_label(state, 3) == ("3", "Rations 3 (p0's, 1 tile, $2)")
    assert company_label(state, 7) == ("7", "Liquids 7 (p1's, 2 tiles, $0)")
