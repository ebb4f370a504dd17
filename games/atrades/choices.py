"""What a guild could do now, as the arguments the rules take: the free land, the mergers it
could declare, the companies it could sell to the Government, the technologies it could
afford. Each list holds exactly what the rule accepts (tests/atrades/test_choices.py), so
the flow can offer them as legal actions without working the rules out again."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import filterfalse

from games.atrades.data import TECHNOLOGY_BY_ID
from games.atrades.merger import merger_refusal
from games.atrades.model import State
from games.atrades.money import capacity, owned


def exists(found: Iterator[object]) -> bool:
    """Whether one of the `each_...` below finds anything: worked out only as far as the
    first (a random playout makes only the action it draws, issue 43)."""
    return next(found, None) is not None


def free_hexes(state: State) -> list[str]:
    """AT-9: habitable hexes no tile stands on, in label order of the map."""
    return list(each_free_hex(state))


def each_free_hex(state: State, taken: Mapping[str, int] | None = None) -> Iterator[str]:
    """`free_hexes`, one at a time; `taken`: the map's `occupied` hexes, where the caller has
    them."""
    taken = state.occupied() if taken is None else taken
    return filterfalse(taken.__contains__, state.geography().habitable)


def merger_pairs(state: State, seat: int) -> list[tuple[int, int]]:
    """AT-11, AT-D13, AT-D14: (the guild's company, the other) for every player merger it
    could declare now. Only the companies on the hexes around each of the guild's are
    looked at (the rest are not adjacent), in initiative order."""
    return list(each_merger_pair(state, seat))


def each_merger_pair(
    state: State, seat: int, taken: Mapping[str, int] | None = None
) -> Iterator[tuple[int, int]]:
    """`merger_pairs`, one at a time; `taken` as `each_free_hex` takes it."""
    if state.merger is not None:
        return
    occupied = state.occupied() if taken is None else taken
    geography = state.geography()
    for mine in owned(state, seat):
        near = {occupied[label] for label in geography.around(mine.hexes) if label in occupied}
        for other in sorted(near):
            if merger_refusal(state, seat, mine, state.company(other)) is None:
                yield mine.initiative, other


def govt_companies(state: State, seat: int) -> list[int]:
    """AT-17, AT-D18: the guild's companies it could sell to the Government now."""
    return list(each_govt_company(state, seat))


def each_govt_company(state: State, seat: int) -> Iterator[int]:
    """`govt_companies`, one at a time."""
    guild = state.seat(seat)
    if guild.cubes < 1:
        return
    mine = owned(state, seat)
    if not mine:
        return
    cubes = guild.tracks["bureaucracy"]
    geography = state.geography()
    for c in mine:
        # AT-17: the track must reach a city next to it; `cities_next_to`'s lowest is first.
        cities = geography.cities_around(c.hexes)
        if cities and cities[0] <= cubes:
            yield c.initiative


def technologies(state: State, seat: int) -> list[str]:
    """AT-19, AT-20: the technologies of an open era the guild can pay for now."""
    return list(each_technology(state, seat))


def each_technology(state: State, seat: int) -> Iterator[str]:
    """`technologies`, one at a time."""
    if state.seat(seat).cubes < 1:
        return
    most, era = capacity(state, seat), state.era
    for t in state.technologies:
        opens, cost = _ERA_AND_COST[t]
        if opens <= era and cost <= most:
            yield t


#: Each technology's era and cost, by its id, as plain numbers: the turn's offers ask after
#: every card left (a field of a model is slow to read, docs/performance.md).
_ERA_AND_COST = {t.id: (t.era, t.cost) for t in TECHNOLOGY_BY_ID.values()}
