"""What a guild could do now, as the arguments the rules take: the free land, the mergers it
could declare, the companies it could sell to the Government, the technologies it could
afford. Each list holds exactly what the rule accepts (tests/atrades/test_choices.py), so
the flow can offer them as legal actions without working the rules out again."""

from __future__ import annotations

from games.atrades.data import TECHNOLOGY_BY_ID
from games.atrades.govt import cities_next_to
from games.atrades.merger import merger_refusal
from games.atrades.model import State
from games.atrades.money import capacity, owned


def free_hexes(state: State) -> list[str]:
    """AT-9: habitable hexes no tile stands on, in label order of the map."""
    taken = state.occupied()
    return [label for label in state.geography().habitable if label not in taken]


def merger_pairs(state: State, seat: int) -> list[tuple[int, int]]:
    """AT-11, AT-D13, AT-D14: (the guild's company, the other) for every player merger it
    could declare now. Only the companies on the hexes around each of the guild's are
    looked at (the rest are not adjacent), in initiative order."""
    if state.merger is not None:
        return []
    occupied = state.occupied()
    geography = state.geography()
    pairs = []
    for mine in owned(state, seat):
        near = {occupied[label] for label in geography.around(mine.hexes) if label in occupied}
        for other in sorted(near):
            if merger_refusal(state, seat, mine, state.company(other)) is None:
                pairs.append((mine.initiative, other))
    return pairs


def govt_companies(state: State, seat: int) -> list[int]:
    """AT-17, AT-D18: the guild's companies it could sell to the Government now."""
    cubes = state.seat(seat).tracks["bureaucracy"]
    if state.seat(seat).cubes < 1:
        return []
    return [
        c.initiative
        for c in owned(state, seat)
        if any(number <= cubes for number in cities_next_to(state, c.initiative))
    ]


def technologies(state: State, seat: int) -> list[str]:
    """AT-19, AT-20: the technologies of an open era the guild can pay for now."""
    if state.seat(seat).cubes < 1:
        return []
    most = capacity(state, seat)
    return [
        t
        for t in state.technologies
        if TECHNOLOGY_BY_ID[t].era <= state.era and TECHNOLOGY_BY_ID[t].cost <= most
    ]
