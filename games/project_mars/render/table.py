"""`public_board`: the table everyone looks at (both fields, the counts, what happens now),
and its alt text."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from games.core.drawing import Board, Canvas, NameSource, fonts, namer
from games.core.drawing.board import ALT_TEXT
from games.core.drawing.canvas import FOOTER_LINE, wrap_footer
from games.core.drawing.palette import ACCENT, MUTED, PANEL, PANEL_RAISED, TEXT
from games.core.drawing.styles import HIGHLIGHT
from games.core.drawing.words import listed
from games.core.speech import N_, _, ngettext
from games.project_mars.model import CardFace
from games.project_mars.render.field import (
    GAP,
    KICKER,
    KINDS,
    LABEL_W,
    LANE_STRIP,
    MARGIN,
    ROW_GAP,
    TILE_H,
    WIDTH,
    Name,
    card_words,
    draw_field,
    field_words,
    lane_strip,
    lane_totals,
    lanes_words,
    seat_colour,
    vehicle_names,
)
from games.project_mars.views import PublicView, SideView

HEADER_H = 50
CHIP_H = 30
TURN = HIGHLIGHT


def _side_header(
    canvas: Canvas,
    top: int,
    side: SideView,
    players: Sequence[str],
    name: Name,
    *,
    turn: bool,
    tpr: int | None,
    note: str,
) -> int:
    player = side.player
    colour = seat_colour(players, player)
    canvas.rect((MARGIN, top, WIDTH - MARGIN, top + HEADER_H), PANEL, radius=12)
    canvas.rect((MARGIN, top, MARGIN + 8, top + HEADER_H), colour, radius=4)
    middle = top + HEADER_H // 2
    right = WIDTH - MARGIN - 16
    if tpr is not None:
        right -= canvas.text(right, middle, f"TPR {tpr}", size=20, bold=True, align="right")
        right -= 16
    won = _("rounds won {wins}").format(wins=side.wins)
    right -= canvas.text(right, middle, won, size=14, fill=MUTED, align="right")
    right -= 18
    x = MARGIN + 22
    if turn:
        room = right - x
        x += canvas.badge(x, middle, _("to act"), TURN, size=12) + 10
        right = x + room - 10
    canvas.text(
        x, middle - 10, name(player), size=19, bold=True, fill=TEXT, max_width=max(40, right - x)
    )
    canvas.text(x, middle + 12, note, size=13, fill=MUTED, max_width=max(40, right - x))
    return top + HEADER_H


def _counts(side: SideView) -> str:
    parts = [
        _("hand {count}").format(count=side.hand_count),
        _("deck {count}").format(count=side.deck_count),
        _("junkyard {count}").format(count=side.junkyard_count),
    ]
    if side.back_hand_count:
        parts.append(_("back hand {count}").format(count=side.back_hand_count))
    utility = side.utility_played
    parts.append(_("utility: {card}").format(card=utility.name) if utility else _("utility unused"))
    return " · ".join(parts)


def _chips(canvas: Canvas, top: int, label: str, cards: Sequence[CardFace]) -> int:
    """A labelled strip of small face-up cards (revealed hand cards); returns the y below."""
    if not cards:
        return top
    x = MARGIN + LABEL_W + GAP
    canvas.text(
        MARGIN + 4, top + CHIP_H // 2, label, size=12, bold=True, fill=ACCENT, max_width=LABEL_W + 4
    )
    y = top
    for card in cards:
        text = card_words(card)
        w = fonts.width(text, 13, True) + 30
        if x + w > WIDTH - MARGIN and x > MARGIN + LABEL_W + GAP:
            x = MARGIN + LABEL_W + GAP
            y += CHIP_H + 6
        fill, _, _ = KINDS.get(card.kind, (PANEL_RAISED, TEXT, ""))
        canvas.rect((x, y, x + w, y + CHIP_H), PANEL_RAISED, radius=8)
        canvas.rect((x, y, x + 8, y + CHIP_H), fill, radius=4)
        canvas.text(
            x + 16, y + CHIP_H // 2, text, size=13, bold=True, max_width=WIDTH - MARGIN - x - 20
        )
        x += w + 8
    return y + CHIP_H


def _chip_rows(cards: Sequence[CardFace]) -> int:
    """How many lines `_chips` takes."""
    if not cards:
        return 0
    rows, x = 1, MARGIN + LABEL_W + GAP
    for card in cards:
        w = fonts.width(card_words(card), 13, True) + 30
        if x + w > WIDTH - MARGIN and x > MARGIN + LABEL_W + GAP:
            rows += 1
            x = MARGIN + LABEL_W + GAP
        x += w + 8
    return rows


def _chips_height(cards: Sequence[CardFace]) -> int:
    rows = _chip_rows(cards)
    return rows * CHIP_H + (rows - 1) * 6 + 10 if rows else 0


def title(view: PublicView, name: Name, viewer: str | None) -> tuple[str, str]:
    """The image's title, as its two parts: the round ("Round 2", "Match over") and what
    happens in it ("ann's turn")."""
    phase = view.phase
    round_ = _("Round {round}").format(round=view.round)
    if phase == "ended":
        winner = None if view.result is None else view.result.winner
        over = _("{player} wins").format(player=name(winner)) if winner else _("a draw")
        return _("Match over"), over
    if phase == "turn" and view.turn:
        if view.turn == viewer:
            return round_, _("Your turn")
        return round_, _("{player}'s turn").format(player=name(view.turn))
    if phase == "choice" and view.pending:
        chooser = view.pending.player
        if chooser == viewer:
            return round_, _("You choose")
        return round_, _("{player} chooses").format(player=name(chooser))
    if phase == "mulligan":
        return round_, _("your back hand") if keeping(view, viewer) else _("mulligan")
    return round_, _(PHASE_WORDS[phase]) if phase in PHASE_WORDS else phase


#: What the table's title says of a phase without a title of its own.
PHASE_WORDS = {
    "deck": N_("choosing decks"),
    "turn": N_("turn"),
    "choice": N_("a choice"),
}


def keeping(view: PublicView, viewer: str | None) -> bool:
    """The viewer chooses which back-hand cards to keep now (a round's start, PM-9)."""
    return (
        view.phase == "mulligan"
        and viewer in view.to_act
        and viewer in view.sides
        and not view.sides[viewer].kept
    )


def notes(view: PublicView, name: Name) -> list[str]:
    wins = " – ".join(str(view.sides[p].wins) for p in view.players)
    notes = [_("rounds won {wins}").format(wins=wins)]
    if view.immune:
        notes.append(_("Toxic Gas: no reveals"))
    elif view.passes:
        notes.append(
            ngettext("{count} pass in a row", "{count} passes in a row", view.passes).format(
                count=view.passes
            )
        )
    return notes


def _order(players: Sequence[str], viewer: str | None) -> tuple[str, str]:
    """(top player, bottom player): the viewer sits at the bottom, else the first seat."""
    bottom = viewer if viewer is not None and viewer in players else players[0]
    top = next(p for p in players if p != bottom)
    return top, bottom


def draw_table(
    canvas: Canvas,
    top: int,
    view: PublicView,
    name: Name,
    viewer: str | None,
) -> int:
    """Both sides of the table: headers, revealed cards, fields and the lanes between."""
    players = list(view.players)
    upper, lower = _order(players, viewer)
    sides = view.sides
    fields = {p: sides[p].field for p in players}
    boosts = vehicle_names(fields)
    tpr = view.projection.tpr
    acting = set(view.to_act) if view.phase in ("turn", "choice") else set()
    common: dict[str, Any] = {"name": name, "players": players, "viewer": viewer, "boosts": boosts}

    y = _side_header(
        canvas,
        top,
        sides[upper],
        players,
        name,
        turn=upper in acting,
        tpr=tpr.get(upper),
        note=_counts(sides[upper]),
    )
    y += 8
    if sides[upper].revealed:
        y = _chips(canvas, y, _("REVEALED"), sides[upper].revealed) + 8
    y = draw_field(canvas, y, fields[upper], top_side=True, **common) + 8
    y = (
        lane_strip(
            canvas,
            y,
            players,
            view.projection.lanes,
            lane_totals(players, fields),
            lower,
            name,
        )
        + 8
    )
    y = draw_field(canvas, y, fields[lower], top_side=False, **common) + 8
    if sides[lower].revealed:
        y = _chips(canvas, y, _("REVEALED"), sides[lower].revealed) + 8
    y = _side_header(
        canvas,
        y,
        sides[lower],
        players,
        name,
        turn=lower in acting,
        tpr=tpr.get(lower),
        note=_counts(sides[lower]),
    )
    return y


def table_height(view: PublicView) -> int:
    height = 2 * HEADER_H + 2 * (2 * TILE_H + ROW_GAP) + LANE_STRIP + 4 * 8 + 8
    for side in view.sides.values():
        if side.revealed:
            height += _chips_height(side.revealed) - 2
    return height


def table_footer() -> list[str]:
    return [
        _(
            "A lane goes to the side with more PWR in it (+1 TPR); two cards facing an empty "
            "column win it. TPR is counted when both players pass: the figures show it as the "
            "fields stand."
        ),
        _(
            "Face-down cards are traps set by the other side: they count for nobody until "
            "triggered."
        ),
    ]


def public_board(view: PublicView, names: NameSource) -> Board:
    """The table after a move, from the public view: what everyone in the channel may see."""
    name = namer(names)
    return Board.drawn(
        partial(_public_board_png, view, name),
        table_alt(view, name, None),
        f"round-{view.round}-table.png",
    )


def _public_board_png(view: PublicView, name: Name) -> bytes:
    """`public_board`'s picture, its PNG."""
    footer = wrap_footer(table_footer(), WIDTH, MARGIN)
    height = 100 + 16 + table_height(view) + 12 + FOOTER_LINE * len(footer) + 12
    canvas = Canvas(WIDTH, height)
    headline = " · ".join(title(view, name, None))
    top = canvas.title_bar(KICKER, headline, notes(view, name), margin=MARGIN) + 16
    top = draw_table(canvas, top, view, name, None)
    canvas.footer(footer, margin=MARGIN, top=top + 12)
    return canvas.png()


def table_alt(view: PublicView, name: Name, viewer: str | None) -> str:
    """The table in words: the same facts as the image, and nothing else; where that runs
    past an alt text's `ALT_TEXT` (in the language in force), said shorter (`table_words`'s
    `level`): an alt text is never cut."""
    for level in SHORTER:
        said = table_words(view, name, viewer, level=level)
        if len(said) <= ALT_TEXT:
            break
    return said


#: How short the table is said (`table_words`): 0 whole; 1 the fields row by row and the
#: lanes with the players named once; 2 as 1, without the rounds won and the cards left in
#: hand, deck and junkyard (the image and the status message give them); 3 as 2, with the
#: TPR if the round ended now and not each lane's winner (the image gives them: a 1-on-1
#: with long names, in a language longer than English).
SHORTER = (0, 1, 2, 3)


def table_words(view: PublicView, name: Name, viewer: str | None, *, level: int) -> str:
    """The table's facts in words, said as short as `level` (`SHORTER`)."""
    players = list(view.players)
    sides = view.sides
    short = level > 0
    round_, now = title(view, name, viewer)
    parts = [_("Project Mars, {round}: {now}.").format(round=round_, now=now)]
    if level < 2:
        wins = ", ".join(f"{name(p)} {sides[p].wins}" for p in players)
        parts.append(_("Rounds won: {wins}.").format(wins=wins))
    projection = view.projection
    for player in players:
        side = sides[player]
        parts.append(field_words(side.field, player, name, viewer, short=short))
        if level < 2:
            counts = _counts(side).replace(" · ", ", ")
            parts.append(
                _("You have {counts}.").format(counts=counts)
                if player == viewer
                else _("{player} has {counts}.").format(player=name(player), counts=counts)
            )
        if side.revealed:
            shown = listed([card_words(c) for c in side.revealed])
            parts.append(
                _("Revealed from {player}'s hand: {cards}.").format(
                    player=name(player), cards=shown
                )
            )
    tpr = ", ".join(f"{name(p)} {projection.tpr.get(p, 0)}" for p in players)
    if level == 3:
        parts.append(_("TPR if the round ended now: {standing}.").format(standing=tpr))
        return " ".join(parts)
    fields = {p: sides[p].field for p in players}
    totals = lane_totals(players, fields)
    lanes = lanes_words(players, projection.lanes, totals, name, short=short)
    parts.append(_("If the round ended now: {lanes}; TPR {tpr}.").format(lanes=lanes, tpr=tpr))
    return " ".join(parts)
