"""Random playouts and their checks: a random legal move, now and then the host's, and the
cards each player holds in all zones (conserved)."""

from __future__ import annotations

import random
from typing import Any

from games.core.engine import HOST
from games.project_mars import decisions
from games.project_mars.card_details import CARDS
from games.project_mars.decks import DECK_SIZE, READY_DECKS
from games.project_mars.legal import plays
from games.project_mars.model import (
    Choose,
    ChooseDeck,
    ClosePhase,
    Keep,
    Kick,
    Mulligan,
    Pass,
    Play,
    State,
)
from games.project_mars.waits import decision


def random_move(state: State, rnd: random.Random) -> tuple[str, Any]:
    """A legal move of someone awaited, mostly; the host closes the phase now and then
    and, rarely, removes a player."""
    roll = rnd.random()
    if roll < 0.002:
        return HOST, Kick(player=rnd.choice(state.players))
    awaited = decisions.must(state)
    if roll < 0.06 or not awaited:
        return HOST, ClosePhase()
    player = rnd.choice(awaited)
    turn = decision(state) == "turn"
    if not turn:
        legal = decisions.legal_moves(state, player)
        if legal.deck:
            if rnd.random() < 0.7:
                return player, ChooseDeck(deck=rnd.choice(list(READY_DECKS)))
            return player, ChooseDeck(cards=_random_list(rnd))
        if legal.keep is not None:
            return player, Keep(cards=[c for c in legal.keep if rnd.random() < 0.5])
        if legal.mulligan is not None:
            count = rnd.randint(0, legal.mulligan.max)
            return player, Mulligan(cards=rnd.sample(legal.mulligan.cards, count))
        if legal.choose:
            return player, Choose(option=rnd.choice(legal.choose).id)
    # A pass or (card, slot), the move made only of the one drawn: a hand of ten cards
    # may be played in dozens of ways.
    moves: list[tuple[str, str | None] | None] = [None]
    for card, target, slots in plays(state, player) if turn else ():
        if target == "utility":
            moves.append((card, None))
        moves.extend((card, s) for s in slots)
    drawn = rnd.choice(moves)
    if drawn is None:
        return player, Pass()
    card, slot = drawn
    return player, Play(card=card) if slot is None else Play(card=card, slot=slot)


def _random_list(rnd: random.Random) -> list[str]:
    """A random list of card names, now and then one the rules refuse (PM-1)."""
    keys = list(CARDS)
    plain = [k for k in keys if CARDS[k].kind != "utility"]
    utility = [k for k in keys if CARDS[k].kind == "utility"]
    size = DECK_SIZE if rnd.random() < 0.9 else rnd.choice([29, 31])
    picked = [rnd.choice(utility) for _ in range(rnd.randint(0, 4))]
    picked += [rnd.choice(plain) for _ in range(size - len(picked))]
    return [CARDS[k].name.upper() if rnd.random() < 0.2 else CARDS[k].name for k in picked]


def conserved(state: State) -> dict[str, int]:
    """Cards: each player's cards in all zones (deck, hand, back hand, junkyard, on a
    field, between zones) minus the cards they were dealt stays 0."""
    counts = {p: -state.dealt.get(p, 0) for p in state.players}
    for player, seat in state.seats.items():
        counts[player] += len(seat.deck) + len(seat.hand) + len(seat.back_hand)
        counts[player] += len(seat.junkyard)
        for placed in seat.field.values():
            if placed is not None:
                counts[state.cards[placed.card].owner] += 1
    for card_id in state.limbo:
        counts[state.cards[card_id].owner] += 1
    return {f"cards of {p}": n for p, n in counts.items()}
