"""Auction Auction's views, one per kind of viewer (the AA visibility table, RULINGS.md §1):

- `PublicView`, what everyone knows: who is in, who has a sealed bid standing (never what),
  each closed Access phase's bids and entrants (AA-8), every location's lots where they are
  revealed, and the result once the match is over (AA-18);
- `PlayerView`, a player's: the public view, their own seat (`OwnSeat`: cash, cubes, garnets,
  location, standing sealed bids), their location's lots and the auctions they saw (AA-12);
- `HostView`, the host's: the public view and every closed phase's sealed bids (the audit);
- `Summary`, a player's own summary (`Engine.summary`): the round, the phase and their seat;
- `CardView`, what a player's 1-on-1 card draws (`render.card_view`).

What a player may do now is not in a view: the texts are handed their legal actions.
"""

from __future__ import annotations

from typing import Any, Literal

from games.auction_auction.events import AccessBid, Part
from games.auction_auction.model import ClosedPhase, Colour, Lot, Result, Seat, State
from games.core.engine import HOST
from games.core.events import Viewer
from games.core.views import GameView

Phase = Literal["access", "auction", "ended"]


class StandingAccessBid(Part):
    """A player's own sealed access bid this phase (AA-5)."""

    house: str
    amount: int


class OwnSeat(Part):
    """A player's own seat, as only they see it: `committed` is the cash promised to their
    standing sealed bids, `uncommitted` the rest; `lot_bids` by lot id."""

    player: str
    cash: int
    committed: int
    uncommitted: int
    cubes: dict[str, int]
    garnets: int
    location: str | None
    kicked: bool
    access_bid: StandingAccessBid | None
    lot_bids: dict[str, int]


class AccessRound(Part):
    """A closed Access phase as everyone saw it (AA-8): its bids, who entered each location,
    whose tie kept them out."""

    round: int
    bids: list[AccessBid]
    entrants: dict[str, list[str]]
    tied_out: list[str]


class LotBidSeen(Part):
    """A bid on a lot of the viewer's location in a closed Auction phase."""

    player: str
    lot: str
    amount: int


class AuctionSeen(Part):
    """AA-12: a closed Auction phase as one player saw it: their location's bids and winners
    (none where they were in no location, AA-D3)."""

    round: int
    location: str | None
    bids: list[LotBidSeen]
    winners: dict[str, str | None]


class Heading(GameView):
    """The round and the phase: what every view starts with."""

    game: Literal["auction-auction"] = "auction-auction"
    round: int
    rounds: int
    phase: Phase


class Summary(Heading):
    """A player's own summary: the heading and their seat (None for one not seated)."""

    me: OwnSeat | None = None


class PublicView(Heading):
    """What everyone knows. `lots` by location: every location's where they are revealed,
    else None in the public view."""

    players: list[str]
    kicked: list[str]
    submitted: list[str]
    house_capacity: int
    colours: list[Colour]
    access: list[AccessRound]
    result: Result | None
    lots: dict[str, list[Lot]] | None = None


class HostView(PublicView):
    """The host's: the public view and every closed phase's sealed bids, oldest first."""

    audit: list[ClosedPhase]


class PlayerView(PublicView):
    """A player's: the public view with their seat, the lots of their location this round
    (every location's where revealed), and the auctions they saw."""

    me: OwnSeat
    auctions: list[AuctionSeen]


class CardView(Heading):
    """What a player's 1-on-1 card draws: not who else has submitted or the houses' public
    results, which change while the card stays the same. `lots` holds their location's."""

    colours: list[Colour]
    me: OwnSeat
    lots: dict[str, list[Lot]]
    result: Result | None


def summary(state: State, player: str) -> Summary:
    """The round, the phase and the player's own seat (`me`), as in `view`."""
    seat = state.seats.get(player)
    return Summary(
        round=state.round,
        rounds=state.options.rounds,
        phase=state.phase,
        me=_seat_seen_by_self(player, seat) if seat is not None else None,
    )


def view(state: State, viewer: Viewer) -> PublicView:
    """AA visibility table: access bids are public once their phase closes; lot bids and
    winners go to the location's players; cash and cubes stay private until the end."""
    revealed = state.options.reveal_lots_publicly
    public: dict[str, Any] = {
        "round": state.round,
        "rounds": state.options.rounds,
        "phase": state.phase,
        "players": list(state.players),
        "kicked": [p for p in state.players if state.seats[p].kicked],
        "submitted": [p for p in state.players if state.seats[p].has_submitted()],
        "house_capacity": state.options.house_capacity,
        "colours": list(state.options.colours),
        "access": [
            AccessRound(
                round=c.round,
                bids=[AccessBid(player=p, house=h, amount=a) for p, h, a in c.bids],
                entrants=c.entrants,
                tied_out=c.tied_out,
            )
            for c in state.closed
            if c.phase == "access"
        ],
        "result": state.result,
        "lots": dict(state.lots) if revealed else None,
    }
    if viewer == HOST:
        return HostView(**public, audit=list(state.closed))
    seat = state.seats.get(viewer) if viewer is not None else None
    if seat is None or viewer is None:
        return PublicView(**public)
    seen = [c for c in state.closed if c.phase == "access"]
    if seat.location is not None and not revealed:
        public["lots"] = {seat.location: state.lots[seat.location]}
    return PlayerView(
        **public,
        me=_seat_seen_by_self(viewer, seat),
        auctions=[
            _auction_seen_by(state, c, viewer, seen) for c in state.closed if c.phase == "auction"
        ],
    )


def _seat_seen_by_self(player: str, seat: Seat) -> OwnSeat:
    committed = seat.committed()
    bid = seat.access_bid
    return OwnSeat(
        player=player,
        cash=seat.cash,
        committed=committed,
        uncommitted=seat.cash - committed,
        cubes=dict(seat.cubes),
        garnets=seat.garnets,
        location=seat.location,
        kicked=seat.kicked,
        access_bid=StandingAccessBid(house=bid[0], amount=bid[1]) if bid else None,
        lot_bids=dict(seat.lot_bids),
    )


def _auction_seen_by(
    state: State, closed: ClosedPhase, viewer: str, access: list[ClosedPhase]
) -> AuctionSeen:
    """AA-12: a closed auction as one player saw it: their location's bids and winners.
    A player kicked before that round's Access phase closed was in no location and sees
    nothing of it (AA-D3)."""
    entered = next(c for c in access if c.round == closed.round).entrants
    location = next((loc for loc, ps in entered.items() if viewer in ps), None)
    ids = {lot.id for lot in state.lots[location]} if location is not None else set()
    return AuctionSeen(
        round=closed.round,
        location=location,
        bids=[LotBidSeen(player=p, lot=t, amount=a) for p, t, a in closed.bids if t in ids],
        winners={t: w for t, w in closed.winners.items() if t in ids},
    )
