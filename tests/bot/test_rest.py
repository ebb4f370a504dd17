"""One request budget for several processes (issue 24, item 4): the bot's REST requests go
to `DISCORD_API_URL` (a shared rate-limiting proxy), and a 429 the proxy makes itself (no
`Via` header, which discord.py alone raises at once as a Cloudflare ban) is waited out and
tried again. A local HTTP server stands in for the proxy; discord.py's own HTTP machinery
runs against it."""

from __future__ import annotations

import io
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace

import discord
import pytest
from aiohttp import web
from discord.http import HTTPClient, Route, handle_message_parameters

from bot import rest
from bot.app import DealerBot
from tests.bot.conftest import make_bot

ME = {"id": "1", "username": "dealer", "discriminator": "0", "avatar": None, "bot": True}
#: nirn-proxy's own 429 (`Generate429`): JSON, a Retry-After header, no `Via`.
PROXY_429 = {"global": False, "message": "You are being rate limited.", "retry_after": 0.01}
CLOUDFLARE_BAN = "<html><body>Error 1015: You are being rate limited</body></html>"


@dataclass
class Proxy:
    """Answers `refusals` 429s (nirn-proxy's, or with `html` a Cloudflare ban page), then
    succeeds; keeps every request's path and body."""

    refusals: int = 0
    html: bool = False
    retry_after: str | None = "0.01"
    seen: list[tuple[str, bytes]] = field(default_factory=list)

    async def answer(self, request: web.Request) -> web.Response:
        self.seen.append((request.path, await request.read()))
        if len(self.seen) <= self.refusals:
            if self.html:
                return web.Response(status=429, text=CLOUDFLARE_BAN, content_type="text/html")
            headers = {} if self.retry_after is None else {"Retry-After": self.retry_after}
            return as_discord(PROXY_429, status=429, headers=headers)
        return as_discord({"id": "5"} if request.path.endswith("/messages") else ME)


def as_discord(
    data: object, *, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """JSON as Discord (and a proxy) sends it: `application/json` without a charset, which is
    what discord.py reads as JSON."""
    return web.Response(
        status=status,
        body=json.dumps(data).encode(),
        headers={"Content-Type": "application/json", **(headers or {})},
    )


@pytest.fixture
async def proxy(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Proxy]:
    """The proxy, and every REST request of the test routed to it (as `python -m bot` does
    with DISCORD_API_URL set)."""
    proxy = Proxy()
    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", proxy.answer)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    monkeypatch.setattr(Route, "BASE", Route.BASE)
    rest.route_through(f"http://127.0.0.1:{port}/api/v10/")
    yield proxy
    await runner.cleanup()


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[DealerBot]:
    bot = make_bot(tmp_path / "dealer.db")
    yield bot
    await bot.http.close()


async def test_requests_go_to_the_proxy_and_its_429s_are_retried(
    proxy: Proxy, bot: DealerBot
) -> None:
    proxy.refusals = 2
    user = await bot.http.static_login("x.y.z")
    assert user["username"] == "dealer"
    assert [path for path, _ in proxy.seen] == ["/api/v10/users/@me"] * 3


async def test_discord_py_alone_raises_the_proxys_429(proxy: Proxy) -> None:
    """Why the bot's client retries: discord.py's own gives up at the first one."""
    proxy.refusals = 1
    plain = HTTPClient(None)  # type: ignore[arg-type]
    try:
        with pytest.raises(discord.HTTPException) as refused:
            await plain.static_login("x.y.z")
    finally:
        await plain.close()
    assert refused.value.status == 429 and len(proxy.seen) == 1


async def test_a_429_without_retry_after_waits_a_second(
    proxy: Proxy, bot: DealerBot, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second is asked of `asyncio.sleep`, not waited out in the test."""
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    monkeypatch.setattr(rest, "asyncio", SimpleNamespace(sleep=sleep))
    proxy.refusals, proxy.retry_after = 1, None
    await bot.http.static_login("x.y.z")
    assert len(proxy.seen) == 2 and waits == [1.0]
    assert [r.getMessage().rsplit(" ", 3)[-3:] for r in caplog.records if r.name == "bot.rest"] == [
        ["in", "1.00", "s"]
    ]


async def test_a_board_image_is_sent_again_whole(proxy: Proxy, bot: DealerBot) -> None:
    """A retried upload carries its file from the start, not from where the refused one
    left it."""
    await bot.http.static_login("x.y.z")
    proxy.seen.clear()
    proxy.refusals = 1
    image = b"\x89PNG board bytes"
    file = discord.File(io.BytesIO(image), "board.png")
    with handle_message_parameters(content="The board", file=file) as params:
        await bot.http.send_message(7, params=params)
    assert [path for path, _ in proxy.seen] == ["/api/v10/channels/7/messages"] * 2
    assert all(image in body for _, body in proxy.seen)


async def test_a_cloudflare_ban_is_not_waited_out(proxy: Proxy, bot: DealerBot) -> None:
    proxy.refusals, proxy.html = 1, True
    with pytest.raises(discord.HTTPException) as refused:
        await bot.http.static_login("x.y.z")
    assert refused.value.status == 429 and len(proxy.seen) == 1


async def test_a_proxy_that_keeps_refusing_is_given_up_on(proxy: Proxy, bot: DealerBot) -> None:
    proxy.refusals = 100
    with pytest.raises(discord.HTTPException) as refused:
        await bot.http.static_login("x.y.z")
    assert refused.value.status == 429 and len(proxy.seen) == rest.TRIES


async def test_a_wait_longer_than_a_minute_is_not_taken(proxy: Proxy, bot: DealerBot) -> None:
    proxy.refusals, proxy.retry_after = 1, "3600"
    with pytest.raises(discord.HTTPException):
        await bot.http.static_login("x.y.z")
    assert len(proxy.seen) == 1
