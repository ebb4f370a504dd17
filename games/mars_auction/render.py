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

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache

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
    SEAT_LETTERS,
    SEATS,
    TEXT,
    mix,
)
from games.core.drawing.words import join, plural
from games.mars_auction.events import DealtCard, Holdings, MarsAuctionEnded
from games.mars_auction.views import (
    CardView,
    LotView,
    PublicView,
    SeatView,
    SettledSeat,
    Settlement,
)
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
KIND_TITLES = {"company": "Companies", "prelude": "Preludes", "project": "Projects"}
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

Name = Callable[[str], str]


# -- words shared by the images and their alt texts ---------------------------------------


def letter(players: Sequence[str], player: str) -> str:
    """A player's seat letter, A to E, in seat order."""
    return SEAT_LETTERS[players.index(player)] if player in players else "?"


def card_facts(card: DealtCard) -> str:
    """What a card costs to play, or what a corporation starts with: "12 M€", "starts with
    47 M€"; nothing for a prelude."""
    if card.starting_mc is not None:
        return f"starts with {card.starting_mc} M€"
    if card.cost is not None:
        return f"{card.cost} M€"
    return ""


def auction_words(view: PublicView) -> str:
    """ "Setup auction, round 2 of 3", "Generation 3's research auction"; before the first
    research auction of a match that starts with them (generation 0), "Research auctions"."""
    if view.auction == "setup":
        if view.variant == "limited":
            return f"Setup auction, round {view.round} of 3"
        return "Setup auction"
    if not view.generation:
        return "Research auctions"
    return f"Generation {view.generation}'s research auction"


def step_words(view: PublicView, name: Name) -> str:
    """What the match waits for now, for a title."""
    step = view.step
    if step == "bidding" and view.to_act:
        return f"{name(view.to_act)}'s turn"
    if step == "budget":
        return "stating budgets"
    if step == "keep":
        return f"keeping {KIND_TITLES[view.kind or 'company'].lower()}"
    if step == "buy":
        return "buying won projects"
    if step == "waiting":
        return "settled" if view.generation or view.auction == "setup" else "not begun"
    return "over"


def card_at(view: PublicView, number: int) -> CardView:
    """The card of the display numbered `number`."""
    return next(c for c in view.display if c.number == number)


def markers_words(markers: Mapping[str, int], name: Name) -> str:
    """ "ann 2, bob 1"."""
    return ", ".join(f"{name(p)} {n}" for p, n in markers.items() if n)


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
    w, done, facts = tile_width(), card.done, card_facts(card).replace("starts with ", "start ")
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
            canvas.text(x + 12, bottom, "discarded", size=12, fill=FAINT)
            return
        used = _chip(canvas, x + 10, bottom, players, winner, "")
        canvas.text(
            x + 16 + used,
            bottom,
            "drawn · free" if card.drawn else f"won · {card.bid} M€",
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
    title = f"{KIND_TITLES.get(kind, kind).upper()}  {min(numbers)}–{max(numbers)}"
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


def _player_state(view: PublicView, player: str) -> tuple[str, BadgeStyle | None, str]:
    """(what the player's line says, a badge and its label) for the step now."""
    seat = view.seats[player]
    if seat.kicked:
        return "", LEFT, "left"
    step = view.step
    if step == "bidding":
        lot = view.lot
        turn = view.to_act == player
        if view.variant == "limited":
            words = f"{plural(seat.placed, 'marker')} of 15 this round"
            if turn:
                return words, TURN, "turn"
            return words, (PASSED if seat.passed else None), "passed"
        high = lot.high if lot else None
        words = f"high bid {high[1]} M€" if high and high[0] == player else ""
        if turn:
            return words, TURN, "turn"
        if lot and player in lot.passed:
            return words, PASSED, "passed"
        return words, None, ""
    if step == "budget":
        return ("budget in" if seat.has_budget else "stating a budget"), None, ""
    if step in ("keep", "buy"):
        if seat.chosen:
            return "has chosen", None, ""
        return ("choosing" if player in view.choosers else ""), None, ""
    return "", None, ""


def _holds(seat: SeatView) -> str:
    parts = []
    if seat.corporation:
        parts.append(seat.corporation)
    if seat.preludes:
        parts.append(plural(len(seat.preludes), "prelude"))
    if seat.projects:
        parts.append(plural(len(seat.projects), "project"))
    return " · ".join(parts)


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
        words, badge, label = _player_state(view, player)
        x += 14
        if badge is not None:
            x += canvas.badge(x, middle, label, badge, size=11) + 10
        if words:
            canvas.text(x, middle, words, size=14, fill=MUTED, max_width=230)
        holds = _holds(view.seats[player])
        if holds:
            canvas.text(
                WIDTH - MARGIN - 12,
                middle,
                holds,
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
    canvas.text(MARGIN + 16, top + 20, "UP FOR AUCTION", size=13, fill=GOLD, bold=True)
    facts = card_facts(card)
    title = f"{card.number} · {numbered(card.name)}" + (f" ({facts})" if facts else "")
    canvas.text(
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
    if high is None:
        canvas.text(right, top + 30, "no bid yet", size=16, fill=MUTED, align="right")
        canvas.text(
            right, top + 56, f"{name(lot.opener)} opens", size=14, fill=MUTED, align="right"
        )
    else:
        canvas.text(right, top + 30, f"{high[1]} M€", size=26, bold=True, align="right")
        canvas.text(
            right, top + 58, f"high bid: {name(high[0])}", size=14, fill=MUTED, align="right"
        )
    x = MARGIN + 16
    for player, amount in lot.bids[-8:]:
        used = _chip(canvas, x, top + 76, players, player, f" {amount}")
        x += used + 4
    if lot.passed:
        canvas.text(
            x + 10,
            top + 76,
            "passed: " + ", ".join(name(p) for p in lot.passed),
            size=13,
            fill=MUTED,
            max_width=WIDTH - MARGIN - x - 30,
        )
    return top + LOT_H


def _footer(view: PublicView) -> list[str]:
    if view.variant == "limited":
        return [
            "Each chip is a player's markers on the card (their seat letter and how many). A "
            "card goes to the most markers; ties to fewer cards won in this evaluation, then "
            "closer to the round's first player. ★ holds the starting player marker."
        ]
    return [
        "Cards are auctioned one by one; a raise is at least 1 M€ more, a pass is final for the "
        "card, and the last bidder left wins it. ★ holds the starting player marker."
    ]


def display_board(view: PublicView, names: NameSource) -> Board:
    """The display as everyone sees it (the public view)."""
    name = namer(names)
    players = list(view.players)
    sections = _sections(view)
    footer = wrap_footer(_footer(view), WIDTH, MARGIN)
    lot = view.lot if view.step == "bidding" else None
    height = 100 + 16 + len(players) * PLAYER_H + 12
    height += (LOT_H + 12) if lot else 0
    for _, cards in sections:
        height += SECTION_H + ((len(cards) + COLUMNS - 1) // COLUMNS) * (TILE_H + GAP)
    height += 8 + FOOTER_LINE * len(footer) + 12
    canvas = Canvas(WIDTH, height)
    title = f"{auction_words(view)} · {step_words(view, name)}"
    notes = [f"{view.variant} variant"]
    top = canvas.title_bar(KICKER, title, notes, margin=MARGIN) + 16
    top = _players(canvas, top, view, name) + 12
    if lot:
        top = _lot(canvas, top, view, lot, name) + 12
    up = lot.number if lot else None
    for kind, cards in sections:
        top = _section(canvas, top, kind, cards, players, name, up)
    canvas.footer(footer, margin=MARGIN, top=top + 8)
    stem = "setup" if view.auction == "setup" else f"generation-{view.generation}"
    return Board(canvas.png(), display_alt(view, name), f"{stem}-display.png")


def _card_words(card: CardView, name: Name) -> str:
    facts = card_facts(card)
    head = f"{card.number} {numbered(card.name)}" + (f" ({facts})" if facts else "")
    if card.done:
        winner = card.winner
        if winner is None:
            return f"{head}: discarded"
        if card.drawn:
            return f"{head}: drawn by {name(winner)}, free"
        return f"{head}: won by {name(winner)} for {card.bid} M€"
    markers = markers_words(card.markers, name)
    return f"{head}: markers {markers}" if markers else head


def display_alt(view: PublicView, name: Name) -> str:
    """The display board in words: the turn, the card up for auction, the players, then the
    cards (those with markers first)."""
    players = list(view.players)
    said = [f"Mars Auction, {auction_words(view)}: {step_words(view, name)}."]
    said.append(f"{name(view.starter)} holds the starting player marker.")
    lot = view.lot if view.step == "bidding" else None
    if lot:
        card = card_at(view, lot.number)
        bids = ", ".join(f"{name(p)} {a} M€" for p, a in lot.bids) or "none yet"
        said.append(f"Up for auction: card {card.number}, {numbered(card.name)}; bids: {bids}.")
        if lot.passed:
            said.append(f"Passed on it: {join([name(p) for p in lot.passed])}.")
    states = []
    for player in players:
        words, badge, label = _player_state(view, player)
        state = {"turn": "their turn", "left": "left the match"}.get(label, label)
        bits = [b for b in (words, state if badge is not None else "") if b]
        holds = _holds(view.seats[player])
        if holds:
            bits.append(f"holds {holds}")
        states.append(
            f"{name(player)} ({letter(players, player)})" + (f": {', '.join(bits)}" if bits else "")
        )
    said.append("Players: " + "; ".join(states) + ".")
    marked = [c for c in view.display if not c.done and any(c.markers.values())]
    first = {c.number for c in marked}  # not `in marked`: 80 x 80 model comparisons
    rest = [c for c in view.display if c.number not in first]
    for cards in (marked, rest):
        if cards:
            said.append("; ".join(_card_words(c, name) for c in cards) + ".")
    return " ".join(said)


# -- settlement and the end ----------------------------------------------------------------

BLOCK_PAD = 14
LINE_H = 24


def _lines(entry: Holdings, width: int) -> list[tuple[str, str]]:
    """(label, text) lines of a player's block, each card with its printed number, long
    lists wrapped (never cut)."""
    corporation = entry.corporation
    projects = list(entry.projects)
    bought = set(entry.bought) if isinstance(entry, SettledSeat) else set()
    rows = [
        ("Corporation", numbered(corporation) if corporation else "none yet"),
        ("Preludes", ", ".join(numbered(p) for p in entry.preludes) or "none"),
        (
            f"Projects ({len(projects)})",
            ", ".join(f"{numbered(p)}{' (new)' if p in bought else ''}" for p in projects)
            or "none",
        ),
    ]
    out: list[tuple[str, str]] = []
    for label, text in rows:
        wrapped = fonts.wrap(text, 14, width) or [""]
        out += [(label, wrapped[0]), *(("", line) for line in wrapped[1:])]
    return out


def settlement_board(event: Settlement | MarsAuctionEnded, names: NameSource) -> Board:
    """What each player holds and paid: after an auction (the bot's `settlement` event) or at
    the end (`match_ended`)."""
    name = namer(names)
    players = list(event.players)
    entries: Mapping[str, Holdings] = event.players
    text_w = WIDTH - 2 * MARGIN - 2 * BLOCK_PAD - 130 - 200
    blocks = {p: _lines(entries[p], text_w) for p in players}
    height = 100 + 16
    for p in players:
        height += 40 + len(blocks[p]) * LINE_H + BLOCK_PAD + 10
    height += 12
    canvas = Canvas(WIDTH, height)
    if isinstance(event, MarsAuctionEnded):
        count = event.generations
        title = (
            f"Final holdings · {plural(count, 'research auction')}" if count else "Final holdings"
        )
    elif event.auction == "setup":
        title = "The setup auction is settled"
    else:
        title = f"Generation {event.generation}'s research auction is settled"
    top = canvas.title_bar(KICKER, title, ["paid: M€ for bids and purchases"], margin=MARGIN) + 16
    for player in players:
        entry = entries[player]
        lines = blocks[player]
        bottom = top + 40 + len(lines) * LINE_H + BLOCK_PAD
        canvas.rect((MARGIN, top, WIDTH - MARGIN, bottom), PANEL, radius=12)
        x = MARGIN + BLOCK_PAD
        x += _chip(canvas, x, top + 22, players, player, "") + 10
        left = " (left the match)" if isinstance(entry, SettledSeat) and entry.left else ""
        canvas.text(x, top + 22, f"{name(player)}{left}", size=18, bold=True, max_width=460)
        right = WIDTH - MARGIN - BLOCK_PAD
        if not isinstance(entry, SettledSeat):
            canvas.text(right, top + 24, f"paid {entry.paid} M€", size=18, bold=True, align="right")
        else:
            canvas.text(
                right, top + 22, f"paid {entry.paid_now} M€", size=18, bold=True, align="right"
            )
            canvas.text(
                right, top + 46, f"{entry.paid} M€ in all", size=14, fill=MUTED, align="right"
            )
        y = top + 40
        for label, text in lines:
            middle = y + LINE_H // 2
            if label:
                canvas.text(MARGIN + BLOCK_PAD, middle, label, size=13, fill=MUTED, bold=True)
            canvas.text(MARGIN + BLOCK_PAD + 130, middle, text, size=14, max_width=text_w)
            y += LINE_H
        top = bottom + 10
    filename = "final.png" if isinstance(event, MarsAuctionEnded) else "settlement.png"
    return Board(canvas.png(), settlement_alt(event, name), filename)


def settlement_alt(event: Settlement | MarsAuctionEnded, name: Name) -> str:
    if isinstance(event, MarsAuctionEnded):
        count = event.generations
        after = f" after {plural(count, 'research auction')}" if count else ""
        said = [f"Mars Auction, final holdings{after}."]
    elif event.auction == "setup":
        said = ["Mars Auction: the setup auction is settled."]
    else:
        said = [f"Mars Auction: generation {event.generation}'s research auction is settled."]
    entries: Mapping[str, Holdings] = event.players
    for player, entry in entries.items():
        projects = entry.projects
        settled = entry if isinstance(entry, SettledSeat) else None
        paid = (
            f"paid {settled.paid_now} M€ in this auction, {settled.paid} M€ in all"
            if settled is not None
            else f"paid {entry.paid} M€"
        )
        corporation = entry.corporation
        parts = [
            f"corporation {numbered(corporation) if corporation else 'none yet'}",
            f"preludes {join([numbered(p) for p in entry.preludes]) or 'none'}",
            f"projects ({len(projects)}) {join([numbered(p) for p in projects]) or 'none'}",
        ]
        if settled is not None and settled.bought:
            parts.append(f"new: {join([numbered(p) for p in settled.bought])}")
        left = " (left the match)" if settled is not None and settled.left else ""
        said.append(f"{name(player)}{left}: {'; '.join(parts)}; {paid}.")
    return " ".join(said)
