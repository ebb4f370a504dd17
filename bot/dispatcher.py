"""Time as input: one task sleeps until the earliest stored timer (RoboDanny's reminder
pattern). A deadline submits the host's `close_phase` like any other move; a reminder nudges
the players who have not submitted. Timers live in the database, so a restart simply resumes
waiting."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

from bot.errors import UserError
from bot.storage import TimerRow
from games.core.engine import HOST
from games.core.errors import RuleError

if TYPE_CHECKING:
    from bot.app import DealerBot

log = logging.getLogger(__name__)

MAX_SLEEP = 3600.0


class Dispatcher:
    def __init__(self, bot: DealerBot) -> None:
        self.bot = bot
        self._task: asyncio.Task[None] | None = None
        self._sleeping = False
        self._stale = False

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="dealer-dispatcher")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def poke(self) -> None:
        """The timers changed: wake up and look again at which comes first (a sleeping
        dispatcher is restarted; a busy one looks again before it next sleeps)."""
        self._stale = True
        if self._task is not None and self._sleeping:
            self._task.cancel()
            self.start()

    async def _run(self) -> None:
        while True:
            self._stale = False
            timer = await self.bot.storage.next_timer()
            if self._stale:
                continue
            wait = MAX_SLEEP if timer is None else min(timer.due - self.bot.now(), MAX_SLEEP)
            if wait > 0:
                self._sleeping = True
                try:
                    await asyncio.sleep(wait)
                finally:
                    self._sleeping = False
                continue
            assert timer is not None
            try:
                await self._fire(timer)
            except Exception:
                log.exception("timer %s of match %s failed", timer.id, timer.match_id)
                await self.bot.storage.delete_timer(timer.id)

    async def _fire(self, timer: TimerRow) -> None:
        row = await self.bot.service.row(timer.match_id)
        await self.bot.storage.delete_timer(timer.id)
        if row is None or row.status != "running":
            return
        if timer.kind == "deadline":
            try:
                outcome = await self.bot.service.submit(row.id, HOST, {"type": "close_phase"})
            except (RuleError, UserError) as error:
                log.info("deadline of match %s did nothing: %s", row.id, error)
                await self.bot.presenter.flush(row.id)
            else:
                await self.bot.presenter.present(outcome)
            await self.bot.computer.act(row.id)
            return
        await self.bot.presenter.remind(row)
