"""The fields as drawn (the rulebook's BATTLEFIELD): two rows by four lanes, each card a tile
with its kind's band and PWR, face-down cards striped; the lanes' comparison beneath; the
words for fields and lanes the alt texts share. Shared by every board of Project Mars."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence

from games.core.drawing import BadgeStyle, Canvas, fonts
from games.core.drawing.palette import (
    ACCENT,
    BACKGROUND,
    BAD,
    DARK_TEXT,
    FAINT,
    LINE,
    MUTED,
    PANEL,
    PANEL_RAISED,
    RGB,
    TEXT,
    mix,
)
from games.core.drawing.styles import CAUTION, FAILURE, HIGHLIGHT, MARKED, PLAIN, SUCCESS
from games.core.speech import _
from games.project_mars.model import COLUMNS, ROWS, CardFace, column_of, row_of
from games.project_mars.views import SlotView

WIDTH = 960
MARGIN = 28
KICKER = "PROJECT MARS"
LABEL_W = 84
GAP = 10
TILE_H = 96
ROW_GAP = 8
LANE_STRIP = 58
Name = Callable[[str], str]
Field = Mapping[str, SlotView | None]
#: Okabe-Ito vermillion, blue and reddish purple, each with the ink its band's label needs.
KINDS: dict[str, tuple[RGB, RGB, str]] = {
    "offense": ((213, 94, 0), (255, 255, 255), "OFFENSE"),
    "guardian": ((0, 114, 178), (255, 255, 255), "GUARDIAN"),
    "utility": ((204, 121, 167), DARK_TEXT, "UTILITY"),
}


#: The two seats: Okabe-Ito sky blue and orange, always beside the player's name.
SEATS: tuple[RGB, RGB] = ((86, 180, 233), (230, 159, 0))
TRAP_YELLOW: RGB = (240, 228, 66)
TRAP = BadgeStyle(DARK_TEXT, TRAP_YELLOW)
DISABLED = FAILURE
ZEROED = CAUTION
BONUS = SUCCESS
REVEALED = MARKED
WINNER = HIGHLIGHT


def where(slot: str) -> str:
    """`attack-2` in words: "attack row, lane 2"."""
    if row_of(slot) == "attack":
        return _("attack row, lane {lane}").format(lane=column_of(slot))
    return _("defence row, lane {lane}").format(lane=column_of(slot))


def card_words(card: CardFace) -> str:
    """A card's name with its printed PWR: "Scout (PWR 2)", "EMP Bomb (utility)"."""
    if card.pwr is None:
        return _("{card} (utility)").format(card=card.name)
    return _("{card} (PWR {pwr})").format(card=card.name, pwr=card.pwr)


def versus(figures: Iterable[object]) -> str:
    """Figures compared, the winner's first: "2 to 1", "ann 12 to bob 9"."""
    return functools.reduce(
        # TRANSLATORS: figures compared, the first the winner's ("12 to 9", "ann 12 to bob 9").
        lambda first, second: _("{first} to {second}").format(first=first, second=second),
        (str(figure) for figure in figures),
    )


def seat_colour(players: Sequence[str], player: str) -> RGB:
    return SEATS[players.index(player) % 2] if player in players else MUTED


def _columns_x() -> list[tuple[int, int]]:
    """(left, width) of each lane's column."""
    left = MARGIN + LABEL_W + GAP
    inner = WIDTH - MARGIN - left
    width = (inner - GAP * (len(COLUMNS) - 1)) // len(COLUMNS)
    return [(left + i * (width + GAP), width) for i in range(len(COLUMNS))]


def _kind_band(canvas: Canvas, x: int, y: int, w: int, card: CardFace) -> None:
    fill, ink, label = KINDS.get(card.kind, (PANEL_RAISED, TEXT, card.kind))
    canvas.rect((x, y, x + w, y + 24), fill, radius=8)
    canvas.rect((x, y + 14, x + w, y + 24), fill)
    used = canvas.text(x + 10, y + 12, label, size=12, fill=ink, bold=True)
    subtypes = " · ".join(s.upper() for s in card.subtypes)
    if card.trap:
        subtypes = f"{_('TRAP')} · {subtypes}" if subtypes else _("TRAP")
    if subtypes:
        canvas.text(
            x + w - 10,
            y + 12,
            subtypes,
            size=12,
            fill=ink,
            align="right",
            max_width=w - used - 30,
        )


def _face_down(canvas: Canvas, x: int, y: int, w: int, h: int, label: str) -> None:
    """A card seen from the back: striped, labelled, so it reads without colour."""
    canvas.rect(
        (x, y, x + w, y + h),
        mix(PANEL_RAISED, TRAP_YELLOW, 0.08),
        radius=10,
        outline=mix(LINE, TRAP_YELLOW, 0.35),
    )
    step = 14
    ink = mix(PANEL_RAISED, TRAP_YELLOW, 0.2)
    for offset in range(-h, w, step):
        x0, y0 = x + max(0, offset) + 3, y + max(0, -offset) + 3
        x1 = x + min(w, offset + h) - 3
        y1 = y + min(h, w - offset) - 3
        if x1 > x0 and y1 > y0:
            canvas.draw.line((x0, y0, x0 + (y1 - y0), y1), fill=ink, width=2)
    middle = y + h // 2
    canvas.rect(
        (x + 12, middle - 26, x + w - 12, middle + 26), mix(PANEL, BACKGROUND, 0.3), radius=8
    )
    canvas.text(
        x + w // 2,
        middle - 10,
        _("FACE DOWN"),
        size=14,
        bold=True,
        fill=TRAP_YELLOW,
        align="center",
        max_width=w - 32,
        min_size=10,
    )
    canvas.text(
        x + w // 2, middle + 11, label, size=13, fill=MUTED, align="center", max_width=w - 32
    )


def _tile(
    canvas: Canvas,
    x: int,
    y: int,
    w: int,
    h: int,
    placed: SlotView | None,
    name: Name,
    players: Sequence[str],
    viewer: str | None,
    *,
    boosts: Mapping[str, str] | None = None,
) -> None:
    """One slot of a field: empty, a face-down card, or a card face up with its PWR now."""
    if placed is None:
        canvas.rect((x, y, x + w, y + h), mix(PANEL, BACKGROUND, 0.5), radius=10, outline=LINE)
        canvas.text(x + w // 2, y + h // 2, _("empty"), size=13, fill=FAINT, align="center")
        return
    card = placed.card
    owner = placed.owner
    if placed.face_down and card is None:
        _face_down(canvas, x, y, w, h, _("trap of {player}").format(player=name(owner)))
        return
    assert card is not None
    own_trap = placed.face_down
    outline = TRAP_YELLOW if own_trap else mix(LINE, PANEL, 0.2)
    canvas.rect((x, y, x + w, y + h), PANEL_RAISED, radius=10, outline=outline)
    _kind_band(canvas, x + 1, y + 1, w - 2, card)
    pwr = placed.pwr
    figure = "–" if pwr is None else str(pwr)
    box = 46
    canvas.text(
        x + w - 10 - box // 2, y + 44, "PWR", size=12, fill=MUTED, bold=True, align="center"
    )
    canvas.text(
        x + w - 10 - box // 2,
        y + 66,
        figure,
        size=24,
        bold=True,
        align="center",
        fill=TEXT if not placed.disabled else BAD,
    )
    printed = card.pwr
    if pwr is not None and printed is not None and pwr != printed:
        canvas.text(
            x + w - 10 - box // 2,
            y + 86,
            _("base {pwr}").format(pwr=printed),
            size=12,
            fill=MUTED,
            align="center",
            max_width=box + 16,
            min_size=9,
        )
    canvas.text(x + 10, y + 44, card.name, size=17, bold=True, max_width=w - box - 24, min_size=13)
    owner_note = ""
    if own_trap:
        owner_note = (
            _("your trap, face down")
            if owner == viewer
            else _("trap of {player}").format(player=name(owner))
        )
    elif placed.owner not in players:
        owner_note = name(owner)
    badges: list[tuple[str, BadgeStyle]] = []
    if own_trap:
        badges.append((_("your trap") if owner == viewer else _("face down"), TRAP))
    if placed.disabled:
        badges.append((_("disabled"), DISABLED))
    if placed.zeroed:
        badges.append(("PWR 0", ZEROED))
    if placed.bonus:
        badges.append((f"+{placed.bonus}", BONUS))
    target = placed.boosts
    if target:
        vehicle = (boosts or {}).get(target) or _("a vehicle")
        badges.append((_("boosts {card}").format(card=vehicle), PLAIN))
    left = x + 10
    if owner_note and not badges:
        canvas.text(left, y + 72, owner_note, size=12, fill=MUTED, max_width=w - box - 24)
    for label, style in badges:
        room = x + w - box - 14 - left
        if room < 40:
            break
        text = fonts.ellipsize(label.upper(), 12, room - 20, bold=True)
        left += canvas.badge(left, y + 76, text, style, size=12, upper=False) + 5


def vehicle_names(fields: Mapping[str, Field]) -> dict[str, str]:
    """Card id -> name, for "boosts Humvee"."""
    return {
        p.card.id: p.card.name
        for field in fields.values()
        for p in field.values()
        if p is not None and p.card is not None
    }


def _field_rows(top_side: bool) -> tuple[str, str]:
    """Attack rows face each other: the top field shows its defence row first."""
    return (ROWS[1], ROWS[0]) if top_side else (ROWS[0], ROWS[1])


def _label(canvas: Canvas, middle: int, title: str, note: str, fill: RGB) -> None:
    """A row's or the lanes' label, left of them: its title over a note, set smaller to fit."""
    for text, dy, size, ink, bold in ((title, -9, 13, fill, True), (note, 10, 12, FAINT, False)):
        canvas.text(
            MARGIN + LABEL_W // 2,
            middle + dy,
            text,
            size=size,
            bold=bold,
            fill=ink,
            align="center",
            max_width=LABEL_W - 8,
            min_size=9,
        )


def draw_field(
    canvas: Canvas,
    top: int,
    field: Field,
    *,
    top_side: bool,
    name: Name,
    players: Sequence[str],
    viewer: str | None,
    boosts: Mapping[str, str],
) -> int:
    columns = _columns_x()
    y = top
    for row in _field_rows(top_side):
        label = _("ATTACK") if row == "attack" else _("DEFENCE")
        canvas.rect((MARGIN, y, MARGIN + LABEL_W, y + TILE_H), PANEL, radius=10)
        _label(canvas, y + TILE_H // 2, label, _("row"), MUTED)
        for column, (x, w) in zip(COLUMNS, columns, strict=True):
            slot = f"{row}-{column}"
            _tile(canvas, x, y, w, TILE_H, field.get(slot), name, players, viewer, boosts=boosts)
        y += TILE_H + ROW_GAP
    return y - ROW_GAP


def lane_totals(players: Sequence[str], fields: Mapping[str, Field]) -> list[dict[str, int]]:
    """Each lane's PWR per player, as the fields show it (face-down cards count for nobody)."""
    out: list[dict[str, int]] = []
    for column in COLUMNS:
        totals = {}
        for player in players:
            totals[player] = sum(
                p.pwr or 0
                for slot, p in fields[player].items()
                if p is not None and not p.face_down and column_of(slot) == column
            )
        out.append(totals)
    return out


def lane_strip(
    canvas: Canvas,
    top: int,
    players: Sequence[str],
    lanes: Sequence[str | None],
    totals: Sequence[Mapping[str, int]],
    bottom_player: str,
    name: Name,
) -> int:
    """Between the attack rows: each lane's PWR, top player's first, and who wins it."""
    upper = next(p for p in players if p != bottom_player)
    canvas.rect(
        (MARGIN, top, WIDTH - MARGIN, top + LANE_STRIP), mix(PANEL, BACKGROUND, 0.4), radius=12
    )
    _label(canvas, top + LANE_STRIP // 2, _("LANES"), _("top : bottom"), ACCENT)
    for i, (x, w) in enumerate(_columns_x()):
        middle = top + LANE_STRIP // 2
        winner = lanes[i] if i < len(lanes) else None
        score = f"{totals[i][upper]} : {totals[i][bottom_player]}"
        canvas.text(
            x + 8, middle - 11, _("LANE {lane}").format(lane=i + 1), size=12, bold=True, fill=MUTED
        )
        canvas.text(x + 8, middle + 11, score, size=16, bold=True)
        if winner is None:
            canvas.text(
                x + w - 8,
                middle,
                _("no winner"),
                size=13,
                fill=FAINT,
                align="right",
                max_width=w - 80,
                min_size=10,
            )
        else:
            style = BadgeStyle(DARK_TEXT, seat_colour(players, winner))
            label = fonts.ellipsize(name(winner), 12, w - 110, bold=True)
            canvas.badge(
                x + w - 8, middle, f"{label} +1", style, size=12, align="right", upper=False
            )
    return top + LANE_STRIP


def _placed_words(placed: SlotView, name: Name, viewer: str | None, slot: str | None) -> str:
    """One card on a field: "Scout (attack row, lane 2, PWR 2)", a trap as its viewer may
    know it; without `slot`, "Scout (PWR 2)", its place said around it."""
    card = placed.card
    trap_owner = placed.owner
    if placed.face_down:
        if card is None:
            if slot is None:
                return _("a face-down trap of {player}").format(player=name(trap_owner))
            return _("a face-down trap of {player} ({slot})").format(
                player=name(trap_owner), slot=where(slot)
            )
        if trap_owner == viewer:
            if slot is None:
                return _("your {card}, face down").format(card=card.name)
            return _("your {card}, face down ({slot})").format(card=card.name, slot=where(slot))
        if slot is None:
            return _("{player}'s trap {card}, unsprung").format(
                player=name(trap_owner), card=card.name
            )
        return _("{player}'s trap {card}, unsprung ({slot})").format(
            player=name(trap_owner), card=card.name, slot=where(slot)
        )
    assert card is not None
    marks = []
    if placed.disabled:
        marks.append(_("disabled"))
    if placed.zeroed:
        marks.append(_("set to PWR 0"))
    if placed.bonus:
        marks.append(f"+{placed.bonus} PWR")
    pwr = placed.pwr
    figure = f"PWR {pwr if pwr is not None else card.pwr}"
    return f"{card.name} ({', '.join([*([where(slot)] if slot else []), figure, *marks])})"


def field_words(
    field: Field, owner: str, name: Name, viewer: str | None, *, short: bool = False
) -> str:
    """A field's cards, each with its row and lane; `short`, row by row, each card after its
    lane's number ("attack row: 1 Scout (PWR 2), 3 Drone (PWR 2)"), for an alt text that
    would run past Discord's limit."""
    if short:
        rows = []
        for row in ROWS:
            in_row = [
                f"{column} {_placed_words(placed, name, viewer, None)}"
                for column in COLUMNS
                if (placed := field.get(f"{row}-{column}")) is not None
            ]
            if in_row:
                said = _("attack row: {cards}") if row == "attack" else _("defence row: {cards}")
                rows.append(said.format(cards=", ".join(in_row)))
        cards = "; ".join(rows) if rows else _("empty")
    else:
        placed_cards = [
            _placed_words(placed, name, viewer, slot)
            for slot in (f"{row}-{column}" for row in ROWS for column in COLUMNS)
            if (placed := field.get(slot)) is not None
        ]
        cards = "; ".join(placed_cards) if placed_cards else _("empty")
    if owner == viewer:
        return _("Your field: {cards}.").format(cards=cards)
    return _("{player}'s field: {cards}.").format(player=name(owner), cards=cards)


def lanes_words(
    players: Sequence[str],
    lanes: Sequence[str | None],
    totals: Sequence[Mapping[str, int]],
    name: Name,
    *,
    short: bool = False,
) -> str:
    """Each lane's winner and its PWR on both sides: "lane 1 ann (ann 4 to bob 2)"; `short`,
    the two players named once ahead: "each lane's winner and PWR of ann and bob: 1 ann 4–2;
    2 bob 1–3; …"."""
    if short:
        nobody = _("nobody")
        lanes_said = [
            f"{i + 1} {name(winner) if winner else nobody} "
            + "–".join(str(totals[i][p]) for p in players)
            for i, winner in enumerate(lanes)
        ]
        first, second = (name(p) for p in players)
        return _("each lane's winner and PWR of {first} and {second}: {lanes}").format(
            first=first, second=second, lanes="; ".join(lanes_said)
        )
    said = []
    for i, winner in enumerate(lanes):
        said.append(
            _("lane {lane} {winner} ({figures})").format(
                lane=i + 1,
                winner=name(winner) if winner else _("nobody"),
                figures=versus(f"{name(p)} {totals[i][p]}" for p in players),
            )
        )
    return "; ".join(said)
