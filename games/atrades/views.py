"""What each viewer of an Atrades match may know (docs/rules/atrades.md, AT-D27): the map,
the companies and their banks, the display, the technologies, the guilds' boards and who
has bid are public; personal money is each guild's own until the end, a turn-order bid and a
final sealed bid are their bidder's until revealed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.atrades.flow import acting, bidders, seat_of
from games.atrades.merger import to_bid
from games.atrades.model import State
from games.atrades.rounds import standings


def public(state: State, keys: tuple[str, ...] | None = None) -> dict[str, Any]:
    """The view everyone shares (the host's too: AT-D27); only `keys` of it, when given."""
    fields = _fields(state)
    return {k: fields[k]() for k in (keys or fields)}


def _fields(state: State) -> dict[str, Callable[[], Any]]:
    """Each key of the public view and how to work it out."""
    flow, merger = state.flow, state.merger
    names = [g.player for g in state.guilds]
    end = state.ended
    return {
        "round": lambda: state.round,
        "era": lambda: state.era,
        "step": lambda: flow.step,
        "order": lambda: [names[s] for s in state.order],
        "acting": lambda: None if (seat := acting(state)) is None else names[seat],
        "regions": lambda: [
            {"name": r.name, "centre": r.centre, "turns": r.turns, "demand": r.demand}
            for r in state.regions
        ],
        "map": lambda: {
            label: [cell["terrain"][0], cell["region"], cell["city"]]
            for label, cell in state.board.items()
            if cell["terrain"] != "desert"
        },
        "connectors": lambda: [list(pair) for pair in state.connectors],
        "companies": lambda: [
            {
                "initiative": c.initiative,
                "type": c.type,
                "owner": names[c.owner],
                "hexes": list(c.hexes),
                "bank": c.bank,
                "flipped": c.flipped,
            }
            for c in state.companies
        ],
        "display": lambda: list(state.display),
        "pool": lambda: len(state.pool),
        "supply": lambda: dict(state.supply),
        "technologies": lambda: list(state.technologies),
        "guilds": lambda: [
            {
                "player": g.player,
                "guild": g.guild,
                "initiative": g.initiative,
                "cubes": g.cubes,
                "tracks": dict(g.tracks),
                "technologies": list(g.technologies),
                "out": seat in state.out,
                "money": g.money if end else None,
            }
            for seat, g in enumerate(state.guilds)
        ],
        "bid": lambda: sorted(names[s] for s in state.bids if s not in state.out),
        "merger": lambda: (
            None
            if merger is None
            else {
                "starter": names[merger.starter],
                "companies": list(merger.companies),
                "cube": merger.cube,
                "track": list(merger.track),
                "rounds": merger.rounds,
                "round": merger.round,
                "step": merger.step,
                "bidders": [names[s] for s in bidders(merger)],
                "to_bid": None if (seat := to_bid(merger)) is None else names[seat],
                "high": merger.high,
                "leader": None if merger.leader is None else names[merger.leader],
                "final_in": sorted(names[s] for s in merger.sealed),
                "winner": None if merger.winner is None else names[merger.winner],
            }
        ),
        "free_acquires": lambda: [names[s] for s in state.free_acquires],
        "expansions": lambda: list(state.expansions),
        "ended": lambda: end,
        "places": lambda: {names[s]: p for s, p in standings(state).items()} if end else None,
        "winners": lambda: [names[s] for s in state.winners],
    }


def mine(state: State, player: str) -> dict[str, Any] | None:
    """A seat's own secrets: its money, its standing turn-order bid, its final bid."""
    seat = seat_of(state, player)
    if seat is None:
        return None
    merger = state.merger
    bid = state.bids.get(seat)
    final = merger.sealed.get(seat) if merger is not None and seat in merger.sealed else None
    return {
        "player": player,
        "money": state.guilds[seat].money,
        "bid": None if bid is None or seat in state.out else bid.model_dump(),
        "final_bid": final,
        "final_in": merger is not None and seat in merger.sealed,
    }
