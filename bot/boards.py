"""Board images are rendered in worker processes, so the event loop keeps serving
interactions while they draw (rendering holds the GIL: in a thread it stalls the loop).
Each worker loads the fonts once and keeps them; the pool is shared by the process."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from typing import Any

from bot.ui import UIS
from bot.ui.season import standings_board
from games.core.drawing.board import Board

#: How much lower the workers' scheduling priority is than the bot's, so that a core busy
#: rendering still leaves the event loop its turn at once.
WORKER_NICENESS = 10


def _lower_priority() -> None:
    """Workers run only when the bot's own threads do not need the core: SCHED_IDLE where
    Linux offers it (a waking event loop preempts them at once), else a lower nice value."""
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):
        os.nice(WORKER_NICENESS)


@cache
def _pool() -> ProcessPoolExecutor:
    """One worker per core but one (at least one), started on first use."""
    workers = max(1, (os.cpu_count() or 2) - 1)
    return ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_lower_priority,
    )


def _board(game: str, event: dict[str, Any], names: dict[str, str]) -> Board | None:
    return UIS[game].board(event, names)


def _card(game: str, view: dict[str, Any], names: dict[str, str]) -> Board | None:
    return UIS[game].card(view, names)


async def board(game: str, event: dict[str, Any], names: dict[str, str]) -> Board | None:
    """The image for an event's message, or None (no process is asked for an event without)."""
    if event["type"] not in UIS[game].board_events:
        return None
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_pool(), _board, game, event, names)


async def card(game: str, view: dict[str, Any], names: dict[str, str]) -> Board | None:
    """A player's 1-on-1 card from their own view."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_pool(), _card, game, view, names)


async def standings(data: dict[str, Any]) -> Board:
    """A season's standings image, from its public standings (`bot.seasons.standings_data`)."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_pool(), standings_board, data)
