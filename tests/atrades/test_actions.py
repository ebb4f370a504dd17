"""Acquire (AT-9, AT-10), Research (AT-19, AT-20, AT-D5) and passing (AT-D11), each placing
an action cube (AT-1)."""

from __future__ import annotations

import pytest

from games.atrades.actions import acquire, decline_free_acquire, pass_turn, research
from games.atrades.market import market
from games.atrades.model import Payment
from tests.atrades.refuse import refused
from tests.atrades.table import company, show, sound, table


def test_at9_at10_acquire_places_the_tile_and_raises_demand() -> None:
    state = table(3)
    show(state, 4, 11)
    placed = acquire(state, 1, 11, "g3")
    assert (placed.initiative, placed.type, placed.owner, placed.hexes, placed.bank) == (
        11,
        "wiring",
        1,
        ["G3"],
        0,
    )
    assert state.display == [4]
    assert state.regions[0].demand == 2
    assert state.guilds[1].cubes == 6
    assert state.guilds[1].tracks["acquire"] == 1
    acquire(state, 0, 4, "F4")
    assert state.regions[0].demand == 3
    assert [r.demand for r in state.regions[1:]] == [1, 1, 1]
    sound(state)


def test_at_d2_demand_stops_at_the_end_of_its_track() -> None:
    state = table(2)
    state.regions[0].demand = 10
    show(state, 1)
    acquire(state, 0, 1, "F3")
    assert state.regions[0].demand == 10


@pytest.mark.parametrize(
    ("text", "code", "message"),
    [
        ("E3", "desert", "E3 is desert: companies stand on habitable land only."),
        ("f2", "city", "F2 is a city: companies stand on habitable land only."),
        ("G1", "taken", "G1 is taken by company 9."),
        ("Z40", "off_map", "Z40 is not on the map."),
        ("3F", "bad_hex", "'3F' is not a hex: write its column letter and row number, like B4."),
    ],
)
def test_at9_acquire_only_on_free_habitable_land(text: str, code: str, message: str) -> None:
    state = table(3)
    company(state, 9, 2, "G1")
    show(state, 4)
    assert refused(state, code, lambda: acquire(state, 0, 4, text)) == message


def test_at9_acquire_only_a_tile_on_display_and_with_a_cube() -> None:
    state = table(3)
    show(state, 4, 5)
    message = refused(state, "tile_not_shown", lambda: acquire(state, 0, 6, "F3"))
    assert message == "Starting tile 6 is not on display (on display: 4, 5)."
    state.guilds[0].cubes = 0
    refused(state, "no_cubes", lambda: acquire(state, 0, 4, "F3"))


def test_at15_a_free_acquire_takes_no_cube_and_goes_in_order() -> None:
    state = table(3)
    show(state, 4, 5)
    state.free_acquires = [2, 0]
    refused(state, "no_free_acquire", lambda: acquire(state, 0, 4, "F3", free=True))
    acquire(state, 2, 4, "F3", free=True)
    assert state.guilds[2].cubes == 7 and state.guilds[2].tracks["acquire"] == 0
    decline_free_acquire(state, 0)
    assert state.free_acquires == []
    refused(state, "no_free_acquire", lambda: decline_free_acquire(state, 0))


def test_at19_research_paid_from_money_and_one_company() -> None:
    state = table(3)
    company(state, 4, 0, "F3", bank=3)
    research(state, 0, "t3", Payment(company=4, from_company=3, from_money=2))
    assert (state.guilds[0].money, state.company(4).bank) == (16, 0)
    assert state.guilds[0].technologies == ["T3"]
    assert "T3" not in state.technologies
    assert (state.guilds[0].cubes, state.guilds[0].tracks["research"]) == (6, 1)
    assert state.destroyed == 5
    sound(state)


def test_at19_research_refusals() -> None:
    state = table(3)
    company(state, 4, 0, "F3", bank=3)
    message = refused(state, "era_closed", lambda: research(state, 0, "T5", Payment(from_money=7)))
    assert message == "Lobbyists is an era 2 technology; this is era 1."
    assert refused(
        state, "payment_total", lambda: research(state, 0, "T1", Payment(from_money=3))
    ) == ("Permit Office costs $4, but the payment adds up to $3.")
    refused(state, "no_technology", lambda: research(state, 0, "T99", Payment(from_money=4)))
    research(state, 1, "T1", Payment(from_money=4))
    message = refused(
        state, "technology_taken", lambda: research(state, 0, "T1", Payment(from_money=4))
    )
    assert message == "Permit Office has already been researched."
    state.era = 2
    research(state, 0, "T5", Payment(company=4, from_company=3, from_money=4))


def test_at20_at_d5_effects_resolve_at_once() -> None:
    state = table(3)
    state.era = 3
    company(state, 4, 0, "F3")
    company(state, 12, 0, "L3")
    company(state, 16, 1, "R3")
    research(state, 0, "T12", Payment(from_money=14))
    assert state.guilds[0].tracks["bureaucracy"] == 4
    research(state, 1, "T11", Payment(from_money=12))
    assert [r.demand for r in state.regions] == [1, 1, 3, 1]
    state.guilds[0].money += 8
    state.created += 8
    research(state, 0, "T10", Payment(from_money=12))
    research(state, 2, "T7", Payment(from_money=8))
    sales = {s.company: s.price for s in market(state)}
    # Era 3 prices 4 / 6 / 7, +1 for Orbital Port's owner on every type; T7 is p2's, who
    # owns no Spice, so company 16 sells at the bare price.
    assert sales == {4: 5, 12: 7, 16: 7}
    sound(state)


def test_at_d11_a_pass_spends_a_cube() -> None:
    state = table(2)
    pass_turn(state, 0)
    assert state.guilds[0].cubes == 6
    assert sum(state.guilds[0].tracks.values()) == 0
    state.guilds[1].cubes = 0
    pass_turn(state, 1)
    assert state.guilds[1].cubes == 0
