"""Project Mars's views: what one viewer may know now (`ProjectMars.view`), as models.

PM visibility (docs/rules/project-mars.md): everyone sees the face-up fields, the face-down
slots, the revealed cards and the counts (`PublicView`, what spectators and the host see:
hosts see no hand during a match, PM-D16); a player sees besides their own hand, back hand,
deck contents and junkyard, and their traps on the enemy field face up (`PlayerView`, whose
`me` holds what is theirs). What a player may do is not in the view: it is their legal
actions (`ProjectMars.legal_actions`), handed to the texts and the computer seat.

A slot is `<row>-<column>` (`attack-1`..`defence-4`); a field holds its player's cards and the
enemy's traps face down (PM-3): such a slot has `face_down` true, `owner` the trap's owner,
and `card` None unless the viewer owns the trap.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import model_validator

from games.core.events import Viewer
from games.core.views import GameView
from games.project_mars import decisions
from games.project_mars.card_details import CARDS
from games.project_mars.counting import projection, units
from games.project_mars.model import (
    CardFace,
    CardView,
    Option,
    Phase,
    Result,
    RoundResult,
    Score,
    State,
)
from games.project_mars.table import Table, card_face, card_view


class HandCard(CardView):
    """A card of the viewer's hand, and whether their opponent has seen it (PM-6)."""

    revealed: bool


class SlotView(GameView):
    """A card on a slot: `pwr` what resolution would count now (None face down), Strike Team
    or Landmine's zero, EMP Bomb's disabling, Favorable Conditions' bonus, and the vehicle a
    Siege Vehicle boosts (its id)."""

    face_down: bool
    owner: str
    card: CardView | None
    pwr: int | None
    zeroed: bool
    disabled: bool
    bonus: int
    boosts: str | None


class SideView(GameView):
    """One player's side as everyone sees it: the field by slot, the counts of their zones,
    the revealed hand cards (catalogue order, no ids: PM-D21), the utility played this round,
    where they are in the round's start (`kept` the back hand, `ready` after the mulligan)
    and the rounds won."""

    player: str
    field: dict[str, SlotView | None]
    hand_count: int
    revealed: list[CardFace]
    deck_count: int
    back_hand_count: int
    junkyard_count: int
    utility_used: bool
    utility_played: CardView | None
    deck_chosen: bool
    kept: bool
    ready: bool
    wins: int


class PendingView(GameView):
    """The decision the rules wait for: who decides, about which card (and the slot where it,
    or the trap it triggered, lies), the prompt, and the options (None for others where they
    are the chooser's secret)."""

    player: str
    kind: str
    card: CardView
    slot: str | None
    prompt: str
    options: list[Option] | None


class Me(GameView):
    """What only the viewer knows: their deck's name (a ready deck's key, `custom`, None while
    choosing), hand, back hand, junkyard and the cards left in their deck by key."""

    player: str
    deck: str | None
    hand: list[HandCard]
    back_hand: list[CardView]
    junkyard: list[CardView]
    deck_cards: dict[str, int]


class PublicView(GameView):
    """The table as everyone sees it: the round and phase, who must act (`to_act`) and who
    is not awaited (`submitted`), whose turn it is and who opened the round, passes in
    succession (two resolve the round), Toxic Gas (`immune`: no reveals), both sides, the
    count as the fields stand (`projection`), the pending decision, resolved rounds and the
    result."""

    game: Literal["project-mars"] = "project-mars"
    round: int
    phase: Phase
    players: list[str]
    kicked: list[str]
    to_act: list[str]
    submitted: list[str]
    turn: str | None
    starter: str | None
    passes: int
    immune: bool
    sides: dict[str, SideView]
    projection: Score
    pending: PendingView | None
    rounds: list[RoundResult]
    result: Result | None

    @model_validator(mode="before")
    @classmethod
    def _stored(cls, data: Any) -> Any:
        """A public view stored before the typed seam (the bot's `board_shown`) carried an
        empty `me` and `legal`: they read as the view they were."""
        if isinstance(data, dict) and data.get("me", 0) is None:
            return {k: v for k, v in data.items() if k not in ("me", "legal")}
        return data


class PlayerView(PublicView):
    """A player's own view: the public one and what is theirs."""

    me: Me


MarsView = PublicView | PlayerView


class CountedRound(GameView):
    """A round as it was counted (PM-4, PM-7), what its image draws: `round_resolved`'s
    round, winner and score, the players in seat order, and where every card lay when it
    resolved (`render.fields_at_resolution`), unsprung traps face up."""

    round: int
    winner: str | None
    score: Score
    players: list[str]
    fields: dict[str, dict[str, SlotView | None]]


def view(state: State, viewer: Viewer) -> PublicView:
    """PM visibility (docs/rules/project-mars.md, `games.project_mars.views`): a player
    gets their `PlayerView`, everyone else (the host and spectators, PM-D16) the
    `PublicView`."""
    counted = projection(tuple(state.players), tuple(units(Table(state))))
    me = viewer if viewer in state.players else None
    awaited = decisions.must(state)
    pending = None
    if state.pending is not None:
        decision = state.pending
        pending = PendingView(
            player=decision.player,
            kind=decision.kind,
            card=card_view(state.cards[decision.card]),
            slot=decision.slot,
            prompt=decision.prompt,
            options=(decision.options if me == decision.player or not decision.secret else None),
        )
    public = dict(
        round=state.round,
        phase=state.phase,
        players=list(state.players),
        kicked=[p for p in state.players if state.seats[p].kicked],
        to_act=awaited,
        submitted=[p for p in state.players if p not in awaited],
        turn=state.turn,
        starter=state.starter,
        passes=state.passes,
        immune=state.immune,
        sides={p: _side(state, p, me, counted) for p in state.players},
        projection=counted,
        pending=pending,
        rounds=state.rounds,
        result=state.result,
    )
    if me is None:
        return PublicView(**public)
    return PlayerView(**public, me=_me(state, me))


def _side(state: State, player: str, viewer: str | None, counted: Score) -> SideView:
    seat = state.seats[player]
    field: dict[str, SlotView | None] = {}
    for slot, placed in seat.field.items():
        if placed is None:
            field[slot] = None
            continue
        shown = not placed.face_down or placed.owner == viewer
        field[slot] = SlotView(
            face_down=placed.face_down,
            owner=placed.owner,
            card=card_view(state.cards[placed.card]) if shown else None,
            pwr=None if placed.face_down else counted.pwr.get(placed.card),
            zeroed=placed.zeroed,
            disabled=placed.disabled or placed.card in counted.disabled,
            bonus=placed.bonus,
            boosts=placed.boosts,
        )
    return SideView(
        player=player,
        field=field,
        hand_count=len(seat.hand),
        revealed=sorted(
            (card_face(state.cards[c]) for c in seat.revealed),
            key=lambda face: list(CARDS).index(face.key),
        ),
        deck_count=len(seat.deck),
        back_hand_count=len(seat.back_hand),
        junkyard_count=len(seat.junkyard),
        utility_used=seat.utility_played is not None,
        utility_played=(
            card_view(state.cards[seat.utility_played]) if seat.utility_played else None
        ),
        deck_chosen=seat.deck_name is not None,
        kept=seat.kept,
        ready=seat.ready,
        wins=seat.wins,
    )


def _me(state: State, player: str) -> Me:
    seat = state.seats[player]
    deck_cards: dict[str, int] = {}
    for card_id in seat.deck:
        key = state.cards[card_id].key
        deck_cards[key] = deck_cards.get(key, 0) + 1
    return Me(
        player=player,
        deck=seat.deck_name,
        hand=[
            HandCard(**dict(card_view(state.cards[c])), revealed=c in seat.revealed)
            for c in seat.hand
        ],
        back_hand=[card_view(state.cards[c]) for c in seat.back_hand],
        junkyard=[card_view(state.cards[c]) for c in seat.junkyard],
        deck_cards={k: deck_cards[k] for k in CARDS if k in deck_cards},
    )
