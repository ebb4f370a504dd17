"""Which decision an Atrades match waits for (`decision`: the one place that tells them
apart), whom each waits for and the phases it is in, nested, outermost first
(`decisions.TABLE` reads them): the round, the turn-order bids, the market's expansions, a
guild's action, a merger's open round, sealed round and settlement, a free Acquire."""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from games.atrades.flow import acting, active, bidders, company_name
from games.atrades.merger import to_bid
from games.atrades.model import State
from games.core.contract import Phase
from games.core.speech import N_

Decision = Literal[
    "ended", "bids", "expansion", "open", "sealed", "settle", "free_acquire", "action"
]


def decision(state: State) -> Decision:
    """The decision the match waits for now: the one place that tells them apart."""
    flow_, merger = state.flow, state.merger
    if flow_.step == "ended":
        return "ended"
    if flow_.step == "bids":
        return "bids"
    if flow_.step == "expansions":
        return "expansion"
    if merger is not None:
        if merger.step == "open":
            return "open"
        return "sealed" if merger.step == "sealed" else "settle"
    if state.free_acquires:
        return "free_acquire"
    return "action"


def bids_must(state: State) -> list[int]:
    return [s for s in active(state) if s not in state.bids]


def expansion_must(state: State) -> list[int]:
    return [state.company(state.expansions[0]).owner]


def open_must(state: State) -> list[int]:
    assert state.merger is not None
    seat = to_bid(state.merger)
    return [] if seat is None else [seat]


def sealed_must(state: State) -> list[int]:
    merger = state.merger
    assert merger is not None
    return [s for s in bidders(merger) if s not in merger.sealed]


def settle_must(state: State) -> list[int]:
    assert state.merger is not None
    winner = state.merger.winner
    return [] if winner is None else [winner]


def free_acquire_must(state: State) -> list[int]:
    return [state.free_acquires[0]]


def action_must(state: State) -> list[int]:
    seat = acting(state)
    return [] if seat is None or state.flow.acted else [seat]


def ended_phases(state: State) -> list[Phase]:
    return [
        Phase(
            name="ended",
            title=N_("Game over"),
            clock=None,
            id="ended",
            on_deadline=N_("Nothing: the game is over."),
        )
    ]


def _round(state: State) -> Phase:
    r = state.round
    title = N_("Round {round} (era {era})").format(round=r, era=state.era)
    return _frame("round", title, r, f"r{r}")


def bids_phases(state: State) -> list[Phase]:
    r = state.round
    return [
        _round(state),
        Phase(
            name="bids",
            title=N_("Round {round}: sealed turn-order bids").format(round=r),
            round=r,
            clock="bids",
            id=f"bids-{state.flow.waits}",
            on_deadline=N_("Whoever has not bid bids $0."),
        ),
    ]


def expansion_phases(state: State) -> list[Phase]:
    r = state.round
    company = state.company(state.expansions[0])
    owner = state.guilds[company.owner].player
    return [
        _round(state),
        _frame("market", N_("Round {round}: market").format(round=r), r, f"r{r}-market"),
        Phase(
            name="expansion",
            title=N_("{player} to expand {company}").format(
                player=owner, company=company_name(company)
            ),
            round=r,
            clock="choice",
            id=f"x-{state.flow.waits}",
            on_deadline=N_("{company} does not expand.").format(company=company_name(company)),
        ),
    ]


def action_phases(state: State) -> list[Phase]:
    """Round › actions › the acting guild's action."""
    r = state.round
    seat = acting(state)
    assert seat is not None
    player = state.guilds[seat].player
    return [
        _round(state),
        _frame("actions", N_("Round {round}: actions").format(round=r), r, f"r{r}-actions"),
        Phase(
            name="action",
            title=N_("Round {round}: {player}'s action").format(round=r, player=player),
            round=r,
            clock="turn",
            id=f"a{state.flow.actions}",
            on_deadline=N_("{player} passes.").format(player=player),
        ),
    ]


def _merger_phases(state: State) -> list[Phase]:
    """The acting guild's action › its merger."""
    merger = state.merger
    assert merger is not None
    seat = acting(state)
    assert seat is not None
    player = state.guilds[seat].player
    a, b = (company_name(state.company(c)) for c in merger.companies)
    title = N_("{player}'s merger of {a} and {b}").format(player=player, a=a, b=b)
    merging = _frame("merger", title, state.round, f"m{state.flow.mergers}")
    return [*action_phases(state), merging]


def open_phases(state: State) -> list[Phase]:
    merger = state.merger
    assert merger is not None
    seat = to_bid(merger)
    assert seat is not None
    bidder = state.guilds[seat].player
    return [
        *_merger_phases(state),
        Phase(
            name="open",
            title=N_(
                "Open round {round} of {rounds}, the last sealed: {player} to raise or pass"
            ).format(round=merger.round, rounds=merger.rounds, player=bidder),
            round=state.round,
            clock="open",
            id=f"o-{state.flow.waits}",
            on_deadline=N_("{player} passes.").format(player=bidder),
        ),
    ]


def sealed_phases(state: State) -> list[Phase]:
    merger = state.merger
    assert merger is not None
    return [
        *_merger_phases(state),
        Phase(
            name="sealed",
            title=N_("Final sealed round (to beat ${high})").format(high=merger.high),
            round=state.round,
            clock="sealed",
            id=f"s-{state.flow.waits}",
            on_deadline=N_("Whoever has not made a final bid drops out."),
        ),
    ]


def settle_phases(state: State) -> list[Phase]:
    merger = state.merger
    assert merger is not None and merger.winner is not None
    winner = state.guilds[merger.winner].player
    return [
        *_merger_phases(state),
        Phase(
            name="settle",
            title=N_("{player} pays ${high} and settles the merger").format(
                player=winner, high=merger.high
            ),
            round=state.round,
            clock="choice",
            id=f"p-{state.flow.waits}",
            on_deadline=N_(
                "{player} pays from the richest company that covers the bid, keeps the "
                "starter's company where the choice is theirs, and takes the free cube."
            ).format(player=winner),
        ),
    ]


def free_acquire_phases(state: State) -> list[Phase]:
    owed = state.guilds[state.free_acquires[0]].player
    return [
        *action_phases(state),
        Phase(
            name="free_acquire",
            title=N_("{player}'s free Acquire").format(player=owed),
            round=state.round,
            clock="choice",
            id=f"f-{state.flow.waits}",
            on_deadline=N_("{player} lets the free Acquire go.").format(player=owed),
        ),
    ]


@lru_cache(maxsize=256)
def _frame(name: str, title: str, round_: int, id_: str) -> Phase:
    """A phase that only encloses others (a round, its actions, a merger): it runs on no
    clock and ends when the phases inside it do (frozen, so made once for every wait of the
    round that asks)."""
    return Phase(
        name=name,
        title=title,
        round=round_,
        clock=None,
        id=id_,
        on_deadline=N_("Nothing by itself: it ends when the decisions inside it are made."),
    )
