"""The MARSBOT draft's texts across the typed seam, fed the engine's own events and views
(never hand-built): every event model is worded, each text says what its event holds, the
board goes with the moves that change it, and a text can only be written for an event the
game has."""

from __future__ import annotations

import random
from functools import cache
from typing import Any, Literal

import pytest

from bot.games.base import Names, TypedTexts, text
from bot.games.marsbot_draft.texts import BoardShown, MarsbotDraftTexts
from games.core.drawing.board import drawing
from games.core.errors import RuleError
from games.core.events import Event, GameEvent, PlayerKicked, event_models
from games.core.match import Match
from games.marsbot_draft import ENGINE
from games.marsbot_draft.events import CardTaken, DraftEvent, DraftPhaseOpened, MarsbotPicked
from games.marsbot_draft.views import DraftView

TEXTS = MarsbotDraftTexts()


class Unrelated(GameEvent):
    """An event of no game: no text of the draft may word it."""

    type: Literal["unrelated"] = "unrelated"


def names(player: str) -> str:
    return player.upper()


@cache
def playouts() -> list[tuple[list[Event], DraftView, DraftView]]:
    """Random drafts of both modes, move by move: the move's events with the public views
    before and after it (played once, by the first test that asks, not while every worker
    collects the module)."""
    played = []
    for seed in range(60):
        options: dict[str, Any] = {"mode": "table"} if seed % 3 == 0 else {}
        match, events = Match.start(ENGINE, ["ann"], options, seed)
        view = ENGINE.view(match.state, None)
        played.append((events, view, view))
        rnd = random.Random(seed)
        while not match.finished:
            actor, move = ENGINE.random_move(match.state, rnd)
            before = ENGINE.view(match.state, None)
            try:
                events = ENGINE.apply(match.state, actor, move)
            except RuleError:
                continue
            played.append((events, before, ENGINE.view(match.state, None)))
    return played


def test_every_event_of_the_draft_is_worded() -> None:
    """Each model of the engine's events comes up in random drafts and has its text; only a
    round taken for the player at once (MB-D13) is not announced."""
    worded: set[str] = set()
    for events, _, _ in playouts():
        for event in events:
            said = TEXTS.describe(event.to_json(), names)
            told = TEXTS.read(event.to_json())
            if said is None:
                assert isinstance(told, DraftPhaseOpened) and told.forced, event
            worded.add(event.type)
    assert worded == {model.model_fields["type"].default for model in event_models(DraftEvent)}


def test_each_text_says_what_its_event_holds() -> None:
    for events, _, _ in playouts():
        for event in events:
            told = TEXTS.read(event.to_json())
            said = TEXTS.describe(event.to_json(), names) or ""
            if isinstance(told, CardTaken):
                assert f"**{told.card}**" in said
                assert told.default or f"Round {told.round}" in said
            if isinstance(told, MarsbotPicked):
                assert (
                    said == f"🤖 Round {told.round}: MARSBOT takes **{told.chosen}**. {told.why}."
                )
            if isinstance(told, PlayerKicked):
                assert told.player.upper() in said


@pytest.mark.parametrize(
    "pictures",
    [pytest.param(False, id="words"), pytest.param(True, id="drawn", marks=pytest.mark.slow)],
)
def test_the_board_follows_the_moves_that_change_it(pictures: bool) -> None:
    """`board_shown` carries the view after the move, read back through `DraftView`, and is
    made from it; a move that changes nothing shown has no board. The quick run makes the
    boards' words alone (`drawing`: the same code, no picture); the whole suite also draws
    each one (over 200 pictures; tests/render draws the draft's boards too)."""
    boards = 0
    with drawing(pictures):
        for events, before, after in playouts():
            shown = TEXTS.add_events(before, [e.to_json() for e in events], after)
            added = shown[len(events) :]
            for extra in added:
                told = TEXTS.read(extra)
                assert isinstance(told, BoardShown) and told.view == after
                board = TEXTS.board(extra, {"ann": "Ann"})
                assert board is not None and after.title in board.alt
                assert bool(board.png) == pictures
                boards += 1
    assert boards > 100


def test_a_text_for_an_event_the_game_has_not_is_refused() -> None:
    """A text for an event model outside the game's union fails as the class is made (mypy
    refuses one for a model that does not exist, and a misspelt field)."""

    with pytest.raises(TypeError, match="not one of its events"):

        class Wrong(TypedTexts[DraftView, Any]):
            event_types = (*event_models(DraftEvent), BoardShown)

            @text
            def other(self, event: Unrelated, names: Names) -> str:
                return "never"

    with pytest.raises(TypeError, match="two texts for card_taken"):

        class Twice(MarsbotDraftTexts):
            @text
            def taken_again(self, event: CardTaken, names: Names) -> str:
                return "twice"
