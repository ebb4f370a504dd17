"""Atrades' printed matter as data: guilds, region tiles, company tiles, goods prices,
technology cards, the era schedule and the Govt. payout table. The rulebook gives the counts
and the chart (AT-1 to AT-5, AT-17); everything else is the bot edition's (AT-D1...), each
number's reason in docs/rules/atrades.md.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from games.core.hex import Hex, hexagon

GoodsType = Literal["rations", "liquids", "wiring", "spice"]
#: The four company types in the market's order (their starting initiatives rise).
TYPES: tuple[GoodsType, ...] = ("rations", "liquids", "wiring", "spice")
#: What players read for a type.
TYPE_NAMES: dict[GoodsType, str] = {
    "rations": "Rations",
    "liquids": "Liquids",
    "wiring": "Wiring",
    "spice": "Spice",
}
#: AT-3: company tiles of each type, starting tiles included.
TILE_COUNTS: dict[GoodsType, int] = {"rations": 20, "liquids": 19, "wiring": 20, "spice": 19}
#: AT-4: the starting tiles' initiatives by type.
STARTING: dict[GoodsType, range] = {
    "rations": range(1, 6),
    "liquids": range(6, 10),
    "wiring": range(10, 15),
    "spice": range(15, 19),
}
#: AT-1: action cubes per guild.
CUBES = 7
#: AT-17: the Govt. payout chart, top to bottom: (accumulation dispersion, payout).
GOVT_TABLE: tuple[tuple[int, int], ...] = ((25, 11), (25, 9), (15, 7), (7, 5), (3, 3))
#: AT-D9: the era each round number starts; a round is in the latest era it has reached.
ERA_STARTS: dict[int, int] = {1: 1, 2: 3, 3: 5}
#: AT-D4: the price of one good by type and era.
PRICES: dict[GoodsType, tuple[int, int, int]] = {
    "rations": (2, 3, 4),
    "liquids": (3, 4, 5),
    "wiring": (4, 5, 6),
    "spice": (5, 6, 7),
}
#: AT-D6: a company's level by its size: 1-2 tiles level 1, 3-4 level 2, 5 or more level 3.
LEVEL_SIZES: tuple[int, ...] = (1, 3, 5)


#: AT-4: each starting tile's type, by its initiative.
_STARTING_TYPE: dict[int, GoodsType] = {
    number: kind for kind, numbers in STARTING.items() for number in numbers
}


def starting_type(initiative: int) -> GoodsType:
    """The type of the starting tile with this initiative (AT-4)."""
    kind = _STARTING_TYPE.get(initiative)
    if kind is None:
        raise ValueError(f"No starting tile has initiative {initiative}.")
    return kind


def company_called(initiative: int) -> str:
    """A company as players read it, by its starting tile: "Spice 15" (AT-4)."""
    return f"{TYPE_NAMES[starting_type(initiative)]} {initiative}"


def level(size: int) -> int:
    """AT-D6: a company's level from the tiles it has on the map."""
    return sum(1 for at_least in LEVEL_SIZES if size >= at_least)


def era_of(round_number: int) -> int:
    """AT-D9: the era a round is in."""
    return max(era for era, first in ERA_STARTS.items() if round_number >= first)


class Guild(BaseModel):
    """AT-D1: a guild board: its name, starting initiative and starting money."""

    model_config = ConfigDict(frozen=True)

    name: str
    initiative: int
    money: int


GUILDS: tuple[Guild, ...] = (
    Guild(name="Silt Runners", initiative=1, money=20),
    Guild(name="Glass Road Syndicate", initiative=2, money=20),
    Guild(name="Ember Exchange", initiative=3, money=20),
    Guild(name="Hollow Moon Trust", initiative=4, money=20),
    Guild(name="Veil Cartel", initiative=5, money=20),
)


Terrain = Literal["habitable", "desert", "city"]


class Region(BaseModel):
    """AT-D2: a region tile around its own (0, 0): a hexagon of radius 2 whose hexes are
    habitable land, desert or numbered cities, joined by connectors, with a demand track."""

    model_config = ConfigDict(frozen=True)

    name: str
    terrain: dict[Hex, Terrain]
    cities: dict[Hex, int]
    connectors: tuple[tuple[Hex, Hex], ...]
    demand_start: int
    demand_max: int


#: The radius of every region tile, and the gap that keeps placed tiles apart.
REGION_RADIUS = 2


def _region(name: str, rows: tuple[str, ...], demand_start: int = 1) -> Region:
    """A region drawn row by row (r = -2 to 2; rows of 3, 4, 5, 4, 3 hexes): `H` habitable,
    `.` desert, a digit a city of that number, a lowercase letter habitable land at one end
    of the connector of that letter (each letter twice)."""
    cells = hexagon(REGION_RADIUS)
    text = "".join(rows)
    if len(text) != len(cells):
        raise ValueError(f"{name}: {len(text)} hexes drawn, a region has {len(cells)}.")
    terrain: dict[Hex, Terrain] = {}
    cities: dict[Hex, int] = {}
    ends: dict[str, list[Hex]] = {}
    for hex_, mark in zip(cells, text, strict=True):
        if mark == ".":
            terrain[hex_] = "desert"
        elif mark.isdigit():
            terrain[hex_] = "city"
            cities[hex_] = int(mark)
        else:
            terrain[hex_] = "habitable"
            if mark.islower():
                ends.setdefault(mark, []).append(hex_)
    connectors = tuple((pair[0], pair[1]) for pair in ends.values() if len(pair) == 2)
    if len(connectors) != len(ends):
        raise ValueError(f"{name}: a connector letter is not used exactly twice.")
    return Region(
        name=name,
        terrain=terrain,
        cities=cities,
        connectors=connectors,
        demand_start=demand_start,
        demand_max=10,
    )


REGIONS: tuple[Region, ...] = (
    _region("Sietch Valley", ("HH.", "H1H.", "a.HH.", ".HHH", "a.2")),
    _region("Arrakeen Flats", (".HH", "HH3H", "H...b", "b.HH", "HH1")),
    _region("Carthag Rim", ("H4H", "HHHH", "..c..", "H..H", "c.H")),
    _region("Shield Wall", ("d.H", ".HH.", "H2.HH", "HH.d", ".HH")),
    _region("Tuono Basin", ("HHH", "e..H", "HH1.e", ".HH.", "HH.")),
    _region("Habbanya Erg", (".f.", "HH.H", "H3HHH", "..Hf", "HH.")),
    _region("Funeral Plain", ("HH.", "H.5H", "gH.HH", ".H.H", "g1H")),
)
REGION_BY_NAME: dict[str, Region] = {r.name: r for r in REGIONS}

EffectKind = Literal["bureaucracy", "price", "demand"]


class Technology(BaseModel):
    """AT-D5: a technology card: its cost, the era it opens in, and its effect, resolved at
    once: `bureaucracy` puts `amount` cubes from the supply on the buyer's bureaucracy
    track; `price` raises the price of the buyer's goods of `goods` (every type if None) by
    `amount`; `demand` raises demand by `amount` in every region where the buyer has a
    company."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    cost: int
    era: int
    effect: EffectKind
    amount: int
    goods: GoodsType | None = None


TECHNOLOGIES: tuple[Technology, ...] = (
    Technology(id="T1", name="Permit Office", cost=4, era=1, effect="bureaucracy", amount=1),
    Technology(
        id="T2", name="Ration Packing", cost=4, era=1, effect="price", amount=1, goods="rations"
    ),
    Technology(
        id="T3", name="Moisture Traps", cost=5, era=1, effect="price", amount=1, goods="liquids"
    ),
    Technology(id="T4", name="Caravan Routes", cost=6, era=1, effect="demand", amount=1),
    Technology(id="T5", name="Lobbyists", cost=7, era=2, effect="bureaucracy", amount=2),
    Technology(
        id="T6", name="Circuit Foundry", cost=8, era=2, effect="price", amount=1, goods="wiring"
    ),
    Technology(
        id="T7", name="Spice Refinery", cost=8, era=2, effect="price", amount=1, goods="spice"
    ),
    Technology(id="T8", name="Market Survey", cost=9, era=2, effect="demand", amount=1),
    Technology(id="T9", name="Senate Seat", cost=10, era=3, effect="bureaucracy", amount=3),
    Technology(id="T10", name="Orbital Port", cost=12, era=3, effect="price", amount=1),
    Technology(id="T11", name="Trade Festival", cost=12, era=3, effect="demand", amount=2),
    Technology(id="T12", name="Guild Charter", cost=14, era=3, effect="bureaucracy", amount=4),
)
TECHNOLOGY_BY_ID: dict[str, Technology] = {t.id: t for t in TECHNOLOGIES}
