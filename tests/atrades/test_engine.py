"""The Atrades engine (games/atrades/engine.py): refusals that change nothing, hidden
information, the nested phases and their ids, whole games replayed from their records."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from games.__main__ import main
from games.atrades import ENGINE
from games.atrades.events import Paid
from games.atrades.model import State
from games.atrades.playout import greedy_player
from games.atrades.views import Mine, PlayerView, PublicView
from games.core.engine import HOST
from games.core.errors import RuleError
from games.core.events import Viewer
from games.core.match import Match, MatchRecord, replay
from tests.atrades.engine_table import at_action, market_table
from tests.atrades.table import company, show, table


def apply(state: State, actor: str, move: dict[str, Any]) -> list[Any]:
    return ENGINE.apply(state, actor, ENGINE.parse_move(move))


def refused(state: State, actor: str, move: dict[str, Any], code: str) -> str:
    """The move is refused with `code`, and the state is as it was."""
    before = state.model_dump()
    with pytest.raises(RuleError) as caught:
        apply(state, actor, move)
    assert caught.value.code == code, caught.value
    assert state.model_dump() == before
    return caught.value.message


# -- refusals ----------------------------------------------------------------------------------


def test_an_acquire_on_desert_a_city_or_a_taken_hex_is_refused() -> None:
    state = at_action(3, 0)
    show(state, 1, 6)
    company(state, 12, 1, "F3")
    acquire = {"type": "acquire", "tile": 1}
    assert "E3 is desert" in refused(state, "p0", {**acquire, "hex": "E3"}, "desert")
    assert "F2 is a city" in refused(state, "p0", {**acquire, "hex": "f2"}, "city")
    assert "taken by company 12" in refused(state, "p0", {**acquire, "hex": "F3"}, "taken")
    assert "not on display" in refused(
        state, "p0", {**acquire, "tile": 2, "hex": "G3"}, "tile_not_shown"
    )
    apply(state, "p0", {**acquire, "hex": "G3"})
    assert state.company(1).hexes == ["G3"]


def test_a_merger_of_companies_not_next_to_each_other_is_refused() -> None:
    state = at_action(3, 0)
    company(state, 3, 0, "F3")
    company(state, 12, 1, "L3")
    message = refused(state, "p0", {"type": "merge", "company": 3, "other": 12}, "not_adjacent")
    assert message == "Companies 3 and 12 are not next to each other."


def test_a_bid_over_the_purse_and_one_company_is_refused() -> None:
    """AT-7, AT-D24: a company's bank pays first, personal money the rest."""
    state = table(3)
    company(state, 3, 0, "F3", bank=5)
    company(state, 4, 0, "G3", bank=9)
    # Guild p0 holds $18: company 3's bank and the purse hold $23, company 4's $27.
    message = refused(state, "p0", {"type": "bid", "pay_from": "3", "amount": 24}, "bid_over")
    assert "company 3's bank hold $23" in message
    refused(state, "p0", {"type": "bid", "pay_from": "purse", "amount": 19}, "short_money")
    refused(state, "p0", {"type": "bid", "pay_from": "4", "amount": 28}, "bid_over")
    apply(state, "p0", {"type": "bid", "pay_from": "4", "amount": 27})
    assert state.bids[0].from_company == 9 and state.bids[0].from_money == 18


def test_a_govt_merger_with_too_little_bureaucracy_is_refused() -> None:
    state = at_action(3, 0)
    company(state, 3, 0, "F4", bank=10)  # next to city 2 on F5
    message = refused(state, "p0", {"type": "govt", "company": 3}, "bureaucracy_low")
    assert message == (
        "The city next to company 3 needs 2 cubes on your bureaucracy track; you have 0."
    )
    state.guilds[0].tracks["bureaucracy"] = 2
    events = apply(state, "p0", {"type": "govt", "company": 3})
    # $10 on the chart: 7 -> 5, then 3 -> 3 (AT-17).
    assert state.company(3).flipped and state.guilds[0].money == 18 + 8
    assert any(e.type == "sold_to_govt" and e.data["vp"] == 8 for e in events)


def test_an_action_without_cubes_and_a_move_out_of_turn_are_refused() -> None:
    state = at_action(3, 0)
    show(state, 1)
    state.guilds[0].cubes = 0
    acquire = {"type": "acquire", "tile": 1, "hex": "G3"}
    assert refused(state, "p0", acquire, "no_cubes") == "You have no action cubes left."
    assert refused(state, "p1", acquire, "not_your_turn") == "It is not your turn."
    refused(state, "host", acquire, "not_a_player")
    refused(state, "p1", {"type": "close_phase"}, "host_only")
    # With no cube, a pass still ends the turn (AT-D11), and p1 acts next.
    assert [a.key for a in ENGINE.legal_actions(state, "p0")] == ["pass"]
    apply(state, "p0", {"type": "pass"})
    assert ENGINE.turn(state).must == ["p1"]


def test_a_raise_over_what_the_bidder_holds_is_refused() -> None:
    state = merger_table()
    apply(state, "p0", {"type": "merge", "company": 3, "other": 7})
    raise_ = ENGINE.legal_actions(state, "p1")[0]
    assert raise_.key == "raise" and raise_.steps[0].max == 19  # p1's $19, no bank
    message = refused(state, "p1", {"type": "raise", "amount": 20}, "bid_over")
    assert message == "You bid $20, but your money and one company's bank hold at most $19."
    refused(state, "p1", {"type": "raise", "amount": 4}, "bid_low")


# -- hidden information ------------------------------------------------------------------------


def views(state: State) -> dict[Viewer, PublicView]:
    return {v: ENGINE.view(state, v) for v in ("p0", "p1", "p2", HOST, None)}


def mine(view: PublicView) -> Mine:
    """A player's own secrets, from their view."""
    assert isinstance(view, PlayerView)
    return view.me


def test_another_guilds_bid_or_money_changes_no_one_elses_view() -> None:
    """AT-D27: a turn-order bid and personal money are their guild's own."""
    one, other = table(3), table(3)
    apply(one, "p0", {"type": "bid", "amount": 3})
    apply(other, "p0", {"type": "bid", "amount": 7})
    a, b = views(one), views(other)
    assert mine(a["p0"]).bid == Paid(from_money=3) and mine(b["p0"]).bid == Paid(from_money=7)
    for viewer in ("p1", "p2", HOST, None):
        assert a[viewer] == b[viewer], viewer
    other.guilds[0].money += 5
    assert ENGINE.view(other, "p1") == a["p1"]
    assert ENGINE.view(other, None) == a[None]
    assert mine(ENGINE.view(other, "p0")).money == 23
    assert a[None].guilds[0].money is None


def test_a_refused_replacement_leaves_the_standing_bid_as_it_was() -> None:
    """AT-D23: a bid that replaces p1's and is refused leaves the state as it was, its text
    too (the standing bid went back to the end of the bids: a refused move changed the
    state, which the conformance suite's random matches found)."""
    state = table(3)
    apply(state, "p1", {"type": "bid", "amount": 2})
    apply(state, "p0", {"type": "bid", "amount": 1})
    before = ENGINE.dump_state_json(state)
    refused(state, "p1", {"type": "bid", "amount": 999}, "bid_over")
    assert ENGINE.dump_state_json(state) == before


def test_a_final_sealed_bid_is_hidden_until_all_are_in() -> None:
    """AT-13, AT-D27."""
    one, other = sealed_round(), sealed_round()
    apply(one, "p1", {"type": "final_bid", "amount": 12})
    apply(other, "p1", {"type": "final_bid", "amount": 15})
    a, b = views(one), views(other)
    for viewer in ("p0", "p2", HOST, None):
        assert a[viewer] == b[viewer], viewer
    assert mine(a["p1"]).final_bid == 12 and mine(b["p1"]).final_bid == 15
    events = apply(one, "p0", {"type": "final_bid", "amount": 10})
    revealed = next(e for e in events if e.type == "final_bids_revealed")
    assert revealed.data["bids"] == {"p1": 12, "p0": 10} and revealed.data["winner"] == "p1"


def test_after_the_sealed_round_the_winner_leads_and_who_dropped_out_is_not_in() -> None:
    """AT-13: the view names the winning final bid's guild as the leader (it named the last
    open round's) and leaves out who dropped out in the sealed round."""
    state = sealed_round()
    apply(state, "p1", {"type": "final_bid", "amount": 12})
    apply(state, "p0", {"type": "final_bid", "amount": None})
    merger = ENGINE.view(state, None).merger
    assert merger is not None
    assert (merger.leader, merger.high, merger.winner) == ("p1", 12, "p1")
    assert merger.bidders == ["p1"]


@pytest.mark.parametrize("leaving", [{"type": "kick", "player": "p1"}, {"type": "forfeit"}])
def test_a_guild_that_leaves_takes_its_hidden_final_bid_with_it(leaving: dict[str, Any]) -> None:
    """AT-D26: p1's final bid of $12, still hidden, goes with p1, so p0's $9 wins (it won
    at $12, and the merger was then called off as if nobody bid)."""
    state = sealed_round()
    apply(state, "p1", {"type": "final_bid", "amount": 12})
    apply(state, HOST if leaving["type"] == "kick" else "p1", leaving)
    assert ENGINE.turn(state).must == ["p0"]
    events = apply(state, "p0", {"type": "final_bid", "amount": 9})
    revealed = next(e for e in events if e.type == "final_bids_revealed")
    assert revealed.data == {"bids": {"p1": None, "p0": 9}, "winner": "p0", "price": 9}


def test_a_guild_that_leaves_bids_nothing_for_turn_order() -> None:
    """AT-D26: p0's turn-order bid of $5, still hidden, goes with p0: it pays nothing and
    the bids shown give it $0."""
    state = table(3)
    apply(state, "p0", {"type": "bid", "amount": 5})
    apply(state, HOST, {"type": "kick", "player": "p0"})
    apply(state, "p1", {"type": "bid", "amount": 1})
    events = apply(state, "p2", {"type": "bid", "amount": 2})
    resolved = next(e for e in events if e.type == "turn_order_resolved")
    assert resolved.data["bids"]["p0"]["from_money"] == 0 and resolved.data["order"][-1] == "p0"
    assert state.guilds[0].money == 18


def test_the_bids_of_a_sealed_round_shown_to_everyone_stand() -> None:
    """AT-D23: taking back the move that showed a sealed round's bids is refused; the move
    before it, which showed nothing, may be."""
    state = sealed_round()
    shown = apply(state, "p1", {"type": "final_bid", "amount": 12})
    assert ENGINE.undo_refusal(state, shown) is None
    shown = apply(state, "p0", {"type": "final_bid", "amount": 10})
    refusal = ENGINE.undo_refusal(state, shown)
    assert refusal is not None and refusal.startswith("The bids of that sealed round")


# -- the nested phases -------------------------------------------------------------------------


def merger_table() -> State:
    """p0 to act, its Rations 3 (F3, F4) next to p1's Liquids 7 (G3, G4, G2):
    levels 1 and 2, so an auction of two open rounds and the sealed one."""
    state = at_action(3, 0)
    show(state, 1, 2)
    company(state, 3, 0, "F3", "F4")
    company(state, 7, 1, "G3", "G4", "G2")
    return state


def sealed_round() -> State:
    state = merger_table()
    moves: list[tuple[str, dict[str, Any]]] = [
        ("p0", {"type": "merge", "company": 3, "other": 7}),
        ("p1", {"type": "raise", "amount": 5}),
        ("p2", {"type": "pass"}),
        ("p0", {"type": "raise", "amount": 6}),
        ("p1", {"type": "raise", "amount": 7}),
        ("p0", {"type": "raise", "amount": 8}),
    ]
    for actor, move in moves:
        apply(state, actor, move)
    return state


def stack(state: State) -> list[tuple[str, str | None]]:
    return [(p.name, p.clock) for p in ENGINE.turn(state).phases]


def test_a_merger_walks_its_phases_and_each_new_wait_changes_the_ids() -> None:
    state = merger_table()
    turn = ENGINE.turn(state)
    assert stack(state) == [("round", None), ("actions", None), ("action", "turn")]
    assert turn.phase.title == "Round 1: p0's action" and turn.must == ["p0"]
    action_id = turn.phase.id
    waits = [turn.wait]

    def step(actor: str, move: dict[str, Any], must: list[str], new_wait: bool = True) -> Any:
        events = apply(state, actor, move)
        now = ENGINE.turn(state)
        assert now.must == must
        assert (now.wait != waits[-1]) == new_wait, (move, now.wait)
        assert any(e.type == "phase_opened" for e in events) == new_wait
        if new_wait:
            waits.append(now.wait)
        return now

    now = step("p0", {"type": "merge", "company": 3, "other": 7}, ["p1"])
    merger = [("round", None), ("actions", None), ("action", "turn"), ("merger", None)]
    assert stack(state) == [*merger, ("open", "open")]
    assert now.enclosing[2].id == action_id  # the action goes on around the merger
    assert now.phase.title == "Open round 1 of 3, the last sealed: p1 to raise or pass"
    merger_id = now.enclosing[3].id
    step("p1", {"type": "raise", "amount": 5}, ["p2"])
    step("p2", {"type": "pass"}, ["p0"])
    now = step("p0", {"type": "raise", "amount": 6}, ["p1"])
    assert now.phase.title == "Open round 2 of 3, the last sealed: p1 to raise or pass"
    step("p1", {"type": "raise", "amount": 7}, ["p0"])
    now = step("p0", {"type": "raise", "amount": 8}, ["p1", "p0"])
    assert stack(state) == [*merger, ("sealed", "sealed")]
    assert now.enclosing[3].id == merger_id
    # A final bid begins no new wait: the sealed round waits for the one still to bid.
    step("p1", {"type": "final_bid", "amount": 12}, ["p0"], new_wait=False)
    now = step("p0", {"type": "final_bid", "amount": 10}, ["p1"])
    assert stack(state) == [*merger, ("settle", "choice")]
    assert [s.field for s in ENGINE.legal_actions(state, "p1")[0].steps] == ["pay_from", "cube"]
    settle = {"type": "settle", "pay_from": "purse", "cube": "take"}
    refused(state, "p0", settle, "not_winner")
    refused(state, "p1", {**settle, "pay_from": "9"}, "no_company")
    refused(state, "p1", {**settle, "survivor": 3}, "survivor_fixed")
    now = step("p1", settle, ["p0"])
    # p1 owned company 7, which survives with p0's two tiles; p0 is paid and owed an Acquire.
    assert state.company(7).hexes == ["G3", "G4", "G2", "F3", "F4"]
    # $12 around the track A B A B B is 3, 3, 2, 2, 2: p0's spaces (A) hold 3 + 2.
    assert state.guilds[0].money == 18 + 3 + 2
    assert stack(state) == [
        ("round", None),
        ("actions", None),
        ("action", "turn"),
        ("free_acquire", "choice"),
    ]
    assert now.enclosing[2].id == action_id
    now = step("p0", {"type": "decline"}, ["p1"])
    assert stack(state) == [("round", None), ("actions", None), ("action", "turn")]
    assert now.phase.id != action_id and now.phase.title == "Round 1: p1's action"
    assert len(set(waits)) == len(waits)


def test_the_turn_order_bids_close_by_deadline_and_the_round_nests_its_phases() -> None:
    state, _ = ENGINE.setup(["ann", "bob", "cy"], ENGINE.parse_options({}), 4)
    turn = ENGINE.turn(state)
    assert stack(state) == [("round", None), ("bids", "bids")]
    assert (
        turn.must == ["ann", "bob", "cy"]
        and turn.phase.on_deadline == "Whoever has not bid bids $0."
    )
    apply(state, "bob", {"type": "bid", "amount": 2})
    assert ENGINE.turn(state).wait == turn.wait and ENGINE.turn(state).must == ["ann", "cy"]
    events = apply(state, HOST, {"type": "close_phase"})
    resolved = next(e for e in events if e.type == "turn_order_resolved")
    assert resolved.data["order"][0] == "bob"
    assert stack(state) == [("round", None), ("actions", None), ("action", "turn")]
    assert ENGINE.turn(state).must == ["bob"]


# -- whole games -------------------------------------------------------------------------------


def computer_game(seed: int, players: int) -> Match:
    names = ["ann", "bob", "cy", "dee", "eve"][:players]
    match, _ = Match.start(ENGINE, names, {}, seed)
    rnd = random.Random(seed)
    while not match.finished:
        must = ENGINE.turn(match.state).must
        assert must, "a computer game waits for nobody"
        seen = ENGINE.summary(match.state, must[0])
        actions = ENGINE.legal_actions(match.state, must[0])
        match.submit(must[0], greedy_player(seen, actions, rnd))
    return match


def test_a_five_player_game_of_computer_seats_replays_from_its_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = computer_game(7, 5)
    record = MatchRecord.model_validate_json(match.record.model_dump_json())
    again = replay(ENGINE, record)
    assert again.rejected == []
    assert ENGINE.dump_state(again.match.state) == ENGINE.dump_state(match.state)
    placings = ENGINE.placings(match.state)
    assert placings is not None and placings.winners
    path = tmp_path / "atrades.json"
    path.write_text(match.record.model_dump_json())
    assert main(["replay", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["finished"] and report["rejected"] == []
    assert report["result"] == ENGINE.result(match.state)


def test_a_turn_order_bid_may_be_replaced_until_the_last_is_in() -> None:
    """AT-D23: the new bid replaces the old; the last bid resolves the phase."""
    state = table(2)
    apply(state, "p0", {"type": "bid", "amount": 5})
    apply(state, "p0", {"type": "bid", "amount": 2})
    assert state.bids[0].total == 2
    events = apply(state, "p1", {"type": "bid", "amount": 1})
    resolved = next(e for e in events if e.type == "turn_order_resolved")
    assert resolved.data["order"] == ["p0", "p1"]
    assert state.guilds[0].money == 18 - 2 and state.guilds[1].money == 19 - 1
    refused(state, "p0", {"type": "bid", "amount": 1}, "not_bidding")


def test_each_deadline_does_what_its_phase_says() -> None:
    """AT-D25: an action passes, an open round's bidder passes, missing final bids drop out,
    the winner settles by default (the richest bank that covers the bid, the cube taken)."""
    state = merger_table()
    state.company(3).bank = 4
    state.created += 4
    assert ENGINE.turn(state).phase.on_deadline == "p0 passes."
    apply(state, "p0", {"type": "merge", "company": 3, "other": 7})
    apply(state, HOST, {"type": "close_phase"})  # p1 passes
    apply(state, "p2", {"type": "raise", "amount": 5})
    apply(state, "p0", {"type": "raise", "amount": 6})
    apply(state, HOST, {"type": "close_phase"})  # p2 passes: p0 leads alone and wins
    assert ENGINE.turn(state).phase.name == "settle"
    apply(state, HOST, {"type": "close_phase"})
    # p0 owned company 3, which survives; paid from its bank ($4), then $2 of p0's money.
    assert state.company(3).hexes[-3:] == ["G3", "G4", "G2"]
    assert state.guilds[0].money == 18 - 2 and state.guilds[0].tracks["bureaucracy"] == 1


def test_a_sealed_round_deadline_drops_out_whoever_has_not_bid() -> None:
    """AT-D16, AT-D25: with every final bid missing, the last open bid wins."""
    state = sealed_round()
    events = apply(state, HOST, {"type": "close_phase"})
    revealed = next(e for e in events if e.type == "final_bids_revealed")
    assert revealed.data == {"bids": {"p1": None, "p0": None}, "winner": "p0", "price": 8}


def test_a_removed_guild_passes_and_the_last_guild_left_wins() -> None:
    """AT-D26: a kicked bidder passes in the auction; its turns are skipped; with one guild
    left the game ends and it wins, the removed guilds unranked."""
    state = merger_table()
    apply(state, "p0", {"type": "merge", "company": 3, "other": 7})
    apply(state, HOST, {"type": "kick", "player": "p1"})
    assert ENGINE.turn(state).must == ["p2"] and ENGINE.turn(state).out == ["p1"]
    refused(state, "p1", {"type": "pass"}, "out")
    refused(state, HOST, {"type": "kick", "player": "p1"}, "already_out")
    apply(state, "p2", {"type": "forfeit"})
    assert state.ended and ENGINE.is_finished(state)
    placings = ENGINE.placings(state)
    assert placings is not None
    assert placings.places == {"p0": 1} and placings.winners == ["p0"]


# -- expansions --------------------------------------------------------------------------------


def test_at_d19_a_company_that_cannot_expand_is_said_not_dropped_in_silence() -> None:
    """AT-D19, AT-D26: a company that sold a good for every tile but has no free land next to
    it is named with why in the market's event; one due to expand is told when it no longer
    can, because a company before it took the last tile of its type or its guild left."""
    state = market_table()
    sold = next(e for e in apply(state, "p2", {"type": "pass"}) if e.type == "market_sold")
    assert sold.data["expansions"] == [2, 4, 13]
    assert sold.data["blocked"] == [{"company": 3, "reason": "no_land"}]
    events = apply(state, "p0", {"type": "expand", "hex": "G2"})
    assert [(e.type, e.data) for e in events if e.type.startswith("expan")] == [
        ("expanded", {"company": 2, "hex": "G2"}),
        ("expansion_lost", {"company": 4, "reason": "no_tile"}),
    ]
    assert state.expansions == [13] and ENGINE.turn(state).must == ["p2"]
    events = apply(state, HOST, {"type": "kick", "player": "p2"})
    assert [(e.type, e.data) for e in events if e.type.startswith("expan")] == [
        ("expansion_lost", {"company": 13, "reason": "left"}),
    ]
    assert state.expansions == [] and state.round == 2
