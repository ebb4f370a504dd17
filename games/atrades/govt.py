"""The Atrades Govt. merger (AT-17, AT-18): a company next to a city whose number the
owner's bureaucracy track reaches is sold to the Government for the chart's payout."""

from __future__ import annotations

from games.atrades.actions import need_cube, place_cube
from games.atrades.model import State
from games.atrades.payout import GovtPayout, govt_payout
from games.core.errors import RuleError


def cities_next_to(state: State, company: int) -> list[int]:
    """The numbers of the cities adjacent to a company's tiles (connectors count, AT-5)."""
    return list(state.geography().cities_around(state.company(company).hexes))


def govt_merger(state: State, seat: int, company: int) -> GovtPayout:
    """AT-17: the owner's bureaucracy cubes, counted before this action's cube is placed
    (AT-D18), are at least the number of a city next to the company; a cube goes on the
    bureaucracy track; the chart is paid top to bottom from the company's bank, the payout
    into the owner's personal money, the rest to the supply; AT-18: the tiles are flipped and
    stay on the map."""
    target = state.company(company)
    guild = state.seat(seat)
    if target.owner != seat or target.flipped:
        raise RuleError(
            "not_your_company", "Company {company} is not yours to sell.", company=company
        )
    need_cube(state, seat)
    cities = cities_next_to(state, company)
    if not cities:
        raise RuleError("no_city", "Company {company} is not next to a city.", company=company)
    cubes = guild.tracks["bureaucracy"]
    if cubes < min(cities):
        need = min(cities)
        if need == 1:
            raise RuleError(
                "bureaucracy_low",
                "The city next to company {company} needs {need} cube on your bureaucracy "
                "track; you have {cubes}.",
                company=company,
                need=need,
                cubes=cubes,
            )
        raise RuleError(
            "bureaucracy_low",
            "The city next to company {company} needs {need} cubes on your bureaucracy track; "
            "you have {cubes}.",
            company=company,
            need=need,
            cubes=cubes,
        )
    place_cube(state, seat, "bureaucracy")
    payout = govt_payout(target.bank)
    state.destroyed += target.bank
    state.created += payout.vp
    guild.money += payout.vp
    target.bank = 0
    target.flipped = True
    return payout
