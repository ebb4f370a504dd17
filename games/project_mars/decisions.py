"""What each of Project Mars's decisions offers: one table (`TABLE`), keyed by the one function
that says which is open (`games.project_mars.waits.decision`), as Atrades has them
(`games.atrades.decisions`, after boardgame.io's phase map, `src/core/flow.ts`). The turn and
the phase (`turn`), the legal moves and actions (`legal_moves`, `legal_actions`), the random
playouts' moves and the host's close-phase (`close_phase`) read it. No decision puts a button
on the channel's board: each is answered from the player's own messages."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.core.contract import Action, Phase, Turn
from games.core.errors import RuleError
from games.project_mars import host, legal, waits
from games.project_mars.model import Legal, State
from games.project_mars.table import Table
from games.project_mars.waits import Decision, decision


def _over(table: Table, awaited: list[str]) -> None:
    raise RuleError("match_over", "The match is over; no more moves are taken.")


@dataclass(frozen=True, slots=True)
class Offer:
    """What one decision offers: whom it waits for (`must`: they, and nobody else, may act,
    PM-5), its phase, the moves (`moves`, for menus and computer players) and legal actions
    of a player it waits for, what the host's close-phase does to those it waits for
    (`close`, PM-D15), and the kinds of action it offers (`keys`; `sealed` those always made
    in private; a choice is, for `legal.SEALED_CHOICES`)."""

    must: Callable[[State], list[str]]
    phase: Callable[[State], Phase]
    moves: Callable[[State, str], Legal]
    actions: Callable[[State, str], list[Action]]
    close: Callable[[Table, list[str]], None]
    keys: frozenset[str]
    sealed: frozenset[str] = frozenset()


#: The back hand's and the mulligan's actions, all of them secret (which cards; PM-9).
MULLIGAN_KEYS = frozenset({"keep", "keep-all", "keep-none", "mulligan", "keep-hand"})

TABLE: dict[Decision, Offer] = {
    "deck": Offer(
        must=waits.deck_must,
        phase=waits.deck_phase,
        moves=legal.deck_moves,
        actions=legal.deck_actions,
        close=host.close_deck,
        keys=frozenset({"deck"}),
        sealed=frozenset({"deck"}),
    ),
    "mulligan": Offer(
        must=waits.mulligan_must,
        phase=waits.mulligan_phase,
        moves=legal.mulligan_moves,
        actions=legal.mulligan_actions,
        close=host.close_mulligan,
        keys=MULLIGAN_KEYS,
        sealed=MULLIGAN_KEYS,
    ),
    "turn": Offer(
        must=waits.turn_must,
        phase=waits.turn_phase,
        moves=legal.turn_moves,
        actions=legal.turn_actions,
        close=host.close_turn,
        keys=frozenset({"play", "trap", "pass"}),
        sealed=frozenset({"trap"}),
    ),
    "choice": Offer(
        must=waits.choice_must,
        phase=waits.choice_phase,
        moves=legal.choice_moves,
        actions=legal.choice_actions,
        close=host.close_choice,
        keys=frozenset({"choose"}),
    ),
    "ended": Offer(
        must=waits.nobody,
        phase=waits.ended_phase,
        moves=legal.no_moves,
        actions=legal.no_actions,
        close=_over,
        keys=frozenset(),
    ),
}


def offer(state: State) -> Offer:
    """What the decision open now offers."""
    return TABLE[decision(state)]


def must(state: State) -> list[str]:
    """Who must act now."""
    return offer(state).must(state)


def turn(state: State) -> Turn:
    """The players awaited both must and may act; nobody else may (PM-5: turns alternate; a
    round's start and the deck phase take both players at once). The phase says what its
    deadline does (PM-D15, PM-D1)."""
    found = offer(state)
    awaited = found.must(state)
    return Turn(
        phase=found.phase(state),
        players=list(state.players),
        out=[p for p in state.players if state.seats[p].kicked],
        must=awaited,
        may=list(awaited),
    )


def legal_moves(state: State, player: str) -> Legal:
    """What `player` may do now, for menus and for random and practice players: nothing
    when the decision does not wait for them."""
    found = offer(state)
    return found.moves(state, player) if player in found.must(state) else Legal()


def legal_actions(state: State, player: str) -> list[Action]:
    """`legal_moves` as the contract's actions, with the steps a control asks for."""
    found = offer(state)
    return found.actions(state, player) if player in found.must(state) else []


def close_phase(table: Table) -> None:
    """PM-D15: whoever the open decision waits for takes its default (`Offer.close`)."""
    found = offer(table.state)
    found.close(table, found.must(table.state))
