"""`final_board`: hands, cash, places and prizes at the Game Ending (AA-16 to AA-18), and
its alt text."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from games.auction_auction.events import AuctionEnded
from games.auction_auction.model import COLOUR_NAMES, HAND_LABELS, Result
from games.auction_auction.render.parts import KICKER, MARGIN, WIDTH, Name, cubes_words, money
from games.core.drawing import BadgeStyle, Board, Canvas, Column, NameSource, Table, Text, namer
from games.core.drawing.board import ALT_TEXT
from games.core.drawing.canvas import FOOTER_LINE, wrap_footer
from games.core.drawing.palette import (
    ACCENT,
    BAD_BG,
    BRONZE,
    DARK_TEXT,
    FAINT,
    GARNET,
    GOLD,
    GOLD_BG,
    PANEL,
    ROW_ALT,
    SILVER,
    TEXT,
    mix,
)
from games.core.drawing.styles import FAILURE, HIGHLIGHT, PLAIN
from games.core.drawing.words import listed, ordinal, placed
from games.core.speech import _, ngettext

CANDIDATE = FAILURE
PLACES = {
    1: HIGHLIGHT,
    2: BadgeStyle(DARK_TEXT, SILVER),
    3: BadgeStyle(DARK_TEXT, BRONZE),
}


OTHER_PLACE = PLAIN
#: The end of the match: the `match_ended` event, or the result of a view.
Final = AuctionEnded | Result


def final_board(result: Final, names: NameSource) -> Board:
    """The end of the match (the public `match_ended` event, or the engine's result): every
    player's place, cubes, hand and cash, the prizes — tokens of life and garnets — and the
    elimination candidates (AA-16 to AA-18)."""
    name = namer(names)
    standings = list(result.standings)
    colours = list(standings[0].cubes) if standings else []
    return Board.drawn(
        partial(_final_board_png, result, colours, name),
        _final_alt(result, colours, name),
        "final-table.png",
    )


def _final_board_png(result: Final, colours: list[str], name: Name) -> bytes:
    """`final_board`'s picture, its PNG."""
    standings = list(result.standings)
    tokens = result.tokens_of_life
    garnets = result.garnets
    candidates = set(result.elimination_candidates)
    footer = wrap_footer(_final_footer(result, colours, name), WIDTH, MARGIN)
    row_h = 46
    height = 100 + 20 + 34 + row_h * max(1, len(standings)) + 14 + FOOTER_LINE * len(footer) + 14
    canvas = Canvas(WIDTH, height)
    count = len(standings)
    notes = [ngettext("{count} player", "{count} players", count).format(count=count)]
    if result.prize_pool_increase:
        notes.append(_("prize pool +{amount}").format(amount=money(result.prize_pool_increase)))
    top = canvas.title_bar(KICKER, _("Final table"), notes, margin=MARGIN) + 20
    cube_w = 32 if len(colours) > 3 else 40
    columns = [
        Column("", 54, "center"),
        Column(_("Player"), 0),
        *(Column(_cube_header(c), cube_w, "center") for c in colours),
        Column(_("Hand"), 140),
        Column(_("Cash"), 60, "right"),
        Column(_("Prizes"), 128),
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
                Text(_(HAND_LABELS[s.hand]), ACCENT if place == 1 else TEXT),
                Text(money(s.cash)),
                _prize_cell(tokens.get(player, 0), garnets.get(player, 0), player in candidates),
            ],
            fill=fill,
        )
    canvas.footer(footer, margin=MARGIN, top=top + 14)
    return canvas.png()


def _cube_header(colour: str) -> Callable[[Canvas, int, int, int], None]:
    def draw(canvas: Canvas, x: int, middle: int, w: int) -> None:
        canvas.cube(x + (w - 24) // 2, middle, colour, 24)

    return draw


def _place_cell(place: int) -> Callable[[Canvas, int, int, int], None]:
    def draw(canvas: Canvas, x: int, middle: int, w: int) -> None:
        canvas.badge(
            x + w // 2,
            middle,
            placed(place),
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
        lines.append((tokens_of_life(tokens), GOLD))
    if garnets:
        lines.append((garnets_words(garnets), GARNET))
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
                canvas.badge(x, y, _("Elimination"), CANDIDATE, size=11)
            else:
                canvas.text(x, y, item[0], size=14, bold=True, fill=item[1], max_width=w)
            y += step

    return draw


def tokens_of_life(count: int) -> str:
    """ "3 tokens of life" (AA-17's prize), in the language in force."""
    return ngettext("{count} token of life", "{count} tokens of life", count).format(count=count)


def garnets_words(count: int) -> str:
    """ "2 garnets", in the language in force."""
    return ngettext("{count} garnet", "{count} garnets", count).format(count=count)


def _hand_order(colours: Sequence[str]) -> str:
    order = " > ".join(_(label) for label in HAND_LABELS.values())
    # TRANSLATORS: {colours} are the cube colours, apart by ", then ".
    return _("Hands: {order}; ties go to more {colours}, then cash.").format(
        order=order, colours=_(", then ").join(_(COLOUR_NAMES.get(c, c)) for c in colours)
    )


def _final_footer(result: Final, colours: Sequence[str], name: Name) -> list[str]:
    candidates = [name(p) for p in result.elimination_candidates]
    lines = [
        ngettext(
            "Elimination candidate: {players}.",
            "Elimination candidates: {players}.",
            len(candidates),
        ).format(players=listed(candidates))
        if candidates
        else _("No elimination candidate: nobody finished below anyone.")
    ]
    if result.prize_pool_increase:
        lines.append(
            _(
                "Everyone holds at least four cubes: the season prize pool grows by {amount}."
            ).format(amount=money(result.prize_pool_increase))
        )
    lines.append(_hand_order(colours))
    return lines


def _final_alt(result: Final, colours: Sequence[str], name: Name) -> str:
    """The final table in words: each player's place, hand, cubes (the colours they hold),
    cash and prizes. Where that is longer than an alt text may be (`ALT_TEXT`, in the
    language in force: twelve players), without the cubes, which the result's message and
    the image give: an alt text is never cut."""
    said = _final_words(result, colours, name, cubes=True)
    return said if len(said) <= ALT_TEXT else _final_words(result, colours, name, cubes=False)


def _final_words(result: Final, colours: Sequence[str], name: Name, *, cubes: bool) -> str:
    tokens = result.tokens_of_life
    garnets = result.garnets
    parts = [_("Auction Auction, final table.")]
    for s in result.standings:
        player = s.player
        held = [cubes_words(c, s.cubes[c]) for c in colours if s.cubes.get(c, 0)]
        hand = _(HAND_LABELS[s.hand])
        if cubes:
            # TRANSLATORS: a player's hand and the cubes it is made of ("Two Pair (2 red
            # cubes and 2 blue cubes)").
            hand = _("{hand} ({cubes})").format(hand=hand, cubes=listed(held) or _("no cubes"))
        prizes = []
        if tokens.get(player):
            prizes.append(tokens_of_life(tokens[player]))
        if garnets.get(player):
            prizes.append(garnets_words(garnets[player]))
        facts = dict(
            ordinal=ordinal(s.place),
            place=s.place,
            player=name(player),
            hand=hand,
            cash=money(s.cash),
        )
        if prizes:
            # TRANSLATORS: {ordinal} is English's "2nd"; {place} the bare number.
            line = _("{ordinal}: {player}, {hand}, {cash}; wins {prizes}.").format(
                prizes=listed(prizes), **facts
            )
        else:
            # TRANSLATORS: {ordinal} is English's "2nd"; {place} the bare number.
            line = _("{ordinal}: {player}, {hand}, {cash}.").format(**facts)
        parts.append(line)
    parts.extend(_final_footer(result, colours, name)[:-1])
    return " ".join(parts)
