"""The Action phase's simple actions: Acquire (AT-9), Research (AT-19, AT-20) and passing
(AT-D11), and the action cubes every action places on a guild board's tracks (AT-1)."""

from __future__ import annotations

from collections.abc import Mapping

from games.atrades.data import REGION_BY_NAME, TECHNOLOGY_BY_ID, starting_type
from games.atrades.model import Company, Payment, State, Track
from games.atrades.money import check_payment, spend
from games.core.errors import RuleError, typed
from games.core.hex import parse_label
from games.core.speech import N_


def need_cube(state: State, seat: int) -> None:
    """AT-1: an action that places a cube needs one left in the guild's supply."""
    if state.seat(seat).cubes < 1:
        raise RuleError("no_cubes", "You have no action cubes left.")


def place_cube(state: State, seat: int, track: Track) -> None:
    """AT-1: a cube from the guild's supply onto one of its tracks."""
    guild = state.seat(seat)
    guild.cubes -= 1
    guild.tracks[track] += 1


def free_land(state: State, text: str, taken: Mapping[str, int] | None = None) -> str:
    """The label of a habitable hex no tile stands on, or a refusal saying what is wrong (a
    text that is no hex's label: `parse_label`'s `bad_hex`); `taken`: the map's `occupied`
    hexes, where the caller has them."""
    label = parse_label(text).label
    cell = state.board.get(label)
    if cell is None:
        raise RuleError("off_map", "{hex} is not on the map.", hex=label)
    if cell["terrain"] == "desert":
        raise RuleError(
            "desert", "{hex} is desert: companies stand on habitable land only.", hex=label
        )
    if cell["terrain"] == "city":
        raise RuleError(
            "city", "{hex} is a city: companies stand on habitable land only.", hex=label
        )
    company = (state.occupied() if taken is None else taken).get(label)
    if company is not None:
        raise RuleError("taken", "{hex} is taken by company {company}.", hex=label, company=company)
    return label


def acquire(state: State, seat: int, tile: int, hex_text: str, *, free: bool = False) -> Company:
    """AT-9: a starting tile from the display onto free habitable land, its company bank
    taken (empty, AT-D12), and demand there raised by one (to the track's end, AT-D2). A
    free acquire (AT-15) places no cube and is taken by the next guild owed one."""
    state.seat(seat)
    if free:
        if not state.free_acquires or state.free_acquires[0] != seat:
            raise RuleError("no_free_acquire", "You are not owed a free Acquire now.")
    else:
        need_cube(state, seat)
    if tile not in state.display:
        shown = ", ".join(str(n) for n in state.display) or N_("none")
        raise RuleError(
            "tile_not_shown",
            "Starting tile {tile} is not on display (on display: {shown}).",
            tile=tile,
            shown=shown,
        )
    label = free_land(state, hex_text)
    if free:
        state.free_acquires.pop(0)
    else:
        place_cube(state, seat, "acquire")
    state.display.remove(tile)
    company = Company(initiative=tile, type=starting_type(tile), owner=seat, hexes=[label])
    state.companies.append(company)
    raise_demand(state, state.board[label]["region"], 1)
    return company


def decline_free_acquire(state: State, seat: int) -> None:
    """AT-15: a guild owed a free Acquire may let it go."""
    if not state.free_acquires or state.free_acquires[0] != seat:
        raise RuleError("no_free_acquire", "You are not owed a free Acquire now.")
    state.free_acquires.pop(0)


def raise_demand(state: State, region: int, amount: int) -> None:
    """AT-10, AT-D2: demand rises, never past the end of the region's track."""
    placed = state.regions[region]
    placed.demand = min(placed.demand + amount, REGION_BY_NAME[placed.name].demand_max)


def research(state: State, seat: int, technology: str, payment: Payment) -> None:
    """AT-19, AT-20: a technology of an open era (its era at most the round's), paid from
    personal money and/or one company, resolved at once (AT-D5)."""
    card = TECHNOLOGY_BY_ID.get(technology.strip().upper())
    if card is None:
        raise RuleError(
            "no_technology", "There is no technology {technology}.", technology=typed(technology)
        )
    if card.id not in state.technologies:
        raise RuleError(
            "technology_taken", "{technology} has already been researched.", technology=card.name
        )
    if card.era > state.era:
        raise RuleError(
            "era_closed",
            "{technology} is an era {era} technology; this is era {now}.",
            technology=card.name,
            era=card.era,
            now=state.era,
        )
    need_cube(state, seat)
    check_payment(state, seat, payment, card.cost, card.name)
    spend(state, seat, payment)
    place_cube(state, seat, "research")
    state.technologies.remove(card.id)
    guild = state.seat(seat)
    guild.technologies.append(card.id)
    if card.effect == "bureaucracy":
        guild.tracks["bureaucracy"] += card.amount
    elif card.effect == "demand":
        for index in sorted(
            {state.board[h]["region"] for c in state.companies if c.owner == seat for h in c.hexes}
        ):
            raise_demand(state, index, card.amount)


def price_bonus(state: State, seat: int, goods: str) -> int:
    """AT-D5: what a guild's price technologies add to one good of this type."""
    bonus = 0
    for tech_id in state.seat(seat).technologies:
        card = TECHNOLOGY_BY_ID[tech_id]
        if card.effect == "price" and card.goods in (None, goods):
            bonus += card.amount
    return bonus


def pass_turn(state: State, seat: int) -> None:
    """AT-D11: a guild that takes no action still spends a cube (returned to the box), so
    every round brings the game's end nearer; with none left it simply passes."""
    guild = state.seat(seat)
    if guild.cubes:
        guild.cubes -= 1
