"""How a match of Project Mars runs on: the deck phase, three rounds at most, each opened by
its back-hand step and mulligan and played in turns, one card or a pass each, each wait told as
a `phase_opened` (which decision it is, and whom it waits for, is `waits`'); and the steps a
card played sets off, run until one asks someone to choose (PM-5, PM-D15)."""

from __future__ import annotations

from typing import Any

from games.project_mars.cards import resolve_step
from games.project_mars.events import (
    ChoiceOffered,
    FirstPlayerDrawn,
    MarsPhaseOpened,
    Passed,
    RoundStarted,
)
from games.project_mars.model import HAND_SIZE
from games.project_mars.model import Phase as PhaseName
from games.project_mars.mulligan import skip_empty_mulligans
from games.project_mars.resolution import end_match, match_over, resolve_round
from games.project_mars.table import Table
from games.project_mars.waits import deck_must, mulligan_must


def open_phase(table: Table, phase: PhaseName, players: list[str], **extra: Any) -> None:
    """A new decision is awaited: a new wait (`State.waits`), told to everyone."""
    table.state.waits += 1
    table.public(MarsPhaseOpened, round=table.state.round, phase=phase, players=players, **extra)


def start_match(table: Table) -> None:
    """Each player draws 10; PM-9: the first player of round 1 is drawn at random."""
    state = table.state
    state.starter = state.rng.choice(state.players)
    table.public(FirstPlayerDrawn, player=state.starter)
    begin_round(table)


def after_deck(table: Table) -> None:
    """PM-1: the match starts once every deck is chosen."""
    if not deck_must(table.state):
        start_match(table)


def begin_round(table: Table) -> None:
    """A round opens: hands are drawn to 10 (after the back-hand step in rounds 2 and 3),
    then every player may mulligan once (PM-9)."""
    state = table.state
    state.phase = "mulligan"
    state.turn = None
    state.passes = 0
    table.public(RoundStarted, round=state.round, starter=state.starter)
    for player in state.players:
        seat = table.seat(player)
        seat.ready = False
        seat.kept = not seat.back_hand
        if seat.kept:
            table.draw(player, HAND_SIZE - len(seat.hand), "round_start")
    skip_empty_mulligans(table)
    awaited = mulligan_must(state)
    if awaited:
        open_phase(table, "mulligan", awaited)
    else:
        start_turns(table)


def after_mulligan_step(table: Table) -> None:
    """PM-9: the turns start once both players have mulliganed."""
    if not mulligan_must(table.state):
        start_turns(table)


def start_turns(table: Table) -> None:
    state = table.state
    state.phase = "turn"
    state.passes = 0
    assert state.starter is not None
    next_turn(table, state.starter)


def run_steps(table: Table, choice: str | None) -> None:
    """Resolve the steps in order; stop at a decision someone must make. A decision with
    a single option that both players can see coming is taken at once (PM-D15)."""
    state = table.state
    while state.steps:
        step = state.steps[0]
        ask = resolve_step(table, step, choice)
        choice = None
        if ask is None:
            state.steps.pop(0)
            if step.kind == "effect" and table.spec(step.card).kind == "utility":
                table.junk(step.card)
            continue
        options = ask.decision.options
        if ask.auto and len(options) == 1:
            choice = options[0].id
            continue
        state.pending = ask.decision
        state.phase = "choice"
        decision = ask.decision
        if decision.secret:
            table.private(decision.player, ChoiceOffered, options=options)
        open_phase(
            table,
            "choice",
            [decision.player],
            kind=decision.kind,
            card=table.shown(decision.card),
            slot=decision.slot,
            prompt=decision.prompt,
            options=None if decision.secret else options,
        )
        return
    state.pending = None
    state.phase = "turn"
    assert state.turn is not None
    next_turn(table, table.other(state.turn))


def next_turn(table: Table, player: str) -> None:
    """PM-5: turns alternate; two passes in succession, or two empty hands, resolve the
    round. PM-D20: only a player with no cards passes by themself."""
    state = table.state
    state.turn = player
    while True:
        if state.passes >= 2 or not any(table.seat(p).hand for p in state.players):
            close_round(table)
            return
        current = state.turn
        if table.seat(current).hand:
            open_phase(table, "turn", [current])
            return
        state.passes += 1
        table.public(Passed, player=current, auto=True)
        state.turn = table.other(current)


def close_round(table: Table) -> None:
    """The round is resolved (`resolve_round`); PM-8: best of three; PM-9: the loser starts
    the next round."""
    state = table.state
    winner = resolve_round(table)
    over, champion = match_over(state.rounds, {p: table.seat(p).wins for p in state.players})
    if over:
        end_match(table, champion, None)
        return
    loser = None if winner is None else table.other(winner)
    assert state.starter is not None
    state.starter = loser if loser is not None else table.other(state.starter)
    state.round += 1
    begin_round(table)
