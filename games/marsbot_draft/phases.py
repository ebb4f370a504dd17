"""The draft's steps: which is open (`decision`, the one place that says it; what each offers
is `games.marsbot_draft.decisions.TABLE`) and its title, the `phase_opened` that tells it,
and the checks that a move is the player's and belongs to the step open now (MB-D8)."""

from __future__ import annotations

from typing import Any, Literal

from games.core.errors import RuleError
from games.core.events import Event
from games.core.speech import N_
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

#: The draft's decisions, in the order it holds them open: a round of a whole draft (the
#: player's card from their pile, §3.3), a round at the table (the card the player took and
#: MARSBOT's pile, MB-D4), MARSBOT's discard and action deck at the table (§3.4), buying the
#: cards kept (§3.5), the end.
Decision = Literal["round", "table_round", "discard", "deck", "buy", "ended"]


def decision(state: State) -> Decision:
    """The decision open now."""
    if state.phase == "pick":
        return "round" if state.options.mode == "whole-draft" else "table_round"
    return state.phase


def check_player(state: State, actor: str) -> None:
    if actor != state.player or actor in state.out:
        raise RuleError(
            "not_playing", "This is {player}'s draft: only they play it.", player=state.player
        )


def expect(state: State, mode: str, phase: str, what: str) -> None:
    if state.options.mode != mode and mode == "table":
        raise RuleError(
            "wrong_mode",
            "{what} is for a draft at the table: in this whole draft the bot deals the "
            "piles and makes MARSBOT's discard and action deck itself.",
            what=what,
        )
    if state.options.mode != mode:
        raise RuleError(
            "wrong_mode",
            "{what} is for a whole draft: at the table you buy your cards yourself.",
            what=what,
        )
    if state.phase != phase:
        raise RuleError("not_now", "{what} is not open now: {now}.", what=what, now=title(state))


def title(state: State) -> str:
    """The open decision's title."""
    match decision(state):
        case "round":
            what = N_("your card")
        case "table_round":
            what = N_("MARSBOT's pile of {size}").format(size=pile_size(state.round))
        case "discard":
            return N_("MARSBOT's discard")
        case "deck":
            return N_("MARSBOT's action deck")
        case "buy":
            return N_("Buying your cards")
        case "ended":
            return N_("The draft is over")
    return N_("Round {round} of {rounds}: {what}").format(
        round=state.round, rounds=ROUNDS, what=what
    )


def opened(state: State) -> Event:
    state.waits += 1
    data: dict[str, Any] = {"phase": state.phase}
    open_now = decision(state)
    if open_now in ("round", "table_round"):
        data["round"] = state.round
        data["size"] = pile_size(state.round)
    if open_now == "round":
        data["player_pile"] = names(state.player_pile)
        data["marsbot_pile"] = names(marsbot_pile_shown(state)) or None
        data["forced"] = forced(state)
    elif open_now == "table_round":
        yours = own_pile(state)
        data["player_pile"] = names(yours) if yours is not None else None
        data["expected"] = expected(state)
        data["own_first"] = state.options.own_first
    elif open_now == "buy":
        data["cards"] = names(state.player_kept)
    return DraftPhaseOpened(**data).told()
