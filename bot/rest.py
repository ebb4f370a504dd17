"""Discord's REST API, directly or through a shared rate-limiting proxy (`DISCORD_API_URL`,
docs/deploying.md).

discord.py keeps its rate-limit state in each process: two processes on one token each
believe they have Discord's whole budget. A proxy in front of Discord (nirn-proxy,
@discordjs/proxy) keeps one budget for every process. discord.py has no setting for the
address it calls: every request's address is built from `discord.http.Route.BASE` (the bot's
calls, and interaction replies and follow-ups, which it sends as webhooks), so that is what
`route_through` sets, once per process before the bot starts.

A 429 that a proxy makes itself (nirn-proxy's while a node of its cluster is unreachable:
JSON `retry_after`, a `Retry-After` header, but no `Via` header) is taken by discord.py for a
Cloudflare ban and raised at once; `RetryingHTTPClient` waits and tries again instead. A 429
that is not JSON (Cloudflare's ban page) is raised as before: waiting it out would take an
hour.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Sequence
from typing import Any

import discord
from discord.http import HTTPClient, Route

log = logging.getLogger(__name__)

#: Discord's own API, version 10 (discord.py's default).
DISCORD_API = "https://discord.com/api/v10"
#: How many times a request refused with a retryable 429 is tried in all.
TRIES = 5
#: The wait when a 429 gives none, and the longest wait taken before giving up instead.
DEFAULT_WAIT = 1.0
LONGEST_WAIT = 60.0


def route_through(base: str) -> None:
    """Send every REST request of this process to `base` (`DISCORD_API`, or a proxy's address
    with the API version: `http://127.0.0.1:8080/api/v10`)."""
    Route.BASE = base.rstrip("/")


def proxy_wait(error: discord.HTTPException) -> float | None:
    """How long to wait before trying again a request that `error` refused; None: raise it.
    Only a 429 in JSON is retried (a proxy's or Discord's own), after its `Retry-After`
    header (seconds), `DEFAULT_WAIT` without one; a wait longer than `LONGEST_WAIT` is not
    taken."""
    response = error.response
    if error.status != 429 or getattr(response, "content_type", None) != "application/json":
        return None
    try:
        wait = float(response.headers.get("Retry-After", DEFAULT_WAIT))
    except ValueError:
        wait = DEFAULT_WAIT
    return max(wait, 0.0) if wait <= LONGEST_WAIT else None


class RetryingHTTPClient(HTTPClient):
    """discord.py's HTTP client, which also retries the 429s it would raise (`proxy_wait`)."""

    async def request(
        self,
        route: Route,
        *,
        files: Sequence[discord.File] | None = None,
        form: Iterable[dict[str, Any]] | None = None,
        **kwargs: Any,
    ) -> Any:
        tries = 1
        while True:
            try:
                return await super().request(route, files=files, form=form, **kwargs)
            except discord.HTTPException as error:
                wait = proxy_wait(error)
                if wait is None or tries >= TRIES:
                    raise
            log.warning(
                "%s %s answered 429 without Discord's headers; retrying in %.2f s",
                route.method,
                route.url,
                wait,
            )
            await asyncio.sleep(wait)
            for file in files or ():
                file.reset(seek=True)
            tries += 1


def retrying(client: discord.Client) -> None:
    """Give `client` a `RetryingHTTPClient` in place of the one discord.py made (before it
    logs in: nothing has used it yet)."""
    old = client.http
    new = RetryingHTTPClient(
        old.loop,
        old.connector,
        proxy=old.proxy,
        proxy_auth=old.proxy_auth,
        unsync_clock=not old.use_clock,
        http_trace=old.http_trace,
        max_ratelimit_timeout=old.max_ratelimit_timeout,
    )
    client.http = client._connection.http = new
