"""Which decision is open now: the setup's bidding rounds (L17), the cards markers may go on,
whose turn it is, whom a keep or buy step asks, and the phase and turn the bot shows."""

from __future__ import annotations

from games.core.contract import Phase
from games.core.errors import RuleError
from games.mars_auction import budgets
from games.mars_auction.model import (
    KEEP,
    KIND_WORDS,
    MAX_ON_CARD,
    DisplayCard,
    Kind,
    State,
)

#: The setup's bidding rounds and the kinds each one bids on, then evaluates (L17).
SETUP_ROUNDS = 3
BIDS_ON: dict[int, tuple[Kind, ...]] = {
    1: ("company", "prelude", "project"),
    2: ("prelude", "project"),
    3: ("project",),
}
EVALUATES: dict[int, Kind] = {1: "company", 2: "prelude", 3: "project"}


def biddable(state: State) -> list[DisplayCard]:
    """The cards markers may go on now (L17: by round in the setup)."""
    kinds = BIDS_ON[state.round] if state.auction == "setup" else ("project",)
    return [c for c in state.display if not c.done and c.kind in kinds]


def can_place(state: State, player: str) -> bool:
    return budgets.room(state, player) >= 1 and any(
        c.markers.get(player, 0) < MAX_ON_CARD for c in biddable(state)
    )


def first_active(state: State, index: int) -> int:
    n = len(state.players)
    for step in range(n):
        if not state.seats[state.players[(index + step) % n]].kicked:
            return (index + step) % n
    return index


def won(state: State, player: str, kind: Kind) -> list[str]:
    """The cards of `kind` the player won in this auction, in display order."""
    return [
        c.name
        for c in state.display
        if c.kind == kind and c.winner == player and c.name in state.seats[player].won
    ]


def waiting_for(state: State) -> list[str]:
    """Who the keep or buy step still waits for."""
    return [p for p in choosers(state) if state.seats[p].choice is None]


def choosers(state: State) -> list[str]:
    kind = state.kind or "project"
    if state.step == "keep":
        return [
            p
            for p in state.players
            if not state.seats[p].kicked and len(won(state, p, kind)) > KEEP[kind]
        ]
    return [p for p in state.players if not state.seats[p].kicked and won(state, p, "project")]


def lot_card(state: State) -> DisplayCard:
    """The card up for auction (unlimited)."""
    lot = state.lot
    assert lot is not None
    return next(c for c in state.display if c.number == lot.number)


def next_first_player(state: State) -> str:
    """L17: the next generation's first player unless the host names another: the seat
    after the last generation's (still playing); before any generation, the match's first
    player."""
    last = state.first if state.first is not None else state.starter - 1
    return state.players[first_active(state, last + 1)]


def check_player(state: State, player: str) -> None:
    if player not in state.players:
        raise RuleError("unknown_player", f"{player} is not playing in this match.")
    if state.seats[player].kicked:
        raise RuleError("already_out", f"{player} is no longer playing in this match.")


def my_turn(state: State, player: str) -> None:
    if state.step != "bidding":
        raise RuleError("wrong_step", f"Nobody bids now ({step_words(state)}).")
    if state.to_act != player:
        raise RuleError("not_your_turn", f"It is {state.to_act}'s turn, not yours.")


def phase(state: State) -> Phase:
    step = state.step
    if step == "ended":
        return Phase(
            name="ended",
            title="Match over",
            clock=None,
            id="ended",
            on_deadline="Nothing: the match is over.",
        )
    if step == "waiting":
        what = (
            "the first research auction"
            if state.generation == 0 and state.auction == "research"
            else "the next generation's research auction"
        )
        return Phase(
            name="waiting",
            title=f"Waiting for the host to open {what} or end the match",
            clock=None,
            id=f"waiting-{state.waits}",
            on_deadline="Nothing: the host opens the next auction or ends the match.",
        )
    where = auction_words(state)
    round_ = state.round if state.auction == "setup" else state.generation
    if step == "budget":
        return Phase(
            name="budget",
            title=f"Budgets for {where}",
            round=round_,
            clock="step",
            id=f"{step}-{state.waits}",
            on_deadline="Whoever has not stated a budget keeps as their budget the M€ "
            "they had left, by Dealer's count (0 if none).",
        )
    if step == "keep":
        kind = state.kind or "company"
        return Phase(
            name="keep",
            title=f"Choosing {KIND_WORDS[kind]} to keep, {where}",
            round=round_,
            clock="step",
            id=f"{step}-{state.waits}",
            on_deadline=f"Whoever has not chosen keeps their first {KEEP[kind]} "
            f"{KIND_WORDS[kind] if KEEP[kind] > 1 else kind} in display order.",
        )
    if step == "buy":
        return Phase(
            name="buy",
            title=f"Buying won projects, {where}",
            round=round_,
            clock="step",
            id=f"{step}-{state.waits}",
            on_deadline="Whoever has not chosen buys none of the projects they won; "
            "their bids stay paid.",
        )
    player = state.to_act or ""
    if state.options.variant == "limited":
        then = f"{player} passes for the rest of this round."
    elif state.lot is not None and state.lot.high is None:
        then = f"{player} opens the card at 0 M€."
    else:
        then = f"{player} passes on this card."
    lot = ""
    if state.lot is not None:
        card = next(c for c in state.display if c.number == state.lot.number)
        lot = f", card {card.number} ({card.name})"
    return Phase(
        name="bidding",
        title=f"{where.capitalize()}{lot}: {player}'s turn",
        round=round_,
        clock="turn",
        id=f"bidding-{state.waits}",
        on_deadline=then,
    )


def step_words(state: State) -> str:
    return phase(state).title


def auction_words(state: State) -> str:
    if state.auction == "setup":
        return (
            f"setup auction, round {state.round} of {SETUP_ROUNDS}"
            if (state.options.variant == "limited")
            else "setup auction"
        )
    return f"generation {state.generation}'s research auction"


def must(state: State) -> list[str]:
    """Who the step still waits for (`Turn.must`), worked out without the rest of the
    turn: random playouts ask it for every move."""
    if state.step == "bidding" and state.to_act is not None:
        return [state.to_act]
    if state.step == "budget":
        return [p for p in may(state) if state.seats[p].money is None]
    if state.step in ("keep", "buy"):
        return list(waiting_for(state))
    return []


def may(state: State) -> list[str]:
    """Who may act now (`Turn.may`), worked out without the rest of the turn (the
    phase's words): `legal_actions` asks it for every player."""
    if state.step == "bidding" and state.to_act is not None:
        return [state.to_act]
    if state.step == "budget":
        return [p for p in state.players if not state.seats[p].kicked]
    if state.step in ("keep", "buy"):
        return list(choosers(state))
    return []
