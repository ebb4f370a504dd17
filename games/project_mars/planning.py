"""Project Mars's `strong` computer seat: the search of `games/core/search.py` over this
engine, with the hooks it needs, each from the seat's own view (`PlayerView`) alone. It
searches on its turn (a card to play, or a pass, PM-5); it brings the ready deck `DECK`
(PM-1, PM-D1); its back hand, mulligan and the choices a card asks for are the practice
player's (`practice.normal_seat`).

- `determinize`: a match the view is consistent with. What the view shows is kept: the
  round, whose turn it is, the passes, Toxic Gas, both fields (face-up cards as they lie, the
  seat's own traps on the enemy field), the utility cards played, the rounds resolved, and
  the seat's own hand, back hand, junkyard and the cards left in its deck (their order drawn:
  the seat does not know it either). What it does not show is drawn: the opponent's deck is
  a ready deck that holds every card of theirs the seat has seen (on their field, their
  utility, the hand cards revealed to it, PM-6), drawn among those that do (PM-1; any ready
  deck when none does, the cards seen put in place of others); the rest of it is dealt, at
  random, to the traps face down on the seat's field (trap cards), their hand besides the
  revealed cards, their back hand, junkyard and deck, as many as the view counts in each.
- `plans`: the practice player's move first, a pass, and the plays it scores best
  (`practice.ranked_plays`), up to `PLANS`.
- `cut` and `reward`: a practice decision reads a whole view (some milliseconds) and a match
  is some forty-five of them, so playouts to the end would allow a handful within the budget.
  A playout stops when the round it began in is counted (PM-4, PM-7) and scores the seat's
  place in the match as PM-8 counts it: 1 for a match won, 0 for a match lost, a half for a
  draw; after a round that leaves the match open, a half moved by `ROUND_WORTH` for each
  round more won than the opponent, and by up to `TPR_WORTH` for the last round's TPR margin.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from games.core.contract import Action
from games.core.engine import Engine
from games.core.rng import RandomSource
from games.core.search import Plan, search
from games.core.seats import Seat as ComputerSeat
from games.project_mars.card_details import CARDS
from games.project_mars.decks import DECK_SIZE, READY_DECKS
from games.project_mars.model import Card, Placed, Seat, State
from games.project_mars.options import Options
from games.project_mars.practice import normal_seat, play_with, ranked_plays
from games.project_mars.rules import ProjectMars
from games.project_mars.views import PlayerView, SideView

ENGINE = ProjectMars()
#: Candidate plans a turn weighs at most: the practice player's move, a pass, the best plays.
PLANS = 6
#: What a round won more than the opponent adds to a playout's reward, the match still open.
ROUND_WORTH = 0.3
#: What the last round's TPR margin adds at most (its sign, scaled down by `TPR_SCALE`).
TPR_WORTH = 0.1
TPR_SCALE = 10.0
#: Iterations a decision takes at most (the bot's clock stops it sooner).
ITERATIONS = 60
#: The ready deck it brings (PM-1, PM-D1): the one the practice player wins most with, over
#: the decks it brings itself (docs/rules/project-mars.md, "Dealer's computer seats").
DECK = "vanguard"


class MarsSearch:
    """The hooks of `games.core.search.search` for Project Mars."""

    engine: Engine[Any, Any] = ENGINE

    def __init__(self, actions: list[Action], normal: dict[str, Any]) -> None:
        #: The seat's legal actions and the practice player's move, for `plans`.
        self.actions = actions
        self.normal_move = normal
        #: The round the search began in: playouts stop once it is counted.
        self.round = 0

    def determinize(self, view: PlayerView, rnd: random.Random) -> State:
        self.round = view.round
        return determinize(view, rnd)

    def plans(self, view: PlayerView, rnd: random.Random) -> list[Plan]:
        found = [self.normal_move]
        for move in [{"type": "pass"}, *ranked_plays(view, self.actions, rnd)]:
            if len(found) < PLANS and move not in found:
                found.append(move)
        return [[move] for move in found]

    def normal(self, state: State, player: str, rnd: random.Random) -> dict[str, Any] | None:
        """The practice player's move from the player's view of the sampled match, its ties
        broken with the playout's `rnd`; None when it has nothing to do."""
        actions = ENGINE.legal_actions(state, player)
        if not actions:
            return None
        view = ENGINE.view(state, player)
        assert isinstance(view, PlayerView)
        return play_with(view, actions, rnd)

    def cut(self, state: State, moves: int) -> bool:
        return state.round > self.round

    def reward(self, state: State, player: str) -> float:
        if state.result is not None:
            winner = state.result.winner
            return 0.5 if winner is None else float(winner == player)
        enemy = next(p for p in state.players if p != player)
        ahead = state.seats[player].wins - state.seats[enemy].wins
        value = 0.5 + ROUND_WORTH * ahead
        if state.rounds:
            tpr = state.rounds[-1].score.tpr
            value += TPR_WORTH * math.tanh((tpr[player] - tpr[enemy]) / TPR_SCALE)
        return min(1.0, max(0.0, value))


def _opponent_deck(known: list[str], rnd: random.Random) -> list[str]:
    """PM-1: the keys of a ready deck holding every card `known` of the opponent's, drawn
    among those that do; else any, `known` put in place of other cards."""
    fitting = [
        deck
        for deck in READY_DECKS.values()
        if all(known.count(key) <= deck.cards.get(key, 0) for key in set(known))
    ]
    deck = rnd.choice(fitting or list(READY_DECKS.values()))
    keys = deck.keys()
    rest = list(keys)
    for key in known:
        if key in rest:
            rest.remove(key)
    rnd.shuffle(rest)
    return known + rest[: max(0, len(keys) - len(known))]


def determinize(view: PlayerView, rnd: random.Random) -> State:
    """A match `view` is consistent with, what it does not show drawn with `rnd` (above)."""
    me = view.me.player
    enemy = next(p for p in view.players if p != me)
    cards: dict[str, Card] = {}
    seats: dict[str, Seat] = {}
    fields: dict[str, dict[str, Placed | None]] = {p: {} for p in view.players}
    prefix = {p: "ab"[view.players.index(p)] for p in view.players}

    def card(card_id: str, owner: str, key: str) -> str:
        cards[card_id] = Card(id=card_id, owner=owner, key=key)
        return card_id

    # The seat's own cards, and the opponent's face up, as the view shows them.
    hidden_traps: list[tuple[str, str]] = []
    for player, side in view.sides.items():
        for slot, shown in side.field.items():
            if shown is None:
                fields[player][slot] = None
                continue
            placed_id = ""
            if shown.card is not None:
                placed_id = card(shown.card.id, shown.owner, shown.card.key)
            else:
                hidden_traps.append((player, slot))
            fields[player][slot] = Placed(
                card=placed_id,
                owner=shown.owner,
                face_down=shown.face_down,
                zeroed=shown.zeroed,
                disabled=shown.disabled and placed_id not in view.projection.disabled,
                bonus=shown.bonus,
                boosts=shown.boosts,
            )
        if side.utility_played is not None:
            card(side.utility_played.id, player, side.utility_played.key)
    mine = view.me
    hand = [card(c.id, me, c.key) for c in mine.hand]
    back_hand = [card(c.id, me, c.key) for c in mine.back_hand]
    junkyard = [card(c.id, me, c.key) for c in mine.junkyard]
    unused = {p: _unused(prefix[p], cards) for p in view.players}
    deck_keys = [key for key, count in mine.deck_cards.items() for _ in range(count)]
    rnd.shuffle(deck_keys)
    deck = [card(i, me, k) for i, k in zip(unused[me], deck_keys, strict=False)]
    seats[me] = _seat(
        view.sides[me],
        mine.deck,
        hand,
        back_hand,
        junkyard,
        deck,
        fields[me],
        [c.id for c in mine.hand if c.revealed],
        me in view.kicked,
    )
    # The opponent's cards the seat has not seen, drawn.
    theirs = view.sides[enemy]
    known = [c.key for c in cards.values() if c.owner == enemy]
    revealed = [face.key for face in theirs.revealed]
    keys = _opponent_deck(known + revealed, rnd)[len(known) :]
    ids = iter(_unused(prefix[enemy], cards))
    revealed_ids = [card(next(ids), enemy, key) for key in revealed]
    rest = keys[len(revealed) :]
    for player, slot in hidden_traps:
        traps = [k for k in rest if CARDS[k].trap] or [k for k in CARDS if CARDS[k].trap]
        key = rnd.choice(traps)
        if key in rest:
            rest.remove(key)
        placed = fields[player][slot]
        assert placed is not None
        placed.card = card(next(ids), enemy, key)
    rnd.shuffle(rest)

    def dealt(count: int) -> list[str]:
        return [card(next(ids), enemy, rest.pop()) for _ in range(min(count, len(rest)))]

    their_hand = revealed_ids + dealt(theirs.hand_count - len(revealed_ids))
    seats[enemy] = _seat(
        theirs,
        None,
        their_hand,
        dealt(theirs.back_hand_count),
        dealt(theirs.junkyard_count),
        dealt(theirs.deck_count),
        fields[enemy],
        revealed_ids,
        enemy in view.kicked,
    )
    return State(
        options=Options(),
        players=list(view.players),
        seats=seats,
        cards=cards,
        round=view.round,
        phase=view.phase,
        turn=view.turn,
        starter=view.starter,
        passes=view.passes,
        immune=view.immune,
        rounds=list(view.rounds),
        rng=RandomSource(seed=rnd.randrange(2**31)),
        dealt=dict.fromkeys(view.players, DECK_SIZE),
    )


def _unused(prefix: str, cards: dict[str, Card]) -> list[str]:
    """A seat's card ids (PM-1's `a01`..`a30`) no card drawn so far has."""
    return [i for n in range(1, DECK_SIZE + 1) if (i := f"{prefix}{n:02d}") not in cards]


def _seat(
    side: SideView,
    deck_name: str | None,
    hand: list[str],
    back_hand: list[str],
    junkyard: list[str],
    deck: list[str],
    field: dict[str, Placed | None],
    revealed: list[str],
    kicked: bool,
) -> Seat:
    return Seat(
        deck_name=deck_name or "custom",
        deck=deck,
        hand=hand,
        back_hand=back_hand,
        junkyard=junkyard,
        field=field,
        revealed=revealed,
        utility_played=None if side.utility_played is None else side.utility_played.id,
        kept=side.kept,
        ready=side.ready,
        wins=side.wins,
        kicked=kicked,
    )


def decide(
    view: PlayerView,
    actions: list[Action],
    seat: ComputerSeat,
    stop: Callable[[int], bool] = lambda _done: False,
    iterations: int = ITERATIONS,
) -> dict[str, Any]:
    """The strong seat's move: its deck `DECK`; on its turn, the one the search prefers among
    the practice player's, a pass and the best plays; otherwise the practice player's."""
    if any(action.key == "deck" for action in actions):
        return {"type": "deck", "deck": DECK}
    normal = normal_seat(view, actions, seat)
    if view.phase != "turn" or view.pending is not None:
        return normal
    searcher = MarsSearch(actions, normal)
    chosen = search(searcher, view, seat.player, seat.rng(), stop, iterations, halving=True)
    return chosen[0] if chosen else normal


def strong_seat(view: PlayerView, actions: list[Action], seat: ComputerSeat) -> dict[str, Any]:
    """A computer seat's move at level strong (`decide`), searching until the seat's `stop`
    says so."""
    return decide(view, actions, seat, seat.stop)
