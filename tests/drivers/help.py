"""Reading `/help`'s pages through the bot, as a member turns them."""

from __future__ import annotations

import re
from typing import Any

PAGE = re.compile(r"\n-# Page (\d+) of (\d+)$")


def page_of(message: Any) -> tuple[int, int]:
    found = PAGE.search(message.content)
    assert found is not None, message.content
    return int(found[1]), int(found[2])


async def read_all_pages(member: Any, channel: Any, game: str) -> list[str]:
    """Every page of a game's rules, turned to with Next from the first."""
    shown = (await member.slash(channel, "help", game=game)).response
    texts = [shown.content]
    _, count = page_of(shown)
    for _ in range(count - 1):
        shown = (await member.click(shown, label="Next")).response
        texts.append(shown.content)
    return texts
