"""`round_board`: a round's RESOLUTION (PM-4, PM-7): the fields as counted, each lane's
comparison and each player's TPR part by part; `fields_at_resolution` rebuilds where the
cards lay when the round resolved."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from games.core.drawing import Board, Canvas, NameSource, namer
from games.core.drawing.board import ALT_TEXT
from games.core.drawing.canvas import FOOTER_LINE, wrap_footer
from games.core.drawing.palette import FAINT, GOLD, MUTED, PANEL, ROW_ALT, TEXT, mix
from games.core.speech import _
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
from games.project_mars.model import CardView, Score, winner_first
from games.project_mars.render.field import (
    KICKER,
    LANE_STRIP,
    MARGIN,
    ROW_GAP,
    TILE_H,
    WIDTH,
    WINNER,
    Name,
    draw_field,
    field_words,
    lane_strip,
    lane_totals,
    lanes_words,
    seat_colour,
    vehicle_names,
    versus,
)
from games.project_mars.views import CountedRound, PublicView, SlotView

Fields = dict[str, dict[str, SlotView | None]]
#: The parts of a TPR, by `Score.parts`'s keys.
PARTS = ("pwr", "lanes", "sentinel", "medic", "infantry", "outpost")


def part_words(key: str) -> tuple[str, str]:
    """A part of a TPR as the table heads its row, and as the alt text names it."""
    if key == "pwr":
        return _("PWR on the field"), _("PWR on the field")
    if key == "lanes":
        return _("Lanes won (+1 each)"), _("Lanes won")
    if key == "sentinel":
        return _("Sentinel pairs (+6)"), _("Sentinel pairs")
    if key == "medic":
        return "Medic (+4)", "Medic"
    if key == "infantry":
        return _("Infantry (+1 per infantry)"), "Infantry"
    return "Outpost (+2)", "Outpost"


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


def round_board(event: CountedRound, names: NameSource) -> Board:
    """A round resolved (the bot's `round_board` event: `round_resolved` with the fields as
    they were counted): fields, each lane's comparison and each player's TPR, part by part."""
    name = namer(names)
    return Board.drawn(
        partial(_round_board_png, event, name),
        round_alt(event, name),
        f"round-{event.round}-result.png",
    )


def _round_board_png(event: CountedRound, name: Name) -> bytes:
    """`round_board`'s picture, its PNG."""
    players = list(event.players)
    fields = event.fields
    score = event.score
    upper, lower = players[1], players[0]
    boosts = vehicle_names(fields)
    common: dict[str, Any] = {"name": name, "players": players, "viewer": None, "boosts": boosts}
    winner = event.winner
    outcome = _("{player} wins").format(player=name(winner)) if winner else _("a draw")
    title = f"{_('Round {round}').format(round=event.round)} · {outcome}"
    tpr = score.tpr
    notes = [" – ".join(str(tpr.get(p, 0)) for p in winner_first(players, winner)) + " TPR"]
    footer = wrap_footer(
        [
            _(
                "Lanes are compared first: more PWR in a column wins it, +1 TPR; then each "
                "player's TPR adds the PWR on their field and the bonuses. Face-down traps "
                "count for nobody."
            ),
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
    y = draw_field(canvas, y, fields[upper], top_side=True, **common) + 8
    totals = lane_totals(players, fields)
    y = lane_strip(canvas, y, players, score.lanes, totals, lower, name) + 8
    y = draw_field(canvas, y, fields[lower], top_side=False, **common) + 8
    y = _name_line(canvas, y, lower, players, name, winner) + 16
    y = _parts_table(canvas, y, players, score, name)
    canvas.footer(footer, margin=MARGIN, top=y + 12)
    return canvas.png()


def _name_line(
    canvas: Canvas,
    top: int,
    player: str,
    players: Sequence[str],
    name: Name,
    winner: str | None,
) -> int:
    middle = top + 17
    canvas.rect((MARGIN, top + 5, MARGIN + 8, top + 29), seat_colour(players, player), radius=4)
    used = canvas.text(
        MARGIN + 18, middle, name(player), size=18, bold=True, max_width=WIDTH - 2 * MARGIN - 160
    )
    if player == winner:
        canvas.badge(MARGIN + 30 + used, middle, _("wins the round"), WINNER, size=12)
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
            fill=seat_colour(players, player),
            align="right",
            max_width=col_w - 20,
        )
    y = top + 34
    parts = score.parts
    for index, key in enumerate(PARTS):
        label, _short = part_words(key)
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
    """The round's result in words: the winner and TPR, the lanes, each player's TPR by its
    parts and their fields; said shorter where that would run past an alt text's `ALT_TEXT`
    (`_round_words`'s `level`): an alt text is never cut."""
    for level in (0, 1, 2):
        said = _round_words(event, name, level)
        if len(said) <= ALT_TEXT:
            break
    return said


def _round_words(event: CountedRound, name: Name, level: int) -> str:
    """The round's result said as short as `level`: 0 whole, 1 the lanes and fields short,
    2 as 1 without each player's TPR by its parts (the image gives them)."""
    short = level > 0
    players = list(event.players)
    score = event.score
    winner = event.winner
    tpr = score.tpr
    figures = versus(f"{name(p)} {tpr.get(p, 0)}" for p in winner_first(players, winner))
    parts = [
        _("Project Mars, round {round} resolved: {player} wins it, TPR {figures}.").format(
            round=event.round, player=name(winner), figures=figures
        )
        if winner
        else _("Project Mars, round {round} resolved: a draw, TPR {figures}.").format(
            round=event.round, figures=figures
        )
    ]
    fields = event.fields
    lanes = lanes_words(players, score.lanes, lane_totals(players, fields), name, short=short)
    parts.append(_("Lanes: {lanes}.").format(lanes=lanes))
    for player in players if level < 2 else []:
        bits = [
            f"{part_words(key)[1]} {value}"
            for key in PARTS
            if (value := score.parts.get(player, {}).get(key, 0))
        ]
        parts.append(
            _("{player}'s TPR {tpr}: {parts}.").format(
                player=name(player),
                tpr=tpr.get(player, 0),
                parts=", ".join(bits) if bits else _("nothing"),
            )
        )
    for player in players:
        parts.append(field_words(fields[player], player, name, None, short=short))
    return " ".join(parts)
