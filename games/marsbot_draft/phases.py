"""The draft's steps: which is open and its title, the `phase_opened` that tells it, and the
checks that a move is the player's and belongs to the step open now (MB-D8)."""

from __future__ import annotations

from typing import Any

from games.core.errors import RuleError
from games.core.events import Event
from games.marsbot_draft.events import DraftPhaseOpened
from games.marsbot_draft.model import ROUNDS, State
from games.marsbot_draft.piles import (
    expected,
    forced,
    marsbot_pile_shown,
    names,
    own_pile,
    pile_size,
)


def check_player(state: State, actor: str) -> None:
    if actor != state.player or actor in state.out:
        raise RuleError("not_playing", f"This is {state.player}'s draft: only they play it.")


def expect(state: State, mode: str, phase: str, what: str) -> None:
    if state.options.mode != mode:
        raise RuleError(
            "wrong_mode",
            f"{what} is for a draft at the table: in this whole draft the bot deals the "
            "piles and makes MARSBOT's discard and action deck itself."
            if mode == "table"
            else f"{what} is for a whole draft: at the table you buy your cards yourself.",
        )
    if state.phase != phase:
        raise RuleError("not_now", f"{what} is not open now: {title(state)}.")


def title(state: State) -> str:
    if state.phase == "pick":
        what = (
            f"MARSBOT's pile of {pile_size(state.round)}"
            if state.options.mode == "table"
            else "your card"
        )
        return f"Round {state.round} of {ROUNDS}: {what}"
    return {
        "discard": "MARSBOT's discard",
        "deck": "MARSBOT's action deck",
        "buy": "Buying your cards",
        "ended": "The draft is over",
    }[state.phase]


def opened(state: State) -> Event:
    state.waits += 1
    data: dict[str, Any] = {"phase": state.phase}
    if state.phase == "pick":
        data["round"] = state.round
        data["size"] = pile_size(state.round)
        if state.options.mode == "whole-draft":
            data["player_pile"] = names(state.player_pile)
            data["marsbot_pile"] = names(marsbot_pile_shown(state)) or None
            data["forced"] = forced(state)
        else:
            yours = own_pile(state)
            data["player_pile"] = names(yours) if yours is not None else None
            data["expected"] = expected(state)
            data["own_first"] = state.options.own_first
    if state.phase == "buy":
        data["cards"] = names(state.player_kept)
    return DraftPhaseOpened(**data).told()
