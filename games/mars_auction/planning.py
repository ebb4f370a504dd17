"""The Mars Auction's `strong` computer seat: the search of `games/core/search.py` over this
engine, with the hooks it needs, each from the seat's own view alone.

- `determinize`: an auction the view is consistent with. What the view shows is kept: the
  display with every card's markers, winner and bid, the card up for auction and its bids,
  the turn, each seat's holdings, what they paid, their markers this round and whether they
  passed (all public, MA-D3), and the seat's own M€, budget and sealed choice. What it does
  not show is drawn: another player's M€ at a research auction is a budget drawn around the
  one a plain game would leave them (`computer.notional_budget`, spread by `BUDGET_SPREAD`),
  never below what their markers hold (L9), less what they paid in it; in the setup, their
  corporation's starting M€ less what they paid, as anyone can count. Another player's sealed
  keep or buy, made but not revealed (MA-D3), is the one the normal seat makes in their
  place; the chances of a draw (L14) come from the sampled world.
- `plans`: the seat's candidate moves now, first the normal seat's with no random
  eagerness and a card's gain counted by `Thrifty` (a project less what it takes from the
  seat's later budgets, which the normal seat does not count): one or two markers on each
  of the cards worth most to it so counted (limited; a pass only when that first move
  passes), a pass, the least raise and larger ones (unlimited), every keep of its companies
  or preludes, the best-first purchases of each size. A budget is stated as the normal seat
  states it (not searched).
- `reward`: what the seat comes away with (`computer.standings`) beside what the others do
  on average (not the best of them: M€ spent to keep a card from one player is spent against
  all of them).

The playouts are shortened (`MarsAuctionSearch.cut`): the normal seats play `HORIZON` more
bids, then the auction is scored as the markers and bids stand (a whole setup auction takes
a hundred bids and more, too many for the seat's two seconds); a playout that reaches the
auction's settlement stops there, as the next display is the host's to deal, which no seat
foresees.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable
from typing import Any

from games.core.contract import Action, Amount, Pick
from games.core.engine import Engine
from games.core.rng import RandomSource
from games.core.search import Plan, search
from games.core.seats import Seat as ComputerSeat
from games.mars_auction import decisions, phases
from games.mars_auction.computer import (
    PLAYED,
    Gains,
    Style,
    Worth,
    notional_budget,
    standings,
)
from games.mars_auction.computer import (
    decide as normal_decide,
)
from games.mars_auction.model import (
    KEEP,
    DisplayCard,
    Lot,
    Options,
    Seat,
    State,
)
from games.mars_auction.rules import MarsAuction
from games.mars_auction.views import CardView, PlayerView

ENGINE = MarsAuction()
#: How far another player's research budget is drawn from the plain game's, as a share.
BUDGET_SPREAD = 0.4
#: The cards worth most to the seat that its candidate markers go on.
CANDIDATE_CARDS = 4
#: The raises above the least one a candidate bid tries.
RAISES = (2, 5)
#: The most keeps tried (all pairs of up to five preludes).
KEEPS = 10
#: The margin over the others' average at which the reward is 3/4.
MARGIN = 10.0
#: The bids a playout plays (a shortened playout: a whole setup auction takes a hundred
#: bids and more, too many for the seat's two seconds).
HORIZON = 8
#: The search's tries a decision, at most.
ITERATIONS = 200
#: What a M€ of the seat's later budgets is worth to it now (`Thrifty`).
SHADOW = 0.3


class Thrifty(Gains):
    """What winning each card adds to the seat's worth (`Gains`), less what a project takes
    from its later budgets: a plain game plays `PLAYED` of its printed cost from them
    (`notional_budget`, the budget it states, L9), M€ that buy no other card then, counted
    at `SHADOW` a M€."""

    def __call__(self, card: CardView) -> float:
        later = PLAYED * card.cost if card.kind == "project" and card.cost else 0.0
        return super().__call__(card) - SHADOW * later


#: The style of the seat's first candidate: no random eagerness, a card's gain by `Thrifty`.
STEADY = Style(jitter=0.0, gains=Thrifty)


class MarsAuctionSearch:
    """The hooks of `games.core.search.search` for the Mars Auction."""

    def __init__(self, candidates: list[Plan]) -> None:
        #: The seat's candidate plans, made from its legal actions (`plans`).
        self.candidates = candidates
        self.engine: Engine[Any, Any] = ENGINE
        #: The bids made in this playout so far.
        self.bids = 0

    def determinize(self, view: PlayerView, rnd: random.Random) -> State:
        self.bids = 0
        return determinize(view, rnd)

    def plans(self, view: PlayerView, rnd: random.Random) -> list[Plan]:
        return self.candidates

    def normal(self, state: State, player: str, rnd: random.Random) -> dict[str, Any] | None:
        """The normal seat's move for `player`, from its own view, while the auction waits
        for it (it makes the one move each decision asks)."""
        if player not in decisions.must(state):
            return None
        self.bids += state.step == "bidding"
        view = ENGINE.view(state, player)
        assert isinstance(view, PlayerView)
        return normal_decide(view, ENGINE.legal_actions(state, player), rnd)

    def cut(self, state: State, moves: int) -> bool:
        """A playout is over once the auction is settled (the match then waits for its
        host's choice, which no seat foresees) or its bids reach `HORIZON` (a shortened
        playout, scored as the markers or bids stand)."""
        return state.step in ("waiting", "ended") or self.bids >= HORIZON

    def reward(self, state: State, player: str) -> float:
        worths = standings(ENGINE.view(state, None))
        mine = worths.get(player, 0.0)
        others = [w for p, w in worths.items() if p != player] or [mine]
        ahead = mine - sum(others) / len(others)
        return 1 / (1 + math.exp(-ahead / MARGIN * math.log(3)))


def _first_money(view: PlayerView, player: str) -> int | None:
    """Another player's M€ as far as the view tells it: in the setup, their corporation's
    starting M€ less what they paid; None before they have one."""
    seat = view.seats[player]
    if seat.corporation is None:
        return None
    return Worth(view.display).facts(seat.corporation).starting_mc - seat.paid


def _others_money(view: PlayerView, player: str, rnd: random.Random) -> int | None:
    if view.auction == "setup":
        return _first_money(view, player)
    if not view.seats[player].has_budget:
        return None
    held = sum(c.markers.get(player, 0) for c in view.display if not c.done)
    paid = sum(c.bid for c in view.display if c.winner == player and not c.drawn)
    drawn = notional_budget(view, player) * rnd.uniform(1 - BUDGET_SPREAD, 1 + BUDGET_SPREAD)
    high = view.lot.high if view.lot is not None else None
    floor = max(held, high[1] if high is not None and high[0] == player else 0)
    return max(floor + paid, round(drawn)) - paid


def determinize(view: PlayerView, rnd: random.Random) -> State:
    """A state `view` is consistent with, what it does not show drawn with `rnd` (above)."""
    me = view.me
    players = list(view.players)
    seats: dict[str, Seat] = {}
    for player, shown in view.seats.items():
        money = me.money if player == me.player else _others_money(view, player, rnd)
        won = {c.name: c.bid for c in view.display if c.name in shown.won}
        seats[player] = Seat(
            money=money,
            known=money,
            corporation=shown.corporation,
            preludes=list(shown.preludes),
            projects=list(shown.projects),
            won=won,
            company_bids=sum(
                c.bid for c in view.display if c.kind == "company" and c.name in shown.won
            ),
            paid=shown.paid,
            paid_before=shown.paid,
            placed=shown.placed,
            passed=shown.passed,
            choice=me.choice if player == me.player else None,
            kicked=shown.kicked,
        )
    companies = [c.starting_mc or 0 for c in view.display if c.kind == "company"]
    setup_budget = me.budget + (me.company_bids if view.variant == "unlimited" else 0)
    if me.money is not None:
        setup_budget = min(companies, default=0)
    starter = players.index(view.starter)
    state = State(
        options=Options(variant=view.variant, start=view.auction, rules_version=2),
        players=players,
        seats=seats,
        rng=RandomSource(seed=rnd.randrange(2**31)),
        step=view.step,
        auction=view.auction,
        round=view.round,
        generation=view.generation,
        display=[DisplayCard.model_validate(card.model_dump()) for card in view.display],
        kind=view.kind,
        starter=starter,
        first=None if view.first_player is None else players.index(view.first_player),
        to_act=view.to_act,
        lot=None if view.lot is None else Lot.model_validate(view.lot.model_dump()),
        dealt=[
            *(c.name for c in view.display),
            *(n for s in view.seats.values() for n in [*s.preludes, *s.projects]),
            *(s.corporation for s in view.seats.values() if s.corporation),
        ],
        setup_budget=setup_budget,
    )
    # L5: the bidding round's first player, the marker's holder when it opened.
    state.round_first = phases.first_active(state, starter)
    for player, shown in view.seats.items():
        if shown.chosen and player != me.player:
            # A sealed keep or buy (MA-D3): the one the normal seat makes in their place.
            seen = ENGINE.view(state, player)
            assert isinstance(seen, PlayerView)
            move = normal_decide(seen, ENGINE.legal_actions(state, player), rnd)
            state.seats[player].choice = list(move["cards"]) if move else []
    return state


def plans(view: PlayerView, actions: list[Action], rnd: random.Random) -> list[Plan]:
    """The seat's candidate moves now, the thrifty normal move first (above), each once."""
    normal = normal_decide(view, actions, rnd, STEADY)
    if normal is None:
        return []
    found = [normal]
    by_key = {a.key: a for a in actions}
    if "keep" in by_key:
        keeping = by_key["keep"]
        names = [c.value for c in _pick(keeping).choices]
        kind = view.kind or "company"
        for kept in itertools.islice(itertools.combinations(names, KEEP[kind]), KEEPS):
            found.append(keeping.build({"cards": list(kept)}))
    elif "buy_none" in by_key:
        found.append(by_key["buy_none"].build())
        if "buy" in by_key:
            buying = by_key["buy"]
            pick = _pick(buying)
            cards = {c.name: c for c in view.display}
            gain = Thrifty(view)
            ranked = sorted(pick.choices, key=lambda c: -gain(cards[c.value]))
            for size in range(1, pick.max + 1):
                found.append(buying.build({"cards": [c.value for c in ranked[:size]]}))
    elif view.variant == "unlimited":
        if "pass" in by_key:
            found.append({"type": "pass"})
        if "raise" in by_key:
            raising = by_key["raise"]
            step = raising.steps[0]
            assert isinstance(step, Amount)
            for more in (0, *RAISES):
                if step.min + more <= step.max:
                    found.append(raising.build({step.field: step.min + more}))
    elif "place" in by_key:
        # No pass but the first move's: a pass is final for the round (L6), and a
        # shortened playout, scored as the markers stand, does not see what it gives up.
        found += _placements(view, by_key["place"])
    unique: dict[str, dict[str, Any]] = {}
    for move in found:
        unique.setdefault(ENGINE.parse_move(move).model_dump_json(), move)
    return [[move] for move in unique.values()]


def _pick(action: Action) -> Pick:
    step = action.steps[0]
    assert isinstance(step, Pick)
    return step


def _placements(view: PlayerView, placing: Action) -> list[dict[str, Any]]:
    """Markers on the cards open to the seat worth most to it: one, two on one, one on each
    of the best two (L6, L7)."""
    open_ = {int(c.value): c for c in _pick(placing).choices}
    gain = Thrifty(view)
    cards = sorted(
        (c for c in view.display if c.number in open_), key=lambda c: (-gain(c), c.number)
    )[:CANDIDATE_CARDS]
    found: list[dict[str, Any]] = []
    for card in cards:
        found.append({"type": "place", "cards": [card.number]})
        if open_[card.number].then and view.me.room >= 2:
            found.append({"type": "place", "cards": [card.number, card.number]})
    if len(cards) >= 2 and view.me.room >= 2 and open_[cards[0].number].then:
        found.append({"type": "place", "cards": [cards[0].number, cards[1].number]})
    return found


def decide(
    view: PlayerView,
    actions: list[Action],
    rnd: random.Random,
    stop: Callable[[int], bool] = lambda _done: False,
    iterations: int = ITERATIONS,
) -> dict[str, Any] | None:
    """The strong seat's move: the candidate the search prefers; None when the auction asks
    nothing of it."""
    candidates = plans(view, actions, random.Random(rnd.getrandbits(32)))
    if not candidates:
        return None
    chosen = search(
        MarsAuctionSearch(candidates), view, view.me.player, rnd, stop, iterations, halving=True
    )
    return chosen[0]


def strong_seat(
    view: PlayerView, actions: list[Action], seat: ComputerSeat
) -> dict[str, Any] | None:
    """A computer seat's move at level strong (`decide`), drawn for this seat at this point
    of the match (`Seat.rng`), searching until the seat's `stop` says so."""
    return decide(view, actions, seat.rng(), seat.stop)
