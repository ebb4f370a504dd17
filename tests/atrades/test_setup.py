"""The setup (AT-D3, AT-D7, AT-D28): guilds, players + 1 regions drawn with the seed and placed
apart, the starting tiles shuffled and laid out; the state JSON-ready."""

from __future__ import annotations

import pytest

from games.atrades.data import GUILDS, REGION_BY_NAME, TECHNOLOGIES
from games.atrades.model import Options, State, setup
from games.atrades.money import conservation
from games.core.errors import RuleError
from games.core.hex import Links, parse_label

PLAYERS = ["ana", "ben", "cy", "di", "ed"]


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_at_d3_players_plus_one_regions_placed_apart(count: int) -> None:
    state = setup(PLAYERS[:count], Options(), seed=11)
    assert len(state.regions) == count + 1
    assert len({r.name for r in state.regions}) == count + 1
    assert len(state.board) == 19 * (count + 1)
    by_region: dict[int, list[str]] = {}
    for label, cell in state.board.items():
        by_region.setdefault(cell["region"], []).append(label)
    for one in by_region:
        for other in by_region:
            if one < other:
                gap = min(
                    parse_label(a).distance(parse_label(b))
                    for a in by_region[one]
                    for b in by_region[other]
                )
                assert gap >= 2, "regions touch"
    # The placed tile is the drawn one, turned: its terrain counts are kept.
    for index, placed in enumerate(state.regions):
        tile = REGION_BY_NAME[placed.name]
        on_map = sorted(c["terrain"] for c in state.board.values() if c["region"] == index)
        assert on_map == sorted(tile.terrain.values())
        assert placed.demand == tile.demand_start


def test_at_d7_display_and_pool() -> None:
    state = setup(PLAYERS[:3], Options(), seed=5)
    assert len(state.display) == 4
    assert sorted(state.display + state.pool) == list(range(1, 19))
    assert state.supply == {"rations": 15, "liquids": 15, "wiring": 15, "spice": 15}
    assert state.technologies == [t.id for t in TECHNOLOGIES]
    assert [g.cubes for g in state.guilds] == [7, 7, 7]
    assert (state.round, state.era) == (1, 1)


def test_setup_is_the_seed_and_the_seed_matters() -> None:
    one = setup(PLAYERS, Options(), seed=3)
    assert setup(PLAYERS, Options(), seed=3) == one
    others = [setup(PLAYERS, Options(), seed=s) for s in range(4, 10)]
    assert any(o.regions != one.regions for o in others)
    assert any(o.pool != one.pool for o in others)
    assert any(o.regions[0].turns != one.regions[0].turns for o in others)


def test_the_state_is_json_ready() -> None:
    state = setup(PLAYERS, Options(), seed=8)
    assert State.model_validate_json(state.model_dump_json()) == state
    assert conservation(state) == 0
    assert state.money_at_start == sum(g.money for g in GUILDS)


def test_chosen_guilds_and_regions() -> None:
    state = setup(
        ["ana", "ben"],
        Options(
            guilds=["veil cartel", "Silt Runners"],
            regions=["Shield Wall", "Tuono Basin", "Carthag Rim"],
        ),
        seed=2,
    )
    assert [(g.guild, g.initiative, g.money) for g in state.guilds] == [
        ("Veil Cartel", 5, 20),
        ("Silt Runners", 1, 20),
    ]
    assert [r.name for r in state.regions] == ["Shield Wall", "Tuono Basin", "Carthag Rim"]


def test_at_d28_named_guild_boards_go_to_the_first_seats_and_the_others_are_drawn() -> None:
    named = Options(guilds=["veil cartel", "Silt Runners"])
    state = setup(PLAYERS[:4], named, seed=2)
    boards = [g.guild for g in state.guilds]
    assert boards[:2] == ["Veil Cartel", "Silt Runners"]
    others = {"Glass Road Syndicate", "Ember Exchange", "Hollow Moon Trust"}
    assert len(set(boards[2:])) == 2 and set(boards[2:]) <= others
    assert [g.initiative for g in state.guilds] == [
        next(g.initiative for g in GUILDS if g.name == b) for b in boards
    ]
    # Drawn with the seed: the same seed deals the same boards, others deal others.
    assert [g.guild for g in setup(PLAYERS[:4], named, seed=2).guilds] == boards
    dealt = {tuple(g.guild for g in setup(PLAYERS[:4], named, seed=s).guilds) for s in range(8)}
    assert {d[:2] for d in dealt} == {("Veil Cartel", "Silt Runners")} and len(dealt) > 1
    # Boards named past the last seat are not used.
    more = Options(guilds=["Hollow Moon Trust", "Ember Exchange", "Veil Cartel"])
    assert [(g.guild, g.initiative) for g in setup(PLAYERS[:2], more, seed=2).guilds] == [
        ("Hollow Moon Trust", 4),
        ("Ember Exchange", 3),
    ]


def test_at_d28_named_regions_are_laid_out_first_and_the_others_are_drawn() -> None:
    named = Options(regions=["tuono basin", "Shield Wall"])
    state = setup(PLAYERS[:3], named, seed=2)
    regions = [r.name for r in state.regions]
    assert regions[:2] == ["Tuono Basin", "Shield Wall"]
    assert len(set(regions)) == 4 and not {"Tuono Basin", "Shield Wall"} & set(regions[2:])
    # Drawn with the seed: the same seed lays out the same map, others other ones.
    assert [r.name for r in setup(PLAYERS[:3], named, seed=2).regions] == regions
    drawn = {tuple(r.name for r in setup(PLAYERS[:3], named, seed=s).regions) for s in range(8)}
    assert {d[:2] for d in drawn} == {("Tuono Basin", "Shield Wall")} and len(drawn) > 1
    # Tiles named past the players + 1 are not used. Naming as many as needed takes no draw
    # from the seed (as before AT-D28, so stored records replay alike); drawing takes one.
    every = [r.name for r in setup(PLAYERS[:2], Options(regions=regions), seed=5).regions]
    assert every == regions[:3]
    exact = setup(PLAYERS[:2], Options(regions=regions[:3]), seed=5).rng.draws
    assert exact == setup(PLAYERS[:2], Options(), seed=5).rng.draws - 1


@pytest.mark.parametrize(
    ("players", "options", "code"),
    [
        (["ana"], Options(), "player_count"),
        ([*PLAYERS, "fay"], Options(), "player_count"),
        (["ana", "ana"], Options(), "player_twice"),
        (["ana", "ben"], Options(guilds=["Veil Cartel", "Nobody"]), "bad_guilds"),
        (["ana", "ben"], Options(guilds=["Veil Cartel", "veil cartel"]), "bad_guilds"),
        (["ana", "ben"], Options(regions=["Shield Wall", "Nowhere"]), "bad_regions"),
        (["ana", "ben"], Options(regions=["Shield Wall", "shield wall"]), "bad_regions"),
    ],
)
def test_bad_setups_are_refused(players: list[str], options: Options, code: str) -> None:
    with pytest.raises(RuleError) as caught:
        setup(players, options, seed=1)
    assert caught.value.code == code


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_at_5_the_maps_geography_goes_round_groups_as_the_hex_links_do(seed: int) -> None:
    """The map's adjacency by label, worked out once per map, is the hex toolkit's: the hexes
    around each hex and each pair of neighbouring hexes (connectors count), those on the map,
    in the order `Links.around` gives them; asked again, the same."""
    state = setup(PLAYERS, Options(), seed=seed)
    links = Links((parse_label(a), parse_label(b)) for a, b in state.connectors)
    geography = state.geography()
    assert geography is state.geography()
    groups = [[label] for label in state.board]
    groups += [[label, near] for label in state.board for near in geography.neighbours[label]]
    for group in groups:
        around = [
            h.label
            for h in links.around(parse_label(label) for label in group)
            if h.q >= 0 and h.r >= 0 and h.label in state.board
        ]
        assert list(geography.around(group)) == around
        assert list(geography.around(group)) == around
    joined = [(a, b) for a, b in state.connectors]
    assert joined, "the map has connectors"
    for a, b in joined:
        assert geography.touching([a], [b])
        assert b in geography.neighbours[a]
    habitable = [label for label, cell in state.board.items() if cell["terrain"] == "habitable"]
    assert list(geography.habitable) == habitable


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_at_5_what_lies_around_a_group_is_the_boards(seed: int) -> None:
    """The habitable land and the cities around each group of hexes, kept per group, are
    the board's cells `around` it: the land in its order, the cities' numbers each once,
    lowest first; asked again, the same."""
    state = setup(PLAYERS, Options(), seed=seed)
    geography = state.geography()
    board = state.board
    groups = [[label] for label in board]
    groups += [[label, near] for label in board for near in geography.neighbours[label]]
    cities_seen: set[int | None] = set()
    for group in groups:
        around = geography.around(group)
        land = [h for h in around if board[h]["terrain"] == "habitable"]
        cities = sorted({c for h in around if (c := board[h]["city"]) is not None})
        for _ in range(2):
            assert list(geography.land_around(group)) == land
            assert list(geography.cities_around(group)) == cities
        cities_seen.update(cities)
    every_city = {cell["city"] for cell in board.values()} - {None}
    assert cities_seen == every_city
