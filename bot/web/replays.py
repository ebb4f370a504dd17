"""What a match's replay page shows: the match stepped through from its record, each step the
channel's public view after one log entry it was told of (the deal first), with that entry's
public events in words and the board drawn from that view by the same render as the live
status (`GameTexts.status_board`, in a render worker).

A step is an entry that told the channel something: its public texts, or a public view or
status words (who the phase waits for) that differ from the step before. A move that changed
nothing anyone but its player may see (a sealed bid, a second one) makes no step of its own,
as it made no news in the channel: how many sealed moves were made is not told, and a sealed
thing appears at the step whose public events or view revealed it, never before. Only entries
the channel has been told of are replayed into steps (a running match's replay ends where the
channel is)."""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from bot import boards
from bot.games.registry import plugin_for
from bot.players import Names, name_table, names_of
from bot.service import MatchDamaged
from bot.storage import MatchRow
from bot.web.pages import MatchPages, Walked, public_texts
from bot.web.words import html, when
from games.core.drawing.board import Board
from games.core.drawing.words import join
from games.registry import engine_for

#: How many matches' replays are kept built (the ones read now).
KEPT = 32


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a replay: when, the status words, the public texts, and the public view
    the board is drawn from."""

    at: Markup
    status: Markup
    events: list[Markup]
    view: Any


@dataclass(frozen=True, slots=True)
class Replay:
    """A match's replay at one version (the match page's: it changes with each entry the
    channel is told of)."""

    version: str
    game: str
    title: str
    over: bool
    steps: list[Step]
    #: The names the boards are drawn with (`name_table`).
    names: dict[str, str]

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
    """The matches' replays, opened by the match page's token where the page opens."""

    def __init__(self, pages: MatchPages) -> None:
        self.pages = pages
        self._built: OrderedDict[int, Replay] = OrderedDict()

    async def replay(self, token: str) -> Replay | None:
        """The replay `token` opens; None where its match page does not open (an unknown
        token, a page turned off, a match not started or set aside) or the channel has been
        told nothing yet (the deal is told a moment after the start)."""
        found = await self.pages.opened(token)
        if found is None:
            return None
        row, seq, version = found
        built = self._built.get(row.id)
        if built is None or built.version != version:
            try:
                built = await self._build(row, seq, version)
            except MatchDamaged:
                return None
            self._built[row.id] = built
        self._built.move_to_end(row.id)
        while len(self._built) > KEPT:
            self._built.popitem(last=False)
        return built if built.steps else None

    async def _build(self, row: MatchRow, seq: int, version: str) -> Replay:
        texts = plugin_for(row.game).texts
        players = await self.pages.service.players(row.id)
        names = names_of(players)
        entries = await self.pages.storage.delivered_events(row.id, seq)
        steps: list[Step] = []
        shown: tuple[str, str] = ("", "")
        for walked in await self.pages.walk(row, entries, texts.wants_views):
            told = public_texts(texts, walked.events, names)
            status = _status(row, walked, names)
            now = (json.dumps(_json(walked.view), sort_keys=True), str(status))
            if steps and not told and now == shown:
                continue
            shown = now
            steps.append(Step(when(walked.at), status, told, walked.view))
        return Replay(
            version,
            row.game,
            engine_for(row.game).title,
            row.status != "running",
            steps,
            name_table(players),
        )

    async def board(self, replay: Replay, number: int) -> Board | None:
        """The board at step `number`, drawn from its public view (None: the game draws none
        then, or drawing it failed)."""
        texts = plugin_for(replay.game).texts
        return await boards.or_none(
            boards.status_board(texts, replay.steps[number].view, replay.names),
            f"a replay's board ({replay.game}, step {number})",
        )


def _json(view: Any) -> Any:
    """A public view as JSON (a typed one dumped), to tell one step's from the next."""
    dump = getattr(view, "model_dump", None)
    return view if dump is None else dump(mode="json")


def _status(row: MatchRow, walked: Walked, names: Names) -> Markup:
    """The status words at a step, as the live status said them then (`LiveStatus.moment`),
    without the clock: the phase and who it waited for, and the game's own status."""
    texts = plugin_for(row.game).texts
    title = engine_for(row.game).title
    own = texts.status(walked.view, names)
    if walked.turn is None:
        return html(f"🏁 **{title}** — the match is over.\n{own}")
    waiting = join([names(p) for p in walked.turn.must]) or "nobody"
    phase = texts.engine_text(walked.turn.phase.title, names)
    return html(f"**{title}** — {phase}\nWaiting for: {waiting}.\n{own}")


def step_version(replay: Replay, number: int) -> str:
    """The ETag of step `number`'s board: its replay's version and the step."""
    return hashlib.blake2b(f"{replay.version}/{number}".encode(), digest_size=12).hexdigest()
