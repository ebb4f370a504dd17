"""What a render function returns, and how it turns player ids into names.

A render function tells its board in words (the alt text, and its `detail`) and draws it
apart (the PNG), and puts the two together with `Board.drawn`: inside `drawing(False)` the drawing
is skipped and the board's PNG is empty, its words made by the very same code. The test suite's
bot renders so where a test reads no image (tests/conftest.py): drawing is most of a board's
cost.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
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

    @classmethod
    def drawn(cls, draw: Callable[[], bytes], alt: str, filename: str, detail: str = "") -> Board:
        """The board told by `alt` (and `detail`), its PNG made by `draw`; inside
        `drawing(False)`, an empty PNG, `draw` never called."""
        return cls(draw() if _drawing.get() else b"", alt, filename, detail)

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


#: Whether `Board.drawn` draws the PNG (the default) or leaves it empty (`drawing(False)`).
_drawing: ContextVar[bool] = ContextVar("drawing", default=True)


@contextmanager
def drawing(on: bool) -> Iterator[None]:
    """Inside, `Board.drawn` draws every board's PNG (`on`), or leaves it empty: words only."""
    token = _drawing.set(on)
    try:
        yield
    finally:
        _drawing.reset(token)


def namer(names: NameSource) -> Callable[[str], str]:
    """A function from player id to a one-line display name; an id with no name, or a name
    with nothing printable, shows as the id."""
    lookup: Callable[[str], str | None] = names.get if isinstance(names, Mapping) else names

    def name(player: str) -> str:
        found = fonts.clean(lookup(player) or "")
        return found or player

    return name
