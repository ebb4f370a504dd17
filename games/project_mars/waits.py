"""Which decision a match of Project Mars waits for (`decision`: the one place that tells them
apart), whom each waits for and its phase as the bot shows it (`decisions.TABLE` reads them;
the flow asks the first when a step of both players at once is over). The decisions, in the
order a match holds them open (docs/rules/project-mars.md): the deck phase (PM-1, PM-D1); a
round's back hands and mulligans, both players at once (PM-9, PM-D2); the turns, one card or a
pass each (PM-5); a choice a card asks for (PM-D15); the end (PM-8). Not to be mistaken for a
card's pending choice (`model.Decision`), which is what the "choice" decision waits on."""

from __future__ import annotations

from typing import Literal

from games.core.contract import Phase
from games.core.speech import N_
from games.project_mars.model import State

Decision = Literal["deck", "mulligan", "turn", "choice", "ended"]


def decision(state: State) -> Decision:
    """The decision the match waits for now: its phase."""
    return state.phase


def deck_must(state: State) -> list[str]:
    """PM-D1: the players who have not chosen a deck."""
    return [p for p in state.players if state.seats[p].deck_name is None]


def mulligan_must(state: State) -> list[str]:
    """PM-9: the players who have not sorted their back hand and mulliganed."""
    return [p for p in state.players if not state.seats[p].ready]


def choice_must(state: State) -> list[str]:
    """PM-D15: the player the card's choice is theirs to make."""
    return [] if state.pending is None else [state.pending.player]


def turn_must(state: State) -> list[str]:
    """PM-5: the player whose turn it is."""
    return [] if state.turn is None else [state.turn]


def nobody(state: State) -> list[str]:
    return []


def ended_phase(state: State) -> Phase:
    return Phase(
        name="ended",
        title=N_("Match over"),
        clock=None,
        id="ended",
        on_deadline=N_("Nothing: the match is over."),
    )


def deck_phase(state: State) -> Phase:
    return Phase(
        name="deck",
        title=N_("Choosing decks"),
        clock="turn",
        id=f"deck-{state.waits}",
        on_deadline=N_("Whoever has not chosen a deck gets Vanguard."),
    )


def mulligan_phase(state: State) -> Phase:
    title = (
        N_("Round {round}: back hands and mulligans")
        if state.round > 1
        else N_("Round {round}: mulligans")
    )
    return Phase(
        name="mulligan",
        title=title.format(round=state.round),
        round=state.round,
        clock="turn",
        id=f"mulligan-{state.waits}",
        on_deadline=N_(
            "Whoever has not finished keeps their whole back hand and trades nothing in."
        ),
    )


def choice_phase(state: State) -> Phase:
    pending = state.pending
    assert pending is not None
    takes = (
        N_("{player} takes the first option.")
        if pending.secret
        else N_("{player} takes the first option: {option}.")
    )
    return Phase(
        name="choice",
        title=N_("Round {round}: {player}'s choice for the {card}").format(
            round=state.round, player=pending.player, card=state.cards[pending.card].spec.name
        ),
        round=state.round,
        clock="turn",
        id=f"choice-{state.waits}",
        on_deadline=takes.format(player=pending.player, option=pending.options[0].label),
    )


def turn_phase(state: State) -> Phase:
    return Phase(
        name="turn",
        title=N_("Round {round}: {player}'s turn").format(round=state.round, player=state.turn),
        round=state.round,
        clock="turn",
        id=f"turn-{state.waits}",
        on_deadline=N_("{player} passes.").format(player=state.turn),
    )
