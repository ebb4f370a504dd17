"""What each of the draft's decisions offers: one table (`TABLE`), keyed by the one function
that says which is open (`games.marsbot_draft.phases.decision`), as Atrades has them
(`games.atrades.decisions`, after boardgame.io's phase map, `src/core/flow.ts`). The turn and
the phase (`turn`), the legal actions (`legal_actions`) and the host's close-phase
(`close_phase`) read it. No decision puts a button on the channel's board: the draft is
played from the player's own messages (MB-D8)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.core.contract import Action, Phase, Turn
from games.core.errors import RuleError
from games.core.events import Event
from games.core.speech import N_
from games.marsbot_draft import legal
from games.marsbot_draft.finish import buy, end_draft, marsbot_discards, shuffle_action_deck
from games.marsbot_draft.model import State
from games.marsbot_draft.phases import Decision, decision, opened, title
from games.marsbot_draft.rounds import whole_round


def _no_actions(state: State) -> list[Action]:
    return []


def _over(state: State) -> list[Event]:
    raise RuleError("ended", "The draft is over.")


@dataclass(frozen=True, slots=True)
class Offer:
    """What one decision offers: whether it takes moves at all (`open`), what the host's
    close-phase (or a deadline the host set) does, in words (`on_deadline`) and in deed
    (`close`, MB-D8: the decision's default), the player's legal actions, and their kinds
    (`keys`)."""

    open: bool
    on_deadline: str
    close: Callable[[State], list[Event]]
    actions: Callable[[State], list[Action]]
    keys: frozenset[str]


TABLE: dict[Decision, Offer] = {
    "round": Offer(
        open=True,
        on_deadline=N_("You take the first card of your pile."),
        close=lambda state: whole_round(state, state.player_pile[0], default=True),
        actions=legal.round_actions,
        keys=frozenset({"take"}),
    ),
    "table_round": Offer(
        open=True,
        on_deadline=N_("The draft closes where it stands."),
        close=lambda state: end_draft(state, "closed", []),
        actions=legal.table_round_actions,
        keys=frozenset({"take", "pick"}),
    ),
    "discard": Offer(
        open=True,
        on_deadline=N_("MARSBOT discards."),
        close=lambda state: [marsbot_discards(state), opened(state)],
        actions=legal.discard_actions,
        keys=frozenset({"discard"}),
    ),
    "deck": Offer(
        open=True,
        on_deadline=N_("MARSBOT's action deck is shuffled."),
        close=lambda state: end_draft(state, "done", [shuffle_action_deck(state)]),
        actions=legal.deck_actions,
        keys=frozenset({"deck"}),
    ),
    "buy": Offer(
        open=True,
        on_deadline=N_("You buy none of your cards."),
        close=lambda state: buy(state, []),
        actions=legal.buy_actions,
        keys=frozenset({"buy", "buy-none"}),
    ),
    "ended": Offer(
        open=False,
        on_deadline=N_("Nothing: the draft is over."),
        close=_over,
        actions=_no_actions,
        keys=frozenset(),
    ),
}


def offer(state: State) -> Offer:
    """What the decision open now offers."""
    return TABLE[decision(state)]


def close_phase(state: State) -> list[Event]:
    """MB-D8: the host's close-phase takes the open decision's default (`Offer.close`)."""
    return offer(state).close(state)


def legal_actions(state: State, player: str) -> list[Action]:
    """The open decision's actions, the drafter's alone."""
    return offer(state).actions(state) if player == state.player else []


def turn(state: State) -> Turn:
    """The drafter is waited for at every decision but the end; each wait is a phase of its
    own (`State.waits`), on the step clock the host may set."""
    found = offer(state)
    phase = Phase(
        name=state.phase,
        title=title(state),
        round=state.round if state.phase == "pick" else None,
        clock="step" if found.open else None,
        id=f"{state.phase}-{state.waits}" if found.open else "ended",
        on_deadline=found.on_deadline,
    )
    active = [state.player] if found.open else []
    return Turn(phase=phase, players=[state.player], out=state.out, must=active, may=active)
