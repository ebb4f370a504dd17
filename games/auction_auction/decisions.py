"""Which decision an Auction Auction match waits for, and what each offers: one function
(`decision`) and one table (`TABLE`), as Atrades has them (`games.atrades.decisions`, after
boardgame.io's phase map, `src/core/flow.ts`). Everything that asks "what is open now" reads
them: the engine's moves (`rules.AuctionAuction.apply`: what a bid and a deadline do), the
turn and the phase (`turn`, `phase`), the legal actions and targets (`games.auction_auction.
legal`) and the random playouts' bids (`games.auction_auction.playout`).

The decisions, in the order a round holds them open (RULINGS.md §1): the Access phase's
sealed bids on houses (AA-5), the Auction phase's sealed bids on the lots of each player's
location (AA-9), and after the last round the end (AA-16 to AA-18). Gifts (AA-15) and garnet
trades (AA-14) are offered beside the bids in both phases (AA-D5). Every action is sealed, so
no decision puts a button on the channel's board."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from games.auction_auction import legal
from games.auction_auction.access import access_bid
from games.auction_auction.auction import lot_bid
from games.auction_auction.flow import close_access, close_auction
from games.auction_auction.model import PHASES, Bid, Seat, State
from games.core.contract import Action, Phase, Turn
from games.core.errors import RuleError
from games.core.events import Event
from games.core.speech import N_

Decision = Literal["access", "auction", "ended"]


def decision(state: State) -> Decision:
    """The decision open now: the phase of the round, or the end."""
    return state.phase


def _over(*_: object) -> list[Event]:
    raise RuleError("match_over", "The match is over; no more moves are taken.")


def _no_bids(state: State, seat: Seat) -> list[Action]:
    return []


def _no_targets(state: State, seat: Seat) -> list[str]:
    return []


def _cannot_bid(state: State, seat: Seat) -> bool:
    return False


@dataclass(frozen=True, slots=True)
class Offer:
    """What one decision offers: whether it takes moves at all (`open`), its phase's title and
    what its deadline does (`on_deadline`), each seat's bid targets and sealed bids and
    whether it has any (`targets`, `bids`, `can_bid`, the last without building them), the
    lowest amount a bid may be (`lowest`, as the random playouts bid), what a bid does
    (`bid`) and what the deadline does (`close`), and the kinds of action it offers (`keys`,
    each sealed)."""

    open: bool
    title: str
    on_deadline: str
    targets: Callable[[State, Seat], list[str]]
    bids: Callable[[State, Seat], list[Action]]
    can_bid: Callable[[State, Seat], bool]
    lowest: int
    bid: Callable[[State, str, Seat, Bid], list[Event]]
    close: Callable[[State], list[Event]]
    keys: frozenset[str]


TABLE: dict[Decision, Offer] = {
    "access": Offer(
        open=True,
        title=PHASES["access"],
        on_deadline=N_(
            "Bids not in by then count as none: those players bid $0 for no house and "
            "spend the round in the Black Market."
        ),
        targets=legal.house_targets,
        bids=legal.house_bids,
        can_bid=lambda state, seat: True,
        lowest=0,
        bid=access_bid,
        close=close_access,
        keys=frozenset({"bid", "give", "trade_garnet"}),
    ),
    "auction": Offer(
        open=True,
        title=PHASES["auction"],
        on_deadline=N_(
            "Bids not in by then count as none; each lot goes to the highest amount "
            "exactly one player bid on it."
        ),
        targets=legal.lot_targets,
        bids=legal.lot_bids,
        can_bid=legal.has_lot_bids,
        lowest=1,
        bid=lot_bid,
        close=close_auction,
        keys=frozenset({"bid", "give", "trade_garnet"}),
    ),
    "ended": Offer(
        open=False,
        title=PHASES["ended"],
        on_deadline=N_("Nothing: the match is over."),
        targets=_no_targets,
        bids=_no_bids,
        can_bid=_cannot_bid,
        lowest=0,
        bid=_over,
        close=_over,
        keys=frozenset(),
    ),
}


def offer(state: State) -> Offer:
    """What the decision open now offers."""
    return TABLE[decision(state)]


def targets(state: State, player: str) -> list[str]:
    """What `player` may bid on now: houses in the Access phase, their location's lots after;
    nothing for a removed player (AA-D3)."""
    seat = state.seats.get(player)
    if seat is None or seat.kicked:
        return []
    return offer(state).targets(state, seat)


def legal_actions(state: State, player: str) -> list[Action]:
    """The decision's sealed bids (`Offer.bids`), then a gift and a garnet trade where the
    player may make them (`legal.side_actions`, AA-D5: in every phase until the end); a
    removed player has nothing (AA-D3)."""
    seat = state.seats.get(player)
    found = offer(state)
    if seat is None or seat.kicked or not found.open:
        return []
    return found.bids(state, seat) + legal.side_actions(state, player, seat)


def phase(state: State) -> Phase:
    """The phase now: the round's Access or Auction phase, on the phase clock; or the end."""
    found = offer(state)
    if not found.open:
        return Phase(
            name="ended", title=found.title, clock=None, id="ended", on_deadline=found.on_deadline
        )
    return Phase(
        name=state.phase,
        title=N_("{phase}, round {round} of {rounds}").format(
            phase=found.title, round=state.round, rounds=state.options.rounds
        ),
        round=state.round,
        clock="phase",
        id=f"{state.phase}-{state.round}",
        on_deadline=found.on_deadline,
    )


def turn(state: State) -> Turn:
    """The players still in who have something to do may act: a bid until the phase
    closes, replacing the last one; a gift (AA-15) or a garnet trade (AA-14) at any time.
    In the Access phase that is all of them ($0 is a bid, AA-5). The phase waits for a
    sealed bid from everyone still in who has none standing (AA-D13): whether they can make
    one depends on their cash, which is theirs to know (AA-14, AA-15), and `must` is shown to
    everyone."""
    found = offer(state)
    active = [p for p in state.players if not state.seats[p].kicked] if found.open else []
    return Turn(
        phase=phase(state),
        players=list(state.players),
        out=[p for p in state.players if state.seats[p].kicked],
        must=[p for p in active if not state.seats[p].has_submitted()],
        may=[
            p
            for p in active
            if found.can_bid(state, state.seats[p])
            or legal.recipients(state, p)
            or state.seats[p].garnets >= 1
        ],
    )
