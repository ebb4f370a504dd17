"""Drafts stored by the Dealer before the typed seam (e747712) load and play on: their state
snapshots load, the events their logs hold read back through the event models and say what
they said then, and so do the 1-on-1 and the status of the state stored. The fixture
(`stored_before_typed_seam.json`) was written by that version: for two drafts stopped part
way (a whole draft after two rounds, a table draft with `own_first` after two), the record,
the state's stored text, each move's events as the log stored them, and the texts of each
event, of the 1-on-1 and of the status."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from bot.games.marsbot_draft.texts import MarsbotDraftTexts
from games.core.contract import Pick
from games.core.events import Event
from games.core.match import MatchRecord, replay
from games.marsbot_draft import ENGINE

STORED = json.loads(
    (Path(__file__).parent / "stored_before_typed_seam.json").read_text(encoding="utf-8")
)
TEXTS = MarsbotDraftTexts()


def names(player: str) -> str:
    return {"801": "ann"}.get(player, player)


@pytest.mark.parametrize("stored", STORED, ids=lambda s: s["options"]["mode"])
def test_a_stored_draft_reads_and_says_what_it_said(stored: dict[str, Any]) -> None:
    said = [[TEXTS.describe(event, names) for event in move] for move in stored["events"]]
    assert said == stored["texts"]
    state = ENGINE.load_state_json(stored["state"])
    view = ENGINE.view(state, None)
    actions = ENGINE.legal_actions(state, "801")
    assert TEXTS.one_on_one(view, actions, names) == stored["one_on_one"]
    assert TEXTS.status(view, names) == stored["status"]


@pytest.mark.parametrize("stored", STORED, ids=lambda s: s["options"]["mode"])
def test_a_stored_draft_plays_on_to_its_end(stored: dict[str, Any]) -> None:
    """The stored state plays on with its player's legal actions, as the same record replayed
    from the start does, event for event."""
    state = ENGINE.load_state_json(stored["state"])
    record = MatchRecord.model_validate(stored["record"])
    rnd = random.Random(1)
    told: list[Event] = []
    while not ENGINE.is_finished(state):
        action = rnd.choice(ENGINE.legal_actions(state, "801"))
        if action.type == "pick":
            pile = ENGINE.view(state, None).expected
            assert pile is not None, "the fixture's table draft is at round 3, its pile known"
            move = action.build({"cards": pile})
        else:
            picks = [s for s in action.walk() if isinstance(s, Pick)]
            move = action.build({pick.field: pick.choices[0].value for pick in picks})
        told += ENGINE.apply(state, "801", ENGINE.parse_move(move))
        record.moves.append(record.moves[0].model_validate({"by": "801", **move}))
    replayed = replay(ENGINE, record)
    assert replayed.rejected == []
    assert ENGINE.dump_state_json(replayed.match.state) == ENGINE.dump_state_json(state)
    assert [e.to_json() for e in replayed.events[-len(told) :]] == [e.to_json() for e in told]
