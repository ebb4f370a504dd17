"""Project Mars's events, one model per event type (docs/records.md lists them with the
fields they hold), their fields in the order the engine has always written them. `PMEvent`
is their union, told apart by `type`, which the engine emits (`ProjectMars.events`) and the
texts read. A card is told as a `CardView` (with its id) or, where telling the copies apart
would say which one went, a `CardFace` (PM-D21)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.core.events import GameEvent, MatchEnded, PhaseOpened, PlayerForfeited, PlayerKicked
from games.project_mars.model import CardFace, CardView, Option, Phase, RoundResult, Score


class _Part(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class MatchStarted(GameEvent):
    type: Literal["match_started"] = "match_started"
    players: list[str]
    rounds: int


class DeckChosen(GameEvent):
    """To its player: their deck (a ready deck's key or `custom`) and its cards by key."""

    type: Literal["deck_chosen"] = "deck_chosen"
    player: str
    deck: str
    cards: dict[str, int]


class DeckSubmitted(GameEvent):
    type: Literal["deck_submitted"] = "deck_submitted"
    player: str


class FirstPlayerDrawn(GameEvent):
    type: Literal["first_player_drawn"] = "first_player_drawn"
    player: str


class MarsPhaseOpened(PhaseOpened):
    """A decision opens: a phase of a round and whom it waits for; a choice tells its kind,
    the card that asks it, the slot, the prompt and the options (None where they are the
    chooser's secret, `ChoiceOffered` tells them to the chooser)."""

    round: int
    phase: Phase
    players: list[str]
    kind: str | None = None
    card: CardView | None = None
    slot: str | None = None
    prompt: str | None = None
    options: list[Option] | None = None


class RoundStarted(GameEvent):
    type: Literal["round_started"] = "round_started"
    round: int
    starter: str


class CardsDrawn(GameEvent):
    """To its player: the cards they drew, and why (`round_start`, a card's key)."""

    type: Literal["cards_drawn"] = "cards_drawn"
    player: str
    cards: list[CardView]
    reason: str


class PlayerDrew(GameEvent):
    type: Literal["player_drew"] = "player_drew"
    player: str
    count: int
    reason: str


class BackHandKept(GameEvent):
    """To its player: the back-hand cards they kept and those that went to the junkyard."""

    type: Literal["back_hand_kept"] = "back_hand_kept"
    player: str
    kept: list[CardView]
    discarded: list[CardView]


class BackHandChosen(GameEvent):
    type: Literal["back_hand_chosen"] = "back_hand_chosen"
    player: str
    kept: int
    discarded: int


class Mulliganed(GameEvent):
    """To its player: the cards they traded and those they drew for them."""

    type: Literal["mulliganed"] = "mulliganed"
    player: str
    traded: list[CardView]
    drawn: list[CardView]


class MulliganDone(GameEvent):
    type: Literal["mulligan_done"] = "mulligan_done"
    player: str
    count: int


class UtilityPlayed(GameEvent):
    type: Literal["utility_played"] = "utility_played"
    player: str
    card: CardView


class TrapSet(GameEvent):
    """To its player: their trap, face down on `field` (the enemy's) at `slot`."""

    type: Literal["trap_set"] = "trap_set"
    player: str
    card: CardView
    field: str
    slot: str


class FaceDownPlayed(GameEvent):
    type: Literal["face_down_played"] = "face_down_played"
    player: str
    field: str
    slot: str


class CardPlayed(GameEvent):
    type: Literal["card_played"] = "card_played"
    player: str
    card: CardView
    field: str
    slot: str


class TrapDisarmed(GameEvent):
    type: Literal["trap_disarmed"] = "trap_disarmed"
    card: CardView
    owner: str
    field: str
    slot: str
    by: str


class TrapTriggered(GameEvent):
    """`card`, a trap of `owner`, triggered by the card `by` put on it."""

    type: Literal["trap_triggered"] = "trap_triggered"
    card: CardView
    owner: str
    field: str
    slot: str
    by: CardView


class ChoiceOffered(GameEvent):
    """To the chooser: the options of a decision that are their secret."""

    type: Literal["choice_offered"] = "choice_offered"
    options: list[Option]


class ChoiceMade(GameEvent):
    """A decision answered: to the chooser alone where its options were their secret."""

    type: Literal["choice_made"] = "choice_made"
    player: str
    kind: str
    option: str
    label: str


class Passed(GameEvent):
    """A pass: `auto` where the rules or a deadline made it (PM-5, PM-D15)."""

    type: Literal["passed"] = "passed"
    player: str
    auto: bool


class UnsprungTrap(_Part):
    """A trap still face down when a round resolved."""

    card: CardView
    owner: str
    field: str
    slot: str


class RoundResolved(GameEvent):
    type: Literal["round_resolved"] = "round_resolved"
    round: int
    winner: str | None
    score: Score
    traps: list[UnsprungTrap]
    wins: dict[str, int]


class MarsMatchEnded(MatchEnded):
    """The match's result (`Result`'s fields): the winner (None: drawn), rounds won, who
    forfeited, and every round's count."""

    winner: str | None
    wins: dict[str, int]
    forfeit: str | None
    rounds: list[RoundResult]


class DefaultsApplied(GameEvent):
    """A deadline passed: the players it waited for take the default (PM-D15)."""

    type: Literal["defaults_applied"] = "defaults_applied"
    round: int
    phase: Phase
    players: list[str]


class CardDestroyed(GameEvent):
    type: Literal["card_destroyed"] = "card_destroyed"
    card: CardView
    owner: str
    field: str
    slot: str
    face_down: bool
    by: str


class TrapReturned(GameEvent):
    """Stealth Op, Spy: the trap goes back face up to its owner's field, at `slot` (None:
    the field was full, it went to the junkyard; PM-D8)."""

    type: Literal["trap_returned"] = "trap_returned"
    card: CardView
    owner: str
    slot: str | None


class CardsRevealed(GameEvent):
    type: Literal["cards_revealed"] = "cards_revealed"
    player: str
    cards: list[CardView]
    by: str


class RevealedCardLeft(GameEvent):
    """PM-D21: a revealed card left the hand unseen; which copy is not told."""

    type: Literal["revealed_card_left"] = "revealed_card_left"
    player: str
    card: CardFace


class RevealBlocked(GameEvent):
    """PM-D9: under Toxic Gas, nothing of `player`'s hand is revealed."""

    type: Literal["reveal_blocked"] = "reveal_blocked"
    player: str
    by: str


class RevealsBlocked(GameEvent):
    type: Literal["reveals_blocked"] = "reveals_blocked"
    by: str


class FieldCard(_Part):
    """A card on a field that a utility card hit."""

    card: CardView
    field: str
    slot: str


class CardsDisabled(GameEvent):
    type: Literal["cards_disabled"] = "cards_disabled"
    cards: list[FieldCard]
    by: str


class BonusGiven(GameEvent):
    type: Literal["bonus_given"] = "bonus_given"
    cards: list[FieldCard]
    amount: int
    by: str


class PwrZeroed(GameEvent):
    type: Literal["pwr_zeroed"] = "pwr_zeroed"
    card: CardView
    owner: str
    field: str
    slot: str
    by: str


class BoostChosen(GameEvent):
    """Siege Vehicle: the vehicle (`target`) its +2 PWR goes to."""

    type: Literal["boost_chosen"] = "boost_chosen"
    card: CardView
    owner: str
    target: CardView


class CardTraded(GameEvent):
    """To its player (Research Station): the card given back to the deck, the one taken."""

    type: Literal["card_traded"] = "card_traded"
    player: str
    gave: CardView
    took: CardView


class CardsDiscarded(GameEvent):
    """To its player: the hand cards they discarded, for `by` (a card's key)."""

    type: Literal["cards_discarded"] = "cards_discarded"
    player: str
    cards: list[CardView]
    by: str


class Discarded(GameEvent):
    type: Literal["discarded"] = "discarded"
    player: str
    count: int
    by: str


PMEvent = Annotated[
    MatchStarted
    | DeckChosen
    | DeckSubmitted
    | FirstPlayerDrawn
    | MarsPhaseOpened
    | RoundStarted
    | CardsDrawn
    | PlayerDrew
    | BackHandKept
    | BackHandChosen
    | Mulliganed
    | MulliganDone
    | UtilityPlayed
    | TrapSet
    | FaceDownPlayed
    | CardPlayed
    | TrapDisarmed
    | TrapTriggered
    | ChoiceOffered
    | ChoiceMade
    | Passed
    | RoundResolved
    | MarsMatchEnded
    | DefaultsApplied
    | CardDestroyed
    | TrapReturned
    | CardsRevealed
    | RevealedCardLeft
    | RevealBlocked
    | RevealsBlocked
    | CardsDisabled
    | BonusGiven
    | PwrZeroed
    | BoostChosen
    | CardTraded
    | CardsDiscarded
    | Discarded
    | PlayerKicked
    | PlayerForfeited,
    Field(discriminator="type"),
]
