"""`python -m tests.web_screenshots [OUT_DIR]`: screenshots of the web pages of every game,
taken in headless Chromium (Debian's `chromium`, driven by Playwright), for docs/web.md.

Each game's match is the leak scan's (`tests/leaks/drivers`), played through SimCord by the
real bot; its pages are served as the bot serves them (`bot.web.server.application`). For
each game: its match page once the match has gone some way and its board shows
(`<game>.png`), and its replay at a step in the middle that draws a board
(`<game>-replay.png`); the Auction Auction match counts for a season, whose page is taken
once the match is over (`season.png`). The images are made small (at most 800 pixels wide,
256 colours) to sit in the repository. OUT_DIR is `docs/web/` by default. Not a test: a
person looks at the images.
"""

from __future__ import annotations

import asyncio
import io
import sys
import tempfile
from pathlib import Path
from typing import Any
from unittest import mock

import aiohttp
from aiohttp.test_utils import TestServer
from PIL import Image
from playwright.async_api import Browser, ViewportSize, async_playwright

from bot.app import create_bot
from bot.flows import lobby
from bot.web.pages import MatchPages
from bot.web.server import application
from tests.bot.conftest import QuickSettlingEnv
from tests.drivers.web import ARGS, CHROMIUM
from tests.leaks.drivers import DRIVERS
from tests.leaks.scan import Driver

OUT = Path("docs/web")
#: How many moves into its match a game's page is taken, at least (then once a board shows).
MOVES = 12
WIDTH = 800
VIEWPORT: ViewportSize = {"width": 960, "height": 1100}
SEASON_GAME = "auction-auction"


class Unscanned:
    """What a driver's `step` searches between interactions: nothing, here."""

    async def search(self) -> None:
        return None


def small(png: bytes) -> bytes:
    """A screenshot made small: at most `WIDTH` wide, in 256 colours."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    if image.width > WIDTH:
        image = image.resize(
            (WIDTH, round(image.height * WIDTH / image.width)), Image.Resampling.LANCZOS
        )
    out = io.BytesIO()
    image.quantize(256, method=Image.Quantize.MEDIANCUT).save(out, "PNG", optimize=True)
    return out.getvalue()


async def shot(browser: Browser, address: str, path: Path) -> None:
    page = await browser.new_page(viewport=VIEWPORT)
    try:
        answer = await page.goto(address)
        assert answer is not None and answer.status == 200, address
        await page.wait_for_function(
            "[...document.querySelectorAll('img')].every(i => i.complete && i.naturalWidth)"
        )
        path.write_bytes(small(await page.screenshot()))
        print(f"wrote {path}")
    finally:
        await page.close()


async def game_pages(name: str, browser: Browser, out: Path, folder: Path) -> None:
    """The pages of one game's match."""
    driver_class = DRIVERS[name]
    bot = create_bot(folder / f"{name}.db", computer_pause=0)
    env = QuickSettlingEnv(bot, settle_timeout=120.0, shard_count=1)
    await env.start()
    try:
        with env.time_context(), mock.patch.object(lobby, "new_seed", lambda: driver.seed):
            driver: Driver = driver_class(env)
            season = None
            if name == SEASON_GAME:
                t: Any = getattr(driver, "t")  # noqa: B009 (the Auction Auction driver's table)
                season = await bot.service.seasons.start(t.guild.id, "Spring", 3, t.host.id)
            await driver.start()
            pages = MatchPages(bot, bot.storage, bot.service, bot.presenter.status, "")
            await bot.storage.set_web(driver.match_id, "on", by_host=True)
            row = await bot.storage.match(driver.match_id)
            assert row is not None
            token = (await pages.link(row) or "").rsplit("/", 1)[1]
            server = TestServer(application(pages))
            await server.start_server()
            site = str(server.make_url("")).rstrip("/")
            try:
                await play(driver, browser, f"{site}/m/{token}", out / f"{name}.png")
                await replay(browser, f"{site}/m/{token}", out / f"{name}-replay.png")
                if season is not None:
                    link = await bot.storage.season_token(season.id)
                    await shot(browser, f"{site}/s/{link}", out / "season.png")
            finally:
                await server.close()
    finally:
        await env.shutdown()
        await bot.close()


async def status(address: str) -> int:
    async with aiohttp.ClientSession() as session, session.get(address) as answer:
        return answer.status


async def play(driver: Driver, browser: Browser, page: str, path: Path) -> None:
    """The match played to its end, its page taken on the way once its board shows."""
    moves = 0
    taken = False
    while await driver.step(Unscanned()):  # type: ignore[arg-type]
        moves += 1
        if not taken and moves >= MOVES and await status(f"{page}/board.png") == 200:
            await shot(browser, page, path)
            taken = True
    if not taken:
        await shot(browser, page, path)


async def replay(browser: Browser, page: str, path: Path) -> None:
    """The replay at a step in its middle that draws a board (or its last)."""
    async with aiohttp.ClientSession() as session, session.get(f"{page}/replay.json") as answer:
        steps = (await answer.json())["steps"]
    step = steps // 2
    while step < steps - 1 and await status(f"{page}/replay/board.png?step={step}") != 200:
        step += 1
    await shot(browser, f"{page}/replay?step={step}", path)


async def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    games = sorted({driver.game for driver in DRIVERS.values()})
    names = {driver.game: name for name, driver in sorted(DRIVERS.items(), reverse=True)}
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=ARGS, headless=True
        )
        try:
            with tempfile.TemporaryDirectory(prefix="dealer-shots-") as folder:
                for game in games:
                    await game_pages(names[game], browser, out, Path(folder))
        finally:
            await browser.close()


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT))
