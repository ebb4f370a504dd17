"""The web pages in SimCord tests: the bot serving them, a match's and a season's page
tokens as the channel links them, and the headless browser that loads them."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

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
