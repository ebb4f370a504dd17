"""Board images are rendered in worker processes (`bot.render_worker`), so the event loop
keeps serving interactions while they draw (rendering holds the GIL: in a thread it stalls
the loop).

The event loop itself writes each job to a worker's stdin and reads the result from its
stdout (`loop.add_reader`): no other thread of the bot's process takes part, since one would
compete with the loop for the GIL (docs/performance.md). Workers, one per core but one, start
on first use, keep their fonts loaded and run at a lower priority than the bot
(`render_worker.WORKER_NICENESS`); further jobs wait for a free one. A worker that dies fails
its job with `WorkerDied` and a fresh one takes its place. The workers are the process's, not
one event loop's (tests run each on its own loop); they are stopped when the bot closes or
the process exits.

A board speaks the language in force where it is asked for (the server's, for a channel's;
the member's, for their 1-on-1 card): `render` sends its code with the job, and the worker
draws in it (`drawn_in`), so the render's words (`games.core.speech`) read that catalogue.

A job is a pure function of its pickle (its language included), so the process keeps the
replies of recent jobs (`_Replies`, a few MB): a job byte-identical to one already done (a
1-on-1 card shown again after a move that did not change that player's view, the same board
in a second message) is answered from there, and no worker draws it again.

Words alone (`PICTURES` off: the test suite's boards) are made in the bot's own process, as a
worker makes them (`render_worker.answer`: from the job's pickle, the reply pickled and kept):
no picture holds the loop, and the hop to a worker and back costs more than the words.

The web pages (`bot.web`) have a worker of their own (`for_pages`), lower in priority again:
a page is built there, so the images a player waits for never queue behind a page's.
"""

from __future__ import annotations

import asyncio
import atexit
import hashlib
import logging
import os
import pickle
import subprocess
import sys
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from bot.games.base import GameTexts
from bot.i18n import current, language, speaking
from bot.render_worker import HEADER, PAGE_NICENESS, WORKER_NICENESS, answer
from bot.season_board import standings_board
from games.core.drawing.board import Board, drawing

#: (function, arguments): what a worker is asked to call. The function is pickled by name, so
#: it must be defined at the top level of a module (the worker imports it).
Job = tuple[Callable[..., Any], tuple[Any, ...]]

T = TypeVar("T")

log = logging.getLogger(__name__)


class WorkerDied(RuntimeError):
    """A render worker exited before it replied."""


class _Worker:
    """One worker process, rendering one job at a time."""

    def __init__(self, niceness: int) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot.render_worker", str(niceness)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            bufsize=0,
        )
        assert self.process.stdin is not None and self.process.stdout is not None
        self.jobs = self.process.stdin
        self.results = self.process.stdout.fileno()
        os.set_blocking(self.results, False)

    async def ask(self, message: bytes) -> bytes:
        """The worker's reply to the pickled job `message`: the pickle of `(True, result)`
        or `(False, exception)`. WorkerDied if it exits first."""
        loop = asyncio.get_running_loop()
        reply = asyncio.StreamReader()
        loop.add_reader(self.results, self._pump, loop, reply)
        try:
            # A job is a few KB and the worker has read the previous one, so the pipe has
            # room and this write never waits for the worker.
            self.jobs.write(HEADER.pack(len(message)) + message)
            (size,) = HEADER.unpack(await reply.readexactly(HEADER.size))
            result = await reply.readexactly(size)
        except (asyncio.IncompleteReadError, BrokenPipeError):
            raise WorkerDied(f"render worker {self.process.pid} exited before replying") from None
        finally:
            loop.remove_reader(self.results)
        return result

    def _pump(self, loop: asyncio.AbstractEventLoop, reply: asyncio.StreamReader) -> None:
        chunk = os.read(self.results, 1 << 20)
        if chunk:
            reply.feed_data(chunk)
        else:
            loop.remove_reader(self.results)
            reply.feed_eof()

    def stop(self) -> None:
        """Kill the process, close its pipes and reap it."""
        with self.process:
            self.process.kill()


class _Replies:
    """The replies of the last jobs that succeeded, by a digest of the job's pickle, least
    recently used dropped first once their sizes add up to more than `limit` bytes."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self.replies: OrderedDict[bytes, bytes] = OrderedDict()

    @staticmethod
    def key(message: bytes) -> bytes:
        """The job's digest: 16 bytes of BLAKE2b, about 3 µs for a job of a few KB."""
        return hashlib.blake2b(message, digest_size=16).digest()

    def get(self, key: bytes) -> bytes | None:
        reply = self.replies.get(key)
        if reply is not None:
            self.replies.move_to_end(key)
        return reply

    def put(self, key: bytes, reply: bytes) -> None:
        if len(reply) > self.limit or key in self.replies:
            return
        self.replies[key] = reply
        self.size += len(reply)
        while self.size > self.limit:
            _, dropped = self.replies.popitem(last=False)
            self.size -= len(dropped)

    def clear(self) -> None:
        self.replies.clear()
        self.size = 0


class _Pool:
    def __init__(
        self, size: int, niceness: int = WORKER_NICENESS, *, remember: bool = True
    ) -> None:
        self.size = size
        self.niceness = niceness
        #: Whether the replies of its jobs are kept (`_REPLIES`); if not, each is done anew.
        self.remember = remember
        self.idle: list[_Worker] = []
        self.busy: set[_Worker] = set()
        # asyncio's primitives belong to one event loop, the workers to the process.
        self.free: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
            weakref.WeakKeyDictionary()
        )

    async def call(self, job: Job, *, here: bool = False) -> Any:
        """The result of `job`, from a worker, or (`here`) from this process, as a worker
        makes it: from its pickle, its reply pickled."""
        message = pickle.dumps(job, pickle.HIGHEST_PROTOCOL)
        key = _Replies.key(message) if self.remember else b""
        reply = _REPLIES.get(key) if self.remember else None
        if reply is None:
            reply = answer(message, "the bot's process") if here else await self.ask(message)
        ok, value = pickle.loads(reply)
        if not ok:
            raise value
        if self.remember:
            # Kept once it succeeded: an error is raised again by asking again.
            _REPLIES.put(key, reply)
        return value

    async def ask(self, message: bytes) -> bytes:
        """A free worker's reply to the pickled job `message`."""
        loop = asyncio.get_running_loop()
        async with self.free.setdefault(loop, asyncio.Semaphore(self.size)):
            worker = self._idle_worker() or _Worker(self.niceness)
            self.busy.add(worker)
            try:
                reply = await worker.ask(message)
            except BaseException:
                # Died, or the caller gave up (the reply, if any, would be read by the next job).
                worker.stop()
                raise
            finally:
                self.busy.discard(worker)
            self.idle.append(worker)
        return reply

    def _idle_worker(self) -> _Worker | None:
        """An idle worker still running, or None. One that died while idle (killed, or gone
        with the machine's memory) is reaped and dropped, not handed a job it would fail."""
        while self.idle:
            worker = self.idle.pop()
            if worker.process.poll() is None:
                return worker
            worker.stop()
        return None

    def shutdown(self) -> None:
        """Stop the idle workers; kill the busy ones, whose jobs then fail and stop them."""
        while self.idle:
            self.idle.pop().stop()
        for worker in self.busy:
            worker.process.kill()


#: The replies kept. 8 MB: a board or card is a PNG of 15-110 KB (a 1-on-1 card ~17 KB, a map
#: ~64 KB, the largest display ~110 KB), so this holds the last hundred to five hundred:
#: every live match's latest board and its players' latest cards on a busy server, for the
#: memory of a few images per match.
_REPLIES = _Replies(8 << 20)
_POOL = _Pool(max(1, (os.cpu_count() or 2) - 1))
#: The web pages' own worker (`bot.web`), started when a page is first read, below the bot's
#: workers: a page is built there, so that no image a player waits for (a move's 1-on-1
#: card) ever waits behind a page, however many are read. Its jobs are not kept: the pages
#: keep what they built (`bot.web.built`).
_PAGES = _Pool(1, PAGE_NICENESS, remember=False)
atexit.register(_POOL.shutdown)
atexit.register(_PAGES.shutdown)


#: Whether the workers draw the boards' pictures (their PNG), or the bot's process makes their
#: words alone, each board's PNG left empty (`games.core.drawing.drawing`). Drawn, always, by
#: the bot; the test suite's tests that read no picture set it off (tests/conftest.py):
#: drawing is most of a board's cost, and the words are made by the same code either way.
PICTURES = True


async def render(function: Callable[..., T], *args: Any) -> T:
    """`function(*args)`, called in a worker (in this process for words alone: `PICTURES`)
    in the language in force here: every image the bot renders goes through here.
    `function` must be defined at the top level of a module and be pure, its arguments and
    result picklable; an exception it raises is raised here, with a note of its traceback."""
    job = (drawn_in, (current().code, PICTURES, function, args))
    result: T = await _POOL.call(job, here=not PICTURES)
    return result


async def for_pages(function: Callable[..., T], *args: Any) -> T:
    """`function(*args)`, called in the web pages' worker (as `render` calls it in the bot's)
    in the language in force here: what a page is built with (`bot.web`)."""
    result: T = await _PAGES.call((drawn_in, (current().code, PICTURES, function, args)))
    return result


def drawn_in(code: str, pictures: bool, function: Callable[..., T], args: tuple[Any, ...]) -> T:
    """`function(*args)` with its words in the language `code`, its boards drawn or words
    alone (`pictures`, `PICTURES`), in a render worker."""
    with speaking(language(code)), drawing(pictures):
        return function(*args)


async def board(texts: GameTexts, event: dict[str, Any], names: dict[str, str]) -> Board | None:
    """The image for an event's message, or None (no worker is asked for an event without).
    The worker imports the game's texts module, not the rest of its plug-in."""
    if event["type"] not in texts.board_events:
        return None
    return await render(texts.board, event, names)


async def status_board(texts: GameTexts, view: Any, names: dict[str, str]) -> Board | None:
    """The image of a match's public status, from the public view its words were made from
    (`bot.status.LiveStatus.moment`), or None (the game draws none)."""
    return await render(texts.status_board, view, names)


async def card(texts: GameTexts, view: Any, names: dict[str, str]) -> Board | None:
    """A player's 1-on-1 card from their own view (the part of it the card draws), or None
    (no worker is asked for a game without cards)."""
    if not texts.draws_cards:
        return None
    return await render(texts.card, *texts.card_input(view, names))


async def standings(data: dict[str, Any]) -> Board:
    """A season's standings image, from its public standings (`bot.seasons.standings_data`)."""
    return await render(standings_board, data)


async def or_none(image: Awaitable[Board | None], what: str) -> Board | None:
    """The image, or None if rendering it failed (logged with its traceback): a message goes
    out without its image rather than not at all."""
    try:
        return await image
    except Exception:
        log.exception("could not render %s; the message goes without it", what)
        return None


def shutdown() -> None:
    """Stop the workers (the next render starts them again)."""
    _POOL.shutdown()
    _PAGES.shutdown()
