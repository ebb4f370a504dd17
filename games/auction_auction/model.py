"""Auction Auction's options, moves and state (RULINGS.md §1)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, TypeAdapter, model_validator

from games.core.contract import Forfeit
from games.core.rng import RandomSource
from games.core.speech import N_

Colour = Literal["red", "yellow", "green", "blue", "purple"]

HOUSES: dict[str, str] = {
    "dr-e-appraisings": "Dr. E Appraisings",
    "genre-shop": "Genre Shop",
    "wolley-limited": "Wolley Limited",
}
BLACK_MARKET = "black-market"
LOCATION_NAMES: dict[str, str] = {**HOUSES, BLACK_MARKET: "Black Market"}
#: AA-4: each house name is an anagram of its colour, the game's hidden trick.
HOUSE_COLOURS: dict[str, Colour] = {
    "dr-e-appraisings": "red",
    "genre-shop": "green",
    "wolley-limited": "yellow",
}
#: How people read the game's words, for messages and images alike.
HAND_LABELS: dict[str, str] = {
    "rainbow": N_("Rainbow"),
    "four_of_a_kind": N_("Four of a Kind"),
    "three_of_a_kind": N_("Three of a Kind"),
    "two_pair": N_("Two Pair"),
    "one_pair": N_("One Pair"),
    "nothing": N_("Nothing"),
}
PHASES: dict[str, str] = {
    "access": N_("Access phase"),
    "auction": N_("Auction phase"),
    "ended": N_("Match over"),
}


def place_name(location: str | None) -> str:
    """A location's name as the rulebook writes it."""
    return LOCATION_NAMES.get(location or "", location or N_("no location"))


def lot_number(lot_id: str) -> str:
    """A lot's number within its location: `genre-shop:2` is lot 2."""
    return lot_id.rsplit(":", 1)[-1]


def lot_name(lot_id: str, colour: str | None = None, count: int | None = None) -> str:
    """A lot as people read it: "Genre Shop · lot 2", with its cubes when known, as many times
    its colour ("Genre Shop · lot 2 · 2× green"). A house's id reads as the house's name."""
    if ":" not in lot_id:
        return place_name(lot_id)
    place, number = place_name(lot_id.rsplit(":", 1)[0]), lot_number(lot_id)
    if colour is None:
        return N_("{place} · lot {number}").format(place=place, number=number)
    return N_("{place} · lot {number} · {count}× {colour}").format(
        place=place, number=number, count=count or 1, colour=colour
    )


DEFAULT_COLOURS: tuple[Colour, ...] = ("red", "yellow", "green")
#: The colours as people read them: each a message id, translated where it is said.
COLOUR_NAMES: dict[str, str] = {
    "red": N_("red"),
    "yellow": N_("yellow"),
    "green": N_("green"),
    "blue": N_("blue"),
    "purple": N_("purple"),
}
HAND_NAMES = ("rainbow", "four_of_a_kind", "three_of_a_kind", "two_pair", "one_pair", "nothing")


class Options(BaseModel):
    """Match options; every *(option)* of RULINGS.md §1 with its default."""

    model_config = ConfigDict(extra="forbid")

    starting_cash: int = Field(100, ge=0, le=1_000_000)
    colours: list[Colour] = Field(default_factory=lambda: list(DEFAULT_COLOURS))
    house_capacity: int = Field(3, ge=1, le=12)
    black_market_colour: Colour | None = None
    reveal_lots_publicly: bool = False
    rounds: int = Field(3, ge=1, le=10)
    garnets: dict[str, Annotated[int, Field(ge=0, le=1_000_000)]] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _colours_make_sense(self) -> Options:
        """AA-2: red, yellow and green are always in play (the houses are their anagrams);
        a fourth or fifth colour may be added; the list's order is the tie-break order."""
        if len(set(self.colours)) != len(self.colours):
            raise ValueError("each colour may be listed once")
        if not {"red", "yellow", "green"} <= set(self.colours):
            raise ValueError("colours must include red, yellow and green")
        if self.black_market_colour is not None and self.black_market_colour not in self.colours:
            raise ValueError("the Black Market colour must be one of the colours in play")
        return self


class Bid(BaseModel):
    """A sealed bid: on a house in the Access phase, on a lot in the Auction phase.

    A new bid on the same target (or, in the Access phase, on any house) replaces the old
    one; amount 0 on a lot withdraws the bid on it.
    """

    model_config = ConfigDict(extra="forbid")

    type: Literal["bid"] = "bid"
    target: str
    amount: StrictInt


class Give(BaseModel):
    """AA-15: give dollars to another player."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["give"] = "give"
    to: str
    amount: StrictInt


class TradeGarnet(BaseModel):
    """AA-14: turn one garnet from the season balance into $10."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["trade_garnet"] = "trade_garnet"


class ClosePhase(BaseModel):
    """The host ends the current phase (what a deadline does)."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["close_phase"] = "close_phase"


class Kick(BaseModel):
    """The host removes a player: their standing submissions count as none, and they make no
    further moves (Dealer ruling AA-D3)."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["kick"] = "kick"
    player: str


Move = Annotated[
    Bid | Give | TradeGarnet | ClosePhase | Kick | Forfeit, Field(discriminator="type")
]
MOVES: TypeAdapter[Move] = TypeAdapter(Move)


class Lot(BaseModel):
    id: str
    colour: Colour
    count: int


class Seat(BaseModel):
    """One player's position. `lot_bids` and `access_bid` are the standing sealed bids of the
    phase in progress; they are cleared when it closes."""

    cash: int
    cubes: dict[str, int]
    garnets: int
    location: str | None = None
    access_bid: tuple[str, int] | None = None
    lot_bids: dict[str, int] = Field(default_factory=dict)
    broke_at_open: bool = False
    kicked: bool = False

    def committed(self) -> int:
        """Cash promised to standing sealed bids this phase."""
        if self.access_bid is not None:
            return self.access_bid[1]
        return sum(self.lot_bids.values())

    def has_submitted(self) -> bool:
        return self.access_bid is not None or bool(self.lot_bids)


class ClosedPhase(BaseModel):
    """Every sealed bid of a phase that has closed, and what came of it (for views, audits)."""

    round: int
    phase: Literal["access", "auction"]
    #: Access: (player, house, amount). Auction: (player, lot id, amount).
    bids: list[tuple[str, str, int]]
    #: Access only: location -> the players in it this round (the Black Market included).
    entrants: dict[str, list[str]] = Field(default_factory=dict)
    #: Auction only: lot id -> its winner, or None when it was discarded.
    winners: dict[str, str | None] = Field(default_factory=dict)
    #: Access: players of a group that would not fit and so kept out (AA-7).
    tied_out: list[str] = Field(default_factory=list)


class Standing(BaseModel):
    player: str
    place: int
    hand: str
    cubes: dict[str, int]
    cash: int


class Result(BaseModel):
    standings: list[Standing]
    tokens_of_life: dict[str, int]
    garnets: dict[str, int]
    elimination_candidates: list[str]
    prize_pool_increase: int


class State(BaseModel):
    game: Literal["auction-auction"] = "auction-auction"
    options: Options
    players: list[str]
    seats: dict[str, Seat]
    round: int = 1
    phase: Literal["access", "auction", "ended"] = "access"
    black_market_colour: Colour
    lots: dict[str, list[Lot]]
    rng: RandomSource
    #: AA-13: players owed $10 when the next phase opens.
    owed_bonus: list[str] = Field(default_factory=list)
    #: Money paid for bids (AA-6, AA-10) and money created by rules (AA-13, AA-14).
    paid: int = 0
    minted: int = 0
    cubes_offered: int = 0
    cubes_discarded: int = 0
    closed: list[ClosedPhase] = Field(default_factory=list)
    result: Result | None = None
