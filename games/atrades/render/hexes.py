"""The map's drawing: where each hex of a region goes in pixels, the hexes themselves as
anti-aliased glyphs drawn once, the map's unchanging layer (regions, terrain, connectors,
cities, labels) drawn once per map and kept, and each company tile as placed, kept too.

Hexes are pointy-topped, as the labels run: a label's row ("B4" is row 4) is a row of hexes
across the picture. Each region is drawn as its own island around its centre (AT-D3: no hex
of one region touches another's), in the slots' order: two rows of three.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from math import ceil, cos, hypot, radians, sin, sqrt

from PIL import Image, ImageDraw

from games.atrades.data import REGION_RADIUS, Terrain
from games.atrades.views import Board
from games.core.drawing import fonts
from games.core.drawing.canvas import SUPERSAMPLE
from games.core.drawing.palette import (
    BACKGROUND,
    DARK_TEXT,
    PANEL,
    RGB,
    TEXT,
    mix,
)
from games.core.hex import Hex, hexagon, parse_label

#: Centre to corner of a hex, in pixels.
SIZE = 32
ROOT3 = sqrt(3)
HEX_W = ROOT3 * SIZE
HEX_H = 2 * SIZE
#: A region island: 5 hexes across its middle row, 5 rows of 1.5 hexes' height.
ISLAND_W = round((2 * REGION_RADIUS + 1) * HEX_W)
ISLAND_H = round((3 * REGION_RADIUS + 2) * SIZE)
#: Above each island: its name and its demand track.
HEADER_H = 54
COLUMNS = 3
COLUMN_GAP = 24
ROW_GAP = 18
WIDTH = 960
MARGIN = 28

#: The terrain: habitable sand (dark ink), desert dunes, a city's walls.
HABITABLE: RGB = (196, 170, 122)
HABITABLE_INK: RGB = (74, 60, 38)
DESERT: RGB = (70, 62, 54)
DUNE: RGB = (96, 85, 72)
CITY_WALL: RGB = (58, 46, 70)

#: The four company types: an Okabe-Ito colour, the ink on it, and the letter every tile of
#: the type carries, so that a type never reads by colour alone.
TYPE_STYLES: dict[str, tuple[RGB, RGB, str]] = {
    "rations": ((240, 228, 66), DARK_TEXT, "R"),
    "liquids": ((0, 114, 178), (255, 255, 255), "L"),
    "wiring": ((0, 158, 115), (255, 255, 255), "W"),
    "spice": ((213, 94, 0), (255, 255, 255), "S"),
}
#: A tile sold to the Government (AT-18), and its ink.
FLIPPED: RGB = (92, 96, 108)
FLIPPED_INK: RGB = (226, 228, 234)
#: A connector's dashes and ends; the width of its line with its dark edges; the radius of
#: the ring at each end.
CONNECTOR: RGB = (255, 214, 120)
CONNECTOR_WIDTH = 6
RING = 4
#: The sand kept around a hex label's letters where a connector passes under it.
LABEL_PAD = 3


@dataclass(frozen=True, slots=True)
class Island:
    """Where one region is drawn: the header's box and the pixel centre of its centre hex."""

    left: int
    top: int
    centre: tuple[float, float]


def islands(count: int) -> list[Island]:
    """The islands of `count` regions, in slot order, two rows of three (AT-D3)."""
    column_w = (WIDTH - 2 * MARGIN - (COLUMNS - 1) * COLUMN_GAP) // COLUMNS
    out = []
    for index in range(count):
        row, column = divmod(index, COLUMNS)
        left = MARGIN + column * (column_w + COLUMN_GAP) + (column_w - ISLAND_W) // 2
        top = row * (HEADER_H + ISLAND_H + ROW_GAP)
        out.append(Island(left, top, (left + ISLAND_W / 2, top + HEADER_H + ISLAND_H / 2)))
    return out


def map_height(count: int) -> int:
    rows = (count + COLUMNS - 1) // COLUMNS
    return rows * (HEADER_H + ISLAND_H) + (rows - 1) * ROW_GAP


def centre_of(island: Island, region_centre: Hex, hex_: Hex) -> tuple[float, float]:
    """The pixel centre of `hex_`, a hex of the region centred on `region_centre`."""
    d = hex_ - region_centre
    x, y = island.centre
    return x + HEX_W * (d.q + d.r / 2), y + 1.5 * SIZE * d.r


def _corners(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    return [
        (cx + radius * cos(radians(60 * i - 30)), cy + radius * sin(radians(60 * i - 30)))
        for i in range(6)
    ]


def _hex_image(fill: RGB, edge: RGB) -> tuple[Image.Image, Image.Image]:
    """A hex at `SUPERSAMPLE` times its size: its colours and its mask, to draw on."""
    w, h = ceil(HEX_W) * SUPERSAMPLE, HEX_H * SUPERSAMPLE
    content = Image.new("RGB", (w, h), edge)
    mask = Image.new("L", (w, h), 0)
    outer = _corners(w / 2, h / 2, (SIZE - 1) * SUPERSAMPLE)
    inner = _corners(w / 2, h / 2, (SIZE - 3) * SUPERSAMPLE)
    ImageDraw.Draw(mask).polygon(outer, fill=255)
    ImageDraw.Draw(content).polygon(inner, fill=fill)
    return content, mask


def _finish(content: Image.Image, mask: Image.Image) -> Image.Image:
    size = (content.width // SUPERSAMPLE, content.height // SUPERSAMPLE)
    small = content.resize(size, Image.Resampling.LANCZOS)
    small.putalpha(mask.resize(size, Image.Resampling.LANCZOS))
    return small


@cache
def terrain_glyph(terrain: str) -> Image.Image:
    """A hex of terrain: habitable sand, or desert with dunes drawn across it."""
    if terrain == "desert":
        content, mask = _hex_image(DESERT, mix(DESERT, BACKGROUND, 0.4))
        draw = ImageDraw.Draw(content)
        s = SUPERSAMPLE
        for dy in (-14, 0, 14):
            y = content.height / 2 + dy * s
            x = content.width / 2 + (dy // 2) * s
            draw.arc((x - 12 * s, y - 5 * s, x + 12 * s, y + 5 * s), 200, 340, DUNE, 2 * s)
        return _finish(content, mask)
    return _finish(*_hex_image(HABITABLE, mix(HABITABLE, BACKGROUND, 0.35)))


@cache
def city_glyph() -> Image.Image:
    """A city: a walled ring on sand, its number drawn on it with the labels."""
    content, mask = _hex_image(HABITABLE, mix(HABITABLE, BACKGROUND, 0.35))
    s = SUPERSAMPLE
    x, y, r = content.width / 2, content.height / 2 + 4 * s, 13 * s
    ImageDraw.Draw(content).ellipse((x - r, y - r, x + r, y + r), CITY_WALL, TEXT, 2 * s)
    return _finish(content, mask)


@cache
def tile_glyph(kind: str, flipped: bool) -> Image.Image:
    """A company tile: its type's colour, or a flipped (sold) tile's grey with stripes."""
    if flipped:
        content, mask = _hex_image(FLIPPED, mix(FLIPPED, BACKGROUND, 0.5))
        draw = ImageDraw.Draw(content)
        s = SUPERSAMPLE
        for x in range(-content.height, content.width, 9 * s):
            draw.line((x, content.height, x + content.height, 0), mix(FLIPPED, TEXT, 0.15), s)
        inner = Image.new("L", content.size, 0)
        ImageDraw.Draw(inner).polygon(
            _corners(content.width / 2, content.height / 2, (SIZE - 3) * s), fill=255
        )
        edge = Image.new("RGB", content.size, mix(FLIPPED, BACKGROUND, 0.5))
        return _finish(Image.composite(content, edge, inner), mask)
    fill = TYPE_STYLES[kind][0] if kind in TYPE_STYLES else FLIPPED
    return _finish(*_hex_image(fill, mix(fill, BACKGROUND, 0.55)))


def paste_hex(image: Image.Image, glyph: Image.Image, centre: tuple[float, float]) -> None:
    x, y = centre
    image.paste(glyph, (round(x - glyph.width / 2), round(y - glyph.height / 2)), glyph)


#: The region tiles of a map as the public view gives them: (name, centre label, turns).
MapKey = tuple[tuple[str, str, int], ...]


def map_key(view: Board) -> MapKey:
    return tuple((r.name, r.centre, r.turns) for r in view.regions)


def region_hexes(centre: str) -> list[Hex]:
    return hexagon(REGION_RADIUS, parse_label(centre))


@lru_cache(maxsize=32)
def positions(key: MapKey) -> dict[str, tuple[float, float]]:
    """The pixel centre of every hex of the map's regions, by label, the map's top at 0."""
    out: dict[str, tuple[float, float]] = {}
    for island, (_, centre, _) in zip(islands(len(key)), key, strict=True):
        middle = parse_label(centre)
        for hex_ in region_hexes(centre):
            out[hex_.label] = centre_of(island, middle, hex_)
    return out


Connectors = tuple[tuple[str, str], ...]
#: A connector's line in pixels, from one end to the other.
Segment = tuple[tuple[float, float], tuple[float, float]]
#: A box in pixels: left, top, right, bottom.
Box = tuple[float, float, float, float]


#: A map's layer is 2 MB: a render worker keeps those of the last few matches it drew.
@lru_cache(maxsize=8)
def static_layer(
    key: MapKey, land: tuple[tuple[str, Terrain, int | None], ...], connectors: Connectors
) -> Image.Image:
    """The map with nothing that moves: the islands' panels and names, every hex's terrain,
    the connectors, the cities with their numbers and the habitable hexes' labels (over the
    connectors, on a patch of sand where a connector passes under one, so that no line
    crosses a label; tiles go over both). `land` is the public map's hexes that are not
    desert, (label, terrain, city number). Drawn once per map."""
    cells = {label: (terrain, city) for label, terrain, city in land}
    at = positions(key)
    image = Image.new("RGB", (WIDTH, map_height(len(key))), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for island, (name, _, _) in zip(islands(len(key)), key, strict=True):
        draw.rounded_rectangle(
            (island.left - 10, island.top, island.left + ISLAND_W + 10, island.top + HEADER_H - 6),
            radius=8,
            fill=PANEL,
        )
        fonts.draw(image, island.left, island.top + 16, name, 16, TEXT, bold=True)
    for label, centre in at.items():
        terrain, _ = cells.get(label, ("desert", None))
        glyph = {"desert": terrain_glyph("desert"), "city": city_glyph()}.get(terrain)
        paste_hex(image, glyph or terrain_glyph("habitable"), centre)
    lines = [connector_ends(at[a], at[b]) for a, b in connectors]
    for start, end in lines:
        _dashed(draw, start, end)
        connector_dots(draw, (start, end))
    for label, centre in at.items():
        terrain, city = cells.get(label, ("desert", None))
        if terrain == "desert":
            continue
        top = terrain == "city"
        if top:
            number = str(city)
            x, y = centre
            fonts.draw(
                image, x - fonts.width(number, 15, True) / 2, y + 4, number, 15, TEXT, bold=True
            )
        box = label_box(label, centre, top=top)
        if any(crosses(line, box) for line in lines):
            draw.rectangle(box, fill=HABITABLE)
        hex_label(image, label, centre, HABITABLE_INK, top=top)
    return image


def crosses(line: Segment, box: Box) -> bool:
    """Whether a connector's line, as wide as it is drawn, passes over the box: the line
    clipped to the box widened by half the line (Liang-Barsky)."""
    (x0, y0), (x1, y1) = line
    half = CONNECTOR_WIDTH / 2
    left, top, right, bottom = box[0] - half, box[1] - half, box[2] + half, box[3] + half
    dx, dy = x1 - x0, y1 - y0
    low, high = 0.0, 1.0
    for p, q in ((-dx, x0 - left), (dx, right - x0), (-dy, y0 - top), (dy, bottom - y0)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def connector_ends(
    a: tuple[float, float], b: tuple[float, float]
) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where a connector's line starts and stops: at the two hexes' edges, not their middles,
    which hold their labels and tiles."""
    (x0, y0), (x1, y1) = a, b
    length = hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length * SIZE * 0.78, (y1 - y0) / length * SIZE * 0.78
    return (x0 + ux, y0 + uy), (x1 - ux, y1 - uy)


def connector_dots(draw: ImageDraw.ImageDraw, ends: tuple[tuple[float, float], ...]) -> None:
    """A connector's ends, ringed (drawn again over tiles, so that a tile never hides where
    its hex is joined)."""
    for x, y in ends:
        draw.ellipse((x - RING, y - RING, x + RING, y + RING), fill=CONNECTOR, outline=DARK_TEXT)


def tile_end(
    label: str, centre: tuple[float, float], end: tuple[float, float], sold: str
) -> tuple[float, float]:
    """Where a connector's end is ringed over the company tile on hex `label`: at its end, or
    further out along the connector towards the tile's rim until the ring covers neither the
    tile's label nor its owner's badge (or the word `sold` of a sold tile, GOVT)."""
    (cx, cy), (ex, ey) = centre, end
    length = hypot(ex - cx, ey - cy)
    ux, uy = (ex - cx) / length, (ey - cy) / length
    half = max(BADGE, fonts.width(sold, 10, True)) / 2
    clear = (
        label_box(label, centre, top=True),
        (cx - half, cy + MARK_DY - BADGE / 2, cx + half, cy + MARK_DY + BADGE / 2),
    )
    along = length
    while along < SIZE and any(_ring_over((cx + ux * along, cy + uy * along), b) for b in clear):
        along += 0.5
    return cx + ux * along, cy + uy * along


def _ring_over(at: tuple[float, float], box: Box) -> bool:
    """Whether a connector's ring at `at` touches the box."""
    x = min(max(at[0], box[0]), box[2])
    y = min(max(at[1], box[1]), box[3])
    return hypot(at[0] - x, at[1] - y) < RING + 1


def _dashed(
    draw: ImageDraw.ImageDraw, start: tuple[float, float], end: tuple[float, float]
) -> None:
    dash, gap = 8.0, 5.0
    length = hypot(end[0] - start[0], end[1] - start[1])
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    along = 0.0
    while along < length:
        stop = min(length, along + dash)
        segment = (
            start[0] + ux * along,
            start[1] + uy * along,
            start[0] + ux * stop,
            start[1] + uy * stop,
        )
        draw.line(segment, fill=DARK_TEXT, width=CONNECTOR_WIDTH)
        draw.line(segment, fill=CONNECTOR, width=CONNECTOR_WIDTH // 2)
        along = stop + gap


def _label_place(label: str, at: tuple[float, float], top: bool) -> tuple[float, float, int]:
    """Where a hex's label is drawn: the left of its text, the middle of its capitals, and
    its size."""
    size = 11 if top else 14
    y = at[1] - SIZE * 0.58 if top else at[1]
    return at[0] - fonts.width(label, size, not top) / 2, y, size


def hex_label(
    image: Image.Image, label: str, at: tuple[float, float], ink: RGB, *, top: bool
) -> None:
    """A hex's label, at the top of the hex or in its middle."""
    x, y, size = _label_place(label, at, top)
    fonts.draw(image, x, y, label, size, ink, bold=not top)


def label_box(label: str, at: tuple[float, float], *, top: bool) -> Box:
    """The box around a hex's label, with a little sand around its letters: what a
    connector must not cross."""
    x, y, size = _label_place(label, at, top)
    half = fonts.cap_height(size, not top) / 2 + LABEL_PAD
    return x - LABEL_PAD, y - half, x + fonts.width(label, size, not top) + LABEL_PAD, y + half


#: An owner's badge's width, in pixels, and how far below a tile's middle it (or a sold
#: tile's GOVT) is.
BADGE = 18
MARK_DY = 17


@lru_cache(maxsize=16)
def owner_glyph(letter: str, fill: RGB, ink: RGB) -> Image.Image:
    """An owner's badge: a disc of the seat's colour with its letter, ringed in dark."""
    s = BADGE * SUPERSAMPLE
    content = Image.new("RGB", (s, s), DARK_TEXT)
    mask = Image.new("L", (s, s), 0)
    ImageDraw.Draw(mask).ellipse((0, 0, s - 1, s - 1), fill=255)
    ring = SUPERSAMPLE * 2
    ImageDraw.Draw(content).ellipse((ring, ring, s - 1 - ring, s - 1 - ring), fill=fill)
    size = round(s * 0.6)
    fonts.draw(
        content, (s - fonts.width(letter, size, True)) / 2, s / 2, letter, size, ink, bold=True
    )
    return _finish(content, mask)


@lru_cache(maxsize=512)
def tile_image(
    kind: str,
    flipped: bool,
    label: str,
    mark: str,
    owner: tuple[str, RGB, RGB] | None,
    sold: str,
) -> Image.Image:
    """A company tile as drawn on the map: its hex, its label at the top, its mark ("W12")
    and its owner's badge (a sold tile says `sold`, GOVT, instead). Kept: a map's tiles stay
    where they are from one picture to the next."""
    glyph = tile_glyph(kind, flipped).copy()
    ink = FLIPPED_INK if flipped else TYPE_STYLES[kind][1]
    middle = (glyph.width / 2, glyph.height / 2)
    hex_label(glyph, label, middle, ink, top=True)
    x, y = middle
    fonts.draw(glyph, x - fonts.width(mark, 16, True) / 2, y + 1, mark, 16, ink, bold=True)
    if owner is None:
        govt = x - fonts.width(sold, 10, True) / 2
        fonts.draw(glyph, govt, y + MARK_DY, sold, 10, ink, bold=True)
    else:
        badge = owner_glyph(*owner)
        glyph.alpha_composite(badge, (round(x - BADGE / 2), round(y + MARK_DY - BADGE / 2)))
    return glyph
