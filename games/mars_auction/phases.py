"""Which decision is open now (`decision`: the one place that tells them apart; what each
offers is `games.mars_auction.decisions.TABLE`), and what the table reads of each: whom it
waits for and who may act, and its phase as the bot shows it; with them the setup's bidding
rounds (L17), the cards markers may go on, and whom a keep or buy step asks.

The decisions, in the order an auction holds them open (docs/rules/mars-auction.md): the
research auction's budgets (L9); a bidding turn, markers in the limited variant (L6-L9) or a
bid on the card up for auction in the unlimited one (U2-U5); the companies or preludes kept
(L14, L15); the projects bought (L16); then the wait for the host (MA-D6, MA-D11), and the
end."""

from __future__ import annotations

from typing import Literal

from games.core.contract import Phase
from games.core.errors import RuleError
from games.core.speech import N_
from games.mars_auction import budgets
from games.mars_auction.model import (
    KEEP,
    MAX_ON_CARD,
    DisplayCard,
    Kind,
    State,
)

Decision = Literal["budget", "markers", "lot", "keep", "buy", "waiting", "ended"]
#: The decisions that are one player's bidding turn (`State.step` "bidding").
BIDDING: frozenset[Decision] = frozenset({"markers", "lot"})


def decision(state: State) -> Decision:
    """The decision the match waits for now: the step, a bidding turn told by its variant."""
    step = state.step
    if step == "bidding":
        return "markers" if state.options.variant == "limited" else "lot"
    return step


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
    if decision(state) == "keep":
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
        raise RuleError("unknown_player", "{player} is not playing in this match.", player=player)
    if state.seats[player].kicked:
        raise RuleError(
            "already_out", "{player} is no longer playing in this match.", player=player
        )


def my_turn(state: State, player: str) -> None:
    """A bidding turn's move is the bidder's alone."""
    if state.to_act != player:
        raise RuleError(
            "not_your_turn", "It is {player}'s turn, not yours.", player=state.to_act or ""
        )


def bidder(state: State) -> str | None:
    """Whose bidding turn it is; nobody outside a bidding turn (where `State.to_act` may
    still name the last bidder of the unlimited variant's lots)."""
    return state.to_act if decision(state) in BIDDING else None


def bidder_must(state: State) -> list[str]:
    """A bidding turn waits for its bidder, the only one who may act."""
    player = bidder(state)
    return [] if player is None else [player]


def budget_must(state: State) -> list[str]:
    return [p for p in budget_may(state) if state.seats[p].money is None]


def budget_may(state: State) -> list[str]:
    """Every player still in may state a budget, and change it until bidding starts."""
    return [p for p in state.players if not state.seats[p].kicked]


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


def waiting_phase(state: State) -> Phase:
    title = (
        N_("Waiting for the host to open the first research auction or end the match")
        if state.generation == 0 and state.auction == "research"
        else N_(
            "Waiting for the host to open the next generation's research auction or end the match"
        )
    )
    return Phase(
        name="waiting",
        title=title,
        clock=None,
        id=f"waiting-{state.waits}",
        on_deadline=N_("Nothing: the host opens the next auction or ends the match."),
    )


def _auction_phase(state: State, *, name: str, title: str, clock: str, on_deadline: str) -> Phase:
    """A phase of an auction: it shows the setup's round or the generation, and its id
    changes with each wait the match begins."""
    return Phase(
        name=name,
        title=title,
        round=state.round if state.auction == "setup" else state.generation,
        clock=clock,
        id=f"{name}-{state.waits}",
        on_deadline=on_deadline,
    )


def budget_phase(state: State) -> Phase:
    return _auction_phase(
        state,
        name="budget",
        title=N_("Budgets for {auction}").format(auction=auction_words(state)),
        clock="step",
        on_deadline=N_(
            "Whoever has not stated a budget keeps as their budget the M€ they had left, by "
            "Dealer's count (0 if none)."
        ),
    )


#: A keep step's title, by the kind kept (companies or preludes: projects are bought), and
#: what its deadline does (L15, MA-D5).
KEEP_TITLES: dict[Kind, str] = {
    "company": N_("Choosing companies to keep, {auction}"),
    "prelude": N_("Choosing preludes to keep, {auction}"),
}
KEEP_DEADLINES: dict[Kind, str] = {
    "company": N_("Whoever has not chosen keeps their first {count} company in display order."),
    "prelude": N_("Whoever has not chosen keeps their first {count} preludes in display order."),
}


def keep_phase(state: State) -> Phase:
    kind = state.kind or "company"
    return _auction_phase(
        state,
        name="keep",
        title=KEEP_TITLES[kind].format(auction=auction_words(state)),
        clock="step",
        on_deadline=KEEP_DEADLINES[kind].format(count=KEEP[kind]),
    )


def buy_phase(state: State) -> Phase:
    return _auction_phase(
        state,
        name="buy",
        title=N_("Buying won projects, {auction}").format(auction=auction_words(state)),
        clock="step",
        on_deadline=N_(
            "Whoever has not chosen buys none of the projects they won; their bids stay paid."
        ),
    )


def markers_phase(state: State) -> Phase:
    """L6: the bidder's turn; at its deadline they pass for the round (MA-D5)."""
    return _bidding_phase(
        state, N_("{player} passes for the rest of this round.").format(player=state.to_act or "")
    )


def lot_phase(state: State) -> Phase:
    """U2, U3: the bidder's turn on the card up for auction; at its deadline the opener
    opens at 0, anyone else passes on the card (MA-D5)."""
    player = state.to_act or ""
    if state.lot is not None and state.lot.high is None:
        return _bidding_phase(state, N_("{player} opens the card at 0 M€.").format(player=player))
    return _bidding_phase(state, N_("{player} passes on this card.").format(player=player))


def _bidding_phase(state: State, then: str) -> Phase:
    auction, player = auction_words(state, capital=True), state.to_act or ""
    if state.lot is None:
        title = N_("{auction}: {player}'s turn").format(auction=auction, player=player)
    else:
        card = next(c for c in state.display if c.number == state.lot.number)
        title = N_("{auction}, card {number} ({card}): {player}'s turn").format(
            auction=auction, number=card.number, card=card.name, player=player
        )
    return _auction_phase(
        state,
        name="bidding",
        title=title,
        clock="turn",
        on_deadline=then,
    )


def auction_words(state: State, *, capital: bool = False) -> str:
    """The auction under way, inside a title ("setup auction, round 2 of 3"), or `capital`
    at its start."""
    if state.auction == "setup":
        if state.options.variant == "limited":
            setup = (
                N_("Setup auction, round {round} of {rounds}")
                if capital
                else N_("setup auction, round {round} of {rounds}")
            )
            return setup.format(round=state.round, rounds=SETUP_ROUNDS)
        return N_("Setup auction") if capital else N_("setup auction")
    research = (
        N_("Generation {generation}'s research auction")
        if capital
        else N_("generation {generation}'s research auction")
    )
    return research.format(generation=state.generation)
