"""Atrades' printed matter (games/atrades/data.py): the rulebook's counts (AT-1 to AT-5,
AT-17) and the bot edition's completions (AT-D1, AT-D2, AT-D4 to AT-D6, AT-D9) whole and
consistent."""

from __future__ import annotations

from collections import Counter

import pytest

from games.atrades.data import (
    CUBES,
    ERA_STARTS,
    GOVT_TABLE,
    GUILDS,
    PRICES,
    REGIONS,
    STARTING,
    TECHNOLOGIES,
    TILE_COUNTS,
    TYPES,
    Region,
    era_of,
    level,
    starting_type,
)
from games.atrades.model import MAX_PLAYERS
from games.core.hex import Links


def test_at1_seven_action_cubes() -> None:
    assert CUBES == 7


def test_at2_at_d1_five_guilds_with_distinct_names_and_initiatives() -> None:
    assert len(GUILDS) == 5
    assert len({g.name for g in GUILDS}) == 5
    assert sorted(g.initiative for g in GUILDS) == [1, 2, 3, 4, 5]
    # AT-D1: every guild starts with $20; the board's initiative only settles ties (AT-D8).
    assert [g.money for g in GUILDS] == [20] * 5


def test_at3_company_tiles_by_type() -> None:
    assert TILE_COUNTS == {"rations": 20, "liquids": 19, "wiring": 20, "spice": 19}
    assert sum(TILE_COUNTS.values()) == 78


def test_at4_starting_tiles_and_their_initiatives() -> None:
    assert {t: list(r) for t, r in STARTING.items()} == {
        "rations": [1, 2, 3, 4, 5],
        "liquids": [6, 7, 8, 9],
        "wiring": [10, 11, 12, 13, 14],
        "spice": [15, 16, 17, 18],
    }
    assert [starting_type(n) for n in (1, 5, 6, 9, 10, 14, 15, 18)] == [
        "rations",
        "rations",
        "liquids",
        "liquids",
        "wiring",
        "wiring",
        "spice",
        "spice",
    ]
    with pytest.raises(ValueError):
        starting_type(19)
    # Every type has 15 plain tiles besides its starting tiles.
    assert {t: TILE_COUNTS[t] - len(STARTING[t]) for t in TYPES} == dict.fromkeys(TYPES, 15)


@pytest.mark.parametrize("region", REGIONS, ids=lambda r: r.name)
def test_at5_at_d2_each_region_is_whole(region: Region) -> None:
    kinds = Counter(region.terrain.values())
    assert len(region.terrain) == 19
    assert kinds["habitable"] >= 10 and kinds["desert"] >= 3 and kinds["city"] >= 1
    assert set(region.cities) == {h for h, t in region.terrain.items() if t == "city"}
    assert all(1 <= n <= 5 for n in region.cities.values())
    links = Links(region.connectors)
    for a, b in region.connectors:
        # A connector joins habitable land across the desert, not two neighbours.
        assert region.terrain[a] == region.terrain[b] == "habitable"
        assert a.distance(b) > 1
    for city in region.cities:
        assert any(region.terrain.get(n) == "habitable" for n in links.neighbours(city))
    assert 1 <= region.demand_start < region.demand_max


def test_at5_regions_are_enough_for_five_players_and_named_once() -> None:
    assert len(REGIONS) >= MAX_PLAYERS + 1
    assert len({r.name for r in REGIONS}) == len(REGIONS)
    assert all(r.connectors for r in REGIONS)


def test_at17_the_govt_chart_as_printed() -> None:
    assert GOVT_TABLE == ((25, 11), (25, 9), (15, 7), (7, 5), (3, 3))


def test_at_d4_prices_rise_with_initiative_and_era() -> None:
    for era in range(3):
        column = [PRICES[t][era] for t in TYPES]
        assert column == sorted(column) and len(set(column)) == 4
    assert all(list(p) == sorted(p) for p in PRICES.values())


def test_at_d5_technologies_four_per_era_unique_ids_and_costs_rising() -> None:
    assert len({t.id for t in TECHNOLOGIES}) == len(TECHNOLOGIES) == 12
    assert Counter(t.era for t in TECHNOLOGIES) == {1: 4, 2: 4, 3: 4}
    for era in (1, 2):
        assert max(t.cost for t in TECHNOLOGIES if t.era == era) <= min(
            t.cost for t in TECHNOLOGIES if t.era == era + 1
        )
    assert all(t.amount > 0 for t in TECHNOLOGIES)
    assert all((t.goods is None) or t.effect == "price" for t in TECHNOLOGIES)


def test_at_d6_levels_by_size() -> None:
    assert [level(n) for n in range(1, 8)] == [1, 1, 2, 2, 3, 3, 3]


def test_at_d9_era_schedule() -> None:
    assert ERA_STARTS == {1: 1, 2: 3, 3: 5}
    assert [era_of(n) for n in range(1, 9)] == [1, 1, 2, 2, 3, 3, 3, 3]
