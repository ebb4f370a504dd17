"""Auction Auction's `strong` computer seat: the search of `games/core/search.py` over this
engine, with the hooks it needs, each from the seat's own view alone.

- `determinize`: a match the view is consistent with. What the view shows is kept: the round
  and phase, the public Access bids and entrants (AA-8), the seat's own cash, cubes, garnets
  and standing bids, and the bids and winners of the auctions it sat in (AA-12). What it does
  not show is drawn: the starting cash is what the seat holds plus what it has paid; another
  player's cash is that less their public Access bids and their lot bids, seen or drawn
  where the seat was not; the lots of auctions it did not sit in go to one of their
  location's players at random, or are discarded; the Black Market's colour, unless the seat
  has seen its lots, is drawn among the colours. Others' standing bids of the phase are none:
  the normal seats make theirs in each playout.
- `plans`: the seat's candidate plans for the phase: the normal seat's first, then other
  houses and amounts (Access), or other shares of its money and other lots (Auction).
- `reward`: 1 for first place (shared among those in it), less a little per place below.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.auction_auction.auction import house_lots, lots_for
from games.auction_auction.computer import (
    access_plan,
    auction_plan,
    entry_price,
    plan_random,
    round_money,
)
from games.auction_auction.model import (
    BLACK_MARKET,
    HOUSES,
    ClosedPhase,
    Colour,
    Lot,
    Options,
    Seat,
    State,
)
from games.auction_auction.rules import AuctionAuction
from games.auction_auction.views import PlayerView
from games.core.contract import Action
from games.core.engine import Engine
from games.core.rng import RandomSource
from games.core.search import Plan, placed, search
from games.core.seats import Seat as ComputerSeat

ENGINE = AuctionAuction()
#: The share of a place below the first that a playout's reward keeps.
PLACE_WEIGHT = 0.3
#: The share of its money for the round another player spent in an auction the seat did
#: not sit in, at most.
UNSEEN_SPEND = 1.0
#: How often a lot of an auction the seat did not sit in was discarded (AA-11's ties).
DISCARDED = 0.2
#: The scales of the normal seat's Auction plan the search also tries.
SCALES = (0.5, 1.5, 2.5)


class AuctionSearch:
    """The hooks of `games.core.search.search` for Auction Auction."""

    engine: Engine[Any, Any] = ENGINE

    def __init__(self, seed: int) -> None:
        #: The seed the normal seats of the playouts draw their plans from.
        self.seed = seed
        #: The bids each normal seat of the playout has still to place, by player, round
        #: and phase: planned once from the player's view (as `playout.decide` plans).
        self._left: dict[tuple[str, int, str], Plan] = {}

    def determinize(self, view: PlayerView, rnd: random.Random) -> State:
        self._left = {}
        return determinize(view, rnd)

    def plans(self, view: PlayerView, rnd: random.Random) -> list[Plan]:
        return plans(view, self.seed)

    def normal(self, state: State, player: str, rnd: random.Random) -> dict[str, Any] | None:
        """The normal seat's plan (`playout`), placed bid by bid; planned once per phase, as
        the normal seat's bids all follow the plan of the phase's first (a bid the engine
        refuses ends the seat's bids)."""
        key = (player, state.round, state.phase)
        left = self._left.get(key)
        if left is None:
            view = ENGINE.view(state, player)
            assert isinstance(view, PlayerView)
            if view.me.kicked:
                return None
            # Drawn anew in each playout: the seat cannot know the others' chances.
            drawn = random.Random(rnd.getrandbits(32))
            if view.phase == "access":
                house, amount = access_plan(view, drawn)
                left = _bids({house: amount})
            else:
                left = _bids(auction_plan(view, drawn))
            self._left[key] = left
        return left.pop(0) if left else None

    def cut(self, state: State, moves: int) -> bool:
        """Never: a playout of a few rounds of sealed bids reaches the end quickly."""
        return False

    def reward(self, state: State, player: str) -> float:
        result = state.result
        if result is None:
            return 0.0
        place = next((s.place for s in result.standings if s.player == player), None)
        if place is None:
            return 0.0
        first = sum(s.place == 1 for s in result.standings)
        return placed(place, first, len(result.standings), PLACE_WEIGHT)


def _black_market_colour(view: PlayerView, rnd: random.Random) -> Colour:
    seen = (view.lots or {}).get(BLACK_MARKET)
    return seen[0].colour if seen else rnd.choice(view.colours)


def determinize(view: PlayerView, rnd: random.Random) -> State:
    """A state `view` is consistent with, what it does not show drawn with `rnd` (above)."""
    me = view.me
    colours = view.colours
    colour = _black_market_colour(view, rnd)
    bm_lots = [
        Lot(id=f"{BLACK_MARKET}:1", colour=colour, count=2),
        Lot(id=f"{BLACK_MARKET}:2", colour=colour, count=1),
    ]
    lots_of = {house: house_lots(house, colours) for house in HOUSES}
    lots_of[BLACK_MARKET] = bm_lots
    lot_by_id = {lot.id: lot for lots in lots_of.values() for lot in lots}
    spent = {p: 0 for p in view.players}
    cubes: dict[str, dict[str, int]] = {p: {c: 0 for c in colours} for p in view.players}
    for closed in view.access:
        for bid in closed.bids:
            spent[bid.player] += bid.amount
    # What the seat has paid tells the starting cash (gifts and bonuses aside).
    start_guess = me.cash + spent[me.player]
    start_guess += sum(b.amount for a in view.auctions for b in a.bids if b.player == me.player)
    closed_phases: list[ClosedPhase] = []
    for access in view.access:
        closed_phases.append(
            ClosedPhase(
                round=access.round,
                phase="access",
                bids=[(b.player, b.house, b.amount) for b in access.bids],
                entrants=access.entrants,
                tied_out=access.tied_out,
            )
        )
        seen = next((a for a in view.auctions if a.round == access.round), None)
        if seen is None:
            continue
        bids: list[tuple[str, str, int]] = []
        winners: dict[str, str | None] = {}
        for location, inside in access.entrants.items():
            if location == seen.location:
                bids += [(b.player, b.lot, b.amount) for b in seen.bids]
                winners.update(seen.winners)
                continue
            left = view.rounds - access.round + 1
            for player in inside:
                held = max(0, start_guess - spent[player])
                spent[player] += int(held / left * rnd.uniform(0, UNSEEN_SPEND))
            for lot in lots_of[location]:
                won = rnd.choice(inside) if inside and rnd.random() > DISCARDED else None
                winners[lot.id] = won
        for player, _lot, amount in bids:
            spent[player] += amount
        for lot_id, winner in winners.items():
            if winner is not None:
                lot = lot_by_id[lot_id]
                cubes[winner][lot.colour] += lot.count
        closed_phases.append(
            ClosedPhase(round=seen.round, phase="auction", bids=bids, winners=winners)
        )
    start = start_guess
    options = Options(
        starting_cash=start,
        colours=list(colours),
        house_capacity=view.house_capacity,
        rounds=view.rounds,
        black_market_colour=colour,
        reveal_lots_publicly=view.lots is not None and len(view.lots) > 1,
    )
    this_round = next((a for a in view.access if a.round == view.round), None)
    where = {
        p: loc
        for loc, inside in (this_round.entrants.items() if this_round else ())
        for p in inside
    }
    seats: dict[str, Seat] = {}
    for player in view.players:
        if player == me.player:
            seats[player] = Seat(
                cash=me.cash,
                cubes=dict(me.cubes),
                garnets=me.garnets,
                location=me.location,
                access_bid=(me.access_bid.house, me.access_bid.amount) if me.access_bid else None,
                lot_bids=dict(me.lot_bids),
                kicked=me.kicked,
            )
            continue
        seats[player] = Seat(
            cash=max(0, start - spent[player]),
            cubes=cubes[player],
            garnets=0,
            location=where.get(player) if view.phase == "auction" else None,
            kicked=player in view.kicked,
        )
    return State(
        options=options,
        players=list(view.players),
        seats=seats,
        round=view.round,
        phase=view.phase,
        black_market_colour=colour,
        lots=lots_for(options, colour),
        rng=RandomSource(seed=rnd.randrange(2**31)),
        closed=closed_phases,
    )


def _bids(plan: dict[str, int]) -> Plan:
    return [{"type": "bid", "target": target, "amount": amount} for target, amount in plan.items()]


def plans(view: PlayerView, seed: int) -> list[Plan]:
    """The seat's candidate plans for the phase, the normal seat's first (`playout`), from
    what the seat holds when the phase opens (not its standing bids: the same candidates at
    each of its bids)."""
    rnd = plan_random(seed, view.me.player, view)
    if view.phase == "access":
        house, amount = access_plan(view, rnd)
        candidates = [(house, amount)]
        budget = round_money(view)
        for other in HOUSES:
            seen = entry_price(view, other)
            for tried in (0, seen, (seen or 0) + 3, int(budget * 0.25), int(budget * 0.5)):
                if tried is not None and 0 <= tried <= view.me.cash:
                    candidates.append((other, tried))
        return [_bids({house: amount}) for house, amount in dict.fromkeys(candidates)]
    normal = auction_plan(view, rnd)
    found: list[dict[str, int]] = [normal]
    for scale in SCALES:
        found.append(_fit({t: max(1, round(a * scale)) for t, a in normal.items()}, view.me.cash))
    lots = (view.lots or {}).get(view.me.location or "", [])
    if normal:
        best = next(iter(normal))
        found.append(_fit({best: max(2, normal[best] * 2)}, view.me.cash))
    found.append(_fit({lot.id: 1 + n for n, lot in enumerate(lots)}, view.me.cash))
    found.append({})
    unique: list[dict[str, int]] = []
    for plan in found:
        if plan not in unique:
            unique.append(plan)
    return [_bids(plan) for plan in unique]


def _fit(plan: dict[str, int], cash: int) -> dict[str, int]:
    """The plan's bids in order while their sum stays within `cash` (AA-9)."""
    kept: dict[str, int] = {}
    for target, amount in plan.items():
        if sum(kept.values()) + amount <= cash:
            kept[target] = amount
    return kept


def decide(
    view: PlayerView,
    actions: list[Action],
    seed: int,
    stop: Callable[[int], bool] = lambda _done: False,
    iterations: int = 200,
) -> dict[str, Any] | None:
    """The strong seat's next sealed bid: of the plan the search prefers among the candidates
    that keep the bids it has standing (so that its later bids go on with the plan its first
    began), or None once that plan stands."""
    targets = {a.move["target"] for a in actions if a.type == "bid"}
    if not targets or (view.phase == "access" and view.me.access_bid is not None):
        return None
    standing = view.me.lot_bids
    searcher = AuctionSearch(seed)
    candidates = [
        plan
        for plan in searcher.plans(view, random.Random(0))
        if all({"type": "bid", "target": t, "amount": a} in plan for t, a in standing.items())
    ]
    if not candidates:
        return None
    chosen = search(
        _Restricted(searcher, candidates),
        view,
        view.me.player,
        plan_random(seed, view.me.player, view),
        stop,
        iterations,
    )
    for move in chosen:
        if standing.get(move["target"]) != move["amount"] and move["target"] in targets:
            return move
    return None


def strong_seat(
    view: PlayerView, actions: list[Action], seat: ComputerSeat
) -> dict[str, Any] | None:
    """A computer seat's next sealed bid at level strong (`decide`), searching until the
    seat's `stop` says so."""
    return decide(view, actions, seat.seed, seat.stop)


class _Restricted(AuctionSearch):
    """The searcher, its candidates given."""

    def __init__(self, searcher: AuctionSearch, candidates: list[Plan]) -> None:
        super().__init__(searcher.seed)
        self.candidates = candidates

    def plans(self, view: PlayerView, rnd: random.Random) -> list[Plan]:
        return self.candidates
