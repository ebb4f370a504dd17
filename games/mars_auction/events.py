"""The Mars Auction's events, one model per event type, their fields in the order the log has
always stored them (docs/records.md). `MarsAuctionEvent` is their union, told apart by
`type`, which the engine emits (`MarsAuction.events`) and the texts read.

Who is told what is the envelope's audience (`GameEvent.told`, `tell`): a stated budget, a
receipt for markers or a bid, a price warning and a sealed choice to their player alone
(MA-D3), everything else to everyone; keeps and purchases are revealed together, once every
player asked has chosen (`corporations_chosen`, `preludes_chosen`, `projects_bought`).

Fields that events stored by earlier versions lack have defaults: a bid's or a pass's card
(`card`: those carried its display number alone), a research display's `chosen` and `after`
(L17, MA-D11).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.core.events import (
    GameEvent,
    MatchEnded,
    PhaseOpened,
    PlayerForfeited,
    PlayerKicked,
)
from games.mars_auction.model import Kind, Start, Variant

#: The steps a `phase_opened` opens (`State.step` but the end).
OpenedStep = Literal["budget", "bidding", "keep", "buy", "waiting"]
#: The sealed steps a player chooses at (L15, L16).
ChoiceStep = Literal["keep", "buy"]
#: Why a research auction's first player opens it (L17, MA-D11): named by the host, the next
#: seat after the last generation's first player, or (rules 1) the starting player marker.
Chosen = Literal["host", "next", "marker"]


class Part(BaseModel):
    """A part of an event or a view (a card dealt, a player's holdings): frozen, no extra
    fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class DealtCard(Part):
    """A card as its display is dealt (L1): its number, name, kind and the facts the auction
    uses."""

    number: int
    name: str
    kind: Kind
    cost: int | None = None
    starting_mc: int | None = None
    tags: list[str] = Field(default_factory=list)


class Holdings(Part):
    """What a player holds and has paid in all (MA-D2)."""

    corporation: str | None
    preludes: list[str]
    projects: list[str]
    paid: int


class Settled(Holdings):
    """A player's holdings once an auction is settled, with what it cost them (`paid_now`)."""

    paid_now: int


class CorporationKept(Part):
    """L10, L11: a player's corporation and what their company bids cost them."""

    corporation: str | None
    paid: int


class PreludesKept(Part):
    """L11, L15: the preludes a player keeps and what they cost."""

    preludes: list[str]
    paid: int


class Purchase(Part):
    """L16: the won projects a player buys, those discarded, and what the purchase cost."""

    bought: list[str]
    discarded: list[str]
    paid: int


class MatchStarted(GameEvent):
    """The players, the variant, the start and the first player (drawn or named)."""

    type: Literal["match_started"] = "match_started"
    players: list[str]
    variant: Variant
    start: Start
    first_player: str
    drawn: bool


class DisplayDealt(GameEvent):
    """L1: a display laid out; a research display says who opens it and why (L17)."""

    type: Literal["display_dealt"] = "display_dealt"
    auction: Start
    generation: int
    first_player: str
    chosen: Chosen | None = None
    after: str | None = None
    cards: list[DealtCard]


class StepOpened(PhaseOpened):
    """A new decision is awaited: the bot starts its deadline on this event."""

    step: OpenedStep
    auction: Start
    generation: int
    round: int
    kind: Kind | None
    players: list[str]


class MarkersPlaced(GameEvent):
    """L6: a player's one or two markers, by display number."""

    type: Literal["markers_placed"] = "markers_placed"
    player: str
    cards: list[int]


class MarkersReceipt(GameEvent):
    """L9: to the player, the M€ of their budget left free for more markers."""

    type: Literal["markers_receipt"] = "markers_receipt"
    player: str
    cards: list[int]
    left: int


class PriceWarning(GameEvent):
    """To the player: their markers (L9) or their bid on a project (`number`, `card`) leave
    less than a won project costs to buy (L16)."""

    type: Literal["price_warning"] = "price_warning"
    player: str
    left: int
    price: int
    number: int | None = None
    card: str | None = None


class Passed(GameEvent):
    """Limited: a pass for the rest of the round (L6). Unlimited: a pass on the card up for
    auction (`number`, `card`; U3). `auto`: the player could not bid, or their time was up."""

    type: Literal["passed"] = "passed"
    player: str
    number: int | None = None
    card: str | None = None
    auto: bool


class CardAwarded(GameEvent):
    """L3-L5, U3: a card goes to `winner` for `paid` M€ (None: no markers, discarded); the
    markers on it (limited) or its bids (unlimited)."""

    type: Literal["card_awarded"] = "card_awarded"
    number: int
    card: str
    kind: Kind
    winner: str | None
    markers: dict[str, int]
    paid: int
    bids: list[tuple[str, int]] | None = None


class StarterPassed(GameEvent):
    """L17, U4: the starting player marker passes on."""

    type: Literal["starter_passed"] = "starter_passed"
    player: str


class CardDrawn(GameEvent):
    """L14, MA-D4: a card drawn at random, free, for a player who won too few of its kind."""

    type: Literal["card_drawn"] = "card_drawn"
    player: str
    card: str
    kind: Kind
    candidates: list[str]


class ChoiceMade(GameEvent):
    """To the player: the cards they keep or buy, sealed until everyone has chosen (MA-D3)."""

    type: Literal["choice_made"] = "choice_made"
    player: str
    cards: list[str]
    step: ChoiceStep


class ChoiceReceived(GameEvent):
    """A player has chosen (never what, MA-D3)."""

    type: Literal["choice_received"] = "choice_received"
    player: str
    step: ChoiceStep


class CardDiscarded(GameEvent):
    type: Literal["card_discarded"] = "card_discarded"
    player: str
    card: str


class CorporationsChosen(GameEvent):
    """The corporations kept, revealed together, and each player's company bids paid."""

    type: Literal["corporations_chosen"] = "corporations_chosen"
    players: dict[str, CorporationKept]


class PreludesChosen(GameEvent):
    """The preludes kept, revealed together, and what each player paid for them."""

    type: Literal["preludes_chosen"] = "preludes_chosen"
    players: dict[str, PreludesKept]


class ProjectsBought(GameEvent):
    """The projects bought, revealed together (those who won none are not listed)."""

    type: Literal["projects_bought"] = "projects_bought"
    players: dict[str, Purchase]


class AuctionSettled(GameEvent):
    """An auction is over: what each player holds, paid in all and paid in it."""

    type: Literal["auction_settled"] = "auction_settled"
    auction: Start
    generation: int
    players: dict[str, Settled]


class LotOpened(GameEvent):
    """U1, U2: a card up for auction, and who opens its bidding."""

    type: Literal["lot_opened"] = "lot_opened"
    number: int
    card: str
    opener: str


class BidRaised(GameEvent):
    """U2: a bid on the card up for auction."""

    type: Literal["bid_raised"] = "bid_raised"
    player: str
    number: int
    card: str | None = None
    amount: int


class LotReceipt(GameEvent):
    """To the bidder: their bid (`amount`) or pass (None) on the card up for auction."""

    type: Literal["lot_receipt"] = "lot_receipt"
    player: str
    number: int
    card: str
    amount: int | None


class BudgetStated(GameEvent):
    """L9: to the player, their budget for a research auction, stated or set by the host."""

    type: Literal["budget_stated"] = "budget_stated"
    player: str
    amount: int
    by_host: bool


class BudgetReceived(GameEvent):
    """A player has a budget (never what, MA-D3)."""

    type: Literal["budget_received"] = "budget_received"
    player: str


class DefaultsApplied(GameEvent):
    """MA-D5: the step's default taken for the players it still waited for."""

    type: Literal["defaults_applied"] = "defaults_applied"
    step: Literal["budget", "bidding", "keep", "buy"]
    players: list[str]


class LotRestarted(GameEvent):
    """MA-D7: the card up for auction starts again, a bidder having left."""

    type: Literal["lot_restarted"] = "lot_restarted"
    number: int
    card: str


class MarsAuctionEnded(MatchEnded):
    """MA-D6: the match is over; what each player holds and paid, and how many research
    auctions were played."""

    players: dict[str, Holdings]
    generations: int


MarsAuctionEvent = Annotated[
    MatchStarted
    | DisplayDealt
    | StepOpened
    | MarkersPlaced
    | MarkersReceipt
    | PriceWarning
    | Passed
    | CardAwarded
    | StarterPassed
    | CardDrawn
    | ChoiceMade
    | ChoiceReceived
    | CardDiscarded
    | CorporationsChosen
    | PreludesChosen
    | ProjectsBought
    | AuctionSettled
    | LotOpened
    | BidRaised
    | LotReceipt
    | BudgetStated
    | BudgetReceived
    | DefaultsApplied
    | LotRestarted
    | MarsAuctionEnded
    | PlayerKicked
    | PlayerForfeited,
    Field(discriminator="type"),
]
