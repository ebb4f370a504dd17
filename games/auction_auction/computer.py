"""Auction Auction's computer player: a pure function of one seat's view (`PlayerView`: what
that player may know) and its legal actions, never of the state.

It plans each phase once, from what it holds when the phase opens, and places the plan a
bid at a time: `decide` returns the next sealed bid the plan wants that is not standing yet,
and None once the plan stands (the seat is done until the next phase). The plan depends on
the view and on a random source drawn for the seat's phase alone (`plan_random`), so the
same phase asks for the same plan, after a restart too.

How it plays: cubes are worth what they add to its hand (AA-16: the category, then a step
towards a better one, then red, yellow, green in the colours' order); money is worth keeping
for later rounds and for the last tie-break. In the Access phase it bids, on the house whose
lots add most to its hand, about what entered that house before (AA-7, from the public bids
of AA-8), within a share of its money for the round, and $0 (the Black Market, or a house
nobody wants) when that is too dear: everyone pays (AA-6). In the Auction phase it bids on the
lots worth most to it, the more the more players share its location, at amounts that avoid
the round numbers others tie on (AA-11); alone in a location, $1 on every lot. It gives no
money (AA-15) and keeps its garnets (AA-14).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.auction_auction.auction import house_lots
from games.auction_auction.hands import hand_of
from games.auction_auction.model import HOUSES, Lot
from games.auction_auction.views import PlayerView
from games.core.contract import Action, Amount
from games.core.seats import Seat

#: What each hand is worth to the player (AA-16, best first).
HAND_POINTS: dict[str, float] = {
    "rainbow": 10.0,
    "four_of_a_kind": 8.0,
    "three_of_a_kind": 6.0,
    "two_pair": 4.0,
    "one_pair": 2.0,
    "nothing": 0.0,
}
#: A step towards a better hand: each colour held towards a rainbow, the most of one colour
#: towards a kind.
TOWARDS_RAINBOW = 3.0
TOWARDS_KIND = 0.5
#: Each cube of a colour, the first colour most (AA-16's tie-break order).
TIE_BREAK = 0.2
#: The share of a round's money (what is left, spread over the rounds left) an Access bid
#: may take, and the Auction bids in all; the last round spends what it likes.
ACCESS_SHARE = 0.35
AUCTION_SHARE = 0.9
LAST_ROUND_SHARE = 0.95
#: How much of a lot's share of the round's money it bids: more for each rival sharing the
#: location, then drawn down by up to `SPREAD`, so that seats alike do not bid alike.
EAGER_FROM = 0.3
RIVAL_WEIGHT = 0.25
SPREAD = 0.6
#: How much an Access bid's amount is moved at random, up or down, as a share.
JITTER = 0.2


def hand_value(cubes: Mapping[str, int], colours: Sequence[str]) -> float:
    """What a collection is worth to the player: its hand (AA-16) and the steps it has made
    towards a better one, then its cubes in the tie-break order."""
    return _hand_value(tuple(cubes.get(c, 0) for c in colours), tuple(colours))


@functools.cache
def _hand_value(held: tuple[int, ...], colours: tuple[str, ...]) -> float:
    """`hand_value` of the counts `held` of `colours`: worked out once per collection (the
    search asks again and again)."""
    value = HAND_POINTS[hand_of(dict(zip(colours, held, strict=True)), colours)]
    value += TOWARDS_RAINBOW * sum(n > 0 for n in held) / len(colours)
    value += TOWARDS_KIND * max(held, default=0)
    value += sum(TIE_BREAK * n / (i + 1) for i, n in enumerate(held))
    return value


def gain(cubes: Mapping[str, int], lot: Lot, colours: Sequence[str]) -> float:
    """What winning `lot` adds to the collection's worth."""
    after = dict(cubes)
    after[lot.colour] = after.get(lot.colour, 0) + lot.count
    return hand_value(after, colours) - hand_value(cubes, colours)


def plan_random(seed: int, player: str, view: PlayerView) -> random.Random:
    """The random source of one seat's plan for one phase: the same all through the phase."""
    return random.Random(f"{seed}:{player}:{view.round}:{view.phase}")


def round_money(view: PlayerView) -> float:
    """The money the player means to spend this round: what it holds, spread over the rounds
    left; all of it in the last round."""
    left = view.rounds - view.round + 1
    return view.me.cash * (LAST_ROUND_SHARE if left == 1 else 1 / left)


def entry_price(view: PlayerView, house: str) -> int | None:
    """AA-7, AA-8: what it took to enter `house` in the rounds before, on average (the
    lowest amount that entered, or $0 where there was room); None before any round closed."""
    prices: list[int] = []
    for closed in view.access:
        entered = closed.entrants.get(house, [])
        amounts = [b.amount for b in closed.bids if b.house == house and b.player in entered]
        full = len(entered) >= view.house_capacity
        prices.append(min(amounts) if full and amounts else 0)
    return round(sum(prices) / len(prices)) if prices else None


def access_plan(view: PlayerView, rnd: random.Random) -> tuple[str, int]:
    """The house to bid on and the amount (AA-5)."""
    cubes, colours = view.me.cubes, view.colours
    budget = round_money(view) * ACCESS_SHARE
    crowd = max(1, len(view.players) - len(view.kicked))
    worth: dict[str, float] = {}
    price: dict[str, int] = {}
    for house in HOUSES:
        gains = sorted(
            (gain(cubes, lot, colours) for lot in house_lots(house, colours)), reverse=True
        )
        worth[house] = gains[0] + 0.5 * sum(gains[1:3])
        seen = entry_price(view, house)
        guess = seen + 1 if seen is not None else budget * view.house_capacity / crowd
        price[house] = max(0, round(guess * (1 + rnd.uniform(-JITTER, JITTER))))
    affordable = [h for h in HOUSES if price[h] <= budget]
    if not affordable:
        return min(HOUSES, key=lambda h: (price[h], -worth[h])), 0
    best = max(affordable, key=lambda h: (worth[h] - price[h] / max(budget, 1.0), rnd.random()))
    return best, price[best]


def auction_plan(view: PlayerView, rnd: random.Random) -> dict[str, int]:
    """The lots to bid on and the amounts (AA-9): in all at most what the round's money
    allows, and never more than the player holds."""
    location = view.me.location
    lots = (view.lots or {}).get(location or "", [])
    if not lots or view.me.cash < 1:
        return {}
    this_round = next((a for a in view.access if a.round == view.round), None)
    inside = this_round.entrants.get(location or "", []) if this_round is not None else []
    rivals = len([p for p in inside if p != view.me.player])
    if rivals == 0:
        return {lot.id: 1 for lot in lots[: view.me.cash]}
    cubes, colours = view.me.cubes, view.colours
    gains = {lot.id: gain(cubes, lot, colours) for lot in lots}
    wanted = sorted((lot for lot in lots if gains[lot.id] > 0), key=lambda lot: -gains[lot.id])
    wanted = wanted[:3]
    budget = min(view.me.cash, round_money(view) * AUCTION_SHARE)
    total = sum(gains[lot.id] for lot in wanted) or 1.0
    plan: dict[str, int] = {}
    spent = 0
    for lot in wanted:
        share = budget * gains[lot.id] / total
        eager = min(1.0, EAGER_FROM + RIVAL_WEIGHT * rivals) * rnd.uniform(1 - SPREAD, 1.0)
        amount = max(1, round(share * eager))
        if amount % 5 == 0:  # round numbers are where others' bids tie (AA-11)
            amount += rnd.choice((-1, 1)) if amount > 1 else 1
        amount = min(amount, view.me.cash - spent)
        if amount < 1:
            break
        plan[lot.id] = amount
        spent += amount
    return plan


def decide(view: PlayerView, actions: list[Action], rnd: random.Random) -> dict[str, Any] | None:
    """The next sealed bid of the seat's plan for this phase (`rnd`: `plan_random`'s, the
    same all through the phase) that is not standing yet, within its legal bounds; None when
    the plan stands or nothing is worth a bid."""
    bids = {a.move["target"]: a for a in actions if a.type == "bid"}
    if not bids:
        return None
    if view.phase == "access":
        house, amount = access_plan(view, rnd)
        move = _bid(bids[house], amount)
        standing = view.me.access_bid
        if standing is not None and (standing.house, standing.amount) == (house, move["amount"]):
            return None
        return move
    plan = auction_plan(view, rnd)
    for target in view.me.lot_bids:
        if target not in plan and target in bids:
            return _bid(bids[target], 0)  # AA-D2: $0 withdraws a bid the plan no longer wants
    for target, amount in plan.items():
        if target not in bids:
            continue
        move = _bid(bids[target], amount)
        if view.me.lot_bids.get(target) != move["amount"]:
            return move
    return None


def normal_seat(view: PlayerView, actions: list[Action], seat: Seat) -> dict[str, Any] | None:
    """A computer seat's next sealed bid at level normal: its plan for the phase drawn for
    this seat and phase of the match (`plan_random`), the same at each bid, after a restart
    too. None once its plan stands."""
    return decide(view, actions, plan_random(seat.seed, seat.player, view))


def _bid(action: Action, amount: int) -> dict[str, Any]:
    """The bid of `action` for `amount`, kept within its legal bounds."""
    step = action.amount
    assert isinstance(step, Amount)
    return action.build({step.field: max(step.min, min(step.max, amount))})
