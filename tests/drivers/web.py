"""The web pages in SimCord tests: the bot serving them, a match's and a season's page
tokens as the channel links them, and the headless browser that loads them."""

from __future__ import annotations

import asyncio
import inspect
import re
import threading
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, Playwright, async_playwright

from bot.web.server import WebConfig
from tests.bot.conftest import Table
from tests.drivers.seasons import Series

WEB = WebConfig("127.0.0.1", 0, "https://dealer.test")


LINK = re.compile(r"https://dealer\.test/m/([\w-]+)")


def token_in(channel: Any) -> str | None:
    """The page's token, as the channel's live status message links to it."""
    for message in channel.history():
        found = LINK.search(message.content)
        if found:
            return found[1]
    return None


async def started(t: Table) -> str:
    await t.start(phase_minutes=60)
    token = token_in(t.channel)
    assert token is not None, "the live status message links to the page"
    return token


CHROMIUM = Path("/usr/bin/chromium")


ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


SEASON_LINK = re.compile(r"https://dealer\.test/s/([\w-]+)")


async def season_token(t: Series) -> str:
    standings = await t.players[1].slash(t.channel, "season standings")
    found = SEASON_LINK.search(standings.response.content)
    assert found is not None, standings.response.content
    return found[1]


class Remote:
    """A Playwright object (a browser, a page, its keyboard) that lives on `BrowserThread`'s
    loop, used from a test's: each of its coroutine methods runs there and is awaited here, and
    what it gives back that is Playwright's comes back as a `Remote` too. Plain values (a page's
    `url`, a response's `status`) are read as they are. Its other methods (a locator, an event
    handler) would touch the browser's loop from the test's thread: asking for one fails."""

    def __init__(self, target: Any, thread: BrowserThread) -> None:
        self._target = target
        self._thread = thread

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._target, name)
        if inspect.iscoroutinefunction(value):

            async def remotely(*args: Any, **kwargs: Any) -> Any:
                return self._thread.wrap(await self._thread.run(value(*args, **kwargs)))

            return remotely
        if callable(value):
            raise TypeError(f"{name} is no coroutine method: it cannot run from a test's loop")
        return self._thread.wrap(value)


class BrowserThread:
    """One headless Chromium for a test process, driven by Playwright on an event loop of its
    own thread. Playwright binds its driver and browser to the loop that started them, and each
    test runs on a loop of its own: without this, each test started Playwright's driver and
    Chromium again (about 2 s of the machine's clock, most of it CPU, a test)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self._thread.start()
        self.playwright: Playwright | None = None
        self.browser: Browser | None = None

    def wrap(self, value: Any) -> Any:
        return Remote(value, self) if type(value).__module__.startswith("playwright.") else value

    def run(self, work: Coroutine[Any, Any, Any]) -> asyncio.Future[Any]:
        """`work` run on this thread's loop, as a future of the caller's loop."""
        return asyncio.wrap_future(asyncio.run_coroutine_threadsafe(work, self.loop))

    async def launched(self) -> Remote:
        """The browser, launched the first time it is asked for."""
        if self.browser is None:
            self.playwright = await self.run(async_playwright().start())
            self.browser = await self.run(
                self.playwright.chromium.launch(
                    executable_path=str(CHROMIUM), args=ARGS, headless=True
                )
            )
        return Remote(self.browser, self)

    async def close_pages(self) -> None:
        """Close every page opened since (each in a context of its own), as a test ends."""
        if self.browser is not None:
            for context in self.browser.contexts:
                await self.run(context.close())

    def stop(self) -> None:
        """Close the browser and the driver, then the loop and its thread."""

        async def closed() -> None:
            if self.browser is not None:
                await self.browser.close()
            if self.playwright is not None:
                await self.playwright.stop()

        asyncio.run_coroutine_threadsafe(closed(), self.loop).result()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join()
        self.loop.close()
