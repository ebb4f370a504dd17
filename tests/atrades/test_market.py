"""The Market phase (AT-21 to AT-24, AT-D4, AT-D19): in initiative order 1 to 18, tile by
tile up to each region's demand, income to the banks, expansion after selling out."""

from __future__ import annotations

from games.atrades.market import can_expand, expand, expansion_hexes, market
from games.atrades.merger import start_merger
from tests.atrades.refuse import refused
from tests.atrades.table import company, sound, table


def test_at21_to_at24_selling_by_initiative_up_to_demand() -> None:
    state = table(3)
    # Added highest first, so the list's order is not the market's.
    company(state, 14, 2, "L3")
    company(state, 9, 2, "E4")
    company(state, 5, 1, "F3", "G3")
    company(state, 2, 0, "G1", "G2")
    state.regions[0].demand = 3
    sales = market(state)
    # AT-21, AT-22: Sietch Valley's demand of 3: company 2 sells 2, company 5 the 1 left,
    # company 9 none (highest first would sell 9's, 5's and one of 2's); AT-23: $2 a ration.
    assert [(s.company, s.region, s.goods, s.price) for s in sales] == [
        (2, 0, 2, 2),
        (5, 0, 1, 2),
        (14, 1, 1, 4),
    ]
    assert {c.initiative: c.bank for c in state.companies} == {14: 4, 9: 0, 5: 2, 2: 4}
    assert state.created == 10
    # Demand is not used up by selling: it stays for the next round.
    assert state.regions[0].demand == 3
    # AT-24: companies 2 and 14 sold a good per tile; company 5 sold 1 of 2.
    assert state.expansions == [2, 14]
    sound(state)


def test_at24_at_d19_expansion_in_initiative_order_next_to_the_company() -> None:
    state = table(3)
    company(state, 14, 2, "L3")
    company(state, 2, 0, "G1", "G2")
    company(state, 5, 1, "F3", "G3")
    state.regions[0].demand = 4
    market(state)
    assert state.expansions == [2, 5, 14]
    assert expansion_hexes(state, 2) == ["F1"]
    refused(state, "no_expansion", lambda: expand(state, 2, 14, "K3"))
    refused(state, "not_your_company", lambda: expand(state, 1, 2, "F1"))
    assert refused(state, "not_next_to", lambda: expand(state, 0, 2, "E2")) == (
        "E2 is not next to company 2."
    )
    refused(state, "desert", lambda: expand(state, 0, 2, "H1"))
    assert expand(state, 0, 2, "f1") == "F1"
    assert state.company(2).hexes == ["G1", "G2", "F1"]
    assert state.supply["rations"] == 15 - 1 - 1 - 1
    assert expand(state, 1, 5, None) is None
    assert state.company(5).size == 2
    assert state.expansions == [14]


def test_at_d19_no_expansion_without_free_land_or_a_supply_tile() -> None:
    state = table(3)
    company(state, 2, 0, "G1", "G2")
    company(state, 3, 1, "F1")
    company(state, 4, 1, "F3", "G3")
    state.regions[0].demand = 9
    assert not can_expand(state, 2)
    state.supply["rations"] = 0
    market(state)
    assert state.expansions == []


def test_at_d4_prices_by_era() -> None:
    state = table(2)
    company(state, 17, 0, "F3")
    state.era = 2
    assert [s.price for s in market(state)] == [6]


def test_the_market_waits_for_the_actions() -> None:
    state = table(2)
    company(state, 3, 0, "F3")
    company(state, 7, 1, "F4")
    start_merger(state, 0, 3, 7, cube=False)
    refused(state, "action_pending", lambda: market(state))
