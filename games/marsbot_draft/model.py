"""The MARSBOT draft as a match (docs/records.md, docs/rules/marsbot-draft.md): options, moves
and state. One player drafts against MARSBOT, whose picks the engine makes.

Modes (`Options.mode`):

- `table`: the player plays the physical game and enters MARSBOT's pile each round (`pick`,
  the pile's cards), optionally their own card first (`take`; required with `own_first`, so
  that MARSBOT's pick is shown only after theirs, §3.3); then `discard` and `deck`.
- `whole-draft`: the engine deals two piles of four project cards from the catalogue; the
  player takes a card from theirs (`take`), MARSBOT picks from its own, the piles swap, four
  rounds; then the discard and the action deck follow at once, and the player buys (`buy`).

Phases: `pick` (rounds 1 to 4), `discard` and `deck` (table only), `buy` (whole draft only),
`ended`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from games.core.contract import Forfeit
from games.core.errors import RuleError
from games.core.rng import RandomSource
from games.core.speech import N_
from games.marsbot_draft.cards import DraftCard
from games.marsbot_draft.draft import Decision, SpireRule
from games.marsbot_draft.priority import (
    AridorTracks,
    Frozen,
    LowestTrack,
    check_levels,
    find_corporation,
)
from games.tm_catalogue.model import DEFAULT_EXPANSIONS, MAX_NAME_LENGTH, fold
from games.tm_catalogue.sets import Sets

Mode = Literal["table", "whole-draft"]
Difficulty = Literal["normal", "brutal"]
PhaseName = Literal["pick", "discard", "deck", "buy", "ended"]
#: How a draft that ended early ended.
Ending = Literal["done", "forfeit", "kick", "closed"]
#: Cards in a pile at the start, and rounds of a draft (§3.3).
PILE = 4
ROUNDS = 4
#: What the player pays for each card they buy (§3.5).
CARD_PRICE = 3


def _rule(error: RuleError) -> ValueError:
    return ValueError(error.message)


class Options(BaseModel):
    """A draft's options. `corporation` None: drawn at random among the corporations with a
    draft priority, leaving out `own_corporation` (the player's own: MARSBOT plays another,
    §2 setup 1) and Aridor unless `tracks` are given (MB-D2). `tracks`: MARSBOT's track levels
    (Aridor's priority, §3.2). `own_first` (table mode): the player names their own card
    before each of MARSBOT's picks (MB-D4). `floaters`: MARSBOT's floaters (MB-D11).
    `sets`: the sets a whole draft deals from and card names are suggested from (MB-D6;
    a draft stored before the option deals from the default sets, as it did)."""

    model_config = ConfigDict(extra="forbid")

    mode: Mode = "whole-draft"
    corporation: str | None = None
    own_corporation: Annotated[str | None, Field(max_length=MAX_NAME_LENGTH)] = None
    difficulty: Difficulty = "normal"
    spire_rule: SpireRule = "czech"
    aridor_tracks: AridorTracks = "level"
    tracks: dict[str, int] | None = None
    own_first: bool = False
    #: MARSBOT's Venus/Colonies floaters when the discard is due (§3.0): with 5 or more (and
    #: Hoverlord no longer available) it spends 5 to keep its fourth card (MB-D11).
    floaters: Annotated[int, Field(ge=0, le=999)] = 0
    sets: Sets = Field(default_factory=lambda: list(DEFAULT_EXPANSIONS))

    @field_validator("corporation")
    @classmethod
    def _known(cls, name: str | None) -> str | None:
        if name is None:
            return None
        try:
            return find_corporation(name).name
        except RuleError as error:
            raise _rule(error) from None

    @field_validator("tracks")
    @classmethod
    def _levels(cls, levels: dict[str, int] | None) -> dict[str, int] | None:
        if levels is not None:
            try:
                check_levels(levels)
            except RuleError as error:
                raise _rule(error) from None
        return levels

    @model_validator(mode="after")
    def _consistent(self) -> Options:
        chosen = find_corporation(self.corporation) if self.corporation else None
        if chosen is not None and fold(chosen.name) == fold(self.own_corporation or ""):
            raise ValueError(N_("MARSBOT plays a different corporation from yours"))
        if chosen is not None and isinstance(chosen.priority, LowestTrack) and not self.tracks:
            raise ValueError(N_("Aridor's priority needs MARSBOT's track levels (tracks)"))
        if chosen is not None and not isinstance(chosen.priority, LowestTrack) and self.tracks:
            raise ValueError(
                N_("tracks are for Aridor's priority, not {corporation}'s").format(
                    corporation=chosen.name
                )
            )
        if self.own_first and self.mode != "table":
            raise ValueError(
                N_("own_first is for the table mode: a whole draft asks your card first")
            )
        return self


class _Move(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Take(_Move):
    """The player's own card this round: from their pile (whole draft), or the card they
    took at the table (table mode)."""

    type: Literal["take"] = "take"
    card: str


class Pick(_Move):
    """Table mode: the cards of MARSBOT's pile this round; MARSBOT picks from them."""

    type: Literal["pick"] = "pick"
    cards: list[str]


class Discard(_Move):
    """Table mode: MARSBOT's discard, after the fourth round."""

    type: Literal["discard"] = "discard"


class Deck(_Move):
    """Table mode: MARSBOT's action deck, shuffled after the discard."""

    type: Literal["deck"] = "deck"


class Buy(_Move):
    """Whole draft: the cards the player buys of the four they kept."""

    type: Literal["buy"] = "buy"
    cards: list[str]


class ClosePhase(_Move):
    type: Literal["close_phase"] = "close_phase"


class Kick(_Move):
    type: Literal["kick"] = "kick"
    player: str


Move = Annotated[
    Take | Pick | Discard | Deck | Buy | ClosePhase | Kick | Forfeit,
    Field(discriminator="type"),
]


class Round(BaseModel):
    """One round as it was played: MARSBOT's pile, the player's card (when known) and
    MARSBOT's pick with its reasons."""

    round: int
    pile: list[DraftCard]
    own: DraftCard | None = None
    decision: Decision
    why: str

    @property
    def chosen(self) -> str:
        """The card MARSBOT took: a pick always takes one (§3.3)."""
        chosen = self.decision.chosen
        assert chosen is not None, "a pick from a pile takes a card"
        return chosen


class State(BaseModel):
    game: Literal["marsbot-draft"] = "marsbot-draft"
    player: str
    options: Options
    corporation: str
    #: The priority every pick and the discard go by, frozen at the start (A12).
    priority: Frozen
    #: Aridor's track the priority was frozen from, and its level; None for the others.
    track: str | None = None
    rng: RandomSource
    phase: PhaseName = "pick"
    round: int = 1
    #: Table mode: the player's own card this round, once given.
    own: DraftCard | None = None
    rounds: list[Round] = Field(default_factory=list)
    #: Whole draft: the piles in front of the player and of MARSBOT now.
    player_pile: list[DraftCard] = Field(default_factory=list)
    marsbot_pile: list[DraftCard] = Field(default_factory=list)
    #: Whole draft: the cards the player took.
    player_kept: list[DraftCard] = Field(default_factory=list)
    marsbot_kept: list[DraftCard] = Field(default_factory=list)
    discard: Decision | None = None
    discard_why: str | None = None
    discarded: DraftCard | None = None
    deck: list[str] | None = None
    bought: list[str] | None = None
    ended: Ending | None = None
    out: list[str] = Field(default_factory=list)
    #: Decisions opened so far (`phase_opened` events): the innermost phase's id in `turn`
    #: counts on it, so that a phase repeated (the same player's turn again) is a new wait.
    waits: int = 0
