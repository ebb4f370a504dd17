"""What a match's replay page shows: the match stepped through from its record, each step the
channel's public view after one log entry it was told of (the deal first), with that entry's
public events in words and the board drawn from that view by the same render as the live
status (`GameTexts.status_board`). Both are made in the pages' worker (`bot.web.build`).

A step is an entry that told the channel something: its public texts, or a public view or
status words (who the phase waits for) that differ from the step before. A move that changed
nothing anyone but its player may see (a sealed bid, a second one) makes no step of its own,
as it made no news in the channel: how many sealed moves were made is not told, and a sealed
thing appears at the step whose public events or view revealed it, never before. Only entries
the channel has been told of are replayed into steps (a running match's replay ends where the
channel is)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from bot import boards
from bot.games.base import GameTexts
from bot.games.registry import plugin_for
from bot.i18n import language, speaking
from bot.players import name_table
from bot.service import MatchDamaged
from bot.storage import MatchRow
from bot.web.build import Step, replay_steps
from bot.web.built import Built
from bot.web.pages import MatchPages
from games.core.drawing.board import Board
from games.registry import engine_for

#: How many matches' replays are kept built (the ones read now), and boards of their steps.
KEPT = 32
BOARDS = 256


@dataclass(frozen=True, slots=True)
class Replay:
    """A match's replay at one version (the match page's: it changes with each entry the
    channel is told of)."""

    #: The match's id.
    match: int
    version: str
    game: str
    title: str
    over: bool
    steps: list[Step]
    #: The names the boards are drawn with (`name_table`).
    names: dict[str, str]
    #: The code of the language it is written in (its server's).
    language: str
    #: The build in the pages' worker its steps come from (`bot.web.build.Steps`).
    made_by: str

    def facts(self, number: int) -> dict[str, Any]:
        """What the page's script is given for step `number` (its changing part apart)."""
        step = self.steps[number]
        return {
            "step": number,
            "steps": len(self.steps),
            "status": str(step.status),
            "events": [str(text) for text in step.events],
        }


class Replays:
    """The matches' replays, opened by the match page's token where the page opens; each
    built in the pages' worker once per version, and each step's board drawn there once for
    the worker's build of the steps (`Replay.made_by`): a step the next version keeps from the
    build it extends is the same step, drawn the same."""

    def __init__(self, pages: MatchPages) -> None:
        self.pages = pages
        self._built: Built[int, Replay] = Built(KEPT)
        self._boards: Built[tuple[int, int], Board | None] = Built(BOARDS)

    async def replay(self, token: str) -> Replay | None:
        """The replay `token` opens; None where its match page does not open (an unknown
        token, a page turned off, a match not started or set aside) or the channel has been
        told nothing yet (the deal is told a moment after the start)."""
        found = await self.pages.opened(token)
        if found is None:
            return None
        row, seq, version, code = found
        try:
            built = await self._built.get(
                row.id, version, lambda: self._build(row, seq, version, code)
            )
        except MatchDamaged:
            return None
        return built if built.steps else None

    async def _build(self, row: MatchRow, seq: int, version: str, code: str) -> Replay:
        """The replay of `row` at `version`, its steps worded in the language `code` (its
        server's, as its match page's)."""
        with speaking(language(code)):
            return await self._build_in_language(row, seq, version, code)

    async def _build_in_language(self, row: MatchRow, seq: int, version: str, code: str) -> Replay:
        players = await self.pages.service.players(row.id)
        entries = await self.pages.storage.delivered_events(row.id, seq)
        texts = plugin_for(row.game).texts
        record = await self.pages.record(row, entries)
        # The worker hands back only the steps this replay's last build did not have.
        held = self._built.latest(row.id)
        had = ("", 0) if held is None else (held.made_by, len(held.steps))
        made = await self.pages.in_worker(
            row, replay_steps, record, texts, name_table(players), entries, *had
        )
        steps = made.after([] if held is None else held.steps)
        return Replay(
            row.id,
            version,
            row.game,
            engine_for(row.game).title,
            row.status != "running",
            steps,
            name_table(players),
            code,
            made.made_by,
        )

    async def board(self, replay: Replay, number: int) -> Board | None:
        """The board at step `number`, drawn from its public view in the pages' worker (None:
        the game draws none then, or drawing it failed)."""
        texts = plugin_for(replay.game).texts
        with speaking(language(replay.language)):
            return await self._board(replay, number, texts)

    async def _board(self, replay: Replay, number: int, texts: GameTexts) -> Board | None:
        # Kept once drawn, not when drawing failed: it is tried again at the next asking.
        return await boards.or_none(
            self._boards.get(
                (replay.match, number),
                replay.made_by,
                lambda: boards.for_pages(
                    texts.status_board, replay.steps[number].view, replay.names
                ),
            ),
            f"a replay's board ({replay.game}, step {number})",
        )


def step_version(replay: Replay, number: int) -> str:
    """The ETag of step `number`'s board: its replay's version and the step."""
    return hashlib.blake2b(f"{replay.version}/{number}".encode(), digest_size=12).hexdigest()
