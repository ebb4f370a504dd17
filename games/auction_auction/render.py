"""Auction Auction's board images: what players and spectators look at.

Each function takes what its viewers received — an event (`access_resolved`,
`auction_resolved`, `match_ended`) or a player's own view — and never the state, so an image
shows nothing its viewers may not know. Each returns a `Board`: the PNG and an alt text with
the same facts in words. They are pure and synchronous; the bot calls them off its event loop.

- `access_board(event, names)`: the public access results (AA-6 to AA-8);
- `location_board(event, names)`: one location's lots, bids and winners, for its thread
  (AA-10 to AA-12);
- `one_on_one_card(view, names)`: a player's own cash, cubes, garnets, location and standing
  sealed bids, for their DM;
- `final_board(result, names)`: hands, cash, places and prizes (AA-16 to AA-18).

The houses are drawn without their colours: that each name is an anagram of a colour is the
game's hidden trick (AA-4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.auction_auction.events import AccessResolved, AuctionEnded, AuctionResolved, LotResult
from games.auction_auction.hands import hand_of
from games.auction_auction.model import (
    BLACK_MARKET,
    HAND_LABELS,
    HOUSES,
    PHASES,
    Result,
    lot_number,
    place_name,
)
from games.auction_auction.views import AccessRound, CardView, OwnSeat, PlayerView
from games.core.drawing import (
    BadgeStyle,
    Board,
    Canvas,
    Column,
    NameSource,
    Table,
    Text,
    fonts,
    namer,
)
from games.core.drawing.canvas import FOOTER_LINE, wrap_footer
from games.core.drawing.palette import (
    ACCENT,
    BAD,
    BAD_BG,
    BRONZE,
    DARK_TEXT,
    FAINT,
    GARNET,
    GOLD,
    GOLD_BG,
    GOOD,
    GOOD_BG,
    LINE,
    MUTED,
    PANEL,
    PANEL_RAISED,
    ROW_ALT,
    SILVER,
    TEXT,
    WARN,
    WARN_BG,
    mix,
)
from games.core.drawing.words import join, ordinal, plural

WIDTH = 960
CARD_WIDTH = 800
MARGIN = 28
GAP = 16
KICKER = "AUCTION AUCTION"

ENTERED = BadgeStyle(GOOD, GOOD_BG)
TIED_OUT = BadgeStyle(WARN, WARN_BG)
OUTBID = BadgeStyle(MUTED, PANEL_RAISED)
WON = BadgeStyle(DARK_TEXT, GOLD)
DISCARDED = BadgeStyle(MUTED, PANEL_RAISED)
CANDIDATE = BadgeStyle(BAD, BAD_BG)
REMOVED = BadgeStyle(BAD, BAD_BG)
PLACES = {
    1: BadgeStyle(DARK_TEXT, GOLD),
    2: BadgeStyle(DARK_TEXT, SILVER),
    3: BadgeStyle(DARK_TEXT, BRONZE),
}
OTHER_PLACE = BadgeStyle(TEXT, PANEL_RAISED)

Name = Callable[[str], str]
#: A round's access results: the `access_resolved` event, or a closed Access phase of a view.
Access = AccessResolved | AccessRound
#: The end of the match: the `match_ended` event, or the result of a view.
Final = AuctionEnded | Result


# -- words shared by the images and their alt texts ---------------------------------------


def money(amount: int) -> str:
    return f"${amount:,}"


def cubes_words(colour: str, count: int) -> str:
    return f"{count} {colour} {'cube' if count == 1 else 'cubes'}"


# -- access results -------------------------------------------------------------------------


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
                ("Entered", ENTERED, self.entered),
                ("Tied out", TIED_OUT, self.tied),
                ("Outbid", OUTBID, self.outbid),
            )
            if rows
        ]

    def height(self) -> int:
        body = sum(SECTION + ROW * len(rows) for _, _, rows in self.sections())
        return HOUSE_HEAD + (body or ROW) + (ROW if self.empty else 0) + 12

    def draw(self, canvas: Canvas, x: int, y: int, w: int, h: int) -> None:
        canvas.rect((x, y, x + w, y + h), PANEL, radius=14)
        canvas.text(x + 18, y + 28, self.title, size=21, bold=True, max_width=w - 36)
        spots = f"{len(self.entered)} entered"
        canvas.text(x + 18, y + 54, f"{plural(self.bids, 'bid')} · {spots}", size=15, fill=MUTED)
        top = y + HOUSE_HEAD
        if not self.bids:
            canvas.text(x + 18, top + ROW // 2, "No bids", size=18, fill=FAINT)
            top += ROW
        for label, style, rows in self.sections():
            canvas.badge(x + 14, top + SECTION // 2 + 2, label, style, size=12)
            top += SECTION
            for player, amount in rows:
                _bid_row(canvas, x, top, w, self.name(player), amount, style is ENTERED)
                top += ROW
        if self.empty:
            left = "1 spot left empty" if self.empty == 1 else f"{self.empty} spots left empty"
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
        return "no bid"
    where = HOUSES.get(bid.house, bid.house)
    if player in event.tied_out:
        return f"tied out of {where}"
    return f"outbid at {where}"


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
    players = {b.player for b in event.bids} | {p for ps in event.entrants.values() for p in ps}
    chips = [(name(p), _market_reason(p, event)) for p in market]
    col_w = (WIDTH - 2 * MARGIN - 2 * GAP) // 3
    inner = WIDTH - 2 * MARGIN - 36
    chip_rows = _flow([_chip_width(n, r, inner) for n, r in chips], inner, CHIP_GAP)
    house_h = max(h.height() for h in houses)
    market_h = 72 + max(1, len(chip_rows)) * (CHIP_H + CHIP_GAP) + 6
    footer = wrap_footer(
        [
            "Everyone pays what they bid. The highest bids enter; a tie that would not fit "
            "keeps the whole tied group out."
        ],
        WIDTH,
        MARGIN,
    )
    height = 100 + 20 + house_h + GAP + market_h + 14 + FOOTER_LINE * len(footer) + 14
    canvas = Canvas(WIDTH, height)
    notes = [plural(len(players), "player")]
    if house_capacity is not None:
        notes.append(f"{plural(house_capacity, 'spot')} per house")
    top = (
        canvas.title_bar(KICKER, f"Round {event.round} — Access results", notes, margin=MARGIN) + 20
    )
    for i, house in enumerate(houses):
        house.draw(canvas, MARGIN + i * (col_w + GAP), top, col_w, house_h)
    top += house_h + GAP
    canvas.rect((MARGIN, top, WIDTH - MARGIN, top + market_h), PANEL, radius=14)
    canvas.text(MARGIN + 18, top + 28, "Black Market", size=21, bold=True)
    canvas.text(
        MARGIN + 18,
        top + 54,
        f"{plural(len(market), 'player')} · entered no house",
        size=15,
        fill=MUTED,
    )
    y = top + 72
    if not chips:
        canvas.text(MARGIN + 18, y + CHIP_H // 2, "Nobody", size=18, fill=FAINT)
    for row in chip_rows:
        x = MARGIN + 18
        for index in row:
            x += _draw_chip(canvas, x, y, *chips[index], inner) + CHIP_GAP
        y += CHIP_H + CHIP_GAP
    canvas.footer(footer, margin=MARGIN, top=top + market_h + 14)
    return Board(
        canvas.png(), _access_alt(event, houses, market, name), f"access-round-{event.round}.png"
    )


CHIP_H = 38
CHIP_GAP = 10
#: Names in chips are cut to this width, so that one long name does not take a row.
CHIP_NAME = 210


def _chip_width(name: str, note: str, room: int) -> int:
    return min(room, 28 + min(fonts.width(name, 18), CHIP_NAME) + 10 + fonts.width(note, 14))


def _draw_chip(canvas: Canvas, x: int, y: int, name: str, note: str, room: int) -> int:
    w = _chip_width(name, note, room)
    canvas.rect((x, y, x + w, y + CHIP_H), PANEL_RAISED, radius=CHIP_H // 2)
    note_w = fonts.width(note, 14)
    used = canvas.text(x + 14, y + CHIP_H // 2, name, size=18, max_width=w - 38 - note_w)
    canvas.text(x + 14 + used + 10, y + CHIP_H // 2, note, size=14, fill=MUTED)
    return w


def _flow(widths: Sequence[int], room: int, gap: int) -> list[list[int]]:
    """Indices of items laid out left to right, wrapping to new rows to stay within `room`."""
    rows: list[list[int]] = []
    used = room + 1
    for index, w in enumerate(widths):
        if rows and used + gap + w <= room:
            rows[-1].append(index)
            used += gap + w
        else:
            rows.append([index])
            used = w
    return rows


def _access_alt(event: Access, houses: list[_House], market: list[str], name: Name) -> str:
    parts = [f"Auction Auction, round {event.round}, access results."]
    for house in houses:
        if not house.bids:
            parts.append(f"{house.title}: no bids.")
            continue
        said = [
            "entered: " + join([f"{name(p)} ({money(a)})" for p, a in house.entered])
            if house.entered
            else "nobody entered"
        ]
        if house.tied:
            said.append("tied out: " + join([f"{name(p)} ({money(a)})" for p, a in house.tied]))
        if house.outbid:
            said.append("outbid: " + join([f"{name(p)} ({money(a)})" for p, a in house.outbid]))
        if house.empty:
            said.append(plural(house.empty, "spot") + " left empty")
        parts.append(f"{house.title}: " + "; ".join(said) + ".")
    who = [f"{name(p)} ({_market_reason(p, event)})" for p in market]
    parts.append(f"Black Market: {join(who) if who else 'nobody'}.")
    return " ".join(parts)


# -- a location's lots ----------------------------------------------------------------------


def location_board(event: AuctionResolved, names: NameSource) -> Board:
    """One location's auction results (the `auction_resolved` event its players receive): each
    lot's cubes, every bid on it, and who won it and for how much, or that it was discarded
    (AA-11: the highest amount bid by exactly one player wins)."""
    name = namer(names)
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
            "Everyone pays all their bids, won or lost. The highest amount bid by "
            "exactly one player wins; tied amounts are skipped."
        ],
        WIDTH,
        MARGIN,
    )
    height = (
        100 + 20 + sum(heights) + 12 * max(0, len(lots) - 1) + 14 + FOOTER_LINE * len(footer) + 14
    )
    canvas = Canvas(WIDTH, height)
    won = sum(1 for lot in lots if lot.winner is not None)
    notes = [plural(len(lots), "lot"), f"{won} won · {len(lots) - won} discarded"]
    top = (
        canvas.title_bar(
            f"{KICKER} · LOCATION RESULTS",
            f"{title} — Round {event.round}",
            notes,
            margin=MARGIN,
        )
        + 20
    )
    for lot, (chips, rows), h in zip(lots, layouts, heights, strict=True):
        _draw_lot(canvas, top, h, lot, chips, rows, name)
        top += h + 12
    canvas.footer(footer, margin=MARGIN, top=top + 2)
    slug = event.location
    return Board(canvas.png(), _location_alt(event, name), f"lots-{slug}-round-{event.round}.png")


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
    return chips, _flow([_bid_chip_width(*c, room) for c in chips], room, CHIP_GAP)


def _bid_chip_width(name: str, figure: str, mark: str, room: int) -> int:
    extra = fonts.width(mark.upper(), 11, True) + 10 if mark == "tie" else 0
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
    label = f"LOT {lot_number(lot.lot)}"
    used = canvas.text(left + 18, middle - 20, label, size=14, bold=True, fill=MUTED)
    canvas.text(left + 18 + used + 8, middle - 20, f"{count}× {colour}", size=14, fill=MUTED)
    canvas.cubes(left + 18, middle + 14, colour, count, 34, gap=6)
    divider = left + LOT_LEFT - 12
    canvas.draw.line((divider, top + 14, divider, top + h - 14), fill=LINE)
    x0 = left + LOT_LEFT + 4
    room = right - LOT_RIGHT - x0 - 16
    if not chips:
        canvas.text(x0, middle, "No bids", size=17, fill=FAINT)
    y = top + (h - (len(rows) * (CHIP_H + CHIP_GAP) - CHIP_GAP)) // 2
    for row in rows:
        x = x0
        for index in row:
            x += _draw_bid_chip(canvas, x, y, *chips[index], room) + CHIP_GAP
        y += CHIP_H + CHIP_GAP
    rx = right - LOT_RIGHT
    canvas.draw.line((rx, top + 14, rx, top + h - 14), fill=LINE)
    if lot.winner is not None:
        canvas.badge(rx + 18, middle - 26, "Won", WON, size=12)
        canvas.text(
            rx + 18, middle + 2, name(lot.winner), size=18, bold=True, max_width=LOT_RIGHT - 36
        )
        canvas.text(rx + 18, middle + 27, f"pays {money(lot.price or 0)}", size=15, fill=MUTED)
    else:
        canvas.badge(rx + 18, middle - 14, "Discarded", DISCARDED, size=12)
        reason = "no bids" if not lot.bids else "every amount tied"
        canvas.text(rx + 18, middle + 14, reason, size=15, fill=MUTED)


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
    extra = fonts.width("TIE", 11, True) + 10 if mark == "tie" else 0
    ink = MUTED if mark == "tie" else TEXT
    used = canvas.text(x + 14, middle, name, size=17, fill=ink, max_width=w - 38 - figure_w - extra)
    fx = x + 14 + used + 10
    fill = GOLD if mark == "won" else ink
    canvas.text(fx, middle, figure, size=17, bold=True, fill=fill)
    if mark == "tie":
        canvas.draw.line((fx - 2, middle, fx + figure_w + 1, middle), fill=WARN, width=2)
        canvas.text(x + w - 14, middle, "TIE", size=11, bold=True, fill=WARN, align="right")
    return w


def _location_alt(event: AuctionResolved, name: Name) -> str:
    parts = [f"Auction Auction, round {event.round}, {place_name(event.location)}: lot results."]
    for lot in event.lots:
        head = f"Lot {lot_number(lot.lot)}, {cubes_words(lot.colour, lot.count)}:"
        bids = _lot_bids(lot)
        if lot.winner is not None:
            outcome = f"won by {name(lot.winner)} for {money(lot.price or 0)}"
        elif not bids:
            outcome = "no bids, discarded"
        else:
            outcome = "discarded, every amount tied"
        said = [outcome]
        if bids:
            said.append(
                "bids: "
                + join([f"{name(p)} {money(a)}{' (tied)' if t else ''}" for p, a, t in bids])
            )
        parts.append(f"{head} " + "; ".join(said) + ".")
    parts.append("Everyone pays all their bids, won or lost.")
    return " ".join(parts)


# -- a player's 1-on-1 card -----------------------------------------------------------------


def one_on_one_card(view: CardView, names: NameSource) -> Board:
    """A player's own card for their DM, from what of their view it draws (`card_view`):
    cash and what of it is promised to sealed bids, garnets, cubes and the hand they make,
    location, and the sealed bids standing now. Other players' sealed bids are not in a view,
    so they cannot be here."""
    me = view.me
    name = namer(names)
    colours = list(view.colours)
    rows = _card_rows(view, me)
    body = 64 + max(1, len(rows)) * 44 + 14
    height = 100 + 20 + 118 + GAP + 112 + GAP + body + 22
    canvas = Canvas(CARD_WIDTH, height)
    right = CARD_WIDTH - MARGIN
    notes = [f"Round {view.round} of {view.rounds}", PHASES[view.phase]]
    top = canvas.title_bar(f"YOUR 1-ON-1 · {KICKER}", name(me.player), notes, margin=MARGIN) + 20
    tile_w = (CARD_WIDTH - 2 * MARGIN - 2 * GAP) // 3
    tiles = _card_tiles(view, me)
    for i, (label, value, note, accent) in enumerate(tiles):
        x = MARGIN + i * (tile_w + GAP)
        canvas.rect((x, top, x + tile_w, top + 118), PANEL, radius=14)
        canvas.text(x + 18, top + 26, label, size=13, bold=True, fill=MUTED)
        canvas.text(
            x + 18,
            top + 62,
            value,
            size=28,
            bold=True,
            fill=accent,
            max_width=tile_w - 36,
            min_size=20,
        )
        canvas.text(x + 18, top + 96, note, size=15, fill=MUTED, max_width=tile_w - 36)
    top += 118 + GAP
    canvas.rect((MARGIN, top, right, top + 112), PANEL, radius=14)
    canvas.text(MARGIN + 18, top + 26, "YOUR CUBES", size=13, bold=True, fill=MUTED)
    x = MARGIN + 18
    for colour in colours:
        x += canvas.cube(x, top + 70, colour, 36) + 8
        count = me.cubes.get(colour, 0)
        x += canvas.text(
            x, top + 70, f"×{count}", size=22, bold=True, fill=TEXT if count else FAINT
        )
        x += 22
    hand = HAND_LABELS[hand_of(me.cubes, colours)]
    canvas.text(right - 18, top + 26, "HAND", size=13, bold=True, fill=MUTED, align="right")
    canvas.text(right - 18, top + 70, hand, size=24, bold=True, fill=ACCENT, align="right")
    top += 112 + GAP
    canvas.rect((MARGIN, top, right, top + body), PANEL, radius=14)
    heading = "YOUR SEALED BIDS" if view.phase != "ended" else "THE MATCH IS OVER"
    canvas.text(MARGIN + 18, top + 28, heading, size=13, bold=True, fill=MUTED)
    if view.phase == "auction" and not me.kicked:
        promised = f"{money(me.committed)} promised of {money(me.cash)}"
        canvas.text(right - 18, top + 28, promised, size=15, fill=MUTED, align="right")
    y = top + 64
    if not rows:
        canvas.text(MARGIN + 18, y + 22 - 4, "—", size=18, fill=FAINT)
    for i, (label, lot_colour, count, amount, note) in enumerate(rows):
        if i % 2 == 0:
            canvas.rect((MARGIN + 10, y, right - 10, y + 44), ROW_ALT, radius=8)
        x = MARGIN + 18
        x += canvas.text(x, y + 22, label, size=18, bold=lot_colour is not None)
        if lot_colour is not None:
            x += 12
            x += canvas.cubes(x, y + 22, lot_colour, count, 26, gap=4)
            canvas.text(x + 10, y + 22, f"{count}× {lot_colour}", size=15, fill=MUTED)
        if amount is not None:
            canvas.text(right - 18, y + 22, money(amount), size=20, bold=True, align="right")
        elif note:
            canvas.text(right - 18, y + 22, note, size=16, fill=FAINT, align="right")
        y += 44
    return Board(canvas.png(), _card_alt(view, me, name), "one-on-one.png")


def card_view(view: PlayerView | CardView) -> CardView:
    """What of a player's view `one_on_one_card` draws: the round and phase, the colours, the
    player's own part, the lots where they bid and the result. Not who else has submitted or
    the houses' public results, which change while the card stays the same."""
    if isinstance(view, CardView):
        return view
    where = view.me.location or BLACK_MARKET
    lots = view.lots or {}
    return CardView(
        round=view.round,
        rounds=view.rounds,
        phase=view.phase,
        colours=view.colours,
        me=view.me,
        lots={where: lots[where]} if where in lots else {},
        result=view.result,
    )


def _card_tiles(view: CardView, me: OwnSeat) -> list[tuple[str, str, str, tuple[int, int, int]]]:
    cash, committed = me.cash, me.committed
    cash_note = (
        f"{money(me.uncommitted)} free · {money(committed)} bid"
        if committed
        else "none promised to bids"
    )
    garnets = me.garnets
    garnet_note = "1 trades for $10" if garnets else "season balance"
    if me.kicked:
        where, where_note = "Out", "removed or conceded"
    elif view.phase == "ended":
        where, where_note = "—", "the match is over"
    elif me.location is None:
        where, where_note = "No house yet", "bid in the Access phase"
    else:
        where = place_name(me.location)
        where_note = f"where you bid in round {view.round}"
    return [
        ("CASH", money(cash), cash_note, TEXT),
        ("GARNETS", str(garnets), garnet_note, GARNET if garnets else TEXT),
        ("LOCATION", where, where_note, BAD if me.kicked else TEXT),
    ]


def _card_rows(view: CardView, me: OwnSeat) -> list[tuple[str, str | None, int, int | None, str]]:
    """(label, lot colour, lot count, amount, note) for each line of standing submissions."""
    if me.kicked:
        return [
            (
                "You no longer play in this match (removed by the host, or conceded).",
                None,
                0,
                None,
                "",
            )
        ]
    if view.phase == "ended":
        return [(_final_words(view, me), None, 0, None, "")]
    if view.phase == "access":
        bid = me.access_bid
        if bid is None:
            return [("No bid yet: no bid means the Black Market.", None, 0, None, "")]
        return [(HOUSES.get(bid.house, bid.house), None, 0, bid.amount, "")]
    lots = view.lots.get(me.location or BLACK_MARKET, [])
    bids = me.lot_bids
    return [
        (
            f"Lot {lot_number(lot.id)}",
            lot.colour,
            lot.count,
            bids.get(lot.id),
            "no bid",
        )
        for lot in lots
    ]


def _final_words(view: CardView, me: OwnSeat) -> str:
    standings = view.result.standings if view.result is not None else []
    mine = next((s for s in standings if s.player == me.player), None)
    if mine is None:
        return "The match is over."
    return f"You finished {ordinal(mine.place)} with {HAND_LABELS[mine.hand]}."


def _card_alt(view: CardView, me: OwnSeat, name: Name) -> str:
    colours = list(view.colours)
    cubes = join([cubes_words(c, me.cubes.get(c, 0)) for c in colours])
    parts = [
        f"Your 1-on-1, {name(me.player)}: Auction Auction, round {view.round} of "
        f"{view.rounds}, {PHASES[view.phase]}.",
        f"Cash {money(me.cash)} ({money(me.uncommitted)} not promised to "
        f"sealed bids). Garnets: {me.garnets}.",
        f"Cubes: {cubes}; hand: {HAND_LABELS[hand_of(me.cubes, colours)]}.",
    ]
    if me.kicked:
        parts.append("You no longer play in this match (removed by the host, or conceded).")
        return " ".join(parts)
    if view.phase == "ended":
        parts.append(_final_words(view, me))
        return " ".join(parts)
    if me.location is not None:
        parts.append(f"Location: {place_name(me.location)}.")
    rows = _card_rows(view, me)
    if view.phase == "access":
        bid = me.access_bid
        parts.append(
            f"Your sealed access bid: {money(bid.amount)} on {HOUSES.get(bid.house, bid.house)}."
            if bid
            else "You have no access bid yet; no bid means the Black Market."
        )
    else:
        said = [
            f"{label} ({cubes_words(colour or '', count)}) {money(amount)}"
            for label, colour, count, amount, _ in rows
            if amount is not None
        ]
        parts.append(f"Your sealed lot bids: {join(said) if said else 'none'}.")
    return " ".join(parts)


# -- the final table ------------------------------------------------------------------------


def final_board(result: Final, names: NameSource) -> Board:
    """The end of the match (the public `match_ended` event, or the engine's result): every
    player's place, cubes, hand and cash, the prizes — tokens of life and garnets — and the
    elimination candidates (AA-16 to AA-18)."""
    name = namer(names)
    standings = list(result.standings)
    colours = list(standings[0].cubes) if standings else []
    tokens = result.tokens_of_life
    garnets = result.garnets
    candidates = set(result.elimination_candidates)
    footer = wrap_footer(_final_footer(result, colours, name), WIDTH, MARGIN)
    row_h = 46
    height = 100 + 20 + 34 + row_h * max(1, len(standings)) + 14 + FOOTER_LINE * len(footer) + 14
    canvas = Canvas(WIDTH, height)
    notes = [plural(len(standings), "player")]
    if result.prize_pool_increase:
        notes.append(f"prize pool +{money(result.prize_pool_increase)}")
    top = canvas.title_bar(KICKER, "Final table", notes, margin=MARGIN) + 20
    cube_w = 32 if len(colours) > 3 else 40
    columns = [
        Column("", 54, "center"),
        Column("Player", 0),
        *(Column(_cube_header(c), cube_w, "center") for c in colours),
        Column("Hand", 140),
        Column("Cash", 60, "right"),
        Column("Prizes", 128),
    ]
    table = Table(canvas, MARGIN, WIDTH - MARGIN, columns, row_height=row_h, gap=12, size=18)
    top = table.header(top)
    for i, s in enumerate(standings):
        player = s.player
        place = s.place
        fill = (
            mix(GOLD_BG, PANEL, 0.35)
            if place == 1
            else mix(BAD_BG, PANEL, 0.3)
            if player in candidates
            else PANEL
            if i % 2 == 0
            else ROW_ALT
        )
        counts = [
            Text(str(n), TEXT, True) if (n := s.cubes.get(c, 0)) else Text("·", FAINT)
            for c in colours
        ]
        top = table.row(
            top,
            [
                _place_cell(place),
                Text(name(player), TEXT, place == 1),
                *counts,
                Text(HAND_LABELS[s.hand], ACCENT if place == 1 else TEXT),
                Text(money(s.cash)),
                _prize_cell(tokens.get(player, 0), garnets.get(player, 0), player in candidates),
            ],
            fill=fill,
        )
    canvas.footer(footer, margin=MARGIN, top=top + 14)
    return Board(canvas.png(), _final_alt(result, colours, name), "final-table.png")


def _cube_header(colour: str) -> Callable[[Canvas, int, int, int], None]:
    def draw(canvas: Canvas, x: int, middle: int, w: int) -> None:
        canvas.cube(x + (w - 24) // 2, middle, colour, 24)

    return draw


def _place_cell(place: int) -> Callable[[Canvas, int, int, int], None]:
    def draw(canvas: Canvas, x: int, middle: int, w: int) -> None:
        canvas.badge(
            x + w // 2,
            middle,
            ordinal(place),
            PLACES.get(place, OTHER_PLACE),
            size=15,
            align="center",
            upper=False,
        )

    return draw


def _prize_cell(
    tokens: int, garnets: int, candidate: bool
) -> Callable[[Canvas, int, int, int], None] | None:
    lines: list[tuple[str, tuple[int, int, int]]] = []
    if tokens:
        lines.append((plural(tokens, "token") + " of life", GOLD))
    if garnets:
        lines.append((plural(garnets, "garnet"), GARNET))
    if not lines and not candidate:
        return None

    def draw(canvas: Canvas, x: int, middle: int, w: int) -> None:
        items: list[tuple[str, tuple[int, int, int]] | None] = [*lines]
        if candidate:
            items.append(None)
        step = 19
        y = middle - (len(items) - 1) * step / 2
        for item in items:
            if item is None:
                canvas.badge(x, y, "Elimination", CANDIDATE, size=11)
            else:
                canvas.text(x, y, item[0], size=14, bold=True, fill=item[1], max_width=w)
            y += step

    return draw


def _hand_order(colours: Sequence[str]) -> str:
    order = " > ".join(HAND_LABELS.values())
    return f"Hands: {order}; ties go to more {', then '.join(colours)}, then cash."


def _final_footer(result: Final, colours: Sequence[str], name: Name) -> list[str]:
    candidates = [name(p) for p in result.elimination_candidates]
    lines = [
        f"Elimination {'candidate' if len(candidates) == 1 else 'candidates'}: {join(candidates)}."
        if candidates
        else "No elimination candidate: nobody finished below anyone."
    ]
    if result.prize_pool_increase:
        lines.append(
            "Everyone holds at least four cubes: the season prize pool grows by "
            f"{money(result.prize_pool_increase)}."
        )
    lines.append(_hand_order(colours))
    return lines


def _final_alt(result: Final, colours: Sequence[str], name: Name) -> str:
    tokens = result.tokens_of_life
    garnets = result.garnets
    parts = ["Auction Auction, final table."]
    for s in result.standings:
        player = s.player
        cubes = join([cubes_words(c, s.cubes.get(c, 0)) for c in colours])
        prizes = []
        if tokens.get(player):
            prizes.append(plural(tokens[player], "token") + " of life")
        if garnets.get(player):
            prizes.append(plural(garnets[player], "garnet"))
        won = f"; wins {join(prizes)}" if prizes else ""
        parts.append(
            f"{ordinal(s.place)}: {name(player)}, {HAND_LABELS[s.hand]} ({cubes}), "
            f"{money(s.cash)}{won}."
        )
    parts.extend(_final_footer(result, colours, name)[:-1])
    return " ".join(parts)
