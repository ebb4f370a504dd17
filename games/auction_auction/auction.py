"""The Auction Phase: the lots each location offers (AA-4), sealed bids on the lots of one's
own location (AA-9), everyone pays (AA-10), the highest amount exactly one player bid wins
(AA-11), told to the location (AA-12)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.auction_auction.access import players_at
from games.auction_auction.cash import money, note_bonus
from games.auction_auction.events import (
    AuctionResolved,
    BidPlaced,
    BidWithdrawn,
    LotBid,
    LotResult,
    PhaseClosed,
    SubmissionReceived,
    SubmissionWithdrawn,
)
from games.auction_auction.model import (
    BLACK_MARKET,
    HOUSE_COLOURS,
    LOCATION_NAMES,
    Bid,
    ClosedPhase,
    Colour,
    Lot,
    Options,
    Seat,
    State,
)
from games.core.errors import RuleError, typed
from games.core.events import Audience, Event, tell


def house_lots(house: str, colours: Sequence[Colour]) -> list[Lot]:
    """AA-4: a house offers a double of its colour then a single of every colour in play
    (known to everyone: the same every round)."""
    offered = [(HOUSE_COLOURS[house], 2), *((c, 1) for c in colours)]
    return [Lot(id=f"{house}:{n}", colour=c, count=k) for n, (c, k) in enumerate(offered, 1)]


def lots_for(options: Options, black_market_colour: Colour) -> dict[str, list[Lot]]:
    """AA-4: each house's lots (`house_lots`); the Black Market offers a double and a single
    of its colour."""
    lots = {house: house_lots(house, options.colours) for house in HOUSE_COLOURS}
    lots[BLACK_MARKET] = [
        Lot(id=f"{BLACK_MARKET}:1", colour=black_market_colour, count=2),
        Lot(id=f"{BLACK_MARKET}:2", colour=black_market_colour, count=1),
    ]
    return lots


def lot_winner(bids: list[tuple[str, int]]) -> tuple[str, int] | None:
    """AA-11: the highest amount exactly one player bid wins; tied amounts are skipped."""
    counts = Counter(amount for _, amount in bids)
    unique = [amount for amount, n in counts.items() if n == 1]
    if not unique:
        return None
    best = max(unique)
    return next((p, a) for p, a in bids if a == best)


def lot_bid(state: State, actor: str, seat: Seat, move: Bid) -> list[Event]:
    """AA-9: sealed bids on lots of the player's own location, summing to at most cash;
    amount 0 withdraws."""
    location = seat.location or BLACK_MARKET
    own = {lot.id for lot in state.lots[location]}
    if move.target not in own:
        if any(move.target == lot.id for lots in state.lots.values() for lot in lots):
            raise RuleError(
                "not_your_location",
                "You are in {location} this round and can bid only on its lots: {lots}.",
                location=LOCATION_NAMES[location],
                lots=", ".join(sorted(own)),
            )
        raise RuleError(
            "unknown_lot",
            "There is no lot {typed} here. Your lots: {lots}.",
            typed=typed(move.target),
            lots=", ".join(sorted(own)),
        )
    if move.amount < 0:
        raise RuleError("bad_amount", "A bid cannot be negative.")
    old = seat.lot_bids.get(move.target)
    if move.amount == 0:
        if old is None:
            raise RuleError("no_bid", "You have no bid on {lot} to withdraw.", lot=move.target)
        del seat.lot_bids[move.target]
    else:
        total = seat.committed() - (old or 0) + move.amount
        if total > seat.cash:
            raise RuleError(
                "over_budget",
                "You bid {total} in total but hold {cash}.",
                total=money(total),
                cash=money(seat.cash),
            )
        seat.lot_bids[move.target] = move.amount
    # A bid is the most frequent move: its events' models are made only when read.
    told = tell(
        BidWithdrawn if move.amount == 0 else BidPlaced,
        Audience.to(actor),
        player=actor,
        round=state.round,
        phase="auction",
        target=move.target,
        amount=move.amount,
        replaced=old,
    )
    notice = SubmissionReceived if seat.lot_bids else SubmissionWithdrawn
    return [told, tell(notice, Audience.public(), player=actor)]


def resolve_auction(state: State) -> list[Event]:
    """AA-10 everyone pays, AA-11 unique highest bid wins, AA-12 told to the location."""
    events: list[Event] = []
    all_bids: list[tuple[str, str, int]] = []
    winners: dict[str, str | None] = {}
    for location, lots in state.lots.items():
        inside = players_at(state, location)
        results: list[LotResult] = []
        for lot in lots:
            bids = [
                (p, state.seats[p].lot_bids[lot.id])
                for p in inside
                if lot.id in state.seats[p].lot_bids
            ]
            all_bids.extend((p, lot.id, a) for p, a in bids)
            won = lot_winner(bids)
            state.cubes_offered += lot.count
            if won is None:
                state.cubes_discarded += lot.count
                winners[lot.id] = None
            else:
                cubes = state.seats[won[0]].cubes
                cubes[lot.colour] = cubes.get(lot.colour, 0) + lot.count
                winners[lot.id] = won[0]
            results.append(
                LotResult(
                    lot=lot.id,
                    colour=lot.colour,
                    count=lot.count,
                    bids=[LotBid(player=p, amount=a) for p, a in bids],
                    winner=won[0] if won else None,
                    price=won[1] if won else None,
                )
            )
        if inside:
            resolved = AuctionResolved(round=state.round, location=location, lots=results)
            events.append(resolved.told(Audience.at(location, inside)))
    for player in state.players:
        seat = state.seats[player]
        spent = sum(seat.lot_bids.values())
        seat.cash -= spent
        state.paid += spent
        note_bonus(state, player, seat, spent == 0)
        seat.lot_bids = {}
    state.closed.append(
        ClosedPhase(round=state.round, phase="auction", bids=all_bids, winners=winners)
    )
    events.append(PhaseClosed(round=state.round, phase="auction").told())
    return events
