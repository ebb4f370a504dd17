"""The typed seam's conformance (docs/engine-contract.md, "Typed across the seam"): every view
and event an engine with typed `events` gives over random playouts validates against its
models, and its events read back through their models give back the very envelope the engine
emitted (what the log stores, byte for byte). An engine joins by setting `Engine.events`: it
is then checked here, from its first migrated step on."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.engine import HOST, Engine
from games.core.errors import RuleError
from games.core.events import Event, GameEvent, read_event
from games.core.match import Match
from games.core.views import GameView
from games.registry import ENGINES
from tests.conformance.playouts import CHECKS, STRANGER, Setup, draw_setup, names

TYPED = sorted(game for game, engine in ENGINES.items() if engine.events is not None)


def check_events(engine: Engine[Any, Any], events: list[Event]) -> None:
    """Each event validates against the engine's union of event models, and its model puts it
    back in the same envelope, its fields in the same order."""
    assert engine.events is not None
    for event in events:
        stored = event.to_json()
        told = read_event(engine.events, stored)
        assert isinstance(told, GameEvent) and told.type == event.type
        assert list(told.told(event.audience).to_json().items()) == list(stored.items()), (
            f"{event.type} does not read back as it was emitted"
        )


def check_views(engine: Engine[Any, Any], state: Any, players: list[str]) -> None:
    """Every viewer's view is a `GameView` that validates as its own model (the engine builds
    it without validation), and reads back from its JSON as it was."""
    for viewer in [*players, HOST, None, STRANGER]:
        view = engine.view(state, viewer)
        assert isinstance(view, GameView), f"the view of {viewer} is no model"
        again = type(view).model_validate(view.to_json())
        assert again.to_json() == view.to_json(), f"the view of {viewer} does not read back"
    for player in players:
        summary = engine.summary(state, player)
        assert isinstance(summary, GameView)
        type(summary).model_validate(summary.to_json())


def test_the_typed_engines_are_those_migrated() -> None:
    """The games on the typed seam so far; one migrated joins this list (and every check
    here) by setting `Engine.events`."""
    assert TYPED == ["atrades", "auction-auction", "mars-auction", "marsbot-draft", "project-mars"]


def check_playout(engine: Engine[Any, Any], setup: Setup) -> None:
    """A random match of `setup`, its events and every view checked after every move."""
    match, events = Match.start(engine, setup.players, setup.options, setup.seed)
    check_events(engine, events)
    check_views(engine, match.state, setup.players)
    rnd = random.Random(setup.playout_seed)
    while not match.finished:
        actor, move = engine.random_move(match.state, rnd)
        try:
            events = match.submit(actor, engine.moves.dump_python(move, mode="json"))
        except RuleError:
            continue
        check_events(engine, events)
        check_views(engine, match.state, setup.players)


@pytest.mark.slow
@pytest.mark.parametrize("game", TYPED)
@settings(CHECKS)
@given(data=st.data())
def test_every_view_and_event_validates_against_its_models(game: str, data: st.DataObject) -> None:
    engine = ENGINES[game]
    check_playout(engine, draw_setup(data, engine))


@pytest.mark.parametrize("game", TYPED)
def test_one_quick_playout_validates_against_its_models(game: str) -> None:
    """The quick run's share (random playouts are `slow`): one fixed match of every typed
    engine, as many players as it takes, its default options."""
    engine = ENGINES[game]
    check_playout(engine, Setup(names(engine.max_players), {}, 1, 1))


@pytest.mark.parametrize("game", TYPED)
def test_a_misread_event_is_refused_by_its_model(game: str) -> None:
    """The models check what they read: an event with a field its model does not have, or
    of a type the game has not, is refused, not read as blanks."""
    engine = ENGINES[game]
    assert engine.events is not None
    players = ["ann", "bob", "cy", "dee"][: max(1, engine.min_players)]
    _, events = Match.start(engine, players, {}, 1)
    stored = events[0].to_json()
    with pytest.raises(ValueError, match="Extra inputs"):
        read_event(engine.events, {**stored, "misspelt": 1})
    with pytest.raises(ValueError, match="does not match any of the expected tags"):
        read_event(engine.events, {**stored, "type": "no_such_event"})
