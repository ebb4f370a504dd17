"""Auction Auction's side of the engine contract (docs/engine-contract.md): the turn, the
legal actions with their bounds, the audit, the season's share and the garnets spent, each
in a situation the rulings name."""

from __future__ import annotations

from typing import Any

from games.auction_auction import ENGINE
from games.auction_auction.model import HOUSES
from games.auction_auction.rules import PHASE_SECONDS
from games.core.contract import Action
from games.core.engine import HOST
from games.core.events import Event
from games.core.match import Match

PLAYERS = ["ann", "bob", "cy", "dee"]
DRE, GENRE, WOLLEY, BM = "dr-e-appraisings", "genre-shop", "wolley-limited", "black-market"


def start(seed: int = 1, **options: Any) -> Match:
    match, _ = Match.start(ENGINE, PLAYERS, options, seed)
    return match


def bid(match: Match, player: str, target: str, amount: int) -> list[Event]:
    return match.submit(player, {"type": "bid", "target": target, "amount": amount})


def close(match: Match) -> list[Event]:
    return match.submit(HOST, {"type": "close_phase"})


def actions(match: Match, player: str) -> dict[str, Action]:
    return {a.key: a for a in ENGINE.legal_actions(match.state, player)}


def bounds(action: Action) -> tuple[int, int]:
    assert action.amount is not None, f"{action.key} has no amount"
    return action.amount.min, action.amount.max


def into_auction(match: Match, where: dict[str, tuple[str, int]]) -> None:
    """Close the Access phase after the given (house, amount) bids."""
    for player, (house, amount) in where.items():
        bid(match, player, house, amount)
    close(match)
    assert match.state.phase == "auction"


def test_access_phase_offers_each_house_from_0_to_the_cash_held() -> None:
    """AA-5: a sealed bid on a house, $0 to the cash held, for everyone; AA-15: a gift to any
    other player, $1 to the cash no bid holds; no garnet trade without garnets (AA-14)."""
    match = start(starting_cash=60)
    mine = actions(match, "ann")
    assert list(mine) == [f"bid:{h}" for h in HOUSES] + ["give"]
    for house, name in HOUSES.items():
        assert mine[f"bid:{house}"].label == name
        assert mine[f"bid:{house}"].move == {"type": "bid", "target": house}
        assert bounds(mine[f"bid:{house}"]) == (0, 60)
        assert mine[f"bid:{house}"].sealed is True
    give = mine["give"]
    assert give.pick is not None and [c.value for c in give.pick.choices] == ["bob", "cy", "dee"]
    assert bounds(give) == (1, 60)
    turn = ENGINE.turn(match.state)
    assert (turn.must, turn.may, turn.out) == (PLAYERS, PLAYERS, [])
    assert turn.phase.name == "access" and turn.phase.round == 1
    assert turn.phase.clock is not None
    assert ENGINE.clocks[turn.phase.clock].default_seconds == PHASE_SECONDS
    assert turn.phase.title == "Access phase, round 1 of 3"


def test_the_amounts_max_is_the_players_cash_as_it_changes() -> None:
    """AA-5: the access bid's max follows the cash held (a bid is replaced, so a standing bid
    does not lower it); AA-15: a gift's max is the cash no standing bid holds; AA-14: a
    traded garnet adds $10 to both."""
    match = start(garnets={"ann": 1})
    assert bounds(actions(match, "ann")[f"bid:{GENRE}"]) == (0, 100)
    bid(match, "ann", GENRE, 30)
    mine = actions(match, "ann")
    assert bounds(mine[f"bid:{DRE}"]) == (0, 100)
    assert bounds(mine["give"]) == (1, 70)
    assert mine["trade_garnet"].move == {"type": "trade_garnet"}
    match.submit("ann", {"type": "trade_garnet"})
    mine = actions(match, "ann")
    assert "trade_garnet" not in mine
    assert bounds(mine[f"bid:{DRE}"]) == (0, 110)
    assert bounds(mine["give"]) == (1, 80)
    match.submit("bob", {"type": "give", "to": "ann", "amount": 5})
    assert bounds(actions(match, "ann")[f"bid:{DRE}"]) == (0, 115)
    assert bounds(actions(match, "bob")[f"bid:{DRE}"]) == (0, 95)


def test_auction_phase_offers_the_lots_of_the_players_location() -> None:
    """AA-9: bids on the lots of the player's own location, $1 up to the cash other standing
    bids leave; a lot already bid on may go down to $0, which withdraws the bid (AA-D2).
    The lots are those `targets` names."""
    match = start(black_market_colour="red")
    into_auction(match, {"ann": (GENRE, 40), "bob": (DRE, 0)})
    bids = [a for a in ENGINE.legal_actions(match.state, "ann") if a.type == "bid"]
    assert [a.move["target"] for a in bids] == ENGINE.targets(match.state, "ann")
    assert [a.label for a in bids] == [
        "Genre Shop · lot 1 · 2× green",
        "Genre Shop · lot 2 · 1× red",
        "Genre Shop · lot 3 · 1× yellow",
        "Genre Shop · lot 4 · 1× green",
    ]
    assert {bounds(a) for a in bids} == {(1, 60)}
    bid(match, "ann", f"{GENRE}:1", 25)
    mine = actions(match, "ann")
    assert bounds(mine[f"bid:{GENRE}:1"]) == (0, 60)
    assert bounds(mine[f"bid:{GENRE}:2"]) == (1, 35)
    assert bounds(mine["give"]) == (1, 35)
    cy = [a.move["target"] for a in ENGINE.legal_actions(match.state, "cy") if a.type == "bid"]
    assert cy == [f"{BM}:1", f"{BM}:2"]
    turn = ENGINE.turn(match.state)
    assert turn.must == ["bob", "cy", "dee"] and turn.may == PLAYERS
    assert turn.phase.name == "auction" and turn.phase.title == "Auction phase, round 1 of 3"


def test_a_player_with_nothing_to_spend_may_do_nothing_in_an_auction_phase() -> None:
    """AA-9: with $0 and no standing bid there is no lot bid to make, and no gift either
    (AA-15); without garnets such a player may do nothing. A garnet to trade (AA-14) is
    something to do. The phase still waits for everyone without a standing bid: who it waits
    for is shown to everyone, and a player's cash is theirs alone (AA-D13). (Whoever paid
    everything for access is owed no $10: they did not bid $0, AA-13.)"""
    match = start(garnets={"bob": 1})
    into_auction(match, {"ann": (GENRE, 100), "bob": (DRE, 100)})
    assert ENGINE.legal_actions(match.state, "ann") == []
    assert [a.key for a in ENGINE.legal_actions(match.state, "bob")] == ["trade_garnet"]
    turn = ENGINE.turn(match.state)
    assert (turn.must, turn.may) == (["ann", "bob", "cy", "dee"], ["bob", "cy", "dee"])


def test_a_kicked_player_has_no_actions_and_receives_no_gift() -> None:
    """AA-D3: a removed player makes no more moves; AA-D6: nobody gives them money."""
    match = start(garnets={"dee": 2})
    match.submit(HOST, {"type": "kick", "player": "dee"})
    assert ENGINE.legal_actions(match.state, "dee") == []
    give = actions(match, "ann")["give"]
    assert give.pick is not None and [c.value for c in give.pick.choices] == ["bob", "cy"]
    turn = ENGINE.turn(match.state)
    assert turn.out == ["dee"]
    assert turn.may == ["ann", "bob", "cy"] and turn.must == ["ann", "bob", "cy"]


def test_a_standing_bid_takes_a_player_off_must_but_not_off_may() -> None:
    """A phase ends at its deadline and a player may change their bid until then (RULINGS.md
    §1, Rounds): one who has bid is no longer waited for, yet may still act."""
    match = start()
    bid(match, "bob", WOLLEY, 0)
    turn = ENGINE.turn(match.state)
    assert turn.must == ["ann", "cy", "dee"] and turn.may == PLAYERS
    assert "count as none" in turn.phase.on_deadline


def four_cubes_each() -> Match:
    """The match of test_aa17_and_aa18_full_match: Cy first, Bob last, four cubes each."""
    match = start(rounds=2, black_market_colour="green")
    houses = {"ann": (DRE, 0), "bob": (WOLLEY, 0), "cy": (GENRE, 0)}
    rounds = [
        {"ann": [f"{DRE}:1", f"{DRE}:3"], "bob": [f"{WOLLEY}:1", f"{WOLLEY}:2"]},
        {"ann": [f"{DRE}:1"], "bob": [f"{WOLLEY}:2"]},
    ]
    rounds[0] |= {"cy": [f"{GENRE}:1", f"{GENRE}:3"], "dee": [f"{BM}:1", f"{BM}:2"]}
    rounds[1] |= {"cy": [f"{GENRE}:2"], "dee": [f"{BM}:2"]}
    for lots in rounds:
        into_auction(match, houses)
        for player, targets in lots.items():
            for target in targets:
                bid(match, player, target, 1)
        close(match)
    return match


def ledger_reading(result: dict[str, Any]) -> dict[str, Any]:
    """What `SeasonService.settle` (bot/seasons.py) reads from a result: tokens, garnets
    and candidates as they are, places from the standings, the pool's increase."""
    return {
        "places": {s["player"]: s["place"] for s in result["standings"]},
        "garnets": list(result["garnets"].items()),
        "tokens_of_life": list(result["tokens_of_life"].items()),
        "candidates": result["elimination_candidates"],
        "pool_increase": int(result["prize_pool_increase"]),
    }


def test_the_season_outcome_is_what_the_ledger_read_from_the_result() -> None:
    """AA-17: the prizes, places, candidates and the pool's $10, in the result's order (the
    ledger writes prizes in that order), with the reason the ledger gives for the pool."""
    match = four_cubes_each()
    assert ENGINE.is_finished(match.state)
    outcome = ENGINE.season_outcome(match.state)
    assert outcome is not None
    result = ENGINE.result(match.state)
    assert result is not None
    assert {
        "places": outcome.places,
        "garnets": list(outcome.garnets.items()),
        "tokens_of_life": list(outcome.tokens_of_life.items()),
        "candidates": outcome.candidates,
        "pool_increase": outcome.pool_increase,
    } == ledger_reading(result)
    assert outcome.places == {"cy": 1, "ann": 2, "dee": 3, "bob": 4}
    assert outcome.pool_increase == 10
    assert outcome.pool_reason == "everyone held four cubes"
    turn = ENGINE.turn(match.state)
    assert (turn.phase.name, turn.phase.clock, turn.may) == ("ended", None, [])


def test_no_season_outcome_before_the_end_and_no_pool_reason_without_an_increase() -> None:
    """AA-17: a match in progress gives the season nothing; one where somebody ended with
    fewer than four cubes leaves the pool as it is."""
    match = start(rounds=1)
    assert ENGINE.season_outcome(match.state) is None
    close(match)
    close(match)
    outcome = ENGINE.season_outcome(match.state)
    assert outcome is not None
    assert (outcome.pool_increase, outcome.pool_reason) == (0, None)
    assert outcome.candidates == [] and outcome.tokens_of_life == dict.fromkeys(PLAYERS, 3)


def test_placings_give_the_first_place_the_win_and_leave_a_removed_player_out() -> None:
    """AA-16 places, the first place wins (AA-17); none before the end."""
    match = four_cubes_each()
    placings = ENGINE.placings(match.state)
    assert placings is not None
    assert placings.places == {"cy": 1, "ann": 2, "dee": 3, "bob": 4}
    assert placings.winners == ["cy"]
    early = start(rounds=1)
    assert ENGINE.placings(early.state) is None


def test_placings_share_the_win_when_everyone_shares_the_first_place() -> None:
    """AA-D1: nobody finished below anyone, so all of them win; AA-D3: a removed player is
    not ranked, so is not placed."""
    match = start(rounds=1)
    match.submit(HOST, {"type": "kick", "player": "dee"})
    close(match)
    close(match)
    placings = ENGINE.placings(match.state)
    assert placings is not None
    assert placings.places == {"ann": 1, "bob": 1, "cy": 1}
    assert placings.winners == ["ann", "bob", "cy"]


def test_garnets_spent_counts_the_trades_among_a_moves_events() -> None:
    """AA-14: each `garnet_traded` event is one garnet spent, whatever else is told."""
    match = start(garnets={"ann": 2, "bob": 1})
    traded = match.submit("ann", {"type": "trade_garnet"})
    assert ENGINE.garnets_spent(traded) == {"ann": 1}
    other = match.submit("bob", {"type": "trade_garnet"})
    assert ENGINE.garnets_spent([*traded, *traded, *other]) == {"ann": 2, "bob": 1}
    assert ENGINE.garnets_spent(bid(match, "ann", DRE, 5)) == {}
    assert ENGINE.takes_garnets is True


def test_the_audit_is_what_the_hosts_view_lists() -> None:
    """AA-8: the closed phases' sealed bids and outcomes, for the host."""
    match = start()
    assert ENGINE.audit(match.state) == {"closed": []}
    into_auction(match, {"ann": (GENRE, 40)})
    audit = ENGINE.audit(match.state)
    assert audit == {"closed": ENGINE.view_json(match.state, HOST)["audit"]}
    assert audit["closed"][0]["bids"] == [["ann", GENRE, 40]]
