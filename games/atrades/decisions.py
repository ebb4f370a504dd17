"""Which decision an Atrades match waits for, and what each offers: one function
(`waits.decision`) and one table (`TABLE`), as boardgame.io's phase and stage map
(`src/core/flow.ts`) names each phase's moves, turn and end once. Everything that asks "what
is open now" reads them: the engine's moves (`play`), the turn (`must`, `may`, `phases`),
the legal actions (`actions`), the board's buttons (`outline`), what a deadline does
(`close`); the public view carries the decision's name, from which the pictures' status
words are chosen (`games.atrades.render.words.phase_title`).

The decisions, in the order the flow holds them open (docs/rules/atrades.md "A round, as the
flow runs it"): the end; the turn-order bids; the market's expansions; a merger's open
round, its sealed round and its settlement; a free Acquire owed after it; the acting guild's
action."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from games.atrades import flow, legal, outline, play, waits
from games.atrades.model import State
from games.atrades.waits import Decision, Wait, decision
from games.core.contract import Action, BoardAction, Phase

if TYPE_CHECKING:
    from games.atrades.views import PublicView


def _nobody(state: State) -> list[int]:
    return []


def _no_offers(state: State, seat: int) -> list[legal.Offered]:
    return []


def _no_buttons(public: PublicView) -> list[BoardAction]:
    return []


def _no_deadline(table: flow.Table) -> None:
    """The game is over: nothing closes."""


@dataclass(frozen=True, slots=True)
class Offer:
    """What one decision offers: whom it waits for (`must`; `may`, when others may act
    too), its own phase and those enclosing it (outermost first), each guild's legal
    actions (`offers`: each made when asked, or drawn by a random playout without being
    made), the board's buttons from the public view (none where every action is sealed),
    what its deadline does, and what a guild's move does in it. `keys` are the kinds of
    action it may offer (`sealed` those made in private)."""

    must: Callable[[State], list[int]]
    phase: Callable[[State], Wait]
    enclosing: Callable[[State], list[Phase]]
    offers: Callable[[State, int], list[legal.Offered]]
    outline: Callable[[PublicView], list[BoardAction]]
    close: Callable[[flow.Table], None]
    play: Callable[[flow.Table, int, Any], None]
    keys: frozenset[str]
    sealed: frozenset[str] = frozenset()
    may: Callable[[State], list[int]] | None = None


TABLE: dict[Decision, Offer] = {
    "ended": Offer(
        must=_nobody,
        phase=waits.ended_phase,
        enclosing=waits.nothing_encloses,
        offers=_no_offers,
        outline=_no_buttons,
        close=_no_deadline,
        play=play.over,
        keys=frozenset(),
    ),
    # AT-D23: every guild still in may bid again until the last bid is in.
    "bids": Offer(
        must=waits.bids_must,
        may=flow.active,
        phase=waits.bids_phase,
        enclosing=waits.in_the_round,
        offers=legal.bid_offers,
        outline=_no_buttons,
        close=flow.close_bids,
        play=play.bid,
        keys=frozenset({"bid"}),
        sealed=frozenset({"bid"}),
    ),
    "expansion": Offer(
        must=waits.expansion_must,
        phase=waits.expansion_phase,
        enclosing=waits.in_the_market,
        offers=legal.expansion_offers,
        outline=outline.expansion_outline,
        close=flow.close_expansion,
        play=play.expansion,
        keys=frozenset({"expand", "decline"}),
    ),
    "open": Offer(
        must=waits.open_must,
        phase=waits.open_phase,
        enclosing=waits.in_the_merger,
        offers=legal.open_offers,
        outline=outline.open_outline,
        close=flow.close_open,
        play=play.auction,
        keys=frozenset({"raise", "pass"}),
    ),
    "sealed": Offer(
        must=waits.sealed_must,
        phase=waits.sealed_phase,
        enclosing=waits.in_the_merger,
        offers=legal.sealed_offers,
        outline=_no_buttons,
        close=flow.close_sealed,
        play=play.auction,
        keys=frozenset({"final_bid", "drop"}),
        sealed=frozenset({"final_bid", "drop"}),
    ),
    "settle": Offer(
        must=waits.settle_must,
        phase=waits.settle_phase,
        enclosing=waits.in_the_merger,
        offers=legal.settle_offers,
        outline=outline.settle_outline,
        close=flow.close_settle,
        play=play.auction,
        keys=frozenset({"settle"}),
    ),
    "free_acquire": Offer(
        must=waits.free_acquire_must,
        phase=waits.free_acquire_phase,
        enclosing=waits.in_the_action,
        offers=legal.free_acquire_offers,
        outline=outline.free_acquire_outline,
        close=flow.close_free_acquire,
        play=play.free_acquire,
        keys=frozenset({"acquire", "decline"}),
    ),
    "action": Offer(
        must=waits.action_must,
        phase=waits.action_phase,
        enclosing=waits.in_the_actions,
        offers=legal.turn_offers,
        outline=outline.turn_outline,
        close=flow.close_action,
        play=play.action,
        keys=frozenset({"acquire", "merge", "merge_free", "govt", "research", "pass"}),
    ),
}


def offer(state: State) -> Offer:
    """What the decision open now offers."""
    return TABLE[decision(state)]


def must(state: State) -> list[int]:
    """Who the innermost phase waits for, from what everyone knows."""
    return offer(state).must(state)


def may(state: State) -> list[int]:
    """Who may act now: those the decision waits for, and in the turn-order bids every
    guild still in. Each has at least one legal action (a pass, a bid of $0, dropping out,
    letting a choice go), so this is exactly the guilds whose `actions` are not empty."""
    found = offer(state)
    return (found.may or found.must)(state)


def phases(state: State) -> list[Phase]:
    """The phases now, outermost first: round › turn-order bids | actions › a guild's
    action › merger › open round | sealed round | settlement, or › free Acquire; market ›
    expansion; the end. The innermost one's id carries `flow.waits`."""
    found = offer(state)
    return [*found.enclosing(state), found.phase(state).phase()]


def phase(state: State) -> Phase:
    """The innermost phase now: the decision's own (`phases`' last)."""
    return offer(state).phase(state).phase()


def actions(state: State, seat: int) -> list[Action]:
    """The seat's legal actions now; none for a removed guild."""
    return legal.made_all(offers(state, seat))


def offers(state: State, seat: int, found: Offer | None = None) -> list[legal.Offered]:
    """`actions`, in their order, each made when asked: a random playout draws its move from
    one without making it; `found`: the decision open now (`offer`), where the caller has it."""
    if seat in state.out:
        return []
    return (offer(state) if found is None else found).offers(state, seat)


def close_phase(table: flow.Table) -> None:
    """AT-D25, what the open decision's deadline does (`Offer.close`)."""
    offer(table.state).close(table)
