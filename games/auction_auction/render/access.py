"""`access_board`: the public access results (AA-6 to AA-8): each house's bids, who entered
and who was tied out, and who spends the round in the Black Market; and its alt text."""

from __future__ import annotations

from functools import partial

from games.auction_auction.events import AccessResolved
from games.auction_auction.model import BLACK_MARKET, HOUSES, LOCATION_NAMES
from games.auction_auction.render.parts import (
    CHIP_GAP,
    CHIP_H,
    CHIP_NAME,
    GAP,
    KICKER,
    MARGIN,
    WIDTH,
    Access,
    Name,
    money,
    wrap_chips,
)
from games.core.drawing import BadgeStyle, Board, Canvas, NameSource, fonts, namer
from games.core.drawing.canvas import FOOTER_LINE, wrap_footer
from games.core.drawing.palette import (
    FAINT,
    MUTED,
    PANEL,
    PANEL_RAISED,
    TEXT,
)
from games.core.drawing.styles import CAUTION, SUBDUED, SUCCESS
from games.core.drawing.words import listed
from games.core.speech import _, ngettext

ENTERED = SUCCESS
TIED_OUT = CAUTION
OUTBID = SUBDUED


class _House:
    """One house's bids as the access results show them."""

    def __init__(self, house: str, event: Access, capacity: int | None, name: Name) -> None:
        self.title = HOUSES[house]
        bids = sorted((b for b in event.bids if b.house == house), key=lambda b: -b.amount)
        inside = set(event.entrants.get(house, []))
        tied = set(event.tied_out)
        self.bids = len(bids)
        self.entered = [(b.player, b.amount) for b in bids if b.player in inside]
        self.tied = [(b.player, b.amount) for b in bids if b.player in tied]
        self.outbid = [
            (b.player, b.amount) for b in bids if b.player not in inside and b.player not in tied
        ]
        self.empty = max(0, capacity - len(self.entered)) if capacity is not None else 0
        self.name = name

    def sections(self) -> list[tuple[str, BadgeStyle, list[tuple[str, int]]]]:
        return [
            (label, style, rows)
            for label, style, rows in (
                (_("Entered"), ENTERED, self.entered),
                (_("Tied out"), TIED_OUT, self.tied),
                (_("Outbid"), OUTBID, self.outbid),
            )
            if rows
        ]

    def height(self) -> int:
        body = sum(SECTION + ROW * len(rows) for _, _, rows in self.sections())
        return HOUSE_HEAD + (body or ROW) + (ROW if self.empty else 0) + 12

    def draw(self, canvas: Canvas, x: int, y: int, w: int, h: int) -> None:
        canvas.rect((x, y, x + w, y + h), PANEL, radius=14)
        canvas.text(x + 18, y + 28, self.title, size=21, bold=True, max_width=w - 36)
        bids = ngettext("{count} bid", "{count} bids", self.bids).format(count=self.bids)
        spots = _("{count} entered").format(count=len(self.entered))
        canvas.text(x + 18, y + 54, f"{bids} · {spots}", size=15, fill=MUTED)
        top = y + HOUSE_HEAD
        if not self.bids:
            canvas.text(x + 18, top + ROW // 2, _("No bids"), size=18, fill=FAINT)
            top += ROW
        for label, style, rows in self.sections():
            canvas.badge(x + 14, top + SECTION // 2 + 2, label, style, size=12)
            top += SECTION
            for player, amount in rows:
                _bid_row(canvas, x, top, w, self.name(player), amount, style is ENTERED)
                top += ROW
        if self.empty:
            left = ngettext(
                "{count} spot left empty", "{count} spots left empty", self.empty
            ).format(count=self.empty)
            canvas.text(x + 18, top + ROW // 2, left, size=16, fill=FAINT)


HOUSE_HEAD = 72
SECTION = 34
ROW = 34


def _bid_row(canvas: Canvas, x: int, top: int, w: int, name: str, amount: int, lit: bool) -> None:
    middle = top + ROW // 2
    figure = money(amount)
    figure_w = fonts.width(figure, 18, True)
    canvas.text(
        x + w - 18, middle, figure, size=18, bold=True, align="right", fill=TEXT if lit else MUTED
    )
    canvas.text(
        x + 18,
        middle,
        name,
        size=18,
        bold=lit,
        fill=TEXT if lit else MUTED,
        max_width=w - 36 - figure_w - 10,
    )


def _market_reason(player: str, event: Access) -> str:
    bid = next((b for b in event.bids if b.player == player), None)
    if bid is None:
        return _("no bid")
    where = HOUSES.get(bid.house, bid.house)
    if player in event.tied_out:
        return _("tied out of {house}").format(house=where)
    return _("outbid at {house}").format(house=where)


def access_board(event: Access, names: NameSource, *, house_capacity: int | None = None) -> Board:
    """The access results of a round (the public `access_resolved` event, or a closed Access
    phase of the public view): each house with every bid on it, who entered, whose tie kept
    them out (AA-7) and who was outbid; the Black Market with the players who entered no
    house. Spots left empty are shown when the house capacity is known: `house_capacity`,
    else the event's own (events stored before it was in the event have none)."""
    if house_capacity is None and isinstance(event, AccessResolved):
        house_capacity = event.house_capacity
    name = namer(names)
    houses = [_House(h, event, house_capacity, name) for h in HOUSES]
    market = list(event.entrants.get(BLACK_MARKET, []))
    return Board.drawn(
        partial(_access_board_png, event, house_capacity, houses, market, name),
        _access_alt(event, houses, market, name),
        f"access-round-{event.round}.png",
    )


def _access_board_png(
    event: Access, house_capacity: int | None, houses: list[_House], market: list[str], name: Name
) -> bytes:
    """`access_board`'s picture, its PNG."""
    players = {b.player for b in event.bids} | {p for ps in event.entrants.values() for p in ps}
    chips = [(name(p), _market_reason(p, event)) for p in market]
    col_w = (WIDTH - 2 * MARGIN - 2 * GAP) // 3
    inner = WIDTH - 2 * MARGIN - 36
    chip_rows = wrap_chips([_chip_width(n, r, inner) for n, r in chips], inner, CHIP_GAP)
    house_h = max(h.height() for h in houses)
    market_h = 72 + max(1, len(chip_rows)) * (CHIP_H + CHIP_GAP) + 6
    footer = wrap_footer(
        [
            _(
                "Everyone pays what they bid. The highest bids enter; a tie that would not fit "
                "keeps the whole tied group out."
            )
        ],
        WIDTH,
        MARGIN,
    )
    height = 100 + 20 + house_h + GAP + market_h + 14 + FOOTER_LINE * len(footer) + 14
    canvas = Canvas(WIDTH, height)
    notes = [_players(len(players))]
    if house_capacity is not None:
        notes.append(
            ngettext("{count} spot per house", "{count} spots per house", house_capacity).format(
                count=house_capacity
            )
        )
    title = _("Round {round} — Access results").format(round=event.round)
    top = canvas.title_bar(KICKER, title, notes, margin=MARGIN) + 20
    for i, house in enumerate(houses):
        house.draw(canvas, MARGIN + i * (col_w + GAP), top, col_w, house_h)
    top += house_h + GAP
    canvas.rect((MARGIN, top, WIDTH - MARGIN, top + market_h), PANEL, radius=14)
    canvas.text(MARGIN + 18, top + 28, LOCATION_NAMES[BLACK_MARKET], size=21, bold=True)
    canvas.text(
        MARGIN + 18,
        top + 54,
        _("{players} · entered no house").format(players=_players(len(market))),
        size=15,
        fill=MUTED,
    )
    y = top + 72
    if not chips:
        canvas.text(MARGIN + 18, y + CHIP_H // 2, _("Nobody"), size=18, fill=FAINT)
    for row in chip_rows:
        x = MARGIN + 18
        for index in row:
            x += _draw_chip(canvas, x, y, *chips[index], inner) + CHIP_GAP
        y += CHIP_H + CHIP_GAP
    canvas.footer(footer, margin=MARGIN, top=top + market_h + 14)
    return canvas.png()


def _chip_width(name: str, note: str, room: int) -> int:
    return min(room, 28 + min(fonts.width(name, 18), CHIP_NAME) + 10 + fonts.width(note, 14))


def _draw_chip(canvas: Canvas, x: int, y: int, name: str, note: str, room: int) -> int:
    w = _chip_width(name, note, room)
    canvas.rect((x, y, x + w, y + CHIP_H), PANEL_RAISED, radius=CHIP_H // 2)
    note_w = fonts.width(note, 14)
    used = canvas.text(x + 14, y + CHIP_H // 2, name, size=18, max_width=w - 38 - note_w)
    canvas.text(x + 14 + used + 10, y + CHIP_H // 2, note, size=14, fill=MUTED)
    return w


def _players(count: int) -> str:
    return ngettext("{count} player", "{count} players", count).format(count=count)


def _access_alt(event: Access, houses: list[_House], market: list[str], name: Name) -> str:
    parts = [_("Auction Auction, round {round}, access results.").format(round=event.round)]
    for house in houses:
        if not house.bids:
            parts.append(_("{house}: no bids.").format(house=house.title))
            continue

        def bidders(rows: list[tuple[str, int]]) -> str:
            return listed([f"{name(p)} ({money(a)})" for p, a in rows])

        said = [
            _("entered: {players}").format(players=bidders(house.entered))
            if house.entered
            else _("nobody entered")
        ]
        if house.tied:
            said.append(_("tied out: {players}").format(players=bidders(house.tied)))
        if house.outbid:
            said.append(_("outbid: {players}").format(players=bidders(house.outbid)))
        if house.empty:
            said.append(
                ngettext("{count} spot left empty", "{count} spots left empty", house.empty).format(
                    count=house.empty
                )
            )
        parts.append(_("{house}: {results}.").format(house=house.title, results="; ".join(said)))
    who = listed([f"{name(p)} ({_market_reason(p, event)})" for p in market])
    parts.append(
        _("{market}: {players}.").format(
            market=LOCATION_NAMES[BLACK_MARKET], players=who or _("nobody")
        )
    )
    return " ".join(parts)
