"""The MARSBOT draft's events, one model per event type (docs/records.md lists them with the
fields they hold). Every one is public: the draft is its player's own (MB-D12 keeps a pile
face down by leaving it out of the events, not by an audience). `DraftEvent` is their union,
told apart by `type`, which the engine emits (`MarsbotDraft.events`) and the texts read."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.core.events import GameEvent, MatchEnded, PhaseOpened, PlayerForfeited, PlayerKicked
from games.marsbot_draft.draft import SpireRule
from games.marsbot_draft.model import Difficulty, Ending, Mode, PhaseName


class Drawn(BaseModel):
    """MB-D2: MARSBOT's corporation drawn at random, and the corporations it was drawn among."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    chosen: str
    candidates: list[str]


class DraftStarted(GameEvent):
    """The draft begins: MARSBOT's corporation and its frozen priority (A12), written as
    `priority.written()`; a whole draft's two piles (MB-D6), MARSBOT's face down (MB-D12:
    `marsbot_pile` None), left out at the table."""

    type: Literal["draft_started"] = "draft_started"
    player: str
    mode: Mode
    corporation: str
    number: str
    priority: str
    drawn: Drawn | None
    track: str | None
    difficulty: Difficulty
    spire_rule: SpireRule
    own_first: bool
    player_pile: list[str] | None = None
    marsbot_pile: list[str] | None = None


class DraftPhaseOpened(PhaseOpened):
    """A step of the draft opens. A round (`pick`) tells its pile's `size`; a whole draft's
    the two piles (MARSBOT's None while face down, MB-D12) and whether the player's one card
    is `forced` (MB-D13); a table round the player's pile where known (`player_pile`, None in
    round 1), MARSBOT's pile where the rounds before tell it (`expected`) and `own_first`.
    `buy` tells the cards the player may buy. A field a step does not tell is left out."""

    phase: PhaseName
    round: int | None = None
    size: int | None = None
    player_pile: list[str] | None = None
    marsbot_pile: list[str] | None = None
    #: Told in a whole draft's round only.
    forced: bool | None = None
    expected: list[str] | None = None
    own_first: bool | None = None
    cards: list[str] | None = None

    @property
    def whole_draft(self) -> bool:
        """Whether it opens a whole draft's round: only that tells MARSBOT's pile (None while
        it is face down), a table round never."""
        return "marsbot_pile" in self.model_fields_set


class CardTaken(GameEvent):
    """The player's card of a round: chosen, taken by the host's close-phase (`default`,
    MB-D8), or the last card of the pile taken for them (`only`, MB-D13)."""

    type: Literal["card_taken"] = "card_taken"
    round: int
    card: str
    default: bool
    only: bool = False


class MarsbotPicked(GameEvent):
    """§3.3: MARSBOT's pick from its pile, drawn among `candidates` where tied (A7), each card's
    key under the priority, and why in one line."""

    type: Literal["marsbot_picked"] = "marsbot_picked"
    round: int
    pile: list[str]
    own: str | None
    chosen: str
    candidates: list[str]
    keys: dict[str, list[int]]
    why: str


class MarsbotDiscarded(GameEvent):
    """§3.4: MARSBOT's discard of the cards it `kept` (`chosen` None: none, A8), or the
    floaters it spent to keep them all (§3.0, MB-D11)."""

    type: Literal["marsbot_discarded"] = "marsbot_discarded"
    kept: list[str]
    chosen: str | None
    candidates: list[str]
    keys: dict[str, list[int]]
    why: str
    floaters_spent: int = 0


class ActionDeckShuffled(GameEvent):
    """§3.5: MARSBOT's action deck from the top, `bonus` where the bonus card lies (MB-D5)."""

    type: Literal["action_deck_shuffled"] = "action_deck_shuffled"
    deck: list[str]
    bonus: str


class CardsBought(GameEvent):
    """§3.5: the cards the player buys, and what they cost."""

    type: Literal["cards_bought"] = "cards_bought"
    cards: list[str]
    cost: int


class DraftEnded(MatchEnded):
    """The draft is over, and how (`ended`): what each side keeps, MARSBOT's discard and its
    action deck, what the player bought, and MARSBOT's pick of each round."""

    corporation: str
    ended: Ending | None
    marsbot_kept: list[str]
    discarded: str | None
    deck: list[str] | None
    player_kept: list[str]
    bought: list[str] | None
    picks: list[str | None]


DraftEvent = Annotated[
    DraftStarted
    | DraftPhaseOpened
    | CardTaken
    | MarsbotPicked
    | MarsbotDiscarded
    | ActionDeckShuffled
    | CardsBought
    | PlayerKicked
    | PlayerForfeited
    | DraftEnded,
    Field(discriminator="type"),
]
