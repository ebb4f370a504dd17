"""Tables: columns laid out once, a header in small capitals, rows of text or drawn cells."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.core.drawing.canvas import Align, Canvas
from games.core.drawing.palette import MUTED, RGB, TEXT

#: A cell that draws itself: (canvas, left x, middle y, width).
Draw = Callable[[Canvas, int, int, int], None]


@dataclass(frozen=True, slots=True)
class Text:
    """A text cell; cut with an ellipsis to its column."""

    value: str
    fill: RGB = TEXT
    bold: bool = False


Cell = str | Text | Draw | None


@dataclass(frozen=True, slots=True)
class Column:
    title: str | Draw
    width: int
    align: Align = "left"


class Table:
    """Rows across the canvas from `left` to `right`. A column of width 0 takes what the
    others leave."""

    def __init__(
        self,
        canvas: Canvas,
        left: int,
        right: int,
        columns: Sequence[Column],
        *,
        row_height: int = 44,
        header_height: int = 34,
        gap: int = 14,
        padding: int = 14,
        size: int = 19,
    ) -> None:
        self.canvas = canvas
        self.left = left
        self.right = right
        self.columns = list(columns)
        self.row_height = row_height
        self.header_height = header_height
        self.size = size
        fixed = sum(c.width for c in self.columns)
        flexible = sum(1 for c in self.columns if c.width == 0)
        inner = right - left - 2 * padding - gap * (len(self.columns) - 1)
        share = max(0, inner - fixed) // max(1, flexible)
        self.spans: list[tuple[int, int]] = []
        x = left + padding
        for column in self.columns:
            w = column.width or share
            self.spans.append((x, w))
            x += w + gap

    def header(self, top: int) -> int:
        """Column titles; returns the y below them."""
        middle = top + self.header_height // 2
        for column, (x, w) in zip(self.columns, self.spans, strict=True):
            if callable(column.title):
                column.title(self.canvas, x, middle, w)
            elif column.title:
                self._text(x, w, middle, column.align, Text(column.title.upper(), MUTED, True), 13)
        return top + self.header_height

    def row(self, top: int, cells: Sequence[Cell], *, fill: RGB | None = None) -> int:
        """One row; returns the y below it."""
        if fill is not None:
            self.canvas.rect((self.left, top, self.right, top + self.row_height), fill, radius=8)
        middle = top + self.row_height // 2
        for cell, column, (x, w) in zip(cells, self.columns, self.spans, strict=True):
            if cell is None:
                continue
            if callable(cell):
                cell(self.canvas, x, middle, w)
            else:
                text = cell if isinstance(cell, Text) else Text(cell)
                self._text(x, w, middle, column.align, text, self.size)
        return top + self.row_height

    def _text(self, x: int, w: int, middle: int, align: Align, text: Text, size: int) -> None:
        anchor = x if align == "left" else x + w if align == "right" else x + w // 2
        self.canvas.text(
            anchor,
            middle,
            text.value,
            size=size,
            fill=text.fill,
            bold=text.bold,
            align=align,
            max_width=w,
        )
