"""Atrades' options and state, JSON-ready, and the setup (docs/rules/atrades.md).

Words: a *guild* is a player's side (seat `0..n-1`, clockwise); a *company* is identified by
its starting tile's initiative (1-18); a company's *bank* is its money, a guild's *money* its
personal supply ("victory points"). Hexes are named by their labels ("B4", games.core.hex).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Annotated, Any, Literal, NamedTuple, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator
from typing_extensions import TypedDict

from games.atrades.data import (
    CUBES,
    GUILDS,
    REGIONS,
    STARTING,
    TECHNOLOGIES,
    TILE_COUNTS,
    TYPES,
    GoodsType,
    Guild,
    Region,
    Terrain,
    level,
)
from games.core.errors import RuleError
from games.core.hex import Hex, Links, parse_label, place
from games.core.rng import RandomSource

MIN_PLAYERS = 2
MAX_PLAYERS = 5
Track = Literal["acquire", "merger", "bureaucracy", "research"]
TRACKS: tuple[Track, ...] = ("acquire", "merger", "bureaucracy", "research")


#: AT-D12: where a lost company's bank goes when a player merger is settled: back to the
#: supply (Dealer's reading, the default) or onto the merged company's bank (the other).
LoserBank = Literal["supply", "merged"]
#: The most starting money a host may give a guild: far above the boards' $20.
MAX_STARTING_MONEY = 1_000


class Options(BaseModel):
    """Match options. `regions` names the first tiles to lay out, `guilds` the guild boards
    of the first seats, in seat order; what they leave is drawn with the seed (AT-D28).
    `money` is the guild boards' starting money (AT-D1): None for $20 each, one amount for
    every board, or five, one a board in the boards' initiative order (Silt Runners first),
    as a table's printed boards show it. `loser_bank` is AT-D12's reading: where a lost
    company's bank goes in a player merger."""

    model_config = ConfigDict(extra="forbid")

    regions: list[str] | None = None
    guilds: list[str] | None = None
    money: list[Annotated[int, Field(ge=0, le=MAX_STARTING_MONEY)]] | None = None
    loser_bank: LoserBank = "supply"

    @model_validator(mode="after")
    def _money_per_board(self) -> Options:
        if self.money is not None and len(self.money) not in (1, len(GUILDS)):
            raise ValueError(
                f"starting money is one amount for every guild board or {len(GUILDS)}, one a "
                "board in initiative order"
            )
        return self

    def starting_money(self, guild: Guild) -> int:
        """AT-D1: a guild board's starting money, as the options set it."""
        if self.money is None:
            return guild.money
        return self.money[0] if len(self.money) == 1 else self.money[GUILDS.index(guild)]


class Payment(BaseModel):
    """Money paid from one company's bank and/or personal money (AT-7, AT-14, AT-19)."""

    model_config = ConfigDict(extra="forbid")

    company: int | None = None
    from_company: int = Field(default=0, ge=0)
    from_money: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _company_named(self) -> Payment:
        if self.from_company and self.company is None:
            raise ValueError("money from a company needs the company")
        return self

    @property
    def total(self) -> int:
        return self.from_company + self.from_money

    def fields(self) -> dict[str, Any]:
        """The payment as JSON, as `model_dump` gives it, without its machinery: a round's
        turn order tells every guild's bid (issue 43)."""
        return {
            "company": self.company,
            "from_company": self.from_company,
            "from_money": self.from_money,
        }


class Company(BaseModel):
    """A company on the map: named by its starting tile's initiative, its tiles' labels
    (the starting tile's first), its bank, its owner's seat, and whether the Government
    bought it (flipped, AT-18)."""

    initiative: int
    type: GoodsType
    owner: int
    hexes: list[str]
    bank: int = 0
    flipped: bool = False

    @property
    def size(self) -> int:
        return len(self.hexes)

    @property
    def level(self) -> int:
        return level(self.size)


class GuildState(BaseModel):
    """A seat: its player, guild board, money, action cubes left in its supply, the cubes on
    each track (free ones included) and the technologies it researched."""

    player: str
    guild: str
    initiative: int
    money: int
    cubes: int = CUBES
    tracks: dict[Track, int] = Field(default_factory=lambda: dict.fromkeys(TRACKS, 0))
    technologies: list[str] = Field(default_factory=list)


class Cell(TypedDict):
    """A hex of the map: its terrain, the region it belongs to, its city's number (None off
    a city). A typed dict, not a model: the same JSON, and a map of a hundred hexes and more
    (every state holds one) is validated about three times faster (docs/performance.md)."""

    terrain: Terrain
    region: int
    city: int | None


class PlacedRegion(BaseModel):
    """A region tile as drawn and placed: which tile, where its centre is, how it is turned."""

    name: str
    centre: str
    turns: int
    demand: int


class Merger(BaseModel):
    """A player merger under way (AT-11 to AT-16).

    `track` is the auction track as placed, "A" for the starter's company and "B" for the
    other; `order` is the bidding order, clockwise from the starter's left (AT-12); `round` is
    the auction round under way, the last of `rounds` being sealed (AT-12)."""

    starter: int
    companies: tuple[int, int]
    cube: bool
    track: list[Literal["A", "B"]]
    rounds: int
    order: list[int]
    round: int = 1
    step: Literal["open", "sealed", "payment"] = "open"
    turn: int = 0
    out: list[int] = Field(default_factory=list)
    high: int = 0
    leader: int | None = None
    sealed: dict[int, int | None] = Field(default_factory=dict)
    winner: int | None = None


FlowStep = Literal["bids", "actions", "expansions", "ended"]


class Flow(BaseModel):
    """Where the engine's flow is (games/atrades/flow.py, docs/rules/atrades.md "A round, as
    the flow runs it"): the step of the round; in the Action phase, the place in the turn
    order of the guild acting and whether it has taken its action; counters that tell
    phases apart (`waits` new waits begun, `actions` guilds' actions begun, `mergers` player
    mergers declared); and the sealed bids of closed phases, oldest first (the host's audit)."""

    step: FlowStep = "bids"
    turn: int = 0
    acted: bool = False
    waits: int = 0
    actions: int = 0
    mergers: int = 0
    closed: list[dict[str, Any]] = Field(default_factory=list)


class State(BaseModel):
    """A game of Atrades between steps: the round and era; the seats, in seat order, and the
    turn order; the map (regions with their demand, hexes by label, connectors) and the
    companies on it; the starting tiles on display and in the pile; plain tiles and
    technologies left; what is under way (turn-order bids, a merger, free Acquires and
    expansions owed); the money ledger (AT-D10); the end and its winners."""

    options: Options
    rng: RandomSource
    round: int = 1
    era: int = 1
    guilds: list[GuildState]
    order: list[int]
    regions: list[PlacedRegion]
    board: dict[str, Cell]
    connectors: list[tuple[str, str]]
    companies: list[Company] = Field(default_factory=list)
    display: list[int]
    pool: list[int]
    supply: dict[GoodsType, int]
    technologies: list[str]
    bids: dict[int, Payment] = Field(default_factory=dict)
    merger: Merger | None = None
    free_acquires: list[int] = Field(default_factory=list)
    expansions: list[int] = Field(default_factory=list)
    money_at_start: int
    created: int = 0
    destroyed: int = 0
    ended: bool = False
    winners: list[int] = Field(default_factory=list)
    #: Seats removed from the match (kicked or forfeited): they bid nothing and act no more.
    out: list[int] = Field(default_factory=list)
    flow: Flow = Field(default_factory=Flow)

    def company(self, initiative: int) -> Company:
        for company in self.companies:
            if company.initiative == initiative:
                return company
        raise RuleError(
            "no_company", "There is no company {company} on the map.", company=initiative
        )

    def geography(self) -> Geography:
        """The map's adjacency by label (`Geography`), worked out once per map."""
        board, connectors = self.board, self.connectors
        kept = _GEOGRAPHIES.get(id(board))
        if kept is not None and kept[0] is board and kept[1] is connectors:
            return kept[2]
        if len(_GEOGRAPHIES) >= _GEOGRAPHIES_KEPT:
            _GEOGRAPHIES.clear()
        found = Geography.of(board, connectors)
        _GEOGRAPHIES[id(board)] = (board, connectors, found)
        return found

    def occupied(self) -> dict[str, int]:
        """Which company's tile is on each taken hex (flipped tiles still take theirs)."""
        return {label: c.initiative for c in self.companies for label in c.hexes}

    def seat(self, seat: int) -> GuildState:
        guilds = self.guilds
        if not 0 <= seat < len(guilds):
            raise RuleError("no_seat", "There is no seat {seat} at this table.", seat=seat)
        return guilds[seat]


class Nearby(NamedTuple):
    """What lies around a group of hexes (`Geography.around`): its hexes, in the order
    `Links.around` goes round the group, those of them that are habitable land, in that order,
    and the numbers of the cities among them, each once, lowest first."""

    hexes: tuple[str, ...]
    land: tuple[str, ...]
    cities: tuple[int, ...]


@dataclass(frozen=True, slots=True, eq=False)
class Geography:
    """A laid-out map's adjacency by label (AT-5: connectors join hexes as if next to each
    other): each hex's neighbours on the map, in the order `Links.neighbours` gives them,
    where each hex sorts (`Links.around` goes round a group's hexes in that order), the
    habitable hexes in the map's order and the cities' numbers by their hexes. A map never
    changes once laid out, so this is worked out once per map, and what lies around each group
    of hexes asked about (its hexes, its habitable land, its cities) once per group: going
    round companies was most of a random playout's time (issue 43)."""

    neighbours: dict[str, tuple[str, ...]]
    position: dict[str, Hex]
    habitable: tuple[str, ...]
    #: The habitable hexes, as a set.
    land: frozenset[str]
    cities: dict[str, int]
    #: What lies around each group of hexes asked about (`_nearby`), by the group.
    _near: dict[tuple[str, ...], Nearby] = field(default_factory=dict)

    @classmethod
    def of(cls, board: dict[str, Cell], connectors: list[tuple[str, str]]) -> Geography:
        """The map's adjacency: its hexes' own neighbours (`_Grid`, the same for every map of
        the same hexes), those of the hexes a connector joins worked out again with it."""
        grid = _grid(frozenset(board))
        neighbours = dict(grid.neighbours)
        if connectors:
            links = Links((parse_label(a), parse_label(b)) for a, b in connectors)
            for label in {end for pair in connectors for end in pair if end in board}:
                neighbours[label] = grid.on_map(links.neighbours(grid.position[label]))
        habitable = tuple(label for label, cell in board.items() if cell["terrain"] == "habitable")
        cities = {label: cell["city"] for label, cell in board.items() if cell["city"] is not None}
        return cls(
            neighbours=neighbours,
            position=grid.position,
            habitable=habitable,
            land=frozenset(habitable),
            cities=cities,
        )

    def around(self, labels: list[str]) -> tuple[str, ...]:
        """The map's hexes next to the group of `labels` and not in it, each once, in the
        order `Links.around` goes round it."""
        return self._nearby(labels).hexes

    def land_around(self, labels: list[str]) -> tuple[str, ...]:
        """The habitable hexes `around` the group of `labels`, in its order (taken or not)."""
        return self._nearby(labels).land

    def cities_around(self, labels: list[str]) -> tuple[int, ...]:
        """The numbers of the cities `around` the group of `labels`, each once, lowest first."""
        return self._nearby(labels).cities

    def _nearby(self, labels: list[str]) -> Nearby:
        """What lies around the group of `labels`, worked out the first time it is asked."""
        group = tuple(labels)
        found = self._near.get(group)
        if found is not None:
            return found
        members = set(group)
        seen: set[str] = set()
        out = []
        for label in sorted(members, key=self.position.__getitem__):
            for near in self.neighbours[label]:
                if near not in members and near not in seen:
                    seen.add(near)
                    out.append(near)
        land, cities = self.land, self.cities
        found = self._near[group] = Nearby(
            hexes=tuple(out),
            land=tuple(h for h in out if h in land),
            cities=tuple(sorted({cities[h] for h in out if h in cities})),
        )
        return found

    def touching(self, group: Iterable[str], other: Iterable[str]) -> bool:
        """Whether a hex of `group` is next to a hex of `other` (both on the map, and apart,
        as two companies are): whether `other` has a hex `around` the group."""
        return not set(other).isdisjoint(self.around(list(group)))


@dataclass(frozen=True, slots=True)
class _Grid:
    """A set of hexes by label, as maps lay them out: where each is, and its neighbours among
    them (without connectors), in the order `Links.neighbours` gives them. Every map of the
    same number of region tiles covers the same hexes, however the tiles are drawn and turned
    (each is a hexagon turned about its centre): a random playout's and a search's maps are
    each worked out from one of a few grids (issue 43)."""

    position: dict[str, Hex]
    neighbours: dict[str, tuple[str, ...]]
    labels: dict[Hex, str]

    def on_map(self, hexes: Iterable[Hex]) -> tuple[str, ...]:
        """The labels of those of `hexes` among the grid's, in their order."""
        # Off the grid, `get` gives None, which the filter drops (a label is never empty).
        return tuple(filter(None, map(self.labels.get, hexes)))


@lru_cache(maxsize=16)
def _grid(labels: frozenset[str]) -> _Grid:
    position = {label: parse_label(label) for label in sorted(labels)}
    grid = _Grid(position=position, neighbours={}, labels={h: lb for lb, h in position.items()})
    grid.neighbours.update((label, grid.on_map(h.neighbours())) for label, h in position.items())
    return grid


#: The maps' `Geography`, by the board it was worked out for (kept while cached, so that its
#: id is not reused); a few hundred maps at most are played at once in one process.
_GEOGRAPHIES: dict[int, tuple[dict[str, Cell], list[tuple[str, str]], Geography]] = {}
_GEOGRAPHIES_KEPT = 256


#: AT-D3: where the regions' centres go, in draw order: two rows of three, one desert hex
#: apart, every label on the board from A1.
SLOTS: tuple[Hex, ...] = tuple(Hex(5 + 6 * i - 3 * j, 2 + 6 * j) for j in (0, 1) for i in (0, 1, 2))


def display_size(players: int) -> int:
    """AT-D7: starting tiles face up to acquire: one more than there are players."""
    return players + 1


def setup(players: list[str], options: Options, seed: int) -> State:
    """AT-D3: guild boards dealt (or chosen), players + 1 region tiles drawn, turned and
    placed, the starting tiles shuffled and players + 1 of them laid out; everything drawn is
    in the state (`guilds`, `regions`, `display` and `pool`)."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RuleError(
            "player_count",
            "Atrades is for {least} to {most} players, not {count}.",
            least=MIN_PLAYERS,
            most=MAX_PLAYERS,
            count=len(players),
        )
    if len(set(players)) != len(players):
        raise RuleError("player_twice", "Each player takes one seat.")
    rng = RandomSource(seed=seed)
    guilds = _drawn(options.guilds, GUILDS, len(players), rng, "guilds")
    regions = _drawn(options.regions, REGIONS, len(players) + 1, rng, "regions")
    placed, board, connectors = lay_out(regions, [rng.randint(0, 5) for _ in regions])
    tiles = rng.shuffled([n for numbers in STARTING.values() for n in numbers])
    shown = display_size(len(players))
    return State(
        options=options,
        rng=rng,
        guilds=[
            GuildState(
                player=p, guild=g.name, initiative=g.initiative, money=options.starting_money(g)
            )
            for p, g in zip(players, guilds, strict=True)
        ],
        order=list(range(len(players))),
        regions=placed,
        board=board,
        connectors=connectors,
        display=sorted(tiles[:shown]),
        pool=tiles[shown:],
        supply={t: TILE_COUNTS[t] - len(STARTING[t]) for t in TYPES},
        technologies=[t.id for t in TECHNOLOGIES],
        money_at_start=sum(options.starting_money(g) for g in guilds),
    )


def lay_out(
    regions: list[Region], turns: list[int]
) -> tuple[list[PlacedRegion], dict[str, Cell], list[tuple[str, str]]]:
    """AT-D3: region tiles turned and placed in the slots in order: what was placed, the map's
    hexes by label, and the connectors between labels."""
    placed: list[PlacedRegion] = []
    board: dict[str, Cell] = {}
    connectors: list[tuple[str, str]] = []
    for index, (region, turn) in enumerate(zip(regions, turns, strict=True)):
        hexes, joined = _laid(region, index, turn)
        for label, terrain, city in hexes:
            # A literal: calling the typed dict for each of a map's hundred hexes costs more.
            board[label] = {"terrain": terrain, "region": index, "city": city}
        connectors.extend(joined)
        placed.append(
            PlacedRegion(
                name=region.name, centre=SLOTS[index].label, turns=turn, demand=region.demand_start
            )
        )
    return placed, board, connectors


#: One region tile laid in one slot, turned: its hexes (label, terrain, city) and connectors.
Laid = tuple[tuple[tuple[str, Terrain, int | None], ...], tuple[tuple[str, str], ...]]


def _laid(region: Region, index: int, turn: int) -> Laid:
    """AT-D3: `region` laid in slot `index`, turned `turn` sixths: its hexes by label with
    their terrain and city, and its connectors. Worked out once per tile, slot and turn (a
    few hundred ways in all): turning and moving every hex was most of a setup's time."""
    key = (region.name, index, turn)
    kept = _LAID.get(key)
    if kept is not None and kept[0] is region:
        return kept[1]
    centre = SLOTS[index]
    cities = {hex_.label: n for hex_, n in place(region.cities, centre, turn).items()}
    hexes = tuple(
        (hex_.label, terrain, cities.get(hex_.label))
        for hex_, terrain in place(region.terrain, centre, turn).items()
    )
    joined = tuple(
        ((a.rotated(turn) + centre).label, (b.rotated(turn) + centre).label)
        for a, b in region.connectors
    )
    _LAID[key] = (region, (hexes, joined))
    return hexes, joined


#: `_laid`'s answers, with the region tile each was worked out for.
_LAID: dict[tuple[str, int, int], tuple[Region, Laid]] = {}


Named = TypeVar("Named", Guild, Region)


def _drawn(
    named: list[str] | None, pieces: tuple[Named, ...], count: int, rng: RandomSource, what: str
) -> list[Named]:
    """AT-D1, AT-D3, AT-D28: `count` pieces, the ones named first in the order named, the
    rest drawn with the seed from those nobody named (all of them, when none is named);
    pieces named past the `count`th are not used."""
    chosen = [] if named is None else _named(named, pieces, what)
    if len(chosen) >= count:
        return chosen[:count]
    others = [p for p in pieces if p not in chosen]
    return chosen + rng.shuffled(others)[: count - len(chosen)]


def _named(named: list[str], pieces: tuple[Named, ...], what: str) -> list[Named]:
    """The pieces named (case and spaces around ignored), each of them once."""
    by_name = {p.name.lower(): p for p in pieces}
    chosen = [by_name.get(name.strip().lower()) for name in named]
    found = [p for p in chosen if p is not None]
    if len(found) != len(chosen) or len({p.name for p in found}) != len(found):
        names = ", ".join(p.name for p in pieces)
        if what == "guilds":
            raise RuleError(
                "bad_guilds", "Name different guilds, each once, from: {names}.", names=names
            )
        raise RuleError(
            "bad_regions", "Name different regions, each once, from: {names}.", names=names
        )
    return found
