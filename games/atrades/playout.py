"""Atrades' computer players: pure functions of one seat's summary (`Engine.summary`: what
that player may know) and the legal actions the engine worked out for it, never of the
state, each returning a move the engine takes. `random_player` answers a random legal action
at random; `greedy_player` follows a few plain rules of thumb (below). Both play whole
games: every move they return is built from a legal action
(tests/atrades/test_playout_players.py)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.atrades.views import CompanyView, PlayerView, Summary
from games.core.contract import Action, Amount, Choice, Pick, random_answers
from games.core.seats import Seat

#: What a computer player reads of the match: its seat's summary (`Engine.summary`), or its
#: whole view (`Engine.view`, as the bot's computer seats are handed it).
Seen = Summary | PlayerView
#: A computer player: what its seat sees, its legal actions and a random source in, a move
#: out.
Player = Callable[[Seen, list[Action], random.Random], dict[str, Any]]
#: A greedy guild bids for turn order from $0 up to this share of its money, at random: a
#: fixed share would seat guilds of equal money in the same order every round (AT-D8).
ORDER_BID_SHARE = 0.15
#: A greedy guild sells a company to the Government once its bank holds this much (the
#: chart's second-lowest row, AT-17).
GOVT_BANK = 7
#: A greedy guild puts a company up for a merger once its bank holds this much, this often.
MERGE_BANK = 6
MERGE_CHANCE = 0.5


def random_player(view: Seen, actions: list[Action], rnd: random.Random) -> dict[str, Any]:
    """A random legal action, answered at random, amounts near their lowest (so that money
    lasts the game)."""
    action = rnd.choice(actions)
    answers = random_answers(
        action, rnd, lambda step: rnd.randint(step.min, min(step.max, step.min + 3))
    )
    return action.build(answers)


def greedy_player(view: Seen, legal: list[Action], rnd: random.Random) -> dict[str, Any]:
    """Rules of thumb: bid for turn order up to 15 % of its money, at random; sell its
    richest company to the Government once its bank holds $7; half the time, put a company
    whose bank holds $6 up for a merger with its richest neighbour; otherwise acquire (the
    highest tile, in the region with the most demand not yet taken), else research the
    dearest technology a company's bank can pay, else pass; in an auction, bid the least it
    may while that is no more than the two companies' tiles at $4 and banks are worth; pay
    from the richest bank; expand where demand is left and take free Acquires."""
    me = view.me
    assert me is not None, "a computer seat plays a guild"
    if (bid := offered(legal, "bid")) is not None:
        amount = rnd.randint(0, int(me.money * ORDER_BID_SHARE))
        sources = {"pay_from": "purse"} if "pay_from" not in bid.move else {}
        return bid.build({**sources, "amount": amount})
    if (settle := offered(legal, "settle")) is not None:
        return _settle(settle)
    if (bidding := offered(legal, "raise") or offered(legal, "final_bid")) is not None:
        return _auction(view, bidding, legal)
    if (drop := offered(legal, "drop")) is not None:
        return drop.build()
    if (grow := offered(legal, "expand")) is not None:
        return {**grow.move, "hex": _best_hex(view, _pick(grow))}
    if (govt := offered(legal, "govt")) is not None:
        richest = _richest(view, _pick(govt).choices)
        if richest is not None and richest.bank >= GOVT_BANK:
            return govt.build({"company": str(richest.initiative)})
    merge = offered(legal, "merge") or offered(legal, "merge_free")
    if merge is not None and _rich(view, merge) and rnd.random() < MERGE_CHANCE:
        return _merge(view, merge)
    if (acquire := offered(legal, "acquire")) is not None:
        return _acquire(view, acquire)
    if (research := offered(legal, "research")) is not None:
        move = _research(research)
        if move is not None:
            return move
    if (passing := offered(legal, "pass")) is not None:
        return passing.build()
    return _offered(legal, "decline").build()


def offered(actions: list[Action], key: str) -> Action | None:
    """The action of this key among the seat's legal actions, if it has one."""
    return next((a for a in actions if a.key == key), None)


def _offered(actions: list[Action], key: str) -> Action:
    found = offered(actions, key)
    assert found is not None, f"no {key} among the legal actions"
    return found


def normal_seat(view: Seen, actions: list[Action], seat: Seat) -> dict[str, Any]:
    """A computer seat's move at level normal: the greedy player, from the seat's own view
    and the legal actions the bot worked out for it, its chances drawn for this seat at this
    point of the match (`Seat.rng`: the same position gives the same move, after a restart
    too)."""
    return greedy_player(view, actions, seat.rng())


def _pick(action: Action) -> Pick:
    step = action.steps[0]
    assert isinstance(step, Pick)
    return step


def _richest(view: Seen, choices: list[Choice]) -> CompanyView | None:
    companies = {c.initiative: c for c in view.companies}
    ranked = sorted((companies[int(c.value)] for c in choices), key=lambda c: -c.bank)
    return ranked[0] if ranked else None


def _open_demand(view: Seen) -> dict[str, int]:
    """Each region's demand less the tiles already selling there."""
    regions = view.regions
    left = {r.name: r.demand for r in regions}
    for company in view.companies:
        if not company.flipped:
            for label in company.hexes:
                left[regions[view.map[label].region].name] -= 1
    return left


def _best_hex(view: Seen, pick: Pick) -> str:
    """The hex of a pick in the region with the most demand left."""
    left = _open_demand(view)
    best = max(pick.choices, key=lambda c: (left.get(c.group or "", 0), c.value))
    return best.value


def _acquire(view: Seen, action: Action) -> dict[str, Any]:
    """The highest starting tile on display, where demand is left."""
    tiles, hexes = action.steps
    assert isinstance(tiles, Pick) and isinstance(hexes, Pick)
    tile = max(tiles.choices, key=lambda c: int(c.value)).value
    return {**action.move, "tile": tile, "hex": _best_hex(view, hexes)}


def _research(action: Action) -> dict[str, Any] | None:
    """The dearest technology it can pay from a company's bank, if any."""
    for choice in reversed(_pick(action).choices):
        sources = choice.then[0]
        assert isinstance(sources, Pick)
        companies = [c.value for c in sources.choices if c.value != "purse"]
        if companies:
            return action.build({"technology": choice.value, "pay_from": companies[0]})
    return None


def _rich(view: Seen, action: Action) -> bool:
    richest = _richest(view, _pick(action).choices)
    return richest is not None and richest.bank >= MERGE_BANK


def _merge(view: Seen, action: Action) -> dict[str, Any]:
    mine = _richest(view, _pick(action).choices)
    assert mine is not None
    chosen = next(c for c in _pick(action).choices if c.value == str(mine.initiative))
    other = chosen.then[0]
    assert isinstance(other, Pick)
    target = _richest(view, other.choices)
    assert target is not None
    return action.build({"company": chosen.value, "other": str(target.initiative)})


def _worth(view: Seen) -> int:
    """What a merger's two companies are worth to a bidder: $4 a tile and their banks."""
    merger = view.merger
    assert merger is not None
    companies = {c.initiative: c for c in view.companies}
    return sum(4 * len(companies[c].hexes) + companies[c].bank for c in merger.companies)


def _auction(view: Seen, bidding: Action, actions: list[Action]) -> dict[str, Any]:
    """The least bid it may (`bidding`: a raise, or a final bid) while the two companies
    are worth that much, else a pass or dropping out."""
    step = bidding.steps[0]
    assert isinstance(step, Amount)
    if step.min <= min(step.max, _worth(view)):
        return bidding.build({"amount": step.min})
    return _offered(actions, "pass" if bidding.key == "raise" else "drop").build()


def _settle(action: Action) -> dict[str, Any]:
    answers: dict[str, Any] = {}
    while (step := action.next_step(answers)) is not None:
        assert isinstance(step, Pick)
        values = [c.value for c in step.choices]
        if step.field == "pay_from":
            companies = [v for v in values if v != "purse"]
            answers[step.field] = companies[0] if companies else values[0]
        else:
            answers[step.field] = values[0]
    return action.build(answers)
