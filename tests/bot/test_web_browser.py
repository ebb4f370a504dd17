"""The match's web page in a real headless Chromium (Debian's `chromium`, driven by
Playwright): it loads, its board image decodes, and its poll shows a new move without a
reload; the replay steps forward and back with the arrow keys and its slider, its board
decoded at each step; the season's page loads. Skipped without /usr/bin/chromium, unless
DEALER_BROWSER_TESTS=required (CI)."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
from aiohttp.test_utils import TestServer

from bot.app import DealerBot
from bot.web.server import application
from tests.bot.conftest import Table, make_bot
from tests.drivers.seasons import Series
from tests.drivers.web import CHROMIUM, WEB, BrowserThread, season_token, started

#: Chromium headless, without a sandbox (CI runs as root) and without its own calls home.
#: How often the page polls here, in milliseconds: often, so the test is short.
POLL_MS = 100
#: How long the browser may take to show a change (a bound on a loaded machine, not a timing).
PATIENCE_MS = 60_000

#: A real browser decodes the boards: they are drawn.
pytestmark = [pytest.mark.browser, pytest.mark.pictures]


@pytest.fixture
def simcord_bot(db_path: Path | str) -> DealerBot:
    return make_bot(db_path, web=WEB)


@pytest.fixture(scope="session")
def browser_thread() -> Iterator[BrowserThread]:
    """One Chromium for the tests of this process (`BrowserThread`)."""
    if not CHROMIUM.exists():
        if os.environ.get("DEALER_BROWSER_TESTS") == "required":
            pytest.fail(f"no Chromium at {CHROMIUM}, and DEALER_BROWSER_TESTS=required")
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    thread = BrowserThread()
    yield thread
    thread.stop()


@pytest.fixture
async def browser(browser_thread: BrowserThread) -> AsyncIterator[Any]:
    """The browser (a `Remote`), and no page of this test left open after it."""
    yield await browser_thread.launched()
    await browser_thread.close_pages()


@pytest.fixture
async def site(simcord_env: Any) -> AsyncIterator[str]:
    """The pages' address on a port of the system's choosing."""
    server = TestServer(application(simcord_env.bot.web_server.pages, POLL_MS))
    await server.start_server()
    try:
        yield str(server.make_url("")).rstrip("/")
    finally:
        await server.close()


async def opened(browser: Any, address: str) -> Any:
    page = await browser.new_page(viewport={"width": 1000, "height": 900})
    answer = await page.goto(address)
    assert answer is not None and answer.status == 200
    return page


async def test_the_page_loads_and_its_board_decodes(
    simcord_env: Any, site: str, browser: Any, tmp_path: Path
) -> None:
    t = Table(simcord_env, 4)
    token = await started(t)
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=11)
    await t.close_phase()
    page = await opened(browser, f"{site}/m/{token}")
    assert await page.title() == "Auction Auction — Dealer"
    await page.wait_for_function(
        "document.querySelector('#board img').complete", timeout=PATIENCE_MS
    )
    width = await page.eval_on_selector("#board img", "img => img.naturalWidth")
    assert width > 100
    alt = await page.get_attribute("#board img", "alt")
    assert alt and "Genre Shop" in alt
    await page.screenshot(path=tmp_path / "auction-auction.png", full_page=True)
    assert (tmp_path / "auction-auction.png").read_bytes().startswith(b"\x89PNG")


async def test_the_poll_shows_a_new_move_without_a_reload(
    simcord_env: Any, site: str, browser: Any
) -> None:
    t = Table(simcord_env, 4)
    token = await started(t)
    page = await opened(browser, f"{site}/m/{token}")
    await page.evaluate("window.loadedOnce = true")
    assert "$37" not in await page.inner_text("#events")
    assert await page.query_selector("#board img") is None
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=37)
    await t.close_phase()
    await page.wait_for_function(
        "document.getElementById('events').innerText.includes('$37')", timeout=PATIENCE_MS
    )
    assert await page.evaluate("window.loadedOnce") is True, "the page was not reloaded"
    status = await page.inner_text("#status")
    assert "Auction phase" in status
    await page.wait_for_function(
        "document.querySelector('#board img')?.naturalWidth > 0", timeout=PATIENCE_MS
    )


async def shown_step(page: Any) -> int:
    """The step the replay shows once its fetch is in place, and its board decoded."""
    await page.wait_for_function(
        "document.getElementById('step').dataset.shown === document.getElementById('slider').value"
        " && [...document.querySelectorAll('#board img')].every(i => i.complete)",
        timeout=PATIENCE_MS,
    )
    board = await page.query_selector("#board img")
    if board is not None:
        assert await board.evaluate("img => img.naturalWidth") > 100, "the board decodes"
    return int(await page.eval_on_selector("#slider", "s => s.value"))


async def test_the_replay_steps_with_the_arrows_and_the_slider(
    simcord_env: Any, site: str, browser: Any
) -> None:
    t = Table(simcord_env, 4)
    token = await started(t)
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=37)
    await t.close_phase()
    await t.close_phase()
    page = await opened(browser, f"{site}/m/{token}")
    await page.click("#replay")
    await page.wait_for_url(f"{site}/m/{token}/replay")
    await page.evaluate("window.loadedOnce = true")
    last = int(await page.eval_on_selector("#slider", "s => s.max"))
    assert last >= 3
    boards = 0
    told = []
    for expected in range(1, last + 1):
        await page.keyboard.press("ArrowRight")
        assert await shown_step(page) == expected
        assert page.url.endswith(f"?step={expected}")
        boards += await page.query_selector("#board img") is not None
        told.append(await page.inner_text("#step"))
    assert boards, "the Auction phases' steps show their board"
    assert any("$37" in text for text in told), "the revealed bid is told at its step"
    await page.keyboard.press("ArrowRight")
    assert await shown_step(page) == last, "the last step is the last"
    await page.keyboard.press("ArrowLeft")
    assert await shown_step(page) == last - 1
    await page.eval_on_selector(
        "#slider", "s => { s.value = '1'; s.dispatchEvent(new Event('input')); }"
    )
    assert await shown_step(page) == 1 and page.url.endswith("?step=1")
    await page.focus("#slider")
    await page.keyboard.press("ArrowRight")
    assert await shown_step(page) == 2, "the slider steps with the arrows too"
    assert await page.evaluate("window.loadedOnce") is True, "no step reloaded the page"
    await page.goto(f"{site}/m/{token}/replay?step=0")
    assert await shown_step(page) == 0
    assert "$37" not in await page.inner_text("#step"), "the sealed bid is not shown before"


async def test_the_season_page_loads(simcord_env: Any, site: str, browser: Any) -> None:
    t = Series(simcord_env, 4)
    await t.boss.slash(t.channel, "season start", name="Spring", starting_garnets=3)
    await t.boss.slash(t.channel, "season enrol", member=t.players[0])
    token = await season_token(t)
    page = await opened(browser, f"{site}/s/{token}")
    assert await page.title() == "Season Spring — Dealer"
    await page.wait_for_function(
        "document.querySelector('#board img').complete", timeout=PATIENCE_MS
    )
    assert await page.eval_on_selector("#board img", "img => img.naturalWidth") > 100
    assert "player0" in await page.inner_text("#standings")


async def test_a_czech_servers_pages_read_czech(simcord_env: Any, site: str, browser: Any) -> None:
    """Once a server chooses Czech (`/config language`), its match's page, its poll's words
    and its replay are Czech, `<html lang="cs">`; the page is built anew in it."""
    t = Table(simcord_env, 4)
    token = await started(t)
    english = await opened(browser, f"{site}/m/{token}")
    assert await english.get_attribute("html", "lang") == "en"
    assert await english.inner_text("h2") == "What happened, newest first"
    role = t.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = t.guild.add_member(simcord_env.create_user("admin"), roles=[role])
    await admin.slash(t.channel, "config language", language="cs")

    page = await opened(browser, f"{site}/m/{token}")
    assert await page.get_attribute("html", "lang") == "cs"
    assert await page.inner_text("#replay") == "Přehrát zápas tah po tahu"
    assert await page.inner_text("h2") == "Co se stalo, od nejnovějšího"
    status = await page.inner_text("#status")
    assert status.startswith("Auction Auction — Vstupní fáze, kolo 1 z 3"), status
    assert "Čeká se na: player0, player1, player2 a\xa0player3." in status
    footer = await page.inner_text("footer")
    assert footer == (
        "Co vidí všichni v kanálu zápasu, průběžně aktualizované, jak se zápas hraje. Dealer, "
        "bot, který pořádá hry."
    )
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=37)
    await t.close_phase()
    await page.wait_for_function(
        "document.getElementById('status').innerText.includes('Aukční fáze')",
        timeout=PATIENCE_MS,
    )

    await page.click("#replay")
    await page.wait_for_url(f"{site}/m/{token}/replay")
    assert await page.get_attribute("html", "lang") == "cs"
    assert await page.inner_text("h1") == "Auction Auction: záznam"
    assert await page.title() == "Auction Auction, krok 0 — Dealer"
    last = int(await page.eval_on_selector("#slider", "s => s.max"))
    assert await page.inner_text("label[for=slider]") == f"Krok 0 z {last}"
    await page.keyboard.press("ArrowRight")
    await page.wait_for_function(
        "document.getElementById('step').dataset.shown === '1'", timeout=PATIENCE_MS
    )
    assert await page.inner_text("#previous") == "← Krok 0"
    assert (await page.inner_text("#step .hint")).startswith("Krok 1, oznámený ")
