"""What a guild's move does in each decision (`decisions.TABLE`): checked completely by the
pure rules before anything changes, applied, and told. Rulings: docs/rules/atrades.md."""

from __future__ import annotations

from typing import Any

from games.atrades import flow
from games.atrades.actions import acquire, decline_free_acquire, pass_turn, research
from games.atrades.data import TECHNOLOGY_BY_ID
from games.atrades.events import (
    Acquired,
    AuctionPassed,
    AuctionRaised,
    BidIn,
    BidMade,
    ExpansionLetGo,
    FinalBidIn,
    FinalBidMade,
    FreeAcquireLost,
    MergerDeclared,
    Passed,
    Researched,
    SoldToGovt,
)
from games.atrades.govt import govt_merger
from games.atrades.market import expand
from games.atrades.merger import open_bid, open_pass, sealed_bid, start_merger
from games.atrades.model import Payment
from games.atrades.money import payment
from games.atrades.moves import (
    Acquire,
    Bid,
    Decline,
    Expand,
    FinalBid,
    Govt,
    Merge,
    Pass,
    Raise,
    Research,
    Settle,
)
from games.atrades.turn_order import submit_bid
from games.core.errors import RuleError


def bid(table: flow.Table, seat: int, move: Any) -> None:
    """AT-6, AT-7, AT-D23: a sealed turn-order bid, replacing the guild's standing one."""
    if not isinstance(move, Bid):
        raise RuleError("not_your_turn", "It is not your turn.")
    paying = payment(table.state, seat, move.pay_from, move.amount)
    submit_bid(table.state, seat, paying, replacing=True)
    table.private(table.name(seat), BidMade, pay_from=move.pay_from, amount=move.amount)
    table.public(BidIn, player=table.name(seat))


def expansion(table: flow.Table, seat: int, move: Any) -> None:
    """AT-24, AT-D19: the next company expands (its owner's move) or does not."""
    state = table.state
    company, *waiting = state.expansions
    if isinstance(move, Expand):
        label = expand(state, seat, company, move.hex)
        assert label is not None, "a hex was given"
        flow.expanded(table, company, label, waiting)
    elif isinstance(move, Decline):
        expand(state, seat, company, None)
        table.public(ExpansionLetGo, company=company)
    else:
        raise RuleError("not_now", "The market's expansions are under way.")


def auction(table: flow.Table, seat: int, move: Any) -> None:
    """AT-12 to AT-16: a raise or pass in an open round, a final sealed bid, the winner's
    settlement (the rules refuse each out of its round)."""
    state = table.state
    merger = state.merger
    assert merger is not None
    name = table.name(seat)
    if isinstance(move, Raise):
        open_bid(state, seat, move.amount)
        table.public(AuctionRaised, player=name, amount=move.amount)
    elif isinstance(move, Pass) and merger.step == "open":
        open_pass(state, seat)
        table.public(AuctionPassed, player=name)
    elif isinstance(move, FinalBid):
        sealed_bid(state, seat, move.amount)
        table.private(table.name(seat), FinalBidMade, amount=move.amount)
        table.public(FinalBidIn, player=name)
        flow.reveal_final(table, merger)
    elif isinstance(move, Settle):
        if merger.step != "payment" or merger.winner != seat:
            raise RuleError("not_winner", "Only the auction's winner settles it.")
        flow.settled(table, move.pay_from, move.survivor, move.cube == "take")
    else:
        raise RuleError("not_now", "A merger's auction is under way: bid, pass or settle.")


def free_acquire(table: flow.Table, seat: int, move: Any) -> None:
    """AT-15, AT-D21: the free Acquire owed first, taken or let go."""
    state = table.state
    if state.free_acquires[0] != seat:
        raise RuleError("no_free_acquire", "You are not owed a free Acquire now.")
    if isinstance(move, Acquire):
        company = acquire(state, seat, move.tile, move.hex, free=True)
        table.public(
            Acquired, player=table.name(seat), tile=move.tile, hex=company.hexes[0], free=True
        )
    elif isinstance(move, Decline):
        decline_free_acquire(state, seat)
        table.public(FreeAcquireLost, player=table.name(seat), reason="declined")
    else:
        raise RuleError("not_now", "Take your free Acquire or let it go.")


def action(table: flow.Table, seat: int, move: Any) -> None:
    """AT-9 to AT-19, AT-D11: the acting guild's action."""
    state = table.state
    if flow.acting(state) != seat or state.flow.acted:
        raise RuleError("not_your_turn", "It is not your turn.")
    name = table.name(seat)
    if isinstance(move, Acquire):
        company = acquire(state, seat, move.tile, move.hex)
        table.public(Acquired, player=name, tile=move.tile, hex=company.hexes[0])
    elif isinstance(move, Merge):
        start_merger(state, seat, move.company, move.other, cube=move.cube)
        state.flow.mergers += 1
        table.public(
            MergerDeclared, player=name, companies=[move.company, move.other], cube=move.cube
        )
    elif isinstance(move, Govt):
        paid = govt_merger(state, seat, move.company)
        table.public(
            SoldToGovt,
            player=name,
            company=move.company,
            vp=paid.vp,
            rows=paid.rows,
            to_supply=paid.to_supply,
        )
    elif isinstance(move, Research):
        card = move.technology.strip().upper()
        found = TECHNOLOGY_BY_ID.get(card)
        # An unknown card gets research's own refusal, before any payment is looked at.
        paying = payment(state, seat, move.pay_from, found.cost) if found else Payment()
        research(state, seat, card, paying)
        table.public(
            Researched,
            player=name,
            technology=card,
            company=paying.company,
            from_company=paying.from_company,
        )
    elif isinstance(move, Pass):
        pass_turn(state, seat)
        table.public(Passed, player=name)
    else:
        raise RuleError("not_now", "That move is not taken now: it is your action.")
    state.flow.acted = True


def over(table: flow.Table, seat: int, move: Any) -> None:
    """Nothing is played once the game is over."""
    raise RuleError("game_over", "The game is over; no more moves are taken.")
