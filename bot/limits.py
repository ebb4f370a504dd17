"""Discord's limits on what the bot sends, applied in one place: a text is cut to fit a
message, and a long one is split into as many messages as it needs."""

from __future__ import annotations

from collections.abc import Iterable

#: Characters in a message's content.
MESSAGE = 2000


def fit(text: str, limit: int = MESSAGE) -> str:
    """`text` as one message: cut, with an ellipsis, when it is longer than `limit`."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def pages(parts: Iterable[str], separator: str = "\n", limit: int = MESSAGE) -> list[str]:
    """Parts (lines, paragraphs) packed in order into as few messages of at most `limit`
    characters as they fit, joined by `separator`; a part too long for a message goes on at
    its line breaks (a 5-player display's list of cards, longer words than English's), and
    only a line too long for a message is cut."""
    packed: list[str] = []
    for part in parts:
        lines = part.split("\n") if len(part) > limit else [part]
        for index, line in enumerate(lines):
            joint = separator if index == 0 else "\n"
            if packed and len(packed[-1]) + len(joint) + len(line) <= limit:
                packed[-1] += joint + line
            else:
                packed.append(fit(line, limit))
    return packed
