"""The web server: `aiohttp.web` in the bot's own event loop, started in `setup_hook` and
stopped in `close` (`DealerBot`), off unless `WEB_PORT` is set. Every answer is read from the
database, so with several processes any of them answers for any match. A match's page and
its replay are built once per version, in the pages' own worker process (`bot.web.pages`,
`bot.web.build`): a poll does no more on the event loop than read and answer.

- `/m/{token}`: a match's page (`templates/match.html`), which polls
- `/m/{token}/now`: the page's facts as JSON (its changing part as HTML too), with an ETag:
  `304 Not Modified` while nothing moved (as Terraforming Mars's `ApiWaitingFor` answers its
  pollers), and
- `/m/{token}/board.png?v=...`: the board as the channel last saw it (the status image);
- `/m/{token}/replay?step=N`: the match stepped through from its record (`bot.web.replays`,
  `templates/replay.html`), N from 0, its steps fetched by its script from
  `/m/{token}/replay.json?step=N` and their boards from `/m/{token}/replay/board.png?step=N`;
  a step that is not one (out of range, not a number) is a plain page saying which are;
- `/s/{token}`: a season's page (`bot.web.seasons`, `templates/season.html`), with its
  standings' image at `/s/{token}/standings.png`.

An unknown token, or the page of a match its host turned off or of a channel not everyone
may view, is a plain `404` (`templates/gone.html`): it tells nobody whether such a match
exists.

A page is in its server's language (`/config language`, `bot.i18n.server_speaks`), the
language of its `<html lang>`; a plain 404, which names no server, is in English."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from bot.i18n import Language, _, language, server_speaks, speaking
from bot.season_board import WITHHELD, season_called
from bot.storage import Season
from bot.web.build import TEMPLATES, Page
from bot.web.pages import MatchPages
from bot.web.replays import Replay, Replays, step_version
from bot.web.seasons import SeasonPages

#: A step's number as an address gives it: digits, not too many.
_NUMBER = re.compile(r"[0-9]{1,9}")
#: How often the page asks whether the match moved, in milliseconds.
POLL_MS = 4000


@dataclass(frozen=True, slots=True)
class WebConfig:
    """Where the pages are served (`WEB_HOST`, `WEB_PORT`) and the address the bot's links
    start with (`WEB_PUBLIC_URL`, else the server's own)."""

    host: str
    port: int
    public_url: str


#: The application's keys: the pages it serves, and how often a page polls (milliseconds).
PAGES = web.AppKey("pages", MatchPages)
REPLAYS = web.AppKey("replays", Replays)
SEASONS = web.AppKey("seasons", SeasonPages)
POLL = web.AppKey("poll", int)


def application(pages: MatchPages, poll_ms: int = POLL_MS) -> web.Application:
    """The web application serving `pages`, whose pages poll every `poll_ms`."""
    app = web.Application()
    app[PAGES] = pages
    app[POLL] = poll_ms
    app[REPLAYS] = Replays(pages)
    app[SEASONS] = SeasonPages(pages.storage, pages.service.seasons, pages.public_url)
    app.router.add_get("/m/{token}", match_page)
    app.router.add_get("/m/{token}/now", match_now)
    app.router.add_get("/m/{token}/board.png", match_board)
    app.router.add_get("/m/{token}/replay", replay_page)
    app.router.add_get("/m/{token}/replay.json", replay_step)
    app.router.add_get("/m/{token}/replay/board.png", replay_board)
    app.router.add_get("/s/{token}", season_page)
    app.router.add_get("/s/{token}/standings.png", season_board)
    app.router.add_get("/", gone)
    return app


def _not_found() -> web.HTTPNotFound:
    """A plain 404 page, the same for every address that opens nothing."""
    body = TEMPLATES.get_template("gone.html").render()
    return web.HTTPNotFound(text=body, content_type="text/html")


async def _page(request: web.Request) -> Page:
    page = await request.app[PAGES].page(request.match_info["token"])
    if page is None:
        raise _not_found()
    return page


def _base(request: web.Request) -> str:
    """The page's own path, which its board and its poll are under."""
    return f"/m/{request.match_info['token']}"


def _fresh(request: web.Request, version: str) -> bool:
    """Whether the asker already has this version (`If-None-Match`)."""
    asked = request.headers.get("If-None-Match", "")
    return f'"{version}"' in [tag.strip().removeprefix("W/") for tag in asked.split(",")]


def _headers(page: Page) -> dict[str, str]:
    # Revalidated at each poll: the ETag answers most of them with a 304.
    return {"ETag": f'"{page.version}"', "Cache-Control": "no-cache"}


def _html(body: str) -> web.Response:
    """A page, asked again at each visit, whose address (its token) no link it holds sends
    on as the referrer."""
    return web.Response(
        text=body,
        content_type="text/html",
        headers={"Cache-Control": "no-cache", "Referrer-Policy": "no-referrer"},
    )


async def match_page(request: web.Request) -> web.Response:
    page = await _page(request)
    with speaking(language(page.language)):
        body = TEMPLATES.get_template("match.html").render(
            page=page, poll_ms=request.app[POLL], base=_base(request)
        )
    return _html(body)


async def match_now(request: web.Request) -> web.Response:
    page = await _page(request)
    if _fresh(request, page.version):
        return web.Response(status=304, headers=_headers(page))
    return web.Response(body=page.body, content_type="application/json", headers=_headers(page))


async def match_board(request: web.Request) -> web.Response:
    page = await _page(request)
    if page.png is None:
        raise _not_found()
    if _fresh(request, page.version):
        return web.Response(status=304, headers=_headers(page))
    return web.Response(body=page.png, content_type="image/png", headers=_headers(page))


async def _replay(request: web.Request) -> tuple[Replay, int]:
    """The replay the token opens and the step asked for (`?step=N`, 0 when not given); a
    plain 404 where the match's page does not open, and a page naming the steps there are
    for a step that is not one of them (400 when it is no number at all)."""
    replay = await request.app[REPLAYS].replay(request.match_info["token"])
    if replay is None:
        raise _not_found()
    asked = request.query.get("step", "0")
    if _NUMBER.fullmatch(asked) and int(asked) < len(replay.steps):
        return replay, int(asked)
    with speaking(language(replay.language)):
        body = TEMPLATES.get_template("nostep.html").render(
            asked=asked[:40], steps=len(replay.steps), base=_base(request)
        )
    error = web.HTTPNotFound if _NUMBER.fullmatch(asked) else web.HTTPBadRequest
    raise error(text=body, content_type="text/html")


async def _step(request: web.Request, replay: Replay, number: int) -> dict[str, Any]:
    """What `templates/step.html` is rendered with: step `number` of `replay`."""
    board = await request.app[REPLAYS].board(replay, number)
    return {
        "replay": replay,
        "step": replay.steps[number],
        "number": number,
        "board": board is not None,
        "base": _base(request),
    }


async def replay_page(request: web.Request) -> web.Response:
    replay, number = await _replay(request)
    template = TEMPLATES.get_template("replay.html")
    facts = await _step(request, replay, number)
    with speaking(language(replay.language)):
        return _html(template.render(facts))


async def replay_step(request: web.Request) -> web.Response:
    replay, number = await _replay(request)
    facts = await _step(request, replay, number)
    with speaking(language(replay.language)):
        html = TEMPLATES.get_template("step.html").render(facts)
    return web.json_response({**replay.facts(number), "html": html})


async def replay_board(request: web.Request) -> web.Response:
    replay, number = await _replay(request)
    version = step_version(replay, number)
    headers = {"ETag": f'"{version}"', "Cache-Control": "no-cache"}
    if _fresh(request, version):
        return web.Response(status=304, headers=headers)
    board = await request.app[REPLAYS].board(replay, number)
    if board is None:
        raise _not_found()
    return web.Response(body=board.png, content_type="image/png", headers=headers)


async def _season(request: web.Request) -> Season:
    season = await request.app[SEASONS].season(request.match_info["token"])
    if season is None:
        raise _not_found()
    return season


async def _speaks(request: web.Request, season: Season) -> Language:
    """The language of a season's page: its server's."""
    pages = request.app[PAGES]
    return await server_speaks(pages.storage, pages.client, season.guild_id)


async def season_page(request: web.Request) -> web.Response:
    season = await _season(request)
    with speaking(await _speaks(request, season)):
        body = TEMPLATES.get_template("season.html").render(
            page=await request.app[SEASONS].page(season),
            title=season_called(season.name, capital=True),
            withheld=_(WITHHELD),
            base=f"/s/{request.match_info['token']}",
        )
    return _html(body)


async def season_board(request: web.Request) -> web.Response:
    season = await _season(request)
    with speaking(await _speaks(request, season)):
        board = await request.app[SEASONS].board(season)
    if board is None:
        raise _not_found()
    return web.Response(
        body=board.png, content_type="image/png", headers={"Cache-Control": "no-cache"}
    )


async def gone(request: web.Request) -> web.Response:
    raise _not_found()


class WebServer:
    """The server of `pages` on `config`'s address, while started."""

    def __init__(self, pages: MatchPages, config: WebConfig) -> None:
        self.pages = pages
        self.config = config
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        runner = web.AppRunner(application(self.pages), access_log=None)
        await runner.setup()
        await web.TCPSite(runner, self.config.host, self.config.port).start()
        self._runner = runner

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
