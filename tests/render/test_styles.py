"""The badge styles the boards share are named once, in `games.core.drawing.styles` (issue 40):
a game's render that wants one of their looks uses the name, it does not set it up again."""

from __future__ import annotations

import ast
from pathlib import Path

from games.core.drawing import styles
from games.core.drawing.canvas import BadgeStyle

ROOT = Path(__file__).parent.parent.parent
#: The renders that use the shared styles (Atrades' and the Mars Auction's adopt them later).
RENDERS = ("games/project_mars", "games/auction_auction", "games/marsbot_draft")


def set_up_again(text: str) -> list[str]:
    """Each `BadgeStyle(INK, FILL)` of palette names that a named style already is."""
    named = {(s.ink, s.fill) for s in vars(styles).values() if isinstance(s, BadgeStyle)}
    palette = vars(styles)
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "BadgeStyle":
            args = [a.id for a in node.args if isinstance(a, ast.Name) and a.id in palette]
            if len(args) == 2 and (palette[args[0]], palette[args[1]]) in named:
                found.append(ast.unparse(node))
    return found


def test_a_style_set_up_again_is_found() -> None:
    assert set_up_again("X = BadgeStyle(DARK_TEXT, GOLD)\nY = BadgeStyle(ink, fill)\n") == [
        "BadgeStyle(DARK_TEXT, GOLD)"
    ]


def test_the_renders_use_the_named_styles() -> None:
    for folder in RENDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            assert set_up_again(path.read_text()) == [], path
