"""The Mars Auction's board images: the display everyone bids on, and what each player holds
and paid once an auction is settled (and at the end).

Each function takes what its viewers received — the public view, or a public event — and
never the state, so an image cannot show a budget, the M€ a player has left or a choice not
yet revealed (MA-D3). Each returns a `Board`: the PNG and an alt text with the same facts in
words. Pure and synchronous; the bot calls them off its event loop.

- `display_board(view, names)`: the display as numbered cards (L1) by kind, each with its
  name, cost or starting M€, each player's markers in their colour (limited) or who won it
  and for how much (or drew it, free: L14); the players with their markers this round, who
  has passed, whose turn it is, who chooses at a keep or buy step; for the unlimited variant
  the card up for auction, its bids and who holds the high one.
- `settlement_board(event, names)`: per player, what they hold (corporation, preludes,
  projects), what this auction gave them and what they paid in it and in all; the match's end
  (`match_ended`) is drawn the same way.

A player's colour always comes with their seat letter (A to E), on the cards and beside
their name, so colour is never the only cue.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache, partial

from PIL import Image

from games.core.drawing import BadgeStyle, Board, Canvas, NameSource, fonts, namer
from games.core.drawing.canvas import FOOTER_LINE, wrap_footer
from games.core.drawing.palette import (
    ACCENT,
    BACKGROUND,
    DARK_TEXT,
    FAINT,
    GOLD,
    LINE,
    MUTED,
    PANEL,
    PANEL_RAISED,
    RGB,
    SEATS,
    TEXT,
    mix,
)
from games.core.speech import _
from games.mars_auction.events import Holdings, MarsAuctionEnded
from games.mars_auction.render_words import (
    KIND_TITLES,
    Badge,
    Name,
    auction_words,
    badge_words,
    card_at,
    card_facts,
    display_alt,
    footer,
    holdings_rows,
    holds,
    letter,
    player_state,
    settlement_alt,
    settlement_title,
    step_words,
    variant_words,
    who_left,
)
from games.mars_auction.views import CardView, LotView, PublicView, SettledSeat, Settlement
from games.tm_catalogue import numbered, printed_number

WIDTH = 960
MARGIN = 28
KICKER = "MARS AUCTION"
COLUMNS = 5
GAP = 8
TILE_H = 88
#: A card's name: the largest and smallest size, on at most two lines (never cut).
NAME_SIZES = (14, 12)
SECTION_H = 36
PLAYER_H = 34
LOT_H = 96
#: A band per kind of card, its colour and the word on the section it heads.
KIND_BANDS: dict[str, RGB] = {
    "company": (242, 190, 80),
    "prelude": (204, 121, 167),
    "project": (94, 214, 176),
}
TURN = BadgeStyle(DARK_TEXT, GOLD)
PASSED = BadgeStyle(MUTED, PANEL)
LEFT = BadgeStyle(FAINT, BACKGROUND)
DONE = BadgeStyle(TEXT, PANEL_RAISED)
#: Each badge's style (`render_words.player_state`).
BADGES: dict[Badge, BadgeStyle] = {"turn": TURN, "passed": PASSED, "left": LEFT}


def _seat(players: Sequence[str], player: str) -> tuple[RGB, RGB]:
    return SEATS[players.index(player) % len(SEATS)] if player in players else (MUTED, DARK_TEXT)


# -- drawing pieces ------------------------------------------------------------------------


def _chip(
    canvas: Canvas, x: int, middle: int, players: Sequence[str], player: str, text: str
) -> int:
    """A player's chip: their colour and seat letter, and `text` after the letter (a count).
    A badge, so drawn once and kept. Returns its width."""
    fill, ink = _seat(players, player)
    label = f"{letter(players, player)}{text}"
    return canvas.badge(x, middle, label, BadgeStyle(ink, fill), size=11, upper=False)


def tile_width() -> int:
    return (WIDTH - 2 * MARGIN - GAP * (COLUMNS - 1)) // COLUMNS


@lru_cache(maxsize=16)
def _tile_face(width: int, kind: str, *, done: bool, up: bool) -> Image.Image:
    """A card's tile without its words: its panel (dimmed once evaluated, outlined in gold
    while up for auction) and its kind's band, on the board's background. Kept."""
    face = Canvas(width, TILE_H)
    fill = mix(PANEL, BACKGROUND, 0.5) if done else PANEL_RAISED
    outline = GOLD if up else mix(LINE, PANEL, 0.2)
    face.rect((0, 0, width, TILE_H), fill, radius=9, outline=outline)
    band = KIND_BANDS.get(kind, MUTED)
    face.rect((1, 8, 5, TILE_H - 8), band if not done else mix(band, fill, 0.6))
    return face.image


def _tile_words(canvas: Canvas, x: int, y: int, card: CardView, facts: str) -> None:
    """A card's number (and printed number), facts, name (on two lines when long, never cut)."""
    w = tile_width()
    used = canvas.text(x + 12, y + 15, str(card.number), size=13, fill=ACCENT, bold=True)
    printed = printed_number(card.name)
    if printed:
        canvas.text(x + 18 + used, y + 15, printed, size=11, fill=MUTED)
    if facts:
        canvas.text(x + w - 9, y + 15, facts, size=12, fill=MUTED, align="right")
    size, lines = fonts.wrap_fitted(card.name, *NAME_SIZES, w - 20, 2, bold=True)
    ink = TEXT if not card.done else MUTED
    for i, line in enumerate(lines):
        middle = y + 40 if len(lines) == 1 else y + 33 + i * (size + 3)
        canvas.text(x + 12, middle, line, size=size, fill=ink, bold=True)


#: Cards' tiles with their words (`_tile`), oldest out past `TILES_KEPT` (2 displays, 7 MB).
KEPT_TILES: dict[tuple[str, int, str, str, bool, bool, int, int], Image.Image] = {}
TILES_KEPT = 160


def _tile(
    canvas: Canvas,
    x: int,
    y: int,
    card: CardView,
    players: Sequence[str],
    name: Name,
    *,
    up: bool,
) -> None:
    """One card on display (`_tile_words`), then its markers, or who won it. Each display of
    a match shows the same cards again: a tile with its words is kept (`KEPT_TILES`, by the
    parity of its place too: text is placed rounding half to even) and pasted next time."""
    w, done, facts = tile_width(), card.done, card_facts(card, short=True)
    key = (card.kind, card.number, card.name, facts, done, up, x % 2, y % 2)
    if (kept := KEPT_TILES.get(key)) is not None:
        canvas.image.paste(kept, (x, y))
    else:
        canvas.image.paste(_tile_face(w, card.kind, done=done, up=up), (x, y))
        _tile_words(canvas, x, y, card, facts)
        KEPT_TILES[key] = canvas.image.crop((x, y, x + w, y + TILE_H))
        while len(KEPT_TILES) > TILES_KEPT:
            KEPT_TILES.pop(next(iter(KEPT_TILES)), None)
    bottom = y + TILE_H - 15
    if done:
        if (winner := card.winner) is None:
            canvas.text(x + 12, bottom, _("discarded"), size=12, fill=FAINT)
            return
        used = _chip(canvas, x + 10, bottom, players, winner, "")
        canvas.text(
            x + 16 + used,
            bottom,
            _("drawn · free") if card.drawn else _("won · {amount} M€").format(amount=card.bid),
            size=12,
            fill=MUTED,
            max_width=w - used - 26,
        )
        return
    left = x + 10
    for player, count in card.markers.items():
        if count:
            left += _chip(canvas, left, bottom, players, player, str(count)) + 3


def _section(
    canvas: Canvas,
    top: int,
    kind: str,
    cards: Sequence[CardView],
    players: Sequence[str],
    name: Name,
    up: int | None,
) -> int:
    """A kind's cards under its heading; returns the y below them."""
    numbers = [c.number for c in cards]
    title = f"{_(KIND_TITLES[kind]).upper()}  {min(numbers)}–{max(numbers)}"
    canvas.rect((MARGIN, top + 12, MARGIN + 4, top + 26), KIND_BANDS.get(kind, MUTED))
    canvas.text(MARGIN + 12, top + 19, title, size=14, fill=MUTED, bold=True)
    y = top + SECTION_H
    w = tile_width()
    for i, card in enumerate(cards):
        column, row = i % COLUMNS, i // COLUMNS
        _tile(
            canvas,
            MARGIN + column * (w + GAP),
            y + row * (TILE_H + GAP),
            card,
            players,
            name,
            up=up == card.number,
        )
    rows = (len(cards) + COLUMNS - 1) // COLUMNS
    return y + rows * (TILE_H + GAP)


def _sections(view: PublicView) -> list[tuple[str, list[CardView]]]:
    """The display's cards by kind, in L1 order (cards drawn from the catalogue after it, in
    their kind)."""
    out: list[tuple[str, list[CardView]]] = []
    for kind in KIND_TITLES:
        cards = [c for c in view.display if c.kind == kind]
        if cards:
            out.append((kind, cards))
    return out


def _players(canvas: Canvas, top: int, view: PublicView, name: Name) -> int:
    players = list(view.players)
    for i, player in enumerate(players):
        middle = top + i * PLAYER_H + PLAYER_H // 2
        if i % 2 == 0:
            canvas.rect(
                (MARGIN, middle - PLAYER_H // 2, WIDTH - MARGIN, middle + PLAYER_H // 2),
                mix(PANEL, BACKGROUND, 0.4),
                radius=8,
            )
        x = MARGIN + 10
        x += _chip(canvas, x, middle, players, player, "") + 10
        starter = " ★" if view.starter == player else ""
        x += canvas.text(x, middle, f"{name(player)}{starter}", size=16, bold=True, max_width=300)
        words, badge = player_state(view, player)
        x += 14
        if badge:
            x += canvas.badge(x, middle, badge_words(badge), BADGES[badge], size=11) + 10
        if words:
            canvas.text(x, middle, words, size=14, fill=MUTED, max_width=230)
        held = holds(view.seats[player])
        if held:
            canvas.text(
                WIDTH - MARGIN - 12,
                middle,
                held,
                size=13,
                fill=MUTED,
                align="right",
                max_width=300,
            )
    return top + len(players) * PLAYER_H


def _lot(canvas: Canvas, top: int, view: PublicView, lot: LotView, name: Name) -> int:
    """Unlimited: the card up for auction, its bids and who has passed on it."""
    players = list(view.players)
    card = card_at(view, lot.number)
    canvas.rect((MARGIN, top, WIDTH - MARGIN, top + LOT_H), PANEL, radius=12, outline=GOLD)
    canvas.text(MARGIN + 16, top + 20, _("UP FOR AUCTION"), size=13, fill=GOLD, bold=True)
    facts = card_facts(card)
    title = f"{card.number} · {numbered(card.name)}" + (f" ({facts})" if facts else "")
    used = canvas.text(
        MARGIN + 16,
        top + 48,
        title,
        size=22,
        bold=True,
        max_width=WIDTH - 2 * MARGIN - 280,
        min_size=15,
    )
    high = lot.high
    right = WIDTH - MARGIN - 16
    # The line under the bid stays clear of the card's title (a long translation is set
    # smaller, then cut).
    room = right - (MARGIN + 16 + used + 16)
    if high is None:
        canvas.text(right, top + 30, _("no bid yet"), size=16, fill=MUTED, align="right")
        opens = _("{player} opens").format(player=name(lot.opener))
        canvas.text(
            right, top + 56, opens, size=14, fill=MUTED, align="right", max_width=room, min_size=11
        )
    else:
        canvas.text(right, top + 30, f"{high[1]} M€", size=26, bold=True, align="right")
        leader = _("high bid: {player}").format(player=name(high[0]))
        canvas.text(
            right, top + 58, leader, size=14, fill=MUTED, align="right", max_width=room, min_size=11
        )
    x = MARGIN + 16
    for player, amount in lot.bids[-8:]:
        used = _chip(canvas, x, top + 76, players, player, f" {amount}")
        x += used + 4
    if lot.passed:
        canvas.text(
            x + 10,
            top + 76,
            _("passed: {players}").format(players=", ".join(name(p) for p in lot.passed)),
            size=13,
            fill=MUTED,
            max_width=WIDTH - MARGIN - x - 30,
        )
    return top + LOT_H


def display_board(view: PublicView, names: NameSource) -> Board:
    """The display as everyone sees it (the public view)."""
    name = namer(names)
    stem = "setup" if view.auction == "setup" else f"generation-{view.generation}"
    return Board.drawn(
        partial(_display_board_png, view, name), display_alt(view, name), f"{stem}-display.png"
    )


def _display_board_png(view: PublicView, name: Name) -> bytes:
    """`display_board`'s picture, its PNG."""
    players = list(view.players)
    sections = _sections(view)
    small_print = wrap_footer(footer(view), WIDTH, MARGIN)
    lot = view.lot if view.step == "bidding" else None
    height = 100 + 16 + len(players) * PLAYER_H + 12
    height += (LOT_H + 12) if lot else 0
    for _kind, cards in sections:
        height += SECTION_H + ((len(cards) + COLUMNS - 1) // COLUMNS) * (TILE_H + GAP)
    height += 8 + FOOTER_LINE * len(small_print) + 12
    canvas = Canvas(WIDTH, height)
    title = f"{auction_words(view)} · {step_words(view, name)}"
    notes = [variant_words(view)]
    top = canvas.title_bar(KICKER, title, notes, margin=MARGIN) + 16
    top = _players(canvas, top, view, name) + 12
    if lot:
        top = _lot(canvas, top, view, lot, name) + 12
    up = lot.number if lot else None
    for kind, cards in sections:
        top = _section(canvas, top, kind, cards, players, name, up)
    canvas.footer(small_print, margin=MARGIN, top=top + 8)
    return canvas.png()


# -- settlement and the end ----------------------------------------------------------------

BLOCK_PAD = 14
LINE_H = 24


def _lines(entry: Holdings, width: int) -> list[tuple[str, str]]:
    """(label, text) lines of a player's block, each card with its printed number, long
    lists wrapped (never cut)."""
    out: list[tuple[str, str]] = []
    for label, text in holdings_rows(entry):
        wrapped = fonts.wrap(text, 14, width) or [""]
        out += [(label, wrapped[0]), *(("", line) for line in wrapped[1:])]
    return out


def settlement_board(event: Settlement | MarsAuctionEnded, names: NameSource) -> Board:
    """What each player holds and paid: after an auction (the bot's `settlement` event) or at
    the end (`match_ended`)."""
    name = namer(names)
    filename = "final.png" if isinstance(event, MarsAuctionEnded) else "settlement.png"
    return Board.drawn(
        partial(_settlement_board_png, event, name), settlement_alt(event, name), filename
    )


def _settlement_board_png(event: Settlement | MarsAuctionEnded, name: Name) -> bytes:
    """`settlement_board`'s picture, its PNG."""
    players = list(event.players)
    entries: Mapping[str, Holdings] = event.players
    text_w = WIDTH - 2 * MARGIN - 2 * BLOCK_PAD - 130 - 200
    blocks = {p: _lines(entries[p], text_w) for p in players}
    height = 100 + 16
    for p in players:
        height += 40 + len(blocks[p]) * LINE_H + BLOCK_PAD + 10
    height += 12
    canvas = Canvas(WIDTH, height)
    notes = [_("paid: M€ for bids and purchases")]
    top = canvas.title_bar(KICKER, settlement_title(event), notes, margin=MARGIN) + 16
    for player in players:
        entry = entries[player]
        lines = blocks[player]
        bottom = top + 40 + len(lines) * LINE_H + BLOCK_PAD
        canvas.rect((MARGIN, top, WIDTH - MARGIN, bottom), PANEL, radius=12)
        x = MARGIN + BLOCK_PAD
        x += _chip(canvas, x, top + 22, players, player, "") + 10
        canvas.text(x, top + 22, who_left(name(player), entry), size=18, bold=True, max_width=460)
        right = WIDTH - MARGIN - BLOCK_PAD
        if not isinstance(entry, SettledSeat):
            paid = _("paid {amount} M€").format(amount=entry.paid)
            canvas.text(right, top + 24, paid, size=18, bold=True, align="right")
        else:
            paid = _("paid {amount} M€").format(amount=entry.paid_now)
            canvas.text(right, top + 22, paid, size=18, bold=True, align="right")
            in_all = _("{amount} M€ in all").format(amount=entry.paid)
            canvas.text(right, top + 46, in_all, size=14, fill=MUTED, align="right")
        y = top + 40
        for label, text in lines:
            middle = y + LINE_H // 2
            if label:
                canvas.text(MARGIN + BLOCK_PAD, middle, label, size=13, fill=MUTED, bold=True)
            canvas.text(MARGIN + BLOCK_PAD + 130, middle, text, size=14, max_width=text_w)
            y += LINE_H
        top = bottom + 10
    return canvas.png()
