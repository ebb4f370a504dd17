"""The colours of every board: a dark card that reads on Discord's dark and light themes alike,
and cube colours from the Okabe-Ito palette, which people with any common colour-vision
deficiency can tell apart (each cube also carries its letter, so colour is never the only
cue)."""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]

BACKGROUND: RGB = (24, 26, 32)
PANEL: RGB = (35, 38, 47)
PANEL_RAISED: RGB = (45, 49, 60)
ROW_ALT: RGB = (30, 33, 41)
LINE: RGB = (62, 67, 80)
TEXT: RGB = (238, 240, 244)
MUTED: RGB = (160, 167, 180)
FAINT: RGB = (110, 117, 131)
ACCENT: RGB = (242, 190, 80)

GOOD: RGB = (94, 214, 176)
GOOD_BG: RGB = (28, 64, 56)
WARN: RGB = (255, 176, 92)
WARN_BG: RGB = (78, 52, 24)
BAD: RGB = (255, 138, 138)
BAD_BG: RGB = (84, 34, 40)
GOLD: RGB = (242, 190, 80)
GOLD_BG: RGB = (77, 60, 24)
SILVER: RGB = (205, 212, 222)
BRONZE: RGB = (222, 150, 100)
GARNET: RGB = (232, 96, 120)
DARK_TEXT: RGB = (24, 26, 32)

#: Up to five seats at a table: Okabe-Ito sky blue, orange, bluish green, reddish purple and
#: yellow, each with the ink its letter needs; a seat's letter (A to E) always goes with its
#: colour.
SEATS: tuple[tuple[RGB, RGB], ...] = (
    ((86, 180, 233), DARK_TEXT),
    ((230, 159, 0), DARK_TEXT),
    ((0, 158, 115), (255, 255, 255)),
    ((204, 121, 167), DARK_TEXT),
    ((240, 228, 66), DARK_TEXT),
)
SEAT_LETTERS = "ABCDE"


@dataclass(frozen=True, slots=True)
class CubeColour:
    """How one cube colour is drawn: its fill, its letter and the letter's colour."""

    name: str
    fill: RGB
    letter: str
    ink: RGB


#: Okabe-Ito: vermillion, yellow, bluish green, blue, reddish purple.
CUBES: dict[str, CubeColour] = {
    "red": CubeColour("red", (213, 94, 0), "R", (255, 255, 255)),
    "yellow": CubeColour("yellow", (240, 228, 66), "Y", DARK_TEXT),
    "green": CubeColour("green", (0, 158, 115), "G", (255, 255, 255)),
    "blue": CubeColour("blue", (0, 114, 178), "B", (255, 255, 255)),
    "purple": CubeColour("purple", (204, 121, 167), "P", DARK_TEXT),
}


def cube_colour(name: str) -> CubeColour:
    """The drawing of a cube colour; an unknown colour gets a grey cube with its initial."""
    known = CUBES.get(name)
    if known is not None:
        return known
    return CubeColour(name, (128, 134, 148), (name[:1] or "?").upper(), (255, 255, 255))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """`a` moved a fraction `t` of the way to `b`."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )
