"""Atrades' `strong` computer seat: the search of `games/core/search.py` over this engine,
with the hooks it needs, each from the seat's own view (`PlayerView`) alone.

- `determinize`: a game the view is consistent with. What the view shows is kept as it is:
  the round and era, the map (laid out again from its regions, AT-D3) and the companies on
  it, the display, the plain tiles and technologies left, the guilds' boards, the turn order
  and who acts, a merger's track, rounds, bidders and high bid, the free Acquires and
  expansions owed, and the seat's own money and standing bids. What it does not show is
  drawn: the pile is the starting tiles seen nowhere, shuffled (those merged away are among
  them, AT-D14, so as many as the pile holds are drawn); another guild's money (its own until
  the end, AT-D27) is the seat's own, moved up or down by up to `MONEY_SPREAD`. Others'
  standing turn-order bids (AT-D8) and final sealed bids (AT-13) are none: the normal seats
  make theirs again in each playout.
- `plans`: the normal seat's move first, then other moves drawn from the seat's legal
  actions (`games.core.search.alternatives`): other actions, other tiles, hexes and
  technologies, other amounts.
- `cut` and `reward`: a whole game is some twenty moves a guild, each playout move paying
  for a view and the legal actions of the engine, so playouts to the end would allow too
  few of them within the budget. A playout stops at the end of the round after the one it
  began in (or at the game's end) and ranks the guilds as AT-27 does at the end, by money,
  with what their companies still in business will yet pay counted in (`worth`): the seat's
  reward is 1 for first place (shared among those in it), less a little per place below.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.atrades import decisions
from games.atrades.data import GUILDS, REGION_BY_NAME, STARTING
from games.atrades.engine import Atrades
from games.atrades.flow import seat_of
from games.atrades.model import (
    Company,
    Flow,
    GuildState,
    Merger,
    Options,
    Payment,
    PlacedRegion,
    State,
    lay_out,
)
from games.atrades.playout import greedy_player, normal_seat
from games.atrades.views import PlayerView
from games.core.contract import Action
from games.core.engine import Engine
from games.core.rng import RandomSource
from games.core.search import Plan, alternatives, placed, search
from games.core.seats import Seat

ENGINE = Atrades()
#: How far another guild's money may be from the seat's own, as a share, either way.
MONEY_SPREAD = 0.3
#: The share of a place below the first that a playout's reward keeps.
PLACE_WEIGHT = 0.3
#: What a company still in business is worth to its owner where a playout stops, beyond
#: its money: a share of its bank (AT-D20 counts it at the end), and each of its tiles.
BANK_SHARE = 0.5
TILE_WORTH = 2
#: Rounds a playout plays after the one it began in before it is cut.
ROUNDS_AHEAD = 1
#: Candidate plans a decision weighs at most, the normal seat's move among them.
PLANS = 8
#: Iterations a decision takes at most (the bot's clock stops it sooner).
ITERATIONS = 120


class AtradesSearch:
    """The hooks of `games.core.search.search` for Atrades."""

    engine: Engine[Any, Any] = ENGINE

    def __init__(self, actions: list[Action], normal: dict[str, Any]) -> None:
        #: The seat's legal actions and the normal seat's move, for `plans`.
        self.actions = actions
        self.normal_move = normal
        #: The round the search began in: playouts stop `ROUNDS_AHEAD` rounds later.
        self.last_round = 0

    def determinize(self, view: PlayerView, rnd: random.Random) -> State:
        self.last_round = view.round + ROUNDS_AHEAD
        return determinize(view, rnd)

    def plans(self, view: PlayerView, rnd: random.Random) -> list[Plan]:
        return [[move] for move in alternatives(self.actions, self.normal_move, rnd, PLANS)]

    def normal(self, state: State, player: str, rnd: random.Random) -> dict[str, Any] | None:
        """The greedy player's move (`playout.normal_seat`), from the player's summary of
        the sampled game; None when it has nothing to do."""
        if seat_of(state, player) not in decisions.must(state):
            return None  # a turn-order bid may be changed: it is made once, when awaited
        actions = ENGINE.legal_actions(state, player)
        return greedy_player(ENGINE.summary(state, player), actions, rnd)

    def cut(self, state: State, moves: int) -> bool:
        return state.round > self.last_round

    def reward(self, state: State, player: str) -> float:
        seat = seat_of(state, player)
        if seat is None or seat in state.out:
            return 0.0
        ranked = {s: worth(state, s) for s in range(len(state.guilds)) if s not in state.out}
        place = 1 + sum(w > ranked[seat] for w in ranked.values())
        first = sum(w == max(ranked.values()) for w in ranked.values())
        return placed(place, first, len(ranked), PLACE_WEIGHT)


def worth(state: State, seat: int) -> tuple[float, int]:
    """What ranks a guild where a playout stops: AT-27's money, with (before the end) a share
    of its companies' banks and their tiles counted in; then AT-D20's banks."""
    guild = state.guilds[seat]
    owned = [c for c in state.companies if c.owner == seat and not c.flipped]
    banks = sum(c.bank for c in owned)
    if state.ended:
        return guild.money, banks
    return guild.money + BANK_SHARE * banks + TILE_WORTH * sum(c.size for c in owned), banks


def _afford_the_high_bid(view: PlayerView, guilds: list[GuildState], seat: dict[str, int]) -> None:
    """The guild that leads or won a merger's auction can pay its bid from its money and
    its richest company's bank (AT-14: no bid past what a guild can pay), so its drawn money
    is raised to that where it fell short."""
    merger = view.merger
    bidder = None if merger is None else (merger.winner or merger.leader)
    if merger is None or bidder is None or bidder == view.me.player:
        return
    banks = [c.bank for c in view.companies if c.owner == bidder and not c.flipped]
    guild = guilds[seat[bidder]]
    guild.money = max(guild.money, merger.high - max(banks, default=0))


def determinize(view: PlayerView, rnd: random.Random) -> State:
    """A game `view` is consistent with, what it does not show drawn with `rnd` (above)."""
    names = [g.player for g in view.guilds]
    seat = {name: index for index, name in enumerate(names)}
    me = view.me
    boards = {g.name: g for g in GUILDS}
    regions = [REGION_BY_NAME[r.name] for r in view.regions]
    _, board, connectors = lay_out(regions, [r.turns for r in view.regions])
    guilds = [
        GuildState(
            player=g.player,
            guild=g.guild,
            initiative=g.initiative,
            money=me.money
            if g.player == me.player
            else max(0, round(me.money * (1 + rnd.uniform(-MONEY_SPREAD, MONEY_SPREAD)))),
            cubes=g.cubes,
            tracks=dict(g.tracks),
            technologies=list(g.technologies),
        )
        for g in view.guilds
    ]
    _afford_the_high_bid(view, guilds, seat)
    seen = set(view.display) | {c.initiative for c in view.companies}
    unseen = [n for numbers in STARTING.values() for n in numbers if n not in seen]
    pool = rnd.sample(unseen, min(view.pool, len(unseen)))
    mine = seat[me.player]
    merger = None
    if view.merger is not None:
        shown = view.merger
        starter = seat[shown.starter]
        order = [(starter + step) % len(names) for step in range(1, len(names) + 1)]
        merger = Merger(
            starter=starter,
            companies=shown.companies,
            cube=shown.cube,
            track=list(shown.track),
            rounds=shown.rounds,
            order=order,
            round=shown.round,
            step=shown.step,
            turn=order.index(seat[shown.to_bid]) if shown.to_bid is not None else 0,
            out=[s for s in order if names[s] not in shown.bidders],
            high=shown.high,
            leader=None if shown.leader is None else seat[shown.leader],
            sealed={mine: me.final_bid} if me.final_in else {},
            winner=None if shown.winner is None else seat[shown.winner],
        )
    return State(
        options=Options(regions=[r.name for r in view.regions], guilds=[g.guild for g in guilds]),
        rng=RandomSource(seed=rnd.randrange(2**31)),
        round=view.round,
        era=view.era,
        guilds=guilds,
        order=[seat[name] for name in view.order],
        regions=[PlacedRegion(**r.model_dump()) for r in view.regions],
        board=board,
        connectors=connectors,
        companies=[
            Company(
                initiative=c.initiative,
                type=c.type,
                owner=seat[c.owner],
                hexes=list(c.hexes),
                bank=c.bank,
                flipped=c.flipped,
            )
            for c in view.companies
        ],
        display=list(view.display),
        pool=pool,
        supply=dict(view.supply),
        technologies=list(view.technologies),
        bids={mine: Payment(**me.bid.model_dump())} if me.bid is not None else {},
        merger=merger,
        free_acquires=[seat[name] for name in view.free_acquires],
        expansions=list(view.expansions),
        money_at_start=sum(boards[g.guild].money for g in guilds),
        out=[seat[g.player] for g in view.guilds if g.out],
        flow=Flow(
            step=view.step,
            turn=view.order.index(view.acting) if view.acting is not None else 0,
            acted=view.decision != "action",
        ),
    )


def decide(
    view: PlayerView,
    actions: list[Action],
    seat: Seat,
    stop: Callable[[int], bool] = lambda _done: False,
    iterations: int = ITERATIONS,
) -> dict[str, Any]:
    """The strong seat's move: the one the search prefers among the normal seat's and others
    drawn from its legal actions."""
    normal = normal_seat(view, actions, seat)
    searcher = AtradesSearch(actions, normal)
    chosen = search(searcher, view, seat.player, seat.rng(), stop, iterations)
    return chosen[0] if chosen else normal


def strong_seat(view: PlayerView, actions: list[Action], seat: Seat) -> dict[str, Any]:
    """A computer seat's move at level strong (`decide`), searching until the seat's `stop`
    says so."""
    return decide(view, actions, seat, seat.stop)
