"""The typed seam's conformance (docs/engine-contract.md, "Typed across the seam"). An engine
joins it by setting `Engine.events`: from its first migrated step on, the conformance suite's
playouts (`test_conformance.py`, `Playout.typed`) check over its random matches, and over the
quick run's fixed match, that every event validates against its models and reads back through
them as the very envelope the engine emitted (what the log stores, byte for byte), and that
every view and summary validates against its own model and reads back from its JSON. Here: which
engines are on the seam, and their models refusing what they must not read."""

from __future__ import annotations

import pytest

from games.core.events import read_event
from games.core.match import Match
from games.registry import ENGINES

TYPED = sorted(game for game, engine in ENGINES.items() if engine.events is not None)


def test_the_typed_engines_are_those_migrated() -> None:
    """The games on the typed seam so far; one migrated joins this list (and every check of
    the typed seam) by setting `Engine.events`."""
    assert TYPED == ["atrades", "auction-auction", "mars-auction", "marsbot-draft", "project-mars"]


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
