"""How the pages are built (bot/web/build.py, bot/web/built.py): in the pages' own worker
process, never on the bot's event loop; once per version of a match however many pollers
ask at once; and never in the way of a move, whose answer does not wait for a page being
built. The bot driven through SimCord, the pages read through aiohttp's test client."""

from __future__ import annotations

import asyncio
import contextvars
import threading
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from bot import boards
from bot.games.registry import plugin_for
from bot.web import server
from bot.web.pages import MatchPages
from bot.web.replays import Replays
from games.registry import engine_for
from tests.bot import test_web
from tests.bot.conftest import Table
from tests.drivers.common import damage, notes
from tests.drivers.web import started

#: The bot serving pages, and the test client reading them: test_web's fixtures.
simcord_bot = test_web.simcord_bot
web = test_web.web

GAME = "auction-auction"


@pytest.fixture
def in_worker(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The functions called in the pages' worker (`boards.for_pages`), in order."""
    called: list[str] = []
    for_pages = boards.for_pages

    async def recorded(function: Callable[..., Any], *args: Any) -> Any:
        called.append(function.__name__)
        return await for_pages(function, *args)

    monkeypatch.setattr(boards, "for_pages", recorded)
    return called


@pytest.fixture
def on_the_loop(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """What of a page's making ran in this process's event loop thread while `watching` is
    set: a move applied to a match replayed, an event worded for the page."""
    ran: list[str] = []
    loop_thread = threading.get_ident()
    engine, texts = type(engine_for(GAME)), type(plugin_for(GAME).texts)
    apply, describe = engine.apply, texts.describe

    def applying(self: Any, *args: Any) -> Any:
        if WATCHING.get() and threading.get_ident() == loop_thread:
            ran.append("apply")
        return apply(self, *args)

    def describing(self: Any, *args: Any) -> Any:
        if WATCHING.get() and threading.get_ident() == loop_thread:
            ran.append("describe")
        return describe(self, *args)

    monkeypatch.setattr(engine, "apply", applying)
    monkeypatch.setattr(texts, "describe", describing)
    yield ran


#: Set while the test reads a page (the server's handlers run in tasks copied from the
#: test's context only when called directly, so the pages are asked for directly here).
WATCHING = contextvars.ContextVar("watching", default=False)


async def test_a_page_after_a_move_is_built_in_the_pages_worker_not_on_the_loop(
    simcord_env: Any, on_the_loop: list[str], in_worker: list[str]
) -> None:
    t = Table(simcord_env, 4)
    token = await started(t)
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=37)
    await t.close_phase()
    pages: MatchPages = t.bot.web_server.pages  # type: ignore[union-attr]

    async def read() -> tuple[Any, Any]:
        WATCHING.set(True)
        return await pages.page(token), await Replays(pages).replay(token)

    page, replay = await asyncio.create_task(read())
    assert page is not None and replay is not None
    assert any("$37" in told.text for told in page.events), "the page shows the revealed bid"
    assert any("$37" in text for step in replay.steps for text in step.events)
    assert on_the_loop == [], "the record was replayed or worded on the event loop"
    assert [name for name in in_worker if name != "status_board"] == [
        "match_page",
        "replay_steps",
    ], "each built once, in the pages' worker"


async def test_pollers_of_a_match_that_moved_cost_one_build(
    simcord_env: Any, web: TestClient[Any, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    t = Table(simcord_env, 4)
    token = await started(t)
    before = (await web.get(f"/m/{token}/now")).headers["ETag"]
    builds: list[str] = []
    build = MatchPages._build

    async def counted(self: MatchPages, *args: Any) -> Any:
        builds.append("page")
        return await build(self, *args)

    monkeypatch.setattr(MatchPages, "_build", counted)
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=11)
    await t.close_phase()
    polled = await asyncio.gather(
        *(web.get(f"/m/{token}/now", headers={"If-None-Match": before}) for _ in range(20))
    )
    assert [answer.status for answer in polled] == [200] * 20
    assert len({answer.headers["ETag"] for answer in polled}) == 1
    assert len({await answer.read() for answer in polled}) == 1
    assert builds == ["page"], "one build for the twenty pollers of the new version"
    again = await web.get(f"/m/{token}/now", headers={"If-None-Match": before})
    assert again.status == 200 and builds == ["page"], "kept for the next poller"


#: Set in the task that reads a page whose build is held (`held_pages`).
HELD = contextvars.ContextVar("held", default=False)


async def test_a_replay_step_s_board_is_drawn_once_for_the_build_of_its_steps(
    simcord_env: Any, web: TestClient[Any, Any], in_worker: list[str]
) -> None:
    """A step the replay's next version keeps from the build it extends (`Replay.made_by`)
    is the same step: its board is not drawn again at each version. A step of another build
    (the record taken back, another language, a worker started anew) is drawn anew, and a
    board whose drawing failed is not kept."""
    t = Table(simcord_env, 4)
    token = await started(t)
    replays: Replays = web.app[server.REPLAYS]
    await web.get(f"/m/{token}/replay/board.png?step=0")
    first = await replays.replay(token)
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=11)
    await web.get(f"/m/{token}/replay/board.png?step=0")
    then = await replays.replay(token)
    assert first is not None and then is not None
    assert then.version != first.version and then.made_by == first.made_by
    assert in_worker.count("replay_steps") == 2 and in_worker.count("status_board") == 1
    await replays.board(replace(then, made_by="another build"), 0)
    assert in_worker.count("status_board") == 2

    async def failing(*args: Any) -> Any:
        raise boards.WorkerDied("the pages' worker died")

    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(boards, "for_pages", failing)
        assert await replays.board(then, 1) is None
    await replays.board(then, 1)
    assert in_worker.count("status_board") == 3, "a board that failed is drawn at the next asking"


async def test_a_move_is_answered_while_a_page_is_being_built(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page whose build is held part way (its worker's reply withheld until the test lets
    it go) does not hold up a player's `/bid`, whose answer shows their card: the images a
    move waits for never queue behind a page's (the bot's render worker is one here, as on
    a two-core host)."""
    t = Table(simcord_env, 4)
    token = await started(t)
    monkeypatch.setattr(boards._POOL, "size", 1)
    entered, release = asyncio.Event(), asyncio.Event()
    ask = boards._Worker.ask

    async def held(self: boards._Worker, message: bytes) -> bytes:
        if HELD.get():
            entered.set()
            await release.wait()
        return await ask(self, message)

    monkeypatch.setattr(boards._Worker, "ask", held)
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=5)
    pages: MatchPages = t.bot.web_server.pages  # type: ignore[union-attr]

    async def read() -> Any:
        HELD.set(True)
        return await pages.page(token)

    # Every job of the page's reaches a worker: none is answered from the bot's kept ones.
    boards._REPLIES.clear()
    reading = asyncio.create_task(read())
    try:
        await asyncio.wait(
            [asyncio.create_task(entered.wait()), reading], return_when=asyncio.FIRST_COMPLETED
        )
        assert entered.is_set(), "the page's build reached a worker"
        answer = await t.players[1].slash(t.channel, "bid", target="genre-shop", amount=9)
        assert answer.response.content.startswith("Your sealed bid"), answer.response.content
        assert answer.response.attachments, "the answer shows the player's card"
        assert not reading.done(), "the page was still being built"
    finally:
        release.set()
    page = await reading
    assert page is not None and "Waiting for:" in page.status


async def test_pollers_asking_at_once_share_one_read_of_the_store(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = Table(simcord_env, 4)
    token = await started(t)
    pages: MatchPages = t.bot.web_server.pages  # type: ignore[union-attr]
    reads: list[str] = []
    web_match = type(pages.storage).web_match

    async def counted(self: Any, asked: str) -> Any:
        reads.append(asked)
        return await web_match(self, asked)

    monkeypatch.setattr(type(pages.storage), "web_match", counted)
    opened = await asyncio.gather(*(pages.opened(token) for _ in range(20)))
    assert reads == [token], "one read for the twenty"
    assert len({found[2] for found in opened if found is not None}) == 1
    assert await pages.opened(token) is not None and reads == [token, token], "read again"


async def test_a_move_the_pages_worker_cannot_read_sets_the_match_aside(
    simcord_env: Any, web: TestClient[Any, Any]
) -> None:
    """A stored move that is no move, found while the pages' worker replays the record for
    the replay page, sets the match aside as the bot's own replay would: the replay opens
    nothing, and the host is told once, naming the move."""
    t = Table(simcord_env, 4)
    token = await started(t)
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=30)
    await t.close_phase()
    await damage(
        t.bot.storage,
        "UPDATE log SET move = ? WHERE match_id = ? AND seq = 1",
        '{"type": "no such move"}',
        t.match_id,
    )
    answer = await web.get(f"/m/{token}/replay")
    assert answer.status == 404 and "No such page" in await answer.text()
    [note] = notes(t.host)
    assert f"match #{t.match_id}" in note and "move 1" in note
    assert (await web.get(f"/m/{token}")).status == 404, "nor does the match's page"
