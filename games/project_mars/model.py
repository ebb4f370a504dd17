"""Project Mars: moves, state and views (RULINGS.md §4, PM-1 to PM-10;
Dealer rulings PM-D1... in docs/rules/project-mars.md).

Words are the rulebook's: field, attack row, defence row, lane (a column), junkyard, utility
area, back hand, reveal, PWR (a card's power) and TPR (a player's total at resolution).

Identifiers
-----------
- A card's *key* is its rulebook name in lower case with hyphens (`cyber-soldier`); its
  *name* is the rulebook's spelling (`Cyber Soldier`). `card_details.CARDS` maps key ->
  `CardDef`; the options are `options.Options`.
- A card *id* names one physical card of a match: `a01`..`a30` are the first seat's cards,
  `b01`..`b30` the second seat's. Ids are given after the deck is shuffled, so an id says
  nothing about a card but its owner.
- A *slot* is `<row>-<column>`: rows `attack` (top) and `defence` (bottom), columns 1 to 4
  from the owner's left, so `attack-1`..`defence-4`. Column n of one field faces column n of
  the other: together they are lane n.

Phases (`PublicView.phase`)
---------------------
`deck` (players without a preset deck choose one), `mulligan` (every round's start: first
`keep` from the back hand in rounds 2 and 3, then `mulligan`; both players at once),
`turn` (the player in `to_act` plays a card or passes), `choice` (the player in `to_act`
answers the pending decision with `choose`), `ended`.

The views and events
--------------------
The views are models (`games.project_mars.views`: `PublicView`, a player's `PlayerView`),
and so are the events (`games.project_mars.events`); their cards are a `CardView` (the id
and what the card shows) or, where which copy it is stays unsaid, a `CardFace` (PM-D21).
A player's legal moves (`ProjectMars.legal`, `Legal`) are no part of the view.

The host's view is the public one (viewer None): hosts see no hand during a match (PM-D16).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from games.core.contract import Forfeit
from games.core.rng import RandomSource
from games.core.speech import N_
from games.project_mars.card_details import CARDS, CardDef, Kind, Row, Subtype
from games.project_mars.options import Options

Phase = Literal["deck", "mulligan", "turn", "choice", "ended"]

ROWS: tuple[Row, Row] = ("attack", "defence")
COLUMNS = (1, 2, 3, 4)
SLOTS: tuple[str, ...] = tuple(f"{row}-{column}" for row in ROWS for column in COLUMNS)
HAND_SIZE = 10
MULLIGAN_MAX = 3
ROUNDS = 3


def winner_first(players: Iterable[str], winner: str | None) -> list[str]:
    """The players in the order a score is read out: the round's or the match's winner first
    ("wins it, TPR 21 to 5", "wins 2 to 0"); a draw keeps the seats' order."""
    return sorted(players, key=lambda player: player != winner)


def row_of(slot: str) -> Row:
    return "attack" if slot.startswith("attack") else "defence"


@functools.cache
def column_of(slot: str) -> int:
    """The slot's column; read once per slot (the strong seat's playouts count fields, and
    ask for columns, hundreds of thousands of times a match)."""
    return int(slot.rsplit("-", 1)[1])


def slot_at(row: Row, column: int) -> str:
    return f"{row}-{column}"


# -- moves -------------------------------------------------------------------------------------


class _Move(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ChooseDeck(_Move):
    """PM-1, PM-D1: choose a deck, by a ready deck's name (`deck`) or as a list of 30 card
    names (`cards`, e.g. `["3x Scout", "Drone", ...]`), exactly one of the two."""

    type: Literal["deck"] = "deck"
    deck: str | None = None
    cards: list[str] | None = None


class Keep(_Move):
    """Rounds 2 and 3: the back-hand cards (ids) to take into the new hand; the rest go to
    the junkyard once the hand is drawn back up to 10."""

    type: Literal["keep"] = "keep"
    cards: list[str]


class Mulligan(_Move):
    """Trade in up to three hand cards (ids) for as many random cards of the deck, once at
    each round's start (PM-9); an empty list keeps the hand."""

    type: Literal["mulligan"] = "mulligan"
    cards: list[str] = Field(default_factory=list)


class Play(_Move):
    """Play a hand card (id) on a slot: an empty slot of your field or one holding an enemy
    trap; a trap on an empty slot of the enemy's field (PM-3); a utility card with no slot."""

    type: Literal["play"] = "play"
    card: str
    slot: str | None = None


class Pass(_Move):
    """Play nothing this turn (PM-5)."""

    type: Literal["pass"] = "pass"


class Choose(_Move):
    """Answer the pending decision with one of its options' ids."""

    type: Literal["choose"] = "choose"
    option: str


class ClosePhase(_Move):
    """The host, or a deadline: whoever must act now takes the default (PM-D15)."""

    type: Literal["close_phase"] = "close_phase"


class Kick(_Move):
    """The host removes a player, who forfeits the match (PM-D17)."""

    type: Literal["kick"] = "kick"
    player: str


Move = Annotated[
    ChooseDeck | Keep | Mulligan | Play | Pass | Choose | ClosePhase | Kick | Forfeit,
    Field(discriminator="type"),
]
MOVES: TypeAdapter[Move] = TypeAdapter(Move)


# -- state -------------------------------------------------------------------------------------


class Card(BaseModel):
    """One physical card of the match."""

    id: str
    owner: str
    key: str

    @property
    def spec(self) -> CardDef:
        return CARDS[self.key]


class Placed(BaseModel):
    """A card lying on a slot. On its owner's field it is face up; an enemy trap lies face
    down on the victim's field (PM-3)."""

    card: str
    owner: str
    face_down: bool = False
    #: Strike Team or Landmine set its PWR to 0.
    zeroed: bool = False
    #: EMP Bomb disabled it: PWR 0, effects nullified.
    disabled: bool = False
    #: PWR added by Favorable Conditions.
    bonus: int = 0
    #: Siege Vehicle: the id of the vehicle it boosts (PM-7: applied at resolution).
    boosts: str | None = None


class Seat(BaseModel):
    """One player's cards, by zone, as lists of card ids."""

    deck_name: str | None = None
    deck: list[str] = Field(default_factory=list)
    hand: list[str] = Field(default_factory=list)
    back_hand: list[str] = Field(default_factory=list)
    junkyard: list[str] = Field(default_factory=list)
    field: dict[str, Placed | None] = Field(default_factory=lambda: dict.fromkeys(SLOTS))
    #: PM-6: hand cards shown to the opponent until they leave the hand.
    revealed: list[str] = Field(default_factory=list)
    utility_played: str | None = None
    #: Round start: back-hand step done, mulligan done.
    kept: bool = True
    ready: bool = False
    wins: int = 0
    kicked: bool = False


class Option(BaseModel):
    id: str
    label: str


class Decision(BaseModel):
    """A choice the rules wait for: who decides, about which card, among what."""

    player: str
    kind: str
    card: str
    slot: str | None = None
    prompt: str
    options: list[Option]
    #: The options are the chooser's secret (hand or deck cards): others see only the prompt.
    secret: bool = False


class Step(BaseModel):
    """An effect still to resolve after a card is played: a trap triggered by the card put on
    it, or the card's own effect. `stage` and `chosen` carry multi-step choices."""

    kind: Literal["trap", "effect"]
    card: str
    slot: str | None = None
    trap: str | None = None
    stage: int = 0
    chosen: list[str] = Field(default_factory=list)


class Score(BaseModel):
    """Resolution's count (PM-4, PM-7): every face-up card's PWR, lanes, then TPR."""

    pwr: dict[str, int]
    disabled: list[str]
    lanes: list[str | None]
    tpr: dict[str, int]
    parts: dict[str, dict[str, int]]


class RoundResult(BaseModel):
    round: int
    winner: str | None
    score: Score


class Result(BaseModel):
    winner: str | None
    wins: dict[str, int]
    forfeit: str | None = None
    rounds: list[RoundResult]


class State(BaseModel):
    game: Literal["project-mars"] = "project-mars"
    options: Options
    players: list[str]
    seats: dict[str, Seat]
    cards: dict[str, Card] = Field(default_factory=dict)
    round: int = 1
    phase: Phase = "deck"
    turn: str | None = None
    starter: str | None = None
    passes: int = 0
    #: Toxic Gas this round: nobody's cards are revealed (PM-D9).
    immune: bool = False
    steps: list[Step] = Field(default_factory=list)
    pending: Decision | None = None
    #: Cards between zones while their effect resolves: a utility card, a triggered trap.
    limbo: list[str] = Field(default_factory=list)
    rounds: list[RoundResult] = Field(default_factory=list)
    rng: RandomSource
    #: Cards each player was dealt (their deck); every card is always in exactly one zone.
    dealt: dict[str, int] = Field(default_factory=dict)
    result: Result | None = None
    #: Decisions opened so far (`phase_opened` events): the innermost phase's id in `turn`
    #: counts on it, so that a phase repeated (the same player's turn again) is a new wait.
    waits: int = 0


# -- views -------------------------------------------------------------------------------------


class CardFace(BaseModel):
    """What a card shows, without which copy it is: how a hand card that was revealed is
    seen by everyone (PM-D21), as telling the copies apart would tell which of them left."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    name: str
    kind: Kind
    pwr: int | None
    subtypes: list[Subtype]
    trap: bool
    infantry: bool


class CardView(CardFace):
    id: str


def card_words(card: CardFace) -> str:
    """A card's name with its printed PWR: "Scout (PWR 2)", "EMP Bomb (utility)"."""
    if card.pwr is None:
        return N_("{card} (utility)").format(card=card.name)
    return N_("{card} (PWR {pwr})").format(card=card.name, pwr=card.pwr)


class MulliganLegal(BaseModel):
    cards: list[str]
    max: int


#: Where a card goes when played: its player's field, the enemy's (a trap), the utility area.
PlayTarget = Literal["own", "enemy", "utility"]


class PlayLegal(BaseModel):
    card: str
    name: str
    target: PlayTarget
    slots: list[str]


class Legal(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    deck: bool = False
    keep: list[str] | None = None
    mulligan: MulliganLegal | None = None
    pass_: bool = Field(False, alias="pass")
    plays: list[PlayLegal] = Field(default_factory=list)
    choose: list[Option] = Field(default_factory=list)
