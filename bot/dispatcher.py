"""Time as input: one task sleeps until the earliest stored timer (RoboDanny's reminder
pattern; on a shared database, `LOOK_AGAIN` seconds at most). A deadline submits the host's
`close_phase` like any other move; a reminder nudges the players who have not submitted.
Timers live in the database, so a restart simply resumes waiting."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from bot.computer import Computer
from bot.errors import UserError
from bot.presenter import Presenter
from bot.service import MatchService
from bot.storage import MatchMoved, Storage, TimerGone, TimerRow
from bot.storage.backend import Busy
from games.core.engine import HOST
from games.core.errors import RuleError

log = logging.getLogger(__name__)

MAX_SLEEP = 3600.0
#: On a shared database (several processes), how often at least the dispatcher reads the
#: timers again (seconds): another process may have set a timer earlier than this one's
#: next and died before firing it (or while firing it: its claim goes with its
#: connection), so such a timer fires here at most this long after it is due.
LOOK_AGAIN = 30.0
#: How long to wait before looking again at a deadline another process is firing now.
CLAIMED_WAIT = 1.0
#: How long a reminder taken by a process is kept from the others (seconds): if that process
#: dies before its DMs are sent, the reminder comes due again then.
LEASE = 120.0


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
        self.max_sleep = LOOK_AGAIN if storage.shared else MAX_SLEEP
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
            wait = self.max_sleep if timer is None else min(timer.due - self.now(), self.max_sleep)
            if wait > 0:
                self._sleeping = True
                try:
                    await asyncio.sleep(wait)
                finally:
                    self._sleeping = False
                continue
            assert timer is not None
            try:
                try:
                    await self._fire(timer)
                except Busy:
                    raise
                except Exception:
                    log.exception("timer %s of match %s failed", timer.id, timer.match_id)
                    await self.service.delete_timer(timer)
            except Busy:
                # Another process held the match past the lock timeout: nothing was written,
                # and the timer stays, to fire again.
                log.warning("timer %s of match %s: its match is held", timer.id, timer.match_id)
                await asyncio.sleep(CLAIMED_WAIT)

    async def _fire(self, timer: TimerRow) -> None:
        """Act on a due timer, once across every process on the database: a deadline by the
        close_phase move that claims and deletes it in its own transaction (`TimerGone`:
        another process fired it); a reminder once leased (`Storage.lease_timer`), deleted
        after its DMs. A process that dies mid-way leaves the timer to fire again."""
        row = await self.service.row(timer.match_id)
        if row is None or row.status != "running":
            await self.service.delete_timer(timer)
            return
        if timer.kind == "deadline":
            try:
                outcome = await self.service.submit(
                    row.id, HOST, {"type": "close_phase"}, timer=timer.id
                )
            except (TimerGone, MatchMoved):
                # Fired already, or being fired by another process: once it commits, the
                # timer is gone and the next one comes first. Or other processes' moves kept
                # coming first: the timer stays, to fire again.
                await asyncio.sleep(CLAIMED_WAIT)
                return
            except (RuleError, UserError) as error:
                log.info("deadline of match %s did nothing: %s", row.id, error)
                await self.service.delete_timer(timer)
                await self.presenter.flush(row.id)
                # The phase now waits for the host: the message no longer says when it closes.
                self.presenter.status.refresh(row.id)
            else:
                await self.presenter.present(outcome)
            self.computer.wake(row.id)
            return
        if await self.storage.lease_timer(timer, self.now() + LEASE):
            await self.presenter.remind(row)
            await self.service.delete_timer(timer)
