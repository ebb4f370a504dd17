"""Project Mars keeps hands, decks and face-down traps secret (the visibility table of
docs/rules/project-mars.md, PM-3, PM-6, PM-D16).

Two kinds of check: over random playouts, no event or view reaching a viewer names a card
that is secret from them; and two matches that differ only by a secret look the same to
everyone the secret is kept from.
"""

from __future__ import annotations

import contextlib
import random
import re
from typing import Any

import pytest

from games.core.engine import HOST
from games.core.errors import RuleError
from games.core.events import Event
from games.core.match import Match
from games.project_mars import ENGINE
from games.project_mars.model import Card, Kick, State
from games.project_mars.views import PublicView
from tests.project_mars.helpers import PLAYERS, card, decision, of_type, play, start, view

CARD_ID = re.compile(r"^[ab]\d\d$")
VIEWERS: list[str | None] = [*PLAYERS, None, HOST]
#: The quick run plays the first seeds of each random check; the rest are `slow`.
QUICK_SEEDS = 4


def seeds(count: int) -> list[Any]:
    return [s if s < QUICK_SEEDS else pytest.param(s, marks=pytest.mark.slow) for s in range(count)]


def ids_in(value: Any) -> set[str]:
    """Every card id anywhere in a JSON value (its strings, in lists and dict values)."""
    found: set[str] = set()
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            if CARD_ID.match(item):
                found.add(item)
        elif isinstance(item, dict):
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
    return found


def secret_from(state: State, viewer: str | None) -> set[str]:
    """The cards `viewer` may not know by id now: others' decks, back hands, unrevealed hand
    cards and face-down traps."""
    hidden: set[str] = set()
    for player, seat in state.seats.items():
        if player != viewer:
            hidden |= set(seat.deck) | set(seat.back_hand)
            hidden |= set(seat.hand) - set(seat.revealed)
        for placed in seat.field.values():
            if placed is not None and placed.face_down and placed.owner != viewer:
                hidden.add(placed.card)
    return hidden


def random_match(seed: int) -> list[tuple[Match, list[Event]]]:
    """A random match with random decks, as (match after each move, that move's events)."""
    match, _ = Match.start(ENGINE, PLAYERS, {}, seed)
    rnd = random.Random(seed)
    steps = []
    while not match.finished:
        actor, move = ENGINE.random_move(match.state, rnd)
        if isinstance(move, Kick):
            continue
        try:
            events = match.submit(actor, ENGINE.moves.dump_python(move, mode="json"))
        except RuleError:
            continue
        steps.append((match, events))
        for viewer in VIEWERS:
            leaked = secret_from(match.state, viewer)
            seen = [e for e in events if e.audience.reaches(viewer)]
            assert not ids_in([e.data for e in seen]) & leaked, (viewer, seen)
            assert not ids_in(ENGINE.view(match.state, viewer)) & leaked, viewer
    return steps


@pytest.mark.parametrize("seed", seeds(25))
def test_no_event_or_view_names_a_card_kept_from_its_viewer(seed: int) -> None:
    assert random_match(seed)


def swapped_hand_card(match: Match, player: str) -> State | None:
    """A copy of the state where one unrevealed hand card of `player` is exchanged with a
    deck card of another kind: a different secret, the same public facts."""
    state = ENGINE.load_state(ENGINE.dump_state(match.state))
    seat = state.seats[player]
    for index, held in enumerate(seat.hand):
        if held in seat.revealed:
            continue
        other = next((c for c in seat.deck if state.cards[c].key != state.cards[held].key), None)
        if other is not None:
            seat.hand[index], seat.deck[seat.deck.index(other)] = other, held
            return state
    return None


@pytest.mark.parametrize("seed", seeds(10))
def test_a_different_hand_card_changes_no_other_view(seed: int) -> None:
    match, _ = Match.start(ENGINE, PLAYERS, {"decks": {"ann": "vanguard", "bob": "fortress"}}, seed)
    rnd = random.Random(seed)
    compared = 0
    while not match.finished and compared < 20:
        if match.state.phase in ("turn", "choice"):
            for player in PLAYERS:
                other = swapped_hand_card(match, player)
                if other is None:
                    continue
                for viewer in VIEWERS:
                    if viewer != player:
                        assert ENGINE.view(other, viewer) == ENGINE.view(match.state, viewer)
                compared += 1
        actor, move = ENGINE.random_move(match.state, rnd)
        if not isinstance(move, Kick):
            with contextlib.suppress(RuleError):
                match.submit(actor, ENGINE.moves.dump_python(move, mode="json"))
    assert compared > 0


def test_two_different_traps_look_the_same_to_their_victim_and_the_public() -> None:
    seen: list[tuple[list[dict[str, Any]], list[dict[str, Any]], PublicView, PublicView]] = []
    for trap in ("Landmine", "Spy"):
        match = start(["Landmine", "Spy"], ["Outpost"], seed=3)
        events = play(match, "ann", trap, "defence-2")
        told = [[e.to_json() for e in events if e.audience.reaches(v)] for v in ("bob", None)]
        seen.append((told[0], told[1], view(match, "bob"), view(match, None)))
    assert seen[0] == seen[1]


def test_two_different_mulligans_look_the_same_to_the_opponent() -> None:
    views, told = [], []
    for pick in (slice(0, 2), slice(5, 7)):
        match, _ = Match.start(
            ENGINE, PLAYERS, {"decks": {"ann": "shadow-ops", "bob": "vanguard"}}, 4
        )
        cards = match.state.seats["ann"].hand[pick]
        events = match.submit("ann", {"type": "mulligan", "cards": cards})
        told.append([e.to_json() for e in events if e.audience.reaches("bob")])
        views.append((view(match, "bob"), view(match, None)))
    assert told[0] == told[1] and views[0] == views[1]


def test_a_secret_choice_shows_its_options_to_the_chooser_only() -> None:
    match = start(["Stealth Op"], ["Outpost", "Medic"])
    play(match, "ann", "Stealth Op", "attack-1")
    events = play(match, "bob", "Outpost", "attack-1")
    [offered] = of_type(events, "choice_offered")
    assert offered["audience"].players == ("bob",)
    assert card(match, "bob", "Medic") in {o["id"] for o in offered["options"]}
    assert decision(match, "bob").options is not None
    assert decision(match, "ann").options is None
    assert decision(match, None).card.key == "stealth-op"


def test_a_research_station_tells_nobody_whether_the_deck_held_a_utility_card() -> None:
    """PM-D14: the same public events and views whether the trade happened or the deck had no
    utility card left (then the player keeps their card)."""
    told, views = [], []
    for utility_left in (True, False):
        match = start(["Research Station", "Outpost"], ["Medic"], extra={"ann": ["EMP Bomb"]})
        if not utility_left:
            state = match.state
            [emp] = [c for c in state.seats["ann"].deck if state.cards[c].key == "emp-bomb"]
            state.cards[emp] = Card(id=emp, owner="ann", key="defense-turret")
        events = play(match, "ann", "Research Station", "defence-1")
        events += match.submit("ann", {"type": "choose", "option": card(match, "ann", "Outpost")})
        pending = match.state.pending
        assert pending is not None
        events += match.submit("ann", {"type": "choose", "option": pending.options[0].id})
        told.append([[e.to_json() for e in events if e.audience.reaches(v)] for v in ("bob", None)])
        views.append((view(match, "bob"), view(match, None)))
    assert told[0] == told[1] and views[0] == views[1]
