"""Matches stored by the Dealer before the Mars Auction's typed seam (bca5cd2) load and play
on: their state snapshots load, the events their logs hold read back and say what they said
then, and so do each player's 1-on-1 and the status of the state stored. The fixture
(`stored_before_typed_seam.json`) was written by that version: for three matches stopped part
way (a limited setup of three players at its companies' keep step; an unlimited setup of four
in its preludes' lots, a bid standing; a limited match of five in generation 1's research
bidding, its budgets stated), the record, the state's stored text, each move's events as the
log stored them, and the texts of each event, of every 1-on-1 and of the status."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from bot.games.mars_auction.texts import MarsAuctionTexts
from games.core.contract import random_answers
from games.core.engine import HOST
from games.core.events import Event
from games.core.match import MatchRecord, replay
from games.mars_auction import ENGINE
from games.mars_auction.model import ClosePhase, End, Research
from games.mars_auction.views import PublicView

STORED = json.loads(
    (Path(__file__).parent / "stored_before_typed_seam.json").read_text(encoding="utf-8")
)
TEXTS = MarsAuctionTexts()


def joined(text: str | None) -> str | None:
    """`text` with a display's kind that goes on over several lines ("Projects: 1 …, 20 ….",
    then "Projects: 21 …") joined into one line, as it was written before a dealt display listed
    its cards twenty a line (so that a 5-player setup's message is not cut); every other
    character as it is (None, an event said in no words, as it is)."""
    if text is None:
        return None
    lines: list[str] = []
    for line in text.split("\n"):
        label, _, rest = line.partition(": ")
        if lines and rest and lines[-1].startswith(f"{label}: ") and lines[-1].endswith("."):
            lines[-1] = f"{lines[-1][:-1]}, {rest}"
        else:
            lines.append(line)
    return "\n".join(lines)


def names(player: str) -> str:
    return {"801": "ann", "802": "ben", "803": "cy", "804": "di", "805": "ed"}.get(player, player)


@pytest.mark.parametrize("stored", STORED, ids=lambda s: f"seed-{s['seed']}")
def test_a_stored_match_reads_and_says_what_it_said(stored: dict[str, Any]) -> None:
    said = [[joined(TEXTS.describe(event, names)) for event in move] for move in stored["events"]]
    assert said == stored["texts"]
    state = ENGINE.load_state_json(stored["state"])
    for player in stored["record"]["players"]:
        summary = ENGINE.summary(state, player)
        assert isinstance(summary, PublicView)
        actions = ENGINE.legal_actions(state, player)
        assert TEXTS.one_on_one(summary, actions, names) == stored["one_on_one"][player]
    assert TEXTS.status(ENGINE.view(state, None), names) == stored["status"]


@pytest.mark.parametrize("stored", STORED, ids=lambda s: f"seed-{s['seed']}")
def test_a_stored_match_plays_on_to_its_end(stored: dict[str, Any]) -> None:
    """The stored state plays on with its players' legal actions to the end (a research
    auction, then the host ends it), as the same record replayed from the start does, event
    for event."""
    state = ENGINE.load_state_json(stored["state"])
    record = MatchRecord.model_validate(stored["record"])
    players = record.players
    rnd = random.Random(1)
    told: list[Event] = []
    while not ENGINE.is_finished(state):
        if state.step == "waiting":
            move: dict[str, Any] = (
                Research().model_dump(exclude_none=True)
                if state.generation < 2
                else End().model_dump()
            )
            player = HOST
        else:
            player = rnd.choice(players)
            actions = ENGINE.legal_actions(state, player)
            if not actions or rnd.random() < 0.05:
                player, move = HOST, ClosePhase().model_dump()
            else:
                action = rnd.choice(actions)
                move = action.build(
                    random_answers(
                        action,
                        rnd,
                        lambda step: rnd.randint(step.min, min(step.max, step.min + 30)),
                    )
                )
        told += ENGINE.apply(state, player, ENGINE.parse_move(move))
        record.moves.append(record.moves[0].model_validate({"by": player, **move}))
    replayed = replay(ENGINE, record)
    assert replayed.rejected == []
    assert ENGINE.dump_state_json(replayed.match.state) == ENGINE.dump_state_json(state)
    assert [e.to_json() for e in replayed.events[-len(told) :]] == [e.to_json() for e in told]
