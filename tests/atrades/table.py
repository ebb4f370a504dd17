"""A table laid out by hand for the rules' tests: chosen guilds and region tiles, none
turned, every starting tile on display, companies placed where a test says.

Sietch Valley, the first region, centred on F3, reads (rows 1 to 5; `a` ends a connector):

    row 1:     F1 H   G1 H   H1 .
    row 2:   E2 H   F2 [1]  G2 H   H2 .
    row 3: D3 a   E3 .   F3 H   G3 H   H3 .
    row 4:   D4 .   E4 H   F4 H   G4 H
    row 5:     D5 a   E5 .   F5 [2]

Carthag Rim, the second, is centred on L3 with its city 4 on M1.
"""

from __future__ import annotations

from games.atrades.data import GUILDS, REGION_BY_NAME, starting_type
from games.atrades.model import Company, Options, State, lay_out, setup
from games.atrades.money import conservation

REGIONS = [
    "Sietch Valley",
    "Carthag Rim",
    "Shield Wall",
    "Tuono Basin",
    "Habbanya Erg",
    "Funeral Plain",
]


#: The money the seats hold at a hand-laid table: different for each seat (the guild boards
#: all start with $20, AT-D1), so that a test tells whose money moved.
TABLE_MONEY = (18, 19, 20, 21, 22)


def table(players: int = 3) -> State:
    """Seats p0, p1, ... with the guilds in data order, holding $18, $19, $20, $21, $22."""
    names = REGIONS[: players + 1]
    state = setup(
        [f"p{i}" for i in range(players)],
        Options(regions=names, guilds=[g.name for g in GUILDS[:players]]),
        seed=1,
    )
    state.regions, state.board, state.connectors = lay_out(
        [REGION_BY_NAME[n] for n in names], [0] * len(names)
    )
    state.pool = sorted(state.pool + state.display)
    state.display = []
    for guild, money in zip(state.guilds, TABLE_MONEY, strict=False):
        guild.money = money
    state.money_at_start = sum(g.money for g in state.guilds)
    return state


def company(state: State, initiative: int, owner: int, *hexes: str, bank: int = 0) -> Company:
    """Company `initiative` of `owner` on `hexes` with `bank` dollars, as if acquired, grown
    and paid earlier (the dollars booked as market income, the plain tiles from the supply)."""
    placed = Company(
        initiative=initiative,
        type=starting_type(initiative),
        owner=owner,
        hexes=list(hexes),
        bank=bank,
    )
    state.companies.append(placed)
    if initiative in state.pool:
        state.pool.remove(initiative)
    state.supply[placed.type] -= len(hexes) - 1
    state.created += bank
    return placed


def show(state: State, *tiles: int) -> None:
    """Put starting tiles on display."""
    for tile in tiles:
        state.pool.remove(tile)
        state.display.append(tile)
    state.display.sort()


def sound(state: State) -> None:
    assert conservation(state) == 0
