"""What the pages built, kept per match at one version, with one build per version however
many ask for it at once: the 200 pollers of a match that just moved cost one build, not 200
(each of which rendered the board again, queued with the bot's own images)."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Built(Generic[K, V]):
    """The value last built for each key (a match, a replay's step) and its version, the
    `kept` most recently asked for kept (none: only the builds under way are shared); and
    the builds under way, by (key, version)."""

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self._done: OrderedDict[K, tuple[str, V]] = OrderedDict()
        self._building: dict[tuple[K, str], asyncio.Task[V]] = {}

    async def get(self, key: K, version: str, build: Callable[[], Awaitable[V]]) -> V:
        """The value of `key` at `version`: kept, or being built (waited for), or built now
        by `build`. A caller that gives up (a poller gone) does not stop the build the others
        wait for; an error of the build is raised to every one of them, and the next caller
        builds again."""
        done = self._done.get(key)
        if done is not None and done[0] == version:
            self._done.move_to_end(key)
            return done[1]
        task = self._building.get((key, version))
        if task is None:
            task = asyncio.ensure_future(self._build(key, version, build))
            # Retrieved here, so that an error nobody waits for any more is not logged as
            # never retrieved: each waiter gets it from `shield`.
            task.add_done_callback(lambda t: t.cancelled() or t.exception())
            self._building[(key, version)] = task
        return await asyncio.shield(task)

    def latest(self, key: K) -> V | None:
        """The value last built for `key` and still kept, whatever its version: what a build
        of the next version may start from."""
        done = self._done.get(key)
        return None if done is None else done[1]

    async def _build(self, key: K, version: str, build: Callable[[], Awaitable[V]]) -> V:
        try:
            value = await build()
        finally:
            del self._building[(key, version)]
        self._done[key] = (version, value)
        self._done.move_to_end(key)
        while len(self._done) > self.kept:
            self._done.popitem(last=False)
        return value
