"""Project Mars's board images: the table everyone looks at, a round's count, the match's end,
and a player's own hand.

Each function takes what its viewers received — a view (`public_board` from the public view,
`hand_card` from a player's own view) or a public event (`round_board`, `final_board`) — and
never the state, so an image shows nothing its viewers may not know: a face-down trap is
drawn face up only in its owner's hand card, where their own view shows it. Each returns a
`Board`: the PNG and an alt text with the same facts in words. Pure and synchronous; the bot
calls them off its event loop.

- `public_board(view, names)`: both fields (2 rows by 4 lanes each, attack rows facing each
  other), face-down cards, revealed hand cards, hand, deck and junkyard counts, the utility
  played this round, rounds won, the lanes and TPR as they stand, and whose turn it is;
- `round_board(event, names)`: a round's resolution (PM-4, PM-7): the fields as counted, each
  lane's comparison, and each player's TPR part by part;
- `final_board(result, names)`: the match's end (PM-8): each round's TPR and winner;
- `hand_card(view, names)`: a player's 1-on-1 card: the fields as they see them, their hand
  (revealed cards marked), and their back hand in the keep step.

`fields_at_resolution(view, events)` rebuilds where the cards lay when a move resolved the
round (the field is cleared by the same move), from the public view before the move and the
move's public events; `round_board` draws what it returns.

Colours follow the Okabe-Ito palette, and never alone: a card's kind is written on its band,
a lane's winner by name, a face-down card is striped and labelled.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.core.drawing import BadgeStyle, Board, Canvas, NameSource, fonts, namer
from games.core.drawing.canvas import FOOTER_LINE, wrap_footer
from games.core.drawing.palette import (
    ACCENT,
    BACKGROUND,
    BAD,
    BAD_BG,
    DARK_TEXT,
    FAINT,
    GOLD,
    GOOD,
    GOOD_BG,
    LINE,
    MUTED,
    PANEL,
    PANEL_RAISED,
    RGB,
    ROW_ALT,
    TEXT,
    WARN,
    WARN_BG,
    mix,
)
from games.core.drawing.words import join, plural
from games.project_mars.card_details import CARDS
from games.project_mars.events import (
    BonusGiven,
    BoostChosen,
    CardDestroyed,
    CardPlayed,
    CardsDisabled,
    FaceDownPlayed,
    PMEvent,
    PwrZeroed,
    RoundResolved,
    TrapReturned,
)
from games.project_mars.model import (
    COLUMNS,
    ROWS,
    CardFace,
    CardView,
    Result,
    Score,
    card_words,
    column_of,
    row_of,
    winner_first,
)
from games.project_mars.views import (
    CountedRound,
    HandCard,
    PlayerView,
    PublicView,
    SideView,
    SlotView,
)

WIDTH = 960
MARGIN = 28
KICKER = "PROJECT MARS"
LABEL_W = 84
GAP = 10
TILE_H = 96
ROW_GAP = 8
HEADER_H = 50
LANE_STRIP = 58
CHIP_H = 30
HAND_TILE_H = 150
HAND_PER_ROW = 5

Name = Callable[[str], str]
Field = Mapping[str, SlotView | None]
Fields = dict[str, dict[str, SlotView | None]]

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
DISABLED = BadgeStyle(BAD, BAD_BG)
ZEROED = BadgeStyle(WARN, WARN_BG)
BONUS = BadgeStyle(GOOD, GOOD_BG)
REVEALED = BadgeStyle(DARK_TEXT, ACCENT)
TURN = BadgeStyle(DARK_TEXT, GOLD)
PLAIN = BadgeStyle(TEXT, PANEL_RAISED)
WINNER = BadgeStyle(DARK_TEXT, GOLD)

PARTS = (
    ("pwr", "PWR on the field"),
    ("lanes", "Lanes won (+1 each)"),
    ("sentinel", "Sentinel pairs (+6)"),
    ("medic", "Medic (+4)"),
    ("infantry", "Infantry (+1 per infantry)"),
    ("outpost", "Outpost (+2)"),
)
PHASE_WORDS = {
    "deck": "choosing decks",
    "mulligan": "mulligan",
    "turn": "turn",
    "choice": "a choice",
    "ended": "over",
}


# -- words shared by the images and their alt texts ---------------------------------------


def where(slot: str) -> str:
    """`attack-2` in words: "attack row, lane 2"."""
    return f"{row_of(slot)} row, lane {column_of(slot)}"


def _seat_colour(players: Sequence[str], player: str) -> RGB:
    return SEATS[players.index(player) % 2] if player in players else MUTED


def possessive(name: str) -> str:
    return f"{name}'s"


# -- the position when a round resolves ----------------------------------------------------


def fields_at_resolution(before: PublicView, events: Sequence[PMEvent]) -> Fields | None:
    """Where every card lay when the round resolved, from the public view before the move and
    the move's events in order; None when the move resolved no round. Face-down cards stay
    without identity unless `round_resolved` names them (traps left unsprung are shown at
    the end of the round)."""
    fields: Fields = {player: dict(side.field) for player, side in before.sides.items()}
    for event in events:
        if isinstance(event, FaceDownPlayed):
            fields[event.field][event.slot] = _slot(None, event.player, face_down=True)
        elif isinstance(event, CardPlayed):
            fields[event.field][event.slot] = _slot(event.card, event.player)
        elif isinstance(event, CardDestroyed):
            placed = fields[event.field].get(event.slot)
            if placed is not None and (placed.card is None or placed.card.id == event.card.id):
                fields[event.field][event.slot] = None
        elif isinstance(event, TrapReturned) and event.slot:
            fields[event.owner][event.slot] = _slot(event.card, event.owner)
        elif isinstance(event, PwrZeroed):
            _change(fields, event.field, event.slot, zeroed=True)
        elif isinstance(event, CardsDisabled):
            for hit in event.cards:
                _change(fields, hit.field, hit.slot, disabled=True)
        elif isinstance(event, BonusGiven):
            for hit in event.cards:
                placed = fields[hit.field].get(hit.slot)
                if placed is not None:
                    _change(fields, hit.field, hit.slot, bonus=placed.bonus + event.amount)
        elif isinstance(event, BoostChosen):
            for slot, placed in fields[event.owner].items():
                if placed and placed.card and placed.card.id == event.card.id:
                    _change(fields, event.owner, slot, boosts=event.target.id)
        elif isinstance(event, RoundResolved):
            score = event.score
            for trap in event.traps:
                placed = fields[trap.field].get(trap.slot)
                if placed is not None and placed.face_down:
                    _change(fields, trap.field, trap.slot, card=trap.card)
            for field in fields.values():
                for slot, placed in field.items():
                    if placed is None:
                        continue
                    card = placed.card
                    counted = card is not None and card.id in score.pwr
                    field[slot] = placed.model_copy(
                        update={
                            "pwr": score.pwr[card.id] if card is not None and counted else None,
                            "disabled": placed.disabled
                            or (card is not None and counted and card.id in score.disabled),
                        }
                    )
            return fields
    return None


def _slot(card: CardView | None, owner: str, *, face_down: bool = False) -> SlotView:
    return SlotView(
        face_down=face_down,
        owner=owner,
        card=card,
        pwr=None if face_down or card is None else card.pwr,
        zeroed=False,
        disabled=False,
        bonus=0,
        boosts=None,
    )


def _change(fields: Fields, field: str, slot: str, **update: Any) -> None:
    placed = fields[field].get(slot)
    if placed is not None:
        fields[field][slot] = placed.model_copy(update=update)


# -- drawing pieces ------------------------------------------------------------------------


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
        subtypes = f"TRAP · {subtypes}" if subtypes else "TRAP"
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
        x + w // 2, middle - 10, "FACE DOWN", size=14, bold=True, fill=TRAP_YELLOW, align="center"
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
        canvas.text(x + w // 2, y + h // 2, "empty", size=13, fill=FAINT, align="center")
        return
    card = placed.card
    owner = placed.owner
    if placed.face_down and card is None:
        _face_down(canvas, x, y, w, h, f"trap of {name(owner)}")
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
            x + w - 10 - box // 2, y + 86, f"base {printed}", size=12, fill=MUTED, align="center"
        )
    canvas.text(x + 10, y + 44, card.name, size=17, bold=True, max_width=w - box - 24, min_size=13)
    owner_note = ""
    if own_trap:
        owner_note = "your trap, face down" if owner == viewer else f"trap of {name(owner)}"
    elif placed.owner not in players:
        owner_note = name(owner)
    badges: list[tuple[str, BadgeStyle]] = []
    if own_trap:
        badges.append(("your trap" if owner == viewer else "face down", TRAP))
    if placed.disabled:
        badges.append(("disabled", DISABLED))
    if placed.zeroed:
        badges.append(("PWR 0", ZEROED))
    if placed.bonus:
        badges.append((f"+{placed.bonus}", BONUS))
    target = placed.boosts
    if target:
        badges.append((f"boosts {(boosts or {}).get(target, 'a vehicle')}", PLAIN))
    left = x + 10
    if owner_note and not badges:
        canvas.text(left, y + 72, owner_note, size=12, fill=MUTED, max_width=w - box - 24)
    for label, style in badges:
        room = x + w - box - 14 - left
        if room < 40:
            break
        text = fonts.ellipsize(label.upper(), 12, room - 20, bold=True)
        left += canvas.badge(left, y + 76, text, style, size=12, upper=False) + 5


def _vehicle_names(fields: Mapping[str, Field]) -> dict[str, str]:
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


def _draw_field(
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
        label = "ATTACK" if row == "attack" else "DEFENCE"
        canvas.rect((MARGIN, y, MARGIN + LABEL_W, y + TILE_H), PANEL, radius=10)
        canvas.text(
            MARGIN + LABEL_W // 2,
            y + TILE_H // 2 - 9,
            label,
            size=13,
            bold=True,
            fill=MUTED,
            align="center",
        )
        canvas.text(
            MARGIN + LABEL_W // 2, y + TILE_H // 2 + 10, "row", size=12, fill=FAINT, align="center"
        )
        for column, (x, w) in zip(COLUMNS, columns, strict=True):
            slot = f"{row}-{column}"
            _tile(canvas, x, y, w, TILE_H, field.get(slot), name, players, viewer, boosts=boosts)
        y += TILE_H + ROW_GAP
    return y - ROW_GAP


def _lane_totals(players: Sequence[str], fields: Mapping[str, Field]) -> list[dict[str, int]]:
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


def _lane_strip(
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
    canvas.text(
        MARGIN + LABEL_W // 2,
        top + LANE_STRIP // 2 - 9,
        "LANES",
        size=13,
        bold=True,
        fill=ACCENT,
        align="center",
    )
    canvas.text(
        MARGIN + LABEL_W // 2,
        top + LANE_STRIP // 2 + 10,
        "top : bottom",
        size=12,
        fill=FAINT,
        align="center",
    )
    for i, (x, w) in enumerate(_columns_x()):
        middle = top + LANE_STRIP // 2
        winner = lanes[i] if i < len(lanes) else None
        score = f"{totals[i][upper]} : {totals[i][bottom_player]}"
        canvas.text(x + 8, middle - 11, f"LANE {i + 1}", size=12, bold=True, fill=MUTED)
        canvas.text(x + 8, middle + 11, score, size=16, bold=True)
        if winner is None:
            canvas.text(x + w - 8, middle, "no winner", size=13, fill=FAINT, align="right")
        else:
            style = BadgeStyle(DARK_TEXT, _seat_colour(players, winner))
            label = fonts.ellipsize(name(winner), 12, w - 110, bold=True)
            canvas.badge(
                x + w - 8, middle, f"{label} +1", style, size=12, align="right", upper=False
            )
    return top + LANE_STRIP


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
    colour = _seat_colour(players, player)
    canvas.rect((MARGIN, top, WIDTH - MARGIN, top + HEADER_H), PANEL, radius=12)
    canvas.rect((MARGIN, top, MARGIN + 8, top + HEADER_H), colour, radius=4)
    middle = top + HEADER_H // 2
    right = WIDTH - MARGIN - 16
    if tpr is not None:
        right -= canvas.text(right, middle, f"TPR {tpr}", size=20, bold=True, align="right")
        right -= 16
    wins = side.wins
    right -= canvas.text(right, middle, f"rounds won {wins}", size=14, fill=MUTED, align="right")
    right -= 18
    x = MARGIN + 22
    if turn:
        room = right - x
        x += canvas.badge(x, middle, "to act", TURN, size=12) + 10
        right = x + room - 10
    canvas.text(
        x, middle - 10, name(player), size=19, bold=True, fill=TEXT, max_width=max(40, right - x)
    )
    canvas.text(x, middle + 12, note, size=13, fill=MUTED, max_width=max(40, right - x))
    return top + HEADER_H


def _counts(side: SideView) -> str:
    parts = [
        f"hand {side.hand_count}",
        f"deck {side.deck_count}",
        f"junkyard {side.junkyard_count}",
    ]
    if side.back_hand_count:
        parts.append(f"back hand {side.back_hand_count}")
    utility = side.utility_played
    parts.append(f"utility: {utility.name}" if utility else "utility unused")
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


# -- the table -----------------------------------------------------------------------------


def _title(view: PublicView, name: Name, viewer: str | None) -> str:
    phase = view.phase
    round_ = f"Round {view.round}"
    if phase == "ended":
        winner = None if view.result is None else view.result.winner
        return f"Match over · {name(winner)} wins" if winner else "Match over · a draw"
    if phase == "turn" and view.turn:
        who = "Your" if view.turn == viewer else possessive(name(view.turn))
        return f"{round_} · {who} turn"
    if phase == "choice" and view.pending:
        chooser = view.pending.player
        who = "You choose" if chooser == viewer else f"{name(chooser)} chooses"
        return f"{round_} · {who}"
    if phase == "mulligan":
        return f"{round_} · {'your back hand' if _keeping(view, viewer) else 'mulligan'}"
    return f"{round_} · {PHASE_WORDS.get(phase, phase)}"


def _keeping(view: PublicView, viewer: str | None) -> bool:
    """The viewer chooses which back-hand cards to keep now (a round's start, PM-9)."""
    return (
        view.phase == "mulligan"
        and viewer in view.to_act
        and viewer in view.sides
        and not view.sides[viewer].kept
    )


def _notes(view: PublicView, name: Name) -> list[str]:
    wins = " – ".join(str(view.sides[p].wins) for p in view.players)
    notes = [f"rounds won {wins}"]
    if view.immune:
        notes.append("Toxic Gas: no reveals")
    elif view.passes:
        notes.append(plural(view.passes, "pass") + " in a row")
    return notes


def _order(players: Sequence[str], viewer: str | None) -> tuple[str, str]:
    """(top player, bottom player): the viewer sits at the bottom, else the first seat."""
    bottom = viewer if viewer is not None and viewer in players else players[0]
    top = next(p for p in players if p != bottom)
    return top, bottom


def _table(
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
    boosts = _vehicle_names(fields)
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
        y = _chips(canvas, y, "REVEALED", sides[upper].revealed) + 8
    y = _draw_field(canvas, y, fields[upper], top_side=True, **common) + 8
    y = (
        _lane_strip(
            canvas,
            y,
            players,
            view.projection.lanes,
            _lane_totals(players, fields),
            lower,
            name,
        )
        + 8
    )
    y = _draw_field(canvas, y, fields[lower], top_side=False, **common) + 8
    if sides[lower].revealed:
        y = _chips(canvas, y, "REVEALED", sides[lower].revealed) + 8
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


def _table_height(view: PublicView) -> int:
    height = 2 * HEADER_H + 2 * (2 * TILE_H + ROW_GAP) + LANE_STRIP + 4 * 8 + 8
    for side in view.sides.values():
        if side.revealed:
            height += _chips_height(side.revealed) - 2
    return height


TABLE_FOOTER = [
    "A lane goes to the side with more PWR in it (+1 TPR); two cards facing an empty column "
    "win it. TPR is counted when both players pass: the figures show it as the fields stand.",
    "Face-down cards are traps set by the other side: they count for nobody until triggered.",
]


def public_board(view: PublicView, names: NameSource) -> Board:
    """The table after a move, from the public view: what everyone in the channel may see."""
    name = namer(names)
    footer = wrap_footer(TABLE_FOOTER, WIDTH, MARGIN)
    height = 100 + 16 + _table_height(view) + 12 + FOOTER_LINE * len(footer) + 12
    canvas = Canvas(WIDTH, height)
    top = canvas.title_bar(KICKER, _title(view, name, None), _notes(view, name), margin=MARGIN) + 16
    top = _table(canvas, top, view, name, None)
    canvas.footer(footer, margin=MARGIN, top=top + 12)
    return Board(canvas.png(), table_alt(view, name, None), f"round-{view.round}-table.png")


def _field_words(field: Field, owner: str, name: Name, viewer: str | None) -> str:
    said = []
    for slot in (f"{row}-{column}" for row in ROWS for column in COLUMNS):
        placed = field.get(slot)
        if placed is None:
            continue
        card = placed.card
        trap_owner = placed.owner
        if placed.face_down:
            if card is None:
                said.append(f"a face-down trap of {name(trap_owner)} ({where(slot)})")
            elif trap_owner == viewer:
                said.append(f"your {card.name}, face down ({where(slot)})")
            else:
                said.append(f"{name(trap_owner)}'s trap {card.name}, unsprung ({where(slot)})")
            continue
        assert card is not None
        marks = []
        if placed.disabled:
            marks.append("disabled")
        if placed.zeroed:
            marks.append("set to PWR 0")
        if placed.bonus:
            marks.append(f"+{placed.bonus} PWR")
        pwr = placed.pwr
        figure = f"PWR {pwr if pwr is not None else card.pwr}"
        extra = "".join(f", {mark}" for mark in marks)
        said.append(f"{card.name} ({where(slot)}, {figure}{extra})")
    whose = "Your" if owner == viewer else possessive(name(owner))
    return f"{whose} field: {'; '.join(said) if said else 'empty'}."


def _lanes_words(
    players: Sequence[str],
    lanes: Sequence[str | None],
    totals: Sequence[Mapping[str, int]],
    name: Name,
) -> str:
    said = []
    for i, winner in enumerate(lanes):
        figures = " to ".join(f"{name(p)} {totals[i][p]}" for p in players)
        said.append(f"lane {i + 1} {name(winner) if winner else 'nobody'} ({figures})")
    return "; ".join(said)


def table_alt(view: PublicView, name: Name, viewer: str | None) -> str:
    """The table in words: the same facts as the image, and nothing else."""
    players = list(view.players)
    sides = view.sides
    parts = [f"Project Mars, {_title(view, name, viewer).replace(' · ', ': ')}."]
    wins = ", ".join(f"{name(p)} {sides[p].wins}" for p in players)
    parts.append(f"Rounds won: {wins}.")
    projection = view.projection
    for player in players:
        side = sides[player]
        parts.append(_field_words(side.field, player, name, viewer))
        who = "You have" if player == viewer else f"{name(player)} has"
        parts.append(f"{who} {_counts(side).replace(' · ', ', ')}.")
        if side.revealed:
            shown = join([card_words(c) for c in side.revealed])
            parts.append(f"Revealed from {possessive(name(player))} hand: {shown}.")
    fields = {p: sides[p].field for p in players}
    lanes = _lanes_words(players, projection.lanes, _lane_totals(players, fields), name)
    tpr = ", ".join(f"{name(p)} {projection.tpr.get(p, 0)}" for p in players)
    parts.append(f"If the round ended now: {lanes}; TPR {tpr}.")
    return " ".join(parts)


# -- a round's count ----------------------------------------------------------------------


def round_board(event: CountedRound, names: NameSource) -> Board:
    """A round resolved (the bot's `round_board` event: `round_resolved` with the fields as
    they were counted): fields, each lane's comparison and each player's TPR, part by part."""
    name = namer(names)
    players = list(event.players)
    fields = event.fields
    score = event.score
    upper, lower = players[1], players[0]
    boosts = _vehicle_names(fields)
    common: dict[str, Any] = {"name": name, "players": players, "viewer": None, "boosts": boosts}
    winner = event.winner
    title = (
        f"Round {event.round} · {name(winner)} wins" if winner else f"Round {event.round} · a draw"
    )
    tpr = score.tpr
    notes = [" – ".join(str(tpr.get(p, 0)) for p in winner_first(players, winner)) + " TPR"]
    footer = wrap_footer(
        [
            "Lanes are compared first: more PWR in a column wins it, +1 TPR; then each "
            "player's TPR adds the PWR on their field and the bonuses. Face-down traps "
            "count for nobody.",
        ],
        WIDTH,
        MARGIN,
    )
    table_h = 2 * 34 + 2 * (2 * TILE_H + ROW_GAP) + LANE_STRIP + 4 * 8
    parts_h = 34 + 34 * (len(PARTS) + 1) + 8
    height = 100 + 16 + table_h + 16 + parts_h + 12 + FOOTER_LINE * len(footer) + 12
    canvas = Canvas(WIDTH, height)
    y = canvas.title_bar(KICKER, title, notes, margin=MARGIN) + 16
    y = _name_line(canvas, y, upper, players, name, winner) + 8
    y = _draw_field(canvas, y, fields[upper], top_side=True, **common) + 8
    totals = _lane_totals(players, fields)
    y = _lane_strip(canvas, y, players, score.lanes, totals, lower, name) + 8
    y = _draw_field(canvas, y, fields[lower], top_side=False, **common) + 8
    y = _name_line(canvas, y, lower, players, name, winner) + 16
    y = _parts_table(canvas, y, players, score, name)
    canvas.footer(footer, margin=MARGIN, top=y + 12)
    return Board(canvas.png(), round_alt(event, name), f"round-{event.round}-result.png")


def _name_line(
    canvas: Canvas,
    top: int,
    player: str,
    players: Sequence[str],
    name: Name,
    winner: str | None,
) -> int:
    middle = top + 17
    canvas.rect((MARGIN, top + 5, MARGIN + 8, top + 29), _seat_colour(players, player), radius=4)
    used = canvas.text(
        MARGIN + 18, middle, name(player), size=18, bold=True, max_width=WIDTH - 2 * MARGIN - 160
    )
    if player == winner:
        canvas.badge(MARGIN + 30 + used, middle, "wins the round", WINNER, size=12)
    return top + 34


def _parts_table(canvas: Canvas, top: int, players: Sequence[str], score: Score, name: Name) -> int:
    """TPR part by part: a row per part, a column per player."""
    label_w = 330
    col_w = (WIDTH - 2 * MARGIN - label_w) // len(players)
    canvas.text(MARGIN + 14, top + 17, "TPR", size=13, bold=True, fill=MUTED)
    for i, player in enumerate(players):
        x = MARGIN + label_w + i * col_w
        canvas.text(
            x + col_w - 14,
            top + 17,
            name(player),
            size=14,
            bold=True,
            fill=_seat_colour(players, player),
            align="right",
            max_width=col_w - 20,
        )
    y = top + 34
    parts = score.parts
    for index, (key, label) in enumerate(PARTS):
        fill = PANEL if index % 2 == 0 else ROW_ALT
        canvas.rect((MARGIN, y, WIDTH - MARGIN, y + 34), fill, radius=6)
        canvas.text(MARGIN + 14, y + 17, label, size=15, fill=TEXT)
        for i, player in enumerate(players):
            value = parts.get(player, {}).get(key, 0)
            x = MARGIN + label_w + i * col_w
            canvas.text(
                x + col_w - 14,
                y + 17,
                str(value),
                size=16,
                bold=bool(value),
                fill=TEXT if value else FAINT,
                align="right",
            )
        y += 34
    canvas.rect((MARGIN, y, WIDTH - MARGIN, y + 34), mix(GOLD, PANEL, 0.8), radius=6)
    canvas.text(MARGIN + 14, y + 17, "TPR", size=16, bold=True)
    tpr = score.tpr
    best = max(tpr.values()) if tpr else 0
    for i, player in enumerate(players):
        x = MARGIN + label_w + i * col_w
        value = tpr.get(player, 0)
        canvas.text(
            x + col_w - 14,
            y + 17,
            str(value),
            size=18,
            bold=True,
            fill=GOLD if value == best else TEXT,
            align="right",
        )
    return y + 34


def round_alt(event: CountedRound, name: Name) -> str:
    players = list(event.players)
    score = event.score
    winner = event.winner
    tpr = score.tpr
    figures = " to ".join(f"{name(p)} {tpr.get(p, 0)}" for p in winner_first(players, winner))
    outcome = f"{name(winner)} wins it" if winner else "a draw"
    parts = [f"Project Mars, round {event.round} resolved: {outcome}, TPR {figures}."]
    fields = event.fields
    lanes = _lanes_words(players, score.lanes, _lane_totals(players, fields), name)
    parts.append(f"Lanes: {lanes}.")
    for player in players:
        bits = [
            f"{label.split(' (')[0]} {parts_value}"
            for key, label in PARTS
            if (parts_value := score.parts.get(player, {}).get(key, 0))
        ]
        parts.append(
            f"{possessive(name(player))} TPR {tpr.get(player, 0)}: "
            f"{', '.join(bits) if bits else 'nothing'}."
        )
    for player in players:
        parts.append(_field_words(fields[player], player, name, None))
    return " ".join(parts)


# -- the match's end ----------------------------------------------------------------------


def final_board(result: Result, names: NameSource) -> Board:
    """The match is over (the public `match_ended` event): the winner, and each round's TPR,
    lanes and winner (PM-8)."""
    name = namer(names)
    rounds = result.rounds
    wins = result.wins
    players = list(wins) or (list(rounds[0].score.tpr) if rounds else [])
    winner = result.winner
    forfeit = result.forfeit
    title = f"{name(winner)} wins the match" if winner else "The match is a draw"
    notes = [" – ".join(str(wins.get(p, 0)) for p in players) + " in rounds"]
    lines = []
    if forfeit:
        lines.append(f"{name(forfeit)} was removed by the host and forfeits the match.")
    lines.append(
        "Best of three: two round wins win; a round drawn counts for nobody; round 1 "
        "won and round 2 drawn, the round-1 winner wins."
    )
    footer = wrap_footer(lines, WIDTH, MARGIN)
    row_h = 46
    height = 100 + 20 + 34 + row_h * max(1, len(rounds)) + 14 + FOOTER_LINE * len(footer) + 14
    canvas = Canvas(WIDTH, height)
    y = canvas.title_bar(KICKER, title, notes, margin=MARGIN) + 20
    label_w = 160
    winner_w = 230
    col_w = (WIDTH - 2 * MARGIN - label_w - winner_w) // max(1, len(players))
    canvas.text(MARGIN + 14, y + 17, "ROUND", size=13, bold=True, fill=MUTED)
    canvas.text(MARGIN + label_w, y + 17, "WINNER", size=13, bold=True, fill=MUTED)
    for i, player in enumerate(players):
        x = MARGIN + label_w + winner_w + i * col_w
        canvas.text(
            x + col_w - 14,
            y + 17,
            f"{name(player)} TPR · lanes",
            size=13,
            bold=True,
            fill=_seat_colour(players, player),
            align="right",
            max_width=col_w - 20,
        )
    y += 34
    if not rounds:
        canvas.text(MARGIN + 14, y + row_h // 2, "No round was played.", size=17, fill=MUTED)
        y += row_h
    for index, played in enumerate(rounds):
        fill = PANEL if index % 2 == 0 else ROW_ALT
        canvas.rect((MARGIN, y, WIDTH - MARGIN, y + row_h), fill, radius=8)
        middle = y + row_h // 2
        canvas.text(MARGIN + 14, middle, f"Round {played.round}", size=18, bold=True)
        won = played.winner
        if won:
            style = BadgeStyle(DARK_TEXT, _seat_colour(players, won))
            label = fonts.ellipsize(name(won), 14, winner_w - 40, bold=True)
            canvas.badge(MARGIN + label_w, middle, label, style, size=14, upper=False)
        else:
            canvas.text(MARGIN + label_w, middle, "draw", size=16, fill=MUTED)
        score = played.score
        for i, player in enumerate(players):
            x = MARGIN + label_w + winner_w + i * col_w
            lanes = score.parts.get(player, {}).get("lanes", 0)
            canvas.text(
                x + col_w - 14,
                middle,
                f"{score.tpr.get(player, 0)} · {lanes}",
                size=18,
                bold=player == won,
                align="right",
                fill=TEXT if player == won else MUTED,
            )
        y += row_h
    canvas.footer(footer, margin=MARGIN, top=y + 14)
    return Board(canvas.png(), final_alt(result, name), "match-result.png")


def final_alt(result: Result, name: Name) -> str:
    wins = result.wins
    winner = result.winner
    head = f"{name(winner)} wins" if winner else "a draw"
    tally = ", ".join(f"{name(p)} {n}" for p, n in wins.items())
    parts = [f"Project Mars, the match is over: {head}. Rounds won: {tally}."]
    if result.forfeit:
        parts.append(f"{name(result.forfeit)} was removed by the host and forfeits.")
    for played in result.rounds:
        tpr = played.score.tpr
        won = played.winner
        figures = " to ".join(f"{name(p)} {tpr[p]}" for p in winner_first(tpr, won))
        parts.append(
            f"Round {played.round}: {name(won) + ' wins' if won else 'draw'}, TPR {figures}."
        )
    return " ".join(parts)


# -- a player's hand ------------------------------------------------------------------------


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
        kinds.insert(0, "TRAP")
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
        canvas.badge(x + 10, y + h - 16, "revealed", REVEALED, size=12)


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
        canvas.text(MARGIN, y + 18, "No cards.", size=15, fill=FAINT)
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
    me = view.me
    name = namer(names)
    viewer = me.player
    hand: list[CardView] = list(me.hand)
    back = list(me.back_hand)
    table = _shows_table(view)
    sections: list[tuple[str, str, list[CardView]]] = []
    if _keeping(view, viewer) or back:
        sections.append(
            ("BACK HAND", "choose the cards to keep; the rest go to the junkyard", back)
        )
    hand_note = f"deck {sum(me.deck_cards.values())} · junkyard {len(me.junkyard)}"
    revealed = sum(1 for c in me.hand if c.revealed)
    if revealed:
        hand_note = f"{plural(revealed, 'card')} revealed to your opponent · {hand_note}"
    if hand or not sections:
        sections.append((f"YOUR HAND ({len(hand)})", hand_note, hand))
    height = 100 + 16
    if table:
        height += _table_height(view) + 16
    height += sum(_section_height(len(cards)) + 16 for _, _, cards in sections) + 4
    canvas = Canvas(WIDTH, height)
    y = canvas.title_bar(KICKER, _title(view, name, viewer), _notes(view, name), margin=MARGIN) + 16
    if table:
        y = _table(canvas, y, view, name, viewer) + 16
    for label, note, cards in sections:
        y = _hand_section(canvas, y, label, note, cards) + 16
    return Board(canvas.png(), hand_alt(view, name), "your-hand.png")


def hand_alt(view: PlayerView, name: Name) -> str:
    me = view.me
    viewer = me.player
    hand = me.hand
    parts = [f"Your 1-on-1, {name(viewer)}: {table_alt(view, name, viewer)}"]
    if me.back_hand:
        parts.append(f"Your back hand: {join([card_words(c) for c in me.back_hand])}.")
    cards = [card_words(c) + (", revealed" if c.revealed else "") for c in hand]
    parts.append(f"Your hand ({len(hand)}): {join(cards) if cards else 'empty'}.")
    return " ".join(parts)


__all__ = [
    "Board",
    "card_words",
    "fields_at_resolution",
    "final_board",
    "hand_card",
    "public_board",
    "round_board",
    "where",
]
