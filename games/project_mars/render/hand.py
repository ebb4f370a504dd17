"""`hand_card`: a player's 1-on-1 card (the fields as they see them, their hand with
revealed cards marked, their back hand in the keep step), and its alt text."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from games.core.drawing import Board, Canvas, NameSource, fonts, namer
from games.core.drawing.board import ALT_TEXT
from games.core.drawing.palette import ACCENT, FAINT, LINE, MUTED, PANEL, PANEL_RAISED, TEXT, mix
from games.core.drawing.words import listed
from games.core.speech import _, ngettext
from games.project_mars.card_details import CARDS
from games.project_mars.model import CardView
from games.project_mars.render.field import (
    GAP,
    KICKER,
    KINDS,
    MARGIN,
    REVEALED,
    WIDTH,
    Name,
    card_words,
)
from games.project_mars.render.table import (
    SHORTER,
    draw_table,
    keeping,
    notes,
    table_height,
    table_words,
    title,
)
from games.project_mars.views import HandCard, PlayerView, PublicView

HAND_TILE_H = 150
HAND_PER_ROW = 5


def _hand_tile(
    canvas: Canvas, x: int, y: int, w: int, h: int, card: CardView, *, revealed: bool
) -> None:
    """A hand card: kind and PWR on its band, the name, its subtypes, the rulebook's text."""
    canvas.rect(
        (x, y, x + w, y + h),
        PANEL_RAISED,
        radius=10,
        outline=ACCENT if revealed else mix(LINE, PANEL, 0.2),
    )
    fill, ink, label = KINDS.get(card.kind, (PANEL_RAISED, TEXT, card.kind))
    canvas.rect((x + 1, y + 1, x + w - 1, y + 25), fill, radius=8)
    canvas.rect((x + 1, y + 15, x + w - 1, y + 25), fill)
    canvas.text(x + 10, y + 13, label, size=12, fill=ink, bold=True)
    pwr = card.pwr
    if pwr is not None:
        canvas.text(x + w - 10, y + 13, f"PWR {pwr}", size=13, fill=ink, bold=True, align="right")
    canvas.text(x + 10, y + 40, card.name, size=15, bold=True, max_width=w - 20, min_size=12)
    kinds = [s.upper() for s in card.subtypes]
    if card.trap:
        kinds.insert(0, _("TRAP"))
    top = y + 58
    if kinds:
        canvas.text(x + 10, top, " · ".join(kinds), size=12, fill=ACCENT, max_width=w - 20)
        top += 17
    spec = CARDS.get(card.key)
    lines = fonts.wrap(spec.text if spec is not None else "", 12, w - 20)
    room = max(1, (y + h - (26 if revealed else 8) - top) // 16)
    if len(lines) > room:
        lines = [*lines[: room - 1], fonts.ellipsize(lines[room - 1] + " …", 12, w - 20)]
    for i, line in enumerate(lines[:room]):
        canvas.text(x + 10, top + i * 16, line, size=12, fill=MUTED)
    if revealed:
        canvas.badge(x + 10, y + h - 16, _("revealed"), REVEALED, size=12)


def _hand_rows(count: int) -> int:
    return (count + HAND_PER_ROW - 1) // HAND_PER_ROW


def _hand_section(
    canvas: Canvas, top: int, label: str, note: str, cards: Sequence[CardView]
) -> int:
    canvas.text(MARGIN, top + 14, label, size=14, bold=True, fill=ACCENT)
    canvas.text(
        WIDTH - MARGIN,
        top + 14,
        note,
        size=13,
        fill=MUTED,
        align="right",
        max_width=WIDTH - 2 * MARGIN - 200,
    )
    y = top + 30
    w = (WIDTH - 2 * MARGIN - GAP * (HAND_PER_ROW - 1)) // HAND_PER_ROW
    if not cards:
        canvas.text(MARGIN, y + 18, _("No cards."), size=15, fill=FAINT)
        return y + 36
    for index, card in enumerate(cards):
        row, column = divmod(index, HAND_PER_ROW)
        x = MARGIN + column * (w + GAP)
        _hand_tile(
            canvas,
            x,
            y + row * (HAND_TILE_H + GAP),
            w,
            HAND_TILE_H,
            card,
            revealed=isinstance(card, HandCard) and card.revealed,
        )
    return y + _hand_rows(len(cards)) * (HAND_TILE_H + GAP) - GAP


def _section_height(count: int) -> int:
    return 30 + (36 if count == 0 else _hand_rows(count) * (HAND_TILE_H + GAP) - GAP)


def _shows_table(view: PublicView) -> bool:
    return any(
        placed is not None for side in view.sides.values() for placed in side.field.values()
    ) or view.phase in ("turn", "choice")


def hand_card(view: PlayerView, names: NameSource) -> Board:
    """A player's 1-on-1 card, from their own view: the table as they see it (their traps on
    the enemy field face up, marked), their hand with revealed cards marked, and their back
    hand while they choose what to keep."""
    name = namer(names)
    return Board.drawn(partial(_hand_card_png, view, name), hand_alt(view, name), "your-hand.png")


def _hand_card_png(view: PlayerView, name: Name) -> bytes:
    """`hand_card`'s picture, its PNG."""
    me = view.me
    viewer = me.player
    hand: list[CardView] = list(me.hand)
    back = list(me.back_hand)
    table = _shows_table(view)
    sections: list[tuple[str, str, list[CardView]]] = []
    if keeping(view, viewer) or back:
        sections.append(
            (_("BACK HAND"), _("choose the cards to keep; the rest go to the junkyard"), back)
        )
    counts = [
        _("deck {count}").format(count=sum(me.deck_cards.values())),
        _("junkyard {count}").format(count=len(me.junkyard)),
    ]
    revealed = sum(1 for c in me.hand if c.revealed)
    if revealed:
        counts.insert(
            0,
            ngettext(
                "{count} card revealed to your opponent",
                "{count} cards revealed to your opponent",
                revealed,
            ).format(count=revealed),
        )
    if hand or not sections:
        sections.append(
            (_("YOUR HAND ({count})").format(count=len(hand)), " · ".join(counts), hand)
        )
    height = 100 + 16
    if table:
        height += table_height(view) + 16
    height += sum(_section_height(len(cards)) + 16 for _, _, cards in sections) + 4
    canvas = Canvas(WIDTH, height)
    headline = " · ".join(title(view, name, viewer))
    y = canvas.title_bar(KICKER, headline, notes(view, name), margin=MARGIN) + 16
    if table:
        y = draw_table(canvas, y, view, name, viewer) + 16
    for label, note, cards in sections:
        y = _hand_section(canvas, y, label, note, cards) + 16
    return canvas.png()


def hand_alt(view: PlayerView, name: Name) -> str:
    """The 1-on-1 in words: the table as its player sees it, their back hand and hand; the
    table said shorter where the whole would run past an alt text's `ALT_TEXT`
    (`table_words`'s `level`): an alt text is never cut."""
    for level in SHORTER:
        said = _hand_words(view, name, level)
        if len(said) <= ALT_TEXT:
            break
    return said


def _hand_words(view: PlayerView, name: Name, level: int) -> str:
    me = view.me
    viewer = me.player
    hand = me.hand
    parts = [
        _("Your 1-on-1, {player}: {table}").format(
            player=name(viewer), table=table_words(view, name, viewer, level=level)
        )
    ]
    if me.back_hand:
        parts.append(
            _("Your back hand: {cards}.").format(
                cards=listed([card_words(c) for c in me.back_hand])
            )
        )
    cards = [
        _("{card}, revealed").format(card=card_words(c)) if c.revealed else card_words(c)
        for c in hand
    ]
    parts.append(
        _("Your hand ({count}): {cards}.").format(
            count=len(hand), cards=listed(cards) if cards else _("empty")
        )
    )
    return " ".join(parts)
