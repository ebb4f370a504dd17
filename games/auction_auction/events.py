"""Auction Auction's events, one model per event type, in the order of their fields as the log
has always stored them (docs/records.md). `AuctionEvent` is their union, told apart by
`type`, which the engine emits (`AuctionAuction.events`) and the texts read.

Who is told what is the envelope's audience (`GameEvent.told`): a bid to its bidder (AA-5,
AA-9), a gift to its two players (AA-15), a location's lots and results to its players (AA-12)
unless the lots are revealed, the access results and the end to everyone (AA-8, AA-18).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.auction_auction.model import Colour, Lot, Standing
from games.core.events import GameEvent, MatchEnded, PhaseOpened, PlayerForfeited, PlayerKicked

#: The phases with sealed bids.
BidPhase = Literal["access", "auction"]


class Part(BaseModel):
    """A part of an event or a view (a bid, a lot's result): frozen, no extra fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class AccessBid(Part):
    """A sealed bid on a house (AA-5), public once its phase closes (AA-8)."""

    player: str
    house: str
    amount: int


class LotBid(Part):
    """A sealed bid on a lot, as its location is told (AA-12)."""

    player: str
    amount: int


class LotResult(Part):
    """AA-11: a lot, every bid on it, and its winner and price (None: discarded)."""

    lot: str
    colour: Colour
    count: int
    bids: list[LotBid]
    winner: str | None
    price: int | None


class MatchStarted(GameEvent):
    type: Literal["match_started"] = "match_started"
    players: list[str]
    rounds: int
    starting_cash: int


class BlackMarketDrawn(GameEvent):
    """AA-4: the Black Market's colour, `drawn` at random or the host's choice; told to
    everyone only when the lots are revealed (internal otherwise)."""

    type: Literal["black_market_drawn"] = "black_market_drawn"
    colour: Colour
    drawn: bool


class AuctionPhaseOpened(PhaseOpened):
    """An Access or Auction phase opens; an Access phase tells each house's `spots` (AA-3;
    events stored before it was told have none)."""

    round: int
    phase: BidPhase
    spots: int | None = None


class LotsOffered(GameEvent):
    """AA-4: a location's lots as its Auction phase opens, to its players (AA-12) or to
    everyone where the lots are revealed."""

    type: Literal["lots_offered"] = "lots_offered"
    round: int
    location: str
    lots: list[Lot]


class BidPlaced(GameEvent):
    """A sealed bid, to its bidder (AA-5, AA-9): `replaced` is the bid it replaces, an Access
    phase's [house, amount] or a lot's amount, or None."""

    type: Literal["bid_placed"] = "bid_placed"
    player: str
    round: int
    phase: BidPhase
    target: str
    amount: int
    replaced: tuple[str, int] | int | None


class BidWithdrawn(GameEvent):
    """AA-D2: a bid on a lot withdrawn (amount 0); `replaced` is the bid withdrawn."""

    type: Literal["bid_withdrawn"] = "bid_withdrawn"
    player: str
    round: int
    phase: BidPhase
    target: str
    amount: int
    replaced: int | None


class SubmissionReceived(GameEvent):
    """The public notice of a sealed bid: who, never what."""

    type: Literal["submission_received"] = "submission_received"
    player: str


class SubmissionWithdrawn(GameEvent):
    """The public notice that a player's last standing bid was withdrawn."""

    type: Literal["submission_withdrawn"] = "submission_withdrawn"
    player: str


class CashGiven(GameEvent):
    """AA-15: a gift, told to its two players; `from` is written as the log has it."""

    model_config = ConfigDict(serialize_by_alias=True, validate_by_name=True)

    type: Literal["cash_given"] = "cash_given"
    giver: str = Field(alias="from")
    to: str
    amount: int


class GarnetTraded(GameEvent):
    """AA-14: a garnet traded for `amount` dollars, to its player."""

    type: Literal["garnet_traded"] = "garnet_traded"
    player: str
    amount: int
    garnets_left: int


class BonusPaid(GameEvent):
    """AA-13: the $10 paid as a phase opens, to its player."""

    type: Literal["bonus_paid"] = "bonus_paid"
    player: str
    amount: int


class AccessResolved(GameEvent):
    """AA-6 to AA-8: every access bid, who entered each location (the Black Market included),
    whose tie kept them out, and the houses' capacity (events stored before it was told have
    none)."""

    type: Literal["access_resolved"] = "access_resolved"
    round: int
    bids: list[AccessBid]
    entrants: dict[str, list[str]]
    tied_out: list[str]
    house_capacity: int | None = None


class AuctionResolved(GameEvent):
    """AA-10 to AA-12: one location's lots, bids and winners, to its players."""

    type: Literal["auction_resolved"] = "auction_resolved"
    round: int
    location: str
    lots: list[LotResult]


class PhaseClosed(GameEvent):
    """An Auction phase closed (its results went to each location)."""

    type: Literal["phase_closed"] = "phase_closed"
    round: int
    phase: BidPhase


class AuctionEnded(MatchEnded):
    """AA-16 to AA-18: places, hands, cubes and cash, the prizes and the elimination
    candidates, told to everyone."""

    standings: list[Standing]
    tokens_of_life: dict[str, int]
    garnets: dict[str, int]
    elimination_candidates: list[str]
    prize_pool_increase: int


AuctionEvent = Annotated[
    MatchStarted
    | BlackMarketDrawn
    | AuctionPhaseOpened
    | LotsOffered
    | BidPlaced
    | BidWithdrawn
    | SubmissionReceived
    | SubmissionWithdrawn
    | CashGiven
    | GarnetTraded
    | BonusPaid
    | AccessResolved
    | AuctionResolved
    | PhaseClosed
    | PlayerKicked
    | PlayerForfeited
    | AuctionEnded,
    Field(discriminator="type"),
]
