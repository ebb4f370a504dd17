"""Time as input: one task sleeps until the earliest stored timer (RoboDanny's reminder
pattern). A deadline submits the host's `close_phase` like any other move; a reminder nudges
the players who have not submitted. Timers live in the database, so a restart simply resumes
waiting."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from bot.computer import Computer
from bot.errors import UserError
from bot.presenter import Presenter
from bot.service import MatchService
from bot.storage import Storage, TimerRow
from games.core.engine import HOST
from games.core.errors import RuleError

log = logging.getLogger(__name__)

MAX_SLEEP = 3600.0


class Dispatcher:
    def __init__(
        self,
        storage: Storage,
        service: MatchService,
        presenter: Presenter,
        computer: Computer,
        now: Callable[[], float],
    ) -> None:
        self.storage = storage
        self.service = service
        self.presenter = presenter
        self.computer = computer
        self.now = now
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
            timer = await self.storage.next_timer()
            if self._stale:
                continue
            wait = MAX_SLEEP if timer is None else min(timer.due - self.now(), MAX_SLEEP)
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
                await self.storage.delete_timer(timer.id)

    async def _fire(self, timer: TimerRow) -> None:
        row = await self.service.row(timer.match_id)
        await self.storage.delete_timer(timer.id)
        if row is None or row.status != "running":
            return
        if timer.kind == "deadline":
            try:
                outcome = await self.service.submit(row.id, HOST, {"type": "close_phase"})
            except (RuleError, UserError) as error:
                log.info("deadline of match %s did nothing: %s", row.id, error)
                await self.presenter.flush(row.id)
            else:
                await self.presenter.present(outcome)
            self.computer.wake(row.id)
            return
        await self.presenter.remind(row)
