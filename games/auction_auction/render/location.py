"""`location_board`: one location's lots, bids and winners, for its thread (AA-10 to AA-12),
and its alt text."""

from __future__ import annotations

from functools import partial

from games.auction_auction.events import AuctionResolved, LotResult
from games.auction_auction.model import COLOUR_NAMES, lot_number, place_name
from games.auction_auction.render.parts import (
    CHIP_GAP,
    CHIP_H,
    CHIP_NAME,
    KICKER,
    MARGIN,
    WIDTH,
    Name,
    cubes_words,
    money,
    wrap_chips,
)
from games.core.drawing import Board, Canvas, NameSource, fonts, namer
from games.core.drawing.canvas import FOOTER_LINE, wrap_footer
from games.core.drawing.palette import (
    FAINT,
    GOLD,
    GOLD_BG,
    LINE,
    MUTED,
    PANEL,
    PANEL_RAISED,
    TEXT,
    WARN,
    mix,
)
from games.core.drawing.styles import HIGHLIGHT, SUBDUED
from games.core.drawing.words import listed
from games.core.speech import _, ngettext

WON = HIGHLIGHT
DISCARDED = SUBDUED


def location_board(event: AuctionResolved, names: NameSource) -> Board:
    """One location's auction results (the `auction_resolved` event its players receive): each
    lot's cubes, every bid on it, and who won it and for how much, or that it was discarded
    (AA-11: the highest amount bid by exactly one player wins)."""
    name = namer(names)
    return Board.drawn(
        partial(_location_board_png, event, name),
        _location_alt(event, name),
        f"lots-{event.location}-round-{event.round}.png",
    )


def _location_board_png(event: AuctionResolved, name: Name) -> bytes:
    """`location_board`'s picture, its PNG."""
    lots = list(event.lots)
    title = place_name(event.location)
    mid_x = MARGIN + LOT_LEFT
    mid_w = WIDTH - MARGIN - LOT_RIGHT - mid_x - 16
    layouts = [_lot_layout(lot, name, mid_w) for lot in lots]
    heights = [
        max(LOT_MIN, 24 + len(rows) * (CHIP_H + CHIP_GAP) - CHIP_GAP + 24) for _, rows in layouts
    ]
    footer = wrap_footer(
        [
            _(
                "Everyone pays all their bids, won or lost. The highest amount bid by "
                "exactly one player wins; tied amounts are skipped."
            )
        ],
        WIDTH,
        MARGIN,
    )
    height = (
        100 + 20 + sum(heights) + 12 * max(0, len(lots) - 1) + 14 + FOOTER_LINE * len(footer) + 14
    )
    canvas = Canvas(WIDTH, height)
    won = sum(1 for lot in lots if lot.winner is not None)
    notes = [
        ngettext("{count} lot", "{count} lots", len(lots)).format(count=len(lots)),
        _("{won} won · {discarded} discarded").format(won=won, discarded=len(lots) - won),
    ]
    top = (
        canvas.title_bar(
            _("{game} · LOCATION RESULTS").format(game=KICKER),
            _("{location} — Round {round}").format(location=title, round=event.round),
            notes,
            margin=MARGIN,
        )
        + 20
    )
    for lot, (chips, rows), h in zip(lots, layouts, heights, strict=True):
        _draw_lot(canvas, top, h, lot, chips, rows, name)
        top += h + 12
    canvas.footer(footer, margin=MARGIN, top=top + 2)
    return canvas.png()


LOT_LEFT = 200
LOT_RIGHT = 236
LOT_MIN = 104


def _lot_bids(lot: LotResult) -> list[tuple[str, int, bool]]:
    """(player, amount, tied) from the highest amount down."""
    amounts = [b.amount for b in lot.bids]
    return [
        (b.player, b.amount, amounts.count(b.amount) > 1)
        for b in sorted(lot.bids, key=lambda b: -b.amount)
    ]


def _lot_layout(
    lot: LotResult, name: Name, room: int
) -> tuple[list[tuple[str, str, str]], list[list[int]]]:
    chips = [
        (
            name(player),
            money(amount),
            "won" if player == lot.winner else "tie" if tied else "",
        )
        for player, amount, tied in _lot_bids(lot)
    ]
    return chips, wrap_chips([_bid_chip_width(*c, room) for c in chips], room, CHIP_GAP)


def _bid_chip_width(name: str, figure: str, mark: str, room: int) -> int:
    extra = fonts.width(_("TIE"), 11, True) + 10 if mark == "tie" else 0
    named = min(fonts.width(name, 17), CHIP_NAME)
    return min(room, 28 + named + 10 + fonts.width(figure, 17, True) + extra)


def _draw_lot(
    canvas: Canvas,
    top: int,
    h: int,
    lot: LotResult,
    chips: list[tuple[str, str, str]],
    rows: list[list[int]],
    name: Name,
) -> None:
    left, right = MARGIN, WIDTH - MARGIN
    middle = top + h // 2
    won = lot.winner is not None
    canvas.rect(
        (left, top, right, top + h),
        PANEL,
        radius=14,
        outline=mix(GOLD, PANEL, 0.6) if won else None,
    )
    colour, count = lot.colour, lot.count
    label = _("LOT {number}").format(number=lot_number(lot.lot))
    used = canvas.text(left + 18, middle - 20, label, size=14, bold=True, fill=MUTED)
    named = _(COLOUR_NAMES.get(colour, colour))
    divider = left + LOT_LEFT - 12
    # Set smaller, not past the divider, where a colour's name is long (Czech "červená").
    at = left + 18 + used + 8
    canvas.text(
        at,
        middle - 20,
        f"{count}× {named}",
        size=14,
        fill=MUTED,
        max_width=divider - 8 - at,
        min_size=11,
    )
    canvas.cubes(left + 18, middle + 14, colour, count, 34, gap=6)
    canvas.draw.line((divider, top + 14, divider, top + h - 14), fill=LINE)
    x0 = left + LOT_LEFT + 4
    room = right - LOT_RIGHT - x0 - 16
    if not chips:
        canvas.text(x0, middle, _("No bids"), size=17, fill=FAINT)
    y = top + (h - (len(rows) * (CHIP_H + CHIP_GAP) - CHIP_GAP)) // 2
    for row in rows:
        x = x0
        for index in row:
            x += _draw_bid_chip(canvas, x, y, *chips[index], room) + CHIP_GAP
        y += CHIP_H + CHIP_GAP
    rx = right - LOT_RIGHT
    canvas.draw.line((rx, top + 14, rx, top + h - 14), fill=LINE)
    if lot.winner is not None:
        canvas.badge(rx + 18, middle - 26, _("Won"), WON, size=12)
        canvas.text(
            rx + 18, middle + 2, name(lot.winner), size=18, bold=True, max_width=LOT_RIGHT - 36
        )
        pays = _("pays {amount}").format(amount=money(lot.price or 0))
        canvas.text(rx + 18, middle + 27, pays, size=15, fill=MUTED)
    else:
        canvas.badge(rx + 18, middle - 14, _("Discarded"), DISCARDED, size=12)
        reason = _("no bids") if not lot.bids else _("every amount tied")
        canvas.text(
            rx + 18, middle + 14, reason, size=15, fill=MUTED, max_width=LOT_RIGHT - 36, min_size=12
        )


def _draw_bid_chip(
    canvas: Canvas, x: int, y: int, name: str, figure: str, mark: str, room: int
) -> int:
    """A bid: the winner's in gold; a tied one struck through and marked TIE."""
    w = _bid_chip_width(name, figure, mark, room)
    middle = y + CHIP_H // 2
    if mark == "won":
        canvas.rect((x, y, x + w, y + CHIP_H), GOLD_BG, radius=CHIP_H // 2, outline=GOLD)
    else:
        canvas.rect((x, y, x + w, y + CHIP_H), PANEL_RAISED, radius=CHIP_H // 2)
    figure_w = fonts.width(figure, 17, True)
    extra = fonts.width(_("TIE"), 11, True) + 10 if mark == "tie" else 0
    ink = MUTED if mark == "tie" else TEXT
    used = canvas.text(x + 14, middle, name, size=17, fill=ink, max_width=w - 38 - figure_w - extra)
    fx = x + 14 + used + 10
    fill = GOLD if mark == "won" else ink
    canvas.text(fx, middle, figure, size=17, bold=True, fill=fill)
    if mark == "tie":
        canvas.draw.line((fx - 2, middle, fx + figure_w + 1, middle), fill=WARN, width=2)
        canvas.text(x + w - 14, middle, _("TIE"), size=11, bold=True, fill=WARN, align="right")
    return w


def _location_alt(event: AuctionResolved, name: Name) -> str:
    parts = [
        _("Auction Auction, round {round}, {location}: lot results.").format(
            round=event.round, location=place_name(event.location)
        )
    ]
    for lot in event.lots:
        bids = _lot_bids(lot)
        if lot.winner is not None:
            outcome = _("won by {player} for {amount}").format(
                player=name(lot.winner), amount=money(lot.price or 0)
            )
        elif not bids:
            outcome = _("no bids, discarded")
        else:
            outcome = _("discarded, every amount tied")
        said = [outcome]
        if bids:
            tied = _(" (tied)")
            bidders = listed([f"{name(p)} {money(a)}{tied if t else ''}" for p, a, t in bids])
            said.append(_("bids: {bids}").format(bids=bidders))
        parts.append(
            _("Lot {number}, {cubes}: {results}.").format(
                number=lot_number(lot.lot),
                cubes=cubes_words(lot.colour, lot.count),
                results="; ".join(said),
            )
        )
    parts.append(_("Everyone pays all their bids, won or lost."))
    return " ".join(parts)
