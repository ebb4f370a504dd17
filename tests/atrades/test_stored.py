"""Matches of Atrades stored by the Dealer before its typed seam (5d6b96c) load and play on:
their state snapshots load, the events their logs hold read back and say what they said then,
in the channel and to each player, and so do each player's 1-on-1, the status, the board's
buttons, the map's and each guild board's alt text and the spectators' audit of the state
stored. The fixture (`stored_before_typed_seam.json`) was written by that version: four
matches stopped part way (round 2's turn-order bids with one bid in; a merger's final sealed
round with one bid in, AT-D12's other reading; an open round of a merger with a bid on it;
round 2's expansions, $25 to start), their records, the state's stored text, each move's
events as the log stored them, and what the texts said of them."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from bot.games.atrades.texts import AtradesTexts
from games.atrades import ENGINE
from games.core.contract import random_answers
from games.core.engine import HOST
from games.core.events import Event
from games.core.match import MatchRecord, replay

STORED = json.loads(
    (Path(__file__).parent / "stored_before_typed_seam.json").read_text(encoding="utf-8")
)
TEXTS = AtradesTexts()
NAMES = {"801": "ann", "802": "ben", "803": "cy", "804": "di"}


def names(player: str) -> str:
    return NAMES.get(player, player)


def players(stored: dict[str, Any]) -> list[str]:
    return list(stored["record"]["players"])


def test_the_fixture_holds_bids_a_sealed_round_an_open_round_and_expansions() -> None:
    states = [ENGINE.load_state_json(stored["state"]) for stored in STORED]
    assert [s.flow.step for s in states] == ["bids", "actions", "actions", "expansions"]
    assert [None if s.merger is None else s.merger.step for s in states] == [
        None,
        "sealed",
        "open",
        None,
    ]
    assert states[0].round == 2 and states[2].round >= 2 and states[3].round >= 2


@pytest.mark.parametrize("stored", STORED, ids=lambda s: s["stop"])
def test_a_stored_match_reads_and_says_what_it_said(stored: dict[str, Any]) -> None:
    said = [[TEXTS.describe(event, names) for event in move] for move in stored["events"]]
    assert said == stored["texts"]
    private = [
        [
            {
                p: TEXTS.describe_to(event, p, names)
                for p in players(stored)
                if p in event["audience"].get("players", [])
            }
            for event in move
        ]
        for move in stored["events"]
    ]
    assert private == stored["private"]
    state = ENGINE.load_state_json(stored["state"])
    for player in players(stored):
        summary = ENGINE.summary(state, player)
        actions = ENGINE.legal_actions(state, player)
        assert TEXTS.one_on_one(summary, actions, names) == stored["one_on_one"][player]
        card = TEXTS.card(TEXTS.card_of(ENGINE.view(state, player), actions), NAMES)
        assert card is not None and card.alt == stored["card_alt"][player]
    public = ENGINE.view(state, None)
    assert TEXTS.status(public, names) == stored["status"]
    board = TEXTS.status_board(public, NAMES)
    assert board is not None and board.detail == stored["map_alt"]
    outline = ENGINE.board_actions(public)
    assert [a.model_dump(mode="json") for a in outline] == stored["board_actions"]
    assert TEXTS.audit(ENGINE.audit(state), names) == stored["audit"]


@pytest.mark.parametrize("stored", STORED, ids=lambda s: s["stop"])
def test_a_stored_match_plays_on_to_its_end(stored: dict[str, Any]) -> None:
    """The stored state plays on with its players' legal actions to the end, as the same
    record replayed from the start does, event for event."""
    state = ENGINE.load_state_json(stored["state"])
    record = MatchRecord.model_validate(stored["record"])
    rnd = random.Random(1)
    told: list[Event] = []
    while not ENGINE.is_finished(state):
        player = rnd.choice(players(stored))
        actions = ENGINE.legal_actions(state, player)
        if not actions or rnd.random() < 0.05:
            player, move = HOST, {"type": "close_phase"}
        else:
            action = rnd.choice(actions)
            answers = random_answers(
                action, rnd, lambda step: rnd.randint(step.min, min(step.max, step.min + 3))
            )
            move = action.build(answers)
        told += ENGINE.apply(state, player, ENGINE.parse_move(move))
        record.moves.append(record.moves[0].model_validate({"by": player, **move}))
    replayed = replay(ENGINE, record)
    assert replayed.rejected == []
    assert ENGINE.dump_state_json(replayed.match.state) == ENGINE.dump_state_json(state)
    assert [e.to_json() for e in replayed.events[-len(told) :]] == [e.to_json() for e in told]
