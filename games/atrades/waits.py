"""Which decision an Atrades match waits for (`decision`: the one place that tells them
apart), whom each waits for, its phase and the phases enclosing it, outermost first
(`decisions.TABLE` reads them): the round, the turn-order bids, the market's expansions, a
guild's action, a merger's open round, sealed round and settlement, a free Acquire. Each
decision's own phase is made apart from those enclosing it, as plain values (`Wait`): a new
wait announces only its own (`Atrades._opened`, at every move of a random playout)."""

from __future__ import annotations

from functools import lru_cache
from typing import Literal, NamedTuple

from games.atrades.flow import acting, active, company_name
from games.atrades.merger import bidders, to_bid
from games.atrades.model import State
from games.core.contract import Phase
from games.core.speech import N_

Decision = Literal[
    "ended", "bids", "expansion", "open", "sealed", "settle", "free_acquire", "action"
]


def decision(state: State) -> Decision:
    """The decision the match waits for now: the one place that tells them apart."""
    step = state.flow.step
    if step == "ended":
        return "ended"
    if step == "bids":
        return "bids"
    if step == "expansions":
        return "expansion"
    merger = state.merger
    if merger is not None:
        if merger.step == "open":
            return "open"
        return "sealed" if merger.step == "sealed" else "settle"
    if state.free_acquires:
        return "free_acquire"
    return "action"


def bids_must(state: State) -> list[int]:
    bids = state.bids
    return [s for s in active(state) if s not in bids]


def expansion_must(state: State) -> list[int]:
    return [state.company(state.expansions[0]).owner]


def open_must(state: State) -> list[int]:
    assert state.merger is not None
    seat = to_bid(state.merger)
    return [] if seat is None else [seat]


def sealed_must(state: State) -> list[int]:
    merger = state.merger
    assert merger is not None
    sealed = merger.sealed
    return [s for s in bidders(merger) if s not in sealed]


def settle_must(state: State) -> list[int]:
    assert state.merger is not None
    winner = state.merger.winner
    return [] if winner is None else [winner]


def free_acquire_must(state: State) -> list[int]:
    return [state.free_acquires[0]]


def action_must(state: State) -> list[int]:
    seat = acting(state)
    return [] if seat is None or state.flow.acted else [seat]


class Wait(NamedTuple):
    """A decision's own phase, as plain values: a new wait announces its name, title and
    round (`Atrades._opened`, at every move of a random playout) without making the
    contract's frozen `Phase`, which only the turn (`phase`) needs, nor filling in what its
    deadline does (`on_deadline`, with `words`)."""

    name: str
    title: str
    round: int | None
    clock: str | None
    id: str
    on_deadline: str
    words: tuple[tuple[str, str], ...] = ()

    def phase(self) -> Phase:
        """The contract's phase, of the same fields, `on_deadline` filled in with `words`."""
        deadline = self.on_deadline
        return Phase(
            name=self.name,
            title=self.title,
            round=self.round,
            clock=self.clock,
            id=self.id,
            on_deadline=deadline.format(**dict(self.words)) if self.words else deadline,
        )


#: The end: the one phase of a finished game.
_ENDED = Wait(
    name="ended",
    title=N_("Game over"),
    round=None,
    clock=None,
    id="ended",
    on_deadline=N_("Nothing: the game is over."),
)


def ended_phase(state: State) -> Wait:
    return _ENDED


def nothing_encloses(state: State) -> list[Phase]:
    return []


def _round(state: State) -> Phase:
    r = state.round
    title = N_("Round {round} (era {era})").format(round=r, era=state.era)
    return _frame("round", title, r, f"r{r}")


def in_the_round(state: State) -> list[Phase]:
    """What encloses the turn-order bids: the round."""
    return [_round(state)]


def bids_phase(state: State) -> Wait:
    r = state.round
    return Wait(
        name="bids",
        title=N_("Round {round}: sealed turn-order bids").format(round=r),
        round=r,
        clock="bids",
        id=f"bids-{state.flow.waits}",
        on_deadline=N_("Whoever has not bid bids $0."),
    )


def in_the_market(state: State) -> list[Phase]:
    """What encloses an expansion: the round › its market."""
    r = state.round
    return [
        _round(state),
        _frame("market", N_("Round {round}: market").format(round=r), r, f"r{r}-market"),
    ]


def expansion_phase(state: State) -> Wait:
    company = state.company(state.expansions[0])
    owner = state.guilds[company.owner].player
    name = company_name(company)
    return Wait(
        name="expansion",
        title=N_("{player} to expand {company}").format(player=owner, company=name),
        round=state.round,
        clock="choice",
        id=f"x-{state.flow.waits}",
        on_deadline=N_("{company} does not expand."),
        words=(("company", name),),
    )


def in_the_actions(state: State) -> list[Phase]:
    """What encloses a guild's action: the round › its actions."""
    r = state.round
    return [
        _round(state),
        _frame("actions", N_("Round {round}: actions").format(round=r), r, f"r{r}-actions"),
    ]


def action_phase(state: State) -> Wait:
    """The acting guild's action."""
    seat = acting(state)
    assert seat is not None
    player = state.guilds[seat].player
    return Wait(
        name="action",
        title=N_("Round {round}: {player}'s action").format(round=state.round, player=player),
        round=state.round,
        clock="turn",
        id=f"a{state.flow.actions}",
        on_deadline=N_("{player} passes."),
        words=(("player", player),),
    )


def in_the_action(state: State) -> list[Phase]:
    """What encloses a free Acquire: the round › its actions › the acting guild's action."""
    return [*in_the_actions(state), action_phase(state).phase()]


def in_the_merger(state: State) -> list[Phase]:
    """What encloses a merger's rounds: the acting guild's action (and what encloses it) ›
    its merger."""
    merger = state.merger
    assert merger is not None
    seat = acting(state)
    assert seat is not None
    player = state.guilds[seat].player
    a, b = (company_name(state.company(c)) for c in merger.companies)
    title = N_("{player}'s merger of {a} and {b}").format(player=player, a=a, b=b)
    merging = _frame("merger", title, state.round, f"m{state.flow.mergers}")
    return [*in_the_action(state), merging]


def open_phase(state: State) -> Wait:
    merger = state.merger
    assert merger is not None
    seat = to_bid(merger)
    assert seat is not None
    bidder = state.guilds[seat].player
    return Wait(
        name="open",
        title=N_(
            "Open round {round} of {rounds}, the last sealed: {player} to raise or pass"
        ).format(round=merger.round, rounds=merger.rounds, player=bidder),
        round=state.round,
        clock="open",
        id=f"o-{state.flow.waits}",
        on_deadline=N_("{player} passes."),
        words=(("player", bidder),),
    )


def sealed_phase(state: State) -> Wait:
    merger = state.merger
    assert merger is not None
    return Wait(
        name="sealed",
        title=N_("Final sealed round (to beat ${high})").format(high=merger.high),
        round=state.round,
        clock="sealed",
        id=f"s-{state.flow.waits}",
        on_deadline=N_("Whoever has not made a final bid drops out."),
    )


def settle_phase(state: State) -> Wait:
    merger = state.merger
    assert merger is not None and merger.winner is not None
    winner = state.guilds[merger.winner].player
    return Wait(
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
        ),
        words=(("player", winner),),
    )


def free_acquire_phase(state: State) -> Wait:
    owed = state.guilds[state.free_acquires[0]].player
    return Wait(
        name="free_acquire",
        title=N_("{player}'s free Acquire").format(player=owed),
        round=state.round,
        clock="choice",
        id=f"f-{state.flow.waits}",
        on_deadline=N_("{player} lets the free Acquire go."),
        words=(("player", owed),),
    )


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
