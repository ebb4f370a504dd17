"""The drawing toolkit every game's board images are made with (rendering stays pure: a view
or event in, PNG bytes out; fonts and glyphs are loaded once and cached).

- `fonts`: the bundled faces of `assets/fonts/`, chosen per character; measuring, drawing and
  shortening text;
- `palette`: the board colours and the colour-blind-safe cube colours;
- `Canvas`: rounded panels, text, badges, cubes, the title bar, PNG output;
- `Table`: columns and rows;
- `Board`: what a render function returns, the PNG with its alt text (`drawing(False)`: its
  words alone);
- `styles`: the badge styles the boards share, each named for what it marks;
- `words`: lists, counts and places in words, shared by images and alt texts.
"""

from games.core.drawing import fonts, palette
from games.core.drawing.board import Board, NameSource, drawing, namer
from games.core.drawing.canvas import BadgeStyle, Canvas, cube_glyph, png_bytes
from games.core.drawing.table import Cell, Column, Table, Text

__all__ = [
    "BadgeStyle",
    "Board",
    "Canvas",
    "Cell",
    "Column",
    "NameSource",
    "Table",
    "Text",
    "cube_glyph",
    "drawing",
    "fonts",
    "namer",
    "palette",
    "png_bytes",
]
