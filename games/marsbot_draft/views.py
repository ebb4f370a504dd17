"""The MARSBOT draft's view: the same for every viewer, every event being public (MB-D12
keeps MARSBOT's first pile of a whole draft out of it until MARSBOT picks from it).

`DraftTable` is what the board image draws (`render.draft_board`): the channel's board after
a move, the player's card, and the board a whole draft starts with, made from its
`draft_started` event. `DraftView` adds the rest of what the texts say.
"""

from __future__ import annotations

from typing import Literal

from games.core.events import Viewer
from games.core.views import GameView
from games.marsbot_draft.cards import DraftCard
from games.marsbot_draft.draft import SpireRule
from games.marsbot_draft.model import CARD_PRICE, Difficulty, Ending, Mode, PhaseName, State
from games.marsbot_draft.phases import title
from games.marsbot_draft.piles import expected, marsbot_pile_shown, own_pile, pile_size
from games.marsbot_draft.priority import Tags, find_corporation
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


def view(state: State, viewer: Viewer) -> DraftView:
    """The same for everyone (every event is public)."""
    corporation = find_corporation(state.corporation)
    priority = state.priority
    table = state.options.mode == "table"
    yours = (own_pile(state) or []) if table else state.player_pile
    discard = state.discard
    return DraftView(
        player=state.player,
        mode=state.options.mode,
        corporation=corporation.name,
        priority=priority.written(),
        levels=priority.titles() if isinstance(priority, Tags) else None,
        kind=priority.kind,
        phase=state.phase,
        title=title(state),
        round=state.round,
        player_pile=list(yours) if state.phase == "pick" else [],
        marsbot_pile=marsbot_pile_shown(state),
        rounds=[
            PlayedRound(
                round=r.round,
                pile=list(r.pile),
                own=r.own,
                chosen=r.chosen,
                candidates=list(r.decision.candidates),
                keys=dict(r.decision.keys),
                why=r.why,
            )
            for r in state.rounds
        ],
        player_kept=list(state.player_kept),
        marsbot_kept=list(state.marsbot_kept),
        discarded=state.discarded,
        deck=state.deck,
        bought=state.bought,
        number=corporation.number,
        confirmed=corporation.confirmed,
        track=state.track,
        difficulty=state.options.difficulty,
        spire_rule=state.options.spire_rule,
        own_first=state.options.own_first,
        sets=list(state.options.sets),
        size=pile_size(state.round) if state.phase == "pick" else None,
        own=state.own,
        expected=expected(state),
        discard=DiscardMade(
            chosen=discard.chosen,
            candidates=list(discard.candidates),
            keys=dict(discard.keys),
            why=state.discard_why,
        )
        if discard
        else None,
        cost=CARD_PRICE * len(state.bought) if state.bought is not None else None,
        ended=state.ended,
    )
