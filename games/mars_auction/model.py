"""The Mars Auction Variant's options, moves and state (RULINGS.md §2, docs/rules/mars-auction.md).

Words: a *company* is a corporation card; a *marker* is a bid of 1 M€ (limited variant); the
*display* is the cards laid out for one auction, numbered 1..N in the rulebook's order (L1).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, TypeAdapter, model_validator

from games.core.contract import Forfeit
from games.core.rng import RandomSource
from games.tm_catalogue import DEFAULT_EXPANSIONS, CardType
from games.tm_catalogue.sets import Sets

Variant = Literal["limited", "unlimited"]
Start = Literal["setup", "research"]
#: Where a match is: an auction's steps, between generations, or over.
Step = Literal["budget", "bidding", "keep", "buy", "waiting", "ended"]
#: The kinds of card an auction deals, in the setup's order (L17, U1).
Kind = Literal["company", "prelude", "project"]
KINDS: tuple[Kind, ...] = ("company", "prelude", "project")

#: How many of each kind a player keeps (L14, L15, U7): one corporation, two preludes.
KEEP: dict[Kind, int] = {"company": 1, "prelude": 2}
#: Cards of each kind on a setup display, per player (the rulebook's "player*2" ...), and on
#: a research phase's display.
SETUP_PER_PLAYER: dict[Kind, int] = {"company": 2, "prelude": 4, "project": 10}
RESEARCH_PER_PLAYER = 4
#: L7: markers of one player on one card; L8: new markers per player per bidding round.
MAX_ON_CARD = 3
MAX_PER_ROUND = 15
#: L16: what a won project costs to buy; with Terralabs as corporation, 1 (L18, U8).
PRICE = 2
TERRALABS_PRICE = 1
#: The most M€ anyone may state or be given; far above any real table.
MAX_MC = 10_000
#: A place action's second step answered with no second marker.
NO_SECOND = "none"
#: The rules new matches play by (the option `rules_version`; a record without it: 1).
#: 1: a `research` move naming no first player is opened by the starting player marker's
#: holder, as the first records were played; 2: by the player after the last generation's
#: first player (L17, MA-D11).
RULES_VERSION = 2


def kind_of(card_type: CardType) -> Kind:
    if card_type == "corporation":
        return "company"
    if card_type == "prelude":
        return "prelude"
    return "project"


class Options(BaseModel):
    """Match options (issue #15's record names; docs/records.md)."""

    model_config = ConfigDict(extra="forbid")

    variant: Variant = "limited"
    #: `setup`: the setup auction, then research auctions; `research`: only research auctions
    #: (the group dealt its setup the usual way), the first one opened by the host.
    start: Start = "setup"
    #: The player who starts (holds the starting player marker); None: drawn from the seed.
    first_player: str | None = None
    #: The setup display as card names in L1 order (companies, then preludes, then projects);
    #: None: dealt from the catalogue.
    display: list[str] | None = None
    #: The catalogue's sets cards are dealt from (the bot's `sets:`; a host's own list always
    #: counts).
    expansions: Sets = Field(default_factory=lambda: list(DEFAULT_EXPANSIONS))
    #: L9's budget in the setup auction, before anyone has a corporation; None: the lowest
    #: starting M€ among the displayed corporations.
    setup_budget: Annotated[int, Field(ge=0, le=MAX_MC)] | None = None
    #: A host's own cards, as the CSV text they uploaded (name, type, cost, tags, starting
    #: M€), added to the catalogue for this match (docs/rules/tm-catalogue.md).
    cards_csv: str | None = None
    #: The rules the match plays by (`RULES_VERSION`): left out, 1, as records written before
    #: versions were played; the bot writes the newest into every match it starts.
    rules_version: Annotated[int, Field(ge=1, le=RULES_VERSION)] = 1

    @model_validator(mode="after")
    def _check(self) -> Options:
        if self.start == "research" and self.display is not None:
            raise ValueError("a display is the setup's; research displays come with the host")
        return self


class Budget(BaseModel):
    """A player's M€ for a research auction (L9), stated privately; the host may set it for
    a player (`for`)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    type: Literal["budget"] = "budget"
    amount: StrictInt
    for_: str | None = Field(None, alias="for")


class Place(BaseModel):
    """Limited (L6): one or two markers by display number: `[3]`, `[3, 3]` or `[3, 7]`.
    `twice` puts both markers on the one card given (`[3]` with `twice` is `[3, 3]`: moves of
    earlier versions). The legal action's steps give `card`, then `second` ("none": only that
    marker; that card's number again: a second marker on it; another card's: one on that
    too), read here as `cards`."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["place"] = "place"
    cards: Annotated[list[int], Field(min_length=1, max_length=2)]
    twice: bool = False

    @model_validator(mode="before")
    @classmethod
    def _steps(cls, data: Any) -> Any:
        if not isinstance(data, dict) or "card" not in data:
            return data
        out = {k: v for k, v in data.items() if k not in ("card", "second")}
        second = data.get("second", NO_SECOND)
        out["cards"] = [data["card"]] if second == NO_SECOND else [data["card"], second]
        return out

    @model_validator(mode="after")
    def _twice(self) -> Place:
        if self.twice:
            if len(self.cards) != 1:
                raise ValueError("twice takes one card")
            self.cards = [self.cards[0], self.cards[0]]
            self.twice = False
        return self


class Pass(BaseModel):
    """Limited: a pass, final for the round (L6). Unlimited: a pass on the card up for
    auction, final for that card (U3)."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["pass"] = "pass"


class Raise(BaseModel):
    """Unlimited: a bid on the card up for auction; the opening bid is 0 or more (U2), every
    raise at least 1 over the bid standing."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["raise"] = "raise"
    amount: StrictInt


class Keep(BaseModel):
    """The companies (1) or preludes (2) a player keeps of those they won (L15, U7)."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["keep"] = "keep"
    cards: list[str]


class Buy(BaseModel):
    """The won projects a player buys, at 2 M€ each (L16, U6); the rest are discarded."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["buy"] = "buy"
    cards: list[str]


class Research(BaseModel):
    """The host opens a generation's research auction: the display by card names in L1 order
    (a physical table mirrored), or dealt from the catalogue when `cards` is left out; and
    the generation's first player, who opens it (L17). Left out, the player after the last
    generation's first player opens it; under `rules_version` 1 (records written before
    versions), whoever holds the starting player marker, as those records were played."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["research"] = "research"
    cards: list[str] | None = None
    first_player: str | None = None


class End(BaseModel):
    """The host ends the match between generations (MA-D6)."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["end"] = "end"


class ClosePhase(BaseModel):
    """The host, or a deadline: whoever the step waits for takes the default (MA-D5)."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["close_phase"] = "close_phase"


class Kick(BaseModel):
    """The host removes a player (MA-D7)."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["kick"] = "kick"
    player: str


Move = Annotated[
    Budget | Place | Pass | Raise | Keep | Buy | Research | End | ClosePhase | Kick | Forfeit,
    Field(discriminator="type"),
]
MOVES: TypeAdapter[Move] = TypeAdapter(Move)


class DisplayCard(BaseModel):
    """A card on display, with the facts the auction uses, its markers (limited) and, once
    evaluated, who won it and for how much."""

    number: int
    name: str
    kind: Kind
    cost: int | None = None
    starting_mc: int | None = None
    tags: list[str] = Field(default_factory=list)
    #: Limited: each player's markers on it (L7 counts them across the setup's rounds).
    markers: dict[str, int] = Field(default_factory=dict)
    done: bool = False
    winner: str | None = None
    #: What the winner bid for it (before the per-kind reduction of L11).
    bid: int = 0
    #: Drawn at random, free, by a player who won too few of its kind (L14, MA-D4): not won,
    #: so it takes nothing off L11's price.
    drawn: bool = False

    @property
    def total(self) -> int:
        return sum(self.markers.values())


class Seat(BaseModel):
    """One player: their M€ as far as the auction knows, what they won and hold."""

    #: The M€ they pay with (L9): None before they have a corporation in the setup (the
    #: setup budget counts then), and at a research auction before their budget is stated.
    money: int | None = None
    #: The M€ the bot last knew them to hold (the default budget at a deadline, MA-D5).
    known: int | None = None
    corporation: str | None = None
    preludes: list[str] = Field(default_factory=list)
    projects: list[str] = Field(default_factory=list)
    #: Cards won in the current auction, not yet kept or bought, with their bids.
    won: dict[str, int] = Field(default_factory=dict)
    #: Company bids won in the setup, settled once the corporation is chosen (L10).
    company_bids: int = 0
    paid: int = 0
    #: What they had paid when this auction opened (`auction_settled` tells what it cost).
    paid_before: int = 0
    #: Limited: markers put out this round (L8), and whether they passed (L6).
    placed: int = 0
    passed: bool = False
    #: A sealed choice of the step now (keep or buy), revealed when everyone has chosen.
    choice: list[str] | None = None
    kicked: bool = False


class Lot(BaseModel):
    """Unlimited: the card up for auction, its bids so far and who has passed on it."""

    number: int
    opener: str
    bids: list[tuple[str, int]] = Field(default_factory=list)
    passed: list[str] = Field(default_factory=list)

    @property
    def high(self) -> tuple[str, int] | None:
        return self.bids[-1] if self.bids else None


class PlayerResult(BaseModel):
    corporation: str | None
    preludes: list[str]
    projects: list[str]
    paid: int


class Result(BaseModel):
    """Per player, the cards kept and bought and the M€ paid (issue #15's record)."""

    players: dict[str, PlayerResult]
    generations: int


class State(BaseModel):
    game: Literal["mars-auction"] = "mars-auction"
    options: Options
    players: list[str]
    seats: dict[str, Seat]
    rng: RandomSource
    step: Step
    #: `setup` or `research`: the auction now (or the last one, while waiting).
    auction: Start
    #: The setup's bidding round (1-3, L17); 1 in a research auction.
    round: int = 1
    #: Research auctions opened so far.
    generation: int = 0
    display: list[DisplayCard] = Field(default_factory=list)
    #: The kind being kept or auctioned now (keep step; unlimited bidding).
    kind: Kind | None = None
    #: Index in `players` of the starting player marker (L5's "first player", U4).
    starter: int = 0
    #: Index in `players` of the last generation's first player (L17): the setup's first
    #: player, then each research auction's. None before any generation (`start: research`,
    #: and snapshots written before the field existed).
    first: int | None = None
    #: The player whose turn it is (bidding), or None.
    to_act: str | None = None
    #: The first player of this bidding round (L5), by index.
    round_first: int = 0
    lot: Lot | None = None
    #: Every card dealt in this game, so none is dealt twice.
    dealt: list[str] = Field(default_factory=list)
    #: Setup: the L9 budget before corporations.
    setup_budget: int = 0
    result: Result | None = None
    #: Decisions opened so far (`phase_opened` events): the innermost phase's id in `turn`
    #: counts on it, so that a phase repeated (the same player's turn again) is a new wait.
    waits: int = 0
