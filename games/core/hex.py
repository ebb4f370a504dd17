"""Hex maps, game-free: axial coordinates, neighbours, distance, connectors, the labels people
type ("B4") and tiles of hexes placed on a board at an offset and a rotation.

Conventions are those of the Red Blob Games guide to hexagonal grids: axial `(q, r)` with the
implied cube coordinate `s = -q - r`; the six directions in the guide's order. A label names
the column by letters (`A` is q = 0, `Z` q = 25, `AA` q = 26, as spreadsheets count) and the
row by its number from 1 (r = 0 is row 1), so "B4" is (1, 3). Only hexes with q, r >= 0 have a
label: boards are laid out there.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from typing import NamedTuple, TypeVar

from games.core.errors import RuleError, typed
from games.core.speech import N_

T = TypeVar("T")

_LABEL = re.compile(r"([A-Z]+)([0-9]+)")
#: Labels beyond this many columns or rows are refused as typing mistakes, not boards.
MAX_INDEX = 10_000


class Hex(NamedTuple):
    """One hex in axial coordinates."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: object) -> Hex:
        if not isinstance(other, Hex):
            return NotImplemented
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: object) -> Hex:
        if not isinstance(other, Hex):
            return NotImplemented
        return Hex(self.q - other.q, self.r - other.r)

    def neighbours(self) -> list[Hex]:
        """The six hexes sharing an edge, in the guide's direction order."""
        return list(_neighbours(self.q, self.r))

    def distance(self, other: Hex) -> int:
        """Steps between the two hexes along neighbours (the cube distance)."""
        d = self - other
        return max(abs(d.q), abs(d.r), abs(d.s))

    def rotated(self, turns: int) -> Hex:
        """This hex turned about (0, 0) by `turns` sixths of a circle clockwise (negative:
        anticlockwise): one turn takes cube (q, r, s) to (-r, -s, -q)."""
        hex_ = self
        for _ in range(turns % 6):
            hex_ = Hex(-hex_.r, -hex_.s)
        return hex_

    @property
    def label(self) -> str:
        """What a person types for this hex: column letters, then the row number ("B4")."""
        return _label(self.q, self.r)


#: The six directions, east first then anticlockwise as the guide lists them.
DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
)
#: The centre tiles are drawn around.
ORIGIN = Hex(0, 0)


# Neighbours and labels are asked for hundreds of thousands of times in a match (every
# company's surroundings, every map view) of a few hundred hexes: each is worked out once.
@lru_cache(maxsize=4096)
def _neighbours(q: int, r: int) -> tuple[Hex, ...]:
    return tuple(Hex(q + d.q, r + d.r) for d in DIRECTIONS)


@lru_cache(maxsize=4096)
def _label(q: int, r: int) -> str:
    if q < 0 or r < 0:
        raise ValueError(f"The hex ({q}, {r}) is off the labelled board.")
    letters = ""
    column = q + 1
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{r + 1}"


class BadLabel(RuleError, ValueError):
    """A text that is no hex's label: a refusal to the person who typed it (`bad_hex`), and
    a ValueError to code that reads labels it wrote itself."""


@lru_cache(maxsize=4096)
def parse_label(text: str) -> Hex:
    """The hex a person named: letters then a row number, case and surrounding spaces
    ignored ("b4", " B4 "). Anything else is refused with a ValueError saying what a label
    looks like."""
    cleaned = text.strip().upper()
    match = _LABEL.fullmatch(cleaned)
    if match is None:
        raise BadLabel(
            "bad_hex",
            N_("{text} is not a hex: write its column letter and row number, like B4."),
            text=typed(text),
        )
    letters, digits = match.groups()
    column = 0
    for letter in letters:
        column = column * 26 + ord(letter) - ord("A") + 1
    row = int(digits)
    if row < 1:
        raise BadLabel(
            "bad_hex", N_("{text} is not a hex: rows are numbered from 1."), text=typed(cleaned)
        )
    if column > MAX_INDEX or row > MAX_INDEX:
        raise BadLabel("bad_hex", N_("{text} is not a hex on any board."), text=typed(cleaned))
    return Hex(column - 1, row - 1)


def hexagon(radius: int, centre: Hex = ORIGIN) -> list[Hex]:
    """Every hex within `radius` steps of `centre`, row by row (r, then q)."""
    return [
        centre + Hex(q, r)
        for r in range(-radius, radius + 1)
        for q in range(max(-radius, -r - radius), min(radius, -r + radius) + 1)
    ]


def place(tile: Mapping[Hex, T], offset: Hex, turns: int = 0) -> dict[Hex, T]:
    """A tile drawn around its own (0, 0), turned by `turns` sixths and moved to `offset`."""
    return {hex_.rotated(turns) + offset: value for hex_, value in tile.items()}


class Links:
    """Adjacency on a board: hexes sharing an edge, plus connectors (pairs of hexes joined
    across the map, adjacent "in all aspects")."""

    def __init__(self, connectors: Iterable[tuple[Hex, Hex]] = ()) -> None:
        self._extra: dict[Hex, set[Hex]] = {}
        for a, b in connectors:
            if a == b:
                raise ValueError(f"A connector joins two hexes, not {a.label} to itself.")
            self._extra.setdefault(a, set()).add(b)
            self._extra.setdefault(b, set()).add(a)

    def neighbours(self, hex_: Hex) -> list[Hex]:
        """The hexes next to `hex_`: its six, then those its connectors reach, sorted."""
        six = hex_.neighbours()
        extra = self._extra.get(hex_)
        return [*six, *sorted(extra - set(six))] if extra else six

    def adjacent(self, a: Hex, b: Hex) -> bool:
        return a.distance(b) == 1 or b in self._extra.get(a, set())

    def touching(self, group: Iterable[Hex], other: Iterable[Hex]) -> bool:
        """Whether some hex of `group` is adjacent to some hex of `other`."""
        others = set(other)
        return any(n in others for h in group for n in self.neighbours(h))

    def around(self, group: Iterable[Hex]) -> Iterator[Hex]:
        """The hexes adjacent to `group` and not in it, each once, in a fixed order."""
        members = set(group)
        seen: set[Hex] = set()
        for hex_ in sorted(members):
            for n in self.neighbours(hex_):
                if n not in members and n not in seen:
                    seen.add(n)
                    yield n
