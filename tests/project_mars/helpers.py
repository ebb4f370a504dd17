"""Scenario helpers for Project Mars: a match between ann and bob with the hands a test needs.

`start` plays the setup through `Match` with preset decks (the cards a test names, the rest
Defense Turrets, which have no effect), then stacks the hands before the first mulligan: the
only thing done behind the rules' back, and it keeps every card in a zone. From then on
everything goes through `Match.submit`, as a player would.
"""

from __future__ import annotations

from typing import Any

from games.core.events import Event
from games.core.match import Match
from games.project_mars import ENGINE
from games.project_mars.decks import DECK_SIZE, card_key
from games.project_mars.model import State
from games.project_mars.views import PendingView, PlayerView, PublicView, SlotView

PLAYERS = ["ann", "bob"]
FILLER = "Defense Turret"


def deck(*names: str) -> list[str]:
    return [*names, *[FILLER] * (DECK_SIZE - len(names))]


def stack_hand(state: State, player: str, names: list[str] | tuple[str, ...]) -> None:
    """Make the player's hand exactly these cards, taken from their deck."""
    seat = state.seats[player]
    seat.deck.extend(seat.hand)
    seat.hand = []
    for name in names:
        key = card_key(name)
        found = next(c for c in seat.deck if state.cards[c].key == key)
        seat.deck.remove(found)
        seat.hand.append(found)


def start(
    ann: tuple[str, ...] | list[str] = (),
    bob: tuple[str, ...] | list[str] = (),
    *,
    first: str = "ann",
    seed: int = 1,
    extra: dict[str, list[str]] | None = None,
    spare: bool = True,
) -> Match:
    """Round 1's first turn, `first` to play, hands `ann` and `bob`, each with a spare
    Defense Turret at the end unless `spare` is false (a player whose hand is empty passes
    at once, PM-5, which would end rounds early); `extra` adds cards to a player's deck (to
    draw or trade for later)."""
    extra = extra or {}
    if spare:
        ann, bob = [*ann, FILLER], [*bob, FILLER]
    options = {
        "decks": {
            "ann": deck(*ann, *extra.get("ann", [])),
            "bob": deck(*bob, *extra.get("bob", [])),
        }
    }
    match, _ = Match.start(ENGINE, PLAYERS, options, seed)
    stack_hand(match.state, "ann", ann)
    stack_hand(match.state, "bob", bob)
    match.state.starter = first
    for player in PLAYERS:
        match.submit(player, {"type": "mulligan", "cards": []})
    assert match.state.phase == "turn" and match.state.turn == first
    return match


def card(match: Match, player: str, name: str, *, nth: int = 0) -> str:
    """The id of a card of that name in the player's hand."""
    key = card_key(name)
    found = [c for c in match.state.seats[player].hand if match.state.cards[c].key == key]
    return str(found[nth])


def play(match: Match, player: str, name: str, slot: str | None = None) -> list[Event]:
    move: dict[str, Any] = {"type": "play", "card": card(match, player, name)}
    if slot is not None:
        move["slot"] = slot
    return match.submit(player, move)


def pass_(match: Match, player: str) -> list[Event]:
    return match.submit(player, {"type": "pass"})


def choose(match: Match, player: str, option: str) -> list[Event]:
    return match.submit(player, {"type": "choose", "option": option})


def close(match: Match) -> list[Event]:
    return match.submit("host", {"type": "close_phase"})


def at(match: Match, field: str, slot: str) -> str | None:
    """The key of the card lying on that slot of that player's field, or None."""
    placed = match.state.seats[field].field[slot]
    return None if placed is None else match.state.cards[placed.card].key


def on_field(match: Match, card_id: str) -> bool:
    return any(
        p is not None and p.card == card_id
        for seat in match.state.seats.values()
        for p in seat.field.values()
    )


def junk(match: Match, player: str) -> list[str]:
    """The keys in the player's junkyard."""
    return [match.state.cards[c].key for c in match.state.seats[player].junkyard]


def of_type(events: list[Event], kind: str) -> list[dict[str, Any]]:
    return [{**e.data, "audience": e.audience} for e in events if e.type == kind]


def resolve(match: Match) -> dict[str, Any]:
    """Pass until the round resolves; the `round_resolved` event's data."""
    events: list[Event] = []
    for _ in range(4):
        assert match.state.phase == "turn" and match.state.turn is not None
        events += pass_(match, match.state.turn)
        resolved = of_type(events, "round_resolved")
        if resolved:
            return resolved[0]
    raise AssertionError("the round did not resolve")


def tpr(resolved: dict[str, Any]) -> dict[str, int]:
    return dict(resolved["score"]["tpr"])


def parts(resolved: dict[str, Any], player: str) -> dict[str, int]:
    return dict(resolved["score"]["parts"][player])


def pwr(match: Match, card_id: str) -> int | None:
    """A face-up card's PWR as resolution would count it now (the public projection)."""
    return ENGINE.view(match.state, None).projection.pwr.get(card_id)


def view(match: Match, viewer: str | None) -> PublicView:
    return ENGINE.view(match.state, viewer)


def decision(match: Match, viewer: str | None) -> PendingView:
    """The decision pending, as `viewer` sees it."""
    seen = view(match, viewer).pending
    assert seen is not None
    return seen


def placed(match: Match, viewer: str | None, field: str, slot: str) -> SlotView:
    """What `viewer` sees on a slot of `field` (a card lies there)."""
    seen = view(match, viewer).sides[field].field[slot]
    assert seen is not None
    return seen


def own(match: Match, player: str) -> PlayerView:
    """A player's own view."""
    seen = ENGINE.view(match.state, player)
    assert isinstance(seen, PlayerView)
    return seen


def fresh(seed: int = 1, **options: Any) -> tuple[Match, list[Event]]:
    return Match.start(ENGINE, PLAYERS, options, seed)


def next_round(match: Match, hands: dict[str, list[str]] | None = None) -> None:
    """Get through a round's start: each player keeps no back-hand card, gets the named hand
    (if given) and takes no mulligan."""
    assert match.state.phase == "mulligan"
    for player in PLAYERS:
        if not match.state.seats[player].kept:
            match.submit(player, {"type": "keep", "cards": []})
        if hands and player in hands:
            stack_hand(match.state, player, hands[player])
        match.submit(player, {"type": "mulligan", "cards": []})


def play_round(match: Match, winner: str | None) -> dict[str, Any]:
    """Play a round out: `winner` puts one Defense Turret down and everyone else passes (no
    winner: both pass at once, a 0-0 draw). The `round_resolved` event's data."""
    events: list[Event] = []
    played = False
    while not of_type(events, "round_resolved"):
        player = match.state.turn
        assert match.state.phase == "turn" and player is not None
        if player == winner and not played:
            empty = next(s for s, p in match.state.seats[player].field.items() if p is None)
            events += play(match, player, FILLER, empty)
            played = True
        else:
            events += pass_(match, player)
    return of_type(events, "round_resolved")[0]
