"""What a render function returns, and how it turns player ids into names."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from games.core.drawing import fonts

#: Characters Discord takes for an attachment's description, the image's alt text.
ALT_TEXT = 1024

#: Player id -> the name people see: a mapping, or a function such as the bot's `Names`.
NameSource = Mapping[str, str] | Callable[[str], str]


@dataclass(frozen=True, slots=True)
class Board:
    """A rendered board: the PNG, and the same facts in words for screen readers and search.

    `filename` is a name to attach the PNG under (Discord shows it on download). `detail`:
    where `alt` is a summary that fits Discord's alt text, the same facts at length, for where
    no limit applies (the web page's image: `words`).
    """

    png: bytes
    alt: str
    filename: str = "board.png"
    detail: str = ""

    @property
    def words(self) -> str:
        """The board in words as fully as it is told: `detail`, else `alt`."""
        return self.detail or self.alt

    def description(self, limit: int = ALT_TEXT) -> str:
        """The alt text cut to `limit` characters (Discord takes 1,024 for an attachment's
        description, 4,096 for an embed's): whole sentences, then an ellipsis."""
        if len(self.alt) <= limit:
            return self.alt
        cut = self.alt[: limit - 1]
        end = cut.rfind(". ")
        return (cut[: end + 1] if end > 0 else cut.rstrip()) + "…"


def namer(names: NameSource) -> Callable[[str], str]:
    """A function from player id to a one-line display name; an id with no name, or a name
    with nothing printable, shows as the id."""
    lookup: Callable[[str], str | None] = names.get if isinstance(names, Mapping) else names

    def name(player: str) -> str:
        found = fonts.clean(lookup(player) or "")
        return found or player

    return name
