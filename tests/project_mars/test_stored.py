"""Matches of Project Mars stored by the Dealer before the typed seam (873f5e6) load and play
on: their state snapshots load, the events their logs hold (with the bot's own `round_board`
and `board_shown`, which carry a public view as it was then) read back and say what they said
then, in the channel, to each player and on the board image's alt text, and so do each
player's 1-on-1 and the status of the state stored. The fixture
(`stored_before_typed_seam.json`) was written by that version: three matches stopped part way
(round 1's turns, a pending choice, round 2), their records, the state's stored text, each
move's events as the log stored them, and what the texts said of them."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from bot.games.project_mars.texts import ProjectMarsTexts
from games.core.engine import HOST
from games.core.errors import RuleError
from games.core.events import Event
from games.core.match import MatchRecord, replay
from games.project_mars import ENGINE

STORED = json.loads(
    (Path(__file__).parent / "stored_before_typed_seam.json").read_text(encoding="utf-8")
)
TEXTS = ProjectMarsTexts()
NAMES = {"801": "ann", "802": "bob"}


def names(player: str) -> str:
    return NAMES.get(player, player)


def test_the_fixture_holds_a_turn_a_choice_and_a_later_round() -> None:
    assert [stored["phase"] for stored in STORED] == ["turn", "choice", "turn"]
    states = [ENGINE.load_state_json(stored["state"]) for stored in STORED]
    assert [state.round for state in states] == [1, 1, 2]
    assert any(e["type"] == "round_board" for move in STORED[2]["events"] for e in move)


@pytest.mark.parametrize("stored", STORED, ids=lambda s: str(s["seed"]))
def test_a_stored_match_reads_and_says_what_it_said(stored: dict[str, Any]) -> None:
    said = [[TEXTS.describe(event, names) for event in move] for move in stored["events"]]
    assert said == stored["texts"]
    private = [
        [{p: TEXTS.describe_to(event, p, names) for p in NAMES} for event in move]
        for move in stored["events"]
    ]
    assert private == stored["private"]
    boards = [
        [None if (b := TEXTS.board(event, NAMES)) is None else b.alt for event in move]
        for move in stored["events"]
    ]
    assert boards == stored["boards"]
    state = ENGINE.load_state_json(stored["state"])
    one_on_one = {
        p: TEXTS.one_on_one(ENGINE.view(state, p), ENGINE.legal_actions(state, p), names)
        for p in NAMES
    }
    assert one_on_one == stored["one_on_one"]
    assert TEXTS.status(ENGINE.view(state, None), names) == stored["status"]


@pytest.mark.parametrize("stored", STORED, ids=lambda s: str(s["seed"]))
def test_a_stored_match_plays_on_to_its_end(stored: dict[str, Any]) -> None:
    """The stored state plays on, as the same record replayed from the start does, event for
    event."""
    state = ENGINE.load_state_json(stored["state"])
    record = MatchRecord.model_validate(stored["record"])
    rnd = random.Random(1)
    told: list[Event] = []
    while not ENGINE.is_finished(state):
        actor, move = ENGINE.random_move(state, rnd)
        if actor == HOST and move.type == "kick":
            continue
        dumped = ENGINE.moves.dump_python(move, mode="json")
        try:
            told += ENGINE.apply(state, actor, ENGINE.parse_move(dumped))
        except RuleError:
            continue
        record.moves.append(record.moves[0].model_validate({"by": actor, **dumped}))
    replayed = replay(ENGINE, record)
    assert replayed.rejected == []
    assert ENGINE.dump_state_json(replayed.match.state) == ENGINE.dump_state_json(state)
    assert [e.to_json() for e in replayed.events[-len(told) :]] == [e.to_json() for e in told]
