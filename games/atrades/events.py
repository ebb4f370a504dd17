"""Atrades' events, one model per event type, their fields in the order the log has always
stored them (docs/records.md). `AtradesEvent` is their union, told apart by `type`, which the
engine emits (`Atrades.events`) and the texts read.

Who is told what is the envelope's audience (`games.atrades.flow.Table`): a sealed bid (a
turn-order bid, a final bid) to its bidder alone until its round is revealed (AT-13,
AT-D27), a kicked guild's notice to its player; everything else to everyone. A field that
events stored before it existed lack has a default (`merger_settled`'s `bank`,
`market_sold`'s `blocked`, `round_ended`'s `last`, `game_ended`'s `reasons`); a flag that
is told only when it holds (`by_deadline`, `free`) is left out of the envelope otherwise.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.atrades.market import NoExpansion
from games.atrades.rounds import EndReason
from games.core.events import GameEvent, PhaseOpened, PlayerForfeited, PlayerKicked


class Part(BaseModel):
    """A part of an event (a payment, a sale): frozen, no extra fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Paid(Part):
    """A payment (`model.Payment`): from one company's bank, then personal money."""

    company: int | None = None
    from_company: int = 0
    from_money: int = 0

    @property
    def total(self) -> int:
        return self.from_company + self.from_money


class SaleMade(Part):
    """AT-21 to AT-23: a company's goods sold in a region, their price and what they made."""

    company: int
    region: int
    goods: int
    price: int
    income: int


class Blocked(Part):
    """AT-D19, AT-D26: a company that sold a good for every tile but does not expand."""

    company: int
    reason: NoExpansion


class MatchStarted(GameEvent):
    """AT-D3: the seats' guild boards, the regions laid out and the display."""

    type: Literal["match_started"] = "match_started"
    players: list[str]
    guilds: list[str]
    regions: list[str]
    display: list[int]


class AtradesPhaseOpened(PhaseOpened):
    """A new wait: the innermost phase's name and title, the round, whom it waits for."""

    name: str
    title: str
    round: int | None
    players: list[str]


class BidMade(GameEvent):
    """AT-6, AT-7: a guild's own sealed turn-order bid, to it alone."""

    type: Literal["bid_made"] = "bid_made"
    pay_from: str
    amount: int


class BidIn(GameEvent):
    """A guild has bid for turn order (or the deadline bid $0 for it)."""

    type: Literal["bid_in"] = "bid_in"
    player: str
    by_deadline: bool = False


class TurnOrderResolved(GameEvent):
    """AT-8: every bid shown and the round's turn order, first to act first."""

    type: Literal["turn_order_resolved"] = "turn_order_resolved"
    round: int
    order: list[str]
    bids: dict[str, Paid]


class Acquired(GameEvent):
    """AT-9, AT-15: a starting tile onto free land (`free`: a free Acquire)."""

    type: Literal["acquired"] = "acquired"
    player: str
    tile: int
    hex: str
    free: bool = False


class MergerDeclared(GameEvent):
    """AT-11: a player merger of the guild's company and the other; its auction follows."""

    type: Literal["merger_declared"] = "merger_declared"
    player: str
    companies: list[int]
    cube: bool


class SoldToGovt(GameEvent):
    """AT-17, AT-18: a company sold to the Government: the chart's rows paid
    (dispersion, payout), the payout and what went back to the supply."""

    type: Literal["sold_to_govt"] = "sold_to_govt"
    player: str
    company: int
    vp: int
    rows: list[tuple[int, int]]
    to_supply: int


class Researched(GameEvent):
    """AT-19: a technology bought, with what a company's bank paid of it."""

    type: Literal["researched"] = "researched"
    player: str
    technology: str
    company: int | None
    from_company: int


class Passed(GameEvent):
    """AT-D11: the guild's action is a pass (a cube spent)."""

    type: Literal["passed"] = "passed"
    player: str
    by_deadline: bool = False


class AuctionRaised(GameEvent):
    """AT-12: a bid in a merger's open round."""

    type: Literal["auction_raised"] = "auction_raised"
    player: str
    amount: int


class AuctionPassed(GameEvent):
    """AT-12: a pass in an open round: out of the auction."""

    type: Literal["auction_passed"] = "auction_passed"
    player: str
    by_deadline: bool = False


class FinalBidMade(GameEvent):
    """AT-13: a guild's own final sealed bid (None: it drops out), to it alone."""

    type: Literal["final_bid_made"] = "final_bid_made"
    amount: int | None


class FinalBidIn(GameEvent):
    """A guild has made its final decision (or the deadline dropped it out)."""

    type: Literal["final_bid_in"] = "final_bid_in"
    player: str
    by_deadline: bool = False


class FinalBidsRevealed(GameEvent):
    """AT-13: the final bids shown together, the winner and the price."""

    type: Literal["final_bids_revealed"] = "final_bids_revealed"
    bids: dict[str, int | None]
    winner: str | None
    price: int


class MergerSettled(GameEvent):
    """AT-14 to AT-16: the winner's payment around the track and the merged company."""

    type: Literal["merger_settled"] = "merger_settled"
    winner: str
    price: int
    company: int | None
    from_company: int
    spaces: list[int]
    paid: dict[str, int]
    survivor: int | None
    bank: int | None = None
    free_acquires: list[str]
    bureaucracy: list[str]


class MergerEnded(GameEvent):
    """A merger nobody bid on, or whose winner left, ends unsettled."""

    type: Literal["merger_ended"] = "merger_ended"
    companies: list[int]
    reason: Literal["no_winner"]


class FreeAcquireLost(GameEvent):
    """AT-D21: a free Acquire let go, by the guild, its deadline, or for want of a tile."""

    type: Literal["free_acquire_lost"] = "free_acquire_lost"
    player: str
    reason: Literal["declined", "deadline", "none_to_take"]


class MarketSold(GameEvent):
    """AT-21 to AT-24: the round's market: each sale, the companies to expand in order, and
    those that cannot."""

    type: Literal["market_sold"] = "market_sold"
    round: int
    sales: list[SaleMade]
    expansions: list[int]
    blocked: list[Blocked] = Field(default_factory=list)


class Expanded(GameEvent):
    """AT-24, AT-D19: a company expanded onto a hex."""

    type: Literal["expanded"] = "expanded"
    company: int
    hex: str


class ExpansionLost(GameEvent):
    """AT-D19, AT-D26: a company waiting to expand that no longer can."""

    type: Literal["expansion_lost"] = "expansion_lost"
    company: int
    reason: NoExpansion | None


class ExpansionLetGo(GameEvent):
    """A company does not expand (its owner let it go, or its deadline)."""

    type: Literal["expansion_let_go"] = "expansion_let_go"
    company: int


class RoundEnded(GameEvent):
    """AT-25: the round is over: the starting tiles laid out, the era, whether it was the
    game's last."""

    type: Literal["round_ended"] = "round_ended"
    round: int
    refilled: list[int]
    era: int
    last: bool = False


class LastRound(GameEvent):
    """AT-26: the round under way is now known to be the last, and why."""

    type: Literal["last_round"] = "last_round"
    round: int
    reasons: list[EndReason]
    out_of_cubes: list[str]


class GameEnded(GameEvent):
    """AT-26, AT-27, AT-D20: the end, why, and the places, money and banks."""

    type: Literal["game_ended"] = "game_ended"
    reasons: list[EndReason] = Field(default_factory=list)
    out_of_cubes: list[str] = Field(default_factory=list)
    winners: list[str]
    places: dict[str, int]
    money: dict[str, int]
    banks: dict[str, int]


class RemovedByHost(GameEvent):
    """AT-D26: the kicked guild's player is told, privately."""

    type: Literal["removed_by_host"] = "removed_by_host"


AtradesEvent = Annotated[
    MatchStarted
    | AtradesPhaseOpened
    | BidMade
    | BidIn
    | TurnOrderResolved
    | Acquired
    | MergerDeclared
    | SoldToGovt
    | Researched
    | Passed
    | AuctionRaised
    | AuctionPassed
    | FinalBidMade
    | FinalBidIn
    | FinalBidsRevealed
    | MergerSettled
    | MergerEnded
    | FreeAcquireLost
    | MarketSold
    | Expanded
    | ExpansionLost
    | ExpansionLetGo
    | RoundEnded
    | LastRound
    | GameEnded
    | PlayerKicked
    | PlayerForfeited
    | RemovedByHost,
    Field(discriminator="type"),
]
