"""Scenario tests for Auction Auction, one or more per ruling of RULINGS.md §1 (AA-1 to AA-18)
and per Dealer ruling (AA-D1..., written down in docs/rules/auction-auction.md).

Each test's docstring names the ruling it checks. Scenarios are played through `Match` with
the helpers below; hand ranking is also checked directly on `final_result`.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.auction_auction import ENGINE
from games.auction_auction.access import entrants
from games.auction_auction.auction import lot_winner
from games.auction_auction.hands import final_result, hand_of
from games.auction_auction.model import Seat, State
from games.auction_auction.views import (
    AuctionSeen,
    HostView,
    LotBidSeen,
    OwnSeat,
    PlayerView,
    StandingAccessBid,
)
from games.core.engine import HOST
from games.core.events import Audience, Event, visible_to
from games.core.match import Match
from tests.refusals import refused

PLAYERS = ["ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal"]
DRE, GENRE, WOLLEY, BM = "dr-e-appraisings", "genre-shop", "wolley-limited", "black-market"
RGB = ["red", "yellow", "green"]


# -- helpers ----------------------------------------------------------------------------------


def start(n: int = 4, seed: int = 1, **options: Any) -> Match:
    match, _ = Match.start(ENGINE, PLAYERS[:n], options, seed)
    return match


def start_events(n: int = 4, seed: int = 1, **options: Any) -> list[Event]:
    _, events = Match.start(ENGINE, PLAYERS[:n], options, seed)
    return events


def close(match: Match) -> list[Event]:
    return match.submit("host", {"type": "close_phase"})


def access(match: Match, bids: dict[str, tuple[str, int]]) -> list[Event]:
    """Play an Access phase: each player's (house, amount), then the host closes it."""
    assert match.state.phase == "access"
    for player, (house, amount) in bids.items():
        match.submit(player, {"type": "bid", "target": house, "amount": amount})
    return close(match)


def auction(match: Match, bids: dict[str, dict[str, int]]) -> list[Event]:
    """Play an Auction phase: each player's {lot id: amount}, then the host closes it."""
    assert match.state.phase == "auction"
    for player, lots in bids.items():
        for lot, amount in lots.items():
            match.submit(player, {"type": "bid", "target": lot, "amount": amount})
    return close(match)


def bid(target: str, amount: int) -> dict[str, Any]:
    return {"type": "bid", "target": target, "amount": amount}


def give(to: str, amount: int) -> dict[str, Any]:
    return {"type": "give", "to": to, "amount": amount}


def seen(match: Match, player: str) -> PlayerView:
    """A player's view."""
    view = ENGINE.view(match.state, player)
    assert isinstance(view, PlayerView)
    return view


def me(match: Match, player: str) -> OwnSeat:
    return seen(match, player).me


def host_view(match: Match) -> HostView:
    view = ENGINE.view(match.state, HOST)
    assert isinstance(view, HostView)
    return view


def result_of(match: Match) -> dict[str, Any]:
    result = ENGINE.result(match.state)
    assert result is not None, "the match has not ended"
    return result


def cash(match: Match) -> dict[str, int]:
    return {p: s.cash for p, s in match.state.seats.items()}


def only(events: list[Event], kind: str) -> Event:
    found = [e for e in events if e.type == kind]
    assert len(found) == 1, [e.type for e in events]
    return found[0]


def all_of(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.type == kind]


def keys_in(value: Any) -> set[str]:
    """Every dict key anywhere inside a JSON value."""
    if isinstance(value, dict):
        return set(value).union(*(keys_in(v) for v in value.values()))
    if isinstance(value, list | tuple):
        return set().union(*(keys_in(v) for v in value))
    return set()


def seat(cubes: dict[str, int], cash_held: int = 0) -> Seat:
    return Seat(cash=cash_held, cubes={c: cubes.get(c, 0) for c in RGB}, garnets=0)


def lots_table(state: State) -> dict[str, list[tuple[str, str, int]]]:
    return {
        loc: [(lot.id, lot.colour, lot.count) for lot in lots] for loc, lots in state.lots.items()
    }


# -- AA-1 players and starting cash ---------------------------------------------------------


def test_player_count_is_4_to_12() -> None:
    """AA-1: 4 to 12 players."""
    names = [f"p{i}" for i in range(13)]
    with pytest.raises(ValueError, match="4 to 12 players, not 3"):
        Match.start(ENGINE, names[:3], {}, 1)
    with pytest.raises(ValueError, match="4 to 12 players, not 13"):
        Match.start(ENGINE, names, {}, 1)
    assert Match.start(ENGINE, names[:4], {}, 1)[0].state.players == names[:4]
    assert len(Match.start(ENGINE, names[:12], {}, 1)[0].state.players) == 12


def test_everyone_starts_with_100_by_default() -> None:
    """AA-1: everyone starts with $100."""
    match = start()
    assert cash(match) == {"ann": 100, "bob": 100, "cy": 100, "dee": 100}
    assert me(match, "cy").cash == 100
    assert match.record.options == {}


def test_starting_cash_option() -> None:
    """AA-1 (option `starting_cash`): the host chooses the starting cash."""
    events = start_events(starting_cash=250)
    assert only(events, "match_started").data == {
        "players": ["ann", "bob", "cy", "dee"],
        "rounds": 3,
        "starting_cash": 250,
    }
    match = start(starting_cash=250)
    assert cash(match) == {"ann": 250, "bob": 250, "cy": 250, "dee": 250}
    assert match.record.options == {"starting_cash": 250}
    match = start(starting_cash=250)
    assert refused(match, "ann", bid(GENRE, 251)).code == "over_budget"
    match.submit("ann", bid(GENRE, 250))


# -- AA-2 colours ---------------------------------------------------------------------------


def test_default_colours_and_their_order() -> None:
    """AA-2: red, yellow, green in that tie-break order."""
    match = start()
    assert ENGINE.view(match.state, None).colours == ["red", "yellow", "green"]
    assert match.state.seats["ann"].cubes == {"red": 0, "yellow": 0, "green": 0}


def test_colours_option_validation() -> None:
    """AA-2 (option `colours`): red, yellow and green always play; each colour once; the
    Black Market colour must be in play."""
    with pytest.raises(ValueError, match="must include red, yellow and green"):
        start(colours=["red", "yellow", "blue"])
    with pytest.raises(ValueError, match="each colour may be listed once"):
        start(colours=["red", "yellow", "green", "red"])
    with pytest.raises(ValueError, match="Black Market colour must be one of"):
        start(black_market_colour="blue")
    with pytest.raises(ValueError, match="Invalid options"):
        start(colours=["red", "yellow", "green", "orange"])


def test_fourth_colour_adds_a_single_lot_to_every_house() -> None:
    """AA-2, AA-4: with a fourth colour each house offers a single of it as lot `:5`."""
    match = start(colours=["red", "yellow", "green", "blue"], black_market_colour="blue")
    assert lots_table(match.state) == {
        DRE: [
            (f"{DRE}:1", "red", 2),
            (f"{DRE}:2", "red", 1),
            (f"{DRE}:3", "yellow", 1),
            (f"{DRE}:4", "green", 1),
            (f"{DRE}:5", "blue", 1),
        ],
        GENRE: [
            (f"{GENRE}:1", "green", 2),
            (f"{GENRE}:2", "red", 1),
            (f"{GENRE}:3", "yellow", 1),
            (f"{GENRE}:4", "green", 1),
            (f"{GENRE}:5", "blue", 1),
        ],
        WOLLEY: [
            (f"{WOLLEY}:1", "yellow", 2),
            (f"{WOLLEY}:2", "red", 1),
            (f"{WOLLEY}:3", "yellow", 1),
            (f"{WOLLEY}:4", "green", 1),
            (f"{WOLLEY}:5", "blue", 1),
        ],
        BM: [(f"{BM}:1", "blue", 2), (f"{BM}:2", "blue", 1)],
    }
    assert match.state.seats["ann"].cubes == {"red": 0, "yellow": 0, "green": 0, "blue": 0}


def test_rainbow_needs_every_colour_in_play() -> None:
    """AA-2: a Rainbow is at least one cube of every colour in play, the extra one included."""
    four = ["red", "yellow", "green", "blue"]
    assert hand_of({"red": 1, "yellow": 1, "green": 1}, RGB) == "rainbow"
    assert hand_of({"red": 1, "yellow": 1, "green": 1, "blue": 0}, four) == "nothing"
    assert hand_of({"red": 1, "yellow": 1, "green": 1, "blue": 1}, four) == "rainbow"

    match = start(rounds=1, colours=four)
    access(match, {"ann": (DRE, 0), "bob": (GENRE, 0)})
    auction(
        match,
        {
            "ann": {f"{DRE}:2": 1, f"{DRE}:3": 1, f"{DRE}:4": 1, f"{DRE}:5": 1},
            "bob": {f"{GENRE}:2": 1, f"{GENRE}:3": 1, f"{GENRE}:4": 1},
        },
    )
    hands = {s["player"]: s["hand"] for s in result_of(match)["standings"]}
    assert hands == {"ann": "rainbow", "bob": "nothing", "cy": "nothing", "dee": "nothing"}
    assert match.state.seats["ann"].cubes == {"red": 1, "yellow": 1, "green": 1, "blue": 1}


def test_colours_order_is_the_tie_break_order() -> None:
    """AA-2, AA-16: equal hands compare colours in the `colours` option's order."""
    seats = {"ann": seat({"red": 2}), "bob": seat({"green": 2})}
    assert [s.player for s in final_result(["ann", "bob"], seats, RGB).standings] == [
        "ann",
        "bob",
    ]
    green_first = ["green", "yellow", "red"]
    assert [s.player for s in final_result(["ann", "bob"], seats, green_first).standings] == [
        "bob",
        "ann",
    ]


# -- AA-3 locations and house capacity -------------------------------------------------------


def test_three_houses_and_the_black_market() -> None:
    """AA-3: the location ids; houses take 3, the Black Market takes everyone else."""
    match = start(8)
    events = access(
        match,
        {
            "ann": (DRE, 5),
            "bob": (DRE, 4),
            "cy": (DRE, 3),
            "dee": (DRE, 2),
            "eve": (GENRE, 1),
            "fay": (WOLLEY, 0),
        },
    )
    assert only(events, "access_resolved").data["entrants"] == {
        DRE: ["ann", "bob", "cy"],
        GENRE: ["eve"],
        WOLLEY: ["fay"],
        BM: ["dee", "gus", "hal"],
    }
    assert {p: s.location for p, s in match.state.seats.items()} == {
        "ann": DRE,
        "bob": DRE,
        "cy": DRE,
        "dee": BM,
        "eve": GENRE,
        "fay": WOLLEY,
        "gus": BM,
        "hal": BM,
    }


def test_house_capacity_option() -> None:
    """AA-3 (option `house_capacity`): a house with 2 spots takes the two highest."""
    match = start(house_capacity=2)
    events = access(match, {"ann": (GENRE, 50), "bob": (GENRE, 40), "cy": (GENRE, 30)})
    assert only(events, "access_resolved").data["entrants"][GENRE] == ["ann", "bob"]
    assert ENGINE.view(match.state, None).house_capacity == 2


# -- AA-4 lots --------------------------------------------------------------------------------


def test_lots_table_and_ids() -> None:
    """AA-4: each house offers a double of its anagram colour and one single of every colour;
    the Black Market a double and a single of its colour. Ids are `<location>:<n>`."""
    match = start(black_market_colour="yellow")
    assert lots_table(match.state) == {
        DRE: [
            (f"{DRE}:1", "red", 2),
            (f"{DRE}:2", "red", 1),
            (f"{DRE}:3", "yellow", 1),
            (f"{DRE}:4", "green", 1),
        ],
        GENRE: [
            (f"{GENRE}:1", "green", 2),
            (f"{GENRE}:2", "red", 1),
            (f"{GENRE}:3", "yellow", 1),
            (f"{GENRE}:4", "green", 1),
        ],
        WOLLEY: [
            (f"{WOLLEY}:1", "yellow", 2),
            (f"{WOLLEY}:2", "red", 1),
            (f"{WOLLEY}:3", "yellow", 1),
            (f"{WOLLEY}:4", "green", 1),
        ],
        BM: [(f"{BM}:1", "yellow", 2), (f"{BM}:2", "yellow", 1)],
    }


def test_black_market_colour_is_drawn_from_the_seed_and_logged() -> None:
    """AA-4 (option `black_market_colour`): drawn from the seeded generator when not set,
    written into a `black_market_drawn` event; the same seed draws the same colour."""
    drawn = {seed: only(start_events(seed=seed), "black_market_drawn").data for seed in range(8)}
    assert drawn[0] == {"colour": "yellow", "drawn": True}
    assert drawn[1] == {"colour": "green", "drawn": True}
    assert drawn[6] == {"colour": "red", "drawn": True}
    for seed in range(8):
        again = only(start_events(seed=seed), "black_market_drawn").data
        assert again == drawn[seed]
        assert start(seed=seed).state.black_market_colour == drawn[seed]["colour"]
    chosen = only(start_events(seed=0, black_market_colour="red"), "black_market_drawn")
    assert chosen.data == {"colour": "red", "drawn": False}


def test_lots_are_shown_only_to_the_players_inside_by_default() -> None:
    """AA-4 (option `reveal_lots_publicly`, default false): a location's lots go to the
    players inside it; the Black Market colour is not announced."""
    events = start_events(seed=1)
    assert only(events, "black_market_drawn").audience == Audience.internal()
    match = start(seed=1, black_market_colour="green")
    events = access(match, {"ann": (DRE, 0), "bob": (GENRE, 0)})
    offered = {e.data["location"]: e for e in all_of(events, "lots_offered")}
    assert set(offered) == {DRE, GENRE, BM}  # nobody is in Wolley Limited
    assert offered[DRE].audience == Audience.at(DRE, ["ann"])
    assert offered[GENRE].audience == Audience.at(GENRE, ["bob"])
    assert offered[BM].audience == Audience.at(BM, ["cy", "dee"])
    assert offered[BM].data["lots"] == [
        {"id": f"{BM}:1", "colour": "green", "count": 2},
        {"id": f"{BM}:2", "colour": "green", "count": 1},
    ]
    assert [e.data["location"] for e in all_of(visible_to(events, "cy"), "lots_offered")] == [BM]
    assert all_of(visible_to(events, None), "lots_offered") == []
    assert ENGINE.view(match.state, None).lots is None
    assert set(seen(match, "ann").lots or {}) == {DRE}
    assert set(seen(match, "cy").lots or {}) == {BM}


def test_reveal_lots_publicly_option() -> None:
    """AA-4 (option `reveal_lots_publicly`): every location's lots, the Black Market colour
    included, are public; a player's view shows them all too."""
    events = start_events(seed=1, reveal_lots_publicly=True)
    assert only(events, "black_market_drawn").audience == Audience.public()
    match = start(seed=1, reveal_lots_publicly=True, black_market_colour="red")
    events = access(match, {"ann": (DRE, 0)})
    offered = all_of(events, "lots_offered")
    assert [e.data["location"] for e in offered] == [DRE, GENRE, WOLLEY, BM]
    assert all(e.audience == Audience.public() for e in offered)
    public = ENGINE.view(match.state, None).lots
    assert public is not None and set(public) == {DRE, GENRE, WOLLEY, BM}
    assert public[BM][0].model_dump() == {"id": f"{BM}:1", "colour": "red", "count": 2}
    assert ENGINE.view(match.state, "ann").lots == public
    assert ENGINE.view(match.state, "bob").lots == public


def test_same_lots_every_round() -> None:
    """AA-4: the same lots are offered again every round, with new cubes."""
    match = start(rounds=2)
    access(match, {"ann": (DRE, 0)})
    first = lots_table(match.state)
    auction(match, {"ann": {f"{DRE}:1": 1}})
    access(match, {"ann": (DRE, 0)})
    assert lots_table(match.state) == first
    auction(match, {"ann": {f"{DRE}:1": 1}})
    assert match.state.seats["ann"].cubes == {"red": 4, "yellow": 0, "green": 0}


# -- rounds ---------------------------------------------------------------------------------


def test_three_rounds_of_access_then_auction_by_default() -> None:
    """Rounds: 3 rounds by default, each an Access phase then an Auction phase."""
    match = start()
    seen = []
    while not match.finished:
        seen.append((match.state.round, match.state.phase))
        close(match)
    assert seen == [
        (1, "access"),
        (1, "auction"),
        (2, "access"),
        (2, "auction"),
        (3, "access"),
        (3, "auction"),
    ]
    assert match.state.phase == "ended"


def test_rounds_option() -> None:
    """Rounds (option `rounds`): one round ends the match after its Auction phase."""
    match = start(rounds=1)
    assert ENGINE.view(match.state, None).rounds == 1
    close(match)
    events = close(match)
    assert only(events, "match_ended").audience == Audience.public()
    assert match.finished
    assert refused(match, "host", {"type": "close_phase"}).code == "match_over"


def test_only_the_host_closes_a_phase() -> None:
    """Rounds: a phase ends when the host (or the deadline, as the host) closes it."""
    match = start()
    assert refused(match, "ann", {"type": "close_phase"}).code == "host_only"


# -- AA-5 access bids -----------------------------------------------------------------------


def test_access_bid_zero_allowed_over_cash_refused() -> None:
    """AA-5: a bid is a whole number 0 <= bid <= cash."""
    match = start()
    events = match.submit("ann", bid(GENRE, 0))
    assert only(events, "bid_placed").audience == Audience.to("ann")
    error = refused(match, "bob", bid(GENRE, 101))
    assert (error.code, error.message) == ("over_budget", "You bid $101 but hold $100.")
    assert refused(match, "bob", bid(GENRE, -1)).code == "bad_amount"
    assert refused(match, "bob", bid(GENRE, 2.5)).code == "bad_move"  # type: ignore[arg-type]
    assert refused(match, "bob", {"type": "bid", "target": GENRE, "amount": "5"}).code == (
        "bad_move"
    )
    match.submit("bob", bid(GENRE, 100))


def test_access_bid_on_black_market_or_unknown_house_refused() -> None:
    """AA-5: players bid for a house; nobody bids for the Black Market (AA-3)."""
    match = start()
    assert refused(match, "ann", bid(BM, 10)).code == "not_a_house"
    error = refused(match, "ann", bid("casino", 10))
    assert error.code == "unknown_house"
    assert error.message == (
        "There is no house called 'casino'. Bid on Dr. E Appraisings (dr-e-appraisings), "
        "Genre Shop (genre-shop), Wolley Limited (wolley-limited)."
    )
    assert refused(match, "ann", bid(f"{GENRE}:1", 10)).code == "unknown_house"
    assert refused(match, "host", bid(GENRE, 10)).code == "not_a_player"


def test_access_bid_replaced_by_a_later_one() -> None:
    """AA-5 and Rounds: a new access bid replaces the old one, even on another house."""
    match = start()
    match.submit("ann", bid(GENRE, 30))
    events = match.submit("ann", bid(WOLLEY, 20))
    assert only(events, "bid_placed").data["replaced"] == [GENRE, 30]
    assert me(match, "ann").access_bid == StandingAccessBid(house=WOLLEY, amount=20)
    assert me(match, "ann").committed == 20
    events = close(match)
    assert only(events, "access_resolved").data["bids"] == [
        {"player": "ann", "house": WOLLEY, "amount": 20}
    ]
    assert match.state.seats["ann"].cash == 80
    assert match.state.seats["ann"].location == WOLLEY


def test_no_access_bid_means_black_market_and_zero_paid() -> None:
    """AA-5: a player who submits nothing bids $0 for no house and goes to the Black Market."""
    match = start()
    events = access(match, {"ann": (GENRE, 0)})
    assert only(events, "access_resolved").data["bids"] == [
        {"player": "ann", "house": GENRE, "amount": 0}
    ]
    assert only(events, "access_resolved").data["entrants"][BM] == ["bob", "cy", "dee"]
    assert only(events, "access_resolved").data["entrants"][GENRE] == ["ann"]
    assert cash(match) == {"ann": 100, "bob": 100, "cy": 100, "dee": 100}


# -- AA-6 and AA-7 entry ---------------------------------------------------------------------


def test_aa7_example_tie_of_three_for_two_spots() -> None:
    """AA-7 example (3 spots): 50, 40, 40, 40, 10 -> only the 50 enters.
    AA-6: everyone pays what they bid."""
    match = start(6)
    events = access(
        match,
        {
            "ann": (GENRE, 50),
            "bob": (GENRE, 40),
            "cy": (GENRE, 40),
            "dee": (GENRE, 40),
            "eve": (GENRE, 10),
        },
    )
    resolved = only(events, "access_resolved").data
    assert resolved["entrants"] == {
        DRE: [],
        GENRE: ["ann"],
        WOLLEY: [],
        BM: ["bob", "cy", "dee", "eve", "fay"],
    }
    assert resolved["tied_out"] == ["bob", "cy", "dee"]
    assert cash(match) == {"ann": 50, "bob": 60, "cy": 60, "dee": 60, "eve": 90, "fay": 100}


def test_aa7_example_tie_below_the_spots() -> None:
    """AA-7 example (3 spots): 50, 40, 30, 30 -> 50 and 40 enter."""
    match = start(5)
    events = access(match, {"ann": (DRE, 50), "bob": (DRE, 40), "cy": (DRE, 30), "dee": (DRE, 30)})
    resolved = only(events, "access_resolved").data
    assert resolved["entrants"][DRE] == ["ann", "bob"]
    assert resolved["entrants"][BM] == ["cy", "dee", "eve"]
    assert resolved["tied_out"] == ["cy", "dee"]
    assert cash(match) == {"ann": 50, "bob": 60, "cy": 70, "dee": 70, "eve": 100}


def test_aa7_tied_group_that_fits_enters_and_ties_at_zero() -> None:
    """AA-7: a tied group that fits enters whole; $0 bids enter when there is room."""
    assert entrants([("a", 40), ("b", 40), ("c", 40)], 3) == (["a", "b", "c"], [])
    assert entrants([("a", 0), ("b", 0)], 3) == (["a", "b"], [])
    assert entrants([("a", 9), ("b", 5), ("c", 5), ("d", 1)], 3) == (["a", "b", "c"], [])
    assert entrants([("a", 9), ("b", 5), ("c", 5), ("d", 5)], 3) == (["a"], ["b", "c", "d"])


def test_aa7_walk_stops_at_first_group_that_does_not_fit() -> None:
    """AA-7: nobody below the first group that does not fit enters, even with spots left."""
    assert entrants([("a", 50), ("b", 40), ("c", 40), ("d", 40), ("e", 10)], 3) == (
        ["a"],
        ["b", "c", "d"],
    )
    assert entrants([("a", 40), ("b", 40), ("c", 40), ("d", 40), ("e", 1)], 3) == (
        [],
        ["a", "b", "c", "d"],
    )


def test_aa_d4_lone_player_who_does_not_fit_is_just_out() -> None:
    """AA-D4: `tied_out` lists the group that stopped the walk only when it has more than one
    player; a lone player with no spot left is simply in the Black Market."""
    match = start(6)
    events = access(
        match, {"ann": (WOLLEY, 50), "bob": (WOLLEY, 40), "cy": (WOLLEY, 30), "dee": (WOLLEY, 20)}
    )
    resolved = only(events, "access_resolved").data
    assert resolved["entrants"][WOLLEY] == ["ann", "bob", "cy"]
    assert resolved["tied_out"] == []
    assert resolved["entrants"][BM] == ["dee", "eve", "fay"]
    assert entrants([("a", 50), ("b", 40), ("c", 30), ("d", 20), ("e", 20)], 3) == (
        ["a", "b", "c"],
        ["d", "e"],
    )


def test_aa6_access_losers_pay_and_winners_pay() -> None:
    """AA-6: everyone pays what they bid, whether or not they get in; money is conserved."""
    match = start(house_capacity=1)
    access(match, {"ann": (GENRE, 30), "bob": (GENRE, 20), "cy": (DRE, 0)})
    assert cash(match) == {"ann": 70, "bob": 80, "cy": 100, "dee": 100}
    assert match.state.seats["bob"].location == BM
    assert match.state.paid == 50
    assert ENGINE.conserved(match.state) == {"money": 400, "cubes": 0}


# -- AA-8 access publicity -------------------------------------------------------------------


def test_aa8_access_bids_are_sealed_until_the_phase_closes() -> None:
    """AA-8 and the visibility table: a sealed access bid is seen by its owner only until the
    Access phase closes; others see that somebody submitted."""
    match = start()
    events = match.submit("ann", bid(GENRE, 30))
    assert [(e.type, e.audience) for e in events] == [
        ("bid_placed", Audience.to("ann")),
        ("submission_received", Audience.public()),
    ]
    assert only(events, "submission_received").data == {"player": "ann"}
    public = ENGINE.view(match.state, None)
    assert public.submitted == ["ann"]
    assert public.access == []
    assert not isinstance(public, PlayerView)
    assert me(match, "bob").access_bid is None
    assert not isinstance(ENGINE.view(match.state, "bob"), HostView)
    assert host_view(match).audit == []


def test_aa8_after_access_every_bid_and_entrant_public_but_no_cash() -> None:
    """AA-8: after the Access phase, every bid (who, which house, how much) and who entered
    where are public; nobody's cash or cubes are."""
    match = start(5)
    events = access(
        match, {"ann": (DRE, 50), "bob": (DRE, 40), "cy": (GENRE, 30), "dee": (WOLLEY, 0)}
    )
    resolved = only(events, "access_resolved")
    assert resolved.audience == Audience.public()
    expected_bids = [
        {"player": "ann", "house": DRE, "amount": 50},
        {"player": "bob", "house": DRE, "amount": 40},
        {"player": "cy", "house": GENRE, "amount": 30},
        {"player": "dee", "house": WOLLEY, "amount": 0},
    ]
    expected_entrants = {
        DRE: ["ann", "bob"],
        GENRE: ["cy"],
        WOLLEY: ["dee"],
        BM: ["eve"],
    }
    assert resolved.data == {
        "round": 1,
        "bids": expected_bids,
        "entrants": expected_entrants,
        "tied_out": [],
        "house_capacity": 3,
    }
    public = ENGINE.view_json(match.state, None)
    assert public["access"] == [
        {"round": 1, "bids": expected_bids, "entrants": expected_entrants, "tied_out": []}
    ]
    for event in visible_to(events, None):
        assert not keys_in(event.data) & {"cash", "cubes", "committed", "garnets"}, event
    assert not keys_in(public) & {"cash", "cubes", "committed", "garnets", "me"}
    # The public record of the phase reaches other players too, but not their cash.
    bob = seen(match, "bob")
    assert bob.access == ENGINE.view(match.state, None).access
    assert bob.me.cash == 60


# -- AA-9 lot bids --------------------------------------------------------------------------


def test_aa9_lot_bids_only_in_own_location() -> None:
    """AA-9: bids only on lots of the player's own location (code `not_your_location`)."""
    match = start()
    access(match, {"ann": (GENRE, 0)})
    error = refused(match, "ann", bid(f"{DRE}:1", 10))
    assert error.code == "not_your_location"
    assert error.message == (
        "You are in Genre Shop this round and can bid only on its lots: "
        "genre-shop:1, genre-shop:2, genre-shop:3, genre-shop:4."
    )
    assert refused(match, "ann", bid(f"{BM}:1", 10)).code == "not_your_location"
    assert refused(match, "bob", bid(f"{GENRE}:1", 10)).code == "not_your_location"
    assert refused(match, "ann", bid(f"{GENRE}:9", 10)).code == "unknown_lot"
    assert refused(match, "ann", bid(GENRE, 10)).code == "unknown_lot"
    assert refused(match, "ann", bid(f"{GENRE}:1", -5)).code == "bad_amount"
    match.submit("ann", bid(f"{GENRE}:1", 10))
    match.submit("bob", bid(f"{BM}:2", 10))
    assert ENGINE.targets(match.state, "ann") == [
        f"{GENRE}:1",
        f"{GENRE}:2",
        f"{GENRE}:3",
        f"{GENRE}:4",
    ]
    assert ENGINE.targets(match.state, "bob") == [f"{BM}:1", f"{BM}:2"]


def test_aa9_sum_of_lot_bids_may_not_exceed_cash() -> None:
    """AA-9: the sum of a player's bids may not exceed their cash; the refusal says so."""
    match = start()
    access(match, {"ann": (GENRE, 55)})
    assert me(match, "ann").cash == 45
    match.submit("ann", bid(f"{GENRE}:1", 30))
    error = refused(match, "ann", bid(f"{GENRE}:2", 30))
    assert error.code == "over_budget"
    assert error.message == "You bid $60 in total but hold $45."
    match.submit("ann", bid(f"{GENRE}:2", 15))
    assert me(match, "ann").committed == 45
    assert me(match, "ann").uncommitted == 0
    # Replacing a bid counts only the new amount.
    match.submit("ann", bid(f"{GENRE}:1", 20))
    assert me(match, "ann").lot_bids == {f"{GENRE}:1": 20, f"{GENRE}:2": 15}
    assert refused(match, "ann", bid(f"{GENRE}:1", 31)).message == (
        "You bid $46 in total but hold $45."
    )


def test_aa9_zero_withdraws_a_lot_bid() -> None:
    """AA-9: $0 on a lot is not bidding: it withdraws the standing bid on it."""
    match = start()
    access(match, {})
    match.submit("ann", bid(f"{BM}:1", 30))
    events = match.submit("ann", bid(f"{BM}:1", 0))
    assert [(e.type, e.audience) for e in events] == [
        ("bid_withdrawn", Audience.to("ann")),
        ("submission_withdrawn", Audience.public()),
    ]
    assert only(events, "bid_withdrawn").data["replaced"] == 30
    assert me(match, "ann").lot_bids == {}
    assert ENGINE.view(match.state, None).submitted == []
    close(match)
    assert match.state.seats["ann"].cash == 100
    assert match.state.closed[-1].bids == []
    assert match.state.closed[-1].winners[f"{BM}:1"] is None


def test_aa_d2_withdrawing_a_lot_bid_you_do_not_have_is_refused() -> None:
    """AA-D2: a $0 bid on a lot you have not bid on is refused with code `no_bid`."""
    match = start()
    access(match, {})
    error = refused(match, "ann", bid(f"{BM}:1", 0))
    assert (error.code, error.message) == (
        "no_bid",
        "You have no bid on black-market:1 to withdraw.",
    )


# -- AA-10 and AA-11 lot winners -------------------------------------------------------------


def test_aa11_examples_and_aa10_everyone_pays() -> None:
    """AA-11 examples: 30 (Ann), 30 (Bob), 20 (Cy) -> Cy wins for 20; 30, 30, 20, 20 ->
    discarded. AA-10: everyone pays what they bid, win or lose."""
    match = start(black_market_colour="red")
    access(match, {})  # everyone is in the Black Market
    events = auction(
        match,
        {
            "ann": {f"{BM}:1": 30, f"{BM}:2": 30},
            "bob": {f"{BM}:1": 30, f"{BM}:2": 30},
            "cy": {f"{BM}:1": 20, f"{BM}:2": 20},
            "dee": {f"{BM}:2": 20},
        },
    )
    resolved = only(events, "auction_resolved").data
    assert resolved["lots"] == [
        {
            "lot": f"{BM}:1",
            "colour": "red",
            "count": 2,
            "bids": [
                {"player": "ann", "amount": 30},
                {"player": "bob", "amount": 30},
                {"player": "cy", "amount": 20},
            ],
            "winner": "cy",
            "price": 20,
        },
        {
            "lot": f"{BM}:2",
            "colour": "red",
            "count": 1,
            "bids": [
                {"player": "ann", "amount": 30},
                {"player": "bob", "amount": 30},
                {"player": "cy", "amount": 20},
                {"player": "dee", "amount": 20},
            ],
            "winner": None,
            "price": None,
        },
    ]
    assert match.state.seats["cy"].cubes == {"red": 2, "yellow": 0, "green": 0}
    assert match.state.seats["ann"].cubes == {"red": 0, "yellow": 0, "green": 0}
    assert cash(match) == {"ann": 40, "bob": 40, "cy": 60, "dee": 80}
    assert ENGINE.conserved(match.state) == {"money": 400, "cubes": 0}
    # The lone red cube, and the 3 x 5 cubes of the houses nobody entered.
    assert match.state.cubes_discarded == 1 + 15


def test_aa11_unique_highest_amount_wins() -> None:
    """AA-11: the highest amount exactly one player made wins; a lone bid wins; nobody
    bidding discards the lot."""
    assert lot_winner([("ann", 30), ("bob", 30), ("cy", 20)]) == ("cy", 20)
    assert lot_winner([("ann", 30), ("bob", 30), ("cy", 20), ("dee", 20)]) is None
    assert lot_winner([("ann", 5), ("bob", 9), ("cy", 9), ("dee", 1), ("eve", 5)]) == ("dee", 1)
    assert lot_winner([("ann", 1)]) == ("ann", 1)
    assert lot_winner([]) is None


def test_aa11_house_lot_to_unique_bid_and_untouched_lots_discarded() -> None:
    """AA-11: in a house, a tie at the top hands the lot to the next unique bid; a lot nobody
    bid on is discarded. AA-10: the tied losers pay their bids too."""
    match = start()
    access(match, {"ann": (WOLLEY, 1), "bob": (WOLLEY, 1), "cy": (WOLLEY, 1)})
    auction(
        match,
        {
            "ann": {f"{WOLLEY}:1": 25, f"{WOLLEY}:2": 3},
            "bob": {f"{WOLLEY}:1": 25},
            "cy": {f"{WOLLEY}:1": 24},
        },
    )
    winners = match.state.closed[-1].winners
    assert winners[f"{WOLLEY}:1"] == "cy"
    assert winners[f"{WOLLEY}:2"] == "ann"
    assert winners[f"{WOLLEY}:3"] is None
    assert winners[f"{WOLLEY}:4"] is None
    assert match.state.seats["cy"].cubes == {"red": 0, "yellow": 2, "green": 0}
    assert match.state.seats["ann"].cubes == {"red": 1, "yellow": 0, "green": 0}
    assert cash(match) == {"ann": 71, "bob": 74, "cy": 75, "dee": 100}


# -- AA-12 auction publicity -----------------------------------------------------------------


def test_aa12_auction_results_only_to_the_location() -> None:
    """AA-12: every bid and winner of a location goes only to its players; other players'
    events and views do not contain them."""
    match = start(5, black_market_colour="green")
    access(match, {"ann": (DRE, 0), "bob": (DRE, 0), "cy": (GENRE, 0)})
    events = auction(
        match,
        {
            "ann": {f"{DRE}:1": 17},
            "bob": {f"{DRE}:1": 13, f"{DRE}:4": 2},
            "cy": {f"{GENRE}:2": 7},
            "dee": {f"{BM}:1": 11},
        },
    )
    resolved = {e.data["location"]: e for e in all_of(events, "auction_resolved")}
    assert set(resolved) == {DRE, GENRE, BM}
    assert resolved[DRE].audience == Audience.at(DRE, ["ann", "bob"])
    assert resolved[GENRE].audience == Audience.at(GENRE, ["cy"])
    assert resolved[BM].audience == Audience.at(BM, ["dee", "eve"])
    assert [e.type for e in visible_to(events, None)] == ["phase_closed", "phase_opened"]
    assert [
        e.data.get("location") for e in all_of(visible_to(events, "cy"), "auction_resolved")
    ] == [GENRE]
    assert seen(match, "ann").to_json()["auctions"] == [
        {
            "round": 1,
            "location": DRE,
            "bids": [
                {"player": "ann", "lot": f"{DRE}:1", "amount": 17},
                {"player": "bob", "lot": f"{DRE}:1", "amount": 13},
                {"player": "bob", "lot": f"{DRE}:4", "amount": 2},
            ],
            "winners": {
                f"{DRE}:1": "ann",
                f"{DRE}:2": None,
                f"{DRE}:3": None,
                f"{DRE}:4": "bob",
            },
        }
    ]
    assert seen(match, "eve").to_json()["auctions"] == [
        {
            "round": 1,
            "location": BM,
            "bids": [{"player": "dee", "lot": f"{BM}:1", "amount": 11}],
            "winners": {f"{BM}:1": "dee", f"{BM}:2": None},
        }
    ]
    for viewer in ("cy", "dee", "eve", None):
        text = str(ENGINE.view_json(match.state, viewer))
        assert DRE + ":1" not in text
        assert "17" not in text
    assert not isinstance(ENGINE.view(match.state, None), PlayerView)


def test_aa12_lot_bids_sealed_during_the_phase() -> None:
    """AA-12 and the visibility table: during the Auction phase a lot bid is seen by its
    owner only, even by players of the same location."""
    match = start()
    access(match, {"ann": (DRE, 0), "bob": (DRE, 0)})
    events = match.submit("ann", bid(f"{DRE}:1", 17))
    assert only(events, "bid_placed").audience == Audience.to("ann")
    assert me(match, "bob").lot_bids == {}
    assert seen(match, "bob").auctions == []
    assert "17" not in str(ENGINE.view(match.state, "bob"))
    assert "17" not in str(ENGINE.view(match.state, None))


# -- AA-13 the $10 rule ----------------------------------------------------------------------


def test_aa13_zero_cash_and_zero_bid_earns_10_at_next_phase() -> None:
    """AA-13: a player who held $0 when a phase opened and bid only $0 (or nothing) in it
    receives $10 when the next phase opens, privately."""
    match = start(starting_cash=0, rounds=2)
    events = access(match, {"ann": (GENRE, 0)})
    paid = all_of(events, "bonus_paid")
    assert [(e.data, e.audience) for e in paid] == [
        ({"player": p, "amount": 10}, Audience.to(p)) for p in ["ann", "bob", "cy", "dee"]
    ]
    assert all_of(visible_to(events, None), "bonus_paid") == []
    assert cash(match) == {"ann": 10, "bob": 10, "cy": 10, "dee": 10}
    # $10 at the opening: not broke, so bidding nothing earns nothing more.
    events = auction(match, {"ann": {f"{GENRE}:1": 10}})
    assert all_of(events, "bonus_paid") == []
    assert cash(match) == {"ann": 0, "bob": 10, "cy": 10, "dee": 10}
    assert match.state.minted == 40
    # Ann spent her last $10 in the Auction phase: she had $10 when it opened, so no bonus
    # then; she holds $0 when the round 2 Access phase opens and bids nothing in it.
    events = close(match)
    assert [e.data for e in all_of(events, "bonus_paid")] == [{"player": "ann", "amount": 10}]
    assert cash(match) == {"ann": 10, "bob": 10, "cy": 10, "dee": 10}
    assert ENGINE.conserved(match.state) == {"money": 0, "cubes": 0}


def test_aa13_bidding_something_forfeits_the_10() -> None:
    """AA-13: a broke player who gets money during the phase and bids it earns no $10; one
    who gets money but bids nothing still does (they held $0 when the phase opened)."""
    match = start(rounds=2)
    access(match, {"ann": (DRE, 100), "cy": (DRE, 100), "dee": (DRE, 100)})
    assert cash(match) == {"ann": 0, "bob": 100, "cy": 0, "dee": 0}
    match.submit("bob", give("ann", 5))
    match.submit("bob", give("dee", 5))
    events = auction(match, {"ann": {f"{DRE}:2": 5}})
    assert [e.data["player"] for e in all_of(events, "bonus_paid")] == ["cy", "dee"]
    assert cash(match) == {"ann": 0, "bob": 90, "cy": 10, "dee": 15}


def test_aa13_nothing_after_the_last_phase() -> None:
    """AA-13: nothing is paid after the last phase."""
    match = start(rounds=1)
    access(match, {"ann": (GENRE, 100)})
    assert match.state.seats["ann"].cash == 0
    events = close(match)
    assert match.finished
    assert all_of(events, "bonus_paid") == []
    assert match.state.owed_bonus == []
    assert match.state.minted == 0
    standings = {s["player"]: s for s in result_of(match)["standings"]}
    assert standings["ann"]["cash"] == 0


def test_aa13_zero_cash_zero_access_bid_then_next_round() -> None:
    """AA-13: the rule applies in every phase, Auction to Access included."""
    match = start(rounds=2)
    access(match, {"ann": (GENRE, 100)})
    events = close(match)  # Ann held $0 at the Auction opening and bid nothing
    assert [e.data for e in all_of(events, "bonus_paid")] == [{"player": "ann", "amount": 10}]
    assert match.state.round == 2
    assert match.state.seats["ann"].cash == 10


# -- AA-14 garnet trade ----------------------------------------------------------------------


def test_aa14_garnet_trade() -> None:
    """AA-14: one garnet from the season balance becomes $10, privately, in any phase."""
    match = start(rounds=1, garnets={"ann": 2})
    events = match.submit("ann", {"type": "trade_garnet"})
    assert [(e.type, e.audience, e.data) for e in events] == [
        (
            "garnet_traded",
            Audience.to("ann"),
            {"player": "ann", "amount": 10, "garnets_left": 1},
        )
    ]
    assert me(match, "ann").cash == 110
    assert me(match, "ann").garnets == 1
    match.submit("ann", bid(GENRE, 110))
    close(match)
    match.submit("ann", {"type": "trade_garnet"})
    assert me(match, "ann").cash == 10
    assert me(match, "ann").garnets == 0
    error = refused(match, "ann", {"type": "trade_garnet"})
    assert (error.code, error.message) == ("no_garnets", "You have no garnets to trade.")
    assert refused(match, "bob", {"type": "trade_garnet"}).code == "no_garnets"
    assert match.state.minted == 20
    assert ENGINE.conserved(match.state)["money"] == 400
    close(match)
    assert refused(match, "ann", {"type": "trade_garnet"}).code == "match_over"


def test_aa14_garnets_option_names_players_only() -> None:
    """AA-14 (option `garnets`): season balances are given for players of the match."""
    with pytest.raises(ValueError, match="garnets names non-players zed"):
        start(garnets={"zed": 1})


# -- AA-15 gifts ----------------------------------------------------------------------------


def test_aa15_gift_only_the_two_players_learn_of_it() -> None:
    """AA-15: a gift moves cash between two players; only they learn of it."""
    match = start()
    events = match.submit("ann", give("bob", 25))
    assert [(e.type, e.audience, e.data) for e in events] == [
        ("cash_given", Audience.to("ann", "bob"), {"from": "ann", "to": "bob", "amount": 25})
    ]
    assert visible_to(events, "cy") == []
    assert visible_to(events, None) == []
    assert cash(match) == {"ann": 75, "bob": 125, "cy": 100, "dee": 100}
    assert ENGINE.conserved(match.state)["money"] == 400


def test_aa15_gift_limits() -> None:
    """AA-15: at least $1, at most the cash not committed to a standing sealed bid, to
    another player of the match; cubes cannot be given."""
    match = start()
    match.submit("ann", bid(GENRE, 60))
    error = refused(match, "ann", give("bob", 41))
    assert error.code == "over_budget"
    assert error.message == (
        "You hold $100, $60 of it promised to your sealed bids, so you can give at most $40."
    )
    assert refused(match, "ann", give("bob", 0)).code == "bad_amount"
    assert refused(match, "ann", give("bob", -3)).code == "bad_amount"
    assert refused(match, "ann", give("ann", 5)).code == "self_gift"
    assert refused(match, "ann", give("zed", 5)).code == "unknown_player"
    assert refused(match, "ann", give("host", 5)).code == "unknown_player"
    cubes = {"type": "give", "to": "bob", "cubes": {"red": 1}}
    assert refused(match, "ann", cubes).code == "bad_move"
    match.submit("ann", give("bob", 40))
    assert me(match, "ann").uncommitted == 0
    error = refused(match, "ann", give("bob", 1))
    assert error.message == (
        "You hold $60, $60 of it promised to your sealed bids, so you can give at most $0."
    )
    close(match)
    assert cash(match)["ann"] == 0
    assert refused(match, "ann", give("bob", 1)).message == (
        "You hold $0, so you can give at most $0."
    )


def test_aa15_gift_limit_counts_lot_bids() -> None:
    """AA-15: in the Auction phase the standing lot bids are committed."""
    match = start()
    access(match, {})
    match.submit("ann", bid(f"{BM}:1", 30))
    match.submit("ann", bid(f"{BM}:2", 20))
    assert refused(match, "ann", give("bob", 51)).code == "over_budget"
    match.submit("ann", give("bob", 50))
    assert cash(match)["ann"] == 50


def test_aa_d5_gifts_and_trades_in_any_phase_until_the_end() -> None:
    """AA-D5: gifts and garnet trades are taken in every phase of every round, and refused
    with `match_over` once the match has ended."""
    match = start(rounds=2, garnets={"bob": 5})
    for _ in range(4):
        match.submit("ann", give("bob", 1))
        match.submit("bob", {"type": "trade_garnet"})
        close(match)
    assert match.finished
    assert cash(match)["bob"] == 100 + 4 + 40
    assert refused(match, "ann", give("bob", 1)).code == "match_over"


# -- AA-16 hands and places ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cubes", "hand"),
    [
        ({"red": 1, "yellow": 1, "green": 1}, "rainbow"),
        ({"red": 5, "yellow": 1, "green": 1}, "rainbow"),
        ({"red": 4}, "four_of_a_kind"),
        ({"green": 6, "yellow": 3}, "four_of_a_kind"),
        ({"yellow": 3}, "three_of_a_kind"),
        ({"yellow": 3, "red": 3}, "three_of_a_kind"),
        ({"red": 2, "green": 2}, "two_pair"),
        ({"red": 2, "yellow": 2}, "two_pair"),
        ({"green": 2}, "one_pair"),
        ({"green": 2, "red": 1}, "one_pair"),
        ({"red": 1, "yellow": 1}, "nothing"),
        ({}, "nothing"),
    ],
)
def test_aa16_hand_categories(cubes: dict[str, int], hand: str) -> None:
    """AA-16: a hand is the best category the whole collection reaches."""
    assert hand_of(cubes, RGB) == hand


def test_aa16_categories_rank_before_colours() -> None:
    """AA-16: hands are ranked rainbow > four > three > two pair > pair > nothing before any
    tie-break (a red-poor Rainbow beats four reds)."""
    seats = {
        "ann": seat({}, 99),
        "bob": seat({"green": 2}),
        "cy": seat({"yellow": 2, "green": 2}),
        "dee": seat({"green": 3}),
        "eve": seat({"red": 4}),
        "fay": seat({"red": 0, "yellow": 1, "green": 1, "blue": 0}),
        "gus": seat({"red": 1, "yellow": 1, "green": 1}),
    }
    result = final_result(list(seats), seats, RGB)
    assert [(s.player, s.place, s.hand) for s in result.standings] == [
        ("gus", 1, "rainbow"),
        ("eve", 2, "four_of_a_kind"),
        ("dee", 3, "three_of_a_kind"),
        ("cy", 4, "two_pair"),
        ("bob", 5, "one_pair"),
        ("fay", 6, "nothing"),  # a yellow cube beats $99 between two nothings
        ("ann", 7, "nothing"),
    ]


def test_aa16_tie_breaks_red_yellow_green_then_cash() -> None:
    """AA-16: equal hands are ordered by more red, then yellow, then green, then cash;
    players still equal share the place."""
    seats = {
        "ann": seat({"green": 2, "red": 1}, 10),
        "bob": seat({"red": 2}, 0),
        "cy": seat({"yellow": 2, "red": 1}, 0),
        "dee": seat({"green": 2, "red": 1}, 50),
        "eve": seat({"green": 2, "red": 1}, 10),
        "fay": seat({"red": 2, "green": 1}, 0),
    }
    result = final_result(list(seats), seats, RGB)
    assert [(s.player, s.place) for s in result.standings] == [
        ("fay", 1),  # red 2, green 1 beats red 2, green 0
        ("bob", 2),
        ("cy", 3),  # red 1: yellow 2 beats yellow 0
        ("dee", 4),  # the same cubes as ann and eve, more cash
        ("ann", 5),
        ("eve", 5),  # same cubes and cash as ann: shared place
    ]
    assert all(s.hand == "one_pair" for s in result.standings)
    assert result.elimination_candidates == ["ann", "eve"]


def test_aa_d7_places_after_a_shared_place_skip() -> None:
    """AA-D7: players sharing a place take the same number and the next place skips
    (1, 1, 3)."""
    seats = {
        "ann": seat({"red": 2}, 5),
        "bob": seat({"red": 2}, 5),
        "cy": seat({"red": 2}, 4),
        "dee": seat({}, 0),
    }
    result = final_result(list(seats), seats, RGB)
    assert [(s.player, s.place) for s in result.standings] == [
        ("ann", 1),
        ("bob", 1),
        ("cy", 3),
        ("dee", 4),
    ]
    assert result.tokens_of_life == {"ann": 3, "bob": 3}
    assert result.garnets == {"ann": 3, "bob": 3}
    assert result.elimination_candidates == ["dee"]


# -- AA-17 prizes -----------------------------------------------------------------------------


def test_aa17_prizes() -> None:
    """AA-17: first place takes 3 tokens and 3 garnets instead of hand garnets; others with
    three of a kind or better 2 garnets, with two pair 1; last place are candidates."""
    seats = {
        "ann": seat({"red": 4}),
        "bob": seat({"yellow": 1, "red": 1, "green": 1}),
        "cy": seat({"yellow": 3}),
        "dee": seat({"red": 2, "green": 2}),
        "eve": seat({"green": 2}),
        "fay": seat({"red": 1}, 0),
        "gus": seat({"green": 1}, 0),
    }
    result = final_result(list(seats), seats, RGB)
    assert [(s.player, s.place) for s in result.standings] == [
        ("bob", 1),
        ("ann", 2),
        ("cy", 3),
        ("dee", 4),
        ("eve", 5),
        ("fay", 6),
        ("gus", 7),
    ]
    assert result.tokens_of_life == {"bob": 3}
    assert result.garnets == {"bob": 3, "ann": 2, "cy": 2, "dee": 1}
    assert result.elimination_candidates == ["gus"]
    assert result.prize_pool_increase == 0


def test_aa17_first_place_with_a_small_hand_still_gets_3_garnets() -> None:
    """AA-17: first place gets 3 garnets whatever the hand; last place with two pair is a
    candidate and still earns its garnet."""
    seats = {
        "ann": seat({"red": 2, "yellow": 2}, 10),
        "bob": seat({"red": 2, "yellow": 2}, 0),
    }
    result = final_result(list(seats), seats, RGB)
    assert result.tokens_of_life == {"ann": 3}
    assert result.garnets == {"ann": 3, "bob": 1}
    assert result.elimination_candidates == ["bob"]


def test_aa17_prize_pool_grows_only_if_everyone_has_four_cubes() -> None:
    """AA-17: the season prize pool grows by $10 only if every player has at least 4 cubes."""
    four = {
        "ann": seat({"red": 4}),
        "bob": seat({"red": 1, "yellow": 1, "green": 2}),
        "cy": seat({"yellow": 2, "green": 2}),
        "dee": seat({"green": 1, "yellow": 3}),
    }
    assert final_result(list(four), four, RGB).prize_pool_increase == 10
    four["dee"] = seat({"green": 1, "yellow": 2})
    assert final_result(list(four), four, RGB).prize_pool_increase == 0


def test_aa17_and_aa18_full_match() -> None:
    """AA-17, AA-18 end to end (2 rounds): Cy's Rainbow wins; Ann's four reds beat Dee's four
    greens on red; Bob's two pair is last; everyone has 4 cubes so the pool grows by $10;
    the public `match_ended` event reveals every hand and cash."""
    match = start(rounds=2, black_market_colour="green")
    houses = {"ann": (DRE, 0), "bob": (WOLLEY, 0), "cy": (GENRE, 0)}
    access(match, houses)
    auction(
        match,
        {
            "ann": {f"{DRE}:1": 1, f"{DRE}:3": 1},
            "bob": {f"{WOLLEY}:1": 1, f"{WOLLEY}:2": 1},
            "cy": {f"{GENRE}:1": 1, f"{GENRE}:3": 1},
            "dee": {f"{BM}:1": 1, f"{BM}:2": 1},
        },
    )
    public_so_far = ENGINE.view_json(match.state, None)
    assert public_so_far["result"] is None
    assert not keys_in(public_so_far) & {"cash", "cubes"}
    access(match, houses)
    events = auction(
        match,
        {
            "ann": {f"{DRE}:1": 1},
            "bob": {f"{WOLLEY}:2": 1},
            "cy": {f"{GENRE}:2": 1},
            "dee": {f"{BM}:2": 1},
        },
    )
    ended = only(events, "match_ended")
    assert ended.audience == Audience.public()
    expected = {
        "standings": [
            {
                "player": "cy",
                "place": 1,
                "hand": "rainbow",
                "cubes": {"red": 1, "yellow": 1, "green": 2},
                "cash": 97,
            },
            {
                "player": "ann",
                "place": 2,
                "hand": "four_of_a_kind",
                "cubes": {"red": 4, "yellow": 1, "green": 0},
                "cash": 97,
            },
            {
                "player": "dee",
                "place": 3,
                "hand": "four_of_a_kind",
                "cubes": {"red": 0, "yellow": 0, "green": 4},
                "cash": 97,
            },
            {
                "player": "bob",
                "place": 4,
                "hand": "two_pair",
                "cubes": {"red": 2, "yellow": 2, "green": 0},
                "cash": 97,
            },
        ],
        "tokens_of_life": {"cy": 3},
        "garnets": {"cy": 3, "ann": 2, "dee": 2, "bob": 1},
        "elimination_candidates": ["bob"],
        "prize_pool_increase": 10,
    }
    assert ended.data == expected
    assert result_of(match) == expected
    assert ENGINE.view_json(match.state, None)["result"] == expected
    assert seen(match, "bob").to_json()["result"] == expected
    assert match.state.phase == "ended"
    assert ENGINE.conserved(match.state) == {"money": 400, "cubes": 0}


def test_aa17_full_match_without_four_cubes_each() -> None:
    """AA-17: one player with fewer than 4 cubes keeps the pool as it is; a player who never
    won a lot is last."""
    match = start(rounds=1, black_market_colour="yellow")
    access(match, {"ann": (DRE, 10), "bob": (WOLLEY, 10), "cy": (GENRE, 10)})
    auction(
        match,
        {
            "ann": {f"{DRE}:1": 5, f"{DRE}:2": 5, f"{DRE}:3": 5, f"{DRE}:4": 5},
            "bob": {f"{WOLLEY}:1": 5, f"{WOLLEY}:3": 5},
            "cy": {f"{GENRE}:1": 1, f"{GENRE}:2": 1},
        },
    )
    result = result_of(match)
    assert [(s["player"], s["place"], s["hand"], s["cash"]) for s in result["standings"]] == [
        ("ann", 1, "rainbow", 70),
        ("bob", 2, "three_of_a_kind", 80),
        ("cy", 3, "one_pair", 88),
        ("dee", 4, "nothing", 100),
    ]
    assert result["tokens_of_life"] == {"ann": 3}
    assert result["garnets"] == {"ann": 3, "bob": 2}
    assert result["elimination_candidates"] == ["dee"]
    assert result["prize_pool_increase"] == 0


# -- AA-18 end --------------------------------------------------------------------------------


def test_aa18_hands_and_cash_revealed_publicly_at_the_end() -> None:
    """AA-18: at the end everyone's hand and cash are public, also in the public view."""
    match = start(rounds=1)
    access(match, {"ann": (GENRE, 15)})
    assert "cash" not in keys_in(ENGINE.view(match.state, None))
    events = auction(match, {"ann": {f"{GENRE}:1": 5}})
    ended = only(visible_to(events, None), "match_ended")
    assert [(s["player"], s["cash"], s["cubes"]) for s in ended.data["standings"]] == [
        ("ann", 80, {"red": 0, "yellow": 0, "green": 2}),
        ("bob", 100, {"red": 0, "yellow": 0, "green": 0}),
        ("cy", 100, {"red": 0, "yellow": 0, "green": 0}),
        ("dee", 100, {"red": 0, "yellow": 0, "green": 0}),
    ]
    public = ENGINE.view(match.state, None)
    assert public.phase == "ended"
    assert public.to_json()["result"] == ended.data
    assert refused(match, "ann", bid(GENRE, 1)).code == "match_over"


# -- Dealer rulings --------------------------------------------------------------------------


def test_aa_d1_everyone_shares_first_place() -> None:
    """AA-D1: when every player shares one place, all take the first prize and nobody is an
    elimination candidate."""
    match = start(rounds=1)
    close(match)
    close(match)
    result = result_of(match)
    assert [(s["player"], s["place"]) for s in result["standings"]] == [
        ("ann", 1),
        ("bob", 1),
        ("cy", 1),
        ("dee", 1),
    ]
    assert result["tokens_of_life"] == {"ann": 3, "bob": 3, "cy": 3, "dee": 3}
    assert result["garnets"] == {"ann": 3, "bob": 3, "cy": 3, "dee": 3}
    assert result["elimination_candidates"] == []
    assert result["prize_pool_increase"] == 0


def test_aa_d11_a_player_concedes_and_leaves_as_by_a_kick() -> None:
    """AA-D11: conceding is the player's own kick: their standing bids count as none, they
    keep what they hold, make no more moves; the last player left cannot concede."""
    match = start(4, rounds=1)
    match.submit("cy", bid(GENRE, 40))
    assert refused(match, "host", {"type": "forfeit"}).code == "not_a_player"
    events = match.submit("cy", {"type": "forfeit"})
    assert [(e.type, e.audience, e.data) for e in events] == [
        ("player_forfeited", Audience.public(), {"player": "cy"})
    ]
    seat = match.state.seats["cy"]
    assert seat.kicked and seat.access_bid is None and seat.cash == 100
    assert refused(match, "cy", {"type": "forfeit"}).code == "kicked"
    assert refused(match, "cy", bid(GENRE, 10)).code == "kicked"
    match.submit("bob", {"type": "forfeit"})
    match.submit("dee", {"type": "forfeit"})
    last = refused(match, "ann", {"type": "forfeit"})
    assert (last.code, last.message) == (
        "last_player",
        "You are the last player left; the host can end the match.",
    )
    assert refused(match, "host", {"type": "kick", "player": "ann"}).code == "last_player"


def test_aa_d3_kick_during_access() -> None:
    """AA-D3: a kicked player's standing access bid counts as none (not announced, not
    paid); they enter no location, make no more moves and are not ranked."""
    match = start(5, rounds=1, garnets={"dee": 1})
    match.submit("dee", bid(GENRE, 40))
    assert refused(match, "ann", {"type": "kick", "player": "dee"}).code == "host_only"
    events = match.submit("host", {"type": "kick", "player": "dee"})
    assert [(e.type, e.audience, e.data) for e in events] == [
        ("player_kicked", Audience.public(), {"player": "dee"})
    ]
    assert ENGINE.view(match.state, None).kicked == ["dee"]
    assert refused(match, "host", {"type": "kick", "player": "dee"}).code == "already_kicked"
    assert refused(match, "host", {"type": "kick", "player": "zed"}).code == "unknown_player"
    error = refused(match, "dee", bid(GENRE, 10))
    assert (error.code, error.message) == (
        "kicked",
        "You are no longer playing in this match.",
    )
    assert refused(match, "dee", {"type": "trade_garnet"}).code == "kicked"
    assert refused(match, "dee", give("ann", 1)).code == "kicked"
    events = access(match, {"ann": (GENRE, 10)})
    resolved = only(events, "access_resolved").data
    assert resolved["bids"] == [{"player": "ann", "house": GENRE, "amount": 10}]
    assert resolved["entrants"][BM] == ["bob", "cy", "eve"]
    assert match.state.seats["dee"].cash == 100
    assert match.state.seats["dee"].location is None
    assert ENGINE.targets(match.state, "dee") == []
    close(match)
    standings = result_of(match)["standings"]
    assert [(s["player"], s["place"]) for s in standings] == [
        ("bob", 1),
        ("cy", 1),
        ("eve", 1),
        ("ann", 4),  # $90 left after her access bid
    ]


def test_aa_d3_kick_during_auction_drops_lot_bids() -> None:
    """AA-D3: a kicked player's lot bids count as none: here their tie at $30 no longer
    blocks Cy, who wins for 30."""
    match = start(5, rounds=1)
    access(match, {})
    match.submit("cy", bid(f"{BM}:1", 30))
    match.submit("dee", bid(f"{BM}:1", 30))
    match.submit("eve", bid(f"{BM}:1", 20))
    match.submit("host", {"type": "kick", "player": "dee"})
    close(match)
    assert match.state.closed[-1].winners[f"{BM}:1"] == "cy"
    assert match.state.closed[-1].bids == [("cy", f"{BM}:1", 30), ("eve", f"{BM}:1", 20)]
    assert cash(match) == {"ann": 100, "bob": 100, "cy": 70, "dee": 100, "eve": 80}


def test_aa_d3_last_player_cannot_be_kicked_and_is_alone_first() -> None:
    """AA-D3 with AA-D1: the host may kick down to one player, who then takes first place
    alone; the last one cannot be kicked."""
    match = start(rounds=1)
    for player in ("bob", "cy", "dee"):
        match.submit("host", {"type": "kick", "player": player})
    assert refused(match, "host", {"type": "kick", "player": "ann"}).code == "last_player"
    close(match)
    close(match)
    result = result_of(match)
    assert [(s["player"], s["place"]) for s in result["standings"]] == [("ann", 1)]
    assert result["elimination_candidates"] == []


def test_aa_d3_kicked_player_sees_no_later_auction() -> None:
    """AA-D3 with AA-12: a player kicked before a round is in no location that round, so
    their view shows no location's bids or winners."""
    match = start(rounds=2)
    access(match, {})
    auction(match, {"dee": {f"{BM}:1": 3}})
    match.submit("host", {"type": "kick", "player": "dee"})
    access(match, {})
    auction(match, {"ann": {f"{BM}:1": 7}})
    auctions = seen(match, "dee").auctions
    assert auctions[0].location == BM
    assert auctions[0].bids == [LotBidSeen(player="dee", lot=f"{BM}:1", amount=3)]
    assert auctions[1] == AuctionSeen(round=2, location=None, bids=[], winners={})
    assert "7" not in str([a.model_dump() for a in auctions])


def test_aa_d6_kicked_players_receive_no_gifts() -> None:
    """AA-D6: gifts to a kicked player are refused as to a non-player."""
    match = start()
    match.submit("host", {"type": "kick", "player": "dee"})
    error = refused(match, "ann", give("dee", 5))
    assert (error.code, error.message) == ("unknown_player", "dee is not playing in this match.")


def test_aa_d3_no_bonus_for_kicked_players() -> None:
    """AA-D3 with AA-13: a kicked player is owed no $10."""
    match = start(starting_cash=0)
    match.submit("host", {"type": "kick", "player": "dee"})
    events = close(match)
    assert [e.data["player"] for e in all_of(events, "bonus_paid")] == ["ann", "bob", "cy"]
    assert match.state.seats["dee"].cash == 0


def test_aa_d3_kicked_player_does_not_count_for_the_prize_pool() -> None:
    """AA-D3 with AA-17: a kicked player without cubes does not stop the prize pool growing
    when every ranked player has at least four cubes."""
    match = start(rounds=1)
    match.submit("host", {"type": "kick", "player": "dee"})
    access(match, {"ann": (DRE, 0), "bob": (WOLLEY, 0), "cy": (GENRE, 0)})
    auction(
        match,
        {
            player: {f"{house}:{n}": 1 for n in range(1, 5)}
            for player, house in (("ann", DRE), ("bob", WOLLEY), ("cy", GENRE))
        },
    )
    result = result_of(match)
    assert [(s["player"], s["hand"]) for s in result["standings"]] == [
        ("ann", "rainbow"),
        ("bob", "rainbow"),
        ("cy", "rainbow"),
    ]
    assert [s["place"] for s in result["standings"]] == [1, 2, 3]  # red 3, 1, 1; yellow 1, 3
    assert result["prize_pool_increase"] == 10
