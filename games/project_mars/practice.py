"""The practice opponent: a move for one seat, chosen from that seat's view alone.

`practice_move(view, actions, seed)` takes what `view(state, player)` returned for the seat
(never the state: it cannot see the opponent's hand, deck or face-down traps) and the seat's
legal actions (`legal_actions`), and returns a legal move as JSON. It is pure and
deterministic: the same view and seed give the same move; the seed only breaks ties.

How it plays: it rebuilds the visible fields as `cards.Unit`s and scores every legal play
with the very count used at resolution (`counting.tpr`: lanes first, then TPR), after a rough
model of the card's effect on placement, plus small values for what the count cannot see (a
trap laid, a reveal). It plays the best card while that improves its margin, and passes
when nothing does or when the opponent has passed and it is ahead. Choices are scored the
same way; reveals are cheap, so it gives a Stealth Op a card rather than 2 PWR.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from games.core.contract import Action, Pick
from games.core.seats import Seat
from games.project_mars.card_details import CARDS
from games.project_mars.counting import Unit, tpr
from games.project_mars.model import MULLIGAN_MAX, ROWS, SLOTS, column_of, row_of
from games.project_mars.views import PlayerView

#: Roughly what a card adds when played well, for mulligans and discards.
VALUE: dict[str, float] = {
    "scout": 2.3,
    "drone": 1.5,
    "android": 1.5,
    "cyber-soldier": 1.8,
    "sentinel": 1.5,
    "landmine": 1.0,
    "stealth-op": 1.0,
    "humvee": 2.5,
    "medic": 4.0,
    "artillery-cannon": 2.0,
    "siege-vehicle": 2.5,
    "infantry": 3.0,
    "strike-team": 3.0,
    "spy": 1.0,
    "outpost": 5.0,
    "defense-system": 1.5,
    "research-station": 1.5,
    "cybernetics-lab": 1.0,
    "comms-station": 2.0,
    "ballistic-missiles": 2.0,
    "defense-turret": 3.0,
    "sniper": 2.0,
    "emp-bomb": 2.0,
    "top-secret-information": 1.5,
    "favorable-conditions": 2.0,
    "toxic-gas": 2.0,
    "sinkhole": 2.0,
}
#: What a trap laid on the enemy field is worth before it triggers.
TRAP_VALUE = {"landmine": 1.2, "spy": 1.0, "stealth-op": 1.0}
#: Playing a card spends it; a utility card also spends the round's only utility play.
CARD_COST = 0.3
UTILITY_COST = 1.0
#: An unknown enemy trap under a slot: what playing onto it is expected to cost.
TRAP_RISK = 1.5
REVEAL_VALUE = 0.3
SENTINEL_PROMISE = 3.0
TRADE_IN_BELOW = 1.6
KEEP_FROM = 2.0
UTILITY_PREFERENCE = (
    "favorable-conditions",
    "emp-bomb",
    "toxic-gas",
    "sinkhole",
    "top-secret-information",
)
#: The ready decks it brings, one drawn by the seed: those it plays best.
DECKS = ("fortress", "vanguard")


class _Seat:
    """What the view tells this seat, in the shape the scoring wants."""

    def __init__(self, seen: PlayerView) -> None:
        self.seen = seen
        self.me = seen.me.player
        self.players = list(seen.players)
        self.enemy = next(p for p in self.players if p != self.me)
        self.board = [
            Unit(
                id=slot_view.card.id,
                key=slot_view.card.key,
                owner=player,
                slot=slot,
                zeroed=slot_view.zeroed,
                disabled=slot_view.disabled and slot_view.card.id not in seen.projection.disabled,
                bonus=slot_view.bonus,
                boosts=slot_view.boosts,
            )
            for player, side in seen.sides.items()
            for slot, slot_view in side.field.items()
            if slot_view is not None and not slot_view.face_down and slot_view.card is not None
        ]
        self.base = self.margin(self.board)

    def margin(self, board: list[Unit]) -> float:
        counted = tpr(self.players, board)
        return counted[self.me] - counted[self.enemy]

    def value(self, card_id: str) -> float:
        key = next(c.key for c in self.seen.me.hand if c.id == card_id)
        return VALUE[key]

    def cheapest(self, exclude: str | None = None) -> str | None:
        hand = [c for c in self.seen.me.hand if c.id != exclude]
        return min(hand, key=lambda c: (VALUE[c.key], c.id)).id if hand else None

    def own_trap_under(self, slot: str) -> bool:
        """An enemy trap lies face down on this slot of the seat's field."""
        placed = self.seen.sides[self.me].field[slot]
        return placed is not None and placed.face_down

    def best(self, board: list[Unit], options: list[Callable[[list[Unit]], list[Unit]]]) -> float:
        """The margin after the best of some changes to the board (or none if none)."""
        if not options:
            return self.margin(board)
        return max(self.margin(change(board)) for change in options)


def _without(card_id: str) -> Callable[[list[Unit]], list[Unit]]:
    return lambda board: [u for u in board if u.id != card_id]


def _zeroed(card_id: str) -> Callable[[list[Unit]], list[Unit]]:
    return lambda board: [replace(u, zeroed=True) if u.id == card_id else u for u in board]


def _boosting(siege: str, target: str) -> Callable[[list[Unit]], list[Unit]]:
    return lambda board: [replace(u, boosts=target) if u.id == siege else u for u in board]


def _has(unit: Unit, subtype: str) -> bool:
    return subtype in CARDS[unit.key].subtypes


def _placement_gain(seat: _Seat, card_id: str, key: str, slot: str) -> float:
    """How much the margin grows when `key` goes on `slot` of the seat's own field."""
    spec = CARDS[key]
    unit = Unit(id=card_id, key=key, owner=seat.me, slot=slot)
    board = [*seat.board, unit]
    extra = 0.0
    works = spec.row == row_of(slot)
    if seat.own_trap_under(slot):
        if key == "android" and works:
            extra += 0.5
        else:
            extra -= TRAP_RISK
    enemy = [u for u in board if u.owner == seat.enemy]
    column = [u for u in enemy if column_of(u.slot) == column_of(slot)]
    hidden = seat.seen.sides[seat.enemy].hand_count - len(seat.seen.sides[seat.enemy].revealed)
    after = seat.margin(board)
    if works and key == "scout" and not seat.seen.immune:
        extra += REVEAL_VALUE * min(1, hidden)
    elif works and key == "drone" and not seat.seen.immune:
        extra += REVEAL_VALUE * min(len(column), hidden)
    elif works and key == "siege-vehicle":
        vehicles = [u for u in board if u.owner == seat.me and _has(u, "vehicle")]
        after = seat.best(board, [_boosting(card_id, v.id) for v in vehicles])
    elif works and key == "strike-team":
        units = [u for u in enemy if _has(u, "unit") and not u.zeroed]
        after = seat.best(board, [_zeroed(u.id) for u in units])
    elif works and key == "sniper":
        after = seat.best(board, [_without(u.id) for u in column if _has(u, "unit")])
    elif works and key == "ballistic-missiles":
        after = seat.best(board, [_without(u.id) for u in column if _has(u, "building")])
    elif works and key == "artillery-cannon":
        doomed = {u.id for u in enemy if CARDS[u.key].infantry}
        after = seat.margin([u for u in board if u.id not in doomed])
    elif works and key == "research-station":
        extra += 0.5
    return after - seat.base + extra + _promise(seat, card_id, key, slot) - CARD_COST


def _promise(seat: _Seat, card_id: str, key: str, slot: str) -> float:
    """What the count cannot see yet: half of what the seat's own next cards would add next
    to this one (a Sentinel's partner, a Lab's 1-PWR machines, a Comms Station's neighbours)."""
    rest = [c.key for c in seat.seen.me.hand if c.id != card_id]
    field = seat.seen.sides[seat.me].field
    row, column = row_of(slot), column_of(slot)
    if key == "sentinel" and "sentinel" in rest:
        partner = f"{ROWS[1] if row == ROWS[0] else ROWS[0]}-{column}"
        return SENTINEL_PROMISE if field[partner] is None else 0.0
    if key == "cybernetics-lab" and row == "defence":
        return 0.5 * sum(CARDS[k].has("artificial") and CARDS[k].pwr == 1 for k in rest)
    if key == "comms-station" and row == "defence" and len(rest) >= 2:
        beside = [f"defence-{column + step}" for step in (-1, 1) if 1 <= column + step <= 4]
        return 1.0 * sum(field[b] is None for b in beside)
    return 0.0


def _utility_gain(seat: _Seat, card_id: str, key: str) -> float:
    board = seat.board
    extra = 0.0
    if key == "emp-bomb":
        board = [replace(u, disabled=True) if _has(u, "artificial") else u for u in board]
    elif key == "top-secret-information":
        board = [u for u in board if not (_has(u, "ghost") or CARDS[u.key].trap)]
        for player, side in seat.seen.sides.items():
            down = sum(s is not None and s.face_down for s in side.field.values())
            extra += 0.7 * down * (1 if player == seat.me else -1)
    elif key == "favorable-conditions":
        board = [replace(u, bonus=u.bonus + 2) if _has(u, "unit") else u for u in board]
    elif key == "toxic-gas":
        board = [u for u in board if not _has(u, "unit")]
    elif key == "sinkhole":
        spare = sum(c.id != card_id and VALUE[c.key] < 3 for c in seat.seen.me.hand)
        buildings = sorted(
            (u for u in board if u.owner == seat.enemy and _has(u, "building")),
            key=lambda u: -(CARDS[u.key].pwr or 0),
        )[:spare]
        board = [u for u in board if u not in buildings]
        extra -= 0.8 * len(buildings)
    return seat.margin(board) - seat.base + extra - UTILITY_COST


def _plays(
    seen: PlayerView, actions: dict[str, Action]
) -> list[tuple[str, bool, list[str] | None]]:
    """The cards the seat may play, in the order of its hand, from its `play` and `trap`
    actions: each card, whether it is a trap (set on the enemy's field), and the slots it
    may take (None: a utility)."""
    plays = []
    for key in ("play", "trap"):
        action = actions.get(key)
        if action is None or action.pick is None:
            continue
        for choice in action.pick.choices:
            slots = next((step for step in choice.then if isinstance(step, Pick)), None)
            where = None if slots is None else [c.value for c in slots.choices]
            plays.append((choice.value, key == "trap", where))
    hand = [c.id for c in seen.me.hand]
    return sorted(plays, key=lambda play: hand.index(play[0]))


def _turn(seat: _Seat, rnd: random.Random, actions: dict[str, Action]) -> dict[str, Any]:
    if seat.seen.passes >= 1 and seat.base > 0:
        return {"type": "pass"}
    scored = _scored(seat, rnd, actions)
    if not scored:
        return {"type": "pass"}
    gain, _, move = max(scored, key=lambda item: (item[0], item[1]))
    return move if gain > 0 else {"type": "pass"}


def ranked_plays(
    view: PlayerView, actions: list[Action], rnd: random.Random
) -> list[dict[str, Any]]:
    """The plays the seat may make on its turn, best first as the practice player scores
    them (ties broken with `rnd`): the candidates a searching seat weighs."""
    by_key = {action.key: action for action in actions}
    scored = _scored(_Seat(view), rnd, by_key)
    return [move for _, _, move in sorted(scored, key=lambda item: (-item[0], -item[1]))]


def _scored(
    seat: _Seat, rnd: random.Random, actions: dict[str, Action]
) -> list[tuple[float, float, dict[str, Any]]]:
    """Each play the seat may make, with what it gains and a tie-break drawn with `rnd`."""
    seen = seat.seen
    keys = {c.id: c.key for c in seen.me.hand}
    scored: list[tuple[float, float, dict[str, Any]]] = []
    for card, trap, slots in _plays(seen, actions):
        key = keys[card]
        if slots is None:
            gain = _utility_gain(seat, card, key)
            scored.append((gain, rnd.random(), {"type": "play", "card": card}))
            continue
        for slot in slots:
            if trap:
                gain = TRAP_VALUE.get(key, 0.0) - CARD_COST
            else:
                gain = _placement_gain(seat, card, key, slot)
            scored.append((gain, rnd.random(), {"type": "play", "card": card, "slot": slot}))
    return scored


def _return_slot(seat: _Seat, slot: str) -> str | None:
    """PM-D8, seen from the view: where a trap sent back lands on the enemy's field."""
    field = seat.seen.sides[seat.enemy].field
    other = f"{ROWS[1] if row_of(slot) == ROWS[0] else ROWS[0]}-{column_of(slot)}"
    for wanted in (slot, other, *SLOTS):
        if field[wanted] is None:
            return wanted
    return None


def _choose(seat: _Seat, ids: list[str]) -> str:
    seen = seat.seen
    assert seen.pending is not None
    pending = seen.pending
    kind = pending.kind
    if kind == "stealth_op":
        cards = [i for i in ids if i != "return"]
        return min(cards, key=lambda c: (seat.value(c), c)) if cards else "return"
    if kind == "spy" and pending.slot is not None:
        mine = seen.sides[seat.me].field[pending.slot]
        if mine is None or mine.card is None:
            return "destroy"
        lost = seat.margin([u for u in seat.board if u.id != mine.card.id])
        landing = _return_slot(seat, pending.slot)
        spy = Unit(id=pending.card.id, key="spy", owner=seat.enemy, slot=landing or "")
        given = seat.margin([*seat.board, spy]) if landing else seat.base
        keeps = (mine.card.pwr or 0) > 2
        return "destroy" if keeps or lost >= given else "return"
    changes: dict[str, Callable[[list[Unit]], list[Unit]]] = {}
    if kind == "siege_vehicle":
        changes = {i: _boosting(pending.card.id, i) for i in ids}
    elif kind == "strike_team":
        changes = {i: _zeroed(i) for i in ids}
    elif kind in ("sniper", "ballistic_missiles"):
        changes = {i: _without(i) for i in ids}
    if changes:
        return max(ids, key=lambda i: (seat.margin(changes[i](seat.board)), i))
    if kind == "research_station":
        utility_left = any(CARDS[k].kind == "utility" for k in seen.me.deck_cards)
        cheapest = seat.cheapest()
        if utility_left and cheapest is not None and seat.value(cheapest) < 2.5:
            return cheapest
        return "keep"
    if kind == "research_station_utility":
        return next((k for k in UTILITY_PREFERENCE if k in ids), ids[0])
    if kind == "sinkhole":
        buildings = [i for i in ids if i != "stop"]
        cheapest = seat.cheapest()
        if not buildings or cheapest is None:
            return "stop"
        target = max(buildings, key=lambda b: (seat.margin(_without(b)(seat.board)), b))
        gain = seat.margin(_without(target)(seat.board)) - seat.base
        return target if gain >= 1 and seat.value(cheapest) < gain + 1 else "stop"
    if kind == "sinkhole_discard":
        cheapest = seat.cheapest()
        return cheapest if cheapest is not None and seat.value(cheapest) < 3 else "stop"
    return ids[0]


def _legal_json(view: PlayerView, actions: list[Action]) -> dict[str, Any]:
    """The seat's legal moves as its view held them before the view left them to the actions
    (issue 39: `ProjectMars.legal`'s JSON), rebuilt from the actions: the tie-breaks are
    drawn from the view as it was then, so that the practice player plays every position as
    it always has (its matches, and the images drawn from them, stay the same)."""
    by_key = {action.key: action for action in actions}
    hand = [c.id for c in view.me.hand]

    def values(key: str) -> list[str]:
        pick = by_key[key].pick if key in by_key else None
        return [] if pick is None else [c.value for c in pick.choices]

    plays = []
    for card, trap, slots in _plays(view, by_key):
        target = "enemy" if trap else "utility" if slots is None else "own"
        name = CARDS[next(c.key for c in view.me.hand if c.id == card)].name
        plays.append({"card": card, "name": name, "target": target, "slots": slots or []})
    choose = by_key["choose"].pick if "choose" in by_key else None
    deck_count = view.sides[view.me.player].deck_count
    return {
        "deck": "deck" in by_key,
        "keep": values("keep") if "keep-none" in by_key else None,
        "mulligan": (
            {"cards": hand, "max": min(MULLIGAN_MAX, deck_count)} if "keep-hand" in by_key else None
        ),
        "pass": "pass" in by_key,
        "plays": plays,
        "choose": (
            [] if choose is None else [{"id": c.value, "label": c.label} for c in choose.choices]
        ),
    }


def practice_move(view: PlayerView, actions: list[Action], seed: int = 0) -> dict[str, Any]:
    """A legal move for the seat whose own view this is, among its legal actions; raises
    ValueError when the view is not a player's or they have nothing to do."""
    if not isinstance(view, PlayerView):
        raise ValueError("The practice player needs a player's own view.")
    seen_then = {**view.to_json(), "legal": _legal_json(view, actions)}
    return play_with(
        view, actions, random.Random(f"{seed}:{json.dumps(seen_then, sort_keys=True)}")
    )


def play_with(view: PlayerView, actions: list[Action], rnd: random.Random) -> dict[str, Any]:
    """The practice player's move (`practice_move`), its ties broken and its deck drawn with
    `rnd`: a searching seat's playouts draw them anew, without the seed of the view."""
    seen = view
    by_key = {action.key: action for action in actions}
    if "deck" in by_key:
        return {"type": "deck", "deck": rnd.choice(DECKS)}
    if "keep-none" in by_key:
        kept = [c.id for c in seen.me.back_hand if VALUE[c.key] >= KEEP_FROM]
        return {"type": "keep", "cards": kept}
    if "keep-hand" in by_key:
        trade = by_key.get("mulligan")
        most = 0 if trade is None or trade.pick is None else trade.pick.max
        weak = sorted(
            (c for c in seen.me.hand if VALUE[c.key] < TRADE_IN_BELOW),
            key=lambda c: (VALUE[c.key], c.id),
        )
        return {"type": "mulligan", "cards": [c.id for c in weak[:most]]}
    seat = _Seat(seen)
    choose = by_key.get("choose")
    if choose is not None and choose.pick is not None:
        return {"type": "choose", "option": _choose(seat, [c.value for c in choose.pick.choices])}
    if "pass" in by_key:
        return _turn(seat, rnd, by_key)
    raise ValueError(f"{seen.me.player} has nothing to do now.")


def normal_seat(view: PlayerView, actions: list[Action], seat: Seat) -> dict[str, Any]:
    """The practice player in a computer seat, from its view and legal actions: its seed
    breaks ties and draws its deck, the match's own for the first seat (as for the practice
    opponent), so that two computer seats in one match do not play alike."""
    return practice_move(view, actions, seat.seed + seat.number - 1)
