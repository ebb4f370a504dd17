"""How an Atrades match runs (docs/rules/atrades.md "A round, as the flow runs it"): the
steps of a round that need nobody (turn order resolved, the next guild's action, the market,
End of Round); removing a guild and what a deadline does (whom each decision waits for and
its phases are `waits`). The rules themselves are the pure functions of the other modules."""

from __future__ import annotations

from typing import Any

from games.atrades.actions import decline_free_acquire, pass_turn
from games.atrades.choices import each_free_hex, exists
from games.atrades.data import company_called
from games.atrades.events import (
    AuctionPassed,
    BidIn,
    Expanded,
    ExpansionLetGo,
    ExpansionLost,
    FinalBidIn,
    FinalBidsRevealed,
    FreeAcquireLost,
    GameEnded,
    LastRound,
    MarketSold,
    MergerEnded,
    MergerSettled,
    Passed,
    RemovedByHost,
    RoundEnded,
    TurnOrderResolved,
)
from games.atrades.market import expand, market, sold_out, why_no_expansion
from games.atrades.merger import bidders, cancel_unbid, open_pass, sealed_bid, settle, to_bid
from games.atrades.model import Company, Merger, Payment, State
from games.atrades.money import owned, payment
from games.atrades.rounds import EndReason, end_round, last_round_reasons, out_of_cubes, standings
from games.atrades.turn_order import resolve_turn_order
from games.core.collector import Collector
from games.core.events import PlayerForfeited, PlayerKicked


class Table(Collector):
    """One move in progress: the state and the events it tells (`Collector`:
    `games.atrades.events`, each model made only when the event is read: a random playout
    reads none)."""

    def __init__(self, state: State) -> None:
        super().__init__()
        self.state = state

    def name(self, seat: int) -> str:
        return self.state.guilds[seat].player


def seat_of(state: State, player: str | None) -> int | None:
    for seat, guild in enumerate(state.guilds):
        if guild.player == player:
            return seat
    return None


def active(state: State) -> list[int]:
    """The seats still in the match."""
    out = state.out
    return [seat for seat in range(len(state.guilds)) if seat not in out]


def company_name(company: Company) -> str:
    return company_called(company.initiative)


def acting(state: State) -> int | None:
    """The guild whose action it is, in the Action phase."""
    flow, order = state.flow, state.order
    turn = flow.turn
    if flow.step != "actions" or not 0 <= turn < len(order):
        return None
    return order[turn]


def signature(state: State) -> tuple[Any, ...]:
    """What tells one wait from the next: a new wait begins exactly when this changes (the
    engine then counts it in `flow.waits`, which the innermost phase's id carries)."""
    flow, merger, expansions = state.flow, state.merger, state.expansions
    return (
        state.round,
        flow.step,
        flow.turn,
        flow.actions,
        None if merger is None else (merger.step, merger.round, merger.turn),
        len(state.free_acquires),
        expansions[0] if expansions else None,
        len(expansions),
    )


# -- the steps that need nobody ----------------------------------------------------------------


def advance(table: Table) -> None:
    """Run the round on until it waits for a guild (or has ended): turn order resolved once
    every bid is in (a removed guild's is $0), a merger nobody bid on (or whose winner left)
    ended, free Acquires nobody can take let go, the next guild's action, the market and
    its expansions, End of Round."""
    state = table.state
    while True:
        flow = state.flow
        step = flow.step
        if step == "ended":
            return
        if step == "bids":
            for seat in state.out:
                state.bids.setdefault(seat, Payment())
            if len(state.bids) < len(state.guilds):
                return
            _resolve_bids(table)
            flow.step, flow.turn, flow.acted = "actions", -1, True
            continue
        if step == "actions":
            if not _action_done(table):
                return
            flow.turn += 1
            while flow.turn < len(state.order) and state.order[flow.turn] in state.out:
                flow.turn += 1
            if flow.turn < len(state.order):
                flow.actions += 1
                flow.acted = False
                return
            sales = market(state)
            taken = state.occupied()
            blocked = {
                c: why_no_expansion(state, c, taken)
                for c in sold_out(state, sales)
                if c not in state.expansions
            }
            table.public(
                MarketSold,
                round=state.round,
                sales=[s.fields() for s in sales],
                expansions=list(state.expansions),
                blocked=[{"company": c, "reason": why} for c, why in blocked.items()],
            )
            flow.step = "expansions"
            continue
        if state.out:
            for company in [c for c in state.expansions if state.company(c).owner in state.out]:
                state.expansions.remove(company)
                table.public(
                    ExpansionLost, company=company, reason=why_no_expansion(state, company)
                )
        if state.expansions:
            return
        _end_round(table)


def expanded(table: Table, company: int, label: str, waiting: list[int]) -> None:
    """AT-D19: `company` expanded onto `label`; each of the companies `waiting` to expand
    after it that no longer can (the tile or the land it took was the last) is told."""
    state = table.state
    table.public(Expanded, company=company, hex=label)
    for other in waiting:
        if other not in state.expansions:
            table.public(ExpansionLost, company=other, reason=why_no_expansion(state, other))


def _resolve_bids(table: Table) -> None:
    state = table.state
    bids = {table.name(s): p.fields() for s, p in sorted(state.bids.items())}
    order = resolve_turn_order(state)
    players = [table.name(s) for s in order]
    state.flow.closed.append({"round": state.round, "turn_order": players, "bids": bids})
    table.public(TurnOrderResolved, round=state.round, order=players, bids=bids)


def _action_done(table: Table) -> bool:
    """Whether the acting guild's action is over: its merger settled or ended, the free
    Acquires it owed taken or let go."""
    state = table.state
    merger = state.merger
    if merger is not None:
        _removed_pass(table, merger)
        if merger.step != "payment":
            return False
        if merger.winner is not None and merger.winner not in state.out:
            return False
        merger.winner = None
        cancel_unbid(state)
        table.public(MergerEnded, companies=list(merger.companies), reason="no_winner")
    while state.free_acquires:
        owed = state.free_acquires[0]
        if owed not in state.out and state.display and exists(each_free_hex(state)):
            return False
        decline_free_acquire(state, owed)
        if owed not in state.out:
            table.public(FreeAcquireLost, player=table.name(owed), reason="none_to_take")
    return state.flow.acted


def _removed_pass(table: Table, merger: Merger) -> None:
    """AT-D26: removed guilds pass in a merger's open rounds (the one whose turn it is by
    passing, the others by leaving the bidding) and drop out of its sealed round (a final
    bid they made there went when they left, `remove`)."""
    state = table.state
    if merger.step == "open":
        for seat in bidders(merger):
            if seat in state.out and seat != to_bid(merger):
                merger.out.append(seat)
        while merger.step == "open" and to_bid(merger) in state.out:
            open_pass(state, to_bid(merger) or 0)
    if merger.step == "sealed":
        for seat in bidders(merger):
            if seat in state.out and seat not in merger.sealed:
                sealed_bid(state, seat, None)
                reveal_final(table, merger)


def _end_round(table: Table) -> None:
    state = table.state
    ended = end_round(state)
    table.public(
        RoundEnded,
        round=state.round if ended.ended else state.round - 1,
        refilled=ended.refilled,
        era=ended.era,
        last=ended.ended,
    )
    if ended.ended:
        finish(table, ended.reasons)
    else:
        state.flow.step = "bids"


def tell_last_round(table: Table, before: list[EndReason]) -> None:
    """AT-26: the round under way was not known to be the last before the move and is now
    (a guild spent its last cube, the last starting tile was taken): everyone is told why,
    so that nobody learns it from the end itself. A game that ended says why at its end."""
    state = table.state
    if state.ended or before:
        return
    reasons = last_round_reasons(state)
    if not reasons:
        return
    table.public(
        LastRound,
        round=state.round,
        reasons=list(reasons),
        out_of_cubes=[table.name(s) for s in out_of_cubes(state)],
    )


def finish(table: Table, reasons: list[EndReason]) -> None:
    """The end, and why (AT-26, AT-D26: `reasons`, with the guilds that ran out of cubes):
    every guild's money is shown and the winners named (AT-27, AT-D20)."""
    state = table.state
    state.ended = True
    state.flow.step = "ended"
    places = standings(state)
    state.winners = [seat for seat, place in places.items() if place == 1]
    table.public(
        GameEnded,
        reasons=list(reasons),
        out_of_cubes=[table.name(s) for s in out_of_cubes(state)],
        winners=[table.name(s) for s in state.winners],
        places={table.name(s): p for s, p in places.items()},
        money={g.player: g.money for g in state.guilds},
        banks={table.name(s): sum(c.bank for c in owned(state, s)) for s in places},
    )


# -- removals and deadlines --------------------------------------------------------------------


def remove(table: Table, seat: int, why: type[PlayerKicked | PlayerForfeited]) -> None:
    """AT-D26: a kicked or forfeiting guild leaves: its companies stay on the map; it bids
    $0 for turn order and drops out of a sealed round (a bid it made there, still hidden,
    with it), passes in the auctions it was in, and takes no more turns, free
    Acquires or expansions; a merger it won ends unsettled. A kicked guild's player is told,
    privately. With one guild left, the match ends and it wins."""
    state = table.state
    state.out.append(seat)
    # A bid it made and nobody has seen yet goes with it: turn order's, a final sealed one.
    if state.flow.step == "bids" and seat in state.bids:
        state.bids[seat] = Payment()
    merger = state.merger
    if merger is not None and merger.step == "sealed" and merger.sealed.get(seat) is not None:
        merger.sealed[seat] = None
    table.public(why, player=table.name(seat))
    if why is PlayerKicked:
        table.private(table.name(seat), RemovedByHost)
    if len(active(state)) < 2:
        state.merger = None
        state.free_acquires = []
        state.expansions = []
        finish(table, ["one_left"])
        return
    if acting(state) == seat and state.merger is None:
        state.flow.acted = True


# -- what each deadline does (AT-D25), a decision at a time (`decisions.TABLE`) ---------------


def close_bids(table: Table) -> None:
    """Missing turn-order bids are $0."""
    state = table.state
    for seat in active(state):
        if seat not in state.bids:
            state.bids[seat] = Payment()
            table.public(BidIn, player=table.name(seat), by_deadline=True)


def close_expansion(table: Table) -> None:
    """The company to expand does not."""
    state = table.state
    grower = state.company(state.expansions[0])
    expand(state, grower.owner, grower.initiative, None)
    table.public(ExpansionLetGo, company=grower.initiative)


def close_open(table: Table) -> None:
    """The bidder whose turn it is passes."""
    state = table.state
    merger = state.merger
    assert merger is not None
    bidder = to_bid(merger)
    assert bidder is not None
    open_pass(state, bidder)
    table.public(AuctionPassed, player=table.name(bidder), by_deadline=True)


def close_sealed(table: Table) -> None:
    """Final bids not in drop out; the bids are revealed."""
    state = table.state
    merger = state.merger
    assert merger is not None
    for seat in bidders(merger):
        if seat not in merger.sealed:
            sealed_bid(state, seat, None)
            table.public(FinalBidIn, player=table.name(seat), by_deadline=True)
    reveal_final(table, merger)


def close_settle(table: Table) -> None:
    """The winner settles by default (`default_settlement`)."""
    merger = table.state.merger
    assert merger is not None and merger.winner is not None
    settled(table, *default_settlement(table.state, merger))


def close_free_acquire(table: Table) -> None:
    """The free Acquire is let go."""
    state = table.state
    seat = state.free_acquires[0]
    decline_free_acquire(state, seat)
    table.public(FreeAcquireLost, player=table.name(seat), reason="deadline")


def close_action(table: Table) -> None:
    """The acting guild passes."""
    state = table.state
    guild = acting(state)
    assert guild is not None
    pass_turn(state, guild)
    state.flow.acted = True
    table.public(Passed, player=table.name(guild), by_deadline=True)


def default_settlement(state: State, merger: Merger) -> tuple[str, int | None, bool]:
    """AT-D25: a winner who lets the deadline pass pays from the company whose bank and
    their money cover the bid, the richest first (else their money), keeps the starter's
    company where the choice is theirs, and takes the free bureaucracy cube."""
    seat = merger.winner
    assert seat is not None
    source = "purse"
    for company in sorted(owned(state, seat), key=lambda c: (-c.bank, c.initiative)):
        if company.bank + state.seat(seat).money >= merger.high:
            source = str(company.initiative)
            break
    owners = [state.company(c).owner for c in merger.companies]
    survivor = None if owners.count(seat) == 1 else merger.companies[0]
    return source, survivor, True


def settled(table: Table, pay_from: str, survivor: int | None, cube: bool) -> None:
    """The winner's settlement (AT-14 to AT-16), told to everyone."""
    state = table.state
    merger = state.merger
    assert merger is not None and merger.winner is not None
    seat = merger.winner
    paying = payment(state, seat, pay_from, merger.high)
    done = settle(state, seat, paying, survivor=survivor, bureaucracy=cube)
    table.public(
        MergerSettled,
        winner=table.name(seat),
        price=done.price,
        company=paying.company,
        from_company=paying.from_company,
        spaces=done.spaces,
        paid={table.name(s): v for s, v in done.paid.items()},
        survivor=done.survivor,
        bank=done.bank,
        free_acquires=[table.name(s) for s in done.free_acquires],
        bureaucracy=[table.name(s) for s in done.bureaucracy],
    )


def reveal_final(table: Table, merger: Merger) -> None:
    """AT-13: once every final bid is in, they are shown together (and kept for the audit)."""
    if merger.step == "sealed":
        return
    bids = {table.name(s): a for s, a in merger.sealed.items()}
    table.state.flow.closed.append(
        {"round": table.state.round, "merger": list(merger.companies), "final_bids": bids}
    )
    table.public(
        FinalBidsRevealed,
        bids=bids,
        winner=None if merger.winner is None else table.name(merger.winner),
        price=merger.high,
    )
