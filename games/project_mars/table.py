"""The table: a state and the events of the move being applied, with the primitives that card
effects and the rules act through (destroy, reveal, draw, send to the junkyard...).

Every primitive that changes something a viewer can see writes the event telling them, with
its audience, so that callers cannot forget one.
"""

from __future__ import annotations

import functools

from games.core.collector import Collector
from games.core.events import Event
from games.project_mars.card_details import CARDS, CardDef
from games.project_mars.events import (
    CardDestroyed,
    CardsDrawn,
    CardsRevealed,
    PlayerDrew,
    RevealBlocked,
    RevealedCardLeft,
    TrapReturned,
)
from games.project_mars.model import (
    ROWS,
    Card,
    CardFace,
    CardView,
    Placed,
    Seat,
    State,
    column_of,
    row_of,
    slot_at,
)


@functools.cache
def _face(key: str) -> CardFace:
    spec = CARDS[key]
    return CardFace(
        key=spec.key,
        name=spec.name,
        kind=spec.kind,
        pwr=spec.pwr,
        subtypes=list(spec.subtypes),
        trap=spec.trap,
        infantry=spec.infantry,
    )


@functools.cache
def _view(key: str, card_id: str) -> CardView:
    return CardView(**dict(_face(key)), id=card_id)


def card_face(card: Card) -> CardFace:
    """What a card shows. The models are frozen and a card never changes, so each is made
    once: views and events hold dozens of cards."""
    return _face(card.key)


def card_view(card: Card) -> CardView:
    """A card with its id."""
    return _view(card.key, card.id)


class Table(Collector):
    """A state and the events of the move being applied (`Collector`: `public`, `private`)."""

    def __init__(self, state: State, events: list[Event] | None = None) -> None:
        super().__init__(events)
        self.state = state

    # -- reading ---------------------------------------------------------------------------

    def seat(self, player: str) -> Seat:
        return self.state.seats[player]

    def other(self, player: str) -> str:
        first, second = self.state.players
        return second if player == first else first

    def card(self, card_id: str) -> Card:
        return self.state.cards[card_id]

    def spec(self, card_id: str) -> CardDef:
        return CARDS[self.state.cards[card_id].key]

    def shown(self, card_id: str) -> CardView:
        """A card as events show it."""
        return card_view(self.card(card_id))

    def name(self, card_id: str) -> str:
        return self.spec(card_id).name

    def locate(self, card_id: str) -> tuple[str, str] | None:
        """(the player whose field holds the card, its slot), or None when it is on no field."""
        for player in self.state.players:
            for slot, placed in self.seat(player).field.items():
                if placed is not None and placed.card == card_id:
                    return player, slot
        return None

    def face_up(self, player: str) -> list[tuple[str, Placed]]:
        """The player's own face-up cards on their field, by slot order."""
        return [
            (slot, placed)
            for slot, placed in self.seat(player).field.items()
            if placed is not None and not placed.face_down
        ]

    def column(self, player: str, column: int) -> list[tuple[str, Placed]]:
        """The player's face-up cards in one column: for an effect of the other player, the
        "enemy column" (PM-7)."""
        return [(s, p) for s, p in self.face_up(player) if column_of(s) == column]

    def empty_slots(self, player: str) -> list[str]:
        return [slot for slot, placed in self.seat(player).field.items() if placed is None]

    # -- moving cards ----------------------------------------------------------------------

    def leave_hand(self, player: str, card_id: str, *, seen: bool) -> None:
        """PM-6: a card that leaves the hand is no longer revealed. Everyone saw a revealed
        card, so everyone sees it go: unless where it goes shows it (`seen`, a card played
        face up), they are told it left the hand (PM-D21)."""
        seat = self.seat(player)
        seat.hand.remove(card_id)
        if card_id in seat.revealed:
            seat.revealed.remove(card_id)
            if not seen:
                face = card_face(self.card(card_id))
                self.public(RevealedCardLeft, player=player, card=face)

    def junk(self, card_id: str) -> None:
        """Into its owner's junkyard (PM-D3), from limbo if it is there."""
        if card_id in self.state.limbo:
            self.state.limbo.remove(card_id)
        self.seat(self.card(card_id).owner).junkyard.append(card_id)

    def lift(self, field: str, slot: str) -> Placed:
        placed = self.seat(field).field[slot]
        assert placed is not None
        self.seat(field).field[slot] = None
        return placed

    def destroy(self, field: str, slot: str, by: str) -> None:
        """A card on a field goes to its owner's junkyard; `by` is the key of the cause."""
        placed = self.lift(field, slot)
        self.junk(placed.card)
        self.public(
            CardDestroyed,
            card=self.shown(placed.card),
            owner=placed.owner,
            field=field,
            slot=slot,
            face_down=placed.face_down,
            by=by,
        )

    def return_slot(self, owner: str, slot: str) -> str | None:
        """PM-D8: where a trap sent back lands on its owner's field: the same slot, else the
        other slot of that column, else the first empty slot; None when the field is full."""
        row, column = row_of(slot), column_of(slot)
        other_row = ROWS[1] if row == ROWS[0] else ROWS[0]
        empty = self.empty_slots(owner)
        for wanted in (slot, slot_at(other_row, column)):
            if wanted in empty:
                return wanted
        return empty[0] if empty else None

    def send_back(self, trap_id: str, slot: str) -> None:
        """Stealth Op, Spy: "this card goes back to the owner's field", face up (PM-D8)."""
        owner = self.card(trap_id).owner
        landing = self.return_slot(owner, slot)
        self.state.limbo.remove(trap_id)
        if landing is None:
            self.seat(owner).junkyard.append(trap_id)
        else:
            self.seat(owner).field[landing] = Placed(card=trap_id, owner=owner)
        self.public(TrapReturned, card=self.shown(trap_id), owner=owner, slot=landing)

    # -- hands -----------------------------------------------------------------------------

    def draw(self, player: str, count: int, reason: str) -> list[str]:
        """Random cards from the player's deck into their hand: they see which, everyone sees
        how many."""
        seat = self.seat(player)
        count = min(count, len(seat.deck))
        if count <= 0:
            return []
        order = self.state.rng.shuffled(seat.deck)
        drawn, seat.deck = order[:count], order[count:]
        seat.hand.extend(drawn)
        self.private(
            player, CardsDrawn, player=player, cards=[self.shown(c) for c in drawn], reason=reason
        )
        self.public(PlayerDrew, player=player, count=count, reason=reason)
        return drawn

    def reveal(self, player: str, card_ids: list[str], by: str) -> None:
        """PM-6: shown to everyone, and kept visible until they leave the hand."""
        seat = self.seat(player)
        seat.revealed.extend(c for c in card_ids if c not in seat.revealed)
        self.public(CardsRevealed, player=player, cards=[self.shown(c) for c in card_ids], by=by)

    def reveal_random(self, player: str, count: int, by: str) -> None:
        """Scout, Drone: random cards of the hand not yet revealed (PM-D9: none under Toxic
        Gas)."""
        if count <= 0:
            return
        if self.state.immune:
            self.public(RevealBlocked, player=player, by=by)
            return
        seat = self.seat(player)
        hidden = [c for c in seat.hand if c not in seat.revealed]
        if not hidden:
            return
        picked = self.state.rng.shuffled(hidden)[:count]
        self.reveal(player, sorted(picked, key=seat.hand.index), by)
