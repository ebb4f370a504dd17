"""How the draft runs on: the host's close-phase taking a step's default (MB-D8), and who may
act now (the contract's `turn`)."""

from __future__ import annotations

from games.core.contract import Phase, Turn
from games.core.events import Event
from games.core.speech import N_
from games.marsbot_draft.finish import buy, end_draft, marsbot_discards, shuffle_action_deck
from games.marsbot_draft.model import State
from games.marsbot_draft.phases import opened, title
from games.marsbot_draft.rounds import whole_round


def close_phase(state: State) -> list[Event]:
    """MB-D8: the host's close-phase takes a phase's default: in a whole draft the first
    card of the player's pile, or buying nothing; at the table, the discard or the deck,
    which need nothing from the player; a table round, which does, closes the draft."""
    if state.phase == "buy":
        return buy(state, [])
    if state.options.mode == "whole-draft":
        return whole_round(state, state.player_pile[0], default=True)
    if state.phase == "discard":
        return [marsbot_discards(state), opened(state)]
    if state.phase == "deck":
        return end_draft(state, "done", [shuffle_action_deck(state)])
    return end_draft(state, "closed", [])


def turn(state: State) -> Turn:
    table = state.options.mode == "table"
    on_deadline = {
        "pick": N_("The draft closes where it stands.")
        if table
        else N_("You take the first card of your pile."),
        "discard": N_("MARSBOT discards."),
        "deck": N_("MARSBOT's action deck is shuffled."),
        "buy": N_("You buy none of your cards."),
        "ended": N_("Nothing: the draft is over."),
    }[state.phase]
    phase = Phase(
        name=state.phase,
        title=title(state),
        round=state.round if state.phase == "pick" else None,
        clock=None if state.phase == "ended" else "step",
        id="ended" if state.phase == "ended" else f"{state.phase}-{state.waits}",
        on_deadline=on_deadline,
    )
    active = [] if state.phase == "ended" else [state.player]
    return Turn(phase=phase, players=[state.player], out=state.out, must=active, may=active)
