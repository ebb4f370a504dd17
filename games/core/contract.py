"""The engine contract's data: what any game tells the bot about now, in one typed shape.

`Engine.turn` says which phase the match is in, how long it lasts by default, what its
deadline does and who may or must act; `Engine.legal_actions` says what one player may do now,
as actions the bot turns into controls (a button, a menu, an amount form) and back into moves
with `Action.build`; `Engine.season_outcome` says what a finished match gives a Genius
season's ledger, and `Engine.placings` who won it and who came where. Everything here is
JSON-ready (`model_dump(mode="json")`) and frozen.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

#: The longest action key: the bot's controls carry it, with the match and what was picked,
#: in custom ids of at most 100 characters.
MAX_KEY = 40


class Phase(BaseModel, frozen=True):
    """The phase a match is in now."""

    #: The engine's own phase id: "access", "auction", "deck", "turn", ...
    name: str
    #: For people: "Access phase, round 2", "Round 1: ann's turn" (players by their ids).
    title: str
    round: int | None = None
    #: This phase's default length; None: no deadline (it waits for the host).
    default_seconds: int | None
    #: One sentence: what happens when the deadline passes (the bot then submits the host's
    #: `{"type": "close_phase"}`).
    on_deadline: str

    @model_validator(mode="after")
    def _positive(self) -> Phase:
        if self.default_seconds is not None and self.default_seconds <= 0:
            raise ValueError("a phase's default length is positive, or None for no deadline")
        return self


class Turn(BaseModel, frozen=True):
    """Who the match waits for now."""

    phase: Phase
    #: Seated players, in seat order.
    players: list[str]
    #: Removed (kicked, forfeited) players.
    out: list[str]
    #: Players the phase still waits for: reminders go to them, the status shows them as not
    #: submitted.
    must: list[str]
    #: Players who may act now (their `legal_actions` are not empty). Not always a superset
    #: of `must`: `must` is shown to everyone, so a game decides it from public facts, and who
    #: may act can depend on a player's secrets (an Auction Auction player's cash).
    may: list[str]

    @model_validator(mode="after")
    def _nested(self) -> Turn:
        if not set(self.must) | set(self.may) <= set(self.players) - set(self.out):
            raise ValueError("must and may are players who are not out")
        return self


class Amount(BaseModel, frozen=True):
    """A whole number the player fills in, from `min` to `max`."""

    #: The move field it fills.
    field: str = "amount"
    min: int
    max: int
    label: str = "Amount"

    @model_validator(mode="after")
    def _bounded(self) -> Amount:
        if self.min > self.max:
            raise ValueError(f"an amount from {self.min} to {self.max} is empty")
        return self


class Choice(BaseModel, frozen=True):
    """One of a pick's choices."""

    #: What goes into the move; a menu option's value holds at most 100 characters.
    value: Annotated[str, Field(max_length=100)]
    #: For people.
    label: Annotated[str, Field(max_length=100)]
    description: str | None = None


class Pick(BaseModel, frozen=True):
    """Choices the player picks from: one (`max` 1) or several (a multi-select)."""

    #: The move field it fills.
    field: str
    choices: list[Choice]
    min: int = 1
    #: Above 1: a multi-select, and the move field is a list; otherwise a single value.
    max: int = 1
    label: str = "Choose"
    #: The move field is a list even when at most one may be picked (a move that takes a list
    #: of cards, offered a single card).
    as_list: bool = False

    @model_validator(mode="after")
    def _fits(self) -> Pick:
        values = [c.value for c in self.choices]
        if len(set(values)) != len(values):
            raise ValueError("a pick's choices have distinct values")
        if not 0 <= self.min <= self.max <= len(self.choices):
            raise ValueError(
                f"a pick of {self.min} to {self.max} among {len(self.choices)} choices is not "
                "possible"
            )
        return self

    @property
    def takes_list(self) -> bool:
        """Whether the move field is a list of the picked values."""
        return self.as_list or self.max > 1


class Action(BaseModel, frozen=True):
    """One thing a player may do now; controls (a button, a menu, an amount form) are built
    from it."""

    #: Stable and unique among this player's actions now, e.g. "bid:genre-shop".
    key: Annotated[str, Field(max_length=MAX_KEY)]
    #: "Genre Shop", "Play Scout", "Pass".
    label: str
    #: The move with its fixed fields: {"type": "bid", "target": "genre-shop"}.
    move: dict[str, Any]
    amount: Amount | None = None
    pick: Pick | None = None
    #: The move stays secret until a reveal (its type is one of the engine's `sealed_moves`).
    sealed: bool = False
    #: The player has no choice: this is all they may do, with nothing to fill in but the one
    #: choice of its pick. The bot makes the move for them at once (its events say so) and
    #: shows no control for it.
    forced: bool = False

    @model_validator(mode="after")
    def _fields_apart(self) -> Action:
        if not isinstance(self.move.get("type"), str):
            raise ValueError("an action's move has a type")
        if self.forced and (
            self.amount is not None or (self.pick is not None and len(self.pick.choices) != 1)
        ):
            raise ValueError("a forced action takes no amount and has one choice at most")
        filled = [part.field for part in (self.amount, self.pick) if part is not None]
        if "type" in filled or len(set(filled)) != len(filled):
            raise ValueError("an action's amount and pick fill distinct fields other than type")
        return self

    @property
    def type(self) -> str:
        """The move's type."""
        return str(self.move["type"])

    def build(
        self, *, amount: int | None = None, picked: list[str] | None = None
    ) -> dict[str, Any]:
        """The full move: the fixed fields, `amount` in the amount's field and the picked
        values in the pick's field. Raises ValueError when an amount or picks are given to an
        action that takes none, or are missing, or when the picks are not among the choices or
        not as many as the pick allows. An amount out of its bounds is left to the engine,
        whose refusal says what is wrong in the game's words."""
        move = dict(self.move)
        if self.amount is None:
            if amount is not None:
                raise ValueError(f"{self.key} takes no amount")
        elif amount is None:
            raise ValueError(f"{self.key} needs an amount")
        else:
            move[self.amount.field] = amount
        if self.pick is None:
            if picked:
                raise ValueError(f"{self.key} takes no pick")
            return move
        chosen = list(picked or [])
        offered = {c.value for c in self.pick.choices}
        if len(set(chosen)) != len(chosen) or not set(chosen) <= offered:
            raise ValueError(f"{self.key}: pick distinct values among the choices")
        if not self.pick.min <= len(chosen) <= self.pick.max:
            raise ValueError(f"{self.key}: pick {self.pick.min} to {self.pick.max} choices")
        if self.pick.takes_list:
            move[self.pick.field] = chosen
        elif chosen:
            move[self.pick.field] = chosen[0]
        return move


class Forfeit(BaseModel):
    """A player concedes: every engine takes it from a seated player who is not out, at any
    moment of a running match (not only when the phase waits for them); what it means is the
    game's (Project Mars: the opponent wins; Auction Auction: the player leaves as by a kick).
    It is no `Action`: the bot offers it as `/match forfeit`, not as a control of a phase."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    type: Literal["forfeit"] = "forfeit"


class SeasonOutcome(BaseModel, frozen=True):
    """What a finished match gives a Genius season's ledger."""

    #: player -> place (1 is first), for the ledger entries' wording.
    places: dict[str, int]
    #: Prizes in garnets.
    garnets: dict[str, int]
    tokens_of_life: dict[str, int]
    #: Elimination candidates.
    candidates: list[str]
    pool_increase: int = 0
    #: Why the prize pool grows, in the game's words ("everyone held four cubes").
    pool_reason: str | None = None


class Placings(BaseModel, frozen=True):
    """How a finished match placed its players: what the bot's stats and leaderboards count."""

    #: player -> place (1 is first); players the game ranks equal share a place. A player the
    #: game does not rank (one removed from the match, say) is not in it.
    places: dict[str, int]
    #: Who won: some or all of the players in first place (all of them, where the game gives
    #: a shared first place the win), or nobody (a draw).
    winners: list[str]

    @model_validator(mode="after")
    def _first(self) -> Placings:
        if any(place < 1 for place in self.places.values()):
            raise ValueError("places count from 1")
        if len(set(self.winners)) != len(self.winners) or any(
            self.places.get(p) != 1 for p in self.winners
        ):
            raise ValueError("the winners are distinct players in first place")
        return self
