"""What a player may do in each decision (`games.project_mars.decisions.TABLE` says which is
open and whom it waits for): the moves, for menus and computer players (`*_moves`), and the
same as the contract's actions, with the steps a control asks for (`*_actions`; PM-1 to PM-5,
PM-9)."""

from __future__ import annotations

from collections.abc import Iterator

from games.core.contract import Action, Choice, Pick
from games.core.speech import N_
from games.project_mars.card_details import CardDef
from games.project_mars.decks import READY_DECKS
from games.project_mars.model import (
    MULLIGAN_MAX,
    Legal,
    MulliganLegal,
    PlayLegal,
    PlayTarget,
    State,
    card_words,
    column_of,
    row_of,
)
from games.project_mars.player_turn import play_slots
from games.project_mars.table import Table, card_face

#: Decisions whose answer stays secret: which hand card a Research Station trades and for
#: which utility card (PM-D14), which hand card Sinkhole discards (PM-D18). A Stealth Op's
#: answer shows itself at once (a card revealed, or the trap back face up, PM-D8).
SEALED_CHOICES = frozenset({"research_station", "research_station_utility", "sinkhole_discard"})


def deck_moves(state: State, player: str) -> Legal:
    """PM-1, PM-D1: a deck to choose."""
    return Legal(deck=True)


def mulligan_moves(state: State, player: str) -> Legal:
    """PM-9, PM-D2: the back-hand cards to keep, then the hand cards to trade in."""
    seat = state.seats[player]
    if not seat.kept:
        return Legal(keep=list(seat.back_hand))
    return Legal(
        mulligan=MulliganLegal(cards=list(seat.hand), max=min(MULLIGAN_MAX, len(seat.deck)))
    )


def choice_moves(state: State, player: str) -> Legal:
    """PM-D15: the options of the card's choice."""
    assert state.pending is not None
    return Legal(choose=list(state.pending.options))


def turn_moves(state: State, player: str) -> Legal:
    """PM-2, PM-3, PM-5: a hand card to play, or a pass."""
    return Legal(
        pass_=True,
        plays=[
            PlayLegal(card=card_id, name=state.cards[card_id].spec.name, target=target, slots=slots)
            for card_id, target, slots in plays(state, player)
        ],
    )


def no_moves(state: State, player: str) -> Legal:
    return Legal()


def plays(state: State, player: str) -> Iterator[tuple[str, PlayTarget, list[str]]]:
    """The hand cards `player` may play now, in hand order (PM-2, PM-3, PM-5): each card's
    id, where it goes (their own field, the enemy's for a trap, the utility area) and the
    slots it may take (none for a utility card)."""
    for card_id in state.seats[player].hand:
        slots = play_slots(state, player, card_id)
        spec = state.cards[card_id].spec
        if slots is None or (slots == [] and spec.kind != "utility"):
            continue
        target: PlayTarget = (
            "utility" if spec.kind == "utility" else "enemy" if spec.trap else "own"
        )
        yield card_id, target, slots


def deck_actions(state: State, player: str) -> list[Action]:
    """A ready deck (a list of 30 cards is the game's own form, PM-1), by its name: its
    strategy runs past what a menu option's description holds (100 characters), so the
    1-on-1 says it above the menu."""
    decks = [Choice(value=d.key, label=d.name) for d in READY_DECKS.values()]
    return [
        Action(
            key="deck",
            label=N_("Choose a ready deck"),
            move={"type": "deck"},
            steps=[Pick(field="deck", choices=decks, label=N_("Ready deck"))],
            sealed=True,
        )
    ]


def mulligan_actions(state: State, player: str) -> list[Action]:
    """Some, all or none of the back-hand cards to keep; then up to three hand cards to
    trade in, no more than the deck holds, or none (PM-9, PM-D2)."""
    legal = mulligan_moves(state, player)
    if legal.keep is not None:
        return _keep_actions(state, player, legal.keep)
    assert legal.mulligan is not None
    return _mulligan_actions(state, player, legal.mulligan)


def choice_actions(state: State, player: str) -> list[Action]:
    """The options of the card's choice (sealed for `SEALED_CHOICES`); its prompt, a
    sentence or two, is said above the menu, which asks for the answer."""
    pending = state.pending
    assert pending is not None
    return [
        Action(
            key="choose",
            label=N_("Choose for the {card}").format(card=state.cards[pending.card].spec.name),
            move={"type": "choose"},
            steps=[
                Pick(
                    field="option",
                    choices=[Choice(value=o.id, label=o.label) for o in pending.options],
                    label=N_("Your answer"),
                )
            ],
            sealed=pending.kind in SEALED_CHOICES,
        )
    ]


def turn_actions(state: State, player: str) -> list[Action]:
    """A card to play, then the slot it takes (PM-2; a utility card takes none), a trap to
    set face down on a slot of the enemy's field (PM-3), and a pass (PM-5)."""
    actions = _play_actions(state, player, turn_moves(state, player).plays)
    actions.append(Action(key="pass", label=N_("Pass"), move={"type": "pass"}))
    return actions


def no_actions(state: State, player: str) -> list[Action]:
    return []


def _keep_actions(state: State, player: str, back: list[str]) -> list[Action]:
    """The back hand at a round's start: some of its cards kept (the rest go to the
    junkyard), all of them, or none. Which cards is secret; how many is told."""
    none = Action(
        key="keep-none", label=N_("Keep none"), move={"type": "keep", "cards": []}, sealed=True
    )
    if not back:
        return [none]
    some = Action(
        key="keep",
        label=N_("Keep some back-hand cards"),
        move={"type": "keep"},
        steps=[
            Pick(
                field="cards",
                choices=[_card_choice(state, player, c) for c in back],
                max=len(back),
                label=N_("Back-hand cards to keep (the rest go to the junkyard)"),
                as_list=True,
            )
        ],
        sealed=True,
    )
    every = Action(
        key="keep-all", label=N_("Keep all"), move={"type": "keep", "cards": back}, sealed=True
    )
    return [some, every, none]


def _mulligan_actions(state: State, player: str, mulligan: MulliganLegal) -> list[Action]:
    """PM-9, PM-D2: up to three hand cards traded in, no more than the deck holds, or
    none (the hand kept). Which cards is secret; how many is told."""
    most = min(mulligan.max, len(mulligan.cards))
    keep = Action(
        key="keep-hand",
        label=N_("Keep my hand"),
        move={"type": "mulligan", "cards": []},
        sealed=True,
    )
    if not most:
        return [keep]
    trade = Action(
        key="mulligan",
        label=N_("Mulligan"),
        move={"type": "mulligan"},
        steps=[
            Pick(
                field="cards",
                choices=[_card_choice(state, player, c) for c in mulligan.cards],
                max=most,
                label=N_("Hand cards to trade in (up to {most})").format(most=most),
                as_list=True,
            )
        ],
        sealed=True,
    )
    return [trade, keep]


def _card_choice(state: State, player: str, card_id: str, then: list[Pick] | None = None) -> Choice:
    """One of the player's cards: its name and printed PWR, whether their opponent has
    seen it, and what is asked once it is picked."""
    shown = card_id in state.seats[player].revealed
    return Choice(
        value=card_id,
        label=card_words(card_face(state.cards[card_id])),
        description=N_("Revealed to your opponent") if shown else None,
        then=list(then or []),
    )


def _play_actions(state: State, player: str, plays: list[PlayLegal]) -> list[Action]:
    """A hand card to play, then the slot of the player's own field it takes, an enemy
    trap's included (PM-2, PM-D8; a utility card takes none); a trap to set face down,
    then the slot of the enemy's field (sealed: which trap is secret, PM-3)."""
    enemy = Table(state).other(player)
    cards: list[Choice] = []
    traps: list[Choice] = []
    for play in plays:
        spec = state.cards[play.card].spec
        slots = [_slot_choice(state, player, enemy, spec, s) for s in play.slots]
        then = (
            []
            if play.target == "utility"
            else [
                Pick(
                    field="slot",
                    choices=slots,
                    label=N_("Where the {card} goes").format(card=spec.name),
                )
            ]
        )
        (traps if spec.trap else cards).append(_card_choice(state, player, play.card, then))
    actions = []
    if cards:
        actions.append(
            Action(
                key="play",
                label=N_("Play a card"),
                move={"type": "play"},
                steps=[Pick(field="card", choices=cards, label=N_("Your card"))],
            )
        )
    if traps:
        actions.append(
            Action(
                key="trap",
                label=N_("Set a trap"),
                move={"type": "play"},
                steps=[Pick(field="card", choices=traps, label=N_("Your trap"))],
                sealed=True,
            )
        )
    return actions


def _slot_choice(state: State, player: str, enemy: str, spec: CardDef, slot: str) -> Choice:
    lane = column_of(slot)
    attack = row_of(slot) == "attack"
    if spec.trap:
        label = (
            N_("{player}'s attack row, lane {lane}")
            if attack
            else N_("{player}'s defence row, lane {lane}")
        )
        return Choice(value=slot, label=label.format(player=enemy, lane=lane))
    placed = state.seats[player].field[slot]
    mine = N_("Your attack row, lane {lane}") if attack else N_("Your defence row, lane {lane}")
    return Choice(
        value=slot,
        label=mine.format(lane=lane),
        description=(
            None
            if placed is None
            else N_("A face-down card of {player} lies here").format(player=placed.owner)
        ),
    )
