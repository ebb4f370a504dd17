"""The season standings image: pure, from the public standings only (entries of matches still
running are not in them), so it shows nothing a member of the server may not know.

`standings_board(data)` takes the JSON form made by `standings_data` (it crosses to a
render worker process): the season's name and status, the prize pool, and one row per
member with garnets, tokens of life, candidacies and whether they are eliminated.
"""

from __future__ import annotations

from typing import Any

from games.core.drawing import BadgeStyle, Board, Canvas, Column, Table, Text
from games.core.drawing.canvas import FOOTER_LINE, wrap_footer
from games.core.drawing.palette import (
    BAD,
    BAD_BG,
    FAINT,
    GARNET,
    GOLD,
    MUTED,
    PANEL,
    ROW_ALT,
    TEXT,
    mix,
)
from games.core.drawing.words import plural

WIDTH = 800
MARGIN = 28
ROW = 40
ELIMINATED = BadgeStyle(BAD, BAD_BG)

#: What the standings, a history and the export say while a match of the season runs: its
#: entries are left out, without how many (AA-D9).
WITHHELD = "Entries of matches still running show when those matches end."


def standings_board(data: dict[str, Any]) -> Board:
    rows: list[dict[str, Any]] = data["rows"]
    footer = wrap_footer(_footer(data), WIDTH, MARGIN)
    height = 100 + 20 + 34 + ROW * max(1, len(rows)) + 14 + FOOTER_LINE * len(footer) + 14
    canvas = Canvas(WIDTH, height)
    notes = [f"prize pool ${data['pool']}", "open" if data["open"] else "ended"]
    top = canvas.title_bar("SEASON STANDINGS", data["season"], notes, margin=MARGIN) + 20
    table = Table(
        canvas,
        MARGIN,
        WIDTH - MARGIN,
        [
            Column("", 40, "center"),
            Column("Member", 0),
            Column("Garnets", 90, "right"),
            Column("Tokens of life", 130, "right"),
            Column("Candidate", 100, "right"),
            Column("", 110, "center"),
        ],
        row_height=ROW,
        gap=12,
        size=18,
    )
    top = table.header(top)
    if not rows:
        canvas.text(MARGIN, top + ROW // 2, "Nobody is enrolled yet.", size=18, fill=MUTED)
        top += ROW
    for i, row in enumerate(rows):
        out = bool(row["eliminated"])
        fill = mix(BAD_BG, PANEL, 0.5) if out else PANEL if i % 2 == 0 else ROW_ALT
        top = table.row(
            top,
            [
                Text(str(i + 1), MUTED),
                Text(row["name"], FAINT if out else TEXT, not out),
                Text(str(row["garnets"]), GARNET, True),
                Text(str(row["tokens"]), GOLD, True),
                Text(f"×{row['candidacies']}" if row["candidacies"] else "·", MUTED),
                _eliminated if out else None,
            ],
            fill=fill,
        )
    canvas.footer(footer, margin=MARGIN, top=top + 14)
    return Board(canvas.png(), _alt(data), "season-standings.png")


def _eliminated(canvas: Canvas, x: int, middle: int, width: int) -> None:
    canvas.badge(x, middle, "Eliminated", ELIMINATED, size=12)


def _footer(data: dict[str, Any]) -> list[str]:
    lines = [
        "Garnets are dealt into each match of the season and can be traded for $10; "
        "prizes and elimination candidates come from each match's end."
    ]
    if data["running"]:
        lines.append(WITHHELD)
    return lines


def _alt(data: dict[str, Any]) -> str:
    state = "open" if data["open"] else "ended"
    parts = [
        f"{season_called(data['season'], capital=True)} standings ({state}); "
        f"prize pool ${data['pool']}."
    ]
    if not data["rows"]:
        parts.append("Nobody is enrolled yet.")
    for i, row in enumerate(data["rows"], start=1):
        status = ", eliminated" if row["eliminated"] else ""
        candidate = (
            f", elimination candidate {row['candidacies']} times" if row["candidacies"] else ""
        )
        parts.append(
            f"{i}. {row['name']}: {plural(row['garnets'], 'garnet')}, "
            f"{plural(row['tokens'], 'token of life', 'tokens of life')}"
            f"{candidate}{status}."
        )
    return " ".join(parts)


def season_called(name: str, *, capital: bool = False) -> str:
    """How a sentence names a season: "season Spring", or "Season 1" for a season whose
    name already says it (never "season Season 1")."""
    if name.lower().startswith("season"):
        return name
    return f"{'Season' if capital else 'season'} {name}"
