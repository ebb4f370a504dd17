"""Atrades' computer players: pure functions of one seat's view (`Engine.summary`: what that
player may know, with its legal actions), never of the state, each returning a move the
engine takes. `random_player` answers a random legal action at random; `greedy_player`
follows a few plain rules of thumb (below). Both play whole games: every move they return is
built from a legal action (tests/atrades/test_playout_players.py)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.core.contract import Action, Amount, Pick, random_answers
from games.core.seats import Seat

#: A computer player: a seat's view and a random source in, a move out.
Player = Callable[[dict[str, Any], random.Random], dict[str, Any]]
#: A greedy guild bids for turn order from $0 up to this share of its money, at random: a
#: fixed share would seat guilds of equal money in the same order every round (AT-D8).
ORDER_BID_SHARE = 0.15
#: A greedy guild sells a company to the Government once its bank holds this much (the
#: chart's second-lowest row, AT-17).
GOVT_BANK = 7
#: A greedy guild puts a company up for a merger once its bank holds this much, this often.
MERGE_BANK = 6
MERGE_CHANCE = 0.5


class Legal(dict[str, Action]):
    """The seat's legal actions in its view, by key, each read from the view's JSON when
    first looked up (a player looks at one or two of them)."""

    def __init__(self, view: dict[str, Any]) -> None:
        super().__init__()
        self.raw = {a["key"]: a for a in view.get("legal", [])}

    def __contains__(self, key: object) -> bool:
        return key in self.raw

    def __missing__(self, key: str) -> Action:
        action = Action.model_validate(self.raw[key])
        self[key] = action
        return action

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self.raw else default

    def all(self) -> list[Action]:
        return [self[key] for key in self.raw]


def legal(view: dict[str, Any]) -> Legal:
    """The seat's legal actions in its view, by key."""
    return Legal(view)


def random_player(view: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    """A random legal action, answered at random, amounts near their lowest (so that money
    lasts the game)."""
    actions = legal(view).all()
    action = rnd.choice(actions)
    answers = random_answers(
        action, rnd, lambda step: rnd.randint(step.min, min(step.max, step.min + 3))
    )
    return action.build(answers)


def greedy_player(view: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    """Rules of thumb: bid for turn order up to 15 % of its money, at random; sell its
    richest company to the Government once its bank holds $7; half the time, put a company
    whose bank holds $6 up for a merger with its richest neighbour; otherwise acquire (the
    highest tile, in the region with the most demand not yet taken), else research the
    dearest technology a company's bank can pay, else pass; in an auction, bid the least it
    may while that is no more than the two companies' tiles at $4 and banks are worth; pay
    from the richest bank; expand where demand is left and take free Acquires."""
    actions = legal(view)
    me = view["me"]
    if "bid" in actions:
        amount = rnd.randint(0, int(me["money"] * ORDER_BID_SHARE))
        bid = actions["bid"]
        sources = {"pay_from": "purse"} if "pay_from" not in bid.move else {}
        return bid.build({**sources, "amount": amount})
    if "settle" in actions:
        return _settle(actions["settle"])
    if "raise" in actions or "final_bid" in actions:
        return _auction(view, actions)
    if "drop" in actions:
        return actions["drop"].build()
    if "expand" in actions:
        grow = actions.raw["expand"]
        return {**grow["move"], "hex": _best_hex(view, grow["steps"][0])}
    if "govt" in actions:
        richest = _richest(view, _pick(actions["govt"]).choices)
        if richest is not None and richest["bank"] >= GOVT_BANK:
            return actions["govt"].build({"company": str(richest["initiative"])})
    merge = actions.get("merge") or actions.get("merge_free")
    if merge is not None and _rich(view, merge) and rnd.random() < MERGE_CHANCE:
        return _merge(view, merge)
    if "acquire" in actions:
        return _acquire(view, actions.raw["acquire"])
    if "research" in actions:
        move = _research(actions["research"])
        if move is not None:
            return move
    if "pass" in actions:
        return actions["pass"].build()
    return actions["decline"].build()


def normal_seat(view: dict[str, Any], actions: list[Action], seat: Seat) -> dict[str, Any]:
    """A computer seat's move at level normal: the greedy player, from the seat's own view,
    its chances drawn for this seat at this point of the match (`Seat.rng`: the same
    position gives the same move, after a restart too). It reads its view alone, not
    `actions`, until Atrades moves onto the typed seam (issue 39)."""
    return greedy_player(view, seat.rng())


def _pick(action: Action) -> Pick:
    step = action.steps[0]
    assert isinstance(step, Pick)
    return step


def _companies(view: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {c["initiative"]: c for c in view["companies"]}


def _richest(view: dict[str, Any], choices: list[Any]) -> dict[str, Any] | None:
    companies = _companies(view)
    ranked = sorted((companies[int(c.value)] for c in choices), key=lambda c: -c["bank"])
    return ranked[0] if ranked else None


def _open_demand(view: dict[str, Any]) -> dict[str, int]:
    """Each region's demand less the tiles already selling there."""
    regions = view["regions"]
    left = {r["name"]: r["demand"] for r in regions}
    centre_of = {label: regions[cell[1]]["name"] for label, cell in view["map"].items()}
    for company in view["companies"]:
        if not company["flipped"]:
            for label in company["hexes"]:
                left[centre_of[label]] -= 1
    return left


def _best_hex(view: dict[str, Any], pick: dict[str, Any]) -> str:
    """The hex of a pick (as the view holds it) in the region with the most demand left."""
    left = _open_demand(view)
    best = max(pick["choices"], key=lambda c: (left.get(c["group"] or "", 0), c["value"]))
    return str(best["value"])


def _acquire(view: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    """The highest starting tile on display, where demand is left. Read from the view's
    JSON as it is: an Acquire's pick of hexes is long, and most turns are Acquires."""
    tiles, hexes = action["steps"]
    tile = max(tiles["choices"], key=lambda c: int(c["value"]))["value"]
    return {**action["move"], "tile": tile, "hex": _best_hex(view, hexes)}


def _research(action: Action) -> dict[str, Any] | None:
    """The dearest technology it can pay from a company's bank, if any."""
    for choice in reversed(_pick(action).choices):
        sources = choice.then[0]
        assert isinstance(sources, Pick)
        companies = [c.value for c in sources.choices if c.value != "purse"]
        if companies:
            return action.build({"technology": choice.value, "pay_from": companies[0]})
    return None


def _rich(view: dict[str, Any], action: Action) -> bool:
    richest = _richest(view, _pick(action).choices)
    return richest is not None and richest["bank"] >= MERGE_BANK


def _merge(view: dict[str, Any], action: Action) -> dict[str, Any]:
    mine = _richest(view, _pick(action).choices)
    assert mine is not None
    chosen = next(c for c in _pick(action).choices if c.value == str(mine["initiative"]))
    other = chosen.then[0]
    assert isinstance(other, Pick)
    target = _richest(view, other.choices)
    assert target is not None
    return action.build({"company": chosen.value, "other": str(target["initiative"])})


def _worth(view: dict[str, Any]) -> int:
    """What a merger's two companies are worth to a bidder: $4 a tile and their banks."""
    merger = view["merger"]
    companies = _companies(view)
    return sum(4 * len(companies[c]["hexes"]) + companies[c]["bank"] for c in merger["companies"])


def _auction(view: dict[str, Any], actions: Legal) -> dict[str, Any]:
    key = "raise" if "raise" in actions else "final_bid"
    step = actions[key].steps[0]
    assert isinstance(step, Amount)
    if step.min <= min(step.max, _worth(view)):
        return actions[key].build({"amount": step.min})
    return actions["pass" if key == "raise" else "drop"].build()


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
