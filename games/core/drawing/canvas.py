"""A canvas with the few shapes every board is made of: anti-aliased rounded panels, text
centred on a line and cut to fit, badges, cubes with their letters, a title bar; and the
conversion to small PNG bytes.

Glyphs that look the same on every board (cubes, badges, corner masks) are drawn once at four
times their size, scaled down for smooth edges, and cached.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Literal

from isal import isal_zlib
from PIL import Image, ImageDraw

from games.core.drawing import fonts
from games.core.drawing.palette import (
    ACCENT,
    BACKGROUND,
    FAINT,
    LINE,
    MUTED,
    RGB,
    TEXT,
    cube_colour,
    mix,
)

Align = Literal["left", "right", "center"]
SUPERSAMPLE = 4


@dataclass(frozen=True, slots=True)
class BadgeStyle:
    """A badge's look: its ink and its fill."""

    ink: RGB
    fill: RGB


@cache
def _corners(radius: int) -> tuple[Image.Image, ...]:
    """Anti-aliased quarter-circle masks: top left, top right, bottom left, bottom right."""
    big = Image.new("L", (radius * 2 * SUPERSAMPLE,) * 2, 0)
    ImageDraw.Draw(big).ellipse((0, 0, big.width - 1, big.height - 1), fill=255)
    circle = big.resize((radius * 2, radius * 2), Image.Resampling.LANCZOS)
    return (
        circle.crop((0, 0, radius, radius)),
        circle.crop((radius, 0, 2 * radius, radius)),
        circle.crop((0, radius, radius, 2 * radius)),
        circle.crop((radius, radius, 2 * radius, 2 * radius)),
    )


def _rounded_mask(size: tuple[int, int], radius: int) -> Image.Image:
    mask = Image.new("L", size, 0)
    _fill_rounded(mask, ImageDraw.Draw(mask), (0, 0, size[0], size[1]), radius, 255)
    return mask


def _fill_rounded(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    radius: int,
    fill: RGB | int,
) -> None:
    x0, y0, x1, y1 = box
    radius = max(0, min(radius, (x1 - x0) // 2, (y1 - y0) // 2))
    if radius == 0:
        draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=fill)
        return
    if x1 - radius - 1 >= x0 + radius:
        draw.rectangle((x0 + radius, y0, x1 - radius - 1, y1 - 1), fill=fill)
    if y1 - radius - 1 >= y0 + radius:
        draw.rectangle((x0, y0 + radius, x1 - 1, y1 - radius - 1), fill=fill)
    tl, tr, bl, br = _corners(radius)
    image.paste(fill, (x0, y0, x0 + radius, y0 + radius), tl)
    image.paste(fill, (x1 - radius, y0, x1, y0 + radius), tr)
    image.paste(fill, (x0, y1 - radius, x0 + radius, y1), bl)
    image.paste(fill, (x1 - radius, y1 - radius, x1, y1), br)


@cache
def cube_glyph(colour: str, size: int) -> Image.Image:
    """A cube seen from the front, as a key cap: its colour, a darker lip below, a bold letter
    (R, Y, G, B, P), so that it reads without colour too. RGBA, `size` pixels square."""
    spec = cube_colour(colour)
    s = size * SUPERSAMPLE
    radius = round(s * 0.2)
    content = Image.new("RGB", (s, s), mix(spec.fill, (0, 0, 0), 0.35))
    draw = ImageDraw.Draw(content)
    lip = round(s * 0.12)
    _fill_rounded(content, draw, (0, 0, s, s - lip), radius, spec.fill)
    draw.line(
        (radius, SUPERSAMPLE, s - radius, SUPERSAMPLE),
        fill=mix(spec.fill, TEXT, 0.35),
        width=SUPERSAMPLE,
    )
    letter_size = round(s * 0.56)
    fonts.draw(
        content,
        (s - fonts.width(spec.letter, letter_size, True)) / 2,
        (s - lip) / 2,
        spec.letter,
        letter_size,
        spec.ink,
        bold=True,
    )
    alpha = _rounded_mask((s, s), radius)
    small = content.resize((size, size), Image.Resampling.LANCZOS)
    small.putalpha(alpha.resize((size, size), Image.Resampling.LANCZOS))
    return small


@lru_cache(maxsize=256)
def badge_glyph(label: str, style: BadgeStyle, size: int, upper: bool = True) -> Image.Image:
    """A pill with a short label in bold (capitals unless `upper` is false). RGBA."""
    text = label.upper() if upper else label
    pad = round(size * 0.7)
    height = round(size * 1.85)
    width = fonts.width(text, size, True) + 2 * pad
    content = Image.new("RGB", (width, height), style.fill)
    fonts.draw(content, pad, height / 2, text, size, style.ink, bold=True)
    content.putalpha(_rounded_mask((width, height), height // 2))
    return content


class Canvas:
    """One image being drawn. Coordinates are pixels; `middle` is the y of a line's centre."""

    def __init__(self, width: int, height: int, background: RGB = BACKGROUND) -> None:
        self.width = width
        self.height = height
        self.image = Image.new("RGB", (width, height), background)
        self.draw = ImageDraw.Draw(self.image)

    # -- shapes ------------------------------------------------------------------------

    def rect(
        self,
        box: tuple[int, int, int, int],
        fill: RGB,
        *,
        radius: int = 0,
        outline: RGB | None = None,
    ) -> None:
        """A filled rectangle (x0, y0, x1, y1; x1 and y1 excluded), corners rounded smoothly,
        with an optional one-pixel outline."""
        if outline is not None:
            _fill_rounded(self.image, self.draw, box, radius, outline)
            x0, y0, x1, y1 = box
            box = (x0 + 1, y0 + 1, x1 - 1, y1 - 1)
            radius = max(0, radius - 1)
        _fill_rounded(self.image, self.draw, box, radius, fill)

    def hline(self, x0: int, x1: int, y: int, fill: RGB = LINE) -> None:
        self.draw.line((x0, y, x1 - 1, y), fill=fill)

    def paste(self, glyph: Image.Image, x: int, y: int) -> None:
        self.image.paste(glyph, (x, y), glyph)

    # -- text --------------------------------------------------------------------------

    def text(
        self,
        x: float,
        middle: float,
        text: str,
        *,
        size: int,
        fill: RGB = TEXT,
        bold: bool = False,
        align: Align = "left",
        max_width: float | None = None,
        min_size: int | None = None,
    ) -> int:
        """Draw one line; `x` is its left edge, right edge or centre as `align` says. To fit
        `max_width` the text is first set smaller, down to `min_size`, then cut with an
        ellipsis. Returns the width drawn."""
        if max_width is not None:
            if min_size is not None:
                size = fonts.fit_size(text, size, min_size, max_width, bold=bold)
            text = fonts.ellipsize(text, size, max_width, bold=bold)
        w = fonts.width(text, size, bold)
        left = x if align == "left" else x - w if align == "right" else x - w / 2
        return fonts.draw(self.image, left, middle, text, size, fill, bold=bold)

    # -- glyphs ------------------------------------------------------------------------

    def badge(
        self,
        x: float,
        middle: float,
        label: str,
        style: BadgeStyle,
        *,
        size: int = 14,
        align: Align = "left",
        upper: bool = True,
    ) -> int:
        """A badge ("ENTERED", "WON", "1st"); returns its width."""
        glyph = badge_glyph(label, style, size, upper)
        left = (
            x if align == "left" else x - glyph.width if align == "right" else x - glyph.width / 2
        )
        self.paste(glyph, round(left), round(middle - glyph.height / 2))
        return glyph.width

    def cube(self, x: float, middle: float, colour: str, size: int) -> int:
        glyph = cube_glyph(colour, size)
        self.paste(glyph, round(x), round(middle - size / 2))
        return size

    def cubes(
        self, x: float, middle: float, colour: str, count: int, size: int, gap: int = 4
    ) -> int:
        """`count` cubes of one colour in a row; returns the width used."""
        for i in range(count):
            self.cube(x + i * (size + gap), middle, colour, size)
        return max(0, count * (size + gap) - gap)

    def title_bar(self, kicker: str, title: str, notes: list[str], *, margin: int) -> int:
        """The top of every board: a small game line, a big title, notes on the right, and a
        rule under them in the accent colour. Returns the y below it."""
        notes_width = max((fonts.width(n, 17) for n in notes), default=0)
        room = self.width - 2 * margin - (notes_width + 24 if notes else 0)
        self.text(margin, 34, kicker, size=14, fill=ACCENT, bold=True, max_width=room)
        self.text(margin, 68, title, size=29, bold=True, max_width=room, min_size=22)
        for i, note in enumerate(notes[:3]):
            y = 68 - (len(notes[:3]) - 1) * 12 + i * 24
            self.text(self.width - margin, y, note, size=17, fill=MUTED, align="right")
        self.rect((margin, 98, self.width - margin, 100), mix(ACCENT, BACKGROUND, 0.45))
        return 100

    def footer(self, lines: list[str], *, margin: int, top: int) -> int:
        """Small print under a board (the rules that explain it), lines from `wrap_footer`.
        Returns the y below it."""
        y = top
        for line in lines:
            self.text(margin, y + FOOTER_LINE // 2, line, size=FOOTER_SIZE, fill=FAINT)
            y += FOOTER_LINE
        return y

    # -- output ------------------------------------------------------------------------

    def png(self) -> bytes:
        return png_bytes(self.image)


FOOTER_SIZE = 15
FOOTER_LINE = 22


def wrap_footer(paragraphs: list[str], width: int, margin: int) -> list[str]:
    """The footer's paragraphs broken into lines for a board `width` wide; the footer takes
    `FOOTER_LINE` pixels a line."""
    return [line for p in paragraphs for line in fonts.wrap(p, FOOTER_SIZE, width - 2 * margin)]


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_bytes(image: Image.Image, colours: int = 256) -> bytes:
    """The image as PNG with a palette of at most `colours` colours: boards are flat colours
    and anti-aliased edges, which a palette keeps faithfully at a third of the bytes of RGB.
    The palette is chosen from the image at half size (a quarter of the pixels, and every
    colour the anti-aliasing makes is still there, blended), then every pixel takes its
    nearest colour. The file is written here, its rows deflated by ISA-L (`isal`) at level
    1: about a seventh of the time of the zlib that Pillow's PNG encoder calls at level 3,
    for bytes within a few per cent. Deterministic in its picture: the same image gives the
    same palette and pixels. The deflated bytes may differ (ISA-L picks its code by the CPU,
    and once, in a test's threads, it deflated a board's rows into two bytes fewer than the
    same process did on its main thread), never what they inflate to."""
    palette = image.reduce(2).quantize(
        colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    indexed = image.quantize(palette=palette, dither=Image.Dither.NONE)
    width, height = indexed.size
    # Each row starts with its filter type, 0 (none): the image one pixel wider, shifted right.
    rows = Image.new("P", (width + 1, height), 0)
    rows.paste(indexed, (1, 0))
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit palette indices
    return b"".join(
        (
            PNG_SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", bytes(indexed.getpalette() or ())),
            _chunk(b"IDAT", isal_zlib.compress(rows.tobytes(), 1)),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    """A PNG chunk: length, type, data, and the CRC-32 of type and data."""
    crc = isal_zlib.crc32(data, isal_zlib.crc32(kind))
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)
