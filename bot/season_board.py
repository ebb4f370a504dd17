"""The season standings image: pure, from the public standings only (entries of matches still
running are not in them), so it shows nothing a member of the server may not know.

`standings_board(data)` takes the JSON form made by `standings_data` (it crosses to a
render worker process): the season's name and status, the prize pool, and one row per
member with garnets, tokens of life, candidacies and whether they are eliminated.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from bot.i18n import N_, _, ngettext
from games.core.drawing import BadgeStyle, Board, Canvas, Column, Table, Text
from games.core.drawing.board import ALT_TEXT
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

WIDTH = 800
MARGIN = 28
ROW = 40
ELIMINATED = BadgeStyle(BAD, BAD_BG)

#: What the standings, a history and the export say while a match of the season runs: its
#: entries are left out, without how many (AA-D9).
WITHHELD = N_("Entries of matches still running show when those matches end.")


def standings_board(data: dict[str, Any]) -> Board:
    """A season's standings, from its public standings (`bot.seasons.standings_data`)."""
    return Board.drawn(partial(_standings_board_png, data), _alt(data), "season-standings.png")


def _standings_board_png(data: dict[str, Any]) -> bytes:
    """`standings_board`'s picture, its PNG."""
    rows: list[dict[str, Any]] = data["rows"]
    footer = wrap_footer(_footer(data), WIDTH, MARGIN)
    height = 100 + 20 + 34 + ROW * max(1, len(rows)) + 14 + FOOTER_LINE * len(footer) + 14
    canvas = Canvas(WIDTH, height)
    notes = [
        _("prize pool ${pool}").format(pool=data["pool"]),
        _("open") if data["open"] else _("ended"),
    ]
    top = canvas.title_bar(_("SEASON STANDINGS"), data["season"], notes, margin=MARGIN) + 20
    table = Table(
        canvas,
        MARGIN,
        WIDTH - MARGIN,
        [
            Column("", 40, "center"),
            Column(_("Member"), 0),
            Column(_("Garnets"), 90, "right"),
            Column(_("Tokens of life"), 130, "right"),
            Column(_("Candidate"), 100, "right"),
            Column("", 110, "center"),
        ],
        row_height=ROW,
        gap=12,
        size=18,
    )
    top = table.header(top)
    if not rows:
        canvas.text(MARGIN, top + ROW // 2, _("Nobody is enrolled yet."), size=18, fill=MUTED)
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
    return canvas.png()


def _eliminated(canvas: Canvas, x: int, middle: int, width: int) -> None:
    canvas.badge(x, middle, _("Eliminated"), ELIMINATED, size=12)


def _footer(data: dict[str, Any]) -> list[str]:
    lines = [
        _(
            "Garnets are dealt into each match of the season and can be traded for $10; "
            "prizes and elimination candidates come from each match's end."
        )
    ]
    if data["running"]:
        lines.append(_(WITHHELD))
    return lines


def _alt(data: dict[str, Any]) -> str:
    """The standings in words, each member's row said whole; where that runs past an alt
    text's `ALT_TEXT` (in the language in force: twelve members in a language longer than
    English), each row's numbers after one sentence that names them, and as many rows as fit
    with a count of the rest, which the image shows: an alt text is never cut."""
    season = season_called(data["season"], capital=True)
    head = (
        _("{season} standings (open); prize pool ${pool}.")
        if data["open"]
        else _("{season} standings (ended); prize pool ${pool}.")
    ).format(season=season, pool=data["pool"])
    rows: list[dict[str, Any]] = data["rows"]
    if not rows:
        return f"{head} {_('Nobody is enrolled yet.')}"
    whole = " ".join([head, *(_row(i, row, short=False) for i, row in enumerate(rows, 1))])
    if len(whole) <= ALT_TEXT:
        return whole
    said = [
        head,
        _(
            "Each member's garnets and tokens of life, and how many times they were an "
            "elimination candidate:"
        ),
    ]
    for i, row in enumerate(rows, start=1):
        line = _row(i, row, short=True)
        if len(" ".join([*said, line, _more(len(rows) - i)])) > ALT_TEXT:
            return " ".join([*said, _more(len(rows) - i + 1)])
        said.append(line)
    return " ".join(said)


def _more(count: int) -> str:
    """How many members' rows the alt text leaves to the image (none: nothing)."""
    return (
        ngettext(
            "{count} more member is in the image.", "{count} more members are in the image.", count
        ).format(count=count)
        if count
        else ""
    )


def _row(place: int, row: dict[str, Any], *, short: bool) -> str:
    """A member's row of the standings in words: their garnets, tokens of life, times an
    elimination candidate and whether they are eliminated; `short`, the numbers alone."""
    candidacies = row["candidacies"]
    if short:
        said = [str(row["garnets"]), str(row["tokens"])]
        if candidacies:
            said.append(f"×{candidacies}")
    else:
        said = [garnets_of(row["garnets"]), tokens_of(row["tokens"])]
        if candidacies:
            said.append(
                ngettext(
                    "elimination candidate {count} time",
                    "elimination candidate {count} times",
                    candidacies,
                ).format(count=candidacies)
            )
    if row["eliminated"]:
        said.append(_("eliminated"))
    # TRANSLATORS: a member's row of the standings: {place} their place, {said} their
    # garnets, tokens of life and the rest, apart by commas.
    return _("{place}. {member}: {said}.").format(
        place=place, member=row["name"], said=", ".join(said)
    )


def garnets_of(n: int, *, sign: bool = False) -> str:
    """ "1 garnet", "3 garnets", "-1 garnet" (with `sign`: "+3 garnets"), in the language in
    force."""
    count = f"{n:+d}" if sign else str(n)
    return ngettext("{count} garnet", "{count} garnets", abs(n)).format(count=count)


def tokens_of(n: int, *, sign: bool = False) -> str:
    """ "1 token of life", "2 tokens of life" (with `sign`: "+2 tokens of life"), in the
    language in force."""
    count = f"{n:+d}" if sign else str(n)
    return ngettext("{count} token of life", "{count} tokens of life", abs(n)).format(count=count)


def season_called(name: str, *, capital: bool = False) -> str:
    """How a sentence names a season: "season Spring", or "Season 1" for a season whose
    name already says it (never "season Season 1"), in the language in force."""
    if name.lower().startswith("season"):
        return name
    # TRANSLATORS: a season by its name, as a sentence names it (Czech: the name alone in
    # quotes, „{name}“, the sentence saying "sezóna" in its case; Korean: "{name} 시즌").
    said = _("Season {name}") if capital else _("season {name}")
    return said.format(name=name)
