"""The MARSBOT draft's view: the same for every viewer, every event being public (MB-D12
keeps MARSBOT's first pile of a whole draft out of it until MARSBOT picks from it).

`DraftTable` is what the board image draws (`render.draft_board`): the channel's board after
a move, the player's card, and the board a whole draft starts with, made from its
`draft_started` event. `DraftView` adds the rest of what the texts say.
"""

from __future__ import annotations

from typing import Literal

from games.core.views import GameView
from games.marsbot_draft.cards import DraftCard
from games.marsbot_draft.draft import SpireRule
from games.marsbot_draft.model import Difficulty, Ending, Mode, PhaseName
from games.tm_catalogue.model import Expansion

#: A frozen priority's kind (A12: Aridor's lowest track is frozen into a tag priority).
PriorityKind = Literal["tags", "most-expensive", "most-tags"]


class PlayedRound(GameView):
    """One round as played: MARSBOT's pile, the player's card where known, and MARSBOT's pick
    with the cards it was drawn among, every card's key and why (§3.3, A7)."""

    round: int
    pile: list[DraftCard]
    own: DraftCard | None
    chosen: str
    candidates: list[str]
    keys: dict[str, list[int]]
    why: str


class DiscardMade(GameView):
    """§3.4: MARSBOT's discard (`chosen` None: none), its candidates, keys and why."""

    chosen: str | None
    candidates: list[str]
    keys: dict[str, list[int]]
    why: str | None


class DraftTable(GameView):
    """The draft as its board shows it. `priority` is written as `Frozen.written()`;
    `levels` are a tag priority's level titles, highest first (None for the others). The
    piles are shown in a round only (`phase` "pick"): the player's (at the table, what
    MARSBOT left of its pile the round before) and MARSBOT's (MB-D12: none while face down)."""

    player: str
    mode: Mode
    corporation: str
    priority: str
    levels: list[str] | None
    kind: PriorityKind
    phase: PhaseName
    title: str
    round: int
    player_pile: list[DraftCard]
    marsbot_pile: list[DraftCard]
    rounds: list[PlayedRound]
    player_kept: list[DraftCard]
    marsbot_kept: list[DraftCard]
    discarded: DraftCard | None
    deck: list[str] | None
    bought: list[str] | None


class DraftView(DraftTable):
    """Everything a viewer of the draft knows. `expected` (table mode, from round 3): MARSBOT's
    pile this round where the rounds before tell it; `own`: the player's card this round at
    the table, once given."""

    game: Literal["marsbot-draft"] = "marsbot-draft"
    number: str
    #: False: MARSBOT's corporation is transcribed by one fan source only.
    confirmed: bool
    track: str | None
    difficulty: Difficulty
    spire_rule: SpireRule
    own_first: bool
    sets: list[Expansion]
    size: int | None
    own: DraftCard | None
    expected: list[str] | None
    discard: DiscardMade | None
    cost: int | None
    ended: Ending | None
