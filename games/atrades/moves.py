"""Atrades' moves as the engine takes them (docs/records.md): a pydantic union told apart by
`type`. A payment names where the money comes from, `pay_from`: "purse" (personal money) or
a company's initiative; from a company, its bank pays first and personal money the rest
(AT-7, AT-D24)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, TypeAdapter

from games.core.contract import Forfeit

#: The most anyone may bid or name; far above any table's money.
MAX_AMOUNT = 10_000
Money = Annotated[StrictInt, Field(ge=0, le=MAX_AMOUNT)]
#: "purse", or a company's initiative as text ("12").
Source = Annotated[str, Field(min_length=1, max_length=10)]


class _Move(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Bid(_Move):
    """AT-6, AT-7: a sealed turn-order bid; a new one replaces the guild's standing bid until
    the last guild's is in (AT-D23)."""

    type: Literal["bid"] = "bid"
    pay_from: Source = "purse"
    amount: Money


class Acquire(_Move):
    """AT-9: a starting tile on display onto free habitable land; also a free Acquire owed
    after a merger (AT-15)."""

    type: Literal["acquire"] = "acquire"
    tile: int
    hex: Annotated[str, Field(max_length=10)]


class Merge(_Move):
    """AT-11: a player merger of a company of the guild's and one next to it, with a cube on
    the merger track or without (AT-16)."""

    type: Literal["merge"] = "merge"
    company: int
    other: int
    cube: bool = True


class Govt(_Move):
    """AT-17: a company of the guild's sold to the Atrades Government."""

    type: Literal["govt"] = "govt"
    company: int


class Research(_Move):
    """AT-19: a technology, paid from `pay_from`."""

    type: Literal["research"] = "research"
    technology: Annotated[str, Field(max_length=10)]
    pay_from: Source = "purse"


class Pass(_Move):
    """The guild's turn without an action (AT-D11), or a pass in an open round (AT-12)."""

    type: Literal["pass"] = "pass"


class Raise(_Move):
    """AT-12: the opening bid or a raise in an open round of a merger's auction."""

    type: Literal["raise"] = "raise"
    amount: Money


class FinalBid(_Move):
    """AT-13: the final sealed round's hidden bid, or None to drop out (AT-D16)."""

    type: Literal["final_bid"] = "final_bid"
    amount: Money | None = None


class Settle(_Move):
    """AT-14 to AT-16: the auction's winner pays from `pay_from`, names the merged company
    where the choice is theirs (`survivor`), and takes the free bureaucracy cube or not."""

    type: Literal["settle"] = "settle"
    pay_from: Source = "purse"
    survivor: int | None = None
    cube: Literal["take", "leave"] = "take"


class Decline(_Move):
    """A free Acquire (AT-D21) or an expansion (AT-D19) let go."""

    type: Literal["decline"] = "decline"


class Expand(_Move):
    """AT-D19: a plain tile of the expanding company's type next to it."""

    type: Literal["expand"] = "expand"
    hex: Annotated[str, Field(max_length=10)]


class ClosePhase(_Move):
    """The host, or a deadline: whoever the phase waits for takes its default (AT-D25)."""

    type: Literal["close_phase"] = "close_phase"


class Kick(_Move):
    """The host removes a player (AT-D26)."""

    type: Literal["kick"] = "kick"
    player: str


Move = Annotated[
    Bid
    | Acquire
    | Merge
    | Govt
    | Research
    | Pass
    | Raise
    | FinalBid
    | Settle
    | Decline
    | Expand
    | ClosePhase
    | Kick
    | Forfeit,
    Field(discriminator="type"),
]
MOVES: TypeAdapter[Move] = TypeAdapter(Move)
